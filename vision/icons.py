"""Icon dice (faces named by the caller): calibrate a small gallery, then read by matching.

Calibration: for each named face, a few frames each showing one die with that face up.
Each die is found by segmentation and its top face fitted (``fit_face``: the square whose four
sides lie on edges, colour-blind); the median fitted side is kept as the dice's face side, the
median face colour as the dice's colour, and how far the light marks are from it as their ink
level. The face is warped upright and turned into a colour-independent "ink" map: per pixel,
how far it is from the face colour; light blobs with soft edges that do not reach the ink
level, and the faint part of a light mark, are glare and left out. The gallery keeps every
shot's map at the four 90-degree rotations (the fit only knows the face up to a quarter turn)
and is saved as ``gallery.npz`` under the directory the caller gives.

Reading: dice are located by the learned detector (``vision.net``) and by segmentation, their
faces fitted at the calibrated side; a face far from the calibrated colour is another kind of
die (or the floor) and is left out. Each die's ink map is compared with every template
(normalised correlation of the map and its gradient magnitude, on maps whose norm is floored,
so a blank face stays near zero and matches the blank face); the face's score is its best
template. Confidence comes from the best score and the margin over the best *other* face
name; a thin margin, or a face with a side missing, gives an unsure reading.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np

from .net import crop_sharpness
from .pips import (
    WORK_SIDE,
    DiceReading,
    Die,
    finish_reading,
    mask_outside,
    segment_dice,
    sharpness,
    warp_face,
)

SIDE = 40  # template side
SHIFT = 5  # +- px searched when matching (a fitted face can be off by an eighth of a side)
CONF_OK = 0.6
BLUR_MIN = 0.05  # median crop_sharpness of the marked faces: sharp synthetic frames >= 0.08,
# blurred 1.5 px per 72 <= 0.045 (bench: docs/vision.md)
GLARE_SHARPNESS = 0.25  # edge gradient / contrast below this: a soft highlight
MARK_SHARE = 0.93  # ... unless its ink reaches this share of the calibrated marks' level
PLATEAU = 0.75  # in a light mark, ink this far below its plateau (and not at its rim) is glare
COLOUR_FAR = 45.0  # a face this far from the calibrated face colour is another die's
HALO = 12.0  # ink (colour distance) still counted as part of a glare's halo
BLANK_RMS = 0.12  # ink rms below this is a blank face
EDGE_WEIGHT = 1.0  # weight of the ink map's outline in matching


def _band(s: int) -> np.ndarray:
    """A band just inside the face's edge: where the face colour shows (large icons can cover
    the centre)."""
    a, b = int(s * 0.06), int(s * 0.2)
    band = np.ones((s, s), bool)
    band[b : s - b, b : s - b] = False
    band[:a, :] = band[-a:, :] = False
    band[:, :a] = band[:, -a:] = False
    return band


def face_colour(patch: np.ndarray, lab: np.ndarray | None = None) -> np.ndarray:
    """The face's colour (Lab, OpenCV's 8-bit scale): the median of the band inside its edge."""
    if lab is None:
        lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    return np.median(lab[_band(patch.shape[0])].reshape(-1, 3), axis=0)


def colour_distance(a, b) -> float:
    """How far apart two face colours are: lightness counts half, as light falls unevenly
    across a tray while a die's hue stays."""
    d = np.asarray(a, np.float32) - np.asarray(b, np.float32)
    return float(math.sqrt(0.25 * d[0] ** 2 + d[1] ** 2 + d[2] ** 2))


def ink_distance(lab: np.ndarray, face) -> np.ndarray:
    """Per pixel, how far a Lab patch is from the face colour (chroma counts double: ink is
    often a colour of about the face's lightness)."""
    return np.sqrt(((lab - face) ** 2 * np.array([1.0, 2.0, 2.0])).sum(axis=2))


def ink_map(
    patch: np.ndarray, side: int = SIDE, drop_glare: bool = True, mark_level: float | None = None
) -> np.ndarray:
    """Colour-independent map of marks on a face patch: distance from the face colour.
    ``drop_glare``: take soft-edged light blobs for glare and leave them out, unless they are
    as far from the face colour as the printed marks (``mark_level``, from calibration): a
    blurred icon has soft edges too, but keeps its ink."""
    return _ink(patch, side, drop_glare, mark_level)[0]


