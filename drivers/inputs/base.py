"""Base class for input backends: they put ButtonEvents into the caller's queue."""
from __future__ import annotations

import queue as _queue
import time
from collections.abc import Callable
from typing import Any

from drivers.inputs.events import ButtonEvent

Clock = Callable[[], float]


class InputBackend:
    """An input source. It puts :class:`ButtonEvent` objects into ``self.queue`` from its own
    thread (or from ``pump()`` when built with ``threaded=False``). ``close()`` is idempotent."""

    source = "input"

    def __init__(self, queue: "_queue.Queue[Any] | _queue.SimpleQueue[Any] | None", clock: Clock | None = None):
        self.queue = queue if queue is not None else _queue.Queue()
        self.clock: Clock = clock or time.monotonic
        self.closed = False

    def _put(self, ev: ButtonEvent) -> None:
        self.queue.put(ev)

    def pump(self) -> list[ButtonEvent]:
        """Process pending work synchronously (used by tests and threaded=False); returns what
        was queued by this call."""
        return []

    def close(self) -> None:
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

    def close(self) -> None:
        for b in self.backends:
            b.close()
        super().close()
