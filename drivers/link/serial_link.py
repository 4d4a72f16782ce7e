"""The serial link: pyserial on a port or URL, a reader thread that only enqueues, and a
reconnect loop with backoff (pyserial has none built in).

Accepted ports: anything ``serial.serial_for_url`` opens: /dev/ttyUSB0, /dev/ttyAMA0,
/dev/serial/by-id/..., /dev/pts/N, socket://host:port, loop://, rfc2217://host:port.

Into the queue go:
- ButtonEvent(button, "press") then ButtonEvent(button, "release"), source "link", for ``KEY``
  (only with ``scope="full"``; the default scope "game" refuses KEY, so a peer cannot drive
  the menus, the settings or start a game)
- LinkAction(text, t) for ``ACTION <text>``
- LinkStatus(connected, port, reason, t) when the port opens or is lost
``PING`` is answered ``PONG`` and garbage ``ERR <reason>`` by the reader thread itself; refused
lines are logged at a bounded rate (drivers.link.refusals).

The queue is the app's, shared with the buttons and the phones: while it holds
``max_pending`` events or more, a peer's ACTION or KEY is answered ``ERR busy`` and not queued,
so a peer flooding lines never makes the buttons wait behind thousands of its events. Failed
writes (a peer that never reads: every write times out) are logged at a bounded rate too.
"""

from __future__ import annotations

import collections
import logging
import queue as _queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from drivers.errors import LinkError
from drivers.inputs.events import ButtonEvent
from drivers.link.protocol import (
    LINK_SCOPES,
    MAX_LINE,
    MAX_OUT_LINE,
    Action,
    Echo,
    Key,
    LineSplitter,
    Ping,
    ProtocolError,
    check_scope,
    error_line,
    event_line,
    hello_line,
    parse_peer_line,
    state_line,
)
from drivers.link.refusals import BURST, WINDOW_S, RefusalLog, WriteFailureLog

log = logging.getLogger(__name__)

MAX_PENDING = 64  # events in the app's queue past which a peer's line is answered ERR busy
BUSY = "busy: the device has not caught up with the lines already sent; send this again later"


@dataclass(frozen=True)
class LinkAction:
    text: str
    t: float


@dataclass(frozen=True)
class LinkStatus:
    connected: bool
    port: str
    reason: str
    t: float


class _Reset(Exception):
    pass