def _ink(patch: np.ndarray, side: int, drop_glare: bool, mark_level: float | None):
    """``ink_map``, and whether glare was left out (else the map is the same either way)."""
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    s = patch.shape[0]
    face = face_colour(patch, lab)
    d = ink_distance(lab, face)
    # marks touching the patch border are background, side faces or the die's outline (cut
    # back to the margin below); soft-edged light blobs are glare, not printed marks
    mk = (d > 40).astype(np.uint8)
    n, lab_i, stats, _ = cv2.connectedComponentsWithStats(mk, 8)
    found = False
    if n > 1:
        x, y, bw, bh = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
        edge = (x == 0) | (y == 0) | (x + bw >= s) | (y + bh >= s)
        edge[0] = False
        glare = np.zeros(n, bool)
        faint = np.zeros((s, s), bool)
        gx = cv2.Sobel(lab[..., 0], cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(lab[..., 0], cv2.CV_32F, 0, 1, ksize=3)
        grad = np.sqrt(gx * gx + gy * gy) / 8.0
        rim = mk - cv2.erode(mk, np.ones((3, 3), np.uint8))
        inner = np.zeros((s, s), bool)
        q = int(s * 0.15)
        inner[q : s - q, q : s - q] = True
        for i in range(1, n):
            comp = lab_i == i
            if float(np.median(lab[..., 0][comp])) <= face[0]:
                continue
            rr = rim.astype(bool) & comp
            if rr.any():
                sharp = float(np.percentile(grad[rr], 75)) / max(float(d[comp].max()), 1.0)
                inked = (
                    mark_level is not None and float(np.percentile(d[comp], 90)) >= MARK_SHARE * mark_level
                )
                if drop_glare and sharp < GLARE_SHARPNESS and not inked:
                    edge[i] = glare[i] = True
                    continue
            # a printed mark is flat; glare merged with it is fainter: keep the mark's plateau
            # and the rim right around it
            top = (comp & (d >= PLATEAU * float(np.percentile(d[comp], 90)))).astype(np.uint8)
            faint |= comp & ~(cv2.dilate(top, np.ones((5, 5), np.uint8)) > 0)
        # what touches the border is cut back to the margin: a mark that merged with an
        # intrusion there (a wall, a neighbour) keeps its inner part
        kill = edge[lab_i] & ~(inner & ~glare[lab_i])
        kill = cv2.dilate(kill.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        found = bool(glare.any())
        if found:
            kill |= _glare_halo(d, lab_i, glare)
        d[kill | faint | ~inner] = 0
    d = cv2.resize(d, (side, side), interpolation=cv2.INTER_AREA)
    d = cv2.GaussianBlur(d, (0, 0), 0.7)
    # the border carries side faces and the die outline: fade it out
    w = np.ones((side, side), np.float32)
    b = max(1, side // 8)
    w[:b, :] = w[-b:, :] = 0
    w[:, :b] = w[:, -b:] = 0
    w = cv2.GaussianBlur(w, (0, 0), b / 2)
    d = np.clip(d / 60.0, 0, 1.5) * w
    return d.astype(np.float32), found


def _glare_halo(d: np.ndarray, lab_i: np.ndarray, glare: np.ndarray) -> np.ndarray:
    """The soft rim around glare: a highlight fades out over several pixels, and what is left
    of it once its core is cut looks like a faint mark. The whole faint region (``d`` above
    ``HALO``) around a glare core goes, unless a printed mark lies in it too; then a wider
    ring around the core only."""
    core = glare[lab_i] & (lab_i > 0)
    marks = (lab_i > 0) & ~glare[lab_i]  # a mark cut by the border is still a mark
    _, low = cv2.connectedComponents((d > HALO).astype(np.uint8), connectivity=8)
    hit = np.unique(low[core])
    shared = np.unique(low[marks])
    whole = np.isin(low, hit[(hit > 0) & ~np.isin(hit, shared)])
    ring = cv2.dilate(core.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    return whole | (ring & ~marks)


def _shifted_features(m: np.ndarray, shift: int = 0) -> np.ndarray:
    """What is correlated, for ``m`` moved by every (dx, dy) in +-``shift``, as rows: the ink
    map and, weighted ``EDGE_WEIGHT``, its gradient magnitude (big filled marks of similar
    extent, like a shield and an arrow, differ mostly in outline), each zero-mean and unit-norm.
    The gradient is computed once on the padded map and the shifted views sliced from it."""
    pad = np.pad(m.reshape(SIDE, SIDE).astype(np.float32), shift)
    g = np.hypot(cv2.Sobel(pad, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(pad, cv2.CV_32F, 0, 1, ksize=3)) / 4
    rows = []
    for a in (pad, g):
        v = np.lib.stride_tricks.sliding_window_view(a, (SIDE, SIDE)).reshape(-1, SIDE * SIDE)
        v = v - v.mean(axis=1, keepdims=True)
        rows.append(v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-6))
    return np.hstack([rows[0], EDGE_WEIGHT * rows[1]]) / math.sqrt(1 + EDGE_WEIGHT**2)


def _rms(v: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(v, dtype=np.float32))))


class Gallery:
    """Templates per face name."""

    def __init__(
        self,
        names: list[str],
        templates: np.ndarray,
        labels: np.ndarray,
        meta: dict | None = None,
        shots: np.ndarray | None = None,
    ):
        self.names = list(names)
        self.templates = templates.astype(np.float32)  # (n, SIDE*SIDE) raw ink maps
        self.labels = labels.astype(np.int32)  # index into names
        # which calibration shot each template came from (4 rotations per shot)
        self.shots = (shots if shots is not None else np.arange(len(labels)) // 4).astype(np.int32)
        self.meta = meta or {}
        self._rms = np.array([_rms(t) for t in self.templates], np.float32)
        self._blank = self._rms < BLANK_RMS
        self._norm = (
            np.vstack([_shifted_features(t) for t in self.templates])
            if len(self.templates)
            else self.templates
        )

    def save(self, directory) -> Path:
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            d / "gallery.npz",
            templates=self.templates,
            labels=self.labels,
            shots=self.shots,
            names=np.array(self.names),
            meta=json.dumps(self.meta),
        )
        # a contact sheet a person can look at
        tiles = [(t.reshape(SIDE, SIDE) * 255).clip(0, 255).astype(np.uint8) for t in self.templates[::4]]
        if tiles:
            cv2.imwrite(str(d / "gallery.png"), np.hstack(tiles))
        return d / "gallery.npz"

    @classmethod
    def load(cls, directory) -> Gallery:
        p = Path(directory)
        if p.is_dir():
            p = p / "gallery.npz"
        z = np.load(p, allow_pickle=False)
        shots = z["shots"] if "shots" in z.files else None
        return cls(
            [str(n) for n in z["names"]], z["templates"], z["labels"], json.loads(str(z["meta"])), shots
        )

    def scores(self, ink: np.ndarray, shift: int = SHIFT) -> np.ndarray:
        """Best similarity per face name, over small shifts of the die's map."""
        views = _shifted_features(ink, shift)
        r = _rms(ink)
        # marked faces: best normalised correlation over shifts, damped when the die is bare
        # OpenCV's product, on the reader's one thread: numpy's BLAS spreads this small product over
        # every core and, with other jobs running, spins for 0.3 s where it needs 0.2 ms
        sim = cv2.gemm(self._norm, views, 1.0, None, 0.0, flags=cv2.GEMM_2_T).max(axis=1) * float(
            np.clip(r / (2 * BLANK_RMS), 0, 1)
        )
        # blank faces: similarity falls with the amount of ink on the die
        sim = np.where(self._blank, float(np.clip(1.0 - r / (2.5 * BLANK_RMS), 0, 1)), sim)
        # per shot: best rotation; per face: the median shot, so one bad shot cannot dominate
        per_shot = np.full(int(self.shots.max()) + 1, -1.0, np.float32)
        np.maximum.at(per_shot, self.shots, sim)
        shot_label = np.zeros_like(per_shot, dtype=np.int32)
        shot_label[self.shots] = self.labels
        out = np.array(
            [
                float(np.median(per_shot[shot_label == k])) if np.any(shot_label == k) else -1.0
                for k in range(len(self.names))
            ],
            np.float32,
        )
        return out


FIT_SIDE = 32  # face side in the working window of the square fit (px)
FIT_EDGE = 4.0  # edge strength (Lab units / px above the window's median) that counts fully
FIT_MIN = 0.5  # mean edge support below this: no square face there, not a die
FIT_OK = 0.6  # below this a side of the face is missing: the reading is at most unsure
FIT_WEAK = 0.8  # a weak detector peak is a die only with a fit this good
NUDGE = 0.15  # an unsure die is read again from its face moved this many sides
FIT_REACH = 0.5  # the face centre is searched within this many sides of the seed


def _window(frame: np.ndarray, cx: float, cy: float, f: float, ang: float, n: int):
    """n x n patch around (cx, cy), scaled by f and rotated by ang degrees (and its matrix)."""
    m = cv2.getRotationMatrix2D((cx, cy), ang, f)
    m[0, 2] += n / 2 - cx
    m[1, 2] += n / 2 - cy
    p = cv2.warpAffine(
        frame, m, (n, n), flags=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return p, m


def _gradients(patch: np.ndarray):
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32) * np.array([1.0, 1.5, 1.5], np.float32)
    return cv2.Sobel(lab, cv2.CV_32F, 1, 0, ksize=3) / 8, cv2.Sobel(lab, cv2.CV_32F, 0, 1, ksize=3) / 8


def _channels(a: np.ndarray) -> np.ndarray:
    """The sum over an H x W x 3 array's channels: ``a.sum(2)``, the same numbers, ten times
    faster (numpy's reduction over a short last axis is slow)."""
    return a[..., 0] + a[..., 1] + a[..., 2]


def _angles(frame, cx, cy, f, n, k=3):
    """The k likeliest face rotations (degrees mod 90): peaks of the histogram of edge
    orientations (structure tensor over the Lab channels) in the ring where the outline lies."""
    gx, gy = _gradients(_window(frame, cx, cy, f, 0.0, n)[0])
    jxx, jyy, jxy = _channels(gx * gx), _channels(gy * gy), _channels(gx * gy)
    w = np.clip(np.sqrt(jxx + jyy) / 6.0, 0, 1)
    phi = np.degrees(0.5 * np.arctan2(2 * jxy, jxx - jyy)) % 90
    yy, xx = np.mgrid[0:n, 0:n] - (n - 1) / 2
    r = np.hypot(xx, yy) / FIT_SIDE
    ring = np.clip((r - 0.35) / 0.1, 0, 1) * np.clip((1.0 - r) / 0.1, 0, 1)
    h = np.bincount((phi // 2).astype(int).ravel() % 45, (w * ring).ravel(), 45)
    h = h + 0.5 * (np.roll(h, 1) + np.roll(h, -1))
    out = []
    for i in np.argsort(-h):
        if h[i] >= h[i - 1] and h[i] >= h[(i + 1) % 45]:
            lo, hi = h[i - 1], h[(i + 1) % 45]
            out.append(((i + 0.5 + (hi - lo) / max(lo + h[i] + hi, 1e-6)) * 2) % 90)
            if len(out) == k:
                break
    return out


def _square_at(frame, cx, cy, f, ang, n, sizes, reach, prior):
    """Best axis-aligned square in the window rotated by ang: (score, (u, v, a), matrix).
    Score: mean clipped edge strength along its four sides (each side's normal component),
    minus ``prior`` * relative distance of its side from FIT_SIDE."""
    p, m = _window(frame, cx, cy, f, ang, n)
    gx, gy = _gradients(p)
    ex, ey = np.sqrt(_channels(gx * gx)), np.sqrt(_channels(gy * gy))
    n0 = float(np.median(ex + ey)) / 2
    ex, ey = np.clip((ex - n0) / FIT_EDGE, 0, 1), np.clip((ey - n0) / FIT_EDGE, 0, 1)
    colsum = np.vstack([np.zeros((1, n), np.float32), np.cumsum(ex, 0)])  # [y, x]: ex[:y, x]
    rowsum = np.hstack([np.zeros((n, 1), np.float32), np.cumsum(ey, 1)])  # [y, x]: ey[y, :x]
    best = (-1.0, None, m)
    for a in sizes:
        lo = max(1, int(math.floor(n / 2 - a / 2 - reach)))
        hi = min(n - a - 2, int(math.ceil(n / 2 - a / 2 + reach)))
        if hi < lo:
            continue
        # every square of side a with its corner (u, v) in [lo, hi]^2 at once: rows are v, columns u
        top, bot, left, right = (
            slice(lo, hi + 1),
            slice(lo + a, hi + 1 + a),
            slice(lo, hi + 1),
            slice(lo + a, hi + 1 + a),
        )
        s = (
            colsum[bot, left]
            - colsum[top, left]
            + colsum[bot, right]
            - colsum[top, right]
            + rowsum[top, right]
            - rowsum[top, left]
            + rowsum[bot, right]
            - rowsum[bot, left]
        ) / (4 * a)
        s -= prior * abs(a / FIT_SIDE - 1)
        i = int(s.argmax())
        if s.flat[i] > best[0]:
            v, u = divmod(i, hi + 1 - lo)
            best = (float(s.flat[i]), (lo + u, lo + v, a), m)
    return best


def fit_face(frame: np.ndarray, cx: float, cy: float, side: float, known: bool = True):
    """The top face of the die near (cx, cy) whose face is about ``side`` px: (rect, score).

    Colour-blind: the face is the square whose four sides lie on edges. Its rotation comes
    from the orientation histogram; its side is searched within +-12 % of ``side`` (``known``:
    the calibrated side, held to it; else a rough guess, searched -40 %..+35 % freely) and its
    centre within +-half a face of (cx, cy). Score: mean edge support of its sides (0..1)."""
    f = FIT_SIDE / side
    n = int(2.6 * FIT_SIDE)
    if known:
        sizes, prior = range(int(FIT_SIDE * 0.88), int(FIT_SIDE * 1.12) + 1), 0.5
    else:
        sizes, prior = range(int(FIT_SIDE * 0.6), int(FIT_SIDE * 1.35) + 1), 0.0
    reach = FIT_SIDE * FIT_REACH
    best = None
    for ang in _angles(frame, cx, cy, f, n):
        r = _square_at(frame, cx, cy, f, ang, n, sizes, reach, prior)
        if r[1] is not None and (best is None or r[0] > best[0][0]):
            best = (r, ang)
    if best is None:
        return None, 0.0
    for d in (-1.2, 1.2):
        r = _square_at(frame, cx, cy, f, best[1] + d, n, sizes, reach, prior)
        if r[1] is not None and r[0] > best[0][0]:
            best = (r, best[1] + d)
    (score, (u, v, a), m), ang = best
    fx, fy = cv2.invertAffineTransform(m) @ np.array([u + a / 2, v + a / 2, 1.0])
    return ((float(fx), float(fy)), (a / f, a / f), float(ang)), score + prior * abs(a / FIT_SIDE - 1)


def _faces_in(frame: np.ndarray, face_side: float | None = None, detector: bool = True):
    """Yield (patch, box, rect, fit score) for each die of a frame, best fit first.

    Dice are found by the learned detector (``vision.net``, when its model is installed and
    ``detector`` is true) and by classical segmentation; either only gives a centre and a
    rough size. The top face is
    then fitted (``fit_face``) with the calibrated face side when known; two dice fitted onto
    the same face, or a fit with no square there, are dropped."""
    from . import net

    seeds = []  # (cx, cy, rough face side, fit score needed)
    if detector and net.available():
        # a weak detector peak (a plain face gives the detector little to go on) is a die only
        # if a whole square face is fitted there. Touching dice pull their peaks together: every
        # peak is a seed, and the fits tell the dice apart
        seeds = [
            (cx, cy, side * 0.8, FIT_MIN if score >= net.DET_MIN else FIT_WEAK)
            for cx, cy, side, score in net.candidates(frame, net.TWIN)
            if score >= net.DET_MAYBE
        ]
    # segmentation finds what the detector missed (a plain black face by a dark wall or by a
    # twin); beside the detector's seeds, its seeds need a whole square face
    h, w = frame.shape[:2]
    scale = max(h, w) / WORK_SIDE if max(h, w) > WORK_SIDE else 1.0
    work = (
        frame
        if scale == 1.0
        else cv2.resize(frame, (int(round(w / scale)), int(round(h / scale))), interpolation=cv2.INTER_AREA)
    )
    need = FIT_WEAK if seeds else FIT_MIN
    for b in segment_dice(work):
        (cx, cy), (bw, bh), _ = b.rect
        seeds.append((cx * scale, cy * scale, max(bw, bh) * scale, need))
    kept = []
    for cx, cy, rough, need in sorted(seeds, key=lambda s: s[3]):
        if any(math.hypot(cx - k[1][0][0], cy - k[1][0][1]) < 0.5 * k[1][1][0] for k in kept):
            continue  # inside a face already found
        rect, score = fit_face(frame, cx, cy, face_side or rough, face_side is not None)
        if rect is None or score < need:
            continue
        (fx, fy), (s, _), _ = rect
        twin = [i for i, k in enumerate(kept) if math.hypot(fx - k[1][0][0], fy - k[1][0][1]) < 0.6 * s]
        if not twin:
            kept.append((score, rect))
        elif score > kept[twin[0]][0]:
            kept[twin[0]] = (score, rect)  # two seeds on one die: the better fit
    kept.sort(key=lambda t: -t[0])
    for score, rect in kept:
        (cx, cy), (s, _), ang = rect
        patch = warp_face(frame, rect, 1.0, inset=0.96, size=64)
        half = s * (abs(math.cos(math.radians(ang))) + abs(math.sin(math.radians(ang)))) / 2
        box = (int(round(cx - half)), int(round(cy - half)), int(round(2 * half)), int(round(2 * half)))
        yield patch, box, rect, score


def calibrate(shots: dict, directory=None) -> Gallery:
    """Build a gallery from ``{face name: [frame, ...]}``; each frame shows one die.

    Frames may be whole camera frames (the largest die found is used) or face crops."""
    names = list(shots)
    # the face side in pixels: every shot's best fit with a free size (dice of a kind are
    # all alike and the camera is fixed, so reading holds faces to this side). A shot shows
    # one die on a plain surface: classical segmentation finds it more surely than the detector
    sides = [
        next(iter(found))[2][1][0]
        for frames in shots.values()
        for frame in frames
        if (found := list(_faces_in(frame, detector=False)))
    ]
    face_side = float(np.median(sides)) if sides else None
    patches, skipped = [], []
    for k, name in enumerate(names):
        for frame in shots[name]:
            found = list(_faces_in(frame, face_side, detector=False)) if face_side else []
            if found:
                patches.append((k, found[0][0]))  # the best fitted face
            elif max(frame.shape[:2]) <= 160:
                patches.append((k, cv2.resize(frame, (64, 64), interpolation=cv2.INTER_AREA)))  # a face crop
            else:
                skipped.append(name)
    levels = [v for _, patch in patches if (v := light_mark_level(patch)) is not None]
    level = float(np.median(levels)) if levels else None
    temps, labels, shot_ids = [], [], []
    for sid, (k, patch) in enumerate(patches):
        ink = ink_map(patch, mark_level=level)
        for r in range(4):
            temps.append(np.ascontiguousarray(np.rot90(ink, r)).reshape(-1))
            labels.append(k)
            shot_ids.append(sid)
    colours = [face_colour(patch) for _, patch in patches]
    missing = [n for k, n in enumerate(names) if k not in set(labels)]
    if missing:
        raise ValueError(f"no die found in any shot of face(s) {', '.join(missing)}: retake them")
    g = Gallery(
        names,
        np.stack(temps),
        np.array(labels),
        {
            "shots": {n: len(shots[n]) for n in names},
            "skipped": skipped,
            "face_side": face_side,
            "face_lab": [round(float(v), 1) for v in np.median(colours, axis=0)],
            "mark_level": None if level is None else round(level, 1),
        },
        np.array(shot_ids),
    )
    if directory is not None:
        g.save(directory)
    return g


def light_mark_level(patch: np.ndarray) -> float | None:
    """How far a face's light marks are from its colour (90th percentile), None if it has
    none: glare is rarely as far, a blurred icon still is."""
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    face = face_colour(patch, lab)
    d = ink_distance(lab, face)
    s = patch.shape[0]
    q = int(s * 0.15)
    light = (d > 40) & (lab[..., 0] > face[0])
    light[:q], light[-q:], light[:, :q], light[:, -q:] = False, False, False, False
    if light.sum() < 0.03 * s * s:
        return None
    return float(np.percentile(d[light], 90))


def read_face(patch: np.ndarray, gallery: Gallery) -> tuple[str, float, float]:
    """(face name, confidence, margin) for an upright face patch.

    Soft light blobs are read as glare; if the face read with them kept is surely another face,
    they may be a blurred icon instead: the die is unsure."""
    ink, glare = _ink(patch, SIDE, True, gallery.meta.get("mark_level"))
    name, conf, margin = _best(gallery, ink)
    if conf >= CONF_OK and glare:
        other, c2, _ = _best(gallery, ink_map(patch, drop_glare=False))
        if other != name and c2 >= CONF_OK:
            conf = min(conf, CONF_OK - 0.01)
    return name, conf, margin


def _best(gallery: Gallery, ink: np.ndarray) -> tuple[str, float, float]:
    sc = gallery.scores(ink)
    order = np.argsort(-sc)
    best = float(sc[order[0]])
    second = float(sc[order[1]]) if len(order) > 1 else 0.0
    margin = best - second
    conf = float(np.clip((best - 0.45) / 0.25, 0, 1) * np.clip(margin / 0.2, 0, 1))
    return gallery.names[int(order[0])], conf, margin


def _read_nudged(frame: np.ndarray, rect, gallery: Gallery, name: str, conf: float) -> tuple[str, float]:
    """An unsure die read again from its face moved ``NUDGE`` sides along each of its axes: a
    die against a wall of its own colour, or touching a twin, shows no edge on that side and
    the fit slides off it. The nudged readings count only if the sure ones all name one face;
    else the first reading stands."""
    (cx, cy), (s, _), ang = rect
    a = math.radians(ang)
    sure = []
    for ux, uy in ((math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))):
        for sign in (1, -1):
            d = sign * NUDGE * s
            moved = ((cx + d * ux, cy + d * uy), rect[1], ang)
            n, c, _ = read_face(warp_face(frame, moved, 1.0, inset=0.96, size=64), gallery)
            if c >= CONF_OK:
                sure.append((c, n))
    if len({n for _, n in sure}) == 1:
        return sure[0][1], max(c for c, _ in sure)
    return name, conf


def read_icons(
    frame_bgr: np.ndarray, gallery: Gallery, expected_count: int | None = None, roi: np.ndarray | None = None
) -> DiceReading:
    """Read every icon die of one kind (one gallery) in a frame (``roi``: tray floor mask)."""
    if isinstance(gallery, (str, Path)):
        gallery = Gallery.load(gallery)
    if roi is not None:
        frame_bgr = mask_outside(frame_bgr, roi)
    dice, sharp, marked = [], [], []
    colour = gallery.meta.get("face_lab")
    plain = {gallery.names[k] for k, b in zip(gallery.labels, gallery._blank) if b}
    for patch, box, rect, fit in _faces_in(frame_bgr, gallery.meta.get("face_side")):
        if colour is not None and colour_distance(face_colour(patch), colour) > COLOUR_FAR:
            continue  # not this kind of die (or no die: the floor)
        name, conf, margin = read_face(patch, gallery)
        if conf < CONF_OK:
            name, conf = _read_nudged(frame_bgr, rect, gallery, name, conf)
        if fit < FIT_OK:
            conf = min(conf, CONF_OK - 0.01)  # a side of the face is missing: maybe not this die's face
        sharp.append(sharpness(cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)))
        if name not in plain:
            marked.append(crop_sharpness(patch))
        dice.append(Die(name, box, conf, float(rect[2] % 90), rect[0]))
    # blur shows on the marks, measured against their contrast (the raw Laplacian variance is
    # low on big plain icons); with no marked face in view, the raw measure is all there is
    if marked:
        return finish_reading(dice, marked, expected_count, CONF_OK, BLUR_MIN)
    return finish_reading(dice, sharp, expected_count, CONF_OK)
