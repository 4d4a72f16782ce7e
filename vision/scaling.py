"""Scale by the die: a frame's halvings, shared by the detector's working image, the face crops
and the second looks, and the crops the face network reads.

A 12 MP frame is halved once into a pyramid (OpenCV's fast 2x2 area path) and every piece the
networks see is cut from the level nearest its scale, so no crop is ever shrunk from the full
frame; the 40 px face crops are area-averaged first, so small pips are not aliased away.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CROP = 40  # face network input side
CROP_CONTEXT = 1.15  # crop side in die sides


def shrink(img: np.ndarray, s: float) -> np.ndarray:
    """``img`` scaled by ``s`` (area averaging when shrinking, as the camera's own scaler)."""
    h, w = img.shape[:2]
    size = (max(1, int(round(w * s))), max(1, int(round(h * s))))
    if size == (w, h):
        return img
    if s >= 1:
        return cv2.resize(img, size, interpolation=cv2.INTER_LINEAR)
    # halving first: OpenCV's 2x2 area path is several times faster than one area resize by
    # 4 (and gives the same pixels within one level); other factors end with an area resize
    while img.shape[1] >= 2 * size[0] and img.shape[0] >= 2 * size[1]:
        img = cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_AREA)
    if (img.shape[1], img.shape[0]) == size:
        return img
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA)


class Halvings:
    """A frame and its halvings, made once and shared: the detector's working image, the face
    crops and the second looks all come from the level nearest their scale, so a 12 MP frame
    is shrunk once (by halving, OpenCV's fast 2x2 area path), never crop by crop."""

    def __init__(self, frame: np.ndarray):
        self.frame = frame
        self.levels = [frame]
        self.memo: dict = {}  # what the reading's steps derive from the frame alone (the play area)

    def level(self, k: int) -> np.ndarray:
        """The frame halved ``k`` times."""
        while len(self.levels) <= k:
            img = self.levels[-1]
            self.levels.append(
                cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_AREA)
            )
        return self.levels[k]

    def half(self, img: np.ndarray) -> np.ndarray:
        """``shrink(img, 0.5)``: the next level when ``img`` is a level of even size (the same
        pixels, made once)."""
        for k, level in enumerate(self.levels):
            if level is img and img.shape[0] % 2 == 0 and img.shape[1] % 2 == 0:
                return self.level(k + 1)
        return shrink(img, 0.5)

    def _finest_within(self, s: float) -> int:
        """The most halvings that still leave the frame at least ``s`` times its size."""
        h, w = self.frame.shape[:2]
        k = 0
        while s > 0 and (w >> (k + 1)) >= w * s and (h >> (k + 1)) >= h * s and min(w, h) >> (k + 1) > 0:
            k += 1
        return k

    def shrink(self, s: float) -> np.ndarray:
        """The frame scaled by ``s``, as ``shrink(frame, s)`` gives it, from the nearest level."""
        if s >= 1:
            return shrink(self.frame, s)
        h, w = self.frame.shape[:2]
        size = (max(1, int(round(w * s))), max(1, int(round(h * s))))
        k = 0
        while (
            (w >> (k + 1)) >= size[0]
            and (h >> (k + 1)) >= size[1]
            and (w >> k) >= 2 * size[0]
            and (h >> k) >= 2 * size[1]
        ):
            k += 1
        img = self.level(k)
        if (img.shape[1], img.shape[0]) == size:
            return img
        made = self.memo.setdefault("shrunk", {})  # a look's working image, asked for again
        if size not in made:
            made[size] = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
        return made[size]

    def crop(self, cx: float, cy: float, side: float, angle: float = 0.0) -> np.ndarray:
        """``face_crop`` of the frame, cut from the coarsest level where the crop still has
        ``CROP`` px or more."""
        k = self._finest_within(CROP / max(side * CROP_CONTEXT, 1.0))
        img = self.level(k)
        f = img.shape[1] / self.frame.shape[1]
        g = img.shape[0] / self.frame.shape[0]
        return face_crop(img, cx * f, cy * g, side * f, angle)

    def region(self, x0: int, y0: int, x1: int, y1: int, s: float) -> np.ndarray:
        """The frame's region [x0, x1) x [y0, y1), scaled by ``s``."""
        k = self._finest_within(s)
        img = self.level(k)
        f = img.shape[1] / self.frame.shape[1]
        g = img.shape[0] / self.frame.shape[0]
        part = img[
            int(y0 * g) : max(int(y0 * g) + 1, int(round(y1 * g))),
            int(x0 * f) : max(int(x0 * f) + 1, int(round(x1 * f))),
        ]
        return shrink(part, s / f)


