"""Does a spot look like the dice of its frame?

Dice rolled together are one set: one face colour (or the two of a red/cream pair), one size.
A spot the detector found and the face network leans to call "no die" (a cable's ferrite
bead, a plug, a clip, a patch of the desk) whose face colour is unlike that of every die read
surely in the same frame is clutter: it is left out, not a reason to doubt the frame. Colours
are compared in OpenCV's 8-bit Lab (L 0-255, a and b 0-255 around 128) with lightness at half
weight (a die in light shadow is darker, not another colour), on the die's own colours before
any grey conversion.
"""
from __future__ import annotations

import cv2
import numpy as np

FACE_FAR = 15.0          # face colours further apart than this (weighted Lab) are not one set
                         # (chosen on desk-dev/floor-dev: their dice lie within 10, beads and labels beyond)
_WEIGHT = np.array([0.5, 1.0, 1.0], np.float32)


def face_colour(crop: np.ndarray) -> np.ndarray:
    """The face colour of a die crop (``vision.scaling.face_crop``): the median Lab colour of
    its central half, where the top face lies whatever the view; pips are too few to move it."""
    n = crop.shape[0]
    q = n // 4
    core = cv2.cvtColor(np.ascontiguousarray(crop[q:n - q, q:n - q]), cv2.COLOR_BGR2Lab)
    return np.median(core.reshape(-1, 3).astype(np.float32), axis=0)


def colour_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Distance of two Lab face colours, lightness at half weight."""
    return float(np.linalg.norm((a - b) * _WEIGHT))


def unlike_the_dice(crop: np.ndarray, sure_crops) -> bool:
    """Is the face colour of ``crop`` unlike that of every die in ``sure_crops``? False when
    there is no sure die to compare with (then nothing is known of the set's colours)."""
    refs = [face_colour(c) for c in sure_crops]
    if not refs:
        return False
    own = face_colour(crop)
    return min(colour_distance(own, r) for r in refs) > FACE_FAR

