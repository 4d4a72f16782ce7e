"""Read standard pip d6 dice from a top-down BGR frame, with no calibration.

Pipeline (all classical OpenCV + numpy, works on OpenCV 4.6 and 5.x):

1. ``segment_dice``: work on a copy scaled to at most ``WORK_SIDE`` px; estimate the
   background by a coarse median (dice are small against it), mark as foreground what
   differs from it in colour or carries strong edges, clean up, split touching dice with
   a distance-transform watershed, keep square-ish blobs of a plausible size.
2. ``read_face``: warp each die's rotated box to an upright square patch from the full
   resolution frame, find blobs that differ from the face colour, keep pip-like ones
   (size, roundness, not on the border), group them by polarity (darker / lighter than the
   face), and score each group by how well it fits a d6 layout (point symmetry about the
   face centre, equal sizes, plausible spacing). Glare is rejected because it is lighter
   *and* colourless, irregular, and breaks the symmetry of the layout.
3. ``read_dice``: combine; a frame is "unsure" when a die is low-confidence, the frame is
   blurred, or the count differs from ``expected_count``.

The reader prefers saying "unsure" to giving a confident wrong answer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.scaling import median as _med

WORK_SIDE = 640  # segmentation works at most at this size (longest side)
PATCH = 48  # face patch side in pixels
CONF_OK = 0.8  # a die below this confidence makes the reading unsure
BLUR_MIN = 60.0  # variance of Laplacian (on die patches) below this: blurred
CORE = 0.3  # distance-transform core threshold, in die sides
FG_MIN = 30.0  # lowest colour distance from the floor that counts as foreground
ODD_PIPS = 0.5  # unexplained blob area (in pips) that makes a face unsure


@dataclass
class Die:
    value: int | str | None  # None: a die whose face is not a pip face (nor a calibrated icon)
    box: tuple[int, int, int, int]
    confidence: float
    angle: float = 0.0  # rotation of the face in degrees (0..90)
    centre: tuple[float, float] = (0.0, 0.0)

    def to_json(self) -> dict:
        value = self.value if self.value is None or isinstance(self.value, str) else int(self.value)
        return {
            "value": value,
            "box": [int(v) for v in self.box],
            "confidence": round(float(self.confidence), 3),
        }


@dataclass
class DiceReading:
    dice: list[Die] = field(default_factory=list)
    unsure: bool = False
    reasons: list[str] = field(default_factory=list)
    sharpness: float = 0.0
    conf_ok: float = 0.0  # the reader's confidence for a sure die
    spots: list = field(default_factory=list)  # boxes (x, y, w, h) of die-like spots not read as dice

    @property
    def values(self) -> list:
        """The dice's values, sorted; a die whose face is not a pip face (None) comes last."""
        return sorted((d.value for d in self.dice), key=lambda v: (v is None, 0 if v is None else v))

    def to_json(self) -> dict:
        return {
            "dice": [d.to_json() for d in self.dice],
            "unsure": bool(self.unsure),
            "reasons": list(self.reasons),
        }


# --------------------------------------------------------------------------- helpers


def finish_reading(
    dice: list[Die],
    sharp: list[float],
    expected_count: int | None,
    conf_ok: float,
    blur_min: float = BLUR_MIN,
    blur_sure: float | None = None,
) -> DiceReading:
    """The verdict on a frame's dice, top to bottom: unsure when blurred, when a die is below
    ``conf_ok`` (a die of value None, whose face is not a pip face, always is: the caller
    says why), when the count is not the expected one, or when there is no die at all.
    ``blur_sure``: a soft frame whose dice all read this surely is not called blurred."""
    dice.sort(key=lambda d: (d.box[1], d.box[0]))
    reasons = []
    shp = _med(sharp) if sharp else 0.0
    if sharp and shp < blur_min and (blur_sure is None or any(d.confidence < blur_sure for d in dice)):
        reasons.append(f"blurred (sharpness {shp:.3g} < {blur_min:.3g})")
    low = [d for d in dice if d.confidence < conf_ok and d.value is not None]  # None: its own reason
    if low:
        reasons.append(f"{dice_count(len(low))} read with low confidence")
    if expected_count is not None and len(dice) != expected_count:
        reasons.append(f"found {dice_count(len(dice))}, expected {expected_count}")
    if not dice:
        reasons.append("no dice found")
    return DiceReading(dice, bool(reasons), reasons, shp, conf_ok)


