"""What a frame's dice say about the frame as a whole: dice too small to read, a "die" of
another size than the roll's, and blur judged by what it does to the dice.

The reader's networks learned dice boxed 24 px and more; a die boxed smaller is a handful of
pixels whose pips a person cannot count either, and the networks read it as surely as a big
one (phone photos across a table: 14-20 px dice read 6 at 0.97 where they showed 5). Such a
frame says "move the camera closer" instead of a value. Dice rolled together are one size,
within the perspective of a slanted view; a box several times its fellows' side is a board, a
tray's corner or a group of dice, never one of them. Nor is a box covering ``HUGE`` of the
view: the biggest labelled die of every photo set covers 7 % of it (a phone's close-up), while
a Catan board across a table was boxed as two "dice" of 23 and 39 %, read 6 at 0.59 and 0.97,
where only the hesitant one kept the frame from being sure and wrong.

Blur is measured on each die's own face crop (``scaling.crop_sharpness``), which is cut at the
die's size: the same blur reads the same on a 30 px die and a 90 px one, and a camera's fixed
blur of 2 px hurts the small die more, as it should. A frame is called blurred only when its
dice do not read surely: blur that leaves every die read at ``BLUR_SURE`` or more has not hidden
their pips (rendered dice blurred by 6-8 % of their side read right, 0.8-0.95).

    >>> from vision.pips import Die
    >>> [r.short for r in checks([Die(3, (0, 0, 18, 18), 0.95)], None)]
    ['dice small: move closer']
    >>> checks([Die(3, (0, 0, 40, 40), 0.95), Die(5, (50, 0, 42, 42), 0.9)], None)
    []
"""

from __future__ import annotations

from dataclasses import dataclass

SMALL_DIE = 24  # px: a die boxed smaller than this (about 20 px of die: the detector's box
# holds some floor) is too small to read
SIZE_APART = 3.0  # a die boxed this many times its fellows' median side is not one of them
HUGE = 0.2  # a box covering this share of the view or more is no die (the photo sets' biggest: 0.07)
BLUR_SURE = 0.9  # a soft frame's dice must all read this surely (pips.finish_reading's blur_sure)


@dataclass(frozen=True)
class Check:
    """A reason the frame is unsure: ``text`` for the reading's reasons, ``short`` for a panel."""

    short: str
    text: str


def side(die) -> float:
    """A die's side in frame pixels: its box's shorter side."""
    return float(min(die.box[2], die.box[3]))


def too_small(dice, roi=None) -> Check | None:
    """Dice under ``SMALL_DIE`` px: the camera is too far (or the tray too small in its view)."""
    small = [side(d) for d in dice if side(d) < SMALL_DIE]
    if not small:
        return None
    n = len(small)
    where = (
        "the tray fills too little of the view: move the camera closer to it"
        if roi is not None
        else "move the camera closer"
    )
    return Check(
        "dice small: move closer",
        f"{n} {'die' if n == 1 else 'dice'} too small to read ({min(small):.0f} px, "
        f"{SMALL_DIE} needed): {where}",
    )


def unlike_fellows(dice) -> list:
    """The dice boxed ``SIZE_APART`` times the median side of the others or more."""
    if len(dice) < 2:
        return []
    out = []
    for i, d in enumerate(dice):
        others = sorted(side(e) for j, e in enumerate(dice) if j != i)
        if side(d) >= SIZE_APART * others[len(others) // 2]:
            out.append(d)
    return out


def huge(dice, view) -> list:
    """The dice whose box covers ``HUGE`` of ``view`` (the frame's height, width) or more."""
    return [d for d in dice if d.box[2] * d.box[3] >= HUGE * view[0] * view[1]]


def checks(dice, roi=None, view=None) -> list[Check]:
    """The size checks of a frame's pip dice (``Die`` with ``box``), each a reason to ask;
    ``view``: the frame's (height, width), for a box too big to be a die."""
    out = []
    big = huge(dice, view) if view is not None else []
    if big:
        n = len(big)
        out.append(
            Check(
                "a box too big for a die",
                f"{n} {'box' if n == 1 else 'boxes'} covering {HUGE:.0%} of the view or more: no die",
            )
        )
    small = too_small(dice, roi)
    if small:
        out.append(small)
    big = unlike_fellows(dice)
    if big:
        n = len(big)
        out.append(
            Check(
                "a die of another size",
                f"{n} {'die' if n == 1 else 'dice'} {SIZE_APART:g} times the size of the others or more",
            )
        )
    return out
