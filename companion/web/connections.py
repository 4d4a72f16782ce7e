"""The server's connections: how many, how long a silent one may wait, how floods are logged.

A phone on the table's network can open connections and say nothing; each holds a file
descriptor until the process has none left, and then asyncio logs a traceback for every
refused accept. Here every connection is counted when it is made: past ``per_address`` from one
address the oldest idle connection of that address makes room (a browser keeps several alive
per page; one that has answered a request goes before one not used yet), past ``total`` the
oldest silent one does; when none can, the new one is closed at once. A connection that has not
sent a whole request within ``handshake_seconds`` is closed (uvicorn's own keep-alive timeout
takes over after the first answer). uvicorn's 400 answer carries the page's security headers. Log lines about the peers' doing (refused connections, bad requests, invalid UTF-8,
accept errors) are kept to a few per message every ``FloodLog.window`` seconds, without
tracebacks, followed by how many were left out.
"""

from __future__ import annotations

import logging
import time

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

HANDSHAKE_SECONDS = 10.0
PER_ADDRESS = 12  # a browser opens about six at once, and a socket per tab


class FloodLog(logging.Filter):
    """At most ``burst`` records of one message in ``window`` seconds; the next one let through
    says how many were left out. Tracebacks of a peer's doing are dropped: they show nothing
    about the program."""

    PEERS = (UnicodeDecodeError, ConnectionError, OSError)

    def __init__(self, burst: int = 5, window: float = 10.0, clock=time.monotonic):
        super().__init__()
        self.burst, self.window, self.clock = burst, window, clock
        self.seen: dict[str, tuple[float, int, int]] = {}  # message -> (since, let through, left out)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], self.PEERS):
            record.msg = f"{record.msg} ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
            record.exc_info, record.exc_text = None, None
        key = str(record.msg)[:200]
        now = self.clock()
        since, passed, dropped = self.seen.get(key, (now, 0, 0))
        if now - since >= self.window:
            since, passed = now, 0
        if passed >= self.burst:
            self.seen[key] = (since, passed, dropped + 1)
            return False
        if dropped:
            record.msg = f"{record.msg} [{dropped} more like it not logged]"
        self.seen[key] = (since, passed + 1, 0)
        if len(self.seen) > 256:  # messages with addresses in them
            self.seen = {k: v for k, v in self.seen.items() if now - v[0] < self.window}
        return True


FLOODS = FloodLog()


def bound_logs(*names: str) -> None:
    """``FLOODS`` on these loggers (once each)."""
    for name in names:
        logger = logging.getLogger(name)
        if FLOODS not in logger.filters:
            logger.addFilter(FLOODS)


def loop_errors(loop, context: dict) -> None:
    """The server loop's exception handler: accept errors (no descriptors left) logged at a
    bounded rate, without a traceback."""
    exc = context.get("exception")
    text = context.get("message", "error in the page's server loop")
    if isinstance(exc, FloodLog.PEERS):
        log.warning("web: %s (%s: %s)", text, type(exc).__name__, exc)
    else:
        log.error("web: %s", text, exc_info=exc)


def guarded(
    headers: dict[str, str],
    total: int,
    per_address: int = PER_ADDRESS,
    handshake_seconds: float | None = None,
) -> type[H11Protocol]:
    """uvicorn's h11 protocol with these limits and headers."""
    seconds = HANDSHAKE_SECONDS if handshake_seconds is None else handshake_seconds
    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    class Guarded(H11Protocol):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self.made_at = self.loop.time()
            host = self.client[0] if self.client else None
            mine = [c for c in self.connections if (getattr(c, "client", None) or (None,))[0] == host]
            if (
                len(mine) > per_address
                and not self.make_room(mine, lambda c: c.is_idle() and c.cycle is not None, "an idle")
                and not self.make_room(mine, lambda c: c.is_idle(), "an unused")
            ) or (
                len(self.connections) > total
                and not self.make_room(self.connections, lambda c: c.is_silent(), "a silent")
            ):
                log.warning(
                    "web: a connection from %s refused: %d open (at most %d, %d per address)",
                    host,
                    len(self.connections) - 1,
                    total,
                    per_address,
                )
                transport.abort()
                return
            self.handshake_timer = self.loop.call_later(seconds, self.silent)

        def is_silent(self) -> bool:
            """Open, still this protocol's, and no whole request yet."""
            return (
                self.transport.get_protocol() is self
                and self.cycle is None
                and not self.transport.is_closing()
            )

        def is_idle(self) -> bool:
            """Open, still this protocol's (not a page's socket), between requests or before the
            first: closing it loses nothing (a browser opens another when it needs one)."""
            return (
                self.transport.get_protocol() is self
                and not self.transport.is_closing()
                and (self.cycle is None or self.cycle.response_complete)
            )

        def make_room(self, among, closable, kind: str) -> bool:
            """At a cap, the oldest connection of ``among`` that ``closable`` allows is closed
            for this one. At the total cap only a silent one (no request yet) goes, so a phone
            loading the page gets in while many addresses hold silent connections; at an
            address's own cap an idle one goes, so a phone's keep-alive connections from its
            earlier pages never lock out its next one: first one that has answered a request (a
            browser sends again on a fresh one when a kept-alive one closes under it), and only
            then one not used yet (a browser opens those ahead of its requests, and one closed
            just as its request goes out fails that request)."""
            others = [c for c in among if c is not self and isinstance(c, Guarded) and closable(c)]
            if not others:
                return False
            oldest = min(others, key=lambda c: c.made_at)
            log.warning(
                "web: %s connection from %s closed to make room",
                kind,
                oldest.client[0] if oldest.client else None,
            )
            oldest.transport.abort()
            self.connections.discard(oldest)
            return True

        def silent(self) -> None:
            """Closed when no whole request came in time (still this protocol's, not a socket's)."""
            if self.is_silent():
                log.warning(
                    "web: a connection from %s closed: no request within %.0f s",
                    self.client[0] if self.client else None,
                    seconds,
                )
                self.transport.close()

        def connection_lost(self, exc) -> None:
            timer = getattr(self, "handshake_timer", None)
            if timer is not None:
                timer.cancel()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            import h11

            event = h11.Response(
                status_code=400,
                reason=b"Bad Request",
                headers=[(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"), *raw],
            )
            for part in (event, h11.Data(data=msg.encode("ascii")), h11.EndOfMessage()):
                self.transport.write(self.conn.send(part))
            self.transport.close()

    return Guarded
