"""A second look at dice read surely but not very surely: a slanted view's side face.

Seen at a slant, a die shows a side face beside its top face, and the face network may take
the side face's pips for the top face's: a 1 read as a 6, a 2 read as a 1, with 0.75-0.9.
Such a die is looked at again: closer (``CLOSER`` of its box, where less of the side faces
shows), and, when that reads another value, turned by 90, 180 and 270 degrees, and mirrored.
A die is doubtful when the closer look reads another value, leading its value by more than
``LEAD``, and its value's mean probability over the first read, the three turns and the
mirror is below ``HOLDS``. A doubtful die is unsure, not given another value: a person reads it.
The figures were chosen on the development parts (``bench/vision_slant_check.py``).

The side face may also be found as a die of its own, just below or beside the top face's
die (``twins``, ``seen_twice``): a die read less than ``TWIN_SURE`` whose centre lies
within ``TWIN_NEAR`` box sides of a die read more surely. The square around both boxes is read:
when it reads the surer die's value surely, the two boxes hold one die and the twin is left
out; otherwise the twin makes the frame unsure. Two dice lying side by
side are at least 0.55 box sides apart, mostly read surely, and one crop of both reads neither.
"""

from __future__ import annotations

import numpy as np

BAND = (0.6, 0.95)  # dice read with a probability in this band (from net.CONF_OK) get the second look
CLOSER = 0.8  # the closer look's side, in box sides
LEAD = 0.2  # the closer look's value leads the die's value by more than this ...
HOLDS = 0.7  # ... and the die's value holds less than this over the turns and mirror
TWIN_NEAR = 0.6  # a die this close (box sides, centres) to a die read more surely ...
TWIN_SURE = 0.9  # ... and read less surely than this may be that die's side face
ONE_DIE_SIDES = (0.8, 1.0)  # the square around both boxes read at these sides ...
ONE_DIE_SURE = 0.85  # ... giving the surer die's value this surely every time: one die


def views(found, hv) -> list[np.ndarray]:
    """The five crops of a second look at ``found``: turned 90/180/270, mirrored, closer."""
    return turned(found) + [closer(found, hv)]


def turned(found) -> list[np.ndarray]:
    """The die's crop turned by 90, 180 and 270 degrees, and mirrored (``steady.eight_ways``'
    second to fifth)."""
    from vision.steady import eight_ways

    return eight_ways(found.crop)[1:5]


def closer(found, hv) -> np.ndarray:
    """The die seen closer: ``CLOSER`` of its box."""
    return hv.crop(found.cx, found.cy, CLOSER * found.side)


def doubtful_read(value: int, probs: np.ndarray, again: np.ndarray) -> bool:
    """Do the five reads ``again`` (``views``' order, rows of no die, 1..6) put the die's
    ``value``, read with ``probs``, in doubt?"""
    if not leads_elsewhere(value, again[4]):
        return False
    held = float(np.vstack([probs[None], again[:4]]).mean(axis=0)[value])
    return held < HOLDS


def leads_elsewhere(value: int, closer: np.ndarray) -> bool:
    """Does the closer read (no die, 1..6) give another value, leading ``value`` by more than
    ``LEAD``?"""
    other = 1 + int(np.argmax(closer[1:]))
    return other != value and closer[other] - closer[value] > LEAD


def doubtful(found: list, hv, face) -> set[int]:
    """Indices of the dice in ``found`` a second look puts in doubt. The closer crops are read
    first, in one batch; only a die whose closer read leads elsewhere (11 of the 364 such dice
    of the development parts) is read turned and mirrored, the rest cannot be in doubt (a face
    read is the same alone or in a batch)."""
    looked = [i for i, f in enumerate(found) if BAND[0] <= f.probs[1:].max() < BAND[1]]
    if not looked:
        return set()
    value = {i: 1 + int(np.argmax(found[i].probs[1:])) for i in looked}
    near = face._probs([closer(found[i], hv) for i in looked])
    asked = [(i, c) for i, c in zip(looked, near) if leads_elsewhere(value[i], c)]
    if not asked:
        return set()
    again = face._probs([v for i, _ in asked for v in turned(found[i])]).reshape(len(asked), 4, -1)
    return {
        i
        for (i, c), t in zip(asked, again)
        if doubtful_read(value[i], found[i].probs, np.vstack([t, c[None]]))
    }


def twins(found: list, sure: float = TWIN_SURE) -> list[tuple[int, int]]:
    """(die, surer die) for each die in ``found`` read less surely than ``sure`` whose centre
    lies within ``TWIN_NEAR`` box sides of a die read more surely: maybe a slanted die found
    twice, once by its top face, once by a side face. The surer die is the surest such."""
    conf = [float(f.probs[1:].max()) for f in found]
    out = []
    for i, f in enumerate(found):
        if conf[i] >= sure:
            continue
        near = [
            j
            for j, g in enumerate(found)
            if j != i
            and conf[j] > conf[i]
            and np.hypot(f.cx - g.cx, f.cy - g.cy) < TWIN_NEAR * max(f.side, g.side)
        ]
        if near:
            out.append((i, max(near, key=lambda j: conf[j])))
    return out


def one_die(a, b) -> tuple[float, float, float]:
    """(cx, cy, side) of the square around both boxes: the whole die when ``a`` is ``b``'s
    side face."""
    x0 = min(a.cx - a.side / 2, b.cx - b.side / 2)
    x1 = max(a.cx + a.side / 2, b.cx + b.side / 2)
    y0 = min(a.cy - a.side / 2, b.cy - b.side / 2)
    y1 = max(a.cy + a.side / 2, b.cy + b.side / 2)
    return (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0)


def seen_twice(found: list, hv, face, sure: float = TWIN_SURE) -> tuple[set[int], set[int]]:
    """(side faces, doubtful twins) among ``twins(found)``.

    A twin is the surer die's side face when it lies lower in the frame than the surer die
    (the camera sees the side faces turned towards it, below or beside the top face, with the
    table's far side at the frame's top: ``[camera] rotate``) and the square around both
    boxes, read at ``ONE_DIE_SIDES`` of its side, reads the surer die's value with
    ``ONE_DIE_SURE`` or more every time: the two boxes hold one slanted die, its top face on
    top. Such a twin is left out. Any other twin is doubtful (the frame is unsure): two dice
    that touch mostly read otherwise in one crop (another value, or hesitantly). A die read
    ``sure`` (``TWIN_SURE``) or more is not asked: a white 1 touching a yellow 4, read 0.94, is
    a die, though a crop of both reads 4. The reader asks every twin (``sure`` = inf) only when
    the rolled count says it found a die too many, and leaves them out only if that makes
    the count right."""
    pairs = twins(found, sure)
    doubt = {i for i, _ in pairs}
    lower = [
        (i, j) for i, j in pairs if found[i].cy > found[j].cy
    ]  # a camera sees the side faces turned to it
    if not lower:
        return set(), doubt
    crops = [
        hv.crop(cx, cy, k * side)
        for i, j in lower
        for cx, cy, side in [one_die(found[i], found[j])]
        for k in ONE_DIE_SIDES
    ]
    reads = face._probs(crops).reshape(len(lower), len(ONE_DIE_SIDES), -1)
    side = set()
    for (i, j), r in zip(lower, reads):
        value = 1 + int(np.argmax(found[j].probs[1:]))
        if all(1 + int(np.argmax(p[1:])) == value and p[value] >= ONE_DIE_SURE for p in r):
            side.add(i)
    return side, doubt - side
