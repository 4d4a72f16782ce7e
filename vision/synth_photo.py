"""12 MP phone photos of pip dice with a custom face, rendered: no licensed photos of such dice
exist, so these stand in for them (docs/vision.md says so wherever they are measured).

A phone held about 40 cm over a table sees a 16 mm die some 250-330 px across in a 4032x3024
photo. Each photo holds ``n_dice`` white pip dice, among them at least one showing the custom
face (a skull on the 1, an emblem on the 6) and others showing pips, beside one another as a
roll leaves them, on wood, felt or cloth, with the phone's colour, noise and JPEG.

    custom_photo(seed, face="skull", value=1)      -> Scene (``vision.synth.Scene``)
    custom_shots(face, value, seed, shots=3)       -> [BGR photos of one die showing the face]
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision import synth, synth_camera

SIZE = (4032, 3024)
FACE_PX = (250, 330)  # a die's side at 40 cm, give or take the phone's height


def _table(size, rng) -> np.ndarray:
    """A table top at ``size``: drawn at a quarter and enlarged (a phone's view of wood or
    felt at 40 cm is smooth at the pixel; drawing it whole would take seconds)."""
    w, h = size
    small = synth_camera.surface((w // 4, h // 4), rng)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _draw(img, what, centre, side, ang, axis, cam_h, rng):
    """``synth.draw_die`` on the part of ``img`` around the die only (the whole 12 MP canvas
    would be warped and blended for each die). Returns (top quad, box) in ``img``'s pixels."""
    h, w = img.shape[:2]
    r = int(side * 1.6)
    x0, y0 = max(0, int(centre[0]) - r), max(0, int(centre[1]) - r)
    x1, y1 = min(w, int(centre[0]) + r), min(h, int(centre[1]) + r)
    view = img[y0:y1, x0:x1]
    shift = np.array([x0, y0], np.float32)
    top, (bx, by, bw, bh) = synth.draw_die(
        view,
        what,
        "white",
        (centre[0] - x0, centre[1] - y0),
        side,
        ang,
        (axis[0] - x0, axis[1] - y0),
        cam_h,
        rng,
    )
    return top + shift, (bx + x0, by + y0, bw, bh)


def _phone(img, rng) -> np.ndarray:
    """The phone's sensor noise and JPEG (``synth_camera.camera_effects`` takes seconds at 12 MP)."""
    noise = np.empty(img.shape, np.int16)
    cv2.randn(noise, 0, float(rng.uniform(1.5, 3.5)))
    img = cv2.add(img.astype(np.int16), noise, dtype=cv2.CV_16S).clip(0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(80, 93))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _die_value(v: int, face: str, value: int):
    """What a die showing ``v`` draws: the custom ``face`` on ``value``, pips elsewhere."""
    return face if face and v == value else v


def custom_photo(
    seed: int, face: str | None = "skull", value: int = 1, n_dice: int | None = None, size=SIZE
) -> synth.Scene:
    """A photo of a roll of pip dice whose ``value`` shows ``face`` (one die at least; ``face``
    None: plain pip dice); ground truth in pips."""
    rng = np.random.default_rng([seed, 41])
    w, h = size
    img = _table(size, rng)
    side = float(rng.uniform(*FACE_PX))
    n = int(n_dice or rng.integers(3, 7))
    values = ([value] if face else []) + [int(v) for v in rng.integers(1, 7, n - 1 if face else n)]
    axis = (w / 2 + rng.uniform(-0.05, 0.05) * w, h / 2 + rng.uniform(-0.05, 0.05) * h)
    cam_h = side * rng.uniform(22, 30)
    placed, dice = [], []
    for v in values:
        for _ in range(200):
            c = (rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h)
            if all(math.hypot(c[0] - p[0], c[1] - p[1]) > side * 1.8 for p in placed):
                break
        placed.append(c)
        top, box = _draw(
            img, _die_value(v, face, value), c, side, float(rng.uniform(0, 90)), axis, cam_h, rng
        )
        dice.append(
            {
                "value": v,
                "box": [int(b) for b in box],
                "centre": [float(c[0]), float(c[1])],
                "top": top.tolist(),
            }
        )
    return synth.Scene(_phone(img, rng), dice, {"face_px": side, "kind": f"custom-{face}-{value}"})


def custom_shots(face: str = "skull", value: int = 1, seed: int = 0, shots: int = 3, size=SIZE) -> list:
    """Calibration shots: the same phone, one die showing the custom face, at other turns and places."""
    out = []
    for k in range(shots):
        rng = np.random.default_rng([seed, k, 42])
        w, h = size
        img = _table(size, rng)
        side = float(rng.uniform(*FACE_PX))
        c = (w / 2 + rng.uniform(-0.1, 0.1) * w, h / 2 + rng.uniform(-0.1, 0.1) * h)
        _draw(img, face, c, side, float(rng.uniform(0, 90)), (w / 2, h / 2), side * 26, rng)
        out.append(_phone(img, rng))
    return out
