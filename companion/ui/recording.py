"""What the screens draw, as data: a recorder sees every text drawn (its ink box), every box
filled and every string cut to fit, so a checker reads the text of a frame without OCR.

    with recording() as drawn:
        render(model)
    [d.text for d in drawn if d.kind == "text"]
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class Drawn:
    """One thing a recorder saw: ``kind`` "text" (``box`` its ink, ``text`` the string drawn,
    ``fill`` its colour), "fill" (``box`` a filled rectangle, ``fill`` its colour) or "cut"
    (``text`` a string shortened to fit, ``shown`` what was kept). Boxes are (x0, y0, x1, y1),
    inclusive, in screen pixels."""

    kind: str
    text: str = ""
    box: tuple[int, int, int, int] = (0, 0, -1, -1)
    fill: int = 1
    shown: str = ""
    font: str = ""


ACTIVE: list[list[Drawn]] = []


@contextmanager
def recording():
    """``with recording() as drawn:`` every text drawn, box filled and string cut to fit
    inside the block, in drawing order: what a text checker reads instead of the pixels."""
    seen: list[Drawn] = []
    ACTIVE.append(seen)
    try:
        yield seen
    finally:
        ACTIVE.remove(seen)


def record(item: Drawn) -> None:
    """Tell the open recorders (none outside ``recording()``: then this costs one test)."""
    for seen in ACTIVE:
        seen.append(item)
