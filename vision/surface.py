"""The play area without a tray: the surface the dice lie on.

A slanted webcam over a desk sees a keyboard, a printed label, cables; a phone over a cloth sees
its pattern and a jar of spare dice. None of it lies on the surface the rolled dice lie on.
The dice the reader is surest of (``anchors``) show that surface around them; it is the region
of their surroundings' colour that reaches them, with what lies inside it (dice, shadows, pips)
filled in. A candidate off it is clutter: it is neither a die nor a reason to doubt the frame,
unless it is a die read surely just beside it (``Surface.beside``): that may be a rolled die.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.scaling import column_median, median

SIDE_PX = 6.0  # a die measures about this many pixels in the surface map
MAP_MAX = 400  # ... whose longest side is at most this
RING = (0.75, 1.15)  # the surface around a die: this far from its centre, in die sides
FAR = 14.0  # surface colours lie within this Lab distance of the surface's (at least)
LIGHT = 0.35  # lightness weighs this much against colour (shading, streaks, shadows)
HOLE_MAX = 12.0  # what lies inside the surface up to this many die areas is on it
ON_RING = 0.7  # a die is on the surface if this share of its ring is surface
EDGE_RING = 0.3  # ... or, against its edge (a tray's wall), this share
EDGE = 0.6  # "against its edge": centre within this many die sides of the surface
BESIDE = 1.0  # a die off the surface is "beside" it with surface this many die sides from its centre


def _weights(lab: np.ndarray) -> np.ndarray:
    """Lightness counts ``LIGHT`` (shadows, shading and streaks darken a floor, not recolour it)."""
    return lab * np.array([LIGHT, 1.0, 1.0], np.float32)


class Surface:
    """The surface the ``anchors`` (cx, cy, side) lie on, in ``frame``; ``where(cx, cy, side)``
    tells whether a die there lies on it too."""

    def __init__(self, frame, anchors):
        """``frame``: a BGR image, or anything with ``frame`` (the image) and ``shrink(s)``
        (``vision.net.Halvings``: a big frame is then not shrunk again)."""
        image = getattr(frame, "frame", frame)
        h, w = image.shape[:2]
        side = median([a[2] for a in anchors])
        self.s = min(SIDE_PX / side, MAP_MAX / max(h, w), 1.0)
        small = (
            frame.shrink(self.s)
            if hasattr(frame, "shrink")
            else cv2.resize(
                image,
                (max(1, int(round(w * self.s))), max(1, int(round(h * self.s)))),
                interpolation=cv2.INTER_AREA,
            )
        )
        self.s = small.shape[1] / w
        self.lab = _weights(cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32))
        rings = [r for r in (self._ring(a[0], a[1], a[2]) for a in anchors) if len(r[0])]
        colours = [column_median(self.lab[r]) for r in rings]
        self.colour = self._agreed(colours) if colours else np.zeros(3, np.float32)
        # only the anchors whose surround has the surface's colour show where it is
        rings = [r for r, c in zip(rings, colours) if float(np.linalg.norm(c - self.colour)) < FAR]
        self.mask = self._region(rings, side * self.s)
        k = 2 * int(round(EDGE * side * self.s)) + 1
        self.reach = (
            cv2.dilate(self.mask.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
        )

    def _ring(self, cx: float, cy: float, side: float) -> tuple[np.ndarray, np.ndarray]:
        """The map pixels (rows, columns) of the ring around a die."""
        h, w = self.lab.shape[:2]
        x, y, r0, r1 = cx * self.s, cy * self.s, RING[0] * side * self.s, RING[1] * side * self.s
        x0, x1 = max(0, int(x - r1)), min(w, int(x + r1) + 2)
        y0, y1 = max(0, int(y - r1)), min(h, int(y + r1) + 2)
        if x1 <= x0 or y1 <= y0:
            return np.zeros(0, np.intp), np.zeros(0, np.intp)
        yy, xx = np.arange(y0, y1)[:, None], np.arange(x0, x1)[None]
        d2 = (xx - x) ** 2 + (yy - y) ** 2
        ys, xs = np.nonzero((d2 >= r0 * r0) & (d2 <= r1 * r1))
        return ys + y0, xs + x0

    @staticmethod
    def _agreed(colours: list[np.ndarray]) -> np.ndarray:
        """The surround colour most anchors share (a key of a keyboard read as a die has
        another surround than the dice on the desk)."""
        c = np.asarray(colours, np.float32)
        close = np.linalg.norm(c[:, None] - c[None], axis=2) < FAR
        best = int(np.argmax(close.sum(axis=1)))  # the first of the largest group
        return column_median(c[close[best]])

    def _region(self, rings, die: float) -> np.ndarray:
        """The surface: pixels of its colour, connected to an anchor's surround, holes of up to
        ``HOLE_MAX`` die areas filled."""
        d = self.lab - self.colour
        dist = np.sqrt(d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1] + d[..., 2] * d[..., 2])  # the Lab norm
        if not rings:
            self.raw = np.ones(dist.shape, np.uint8)
            return np.ones(dist.shape, bool)
        near = np.concatenate([dist[r] for r in rings])
        far = max(FAR, 2.5 * float(np.percentile(near, 75)))
        self.raw = (dist < far).astype(np.uint8)
        k = max(3, int(round(0.5 * die)) | 1)
        surf = cv2.morphologyEx(
            self.raw, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        )
        n, lab = cv2.connectedComponents(surf, connectivity=8)
        touched = set(np.unique(np.concatenate([lab[r] for r in rings])).tolist())
        touched.discard(0)  # label 0: not of the surface's colour
        keep = np.zeros(n, np.uint8)
        keep[list(touched)] = 255
        mask = keep[lab]
        cs, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        if hier is not None:
            holes = [
                c for c, hh in zip(cs, hier[0]) if hh[3] != -1 and cv2.contourArea(c) < HOLE_MAX * die * die
            ]
            if holes:
                cv2.drawContours(mask, holes, -1, 255, cv2.FILLED)
        return mask > 0

    def where(self, cx: float, cy: float, side: float) -> str:
        """Where a die at (cx, cy) of this side lies: "on" the surface, at its "edge" (against
        a tray's wall, or clutter beside the surface: only a die read surely counts there), or
        "off" it."""
        h, w = self.mask.shape
        x, y = int(min(max(cx * self.s, 0), w - 1)), int(min(max(cy * self.s, 0), h - 1))
        if self.mask[y, x]:
            return "on"
        ring = self._ring(cx, cy, side)
        share = float(self.mask[ring].mean()) if len(ring[0]) else 0.0
        if share >= ON_RING:
            return "on"
        return "edge" if self.reach[y, x] and share >= EDGE_RING else "off"

    def beside(self, cx: float, cy: float, side: float) -> bool:
        """Whether a die off the surface lies beside it: surface within ``BESIDE`` die sides
        of its centre (a die against a tray's wall whose top shows over the wall, at a wide
        view's edge; or clutter just by the desk's edge)."""
        h, w = self.mask.shape
        r = BESIDE * side * self.s
        x0, x1 = max(0, int(cx * self.s - r)), min(w, int(cx * self.s + r) + 1)
        y0, y1 = max(0, int(cy * self.s - r)), min(h, int(cy * self.s + r) + 1)
        return x1 > x0 and y1 > y0 and bool(self.mask[y0:y1, x0:x1].any())


def play_area(frame, anchors) -> Surface | None:
    """The surface the ``anchors`` (cx, cy, side) lie on, or None when there is no anchor.
    Worked out once per frame and anchors when ``frame`` is a ``vision.scaling.Halvings``
    (the reader asks again after its second looks, mostly with the same dice)."""
    anchors = [tuple(a) for a in anchors if a[2] > 0 and math.isfinite(a[2])]
    if not anchors:
        return None
    memo = getattr(frame, "memo", None)
    if memo is None:
        return Surface(frame, anchors)
    key = ("surface", tuple(anchors))
    if key not in memo:
        memo[key] = Surface(frame, anchors)
    return memo[key]
