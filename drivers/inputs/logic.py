"""Debounce, long press and auto-repeat, as a pure state machine.

No threads and no clock reads: every call passes the time ``t`` (seconds, any monotonic clock),
so tests drive it with a fake clock and the backends with ``time.monotonic``.

Debounce policy (leading edge with lockout): the first edge after a quiet period is accepted at
once (no added latency); for ``debounce_s`` after an accepted edge further edges only update the
raw level; when the lockout ends, if the raw level differs from the accepted one, that change is
accepted then (so a release hidden inside the chatter is never lost). Chatter therefore gives
one press and one release; a real press shorter than ``debounce_s`` still gives both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from drivers.inputs.events import ButtonEvent


@dataclass
class _State:
    raw: bool = False  # last level seen from the pin (True = pressed)
    stable: bool = False  # accepted level
    locked_until: float = float("-inf")
    pressed_at: float = 0.0
    long_sent: bool = False
    next_repeat: float = float("inf")


class ButtonLogic:
    """Turn raw press/release edges of named buttons into ButtonEvents.

    edge(button, pressed, t) -> events caused by a raw level change at time t
    tick(t)                  -> events due by time t (lockout ends, long press, repeat);
                                call it every ~10 ms while anything may be held
    """

    def __init__(
        self,
        buttons: Iterable[str],
        *,
        debounce_s: float = 0.03,
        long_press_s: float = 0.8,
        repeat_delay_s: float = 0.5,
        repeat_interval_s: float = 0.12,
        repeat_buttons: Iterable[str] = ("up", "down", "left", "right"),
        long_buttons: Iterable[str] | None = None,
        source: str = "",
    ):
        if debounce_s < 0 or long_press_s <= 0 or repeat_delay_s <= 0 or repeat_interval_s <= 0:
            raise ValueError("debounce_s must be >= 0 and the other times > 0")
        self.buttons = tuple(buttons)
        self.debounce_s = debounce_s
        self.long_press_s = long_press_s
        self.repeat_delay_s = repeat_delay_s
        self.repeat_interval_s = repeat_interval_s
        self.repeat_buttons = frozenset(repeat_buttons)
        self.long_buttons = frozenset(self.buttons if long_buttons is None else long_buttons)
        self.source = source
        self._s = {b: _State() for b in self.buttons}

    def is_pressed(self, button: str) -> bool:
        return self._s[button].stable

    def _ev(self, button: str, kind: str, t: float) -> ButtonEvent:
        return ButtonEvent(button, kind, t, self.source)  # type: ignore[arg-type]

    def _accept(self, button: str, s: _State, pressed: bool, t: float, out: list[ButtonEvent]) -> None:
        s.stable = pressed
        s.locked_until = t + self.debounce_s
        if pressed:
            s.pressed_at = t
            s.long_sent = False
            s.next_repeat = t + self.repeat_delay_s if button in self.repeat_buttons else float("inf")
            out.append(self._ev(button, "press", t))
        else:
            s.next_repeat = float("inf")
            out.append(self._ev(button, "release", t))

    def _due(self, button: str, s: _State, t: float, out: list[ButtonEvent]) -> None:
        # end of lockout with a pending change
        if s.raw != s.stable and t >= s.locked_until:
            # the raw change happened inside the lockout, so it is accepted when the lockout ends
            self._accept(button, s, s.raw, s.locked_until, out)
        if not s.stable:
            return
        if button in self.long_buttons and not s.long_sent and t >= s.pressed_at + self.long_press_s:
            s.long_sent = True
            out.append(self._ev(button, "long", s.pressed_at + self.long_press_s))
        if t >= s.next_repeat:
            out.append(self._ev(button, "repeat", s.next_repeat))
            # one repeat per tick at most: a stalled loop must not fire a burst
            s.next_repeat = max(s.next_repeat + self.repeat_interval_s, t + self.repeat_interval_s / 2)

    def edge(self, button: str, pressed: bool, t: float) -> list[ButtonEvent]:
        if button not in self._s:
            raise KeyError(f"unknown button {button!r}")
        s = self._s[button]
        out: list[ButtonEvent] = []
        self._due(button, s, t, out)  # settle anything that came due before this edge
        s.raw = pressed
        if pressed != s.stable and t >= s.locked_until:
            self._accept(button, s, pressed, t, out)
        return out

    def tick(self, t: float) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        for b, s in self._s.items():
            self._due(b, s, t, out)
        return out
