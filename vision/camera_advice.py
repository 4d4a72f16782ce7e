"""What a maker setting the camera up could change, from one frame and its reading.

The reader learned colour frames, balanced for the room's light and exposed so the dice's faces
are near the top of the scale, with dice boxed 40 px across and more. A frame outside that
still reads, but less surely or, in grey, with dice missed (docs/vision.md, "What is weak").
``companion doctor --look`` and Settings > Camera check say so, so the camera is set right
before a game, not blamed during one.

    >>> import numpy as np
    >>> grey = np.full((480, 640, 3), 200, np.uint8)
    >>> [a.short for a in advice(grey, [])]
    ['grey frame: use colour']
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.balance import gains
from vision.exposure import gain_at, level, sample

SMALL_DIE = 40  # px: dice boxed smaller than this (the box look.dice.png draws) are read
# less surely, and some not found at all (synthetic dice of 20-22 px faces);
# the phone photos of ../shared/data/dice-real: 88 % of the frames whose dice
# measure 35-40 px read sure and all right, 97 % at 40-60 px
GOOD_DIE = 60  # ... and from about this size they read best
GREY_SPREAD = 1.0  # mean spread of a pixel's three channels below this: a grey frame (a mono
# camera's is 0; the development photos' 3.3 at least, a grey tray's)
CAST = 0.1  # a channel the balance moves by more than this: a camera set for another light


@dataclass(frozen=True)
class Advice:
    """One thing to change: ``short`` for the device's panel, ``text`` for a console."""

    short: str
    text: str


def advice(frame: np.ndarray, dice) -> list[Advice]:
    """What to change about the camera, from a BGR ``frame`` and the dice read in it (anything
    with ``box`` = (x, y, w, h)); none when the frame is as the reader learned them."""
    out = []
    sub = sample(frame).astype(np.int16)
    if float((sub.max(axis=2) - sub.min(axis=2)).mean()) < GREY_SPREAD:
        out.append(
            Advice(
                "grey frame: use colour",
                "the camera gives grey frames: the reader learned colour ones, and a die that "
                "differs from the table mostly in colour may be missed; use a colour camera or mode",
            )
        )
    top = level(frame)
    if gain_at(top) > 1.0:
        out.append(
            Advice(
                "dim: more light",
                f"the frame is dim (its brightest parts at {top:.0f} of 255): the reader "
                "brightens it, and its noise with it; add light or lengthen the exposure",
            )
        )
    g = gains(frame)
    if np.abs(g - 1.0).max() > CAST:
        moved = ", ".join(
            f"{name} x{v:.2f}" for name, v in zip(("blue", "green", "red"), g) if abs(v - 1.0) > 0.01
        )
        out.append(
            Advice(
                "tinted: white balance",
                f"the frame's colours are cast (the reader takes it out: {moved}); for the "
                "surest reads set the camera's white balance for the room's light (a webcam's "
                "automatic balance; a Pi camera sets its own when the companion starts: "
                "restart it in this light)",
            )
        )
    sides = sorted(min(d.box[2], d.box[3]) for d in dice if d.box[2] > 0 and d.box[3] > 0)
    if sides and sides[len(sides) // 2] < SMALL_DIE:
        out.append(
            Advice(
                "dice small: move closer",
                f"the dice measure about {sides[len(sides) // 2]:.0f} px across: they read best from "
                f"{GOOD_DIE} px; bring the camera closer or raise [camera] width and height",
            )
        )
    return out
