"""Push buttons on GPIO pins through gpiozero (pull-up, active low by default).

gpiozero callbacks run on gpiozero's own threads; they only put (button, level, time) into an
internal queue. A small worker thread (or ``pump()`` when ``threaded=False``) feeds those edges
to :class:`ButtonLogic` and puts the resulting ButtonEvents into the caller's queue. bounce_time
is not used (the mock factory ignores it); ButtonLogic debounces.
"""
from __future__ import annotations

import logging
import queue as _queue
import threading
from collections.abc import Mapping
from functools import partial
from typing import Any

from drivers.errors import InputError
from drivers.inputs.base import Clock, InputBackend
from drivers.inputs.events import ButtonEvent
from drivers.inputs.logic import ButtonLogic

log = logging.getLogger(__name__)

_WAKE: Any = ("", False, 0.0)   # put by close() to wake the worker

DEFAULT_PINS: dict[str, int] = {"up": 17, "down": 27, "left": 22, "right": 23, "ok": 24, "back": 25}


class GpioButtons(InputBackend):
    source = "gpio"

    def __init__(
        self,
        pins: Mapping[str, int | str],
        queue: Any = None,
        *,
        pull_up: bool = True,
        clock: Clock | None = None,
        pin_factory: Any = None,
        poll_s: float = 0.01,
        threaded: bool = True,
        **logic_kw: Any,
    ):
        super().__init__(queue, clock)
        try:
            from gpiozero import Button
        except ImportError as e:  # pragma: no cover - gpiozero is a dependency
            raise InputError(f"gpiozero is not importable: {e}") from e
        self.logic = ButtonLogic(list(pins), source=self.source, **logic_kw)
        self._edges: _queue.SimpleQueue[tuple[str, bool, float]] = _queue.SimpleQueue()
        self._lock = threading.Lock()
        self.devices: dict[str, Any] = {}
        self.poll_s = poll_s
        for name, pin in pins.items():
            try:
                b = Button(pin, pull_up=pull_up, bounce_time=None, pin_factory=pin_factory)
            except Exception as e:
                self.close()
                raise InputError(f"cannot open GPIO button {name!r} on pin {pin}: {type(e).__name__}: {e}") from e
            b.when_pressed = partial(self._on_edge, name, True)
            b.when_released = partial(self._on_edge, name, False)
            self.devices[name] = b
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="gpio-buttons", daemon=True)
            self._thread.start()

    # gpiozero thread: enqueue only
    def _on_edge(self, name: str, pressed: bool) -> None:
        self._edges.put((name, pressed, self.clock()))

    def pump(self, first: tuple[str, bool, float] | None = None) -> list[ButtonEvent]:
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
                    name, pressed, t = item
                    out += self.logic.edge(name, pressed, t)
                item = None
            out += self.logic.tick(self.clock())
        for ev in out:
            self._put(ev)
        return out

    def _run(self) -> None:
        # wakes at once for an edge (no added latency), else every poll_s for long/repeat
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
                log.exception("gpio buttons: worker error")

    def close(self) -> None:
        if self.closed:
            return
        stop = getattr(self, "_stop", None)
        if stop is not None:
            stop.set()
            self._edges.put(_WAKE)
        t = getattr(self, "_thread", None)
        if t is not None and t is not threading.current_thread():
            t.join(timeout=1)
        for b in getattr(self, "devices", {}).values():
            try:
                b.close()
            except Exception:  # pragma: no cover
                pass
        super().close()
