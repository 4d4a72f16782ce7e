"""The page's server: Starlette on uvicorn, in a thread of its own beside the app's loop.

It serves one page (static/: HTML, script, stylesheet, all from the device) and one
WebSocket per open page. It never touches the game: every message that passes its checks
(size, rate, shape) goes onto the app's event queue as a ``WebMessage``, and what a page is
sent was built in the app's loop (companion.web.bridge). ``send`` may be called from any
thread.

Checks on every request: ``Host`` (and ``Origin``) name the device itself (companion.web.hosts);
the connection limits of companion.web.connections. Checks on every socket: at most
``max_pages`` at once, ``PAGES_PER_ADDRESS`` from one address, and a second page from one
address only while room is left for a phone at every free seat; a message is JSON text of at
most ``MAX_MESSAGE`` bytes (uvicorn closes the socket on a bigger frame), an object of a known
kind with short string fields; at most ``RATE`` messages a second after a burst of ``BURST``.
A page that breaks a rule is closed with the reason.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from importlib import resources
from itertools import count
from typing import Any

from companion.web import connections
from companion.web.bridge import WebMessage
from companion.web.hosts import Hosts
from companion.web.seating import address_key

log = logging.getLogger(__name__)

MAX_MESSAGE = 1024
MAX_FIELD = 200  # characters in any string field (an action line, a token)
RATE, BURST = 8.0, 20  # messages a second, and the burst allowed before the rate
OUTBOX = 16  # payloads waiting for a slow page before it is closed
PAGES_PER_ADDRESS = 4  # a phone with a few tabs open
# kind -> the string fields it may carry
KINDS = {
    "hello": ("token",),
    "claim": ("seat", "code"),
    "leave": ("token",),
    "act": ("action",),
    "undo": (),
    "correct": (),
    "hint": (),
}
STATIC = {
    "app.js": "text/javascript",
    "style.css": "text/css",
    "index.html": "text/html",
    "dungeon_allies.js": "text/javascript",
    "dungeon_ball.js": "text/javascript",
}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def check_message(text: Any) -> dict:
    """The message as a dict, or ValueError saying what is wrong with it."""
    if not isinstance(text, str):
        raise ValueError("messages are JSON text")
    if len(text.encode()) > MAX_MESSAGE:
        raise ValueError(f"message longer than {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("message is not JSON") from None
    if not isinstance(data, dict) or data.get("t") not in KINDS:
        raise ValueError(f"message kind must be one of {', '.join(KINDS)}")
    fields = KINDS[data["t"]]
    for key, value in data.items():
        if key == "t":
            continue
        if key not in fields:
            raise ValueError(f"{data['t']}: unknown field {str(key)[:20]!r}")
        if value is not None and (not isinstance(value, str) or len(value) > MAX_FIELD):
            raise ValueError(f"{data['t']}.{key}: must be text of at most {MAX_FIELD} characters")
    return data


class RateLimit:
    """A token bucket: ``BURST`` messages at once, then ``RATE`` a second."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = float(burst), clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def static_files() -> dict[str, bytes]:
    folder = resources.files("companion.web") / "static"
    return {name: (folder / name).read_bytes() for name in STATIC}


