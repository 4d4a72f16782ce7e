"""A face with one round mark at its centre is a 1, whatever the mark's size and colour.

Many standard dice show their 1 as a single big pip, often red (two to three times a pip's
width), and casino dice print a logo in a ring there. The face network learned 1s with a pip
of the others' size: it calls such a face "no pip die", and the reader would then say "a face
that is not a pip face". Before it does, the face is looked at classically: the marks are the
pixels far in colour from the face's own colour (its rim inside the edge), holes filled (a
logo's inside); a 1 has exactly one, a disc on the centre, of a pip's size up to half the
face seen, and nothing else beyond specks. A skull, a shield or a crest is not disc enough (a
round emblem would be: calibrate such a die, ``vision.custom``); a blank face has no mark.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.scaling import CROP, CROP_CONTEXT

FACE = 0.85  # the top face's side in the detector's box sides (net.FACE_OF_BOX)
OFF_CENTRE = 0.12  # the mark's centre at most this far from the face's (face sides)
SIZE = (0.03, 0.45)  # the mark's area as a share of the face's (the box may cut the face)
DISC = 0.93  # the mark's overlap (IoU) with a disc of its area on its centre, at least:
# drawn pips 0.95-1.0; a skull, a shield, a crest 0.81-0.89, a star 0.7
SPECK = 0.015  # other marks together at most this share of the face
RIM = 0.38  # the ring from this many window sides from the centre to the window's disc
FAR = 30.0  # a mark's colour distance from the face's at least (Lab, lightness at half)
ONE_CONF = 0.8  # the confidence given to a 1 read so (net.CONF_OK <= it < net.ROLLED_SURE)


def one_pip(crop: np.ndarray) -> bool:
    """Does the ``CROP`` px face crop (``scaling.face_crop``: 1.15 die sides) show a 1 with a
    single round mark, of any size and colour?"""
    if crop.shape[:2] != (CROP, CROP):
        crop = cv2.resize(crop, (CROP, CROP), interpolation=cv2.INTER_AREA)
    half = int(round(CROP * FACE / CROP_CONTEXT / 2))
    c = CROP // 2
    face = cv2.cvtColor(crop[c - half : c + half, c - half : c + half], cv2.COLOR_BGR2Lab).astype(np.float32)
    n = face.shape[0]
    yy, xx = np.mgrid[0:n, 0:n]
    r = np.hypot(xx - (n - 1) / 2, yy - (n - 1) / 2)
    inside = r <= n / 2  # a turned die's corners leave the square, not the disc
    rim = inside & (r >= RIM * n)  # the face's own colour: around its middle
    own = np.median(face[rim], axis=0)
    d = face - own
    dist = np.sqrt((0.5 * d[..., 0]) ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)
    marks = ((dist >= FAR) & inside).astype(np.uint8)
    if marks[rim].sum() > SPECK * n * n:
        return False  # corner pips, or the floor: not a 1 seen whole
    marks[rim] = 0
    filled = marks.copy()  # a logo's inside, a pip's glint
    flood = np.zeros((n + 2, n + 2), np.uint8)
    cv2.floodFill(filled, flood, (0, 0), 1)
    filled = marks | (1 - filled)
    k, labels, stats, cents = cv2.connectedComponentsWithStats(filled, connectivity=8)
    if k < 2:
        return False
    big = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    area = float(stats[big, cv2.CC_STAT_AREA])
    rest = float(stats[1:, cv2.CC_STAT_AREA].sum()) - area
    if not SIZE[0] <= area / (n * n) <= SIZE[1] or rest > SPECK * n * n:
        return False
    cx, cy = cents[big]
    if np.hypot(cx - (n - 1) / 2, cy - (n - 1) / 2) > OFF_CENTRE * n:
        return False
    disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= area / np.pi
    mark = labels == big
    return float((disc & mark).sum()) / float((disc | mark).sum()) >= DISC
