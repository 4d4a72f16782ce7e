"""Tray calibration and settle detection.

- ``marker_sheet()``: a printable sheet with four ArUco markers (DICT_4X4_50, ids 0-3:
  top-left, top-right, bottom-right, bottom-left) to put at the tray's corners. The project
  ships it as ``vision/assets/tray-markers.png`` (A4 at 150 dpi).
- ``locate_by_markers(frame)``: the tray quadrilateral from the markers' inner corners.
- ``locate_by_reference(empty_tray)``: the tray floor from a photo of the empty tray (the
  largest uniform region around the centre).
- ``TrayCalibration``: the quadrilateral, saved as JSON; ``rectify(frame)`` warps the tray to
  a top-down rectangle; ``mask(shape)`` is the floor as a mask.
- ``SettleDetector``: feed it frames; it reports stable once the scene has been still for
  ``still_frames`` frames in a row and a further frame confirms (same dice layout).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

DICT = cv2.aruco.DICT_4X4_50
ASSET = Path(__file__).resolve().parent / "assets" / "tray-markers.png"


def _dictionary():
    return cv2.aruco.getPredefinedDictionary(DICT)


def _marker(mid: int, side: int) -> np.ndarray:
    d = _dictionary()
    if hasattr(cv2.aruco, "generateImageMarker"):
        return cv2.aruco.generateImageMarker(d, mid, side)
    return cv2.aruco.drawMarker(d, mid, side)  # OpenCV < 4.7


def marker_sheet(path=None, dpi: int = 150, marker_mm: float = 30.0) -> np.ndarray:
    """A4 portrait sheet with four markers in its corners and cut lines; optionally saved."""
    mm = dpi / 25.4
    w, h = int(round(210 * mm)), int(round(297 * mm))
    sheet = np.full((h, w), 255, np.uint8)
    side = int(round(marker_mm * mm))
    margin = int(round(15 * mm))
    pos = [
        (margin, margin),
        (w - margin - side, margin),
        (w - margin - side, h - margin - side),
        (margin, h - margin - side),
    ]
    for mid, (x, y) in enumerate(pos):
        sheet[y : y + side, x : x + side] = _marker(mid, side)
        cv2.putText(
            sheet,
            f"id {mid}",
            (x, y + side + int(6 * mm)),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.6 * dpi / 150,
            0,
            1,
            cv2.LINE_AA,
        )
        # dashed cut guide around each marker (leave a white quiet zone)
        q = int(round(5 * mm))
        cv2.rectangle(sheet, (x - q, y - q), (x + side + q, y + side + q), 160, 1)
    cv2.putText(
        sheet,
        "Dungeon Companion tray markers: cut out, place ids 0-3 clockwise from",
        (margin, h // 2 - 20),
        cv2.FONT_HERSHEY_SIMPLEX,
        0.5 * dpi / 150,
        0,
        1,
        cv2.LINE_AA,
    )
    cv2.putText(
        sheet,
        "the tray's top-left corner, markers inside the corners, flat and upright.",
        (margin, h // 2 + 10),
        cv2.FONT_HERSHEY_SIMPLEX,
        0.5 * dpi / 150,
        0,
        1,
        cv2.LINE_AA,
    )
    if path is not None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(path), sheet)
    return sheet


def detect_markers(frame: np.ndarray):
    """{id: 4x2 corners} of the tray markers found in a BGR or gray frame."""
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    d = _dictionary()
    if hasattr(cv2.aruco, "ArucoDetector"):
        det = cv2.aruco.ArucoDetector(d, cv2.aruco.DetectorParameters())
        corners, ids, _ = det.detectMarkers(gray)
    else:  # OpenCV < 4.7
        corners, ids, _ = cv2.aruco.detectMarkers(gray, d, parameters=cv2.aruco.DetectorParameters_create())
    out = {}
    if ids is not None:
        for c, i in zip(corners, ids.reshape(-1)):
            if 0 <= int(i) <= 3:
                out[int(i)] = c.reshape(4, 2).astype(np.float32)
    return out


@dataclass
class TrayCalibration:
    corners: list  # 4 x [x, y]: top-left, top-right, bottom-right, bottom-left
    source: str = "markers"  # "markers" | "reference"
    image_size: list = field(default_factory=list)

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(asdict(self), indent=1))

    @classmethod
    def load(cls, path) -> TrayCalibration:
        return cls(**json.loads(Path(path).read_text()))

    def mask(self, shape) -> np.ndarray:
        m = np.zeros(shape[:2], np.uint8)
        cv2.fillConvexPoly(m, np.array(self.corners, np.int32), 255)
        return m

    def rectify(self, frame: np.ndarray, width: int | None = None) -> np.ndarray:
        """Top-down view of the tray (keeps the mean scale of the quadrilateral)."""
        q = np.array(self.corners, np.float32)
        wt = float(max(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[3])))
        ht = float(max(np.linalg.norm(q[3] - q[0]), np.linalg.norm(q[2] - q[1])))
        if width:
            ht, wt = ht * width / wt, float(width)
        dst = np.array([[0, 0], [wt, 0], [wt, ht], [0, ht]], np.float32)
        m = cv2.getPerspectiveTransform(q, dst)
        return cv2.warpPerspective(frame, m, (int(round(wt)), int(round(ht))))


def locate_by_markers(frame: np.ndarray) -> TrayCalibration | None:
    """Tray quadrilateral from the four markers (inner corner of each); None if one is missing."""
    found = detect_markers(frame)
    if not all(i in found for i in range(4)):
        return None
    centre = np.mean([found[i].mean(axis=0) for i in range(4)], axis=0)
    pts = []
    for i in range(4):
        c = found[i]
        pts.append(c[int(np.argmin(np.linalg.norm(c - centre, axis=1)))].tolist())
    h, w = frame.shape[:2]
    return TrayCalibration([[float(x), float(y)] for x, y in pts], "markers", [w, h])


def locate_by_reference(empty_tray: np.ndarray) -> TrayCalibration:
    """Tray floor from a photo of the empty tray: the uniform region around the image centre."""
    h, w = empty_tray.shape[:2]
    lab = cv2.cvtColor(cv2.GaussianBlur(empty_tray, (7, 7), 0), cv2.COLOR_BGR2Lab).astype(np.float32)
    c = lab[int(h * 0.4) : int(h * 0.6), int(w * 0.4) : int(w * 0.6)].reshape(-1, 3)
    ref = np.median(c, axis=0)
    d = np.sqrt((((lab - ref) ** 2) * np.array([0.5, 2, 2])).sum(axis=2))
    m = (d < 18).astype(np.uint8)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8))
    n, lab_i, stats, _ = cv2.connectedComponentsWithStats(m, 4)
    k = lab_i[h // 2, w // 2]
    if k == 0:
        k = 1 + int(np.argmax(stats[1:, 4]))
    comp = (lab_i == k).astype(np.uint8)
    cs, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(cs, key=cv2.contourArea))
    quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(quad) != 4:
        quad = cv2.boxPoints(cv2.minAreaRect(hull))
    quad = _order(np.array(quad, np.float32))
    return TrayCalibration(quad.tolist(), "reference", [w, h])


def _order(q: np.ndarray) -> np.ndarray:
    """Order 4 points: top-left, top-right, bottom-right, bottom-left."""
    s = q.sum(axis=1)
    d = q[:, 0] - q[:, 1]
    return np.array([q[np.argmin(s)], q[np.argmax(d)], q[np.argmax(s)], q[np.argmin(d)]], np.float32)


class SettleDetector:
    """Decide when the dice have stopped moving.

    ``update(frame)`` returns True once the last ``still_frames`` frame-to-frame differences
    were all below ``threshold`` (mean absolute difference, grey levels, on a small copy), and
    then one more frame confirms by matching the frame the still run started from. Any motion
    resets it. ``reset()`` starts over (e.g. after a reading was taken)."""

    def __init__(
        self, still_frames: int = 5, threshold: float = 1.5, side: int = 160, changed_fraction: float = 0.002
    ):
        self.still_frames = still_frames
        self.threshold = threshold
        self.side = side
        self.changed_fraction = changed_fraction
        self.reset()

    def reset(self) -> None:
        self._prev = None
        self._anchor = None
        self._run = 0
        self.stable = False

    def _small(self, frame):
        g = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        h, w = g.shape
        s = self.side / max(h, w)
        g = cv2.resize(g, (max(1, int(w * s)), max(1, int(h * s))), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(g, (3, 3), 0).astype(np.int16)

    def _still(self, a, b) -> bool:
        d = np.abs(a - b)
        return float(d.mean()) < self.threshold and float((d > 25).mean()) < self.changed_fraction

    def update(self, frame: np.ndarray) -> bool:
        cur = self._small(frame)
        if self._prev is None:
            self._prev = cur
            return False
        if self._still(cur, self._prev):
            if self._run == 0:
                self._anchor = self._prev
            self._run += 1
        else:
            self._run = 0
            self._anchor = None
            self.stable = False
        self._prev = cur
        if self._run > self.still_frames:
            # the confirming frame: still like the others and like where the run began
            self.stable = self._anchor is not None and self._still(cur, self._anchor)
        else:
            self.stable = False
        return self.stable