def median(values) -> float:
    """Median of a short 1-D sequence, as ``np.median`` gives it (whose overhead dominates on a
    few values)."""
    v = sorted(float(x) for x in values)
    n = len(v)
    return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])


def column_median(x: np.ndarray) -> np.ndarray:
    """``np.median(x, axis=0)`` of an N x C array (N >= 1), the same numbers: a median of each
    colour channel of a crop's pixels, without np.median's general overhead."""
    n = len(x)
    k = n // 2
    if np.issubdtype(x.dtype, np.integer):
        x = x.astype(np.float64)  # as np.median's mean does
    if n % 2:
        return np.partition(x, k, axis=0)[k]
    part = np.partition(x, [k - 1, k], axis=0)
    return (part[k - 1] + part[k]) / 2


def halvings(frame) -> Halvings:
    """``frame`` as ``Halvings`` (a ``Halvings`` is passed through)."""
    return frame if isinstance(frame, Halvings) else Halvings(frame)


def normalise(img: np.ndarray) -> np.ndarray:
    """HxWx3 uint8 BGR -> 3xHxW float32 centred on mid grey (the networks' input), contiguous
    (transposed while still bytes: half the time of converting first). A stack of crops
    (N x H x W x 3) gives the batch N x 3 x H x W."""
    x = np.ascontiguousarray(np.moveaxis(img, -1, -3), np.float32)
    x -= 127.5
    x /= 64.0
    return x


def face_crop(
    img: np.ndarray, cx: float, cy: float, side: float, angle: float = 0.0, size: int = CROP
) -> np.ndarray:
    """A ``size`` px square around (cx, cy) covering ``CROP_CONTEXT`` die sides, turned by
    ``angle`` degrees; shrunk by area averaging first so small pips are not aliased away."""
    c = max(side * CROP_CONTEXT, 4.0)
    r = int(math.ceil(c * (0.71 if angle else 0.5))) + 2
    x0, y0 = int(math.floor(cx)) - r, int(math.floor(cy)) - r
    h, w = img.shape[:2]
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + 2 * r + 1, w), min(y0 + 2 * r + 1, h)
    if ax1 <= ax0 or ay1 <= ay0:
        return np.full((size, size, 3), 127, np.uint8)
    roi = img[ay0:ay1, ax0:ax1]
    if (ax0, ay0, ax1, ay1) != (x0, y0, x0 + 2 * r + 1, y0 + 2 * r + 1):
        roi = cv2.copyMakeBorder(
            roi, ay0 - y0, y0 + 2 * r + 1 - ay1, ax0 - x0, x0 + 2 * r + 1 - ax1, cv2.BORDER_REPLICATE
        )
    px, py = cx - x0, cy - y0
    z = size / c
    if z < 0.8:
        small = shrink(roi, z)
        fx, fy = small.shape[1] / roi.shape[1], small.shape[0] / roi.shape[0]
        roi, px, py, z = small, px * fx, py * fy, z / fx
    M = cv2.getRotationMatrix2D((px, py), angle, z)
    M[0, 2] += size / 2 - px
    M[1, 2] += size / 2 - py
    return cv2.warpAffine(roi, M, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def crop_sharpness(crop: np.ndarray) -> float:
    """Variance of the Laplacian over the variance of the grey crop: blur lowers it whatever
    the die's colours (a pale die's pips have less contrast, not less sharpness)."""
    g = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return float(cv2.Laplacian(g, cv2.CV_32F).var() / max(float(g.var()), 1.0))


def pips_dark(crop: np.ndarray) -> np.ndarray:
    """The crop redrawn as a white die with black pips, from the die's own two colours: the
    face's (the centre's median) and the pips' (the colour farthest from it there). Cream
    pips on a red die, red on cream, and pale pips on a marbled die differ in colour more than
    in grey; along the line between the two colours they are black on white."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).astype(np.float32)
    n = crop.shape[0]
    core = lab[n // 4 : n - n // 4, n // 4 : n - n // 4].reshape(-1, 3)
    face = column_median(core)
    far = np.linalg.norm(core - face, axis=1)
    pip = core[far >= np.percentile(far, 95)].mean(axis=0)
    axis = pip - face
    span = float(axis @ axis)
    if span < 100.0:  # one colour: nothing to redraw
        return crop
    t = np.clip(((lab - face) @ axis) / span, 0.0, 1.0)
    grey = (235.0 - 215.0 * t).astype(np.uint8)
    return cv2.merge([grey, grey, grey])