def dice_count(n: int, one: str = "die", many: str = "dice") -> str:
    """``n`` and its noun, as a player reads it: "1 die", "3 dice".

    >>> dice_count(1), dice_count(3), dice_count(2, "spot", "spots")
    ('1 die', '3 dice', '2 spots')
    """
    return f"{n} {one if n == 1 else many}"


def sharpness(gray: np.ndarray) -> float:
    """Variance of the Laplacian: low on blurred images."""
    return float(cv2.Laplacian(gray, cv2.CV_32F).var())


def _background(img: np.ndarray, lab_in: bool = False) -> np.ndarray:
    """Background estimate (same colour space as the input; ``lab_in``: input is Lab).

    Usually one floor colour fills most of the frame: fit a smooth (quadratic) shading
    surface to it, robustly, on a coarse grid; dice, walls and anything not floor are
    outliers. That has no smear near walls or clusters of dice. When the floor is not one
    colour (less than 70 % inliers, e.g. a tray on a card), fall back to a coarse median
    over blocks much larger than a die."""
    h, w = img.shape[:2]
    sw, sh = max(8, w // 8), max(8, h // 8)
    small = cv2.resize(img, (sw, sh), interpolation=cv2.INTER_AREA)
    lab = (small if lab_in else cv2.cvtColor(small, cv2.COLOR_BGR2Lab)).astype(np.float32).reshape(-1, 3)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xx = (xx / sw - 0.5).reshape(-1)
    yy = (yy / sh - 0.5).reshape(-1)
    A = np.stack([np.ones_like(xx), xx, yy, xx * xx, xx * yy, yy * yy], axis=1)
    wts = np.array([1.0, 2.0, 2.0], np.float32)
    pred = np.broadcast_to(np.median(lab, axis=0), lab.shape)
    inl = None
    for thr in (30.0, 20.0, 14.0):
        res = np.sqrt((((lab - pred) ** 2) * wts).sum(axis=1))
        inl = res < thr
        if inl.sum() < 12:
            break
        Ai = A[inl]
        coef = np.linalg.solve(Ai.T @ Ai + 1e-6 * np.eye(6, dtype=np.float32), Ai.T @ lab[inl])
        pred = A @ coef
    if inl is not None and inl.mean() > 0.7:
        small = np.clip(pred.reshape(sh, sw, 3), 0, 255).astype(np.uint8)
        if not lab_in:
            small = cv2.cvtColor(small, cv2.COLOR_Lab2BGR)
    else:
        small = cv2.medianBlur(small, 9)
        small = cv2.medianBlur(small, 9)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _fg_distance(lab: np.ndarray, lab_bg: np.ndarray) -> np.ndarray:
    """Weighted colour distance from the background (uint8 Lab in, float32 out).

    Darker-than-background counts less: shadows are darker but colourless."""
    L, a, b = cv2.split(lab)
    Lb, ab, bb = cv2.split(lab_bg)
    lighter = cv2.subtract(L, Lb)
    darker = cv2.subtract(Lb, L)
    da = cv2.absdiff(a, ab)
    db = cv2.absdiff(b, bb)
    out = lighter.astype(np.float32)
    out += 0.6 * darker.astype(np.float32)
    out += 2.0 * (da.astype(np.float32) + db.astype(np.float32))
    return out


@dataclass
class Blob:
    rect: tuple  # cv2 RotatedRect ((cx, cy), (w, h), angle) in work coordinates
    area: float
    contour: np.ndarray
    s0: float = 0.0  # typical die side in the frame, work px


def segment_dice(work: np.ndarray, min_side: float = 12.0, rejects: list | None = None) -> list[Blob]:
    """Find die-like blobs in ``work`` (BGR, already scaled). Returns rotated rects.

    Parts that are not square enough (a die merged with a wall, a shadow or a neighbour) are
    appended to ``rejects`` when given, for the caller to look for a face inside them."""
    h, w = work.shape[:2]
    lab = cv2.cvtColor(work, cv2.COLOR_BGR2Lab)
    dist = _fg_distance(lab, _background(lab, lab_in=True))
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    grad = cv2.morphologyEx(gray, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    t_fg = float(np.clip(5.0 * np.median(dist[::4, ::4]), FG_MIN, 40.0))
    fg = ((dist > t_fg) | (grad > 40)).astype(np.uint8) * 255
    k = max(3, int(round(min_side / 4)) | 1)
    fg = cv2.morphologyEx(fg, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    fg = _fill_holes(fg, (6 * min_side) ** 2)
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))

    n, labels, stats, _ = cv2.connectedComponentsWithStats(fg, 8)
    comps = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < min_side * min_side * 0.6:
            continue
        comps.append(i)
    if not comps:
        return []
    s0 = _die_side(fg, stats, comps, min_side)
    a0 = s0 * s0
    # a second opening at die scale removes thin walls, edges and bands that join dice
    k2 = max(3, int(0.4 * s0) | 1)
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k2, k2)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(fg, 8)
    comps = [i for i in range(1, n) if stats[i][4] >= min_side * min_side * 0.6]

    blobs: list[Blob] = []
    for i in comps:
        x, y, bw, bh, area = stats[i]
        sub = (labels[y : y + bh, x : x + bw] == i).astype(np.uint8)
        parts = [sub]
        if area > 1.5 * a0 or not (0.6 < bw / bh < 1.6 and area > 0.55 * bw * bh):
            parts = _split(sub, s0)
        for p in parts:
            cs, _ = cv2.findContours(p, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if not cs:
                continue
            c = max(cs, key=cv2.contourArea)
            ca = cv2.contourArea(c)
            if ca < min_side * min_side * 0.6:
                continue
            c = c + np.array([[x, y]], dtype=c.dtype)
            rect = cv2.minAreaRect(c)
            (cx, cy), (rw, rh), ang = rect
            if rw < 1 or rh < 1:
                continue
            if ca < 0.6 * rw * rh:
                if rejects is not None and 0.6 * a0 < ca < 4 * a0:
                    rejects.append(Blob(rect, ca, c, s0))
                continue
            long_, short = max(rw, rh), min(rw, rh)
            if long_ / short > 1.6:
                # a row of dice touching face to face: cut along the long axis
                k = int(round(long_ / short))
                if not (2 <= k <= 4 and 0.6 * s0 < short < 1.5 * s0 and abs(long_ / short - k) < 0.45):
                    if rejects is not None and 0.6 * a0 < ca < 4 * a0:
                        rejects.append(Blob(rect, ca, c, s0))
                    continue
                a = math.radians(ang if rw >= rh else ang + 90)
                u = np.array([math.cos(a), math.sin(a)])
                step = long_ / k
                for j in range(k):
                    cc = np.array([cx, cy]) + u * (j - (k - 1) / 2) * step
                    r2 = ((float(cc[0]), float(cc[1])), (step, short), ang if rw >= rh else ang + 90)
                    pts = cv2.boxPoints(r2).astype(np.int32).reshape(-1, 1, 2)
                    blobs.append(Blob(r2, step * short, pts, s0))
                continue
            blobs.append(Blob(rect, ca, c, s0))
    return blobs


def _die_side(fg, stats, comps, min_side) -> float:
    """Typical die side in px: from square-ish components, else from distance-transform peaks."""
    sq = []
    for i in comps:
        x, y, bw, bh, area = stats[i]
        if 0.7 < bw / bh < 1.4 and area > 0.6 * bw * bh:
            sq.append(math.sqrt(area))
    if len(sq) >= 2:
        return float(np.percentile(sq, 70))
    d = cv2.distanceTransform((fg > 0).astype(np.uint8), cv2.DIST_L2, 5)
    peak = (d >= cv2.dilate(d, np.ones((5, 5), np.uint8))) & (d > min_side / 2)
    n, lab, st, _ = cv2.connectedComponentsWithStats(peak.astype(np.uint8), 8)
    vals = [float(d[lab == k].max()) for k in range(1, n)]
    if sq:
        vals.append(sq[0] / 2)
    if not vals:
        return float(min_side * 2)
    return 2.0 * float(np.percentile(vals, 75))


def _fill_holes(mask: np.ndarray, max_area: float) -> np.ndarray:
    """Fill holes smaller than ``max_area`` (pips, die faces), not the inside of a tray."""
    cs, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hier is None:
        return mask
    out = mask.copy()
    small = [c for c, h in zip(cs, hier[0]) if h[3] != -1 and cv2.contourArea(c) < max_area]
    if small:
        cv2.drawContours(out, small, -1, 255, cv2.FILLED)
    return out


def _split(sub: np.ndarray, s0: float) -> list[np.ndarray]:
    """Split a blob of touching dice (or dice against a wall): cores are where the distance
    to the blob's edge exceeds ``CORE`` die sides; every pixel goes to its nearest core
    (a Voronoi split, like a watershed on the distance map), clipped to a die-sized reach
    around that core so thin walls and shadows do not stay attached."""
    pad = 2
    m = cv2.copyMakeBorder(sub, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    d = cv2.distanceTransform(m, cv2.DIST_L2, 5)
    cores = (d > CORE * s0).astype(np.uint8)
    n, markers = cv2.connectedComponents(cores)
    if n <= 1:
        return []
    # label of the nearest core for every pixel
    _, near = cv2.distanceTransformWithLabels(
        (cores == 0).astype(np.uint8), cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_CCOMP
    )
    # map distance-transform labels (one per zero-pixel component) to core ids
    lut = np.zeros(int(near.max()) + 1, np.int32)
    lut[near[cores > 0]] = markers[cores > 0]
    owner = lut[near]
    r = max(1, int(round((0.5 - CORE) * s0 + 2)))
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    out = []
    for k in range(1, n):
        core = (markers == k).astype(np.uint8)
        ys, xs = np.nonzero(core)
        y0, y1 = max(0, ys.min() - 2 * r), min(m.shape[0], ys.max() + 2 * r + 1)
        x0, x1 = max(0, xs.min() - 2 * r), min(m.shape[1], xs.max() + 2 * r + 1)
        reach = cv2.dilate(core[y0:y1, x0:x1], ker)
        part = np.zeros_like(m)
        part[y0:y1, x0:x1] = (owner[y0:y1, x0:x1] == k) & (m[y0:y1, x0:x1] > 0) & (reach > 0)
        out.append(part[pad:-pad, pad:-pad])
    return out


# --------------------------------------------------------------------------- one face


def warp_face(frame: np.ndarray, rect, scale: float, inset: float = 0.92, size: int = PATCH) -> np.ndarray:
    """Upright square patch of a rotated rect (given in work coords; ``scale`` maps to frame)."""
    (cx, cy), (rw, rh), ang = rect
    side = max(rw, rh) * inset * scale
    cx, cy = cx * scale, cy * scale
    m = cv2.getRotationMatrix2D((cx, cy), ang, size / side)
    m[0, 2] += size / 2 - cx
    m[1, 2] += size / 2 - cy
    return cv2.warpAffine(
        frame,
        m,
        (size, size),
        flags=cv2.INTER_AREA if side > size else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )


def _face_region(lab, face, size):
    """Rotated rect (patch coords) and area of the face-coloured square region, or None."""
    d = np.sqrt(((lab - face) ** 2 * np.array([1.0, 2.0, 2.0])).sum(axis=2))
    close = (d < 38).astype(np.uint8)
    k = max(3, int(size * 0.12) | 1)
    close = cv2.morphologyEx(close, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    close = cv2.morphologyEx(close, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    n, lab_i, stats, _ = cv2.connectedComponentsWithStats(close, 4)
    if n <= 1:
        return None
    # the face-coloured regions: the largest, plus big pieces of it that a printed mark cut
    # off (an X or an outline splits the face); pips near the edge leave notches, so take
    # the convex hull (the face is convex)
    big = int(np.max(stats[1:, 4]))
    keep = [k for k in range(1, n) if stats[k][4] >= 0.15 * big]
    comp = np.isin(lab_i, keep).astype(np.uint8)
    cs, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    area = float(sum(stats[k][4] for k in keep))
    c = cv2.convexHull(np.vstack(cs))
    r = cv2.minAreaRect(c)
    (px, py), (pw, ph), pa = r
    full = (size / 1.15) ** 2
    if not (0.25 * full < pw * ph < 1.05 * full) or max(pw, ph) > 1.35 * min(pw, ph):
        return None
    hull_area = cv2.contourArea(c)
    if hull_area < 0.85 * pw * ph or area < 0.45 * pw * ph:
        return None
    return r, area, hull_area


def refine(frame: np.ndarray, rect, scale: float, size: int = 64):
    """Find the top face inside a die blob: the region of the face colour around the centre.

    The blob from segmentation also holds side faces (perspective) and shadow. Warp a margin
    around it, take the colour at the centre as the face colour, keep what is close to it
    (closed, so pips and icons are inside), and fit a rotated rect to the component at the
    centre. Returns a rect in the same (work) coordinates, or the input if that fails."""
    (cx, cy), (rw, rh), ang = rect
    side = max(rw, rh) * 1.15
    m = cv2.getRotationMatrix2D((cx * scale, cy * scale), ang, size / (side * scale))
    m[0, 2] += size / 2 - cx * scale
    m[1, 2] += size / 2 - cy * scale
    patch = cv2.warpAffine(frame, m, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    c0, c1 = int(size * 0.35), int(size * 0.65)
    inner = int(size * 0.2), int(size * 0.8)
    ring = np.zeros((size, size), bool)
    ring[inner[0] : inner[1], inner[0] : inner[1]] = True
    ring[c0:c1, c0:c1] = False
    best = None

    # face colour: the centre's median, or (big icons cover the centre) the ring around it
    # candidates for the face colour: the centre's median, and the two main colours of the
    # inner part (big icons can cover the centre); the largest square face wins
    def attempt(face):
        got = _face_region(lab, face, size)
        if got is not None and min(got[0][1]) < 0.68 * min(rw, rh) * size / side:
            got = None  # much smaller than the blob: a printed mark, not the face
        return got

    centre = np.median(lab[c0:c1, c0:c1].reshape(-1, 3), axis=0)
    best = attempt(centre)
    if best is None or min(best[0][1]) < 0.85 * min(rw, rh) * size / side:
        # failed, or smallish (maybe a big mark covering the centre): try the main colours
        pts = lab[inner[0] : inner[1], inner[0] : inner[1]].reshape(-1, 3)[::3].astype(np.float32)
        crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
        _, lbl, centres = cv2.kmeans(pts, 2, None, crit, 1, cv2.KMEANS_PP_CENTERS)
        for k in range(2):
            if np.linalg.norm(centres[k] - centre) > 20:
                got = attempt(centres[k])
                if got is not None and (best is None or got[2] > best[2]):
                    best = got  # the larger face wins
    if best is None:
        return rect, False
    (px, py), (pw, ph), pa = best[0]
    # back to work coordinates
    inv = cv2.invertAffineTransform(m)
    fx, fy = inv @ np.array([px, py, 1.0])
    f = side / size
    return ((fx / scale, fy / scale), (pw * f, ph * f), ang + pa), True


@dataclass
class FaceRead:
    value: int
    confidence: float
    pips: list = field(default_factory=list)  # (x, y, r) in patch coords
    detail: str = ""


def _layout_score(pts: np.ndarray, radii: np.ndarray, size: int) -> tuple[float, str]:
    """How well pip centres fit a d6 layout. 1 = perfect."""
    n = len(pts)
    if n == 0 or n > 6:
        return 0.0, "count"
    c = np.array([size / 2, size / 2])
    cen = pts.mean(axis=0)
    r_med = _med(radii)
    # all layouts are centred on the face
    off = float(np.linalg.norm(cen - c)) / size
    s_centre = float(np.clip(1 - (off - 0.12) / 0.2, 0, 1))
    # point symmetry about the pip centroid
    rel = pts - cen
    if n > 1:
        dmat = np.linalg.norm(rel[:, None, :] + rel[None, :, :], axis=2)
        sym = float(np.max(np.min(dmat, axis=1))) / size
        s_sym = float(np.clip(1 - (sym - 0.06) / 0.12, 0, 1))
    else:
        s_sym = 1.0
    # equal pip sizes
    if n > 1:
        spread = float(radii.max() / max(radii.min(), 1e-3))
        s_size = float(np.clip(1 - (spread - 1.6) / 1.0, 0, 1))
    else:
        s_size = 1.0
    # spacing: nearest neighbours should be well apart (pips do not touch)
    s_sp = 1.0
    if n > 1:
        dd = np.linalg.norm(rel[:, None, :] - rel[None, :, :], axis=2) + np.eye(n) * 1e9
        nn = float(dd.min()) / max(r_med, 1e-3)
        s_sp = float(np.clip((nn - 1.8) / 0.8, 0, 1))
        far = float(np.linalg.norm(rel, axis=1).max()) / size
        if far > 0.5:
            s_sp *= 0.0
    # layout-specific geometry
    s_geo = 1.0
    if n == 3 or n == 5:
        # one pip at the centroid
        dc = float(np.linalg.norm(rel, axis=1).min()) / size
        s_geo = float(np.clip(1 - (dc - 0.05) / 0.1, 0, 1))
    elif n in (2, 4, 6):
        dc = float(np.linalg.norm(rel, axis=1).min()) / size
        s_geo = float(np.clip((dc - 0.06) / 0.08, 0, 1))
    if n == 3:
        # collinear
        u, s, vt = np.linalg.svd(rel)
        s_geo *= float(np.clip(1 - (s[1] / max(s[0], 1e-6) - 0.1) / 0.15, 0, 1))
    if n == 6:
        u, s, vt = np.linalg.svd(rel)
        ratio = s[1] / max(s[0], 1e-6)
        s_geo *= float(np.clip(1 - (abs(ratio - 0.82) - 0.08) / 0.2, 0, 1))
    if n == 4 or n == 5:
        u, s, vt = np.linalg.svd(rel)
        ratio = s[1] / max(s[0], 1e-6)
        s_geo *= float(np.clip((ratio - 0.6) / 0.25, 0, 1))
    score = s_centre * s_sym * s_size * s_sp * s_geo
    return score, f"c{s_centre:.2f} y{s_sym:.2f} z{s_size:.2f} p{s_sp:.2f} g{s_geo:.2f}"


def soft_light_blobs(
    lab: np.ndarray, face_l: float, min_area: float, sharp_max: float = 0.25, exclude=()
) -> float:
    """Area (px) of soft-edged blobs clearly lighter than the face: specular glare.

    Printed pips and icons have sharp edges (edge gradient comparable to their contrast);
    a highlight fades out over several pixels."""
    L = lab[..., 0]
    mk = (L > face_l + 30).astype(np.uint8)
    n, li, st, _ = cv2.connectedComponentsWithStats(mk, 8)
    if n <= 1:
        return 0.0
    gx = cv2.Sobel(L, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(L, cv2.CV_32F, 0, 1, ksize=3)
    grad = np.sqrt(gx * gx + gy * gy) / 8.0
    rim = (mk - cv2.erode(mk, np.ones((3, 3), np.uint8))).astype(bool)
    total = 0.0
    for i in range(1, n):
        x, y, bw, bh, area = st[i]
        if area < min_area or x == 0 or y == 0 or x + bw >= mk.shape[1] or y + bh >= mk.shape[0]:
            continue  # too small, or background / side face at the patch border
        comp = li == i
        if any(
            comp[int(round(y)), int(round(x))]
            for x, y in exclude
            if 0 <= int(round(y)) < comp.shape[0] and 0 <= int(round(x)) < comp.shape[1]
        ):
            continue  # this light blob was read as a pip
        rr = rim & comp
        if not rr.any():
            continue
        contrast = max(float(L[comp].max() - face_l), 1.0)
        if float(np.percentile(grad[rr], 75)) / contrast < sharp_max:
            total += float(st[i][4])
    return total


def read_face(patch: np.ndarray) -> FaceRead:
    """Count pips on an upright square face patch (BGR)."""
    size = patch.shape[0]
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    m = int(size * 0.1)
    inner = lab[m : size - m, m : size - m].reshape(-1, 3)
    face = np.median(inner, axis=0)
    dl = lab[..., 0] - face[0]
    dab = np.linalg.norm(lab[..., 1:] - face[1:], axis=2)
    d = np.sqrt(dl * dl + 2.0 * dab * dab)
    # scale-free threshold: Otsu on the distance, floored
    d8 = np.clip(d, 0, 255).astype(np.uint8)
    t, _ = cv2.threshold(d8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    t = max(float(t), 28.0)
    best = FaceRead(0, 0.0, [], "none")
    cands = []
    for pol in (-1, 1):
        mask = ((d > t) & ((dl * pol > 0) | (dab > 20))).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        n, lab_i, stats, cents = cv2.connectedComponentsWithStats(mask, 4)
        pips = []
        odd = 0.0  # area of inner blobs that are not pips (merged pip + glare, smudges)
        for i in range(1, n):
            x, y, bw, bh, area = stats[i]
            if area < (0.035 * size) ** 2:
                continue
            if x <= 0 or y <= 0 or x + bw >= size or y + bh >= size:
                continue
            fill = area / float(bw * bh)
            if area > (0.3 * size) ** 2 or max(bw, bh) > 2.2 * min(bw, bh) or fill < 0.45:
                odd += float(area)
                continue
            comp = lab_i[y : y + bh, x : x + bw] == i
            cx, cy = cents[i]
            pips.append(
                (
                    float(cx),
                    float(cy),
                    math.sqrt(area / math.pi),
                    float(np.mean(np.abs(d[y : y + bh, x : x + bw][comp]))),
                )
            )
        cands.append((pol, pips, odd))
    for pol, pips, odd in cands:
        if not pips:
            continue
        pips = _drop_outliers(pips)
        pts = np.array([(p[0], p[1]) for p in pips])
        radii = np.array([p[2] for p in pips])
        score, detail = _layout_score(pts, radii, size)
        contrast = _med([p[3] for p in pips])
        s_con = float(np.clip((contrast - t * 0.9) / 30.0, 0.3, 1.0))
        conf = score * (0.6 + 0.4 * s_con)
        pip_area = _med(radii) ** 2 * math.pi
        if odd > ODD_PIPS * pip_area:
            conf *= 0.5  # something pip-sized we could not explain
            detail += " odd"
        if len(pips) > 6:
            continue
        if conf > best.confidence or (best.value == 0 and len(pips) > 0):
            best = FaceRead(len(pips), conf, pips, f"pol{pol} t{t:.0f} {detail}")
    glare = (
        soft_light_blobs(lab, float(face[0]), (0.06 * size) ** 2, exclude=[(p[0], p[1]) for p in best.pips])
        if best.value
        else 0.0
    )
    if glare > 0:
        # a highlight may hide a pip: never be sure then
        best = FaceRead(best.value, best.confidence * 0.5, best.pips, best.detail + " glare")
    return best


def _drop_outliers(pips: list) -> list:
    """Remove blobs whose size is far from the others (stray specks, glare, edges)."""
    if len(pips) <= 2:
        return pips
    r = np.array([p[2] for p in pips])
    med = _med(r)
    keep = [p for p in pips if 0.6 * med <= p[2] <= 1.6 * med]
    return keep if keep else pips


FEAT = 20  # side of the classifier's input map
MODEL = Path(__file__).resolve().parent / "models" / "pipface.npz"


def face_feature(patch: np.ndarray) -> np.ndarray:
    """Polarity- and colour-free map of a face patch for the classifier (FEAT*FEAT floats):
    each pixel's colour distance from the face colour, scaled by the patch's contrast."""
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    s = patch.shape[0]
    m = int(s * 0.1)
    face = np.median(lab[m : s - m, m : s - m].reshape(-1, 3), axis=0)
    d = np.sqrt(((lab - face) ** 2 * np.array([1.0, 2.0, 2.0], np.float32)).sum(axis=2))
    d = cv2.resize(d, (FEAT, FEAT), interpolation=cv2.INTER_AREA)
    scale = max(float(np.percentile(d, 95)), 20.0)
    return np.clip(d / scale, 0, 1.5).reshape(-1).astype(np.float32)


class FaceClassifier:
    """A one-hidden-layer network (weights in a small .npz, trained by
    bench/vision_train_faces.py), run with numpy: a second opinion on a face's value."""

    def __init__(self, path=MODEL):
        z = np.load(path)
        self.W1, self.b1, self.W2, self.b2 = (z[k].astype(np.float32) for k in ("W1", "b1", "W2", "b2"))

    def probs(self, X: np.ndarray) -> np.ndarray:
        X = np.atleast_2d(X)
        h = np.maximum(X @ self.W1 + self.b1, 0)
        z = h @ self.W2 + self.b2
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)


_CLF: list = []


def _classifier():
    """The shipped classifier, loaded once; None if the model file is absent."""
    if not _CLF:
        try:
            _CLF.append(FaceClassifier(MODEL))
        except OSError:
            _CLF.append(None)
    return _CLF[0]


# --------------------------------------------------------------------------- frame

AGREE_P = 0.9  # classifier probability needed to vouch for the pip count
AGREE_MIN = 0.3  # pip-count confidence needed for the classifier to raise it


def _second_opinion(fr: FaceRead, patch: np.ndarray) -> FaceRead:
    """Combine the pip count with the shipped classifier: sure only when both say the same
    value (classifier probability >= AGREE_P, pip layout score >= AGREE_MIN); any
    disagreement makes the die unsure. Without the model file, the pip count stands alone."""
    clf = _classifier()
    if clf is None or fr.value == 0:
        return fr
    p = clf.probs(face_feature(patch))[0]
    k = int(np.argmax(p))
    if k + 1 == fr.value and p[k] >= AGREE_P and fr.confidence >= AGREE_MIN:
        conf = max(fr.confidence, 0.9 + 0.1 * (p[k] - AGREE_P) / (1 - AGREE_P))
    else:
        conf = min(fr.confidence, 0.5)
    return FaceRead(fr.value, float(conf), fr.pips, fr.detail + f" clf{k + 1}:{p[k]:.2f}")


def mask_outside(frame_bgr: np.ndarray, roi: np.ndarray) -> np.ndarray:
    """Paint everything outside ``roi`` (nonzero = tray floor) with the floor's median colour,
    so walls and the table around the tray are neither dice nor background."""
    inside = roi > 0
    if not inside.any():
        return frame_bgr
    out = frame_bgr.copy()
    out[~inside] = np.median(frame_bgr[inside][::7], axis=0).astype(np.uint8)
    return out


def read_dice(
    frame_bgr: np.ndarray,
    expected_count: int | None = None,
    roi: np.ndarray | None = None,
    reader: str = "auto",
) -> DiceReading:
    """Read every pip d6 in a top-down BGR frame.

    ``roi``: optional mask of the tray floor (e.g. ``TrayCalibration.mask(frame.shape)``);
    what lies outside it is ignored. ``reader``: "net" (the learned reader, ``vision.net``),
    "classical" (this module's pip counting), or "auto": the learned one when its model
    files are installed."""
    from . import net

    if reader == "net" or reader == "auto" and net.available():
        return net.read_dice(frame_bgr, expected_count, roi)
    if reader not in ("auto", "classical"):
        raise ValueError(f"reader must be auto, net or classical, not {reader!r}")
    return read_dice_classical(frame_bgr, expected_count, roi)


def read_dice_classical(
    frame_bgr: np.ndarray, expected_count: int | None = None, roi: np.ndarray | None = None
) -> DiceReading:
    """The classical reader: segmentation, top face, pip layouts, and the numpy second opinion."""
    if frame_bgr is None or frame_bgr.ndim != 3:
        raise ValueError("read_dice needs a BGR image (H x W x 3)")
    if roi is not None:
        frame_bgr = mask_outside(frame_bgr, roi)
    h, w = frame_bgr.shape[:2]
    scale = max(h, w) / WORK_SIDE if max(h, w) > WORK_SIDE else 1.0
    work = (
        frame_bgr
        if scale == 1.0
        else cv2.resize(
            frame_bgr, (int(round(w / scale)), int(round(h / scale))), interpolation=cv2.INTER_AREA
        )
    )
    rejects: list[Blob] = []
    blobs = segment_dice(work, rejects=rejects)
    dice: list[Die] = []
    sharp = []
    for b, rejected in [(b, False) for b in blobs] + [(b, True) for b in rejects]:
        rect, ok = refine(frame_bgr, b.rect, scale)
        side = math.sqrt(max(rect[1][0] * rect[1][1], 1.0))
        die_sized = ok and b.s0 > 0 and 0.55 * b.s0 < side < 1.3 * b.s0
        if rejected and not die_sized:
            continue
        patch = warp_face(frame_bgr, rect, scale, inset=0.96)
        fr = read_face(patch)
        if fr.value == 0 and not die_sized:
            continue  # not a die, or nothing we can call a die
        fr = _second_opinion(fr, patch)
        sharp.append(sharpness(cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)))
        (cx, cy), _, ang = b.rect
        if rejected:
            x, y, bw, bh = cv2.boundingRect(cv2.boxPoints(rect).astype(np.float32))
            (cx, cy), _, ang = rect
        else:
            x, y, bw, bh = cv2.boundingRect(b.contour)
        box = (int(round(x * scale)), int(round(y * scale)), int(round(bw * scale)), int(round(bh * scale)))
        # value 0: a die-shaped face whose pips we could not read (always unsure)
        dice.append(
            Die(
                fr.value,
                box,
                float(fr.confidence) if fr.value else 0.0,
                float(ang % 90),
                (cx * scale, cy * scale),
            )
        )
    return finish_reading(dice, sharp, expected_count, CONF_OK)
