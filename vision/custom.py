"""Pip dice with a custom face: a skull on the 1, an emblem on the 6.

Such a die is calibrated like an icon die, for its custom face only, the face named by the
value it stands for::

    companion dice calibrate --gallery galleries/skull-d6 --face 1 skull1.jpg skull2.jpg skull3.jpg
    companion dice read roll.jpg --custom-faces galleries/skull-d6

Reading, the pip reader (``vision.net``) reads every die; then each die is also matched
against the gallery, its top face fitted at the calibrated side as ``vision.icons`` reads
icon dice (that side halved as often as the photo was, ``vision.photo``; a phone's photo taken
nearer or farther than the shots is fitted freely and at the die's own box, the surer read kept). A die whose face is surely the custom face (``icons.CONF_OK``) takes that face's
value, whether the pip reader called it "not a pip face" (value None) or took the skull's eyes
for pips. The gallery is asked before the reader's later checks (``calibrated_first``), so a
skull the face network calls no die is not left out; a custom face read under ``OVERRULE``
does not overrule a sure read of other pips (a 4 boxed with its shadow). A die of another colour than the calibrated one is never the custom face. The
other faces read as pips, and a face that is neither stays None: the frame is unsure.

    >>> from vision import custom, icons                              # doctest: +SKIP
    >>> skull = icons.Gallery.load("galleries/skull-d6")              # doctest: +SKIP
    >>> custom.read_dice(frame, skull).values                         # doctest: +SKIP
    [1, 4, 6]
"""

from __future__ import annotations

import math

import numpy as np

from vision import icons, net
from vision.pips import DiceReading, warp_face

SAME_SIDE = 1.12  # the calibrated face side holds for dice boxed within this factor of it (the fit's reach)
FELLOWS = 1.6  # a candidate that is no die of ``found`` is asked only when sized within this of them
OVERRULE = 0.9  # a custom face read under this does not overrule a sure read of other pips


def face_values(gallery: icons.Gallery) -> dict[str, int]:
    """The gallery's faces and the pip values they stand for; each name must be one of 1-6."""
    bad = [n for n in gallery.names if n not in {"1", "2", "3", "4", "5", "6"}]
    if bad:
        raise ValueError(
            f"custom faces are named by the value they stand for (1-6), not "
            f"{', '.join(repr(n) for n in bad)}: calibrate them as --face 1 SHOT..."
        )
    return {n: int(n) for n in gallery.names}


def custom_face(
    frame: np.ndarray, die, gallery: icons.Gallery, at_calibrated: bool = True
) -> tuple[int, float] | None:
    """(value, confidence) when ``die``'s top face is surely one of the gallery's faces.
    ``at_calibrated``: a die boxed beyond the fit's reach of the calibrated side is also
    fitted at that side (a third fit: asked only of dice whose pips hesitate)."""
    values = face_values(gallery)
    seen = net.FACE_OF_BOX * die.box[2]
    side = gallery.meta.get("face_side")
    fits = [(seen, False)]  # a photo nearer or farther than the shots: a free fit
    if side is not None:  # the shots' side, in a photo decoded at 1/2, 1/4, 1/8
        side = min((side / 2**k for k in range(4)), key=lambda s: abs(math.log(s / max(seen, 1.0))))
        within = 1 / SAME_SIDE < side / max(seen, 1.0) < SAME_SIDE
        # beyond the fit's reach the die's own box is fitted freely and at its side, and the
        # calibrated side is tried too (a box drawn around the die's shadow is too big)
        fits = [(side, True)] if within else fits + [(seen, True)] + [(side, True)] * at_calibrated
    best = None
    for size, known in fits:
        read = _read_fitted(frame, die.centre, size, known, gallery)
        if read is not None and (best is None or read[1] > best[1]):
            best = read
    return (values[best[0]], best[1]) if best is not None and best[1] >= icons.CONF_OK else None