class WebServer:
    """``start()`` binds at once (a port in use is said then) and serves from a thread."""

    def __init__(
        self,
        events,
        bind: str = "127.0.0.1",
        port: int = 8080,
        max_pages: int = 16,
        hosts: Hosts | None = None,
        per_address: int = PAGES_PER_ADDRESS,
        max_connections: int | None = None,
    ):
        self.events = events  # the app's queue
        self.bind, self.port, self.max_pages = bind, port, max_pages
        self.hosts = hosts or Hosts("dungeon-companion", bind)
        self.per_address = per_address
        self.max_connections = max_connections or 4 * max_pages + 16  # pages, and the loads of them
        self.reserve = lambda: 0  # pages kept for the free seats' phones (the bridge's count)
        self.addresses: dict[int, str | None] = {}  # connection -> address_key
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server: Any = None  # uvicorn's Server while it serves
        self.thread: threading.Thread | None = None
        self.ready = threading.Event()
        self.error: str | None = None
        self.errno: int | None = None  # why the bind failed (errno.EADDRINUSE: taken)
        self.outboxes: dict[int, asyncio.Queue] = {}
        self.ids = count(1)
        self.sock: socket.socket | None = None

    # ------------------------------------------------------------------ from the app's thread
    def start(self) -> str | None:
        """Bind and serve; returns why it cannot (the port is taken), or None."""
        try:
            family = socket.AF_INET6 if ":" in self.bind else socket.AF_INET
            sock = socket.socket(family, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.bind, self.port))
            sock.listen(32)
            sock.setblocking(False)
        except OSError as exc:
            self.error = f"cannot listen on {self.bind}:{self.port}: {exc.strerror or exc}"
            self.errno = exc.errno
            return self.error
        self.sock = sock
        self.port = sock.getsockname()[1]
        self.thread = threading.Thread(target=self._run, name="web", daemon=True)
        self.thread.start()
        return None

    def send(self, conn: int, data: bytes) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._queue, conn, data)

    def stop(self, timeout: float = 3.0) -> None:
        if self.thread is not None:  # stopped right after start: the server must exist to be told
            self.ready.wait(timeout)
        if self.server is not None:
            self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout)
        if self.sock is not None:
            self.sock.close()

    # ------------------------------------------------------------------ the server's thread
    def _run(self) -> None:
        try:
            import uvicorn

            http = connections.guarded(HEADERS, self.max_connections)
            config = uvicorn.Config(
                self.app(),
                log_level="warning",
                access_log=False,
                lifespan="off",
                http=http,
                ws="websockets-sansio",
                ws_max_size=MAX_MESSAGE,
                ws_ping_interval=20.0,
                ws_ping_timeout=20.0,
            )
            connections.bound_logs("uvicorn.error", connections.__name__, __name__)
            self.server = uvicorn.Server(config)
            asyncio.run(self._serve())
        except BaseException as exc:  # noqa: BLE001 - the page stops; the game goes on
            self.error = f"the page stopped: {exc}"
            log.exception("web server")
        finally:
            self.ready.set()

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.loop.set_exception_handler(connections.loop_errors)
        self.ready.set()
        await self.server.serve(sockets=[self.sock])

    def _queue(self, conn: int, data: bytes) -> None:
        box = self.outboxes.get(conn)
        if box is None:
            return
        if box.qsize() >= OUTBOX:  # a page that cannot keep up: closed, it reloads
            data = b""
        box.put_nowait(data)

    def app(self):
        from starlette.applications import Starlette
        from starlette.responses import Response
        from starlette.routing import Route, WebSocketRoute

        files = static_files()

        def page(name: str):
            async def endpoint(request):
                return Response(files[name], media_type=STATIC[name], headers=HEADERS)

            return endpoint

        async def no_icon(request):
            # browsers ask for it on every load: an empty answer, kept a day, not a 404 in the log
            return Response(b"", status_code=204, headers={**HEADERS, "Cache-Control": "max-age=86400"})

        return self.guard(
            Starlette(
                routes=[
                    Route("/", page("index.html")),
                    Route("/J/{seat}/{code}", page("index.html")),
                    Route("/app.js", page("app.js")),
                    Route("/style.css", page("style.css")),
                    Route("/dungeon_allies.js", page("dungeon_allies.js")),
                    Route("/dungeon_ball.js", page("dungeon_ball.js")),
                    Route("/favicon.ico", no_icon),
                    WebSocketRoute("/ws", self.socket),
                ]
            )
        )

    def guard(self, app):
        """Every request: ``Host`` must name the device (else 421, or the socket refused);
        every answer, 404 and 405 too, carries ``HEADERS``."""
        from starlette.responses import PlainTextResponse

        raw = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]

        async def guarded(scope, receive, send):
            if scope["type"] not in ("http", "websocket"):
                return await app(scope, receive, send)
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if not self.hosts.allows(host):
                log.warning("web: a request for another site's name refused (Host: %s)", host[:80])
                if scope["type"] == "websocket":
                    await receive()  # the connect, then the refusal (a 403)
                    return await send(
                        {"type": "websocket.close", "code": 1008, "reason": "another site's name"}
                    )
                return await PlainTextResponse("not this device's name", 421, headers=HEADERS)(
                    scope, receive, send
                )

            async def with_headers(message):
                if message["type"] == "http.response.start":
                    names = {k.lower() for k, _ in message.get("headers", [])}
                    message["headers"] = [*message.get("headers", []), *(h for h in raw if h[0] not in names)]
                await send(message)

            return await app(scope, receive, with_headers)

        return guarded

    async def socket(self, ws) -> None:
        if not self.hosts.allows_origin(ws.headers.get("origin", ""), ws.headers.get("host", "")):
            await ws.close(code=1008, reason="another site's page")
            return
        await ws.accept()
        address = address_key(ws.client.host if ws.client else None)
        full = self.full(address)
        if full:  # said to the page, which shows it
            await ws.close(code=1013, reason=full)
            return
        conn = next(self.ids)
        box: asyncio.Queue = asyncio.Queue()
        self.outboxes[conn] = box
        self.addresses[conn] = address
        self.events.put(WebMessage(conn, {"t": "open", "address": address}))
        writer = asyncio.create_task(self._write(ws, box))
        limit = RateLimit()
        try:
            while True:
                text = await ws.receive_text()
                if not limit.allow():
                    await ws.close(code=1008, reason="too many messages")
                    break
                try:
                    data = check_message(text)
                except ValueError as exc:
                    await ws.send_text(json.dumps({"t": "error", "text": str(exc)}))
                    continue
                self.events.put(WebMessage(conn, data))
        except Exception:  # noqa: BLE001 - a closed or broken socket ends this page only
            pass
        finally:
            writer.cancel()
            self.outboxes.pop(conn, None)
            self.addresses.pop(conn, None)
            self.events.put(WebMessage(conn, {"t": "close"}))

    def full(self, address: str | None) -> str | None:
        """Why one more page from ``address`` is turned away, or None."""
        mine = sum(1 for a in self.addresses.values() if a == address)
        if len(self.outboxes) >= self.max_pages:
            return "too many pages open"
        if mine >= self.per_address:
            return "too many pages open from this address"
        if mine and len(self.outboxes) >= self.max_pages - self.reserve():
            return "too many pages open from this address: the rest are kept for the seats' phones"
        return None

    async def _write(self, ws, box: asyncio.Queue) -> None:
        try:
            while True:
                data = await box.get()
                if not data:
                    await ws.close(code=1013, reason="too slow: reload")
                    return
                await ws.send_text(data.decode())
        except Exception:  # noqa: BLE001 - the reader sees the close
            pass
