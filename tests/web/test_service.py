"""The page inside the service: attached before the first frame, serving only after it, on
this machine only when emulated, and never stopping the game when it cannot serve."""

from __future__ import annotations

import argparse
import socket

from companion.device import service as service_mod
from companion.web.service import PORT_TRIES, WebService
from companion.web.settings import WebSettings
from tests.web.rig import Device


def run_args(tmp_path, **extra) -> argparse.Namespace:
    values = dict(
        emulate=True,
        headless=True,
        keys=None,
        frames=None,
        config=None,
        journal=tmp_path / "j.sqlite",
        menu=True,
        seed=1,
        verbose=False,
        no_web=False,
        web=True,
    )
    values.update(extra)
    return argparse.Namespace(**values)


def test_emulated_the_page_listens_on_this_machine_only_and_is_not_announced(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    app, events, inputs, closers = service_mod.build(run_args(tmp_path))
    web = [c for c in closers if isinstance(c, WebService)]
    assert len(web) == 1 and app.web is web[0].bridge
    assert web[0].settings.bind == "127.0.0.1" and web[0].announce is False
    assert web[0].server is None, "nothing serves before the first frame"
    service_mod.shutdown(app, closers)


def test_no_web_leaves_the_page_out(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    app, events, inputs, closers = service_mod.build(run_args(tmp_path, no_web=True))
    assert app.web is None and not any(isinstance(c, WebService) for c in closers)
    service_mod.shutdown(app, closers)


def test_the_server_starts_after_the_first_frame(toy, tmp_path):
    dev = Device(tmp_path, "toy")
    seen = []
    start = dev.web.start
    dev.app.after_first_frame = lambda: (seen.append(dev.app.frames), start())
    with dev:
        assert seen == [1]
        assert dev.page().next("state")["game"]["id"] == "toy"


def test_a_port_in_use_is_passed_over_for_the_next_and_the_address_says_which(toy, tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    web = WebService(WebSettings(port=port, bind="127.0.0.1", mdns=False), None)
    try:
        assert web.start() is None
        assert web.server.port != port and port < web.server.port < port + PORT_TRIES
        assert web.bridge.address.port == web.server.port
    finally:
        web.close()
        taken.close()


def test_a_page_server_stopped_as_soon_as_it_starts_ends_its_thread(toy):
    """Stopping before the server's thread had made its server waited out the whole timeout and
    left the thread serving."""
    web = WebService(WebSettings(port=0, bind="127.0.0.1", mdns=False), None)
    assert web.start() is None
    thread = web.server.thread
    web.close()
    assert not thread.is_alive()


def test_a_page_that_cannot_serve_is_said_on_the_panel_and_the_game_goes_on(toy, tmp_path):
    dev = Device(tmp_path, "toy")
    dev.web.settings = WebSettings(port=8080, bind="192.0.2.1", mdns=False)  # not this machine's
    dev.thread.start()
    try:
        dev.until(lambda: dev.app.web is None)
        assert "no phones: cannot listen on 192.0.2.1" in dev.app.notice
        assert dev.session.active and not dev.session.engine.is_over(dev.session.state)
    finally:
        dev.stopped = True
        dev.thread.join(10)
        dev.journal.close()


def test_the_name_is_announced_once_the_machine_has_a_network_address():
    import queue

    from companion.web.join import Address

    class FakeZeroconf:
        infos = []

        def __init__(self, ip_version=None):
            self.ip_version = ip_version

        def register_service(self, info, allow_name_change=False):
            self.infos.append(info)

    web = WebService(WebSettings(), queue.Queue())
    web.zeroconf_class = FakeZeroconf
    found = iter(["127.0.0.1", "127.0.0.1", "192.168.4.20"])
    web.bridge.locate = lambda: Address(next(found), 8080)
    web._announce(wait=0.001)
    assert [socket.inet_ntoa(i.addresses[0]) for i in FakeZeroconf.infos] == ["192.168.4.20"]
