"""A rotary encoder (gpiozero RotaryEncoder) giving "cw"/"ccw" events, with its optional push
switch as a debounced "ok" button.

gpiozero's RotaryEncoder decodes the quadrature itself and ignores bounce_time on every pin
factory. Contact bounce shows up as quick back-and-forth steps; we drop a step in the opposite
direction that comes within ``reverse_lockout_s`` of the previous step.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from drivers.errors import InputError
from drivers.inputs.base import Clock, EdgeInput
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
        if (
            self._last_dir is not None
            and direction != self._last_dir
            and t - self._last_t < self.reverse_lockout_s
        ):
            return False
        self._last_dir, self._last_t = direction, t
        return True


class RotaryInput(EdgeInput):
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
        super().__init__(queue, clock, poll_s)
        from gpiozero import Button, RotaryEncoder

        self.filter = RotaryFilter(reverse_lockout_s)
        self.button_name = button_name
        self.logic = ButtonLogic([button_name], source=self.source, **logic_kw)
        try:
            self.encoder = RotaryEncoder(a, b, wrap=False, max_steps=0, pin_factory=pin_factory)
        except Exception as e:
            raise InputError(
                f"cannot open rotary encoder on pins a={a} b={b}: {type(e).__name__}: {e}"
            ) from e
        self.encoder.when_rotated_clockwise = partial(self._enqueue, "cw")
        self.encoder.when_rotated_counter_clockwise = partial(self._enqueue, "ccw")
        self.button = None
        if button is not None:
            try:
                self.button = Button(button, pull_up=pull_up, bounce_time=None, pin_factory=pin_factory)
            except Exception as e:
                self.encoder.close()
                raise InputError(
                    f"cannot open encoder button on pin {button}: {type(e).__name__}: {e}"
                ) from e
            self.button.when_pressed = partial(self._enqueue, "btn", True)
            self.button.when_released = partial(self._enqueue, "btn", False)
        if threaded:
            self._start(self._run, "rotary")

    def _edge(self, what: str, level: Any, t: float) -> list[ButtonEvent]:
        if what == "btn":
            return self.logic.edge(self.button_name, bool(level), t)
        if self.filter.step(what, t):
            return [ButtonEvent(what, "press", t, self.source), ButtonEvent(what, "release", t, self.source)]
        return []

    def _release(self) -> None:
        self.encoder.close()
        if self.button is not None:
            self.button.close()
