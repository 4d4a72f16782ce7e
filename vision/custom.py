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
for pips. A die of another colour than the calibrated one is never the custom face. The
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


def face_values(gallery: icons.Gallery) -> dict[str, int]:
    """The gallery's faces and the pip values they stand for; each name must be one of 1-6."""
    bad = [n for n in gallery.names if n not in {"1", "2", "3", "4", "5", "6"}]
    if bad:
        raise ValueError(
            f"custom faces are named by the value they stand for (1-6), not "
            f"{', '.join(repr(n) for n in bad)}: calibrate them as --face 1 SHOT..."
        )
    return {n: int(n) for n in gallery.names}


def custom_face(frame: np.ndarray, die, gallery: icons.Gallery) -> tuple[int, float] | None:
    """(value, confidence) when ``die``'s top face is surely one of the gallery's faces."""
    values = face_values(gallery)
    seen = net.FACE_OF_BOX * die.box[2]
    side = gallery.meta.get("face_side")
    fits = [(seen, False)]  # a photo nearer or farther than the shots: a free fit
    if side is not None:  # the shots' side, in a photo decoded at 1/2, 1/4, 1/8
        side = min((side / 2**k for k in range(4)), key=lambda s: abs(math.log(s / max(seen, 1.0))))
        fits = [(side, True)] if 1 / SAME_SIDE < side / max(seen, 1.0) < SAME_SIDE else fits + [(seen, True)]
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


def take_custom_faces(frame: np.ndarray, dice: list, gallery: icons.Gallery) -> None:
    """Give each of ``dice`` whose face is surely a custom face that face's value."""
    for d in dice:
        hit = custom_face(frame, d, gallery)
        if hit is not None:
            d.value, d.confidence = hit


def read_dice(
    frame_bgr: np.ndarray,
    gallery: icons.Gallery,
    expected_count: int | None = None,
    roi: np.ndarray | None = None,
) -> DiceReading:
    """Read pip dice whose custom face(s) ``gallery`` holds (see the module's docstring)."""
    face_values(gallery)  # a wrong gallery fails before any reading
    return net.read_dice(frame_bgr, expected_count, roi, custom=gallery)
