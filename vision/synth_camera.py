"""Camera models for synthetic dice scenes: the tables and cameras the reader meets.

The phone over a grey tray is one camera. A USB webcam on a desk sees the dice slanted, with
their side faces and side pips, over wood with cables and labels around; a Pi camera adds
sensor noise, a colour cast and dark corners. ``vision.synth.dice_scene(camera=...)`` uses
these pieces; without a camera the scenes stay as they were (the synthetic evaluation sets
do not move).

    surface(size, rng)                  -> BGR table top: wood, felt or cloth
    clutter(img, rng, face_px, keep)    a label, a cable, keys: things that are not dice
    side_values(top, rng)               values of the side faces (opposite faces sum to 7)
    tilt(img, rng, strength)            -> (image, 3x3 homography): a camera looking slantwise
    camera_effects(img, rng, camera)    -> BGR: white balance, vignetting, noise, softness, JPEG
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CAMERAS = ("webcam", "picam", "phone")

# die colour pairs the trays do not have: (face BGR, pip BGR, translucent)
EXTRA_STYLES = {
    "cream": ((175, 215, 235), (50, 50, 170), False),  # red pips on a cream die
    "red-cream": ((45, 45, 170), (170, 210, 230), False),  # cream pips on a red die
    "ivory": ((215, 230, 240), (25, 25, 25), False),
    "marbled-dark": ((70, 60, 60), (60, 70, 160), False),  # faint red pips on a dark die
}


SURFACES = ("wood", "wood", "felt", "cloth")


def surface(size, rng, kind: str | None = None) -> np.ndarray:
    """A table top of ``size`` (w, h): light or dark wood with streaks, felt, or a woven cloth
    (``kind``, else one of ``SURFACES`` at random)."""
    w, h = size
    if kind is None:
        kind = rng.choice(SURFACES)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        base = np.array(
            rng.choice([[150, 190, 215], [120, 150, 180], [70, 95, 130], [110, 115, 125]]), np.float32
        )
        a = rng.uniform(0, math.pi)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        wave = np.sin(u / rng.uniform(3, 9) + 2.5 * np.sin(v / rng.uniform(80, 300)))
        grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 2)
        f = 1 + rng.uniform(0.03, 0.09) * wave + 0.04 * grain
        img = base[None, None] * f[..., None]
    elif kind == "felt":
        base = np.array(rng.choice([[60, 110, 40], [110, 60, 30], [40, 40, 120], [50, 50, 50]]), np.float32)
        img = base[None, None] + rng.normal(0, 6, (h, w, 1)).astype(np.float32)
    else:
        c1 = np.array(rng.uniform(60, 220, 3), np.float32)
        c2 = np.array(rng.uniform(60, 220, 3), np.float32)
        p = rng.uniform(6, 18)
        weave = (np.sin(xx / p * math.pi) * np.sin(yy / p * math.pi) > 0).astype(np.float32)
        img = c1 * weave[..., None] + c2 * (1 - weave[..., None])
        img = cv2.GaussianBlur(img, (0, 0), 1.2)
    return np.clip(img, 0, 255).astype(np.uint8)


def clutter(img: np.ndarray, rng, face_px: float, keep: list) -> None:
    """Draw things that are not dice, away from the ``keep`` points (x, y): a white label with
    dark print on a cable, a cable, a row of keys, a bead."""
    h, w = img.shape[:2]

    def spot(r):
        for _ in range(30):
            p = np.array([rng.uniform(0, w), rng.uniform(0, h)])
            if all(math.hypot(p[0] - k[0], p[1] - k[1]) > r + 1.2 * face_px for k in keep):
                return p
        return None

    for _ in range(int(rng.integers(1, 4))):
        what = rng.choice(["cable", "label", "keys", "bead"])
        p = spot(1.5 * face_px)
        if p is None:
            continue
        if what == "cable":
            pts = [p]
            a = rng.uniform(0, 2 * math.pi)
            for _ in range(6):
                a += rng.uniform(-0.6, 0.6)
                pts.append(pts[-1] + face_px * np.array([math.cos(a), math.sin(a)]))
            col = tuple(int(c) for c in rng.choice([[25, 25, 25], [200, 200, 200], [40, 40, 40]]))
            cv2.polylines(img, [np.int32(pts)], False, col, max(2, int(face_px * 0.15)), cv2.LINE_AA)
        elif what == "label":
            s = face_px * rng.uniform(0.7, 1.3)
            rect = ((float(p[0]), float(p[1])), (s * 1.4, s), float(rng.uniform(0, 180)))
            box = cv2.boxPoints(rect).astype(np.int32)
            cv2.fillConvexPoly(img, box, (230, 232, 235), cv2.LINE_AA)
            for _ in range(int(rng.integers(2, 5))):
                q = p + rng.uniform(-0.35, 0.35, 2) * s
                cv2.putText(
                    img,
                    str(rng.integers(0, 99)),
                    (int(q[0] - s / 4), int(q[1] + s / 8)),
                    cv2.FONT_HERSHEY_SIMPLEX,
                    s / 80,
                    (30, 30, 30),
                    max(1, int(s / 25)),
                    cv2.LINE_AA,
                )
        elif what == "keys":
            k = face_px * 0.6
            for i in range(int(rng.integers(3, 7))):
                q = p + np.array([i * k * 1.15, 0])
                cv2.rectangle(img, (int(q[0]), int(q[1])), (int(q[0] + k), int(q[1] + k)), (35, 35, 38), -1)
                cv2.putText(
                    img,
                    "a",
                    (int(q[0] + k / 3), int(q[1] + 2 * k / 3)),
                    cv2.FONT_HERSHEY_SIMPLEX,
                    k / 60,
                    (200, 200, 200),
                    1,
                    cv2.LINE_AA,
                )
        else:
            col = tuple(int(c) for c in rng.uniform(30, 240, 3))
            cv2.circle(
                img, (int(p[0]), int(p[1])), int(face_px * rng.uniform(0.15, 0.35)), col, -1, cv2.LINE_AA
            )


def side_values(top: int, rng) -> list[int]:
    """Values for the four side faces of a die showing ``top`` (opposite faces sum to 7)."""
    ring = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = ring[int(rng.integers(4))]
    b = [v for v in ring if v not in (a, 7 - a)][int(rng.integers(2))]
    return [a, b, 7 - a, 7 - b]


def tilt(img: np.ndarray, rng, strength: float) -> tuple[np.ndarray, np.ndarray]:
    """The image as a camera looking slantwise sees it: the far edge (top) shrinks by up to
    ``strength`` of the width. Returns the warped image and its homography."""
    h, w = img.shape[:2]
    d = rng.uniform(0.3, 1.0) * strength * w / 2
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[d, 0], [w - d, 0], [w, h], [0, h]])
    dst[:, 0] += rng.uniform(-0.03, 0.03) * w * np.array([1, 1, 0, 0])
    H = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(img, H, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT), H


def camera_effects(img: np.ndarray, rng, camera: str) -> np.ndarray:
    """A camera's own look: white balance, dark corners, sensor noise (more in the dark, with
    colour), a webcam's soft optics, and JPEG."""
    h, w = img.shape[:2]
    f = img.astype(np.float32)
    f *= rng.uniform(0.88, 1.12, 3).astype(np.float32)  # white balance
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * 2
    f *= (1 - rng.uniform(0.0, 0.45 if camera == "picam" else 0.3) * r2)[..., None]  # vignetting
    f *= rng.uniform(0.7, 1.1)  # exposure
    sigma = rng.uniform(2, 9 if camera != "phone" else 4)
    noise = rng.normal(0, 1, f.shape).astype(np.float32) * sigma * np.sqrt(np.clip(255 - f, 30, 255) / 128)
    if camera == "webcam":
        noise = cv2.GaussianBlur(noise, (0, 0), 0.8)  # blotchy chroma noise
    f += noise
    out = np.clip(f, 0, 255).astype(np.uint8)
    if camera == "webcam" and rng.random() < 0.7:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.3))
    if camera == "picam" and rng.random() < 0.5:
        soft = cv2.GaussianBlur(out, (0, 0), 1.0)  # the ISP's sharpening
        out = cv2.addWeighted(out, 1.6, soft, -0.6, 0)
    q = int(rng.integers(35, 92))
    _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)
