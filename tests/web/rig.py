"""A device with its page, in this process: the app's loop in a thread, the server on a free
port of 127.0.0.1, a null panel that keeps its last frame. Tests and bench/web.py use it.

    with Device(tmp_path, "toy") as dev:
        page = dev.page()                   # a WebSocket client, already said hello
        dev.press("ok")                     # a button on the device
"""

from __future__ import annotations

import json
import queue
import threading
import time
from pathlib import Path

from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from companion.web.service import WebService
from companion.web.settings import WebSettings
from drivers import ButtonEvent, open_display


class Device:
    def __init__(
        self,
        tmp: Path,
        game: str | None = "toy",
        options: dict | None = None,
        seed: int = 5,
        dice: str = "digital",
    ):
        self.events: queue.Queue = queue.Queue()
        self.journal = Journal(Path(tmp) / "journal.sqlite")
        self.session = RefereeSession(self.journal, dice_mode=dice)
        self.display = open_display({"type": "null"})
        self.app = DeviceApp(self.session, self.display, seed_source=lambda: seed)
        self.app.result_seconds = 0.0
        self.web = WebService(WebSettings(port=0, bind="127.0.0.1", mdns=False), self.events)
        self.web.attach(self.app)
        if game is not None:
            self.app.start_game(game, options or {})
            self.web.bridge.sync_game(self.app)  # the join codes, as the join screen makes them
        self.stopped = False
        self.thread = threading.Thread(
            target=self.app.run,
            args=(self.events,),
            kwargs={"stop_when": lambda: self.stopped, "tick": 0.05},
            daemon=True,
        )

    def __enter__(self) -> Device:
        self.thread.start()
        deadline = time.monotonic() + 20
        while (self.web.server is None or not self.web.server.ready.is_set()) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert self.web.server is not None and self.web.server.loop is not None, (
            self.web.server and self.web.server.error
        )
        return self

    def __exit__(self, *exc) -> None:
        self.stopped = True
        self.events.put(None)
        self.thread.join(10)
        self.web.close()
        self.journal.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.web.server.port}/"

    def press(self, button: str) -> None:
        """A short press and release of a button on the device (BACK acts on release)."""
        self.events.put(ButtonEvent(button, "press", time.monotonic()))
        self.events.put(ButtonEvent(button, "release", time.monotonic()))

    def code(self, seat: str) -> str:
        return self.web.bridge.seating.codes[seat]

    def page(self, token: str | None = None, source: str | None = None) -> Page:
        """A page; ``source`` is another loopback address to come from (127.0.0.2: another phone)."""
        return Page(self.web.server.port, token, source)

    def until(self, check, timeout: float = 10.0):
        """Wait until ``check()`` is truthy (it runs in this thread; read, never change)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.01)
        raise AssertionError(f"timed out waiting for {check}")


class Page:
    """One page's socket, every frame it received kept (``frames``, as text)."""

    def __init__(self, port: int, token: str | None = None, source: str | None = None):
        import socket

        from websockets.sync.client import connect

        sock = None
        if source is not None:
            sock = socket.socket()
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws",
            origin=f"http://127.0.0.1:{port}",
            sock=sock,
            max_size=2**20,
            open_timeout=10,
        ).__enter__()
        self.frames: list[str] = []
        self.unread: list[dict] = []
        self.send({"t": "hello", "token": token})

    def send(self, data: dict | str) -> None:
        self.ws.send(data if isinstance(data, str) else json.dumps(data))

    def next(self, kind: str, timeout: float = 10.0, where=None) -> dict:
        """The next message of this kind (and matching ``where``), keeping every frame; the
        messages passed over stay unread for a later call."""
        for i, msg in enumerate(self.unread):
            if msg.get("t") == kind and (where is None or where(msg)):
                del self.unread[: i + 1]
                return msg
        self.unread.clear()
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind!r} message within {timeout} s; got {self.frames[-3:]}")
            text = self.ws.recv(timeout=left)
            self.frames.append(text)
            msg = json.loads(text)
            if msg.get("t") == kind and (where is None or where(msg)):
                return msg
            self.unread.append(msg)

    def close(self) -> None:
        self.ws.close()
