"""Field-goal judge: did the tossed die come to rest at least halfway inside the posts?

Calibration (once, from a photo of the empty lid): the green area (largest green region,
as a convex polygon) and the two uprights (yellow/light bars near its left and right
edges), plus the camera model needed for parallax: the optical axis (image centre unless
given) and the camera height in table pixels (``camera_height_px``; measure it once: the
lens height over the table divided by the size of one table pixel). Saved as JSON.

Judging: the die is what changed between the frame before and the frame after the toss.
The camera sees the die's top face, displaced outward from the optical axis by about
h * r / (H - h) and magnified by H / (H - h) (h = die height = its side, H = camera height,
r = distance from the axis). We find the top face (the brightest square part of the changed
region), undo the parallax to get the resting footprint, and measure the fraction of the
footprint's area that lies inside the goal region (between the posts, i.e. the green area
bounded by the uprights). A fraction within ``band`` of 0.5 is "too_close".

The two frames need not be taken alike: the before frame is first moved by the camera's nudge
between them (``camera_nudge``; the die is then taken back to the before frame, which the
calibration fits) and brought to the after frame's light (``light_change``: another exposure,
white balance, a lamp switched on), so only the die is left changed. A top face at the sensor's
ceiling is told from its sides by a stricter threshold (``CLIPPED_TOP``); a dim lid reference is
brightened before the uprights are looked for.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

BAND = 0.06  # |fraction - 0.5| below this is too close to call
GREEN_HSV_LO, GREEN_HSV_HI = (35, 60, 40), (90, 255, 255)  # the green area
UPRIGHT_HSV_LO, UPRIGHT_HSV_HI = (20, 120, 180), (34, 255, 255)  # yellow uprights (not cardboard)
EXPOSED = 225  # a well exposed lid photo's brightest 0.1 % (value) lie at or above this
MOST_GAIN = 4.0  # a dim lid photo is brightened at most this much
CLIPPED = 250  # a channel at or above this may be clipped by the sensor
CLIPPED_TOP = 0.94  # a top face at the ceiling: its pixels above this share of its level
LIGHT_BLOCKS = 24  # the light's change is measured on blocks of 1/24 of the shorter side ...
LIGHT_WINDOW = 7  # ... and its median taken over 7 x 7 blocks
NUDGE_MIN, NUDGE_MAX = 0.5, 12.0  # px: a camera nudge smaller is ignored, larger is not a nudge


@dataclass
class LidCalibration:
    green: list  # [[x, y], ...] convex polygon, image px
    uprights: list  # [[[x1, y1], [x2, y2]], [[x1, y1], [x2, y2]]]
    axis: list  # [cx, cy] optical axis in the image
    camera_height_px: float  # camera height over the lid, in lid-plane pixels
    image_size: list = field(default_factory=list)

    def goal_polygon(self) -> np.ndarray:
        """Region between the posts: the quadrilateral spanned by the two uprights' centre
        lines (the green area if the uprights were not found)."""
        if len(self.uprights) == 2:
            pts = np.array(self.uprights[0] + self.uprights[1], np.float32)
            return cv2.convexHull(pts).reshape(-1, 2)
        return np.array(self.green, np.float32)

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(asdict(self), indent=1))

    @classmethod
    def load(cls, path) -> LidCalibration:
        return cls(**json.loads(Path(path).read_text()))


@dataclass
class KickVerdict:
    verdict: str  # "good" | "no_good" | "too_close" (or "no_die")
    inside_fraction: float
    die_box: tuple | None = None  # bounding box of what changed (x, y, w, h)
    top_face: list | None = None  # 4 points as seen
    footprint: list | None = None  # 4 points after the parallax correction
    confidence: float = 0.0
    reasons: list = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "verdict": self.verdict,
            "inside_fraction": round(float(self.inside_fraction), 3),
            "die_box": list(self.die_box) if self.die_box else None,
            "footprint": [[round(float(v), 1) for v in p] for p in self.footprint]
            if self.footprint
            else None,
            "confidence": round(float(self.confidence), 3),
            "reasons": list(self.reasons),
        }


# --------------------------------------------------------------------------- calibration


def calibrate_lid(reference_bgr: np.ndarray, camera_height_px: float, axis=None) -> LidCalibration:
    """Locate the green area and the two uprights on a photo of the empty lid."""
    h, w = reference_bgr.shape[:2]
    hsv = cv2.cvtColor(reference_bgr, cv2.COLOR_BGR2HSV)
    # the uprights' brightness test assumes a well exposed photo: bring a dim one up to it
    # (HSV's value is the brightest channel, as vision.exposure measures it)
    from vision.exposure import level as exposure_level

    level = exposure_level(reference_bgr)
    if 0 < level < EXPOSED:
        hsv[..., 2] = cv2.convertScaleAbs(hsv[..., 2], alpha=min(EXPOSED / level, MOST_GAIN))
    green = cv2.inRange(hsv, GREEN_HSV_LO, GREEN_HSV_HI)
    green = cv2.morphologyEx(green, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    cs, _ = cv2.findContours(green, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not cs:
        raise ValueError("no green lid in view")
    c = max(cs, key=cv2.contourArea)
    hull = cv2.convexHull(c)
    poly = cv2.approxPolyDP(hull, 0.01 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(poly) != 4:
        poly = cv2.boxPoints(cv2.minAreaRect(c))
    # uprights: bright, saturated yellow bars
    yel = cv2.inRange(hsv, UPRIGHT_HSV_LO, UPRIGHT_HSV_HI)
    yel = cv2.morphologyEx(yel, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    cs, _ = cv2.findContours(yel, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    bars = []
    for cc in cs:
        (cx, cy), (rw, rh), ang = cv2.minAreaRect(cc)
        if max(rw, rh) < 0.2 * min(h, w) or max(rw, rh) < 4 * min(rw, rh):
            continue
        # refine on brightness, which (unlike JPEG's subsampled colour) is sharp and symmetric:
        # threshold halfway between the bar and its surroundings, near the bar only
        one = np.zeros(yel.shape, np.uint8)
        cv2.drawContours(one, [cc], -1, 255, cv2.FILLED)
        near = cv2.dilate(one, np.ones((9, 9), np.uint8))
        ring = (near > 0) & (cv2.dilate(one, np.ones((5, 5), np.uint8)) == 0)
        v = hsv[..., 2]
        thr = (float(np.median(v[one > 0])) + float(np.median(v[ring]))) / 2 if ring.any() else 180.0
        ys, xs = np.nonzero((near > 0) & (v > thr))
        pts = (
            np.stack([xs, ys], axis=1).astype(np.float32)
            if len(xs) > 10
            else cc.reshape(-1, 2).astype(np.float32)
        )
        vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_L2, 0, 0.01, 0.01).reshape(-1)
        t = (pts[:, 0] - x0) * vx + (pts[:, 1] - y0) * vy
        bars.append(
            (
                cx,
                [
                    [float(x0 + vx * t.min()), float(y0 + vy * t.min())],
                    [float(x0 + vx * t.max()), float(y0 + vy * t.max())],
                ],
                max(rw, rh),
            )
        )
    bars.sort(key=lambda b: -b[2])
    bars = sorted(bars[:2], key=lambda b: b[0])
    uprights = [b[1] for b in bars] if len(bars) == 2 else []
    if axis is None:
        axis = [w / 2.0, h / 2.0]
    return LidCalibration(
        [[float(x), float(y)] for x, y in poly],
        uprights,
        [float(axis[0]), float(axis[1])],
        float(camera_height_px),
        [w, h],
    )


# --------------------------------------------------------------------------- judging


def camera_nudge(before, after) -> tuple:
    """(dx, dy): how far the lid moved in the frame between ``before`` and ``after`` (the camera
    nudged by a hand, a knock on the table), by phase correlation of the grey frames (the lid's
    edges and texture decide it; the die is too small to). (0, 0) below ``NUDGE_MIN`` px."""
    a = cv2.cvtColor(before, cv2.COLOR_BGR2GRAY).astype(np.float32)
    b = cv2.cvtColor(after, cv2.COLOR_BGR2GRAY).astype(np.float32)
    win = cv2.createHanningWindow((a.shape[1], a.shape[0]), cv2.CV_32F)
    (dx, dy), _ = cv2.phaseCorrelate(a, b, win)
    if math.hypot(dx, dy) < NUDGE_MIN or math.hypot(dx, dy) > NUDGE_MAX:
        return 0.0, 0.0
    return float(dx), float(dy)


def light_change(before, after) -> np.ndarray:
    """The change of the light between the frames, per pixel and channel: a smooth gain ``g`` with
    after = before * g wherever nothing was moved. Another exposure or white balance makes it
    even, a lamp switched on a broad pool. Measured as the mean log ratio on blocks (the shorter
    side cut in ``LIGHT_BLOCKS``), then the median over ``LIGHT_WINDOW`` x ``LIGHT_WINDOW`` blocks,
    so a die and its shadow (a few blocks) do not count; clipped and black pixels are left out."""
    h, w = before.shape[:2]
    n = max(4, min(h, w) // LIGHT_BLOCKS)
    gh, gw = -(-h // n), -(-w // n)
    b = cv2.copyMakeBorder(before, 0, gh * n - h, 0, gw * n - w, cv2.BORDER_CONSTANT, value=0)
    a = cv2.copyMakeBorder(after, 0, gh * n - h, 0, gw * n - w, cv2.BORDER_CONSTANT, value=0)
    bc, ac = cv2.split(b), cv2.split(a)
    ok = (
        (cv2.max(cv2.max(bc[0], bc[1]), bc[2]) < CLIPPED)
        & (cv2.max(cv2.max(ac[0], ac[1]), ac[2]) < CLIPPED)
        & (cv2.min(cv2.min(bc[0], bc[1]), bc[2]) > 8)
        & (cv2.min(cv2.min(ac[0], ac[1]), ac[2]) > 8)
    )
    okf = ok.astype(np.float32)
    lr = cv2.log((a.astype(np.float32) + 1.0) / (b.astype(np.float32) + 1.0)) * okf[..., None]
    cnt = cv2.resize(okf, (gw, gh), interpolation=cv2.INTER_AREA)
    mean = cv2.resize(lr, (gw, gh), interpolation=cv2.INTER_AREA) / np.maximum(cnt, 1e-6)[..., None]
    mean[cnt < 0.25] = np.nan
    r = LIGHT_WINDOW // 2
    win = np.lib.stride_tricks.sliding_window_view(
        np.pad(mean, ((r, r), (r, r), (0, 0)), constant_values=np.nan),
        (LIGHT_WINDOW, LIGHT_WINDOW),
        axis=(0, 1),
    )
    win = np.sort(win.reshape(gh, gw, 3, -1), axis=3)  # NaN (no block) sorts last
    k = (~np.isnan(win)).sum(axis=3, keepdims=True)
    lo = np.take_along_axis(win, np.maximum(k - 1, 0) // 2, axis=3)
    hi = np.take_along_axis(win, k // 2 - (k == 0), axis=3)
    grid = np.where(k > 0, (lo + hi) / 2, np.nan)[..., 0]
    grid = np.nan_to_num(grid, nan=float(np.nanmedian(grid)) if np.isfinite(grid).any() else 0.0)
    gain = cv2.resize(np.exp(grid).astype(np.float32), (gw * n, gh * n), interpolation=cv2.INTER_LINEAR)
    return gain[:h, :w]


def _changed(before, after):
    """Mask of what changed (and the difference), comparing ``after`` with ``before`` brought to
    the after's light (clipped where the after's sensor would clip it too)."""
    pred = cv2.convertScaleAbs(cv2.multiply(before.astype(np.float32), light_change(before, after)))
    dc = cv2.split(cv2.absdiff(cv2.GaussianBlur(pred, (5, 5), 0), cv2.GaussianBlur(after, (5, 5), 0)))
    d = cv2.max(cv2.max(dc[0], dc[1]), dc[2])
    t, m = cv2.threshold(d, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    m = ((d > max(25, t)) * 255).astype(np.uint8)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    return m, d


def find_top_face(before, after, nudge=(0.0, 0.0)):
    """(top face rotated rect, changed-region box) of the die, or (None, None), in the after
    frame. ``nudge``: the after frame's shift against the before frame (``camera_nudge``); the
    before frame is moved along before the two are compared."""
    if nudge != (0.0, 0.0):
        mv = np.float32([[1, 0, nudge[0]], [0, 1, nudge[1]]])
        before = cv2.warpAffine(
            before,
            mv,
            (before.shape[1], before.shape[0]),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
    m, d = _changed(before, after)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(m, 8)
    if n <= 1:
        return None, None
    k = 1 + int(np.argmax(stats[1:, 4]))
    x, y, bw, bh, area = stats[k]
    comp = (lab == k).astype(np.uint8)
    # the top face is the brightest part of the changed region (sides and shadow are darker)
    g = cv2.cvtColor(after, cv2.COLOR_BGR2GRAY)
    vals = g[comp > 0]
    t, _ = cv2.threshold(vals.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # sides in shade can fall on the bright side of Otsu: keep only near the brightest. A top
    # face at the sensor's ceiling is brighter than it reads, its sides closer to it than 0.85:
    # then only what is near the ceiling is the top
    top_level = float(np.percentile(vals, 95))
    t = max(float(t), (CLIPPED_TOP if top_level >= CLIPPED else 0.85) * top_level)
    top = ((g > t) & (comp > 0)).astype(np.uint8)
    kk = max(3, int(math.sqrt(area) * 0.25) | 1)
    if top_level >= CLIPPED:  # single bright specks of the sides, near the ceiling, are not the top
        top = cv2.morphologyEx(top, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    top = cv2.morphologyEx(top, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (kk, kk)))
    cs, _ = cv2.findContours(top, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not cs:
        return None, (int(x), int(y), int(bw), int(bh))
    c = max(cs, key=cv2.contourArea)
    c = cv2.convexHull(c)
    rect = cv2.minAreaRect(c)
    return rect, (int(x), int(y), int(bw), int(bh))


def footprint_from_top(rect, cal: LidCalibration) -> np.ndarray:
    """Undo parallax: top face (as seen) -> resting footprint on the lid plane.

    Seen top side t = s * H / (H - s) for a cube of side s, so s = t * H / (H + t); the top's
    points are axis + (p - axis) * H / (H - s), hence p = axis + (q - axis) * (H - s) / H."""
    (cx, cy), (rw, rh), ang = rect
    t = math.sqrt(max(rw * rh, 1.0))
    H = float(cal.camera_height_px)
    s = t * H / (H + t)
    q = cv2.boxPoints(((cx, cy), (t, t), ang)).astype(np.float64)
    ax = np.array(cal.axis, np.float64)
    return (ax + (q - ax) * (H - s) / H).astype(np.float32)


def inside_fraction(footprint: np.ndarray, cal: LidCalibration) -> float:
    area = abs(cv2.contourArea(footprint.astype(np.float32)))
    if area <= 0:
        return 0.0
    inter, _ = cv2.intersectConvexConvex(footprint.astype(np.float32), cal.goal_polygon().astype(np.float32))
    return float(np.clip(inter / area, 0.0, 1.0))


def judge(
    before: np.ndarray, after: np.ndarray, calibration: LidCalibration, band: float = BAND
) -> KickVerdict:
    """Verdict for one toss from the frames before and after it."""
    if isinstance(calibration, (str, Path)):
        calibration = LidCalibration.load(calibration)
    nudge = camera_nudge(before, after)
    rect, box = find_top_face(before, after, nudge)
    if rect is None:
        return KickVerdict("no_die", 0.0, box, reasons=["no die found in the difference of the two frames"])
    if nudge != (0.0, 0.0):
        # the calibration holds for the before frame: take the top face back to it
        (cx, cy), wh, ang = rect
        rect = ((cx - nudge[0], cy - nudge[1]), wh, ang)
    fp = footprint_from_top(rect, calibration)
    frac = inside_fraction(fp, calibration)
    reasons = []
    if abs(frac - 0.5) < band:
        verdict = "too_close"
        reasons.append(f"{frac:.0%} inside: within {band:.0%} of halfway, too close to call")
    elif frac >= 0.5:
        verdict = "good"
        reasons.append(f"{frac:.0%} of the die's footprint is inside the posts")
    else:
        verdict = "no_good"
        reasons.append(f"only {frac:.0%} of the die's footprint is inside the posts")
    if nudge != (0.0, 0.0):
        reasons.append(
            f"the camera moved by ({nudge[0]:+.1f}, {nudge[1]:+.1f}) px between the frames; corrected"
        )
    conf = float(np.clip(abs(frac - 0.5) / 0.5, 0, 1))
    top = cv2.boxPoints(rect).tolist()
    return KickVerdict(verdict, frac, box, top, fp.tolist(), conf, reasons)


def annotate(after: np.ndarray, v: KickVerdict, cal: LidCalibration) -> np.ndarray:
    """An image that shows why: goal region, posts, the seen top face, the footprint; lines and
    the verdict sized to the photo (``vision.drawing``)."""
    from vision.drawing import caption, unit

    img = after.copy()
    u = unit(img)
    cv2.polylines(img, [cal.goal_polygon().astype(np.int32).reshape(-1, 1, 2)], True, (0, 255, 0), 2 * u)
    for a, b in cal.uprights:
        cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), (0, 255, 255), 2 * u)
    ax = tuple(int(v) for v in cal.axis)
    cv2.drawMarker(img, ax, (255, 255, 255), cv2.MARKER_CROSS, 20 * u, u)
    if v.top_face:
        cv2.polylines(img, [np.array(v.top_face, np.int32).reshape(-1, 1, 2)], True, (255, 128, 0), u)
    if v.footprint:
        fp = np.array(v.footprint, np.float32)
        cv2.polylines(img, [fp.astype(np.int32).reshape(-1, 1, 2)], True, (0, 0, 255), 2 * u)
        c = tuple(int(x) for x in fp.mean(axis=0))
        cv2.line(img, ax, c, (200, 200, 200), u)
    col = {"good": (0, 200, 0), "no_good": (0, 0, 255), "too_close": (0, 200, 255)}.get(
        v.verdict, (200, 200, 200)
    )
    caption(img, f"{v.verdict.replace('_', ' ').upper()}  {v.inside_fraction:.0%} inside", col, size=0.7)
    return img