class SerialLink:
    def __init__(
        self,
        port: str,
        queue: Any = None,
        *,
        baudrate: int = 115200,
        max_line: int = MAX_LINE,
        max_out_line: int = MAX_OUT_LINE,
        reconnect_min_s: float = 0.5,
        reconnect_max_s: float = 10.0,
        write_timeout_s: float = 1.0,
        read_timeout_s: float = 0.1,
        hello: bool = True,
        scope: str = "game",
        refusal_burst: int = BURST,
        refusal_window_s: float = WINDOW_S,
        max_pending: int = MAX_PENDING,
        clock: Callable[[], float] | None = None,
        opener: Callable[..., Any] | None = None,
        start: bool = True,
    ):
        self.port = port
        self.queue = queue if queue is not None else _queue.Queue()
        self.baudrate = baudrate
        self.max_line = max_line
        self.max_out_line = max_out_line
        self.reconnect_min_s = reconnect_min_s
        self.reconnect_max_s = reconnect_max_s
        self.write_timeout_s = write_timeout_s
        self.read_timeout_s = read_timeout_s
        self.hello = hello
        if scope not in LINK_SCOPES:
            raise ValueError(f"link scope {scope!r} is not one of {', '.join(LINK_SCOPES)}")
        self.scope = scope
        self.clock = clock or time.monotonic
        self._refusals = RefusalLog(
            log, port, burst=refusal_burst, window_s=refusal_window_s, clock=self.clock
        )
        self._write_failures = WriteFailureLog(
            log, port, burst=refusal_burst, window_s=refusal_window_s, clock=self.clock
        )
        self.max_pending = max_pending
        self._opener = opener
        self._ser: Any = None
        self._wlock = threading.RLock()
        self._state_lock = threading.Lock()
        self._state: str | None = None  # the latest STATE line
        self._state_sent: str | None = None  # the STATE line last written on this connection
        self._stop = threading.Event()
        self._reset = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_error: str | None = None
        self.connects = 0
        self.stats: collections.Counter[str] = collections.Counter()
        self.sent: collections.deque[str] = collections.deque(maxlen=64)
        if opener is None:
            try:
                import serial  # noqa: F401 - fail here (and fall back), not in the thread
            except ImportError as e:
                raise LinkError(f"serial link {port}: pyserial is not importable ({e})") from e
        if start:
            self.start()

    # -- public -----------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return self._ser is not None

    def set_port(self, port: str) -> None:
        """Use another port from the next (re)connect on; drops the current connection."""
        self.port = port
        self._reset.set()

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="serial-link", daemon=True)
            self._thread.start()

    def send_line(self, line: str) -> bool:
        """Send one line; False when not connected or the write failed (never blocks the game
        for longer than write_timeout_s). Raises ValueError for a line the protocol forbids."""
        data = self._encode(line)
        with self._wlock:
            ser = self._ser
            if ser is None:
                self.stats["dropped"] += 1
                return False
            try:
                ser.write(data)
            except Exception as e:  # noqa: BLE001 - SerialTimeoutException, SerialException, OSError
                self.stats["write_errors"] += 1
                self.last_error = f"write failed: {type(e).__name__}: {e}"
                self._write_failures.port = self.port
                self._write_failures.failed(self.last_error)
                if "Timeout" not in type(e).__name__:
                    self._reset.set()  # the reader thread reconnects
                return False
            self.stats["tx"] += 1
            self.sent.append(line)
            return True

    def _encode(self, line: str) -> bytes:
        if "\n" in line or "\r" in line:
            raise ValueError("a protocol line must not contain a newline")
        data = line.encode("utf-8") + b"\n"
        if len(data) - 1 > self.max_out_line:
            raise ValueError(f"line of {len(data) - 1} bytes exceeds max_out_line={self.max_out_line}")
        return data

    def send_state(self, state: Any) -> bool:
        """Send ``STATE {json}`` unless it equals the state last sent on this connection
        (then nothing is written and False returned). The latest state is also re-sent after
        HELLO on every (re)connect, so a peer that comes back is up to date at once."""
        line = state_line(state)
        self._encode(line)  # ValueError here, before it becomes the state re-sent on connect
        with self._state_lock:
            self._state = line
            if line == self._state_sent:
                return False
            ok = self.send_line(line)
            if ok:
                self._state_sent = line
            return ok

    def send_event(self, event: Any) -> bool:
        return self.send_line(event_line(event))

    def send_error(self, reason: str) -> bool:
        return self.send_line(error_line(reason))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=3)
        self._drop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- reader thread ----------------------------------------------------------------------
    def _open(self) -> Any:
        if self._opener is not None:
            return self._opener(self.port)
        import serial

        return serial.serial_for_url(
            self.port, baudrate=self.baudrate, timeout=self.read_timeout_s, write_timeout=self.write_timeout_s
        )

    def _status(self, connected: bool, reason: str) -> None:
        self.queue.put(LinkStatus(connected, self.port, reason, self.clock()))

    def _drop(self) -> None:
        with self._wlock:
            ser, self._ser = self._ser, None
        if ser is not None:
            try:
                ser.close()
            except Exception:  # noqa: BLE001
                pass

    def _run(self) -> None:
        backoff = self.reconnect_min_s
        failures = 0
        while not self._stop.is_set():
            self._reset.clear()
            try:
                ser = self._open()
            except Exception as e:  # noqa: BLE001 - SerialException, OSError, ValueError(bad URL)
                failures += 1
                err = f"cannot open {self.port}: {type(e).__name__}: {e}"
                if err != self.last_error or failures == 1:
                    log.warning("serial link: %s (retrying every <= %.1f s)", err, self.reconnect_max_s)
                self.last_error = err
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.reconnect_max_s)
                continue
            failures = 0
            opened_at = time.monotonic()
            self.connects += 1
            self.last_error = None
            log.info("serial link: connected to %s", self.port)
            self._refusals.port = self.port
            # HELLO, then the latest STATE, come first: a STATE or EVENT the service sends
            # meanwhile waits for them (same lock order as send_state: state, then write)
            with self._state_lock, self._wlock:
                self._ser = ser
                self._status(True, "connected")
                if self.hello:
                    try:
                        self.send_line(hello_line(max_line=self.max_line, scope=self.scope))
                    except ValueError as e:  # max_out_line below the HELLO's length
                        log.error("serial link %s: HELLO not sent: %s", self.port, e)
                self._state_sent = None
                if self._state is not None and self.send_line(self._state):
                    self._state_sent = self._state
            reason = "closed"
            try:
                self._read_loop(ser)
            except _Reset:
                reason = "reset"
            except Exception as e:  # noqa: BLE001 - the port vanished
                reason = f"{type(e).__name__}: {e}"
                self.last_error = f"lost {self.port}: {reason}"
                log.warning("serial link: %s", self.last_error)
            self._refusals.flush(final=True)
            self._write_failures.flush(final=True)
            self._drop()
            self._status(False, reason)
            # a port that opens and fails at once (flaky cable, wrong device) backs off too;
            # one that worked for a while is retried quickly
            if reason == "reset" or time.monotonic() - opened_at > 5.0:
                backoff = self.reconnect_min_s
            if not self._stop.is_set():
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.reconnect_max_s)

    def _read_loop(self, ser: Any) -> None:
        splitter = LineSplitter(self.max_line)
        while not self._stop.is_set():
            if self._reset.is_set():
                raise _Reset()
            self._refusals.flush()
            self._write_failures.flush()
            n = ser.in_waiting
            data = ser.read(min(max(n, 1), 4096))
            if not data:
                continue
            for item in splitter.feed(data):
                self._handle(item)

    def _handle(self, item: str | ProtocolError | Echo) -> None:
        if isinstance(item, Echo):
            self.stats["echo"] += 1
            return
        if isinstance(item, ProtocolError):
            self._refuse(None, item)
            return
        self.stats["rx"] += 1
        try:
            msg = parse_peer_line(item)
            check_scope(msg, self.scope)
        except ProtocolError as e:
            self._refuse(item, e)
            return
        if isinstance(msg, (Key, Action)) and self._busy():
            self.stats["busy"] += 1
            self._refuse(item, ProtocolError(BUSY))
            return
        t = self.clock()
        if isinstance(msg, Key):
            self.queue.put(ButtonEvent(msg.button, "press", t, "link"))
            self.queue.put(ButtonEvent(msg.button, "release", t, "link"))
        elif isinstance(msg, Action):
            self.queue.put(LinkAction(msg.text, t))
        elif isinstance(msg, Ping):
            self.send_line("PONG")
        elif isinstance(msg, Echo):
            self.stats["echo"] += 1

    def _busy(self) -> bool:
        """Whether the app's queue holds ``max_pending`` events or more (not yet handled)."""
        qsize = getattr(self.queue, "qsize", None)
        return qsize is not None and qsize() >= self.max_pending

    def _refuse(self, line: str | None, reason: ProtocolError) -> None:
        """Answer ERR (every time) and log (at a bounded rate); nothing reaches the queue."""
        self.stats["errors"] += 1
        self._refusals.refused(line, reason)
        self.send_line(error_line(str(reason)))


class NullLink:
    """No serial link: sends go nowhere (False), nothing arrives."""

    port = ""
    connected = False
    last_error = None

    def __init__(self, queue: Any = None):
        self.queue = queue if queue is not None else _queue.Queue()

    def set_port(self, port: str) -> None:
        pass

    def send_line(self, line: str) -> bool:
        return False

    send_state = send_event = send_error = send_line

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
