"""Icon dice (faces named by the caller): calibrate a small gallery, then read by matching.

Calibration: for each named face, a few frames each showing one die with that face up.
Each die is segmented like a pip die (``vision.pips.segment_dice``), warped upright, and
turned into a colour-independent "ink" map: per pixel, how far it is from the face colour.
The gallery keeps every shot's map at the four 90-degree rotations (the segmentation only
knows the face up to a quarter turn) and is saved as ``gallery.npz`` under the directory
the caller gives.

Reading: each die's ink map is compared with every template (normalised correlation on
maps whose norm is floored, so a blank face stays near zero and matches the blank face);
the face's score is its best template. Confidence comes from the best score and the margin
over the best *other* face name; a thin margin gives an unsure reading.
"""
from __future__ import annotations

from pathlib import Path
import json

import cv2
import numpy as np

from .pips import (Die, DiceReading, finish_reading, segment_dice, warp_face, refine_rect, mask_outside,
                   sharpness, WORK_SIDE)

SIDE = 40                # template side
SHIFT = 3                # +- px searched when matching
CONF_OK = 0.6
GLARE_SHARPNESS = 0.25   # edge gradient / contrast below this: a soft highlight
BLANK_RMS = 0.12         # ink rms below this is a blank face


def ink_map(patch: np.ndarray, side: int = SIDE) -> np.ndarray:
    """Colour-independent map of marks on a face patch: distance from the face colour."""
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    s = patch.shape[0]
    # face colour from a band just inside the face's edge: large icons can cover the centre
    a, b = int(s * 0.06), int(s * 0.2)
    band = np.ones((s, s), bool)
    band[b:s - b, b:s - b] = False
    band[:a, :] = band[-a:, :] = False
    band[:, :a] = band[:, -a:] = False
    face = np.median(lab[band].reshape(-1, 3), axis=0)
    d = np.sqrt(((lab - face) ** 2 * np.array([1.0, 2.0, 2.0])).sum(axis=2))
    # marks touching the patch border are background, side faces or the die's outline;
    # soft-edged light blobs are glare, not printed marks
    mk = (d > 40).astype(np.uint8)
    n, lab_i, stats, _ = cv2.connectedComponentsWithStats(mk, 8)
    if n > 1:
        x, y, bw, bh = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
        edge = (x == 0) | (y == 0) | (x + bw >= s) | (y + bh >= s)
        edge[0] = False
        gx = cv2.Sobel(lab[..., 0], cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(lab[..., 0], cv2.CV_32F, 0, 1, ksize=3)
        grad = np.sqrt(gx * gx + gy * gy) / 8.0
        rim = mk - cv2.erode(mk, np.ones((3, 3), np.uint8))
        inner = np.zeros((s, s), bool)
        q = int(s * 0.15)
        inner[q:s - q, q:s - q] = True
        for i in range(1, n):
            if edge[i]:
                # touching the border but mostly inside the face: a big printed mark, keep
                comp = lab_i == i
                if float(inner[comp].mean()) > 0.6:
                    edge[i] = False
                continue
            comp = lab_i == i
            if float(np.median(lab[..., 0][comp])) <= face[0]:
                continue
            rr = rim.astype(bool) & comp
            if rr.any():
                sharp = float(np.percentile(grad[rr], 75)) / max(float(d[comp].max()), 1.0)
                if sharp < GLARE_SHARPNESS:
                    edge[i] = True
        kill = edge[lab_i]
        kill = cv2.dilate(kill.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        d[kill] = 0
    d = cv2.resize(d, (side, side), interpolation=cv2.INTER_AREA)
    d = cv2.GaussianBlur(d, (0, 0), 0.7)
    # the border carries side faces and the die outline: fade it out
    w = np.ones((side, side), np.float32)
    b = max(1, side // 8)
    w[:b, :] = w[-b:, :] = 0
    w[:, :b] = w[:, -b:] = 0
    w = cv2.GaussianBlur(w, (0, 0), b / 2)
    d = np.clip(d / 60.0, 0, 1.5) * w
    return d.astype(np.float32)


def _normalise(v: np.ndarray) -> np.ndarray:
    """Zero-mean, unit-norm copy (for normalised correlation)."""
    v = v.reshape(-1).astype(np.float32)
    v = v - v.mean()
    return v / max(float(np.linalg.norm(v)), 1e-6)


def _rms(v: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(v, dtype=np.float32))))


class Gallery:
    """Templates per face name."""

    def __init__(self, names: list[str], templates: np.ndarray, labels: np.ndarray, meta: dict | None = None,
                 shots: np.ndarray | None = None):
        self.names = list(names)
        self.templates = templates.astype(np.float32)      # (n, SIDE*SIDE) raw ink maps
        self.labels = labels.astype(np.int32)               # index into names
        # which calibration shot each template came from (4 rotations per shot)
        self.shots = (shots if shots is not None else np.arange(len(labels)) // 4).astype(np.int32)
        self.meta = meta or {}
        self._rms = np.array([_rms(t) for t in self.templates], np.float32)
        self._blank = self._rms < BLANK_RMS
        self._norm = np.stack([_normalise(t) for t in self.templates]) if len(self.templates) else self.templates

    def save(self, directory) -> Path:
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(d / "gallery.npz", templates=self.templates, labels=self.labels, shots=self.shots,
                            names=np.array(self.names), meta=json.dumps(self.meta))
        # a contact sheet a person can look at
        tiles = [(t.reshape(SIDE, SIDE) * 255).clip(0, 255).astype(np.uint8) for t in self.templates[::4]]
        if tiles:
            cv2.imwrite(str(d / "gallery.png"), np.hstack(tiles))
        return d / "gallery.npz"

    @classmethod
    def load(cls, directory) -> "Gallery":
        p = Path(directory)
        if p.is_dir():
            p = p / "gallery.npz"
        z = np.load(p, allow_pickle=False)
        shots = z["shots"] if "shots" in z.files else None
        return cls([str(n) for n in z["names"]], z["templates"], z["labels"], json.loads(str(z["meta"])), shots)

    def scores(self, ink: np.ndarray, shift: int = SHIFT) -> np.ndarray:
        """Best similarity per face name, over small shifts of the die's map."""
        pad = np.pad(ink.astype(np.float32), shift)
        views = []
        for dy in range(0, 2 * shift + 1, 1):
            for dx in range(0, 2 * shift + 1, 1):
                views.append(_normalise(pad[dy:dy + SIDE, dx:dx + SIDE]))
        r = _rms(ink)
        # marked faces: best normalised correlation over shifts, damped when the die is bare
        sim = (self._norm @ np.stack(views).T).max(axis=1) * float(np.clip(r / (2 * BLANK_RMS), 0, 1))
        # blank faces: similarity falls with the amount of ink on the die
        sim = np.where(self._blank, float(np.clip(1.0 - r / (2.5 * BLANK_RMS), 0, 1)), sim)
        # per shot: best rotation; per face: the median shot, so one bad shot cannot dominate
        per_shot = np.full(int(self.shots.max()) + 1, -1.0, np.float32)
        np.maximum.at(per_shot, self.shots, sim)
        shot_label = np.zeros_like(per_shot, dtype=np.int32)
        shot_label[self.shots] = self.labels
        out = np.array([float(np.median(per_shot[shot_label == k])) if np.any(shot_label == k) else -1.0
                        for k in range(len(self.names))], np.float32)
        return out


def _faces_in(frame: np.ndarray):
    """Yield (patch, box, rect, scale) for each die-like blob of a frame."""
    h, w = frame.shape[:2]
    scale = max(h, w) / WORK_SIDE if max(h, w) > WORK_SIDE else 1.0
    work = frame if scale == 1.0 else cv2.resize(frame, (int(round(w / scale)), int(round(h / scale))),
                                                 interpolation=cv2.INTER_AREA)
    for b in segment_dice(work):
        rect = refine_rect(frame, b.rect, scale)
        if min(rect[1]) < 0.8 * min(b.rect[1]):
            # much smaller than the die: probably a big light icon on a dark die whose sides
            # look like its top; the whole die (sides fade out of the ink map) is safer
            rect = b.rect
        patch = warp_face(frame, rect, scale, inset=0.96, size=64)
        x, y, bw, bh = cv2.boundingRect(b.contour)
        box = (int(round(x * scale)), int(round(y * scale)), int(round(bw * scale)), int(round(bh * scale)))
        yield patch, box, b.rect, scale


def calibrate(shots: dict, directory=None) -> Gallery:
    """Build a gallery from ``{face name: [frame, ...]}``; each frame shows one die.

    Frames may be whole camera frames (the largest die found is used) or face crops."""
    names = list(shots)
    temps, labels, shot_ids, skipped = [], [], [], []
    for k, name in enumerate(names):
        for frame in shots[name]:
            sid = len(temps) // 4
            found = list(_faces_in(frame))
            if found:
                patch = max(found, key=lambda f: f[1][2] * f[1][3])[0]
            elif max(frame.shape[:2]) <= 160:
                patch = cv2.resize(frame, (64, 64), interpolation=cv2.INTER_AREA)   # a face crop
            else:
                skipped.append(name)
                continue
            ink = ink_map(patch)
            for r in range(4):
                temps.append(np.ascontiguousarray(np.rot90(ink, r)).reshape(-1))
                labels.append(k)
                shot_ids.append(sid)
    missing = [n for k, n in enumerate(names) if k not in set(labels)]
    if missing:
        raise ValueError(f"no die found in any shot of face(s) {', '.join(missing)}: retake them")
    g = Gallery(names, np.stack(temps), np.array(labels),
                {"shots": {n: len(shots[n]) for n in names}, "skipped": skipped},
                np.array(shot_ids))
    if directory is not None:
        g.save(directory)
    return g


def read_face(patch: np.ndarray, gallery: Gallery) -> tuple[str, float, float]:
    """(face name, confidence, margin) for an upright face patch."""
    sc = gallery.scores(ink_map(patch))
    order = np.argsort(-sc)
    best = float(sc[order[0]])
    second = float(sc[order[1]]) if len(order) > 1 else 0.0
    margin = best - second
    conf = float(np.clip((best - 0.45) / 0.25, 0, 1) * np.clip(margin / 0.2, 0, 1))
    return gallery.names[int(order[0])], conf, margin


def read_icons(frame_bgr: np.ndarray, gallery: Gallery, expected_count: int | None = None,
               roi: np.ndarray | None = None) -> DiceReading:
    """Read every icon die of one kind (one gallery) in a frame (``roi``: tray floor mask)."""
    if isinstance(gallery, (str, Path)):
        gallery = Gallery.load(gallery)
    if roi is not None:
        frame_bgr = mask_outside(frame_bgr, roi)
    dice, sharp = [], []
    for patch, box, rect, scale in _faces_in(frame_bgr):
        name, conf, margin = read_face(patch, gallery)
        sharp.append(sharpness(cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)))
        (cx, cy), _, ang = rect
        dice.append(Die(name, box, conf, float(ang % 90), (cx * scale, cy * scale)))
    return finish_reading(dice, sharp, expected_count, CONF_OK)
