"""Push buttons on GPIO pins through gpiozero (pull-up, active low by default).

gpiozero callbacks run on gpiozero's own threads; they only put (button, level, time) into an
internal queue. A small worker thread (or ``pump()`` when ``threaded=False``) feeds those edges
to :class:`ButtonLogic` and puts the resulting ButtonEvents into the caller's queue. bounce_time
is not used (the mock factory ignores it); ButtonLogic debounces.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from drivers.errors import InputError
from drivers.inputs.base import Clock, EdgeInput
from drivers.inputs.events import ButtonEvent
from drivers.inputs.logic import ButtonLogic

DEFAULT_PINS: dict[str, int] = {"up": 17, "down": 27, "left": 22, "right": 23, "ok": 24, "back": 25}


class GpioButtons(EdgeInput):
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
        super().__init__(queue, clock, poll_s)
        try:
            from gpiozero import Button
        except ImportError as e:  # pragma: no cover - gpiozero is a dependency
            raise InputError(f"gpiozero is not importable: {e}") from e
        self.logic = ButtonLogic(list(pins), source=self.source, **logic_kw)
        self.devices: dict[str, Any] = {}
        for name, pin in pins.items():
            try:
                b = Button(pin, pull_up=pull_up, bounce_time=None, pin_factory=pin_factory)
            except Exception as e:
                self.close()
                raise InputError(
                    f"cannot open GPIO button {name!r} on pin {pin}: {type(e).__name__}: {e}"
                ) from e
            # gpiozero's thread: enqueue only
            b.when_pressed = partial(self._enqueue, name, True)
            b.when_released = partial(self._enqueue, name, False)
            self.devices[name] = b
        if threaded:
            self._start(self._run, "gpio-buttons")

    def _edge(self, name: str, pressed: Any, t: float) -> list[ButtonEvent]:
        return self.logic.edge(name, bool(pressed), t)

    def _release(self) -> None:
        for b in self.devices.values():
            try:
                b.close()
            except Exception:  # pragma: no cover
                pass
