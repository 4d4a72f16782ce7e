"""A hostile phone on the table's network, over real sockets on 127.0.0.1: codes that are not
ASCII, another site's name (DNS rebinding), silent and flooding connections, invalid UTF-8,
bad requests. The table's own phones still join and play."""

from __future__ import annotations

import logging
import select
import socket
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from companion.web import connections
from companion.web.hosts import Hosts, host_part
from companion.web.server import HEADERS
from tests.web.rig import Device


@pytest.fixture
def dev(toy, tmp_path):
    with Device(tmp_path, "toy") as device:
        yield device


@pytest.fixture
def uvicorn_log(caplog, monkeypatch):
    """uvicorn's and the server's records (uvicorn's loggers do not reach the root), with the
    flood log's window begun afresh: a test run just before in this process (the browser
    tests' phones share one address and meet its connection cap) may have spent its burst of
    "make room" records, and this test would then see none."""
    monkeypatch.setattr(connections.FLOODS, "seen", {})
    loggers = [logging.getLogger("uvicorn.error")]  # companion.web.* propagate to the root
    for logger in loggers:
        logger.addHandler(caplog.handler)
    caplog.set_level(logging.INFO)
    yield caplog
    for logger in loggers:
        logger.removeHandler(caplog.handler)


@pytest.mark.parametrize(
    "message",
    [
        {"t": "claim", "seat": "p2", "code": "０１２３４５"},
        {"t": "claim", "seat": "p2", "code": "é"},
    ],
)
def test_a_code_that_is_not_ascii_is_answered_as_a_wrong_code(dev, message, uvicorn_log):
    page = dev.page()
    page.next("welcome")
    page.send(message)
    assert "wrong code for P2" in page.next("error")["text"]
    assert dev.web.bridge.seating.wrong.blocked(page=None, address=None) is False
    left = dev.web.bridge.seating.wrong.left(("address", "127.0.0.1"))
    assert left < 10, "counted against the address"
    assert not [r for r in uvicorn_log.records if r.exc_info], "no traceback"


def test_a_token_that_is_not_ascii_is_a_forgotten_one(dev):
    page = dev.page()
    page.next("welcome")
    page.send({"t": "claim", "seat": "p1", "code": dev.code("p1")})
    page.next("token")
    other = dev.page("é")
    assert other.next("welcome") == {"t": "welcome", "seat": None, "forgotten": True}


def test_wrong_codes_from_one_phone_leave_the_other_phones_free_to_join(dev):
    stranger = dev.page(source="127.0.0.66")
    stranger.next("welcome")
    for _ in range(12):
        stranger.send(
            {"t": "claim", "seat": "p2", "code": "999999" if dev.code("p2") != "999999" else "111111"}
        )
    texts = [stranger.next("error")["text"] for _ in range(12)]
    assert "too many wrong codes from this phone" in texts[-1]
    stranger.send({"t": "claim", "seat": "p2", "code": dev.code("p2")})
    assert "too many wrong codes" in stranger.next("error")["text"]
    phone = dev.page(source="127.0.0.2")
    phone.send({"t": "claim", "seat": "p2", "code": dev.code("p2")})
    assert phone.next("token")["seat"] == "p2"


