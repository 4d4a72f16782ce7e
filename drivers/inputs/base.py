"""Base class for input backends: they put ButtonEvents into the caller's queue."""

from __future__ import annotations

import logging
import queue as _queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from drivers.inputs.events import ButtonEvent

if TYPE_CHECKING:
    from drivers.inputs.logic import ButtonLogic

Clock = Callable[[], float]
log = logging.getLogger(__name__)


class InputBackend:
    """An input source. It puts :class:`ButtonEvent` objects into ``self.queue`` from its own
    worker thread (or from ``pump()`` when built with ``threaded=False``).

    ``close()`` is idempotent: it stops and joins the worker (``_wake`` unblocks one that waits
    for input), then ``_release`` frees the device. Subclasses override those two, not close."""

    source = "input"

    def __init__(self, queue: _queue.Queue[Any] | _queue.SimpleQueue[Any] | None, clock: Clock | None = None):
        self.queue = queue if queue is not None else _queue.Queue()
        self.clock: Clock = clock or time.monotonic
        self.closed = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _put(self, ev: ButtonEvent) -> None:
        self.queue.put(ev)

    def _start(self, target: Callable[[], object], name: str) -> None:
        """Run ``target`` in a daemon worker thread until ``close()``."""
        self._thread = threading.Thread(target=target, name=name, daemon=True)
        self._thread.start()

    def pump(self) -> list[ButtonEvent]:
        """Process pending work synchronously (used by tests and threaded=False); returns what
        was queued by this call."""
        return []

    def _wake(self) -> None:
        """Unblock a worker waiting for input, so that it sees the stop."""

    def _release(self) -> None:
        """Free the device, once, after the worker has stopped."""

    def close(self) -> None:
        if self.closed:
            return
        self._stop.set()
        self._wake()
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout=1)
        self._release()
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class NullInput(InputBackend):
    """No input at all (e.g. a display-only bench, or the fallback when nothing else opens)."""

    source = "null"


class MultiInput(InputBackend):
    """Several backends feeding the same queue, closed together."""

    source = "multi"

    def __init__(self, backends: list[InputBackend], queue=None):
        super().__init__(queue)
        self.backends = backends

    def pump(self) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        for b in self.backends:
            out += b.pump()
        return out

    def _release(self) -> None:
        for b in self.backends:
            b.close()


_WAKE: Any = object()  # put by close() to wake an edge worker


class EdgeInput(InputBackend):
    """A backend fed by gpiozero callbacks. Callbacks only enqueue the raw edge with its time;
    one worker (or ``pump()``) turns edges into ButtonEvents and ticks the button logic for long
    presses and repeats. The worker wakes at once for an edge, else every ``poll_s``."""

    logic: ButtonLogic  # the subclass's buttons, made in its constructor

    def __init__(self, queue: Any, clock: Clock | None, poll_s: float):
        super().__init__(queue, clock)
        self._edges: _queue.SimpleQueue[Any] = _queue.SimpleQueue()
        self._lock = threading.Lock()
        self.poll_s = poll_s

    def _enqueue(self, what: str, level: Any = None) -> None:
        self._edges.put((what, level, self.clock()))

    def _edge(self, what: str, level: Any, t: float) -> list[ButtonEvent]:
        """The events one raw edge makes."""
        raise NotImplementedError

    def pump(self, first: Any = None) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        with self._lock:
            item = first
            while True:
                if item is None:
                    try:
                        item = self._edges.get_nowait()
                    except _queue.Empty:
                        break
                if item is not _WAKE:
                    out += self._edge(*item)
                item = None
            out += self.logic.tick(self.clock())
        for ev in out:
            self._put(ev)
        return out

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                first = self._edges.get(timeout=self.poll_s)
            except _queue.Empty:
                first = None
            if self._stop.is_set():
                break
            try:
                self.pump(first)
            except Exception:  # never let the worker die silently
                log.exception("%s: worker error", self.source)

    def _wake(self) -> None:
        self._edges.put(_WAKE)
