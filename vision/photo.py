"""A photo file read at the size its dice need, not at the size the camera took it.

A phone's 12 MP photo takes about 115 ms to decode whole here, more than the reading; its dice
are usually 150-400 px across, where the reader needs 40-60 (``camera_advice.GOOD_DIE``). The
JPEG decoder gives a half, a quarter or an eighth of the photo for much less work
(``cv2.IMREAD_REDUCED_COLOR_*``: it skips the fine frequencies). So a large photo is decoded
at a quarter first and read; when its dice measure less than ``NEED`` px there, or none is
found, it is decoded again at the size that brings them to ``NEED`` (a half, or whole) and
read again. The reading's boxes are given in the whole photo's pixels.

    >>> from vision import photo, pips                                    # doctest: +SKIP
    >>> reading, scale = photo.read_photo("roll.jpg", pips.read_dice)      # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

NEED = 48  # px: dice read at this size or more (camera_advice: best from 60, sure from 40)
WHOLE_BELOW = 2000  # px: a photo whose longest side is under this is decoded whole
REDUCED = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4}
FIRST = 4  # the first look's reduction


def decode(path, factor: int) -> np.ndarray:
    """The photo decoded at 1/``factor`` of its size (1, 2 or 4), or OSError naming the file."""
    img = cv2.imread(str(path), REDUCED[factor])
    if img is None:
        raise OSError(f"cannot read image {path}: not an image OpenCV can decode")
    return img


def scaled(reading, k: float):
    """``reading`` with its dice's boxes, centres and spots in pixels ``k`` times larger."""
    if k == 1:
        return reading
    dice = [
        replace(d, box=tuple(int(round(v * k)) for v in d.box), centre=(d.centre[0] * k, d.centre[1] * k))
        for d in reading.dice
    ]
    spots = [tuple(int(round(v * k)) for v in s) for s in reading.spots]
    return replace(reading, dice=dice, spots=spots)


def needed(reading, factor: int) -> int:
    """The reduction at which the dice of ``reading`` (read at 1/``factor``) measure ``NEED``
    px or more: ``factor`` itself when they do already."""
    sides = sorted(min(d.box[2], d.box[3]) for d in reading.dice)
    if not sides:
        return 1  # nothing found: look at every pixel
    side = sides[len(sides) // 2]
    for f in (factor, 2, 1):
        if f <= factor and side * factor / f >= NEED:
            return f
    return 1


def read_photo(path: str | Path, read, **kwargs):
    """(reading, factor): ``read(frame, **kwargs)`` of the photo at ``path``, decoded at the size
    its dice need; the reading's boxes in the whole photo's pixels, ``factor`` the reduction it
    was read at (1: whole)."""
    img = decode(path, FIRST)
    if max(img.shape[:2]) * FIRST < WHOLE_BELOW:
        return read(decode(path, 1), **kwargs), 1
    reading = read(img, **kwargs)
    f = needed(reading, FIRST)
    if f != FIRST:
        reading = read(decode(path, f), **kwargs)
    return scaled(reading, f), f
