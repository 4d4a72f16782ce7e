"""A rotary encoder (gpiozero RotaryEncoder) giving "cw"/"ccw" events, with its optional push
switch as a debounced "ok" button.

gpiozero's RotaryEncoder decodes the quadrature itself and ignores bounce_time on every pin
factory. Contact bounce shows up as quick back-and-forth steps; we drop a step in the opposite
direction that comes within ``reverse_lockout_s`` of the previous step.
"""
from __future__ import annotations

import queue as _queue
import threading
from functools import partial
from typing import Any

from drivers.errors import InputError
from drivers.inputs.base import Clock, InputBackend
from drivers.inputs.events import ButtonEvent
from drivers.inputs.logic import ButtonLogic


class RotaryFilter:
    """Pure: steps in, accepted steps out."""

    def __init__(self, reverse_lockout_s: float = 0.02):
        self.reverse_lockout_s = reverse_lockout_s
        self._last_dir: str | None = None
        self._last_t = float("-inf")

    def step(self, direction: str, t: float) -> bool:
        if direction not in ("cw", "ccw"):
            raise ValueError(direction)
        if self._last_dir is not None and direction != self._last_dir and t - self._last_t < self.reverse_lockout_s:
            return False
        self._last_dir, self._last_t = direction, t
        return True


class RotaryInput(InputBackend):
    source = "rotary"

    def __init__(
        self,
        a: int | str,
        b: int | str,
        queue: Any = None,
        *,
        button: int | str | None = None,
        button_name: str = "ok",
        pull_up: bool = True,
        clock: Clock | None = None,
        pin_factory: Any = None,
        reverse_lockout_s: float = 0.02,
        threaded: bool = True,
        poll_s: float = 0.01,
        **logic_kw: Any,
    ):
        super().__init__(queue, clock)
        from gpiozero import Button, RotaryEncoder

        self.filter = RotaryFilter(reverse_lockout_s)
        self._edges: _queue.SimpleQueue[tuple[str, Any, float]] = _queue.SimpleQueue()
        self._lock = threading.Lock()
        self.button_name = button_name
        self.logic = ButtonLogic([button_name], source=self.source, **logic_kw)
        try:
            self.encoder = RotaryEncoder(a, b, wrap=False, max_steps=0, pin_factory=pin_factory)
        except Exception as e:
            raise InputError(f"cannot open rotary encoder on pins a={a} b={b}: {type(e).__name__}: {e}") from e
        self.encoder.when_rotated_clockwise = partial(self._on, "cw")
        self.encoder.when_rotated_counter_clockwise = partial(self._on, "ccw")
        self.button = None
        if button is not None:
            try:
                self.button = Button(button, pull_up=pull_up, bounce_time=None, pin_factory=pin_factory)
            except Exception as e:
                self.encoder.close()
                raise InputError(f"cannot open encoder button on pin {button}: {type(e).__name__}: {e}") from e
            self.button.when_pressed = partial(self._on, "btn", True)
            self.button.when_released = partial(self._on, "btn", False)
        self._stop = threading.Event()
        self._thread = None
        self.poll_s = poll_s
        if threaded:
            self._thread = threading.Thread(target=self._run, name="rotary", daemon=True)
            self._thread.start()

    def _on(self, what: str, level: Any = None) -> None:
        self._edges.put((what, level, self.clock()))

    def pump(self, first: tuple[str, Any, float] | None = None) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        with self._lock:
            item = first
            while True:
                if item is None:
                    try:
                        item = self._edges.get_nowait()
                    except _queue.Empty:
                        break
                what, level, t = item
                item = None
                if what == "wake":
                    continue
                if what == "btn":
                    out += self.logic.edge(self.button_name, bool(level), t)
                elif self.filter.step(what, t):
                    out += [ButtonEvent(what, "press", t, self.source), ButtonEvent(what, "release", t, self.source)]
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
            self.pump(first)

    def close(self) -> None:
        if self.closed:
            return
        self._stop.set()
        self._edges.put(("wake", None, 0.0))
        if self._thread is not None:
            self._thread.join(timeout=1)
        self.encoder.close()
        if self.button is not None:
            self.button.close()
        super().close()
