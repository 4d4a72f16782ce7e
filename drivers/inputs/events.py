"""The one event type every input source produces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BUTTONS: tuple[str, ...] = ("up", "down", "left", "right", "ok", "back")
ENCODER_BUTTONS: tuple[str, ...] = ("cw", "ccw")
ALL_BUTTONS: tuple[str, ...] = BUTTONS + ENCODER_BUTTONS
KINDS: tuple[str, ...] = ("press", "release", "long", "repeat")

Kind = Literal["press", "release", "long", "repeat"]


@dataclass(frozen=True, slots=True)
class ButtonEvent:
    """A button happening.

    button: one of BUTTONS, or "cw"/"ccw" for one rotary-encoder detent.
    kind:   "press" (went down), "release" (went up), "long" (held past the long-press time,
            once per hold), "repeat" (auto-repeat while held).
            An encoder detent and a keyboard key are a "press" followed by a "release" at once.
    t:      the time of the event on the source's clock (time.monotonic by default).
    source: which backend produced it ("gpio", "keyboard", "script", "link", "rotary", ...).
    """

    button: str
    kind: Kind
    t: float
    source: str = ""

    def __post_init__(self) -> None:
        if self.button not in ALL_BUTTONS:
            raise ValueError(f"unknown button {self.button!r}; expected one of {', '.join(ALL_BUTTONS)}")
        if self.kind not in KINDS:
            raise ValueError(f"unknown event kind {self.kind!r}; expected one of {', '.join(KINDS)}")