def _read_fitted(frame, centre, side, known, gallery) -> tuple[str, float] | None:
    """(face name, confidence) of the face fitted around ``centre``; None where no face fits or
    its colour is another kind of die's."""
    rect, fit = icons.fit_face(frame, centre[0], centre[1], side, known)
    if rect is None or fit < icons.FIT_OK:
        return None
    patch = warp_face(frame, rect, 1.0, inset=0.96, size=64)
    colour = gallery.meta.get("face_lab")
    if colour is not None and icons.colour_distance(icons.face_colour(patch), colour) > icons.COLOUR_FAR:
        return None  # another kind of die
    name, conf, _ = icons.read_face(patch, gallery)
    return name, conf


class _Box:
    """A detector's candidate as ``custom_face`` reads a die: its box and centre."""

    __slots__ = ("box", "centre")

    def __init__(self, f):
        self.box = (f.cx - f.side / 2, f.cy - f.side / 2, f.side, f.side)
        self.centre = (f.cx, f.cy)


def calibrated_first(frame: np.ndarray, found: list, cands: list, gallery: icons.Gallery):
    """(hits, rest): the dice of ``found`` and the detector's candidates of ``cands`` (``net.Found``,
    strongest first; those that are no die of ``found`` scored ``net.DET_ODD`` or more) whose face is surely the calibrated face,
    as (candidate, value, confidence), one per die; and the dice of ``found`` in none of them.
    The face network never learned a skull: it calls such a die "no die", or reads the eyes
    as pips, and the reader's later checks (the play area, the dice unlike the others, a
    smaller box on the skull's eyes) would leave it out or read it wrong. The gallery's fit and
    colour are the stronger witness, so they are asked first."""
    hits: list = []
    sides = sorted(f.side for f in found)
    typical = sides[len(sides) // 2] if sides else None
    others = [
        c
        for c in cands
        if c.score >= net.DET_ODD
        and not _inside(c, found)  # a die's own box is read as ``found`` holds it, not a pip of it
        and (typical is None or 1 / FELLOWS < c.side / typical < FELLOWS)
    ]
    for c in sorted(found + others, key=lambda c: -c.score):
        if _inside(c, [h for h, _, _ in hits]):
            continue
        k = 1 + int(np.argmax(c.probs[1:]))
        hit = custom_face(frame, _Box(c), gallery, at_calibrated=float(c.probs[k]) < OVERRULE)
        if hit is not None and not _overruled(hit, k, float(c.probs[k])):
            hits.append((c, hit[0], hit[1]))
    rest = [f for f in found if not _inside(f, [h for h, _, _ in hits])]
    return hits, rest


def _inside(c, dice) -> bool:
    """Does the centre of ``c`` lie in the box of one of ``dice`` (``net.Found``)?"""
    return any(abs(c.cx - f.cx) < 0.5 * f.side and abs(c.cy - f.cy) < 0.5 * f.side for f in dice)


def take_custom_faces(frame: np.ndarray, dice: list, gallery: icons.Gallery) -> None:
    """Give each of ``dice`` whose face is surely a custom face that face's value (the reader
    asks only about the dice ``calibrated_first`` did not)."""
    for d in dice:
        hit = custom_face(frame, d, gallery)
        if hit is not None and not (d.value is not None and _overruled(hit, d.value, d.confidence)):
            d.value, d.confidence = hit


def _overruled(hit: tuple[int, float], value: int, confidence: float) -> bool:
    """Does a sure read of other pips (``net.CONF_OK``) stand against a custom face read
    hesitantly (under ``OVERRULE``)? A 4 boxed with its shadow fits a skull at 0.7."""
    return value != hit[0] and confidence >= net.CONF_OK and hit[1] < OVERRULE


def read_dice(
    frame_bgr: np.ndarray,
    gallery: icons.Gallery,
    expected_count: int | None = None,
    roi: np.ndarray | None = None,
) -> DiceReading:
    """Read pip dice whose custom face(s) ``gallery`` holds (see the module's docstring)."""
    face_values(gallery)  # a wrong gallery fails before any reading
    return net.read_dice(frame_bgr, expected_count, roi, custom=gallery)