def test_another_sites_name_is_refused_for_the_socket_and_the_page(dev):
    """DNS rebinding: a stranger's name pointed at the device; Host and Origin agree."""
    port = dev.web.server.port

    def to_device(name: str):
        """A socket to the device whatever the name says: what a rebound name resolves to."""
        return connect(
            f"ws://{name}/ws",
            origin=f"http://{name}",
            open_timeout=5,
            sock=socket.create_connection(("127.0.0.1", port), timeout=5),
        )

    with pytest.raises(InvalidStatus) as info:
        to_device(f"evil.example:{port}")
    assert info.value.response.status_code == 403
    request = urllib.request.Request(dev.url, headers={"Host": f"evil.example:{port}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 421
    for name in (f"localhost:{port}", f"dungeon-companion.local:{port}", f"127.0.0.1:{port}"):
        with to_device(name) as ws:
            ws.send('{"t": "hello"}')
            assert '"welcome"' in ws.recv(timeout=5) + ws.recv(timeout=5)


def test_the_devices_own_names_and_addresses_are_the_only_ones_allowed():
    hosts = Hosts(
        "table",
        "0.0.0.0",
        names=["pi.example.lan"],
        addresses=lambda: {"192.168.1.23", "fe80::1%wlan0", "not an address"},
    )
    for good in (
        "table.local:8080",
        "TABLE.LOCAL.",
        "localhost",
        "127.0.0.1:80",
        "[::1]:8080",
        "192.168.1.23:8080",
        "[fe80::1]:8080",
        "pi.example.lan",
        f"{socket.gethostname()}:8080",
    ):
        assert hosts.allows(good), good
    for bad in ("evil.example:8080", "192.168.1.24:8080", "", "table.local.evil.example", "[::2]", "8.8.8.8"):
        assert not hosts.allows(bad), bad
    assert hosts.allows_origin("", "table.local:8080")
    assert hosts.allows_origin("http://table.local:8080", "table.local:8080")
    assert not hosts.allows_origin("http://evil.example:8080", "evil.example:8080")
    assert not hosts.allows_origin("null", "table.local:8080")
    assert host_part("[fe80::1]:80") == "fe80::1" and host_part("a.b:1") == "a.b"


def test_every_answer_carries_the_security_headers_404_405_and_400_too(dev):
    for path, method, status in (("nothing-here", "GET", 404), ("app.js", "POST", 405)):
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(
                urllib.request.Request(dev.url + path, method=method, data=b"" if method == "POST" else None)
            )
        assert info.value.code == status
        for name, value in HEADERS.items():
            assert info.value.headers[name] == value, (status, name)
    with socket.create_connection(("127.0.0.1", dev.web.server.port), timeout=5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n")
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode().lower()
    assert head.startswith("http/1.1 400")
    for name, value in HEADERS.items():
        assert f"{name.lower()}: {value.lower()}" in head, name


def test_an_invalid_utf8_frame_closes_the_socket_without_a_traceback(dev, uvicorn_log):
    page = dev.page()
    page.next("welcome")
    for _ in range(1):
        page.ws.send(b"\xff\xfe{", text=True)
    with pytest.raises(ConnectionClosed) as info:
        page.next("never", timeout=5)
    assert info.value.rcvd.code == 1007
    assert not [r for r in uvicorn_log.records if r.exc_info], "no traceback"
    assert any("UTF-8" in r.getMessage() for r in uvicorn_log.records), "said once, briefly"


def closed_by_server(socks: list[socket.socket]) -> int:
    """How many of these sockets the server has closed (the rest wait, silent): those readable
    within 50 ms that read as the end, or were reset. One wait for all of them, not one each."""
    closed = 0
    for s in select.select(socks, [], [], 0.05)[0]:
        s.settimeout(0.05)
        try:
            closed += s.recv(1) == b""
        except ConnectionResetError:
            closed += 1
        except TimeoutError:
            pass
    return closed


def test_connections_past_the_cap_make_room_or_are_closed_and_a_phone_still_loads_the_page(
    toy, tmp_path, uvicorn_log
):
    """Silent connections from many addresses: the oldest silent one makes room for the next,
    never more than the cap are open, a phone loads the page and joins meanwhile, and the
    log says so a few times, not once per connection."""
    with Device(tmp_path, "toy") as device:
        server = device.web.server
        cap = server.max_connections
        idle = [
            socket.create_connection(
                ("127.0.0.1", server.port), timeout=5, source_address=(f"127.0.{1 + i // 10}.{2 + i % 10}", 0)
            )
            for i in range(cap + 40)
        ]
        time.sleep(0.5)
        assert len(server.server.server_state.connections) <= cap, "never more than the cap"
        assert closed_by_server(idle) >= 40
        with urllib.request.urlopen(device.url, timeout=5) as r:  # a phone loads the page
            assert r.status == 200
        device.page(source="127.0.0.250").next("welcome")
        said = [
            r for r in uvicorn_log.records if "make room" in r.getMessage() or "refused" in r.getMessage()
        ]
        assert 0 < len(said) <= 2 * (connections.FLOODS.burst + 1), "said at a bounded rate"
        for s in idle:
            s.close()


def test_one_address_gets_at_most_its_share_of_connections(toy, tmp_path):
    with Device(tmp_path, "toy") as device:
        port = device.web.server.port
        mine = [
            socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.77", 0))
            for _ in range(connections.PER_ADDRESS + 5)
        ]
        time.sleep(0.5)
        assert closed_by_server(mine) == 5
        for s in mine:
            s.close()


def test_a_phone_whose_earlier_pages_hold_its_share_of_connections_still_loads_the_next(toy, tmp_path):
    """A browser keeps its connections alive after each page and file: three tabs of one phone
    hold more than its share. The oldest idle one makes room; the next page still loads (it was
    refused, and a third tab of the page came up blank)."""
    import http.client

    with Device(tmp_path, "toy") as device:
        port = device.web.server.port
        kept = []
        for _ in range(connections.PER_ADDRESS):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.78", 0))
            c.request("GET", "/app.js")
            assert c.getresponse().read()  # answered, and kept alive
            kept.append(c)
        again = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.78", 0))
        again.request("GET", "/")
        answer = again.getresponse()
        assert answer.status == 200 and b"app.js" in answer.read()
        assert (
            len(
                [
                    c
                    for c in device.web.server.server.server_state.connections
                    if c.client and c.client[0] == "127.0.0.78"
                ]
            )
            <= connections.PER_ADDRESS
        )
        for c in [*kept, again]:
            c.close()


def test_at_an_address_cap_a_connection_that_has_answered_makes_room_before_an_unused_one(toy, tmp_path):
    """A browser opens connections ahead of its requests: the oldest, opened and not yet used,
    stays open while one that has answered a request makes room, and its request is answered
    (a page loading among three tabs of one address once lost its board this way)."""
    import http.client

    with Device(tmp_path, "toy") as device:
        port = device.web.server.port
        ahead = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.79", 0))
        ahead.connect()
        time.sleep(0.05)  # the oldest of this address
        kept = []
        for _ in range(connections.PER_ADDRESS - 1):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.79", 0))
            c.request("GET", "/app.js")
            assert c.getresponse().read()
            kept.append(c)
        newest = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.79", 0))
        newest.request("GET", "/")
        assert newest.getresponse().read()
        ahead.request("GET", "/app.js")
        answer = ahead.getresponse()
        assert answer.status == 200 and answer.read()
        assert closed_by_server([c.sock for c in kept]) == 1, "the oldest answered one made room"
        for c in [ahead, *kept, newest]:
            c.close()


def test_a_connection_that_says_nothing_is_closed_after_the_handshake_time(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(connections, "HANDSHAKE_SECONDS", 0.5)
    with Device(tmp_path, "toy") as device:
        with socket.create_connection(("127.0.0.1", device.web.server.port), timeout=5) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # half a request, then silence
            start = time.monotonic()
            assert s.recv(100) == b""
            assert time.monotonic() - start < 4
        page = device.page()  # a socket is not closed by it
        page.next("welcome")
        time.sleep(1.0)
        page.send({"t": "hello"})
        assert page.next("welcome")["seat"] is None


def test_the_flood_log_lets_a_few_through_and_says_how_many_it_left_out():
    clock = [0.0]
    flood = connections.FloodLog(burst=2, window=10, clock=lambda: clock[0])

    def record():
        return logging.LogRecord("x", logging.WARNING, "f", 1, "refused %s", ("a",), None)

    assert [flood.filter(record()) for _ in range(5)] == [True, True, False, False, False]
    clock[0] = 11
    r = record()
    assert flood.filter(r) and "[3 more like it not logged]" in r.getMessage()
    try:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    except UnicodeDecodeError:
        import sys

        r = logging.LogRecord("x", logging.ERROR, "f", 1, "Invalid UTF-8", (), sys.exc_info())
    assert flood.filter(r) and r.exc_info is None and "UnicodeDecodeError" in r.getMessage()


def test_accept_errors_of_a_process_out_of_descriptors_are_said_a_few_times_without_a_traceback(caplog):
    """What asyncio reports for every refused accept once no descriptor is left (EMFILE)."""
    import asyncio
    import errno

    caplog.set_level(logging.INFO)
    connections.bound_logs(connections.__name__)
    loop = asyncio.new_event_loop()
    try:
        loop.set_exception_handler(connections.loop_errors)
        for _ in range(1000):
            loop.call_exception_handler(
                {
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(errno.EMFILE, "Too many open files"),
                }
            )
    finally:
        loop.close()
    said = [r for r in caplog.records if "out of system resource" in r.getMessage()]
    assert 1 <= len(said) <= connections.FLOODS.burst and not any(r.exc_info for r in said)
    assert "Too many open files" in said[0].getMessage()
