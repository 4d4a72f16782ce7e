"""A second read of a die read hesitantly: the same crop at its eight turns and mirrors, or
its top face alone, or at the other dice's size.

The face network reads a die's crop a little differently turned: one view may catch a glare
or a side face's edge that another does not. A die it reads hesitantly (from ``FROM`` up to
the sure cut-off, ``net.CONF_OK``) whose value nothing else doubts is read again at the eight
turns and mirrors of its crop, in one batch; when their mean still gives the same value, at
least the sure cut-off, the die is sure with that mean. Otherwise it stays as it was: a
person reads it. On the webcam desk frames the right hesitant dice (0.53-0.56) rose to
0.61-0.71 and the wrong ones (0.43-0.60) fell to 0.41-0.48 (``bench/eval_dice.py``, see
docs/vision.md).

A die read only just surely (from the sure cut-off up to ``BARELY``) is read the same eight
ways, and stays sure only when their mean does: the same bar, from the other side. On the phone
photos a 4 read as a 6 by its side face's pips (0.63), a red translucent 3 read 5 through its
far faces (0.62) and small-pipped 3s read 2 (0.68-0.73) fall to 0.27-0.59 turned, where the
development frames' right dice read so barely mostly hold (``bench/eval_dice.py``, see
docs/vision.md).

A die boxed ``BIG`` times the other dice's side or more is not read again: two or three
touching dice seen as one die read hesitantly, and their eight reads may agree on a face none
of them shows (desk dice_20: three 1s read as a 6, 0.49, steadied to 0.62).

A die still hesitant, or a strong candidate the network calls no die, may be a slanted die
whose side face's pips confuse the read: ``top_faces`` reads its top face alone (a floor
frame's cream 4 over its 6-pip side face, "no die" at 0.53 whole, is a 4 at 0.94 so).

A die still hesitant and boxed ``BIG`` times the others may be one die boxed with the floor
around it: when the rolled count says so, ``at_fellows_size`` reads it at the other dice's
size, and takes that read only when it agrees with the whole box's value.
"""

from __future__ import annotations

import numpy as np

FROM = 0.3  # dice read from this probability up to net.CONF_OK are read again
BARELY = 0.8  # ... and dice read surely below this, which stay sure only if the eight reads agree
BIG = 1.3  # ... unless boxed this many times the other dice's median side


def eight_ways(crop: np.ndarray) -> list[np.ndarray]:
    """The crop at its four turns, and mirrored at its four turns (itself first)."""
    mirrored = crop[:, ::-1]
    return [np.rot90(crop, k) for k in range(4)] + [np.rot90(mirrored, k) for k in range(4)]


def fellows_side(found: list, i: int) -> float | None:
    """The median box side of the dice other than ``found[i]`` (None for a lone die)."""
    others = [f.side for k, f in enumerate(found) if k != i]
    return float(np.median(others)) if others else None


def big(found: list, i: int) -> bool:
    """Is ``found[i]`` boxed ``BIG`` times the median side of the other dice, or more?"""
    side = fellows_side(found, i)
    return side is not None and found[i].side >= BIG * side


def steadied(found: list, asked: list[int], face, conf_ok: float) -> dict[int, float]:
    """The dice among ``found`` (indices ``asked``) whose eight reads settle them: index -> the
    mean probability of their value over the eight reads. A die read hesitantly is in it when
    that mean makes it sure (``conf_ok`` or more, the same value); a die read just surely
    (``conf_ok`` up to ``BARELY``), when that mean falls below ``conf_ok``: it is hesitant."""
    values = {i: 1 + int(np.argmax(found[i].probs[1:])) for i in asked}
    again = [i for i in asked if FROM <= found[i].probs[values[i]] < BARELY and not big(found, i)]
    if not again:
        return {}
    means = (
        face._probs([c for i in again for c in eight_ways(found[i].crop)])
        .reshape(len(again), 8, -1)
        .mean(axis=1)
    )
    out = {}
    for i, m in zip(again, means):
        mean = float(m[values[i]])
        if found[i].probs[values[i]] >= conf_ok:
            if mean < conf_ok:
                out[i] = mean  # sure at one look, not at its turns: a person reads it
        elif 1 + int(np.argmax(m[1:])) == values[i] and mean >= conf_ok:
            out[i] = mean
    return out


TOP_SHIFT = 0.15  # a slanted die's top face lies this much (of its box side) above the box's centre
TOP_SIDE = 0.8  # ... and fills about this much of the box
TOP_SURE = 0.9  # the top face alone, read this surely, gives the die's value


def top_faces(found: list, asked: list[int], face, hv, sure: float = TOP_SURE) -> dict[int, np.ndarray]:
    """The dice among ``found`` (indices ``asked``) whose top face, cut alone, the face network
    reads as a pip face ``sure`` or more: index -> that read's probabilities (no die, 1..6).

    A slanted camera sees a die's top face and, below it, a side face; the crop of the whole
    die holds both, and the network may hesitate between their pips, or call the pair no die
    at all. The top face lies in the upper part of the box (the frame's up is the table's far
    side), so a crop shifted up by ``TOP_SHIFT`` and tightened to ``TOP_SIDE`` of the box
    shows that face nearly alone. A box ``BIG`` times the other dice's is not asked (touching
    dice seen as one)."""
    again = [i for i in asked if not big(found, i)]
    if not again:
        return {}
    crops = [
        hv.crop(found[i].cx, found[i].cy - TOP_SHIFT * found[i].side, TOP_SIDE * found[i].side) for i in again
    ]
    return {i: p for i, p in zip(again, face._probs(crops)) if p[1:].max() >= sure}


def at_fellows_size(found: list, asked: list[int], face, hv, sure: float = TOP_SURE) -> dict[int, np.ndarray]:
    """The dice among ``found`` (indices ``asked``) boxed ``BIG`` times the other dice or more
    that read, at the other dice's median side on the same centre, the value the whole box
    read, ``sure`` or more: index -> that read's probabilities.

    The detector may box a lone die with its side faces and the floor around it too big (a
    floor frame's cream 5, mirrored, boxed 1.5 times its twin: 0.35 whole, 0.99 at its twin's
    size). Touching or overlapping dice are boxed as one too, and cut at one die's size they
    may show the face of the die that fills most of the box, as the whole box does (a blue 5
    over a white 4: 5 at 0.55 whole, 0.98 so). Nothing in the crops tells the two apart, so
    ``net.read_dice`` asks this only when the rolled count says every box holds one die."""
    again = [i for i in asked if big(found, i)]
    if not again:
        return {}
    crops = [hv.crop(found[i].cx, found[i].cy, fellows_side(found, i)) for i in again]
    out = {}
    for i, p in zip(again, face._probs(crops)):
        value = 1 + int(np.argmax(p[1:]))
        if value == 1 + int(np.argmax(found[i].probs[1:])) and p[value] >= sure:
            out[i] = p
    return out
