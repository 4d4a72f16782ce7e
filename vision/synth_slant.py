"""Dice seen slantwise by a real pinhole camera: the webcam on a desk, a Pi camera on a stand.

``vision.synth`` draws dice for a camera above the tray: a top face shifted by parallax over a
darker body, and for its slanted cameras it warps that picture afterwards. A camera that
looks slantwise sees something else: the top face foreshortened, and one or two side faces,
pips and all, as tall as the slant makes them (at 35 degrees a side face shows larger than the
top). That is where the reader misreads real dice (a 1 on top over a side face's 2 read as a
2), so the face network needs to see it drawn right. Here each die is a cube in a 3D scene:

    scene = slanted_scene(seed=3)           # a vision.synth.Scene: image, dice, meta
    scene.dice[0]                           # {"value", "box", "centre", "top", "style", "sides"}

The camera stands at ``elevation`` degrees above the table (35-75; 90 is straight down), with a
horizontal field of view of 50-75 degrees, its image's top the table's far side. Each die
rests on the table at a random turn; its faces are drawn where the camera sees them (back
faces culled, far dice first), shaded by one light (the top brightest), with rounded edges
and a soft shadow. The table top and its clutter (``vision.synth_camera``) lie in the same
perspective, and the camera's own look (noise, white balance, vignetting, JPEG) goes last.

The labels: ``value`` is the top face, ``box`` the bounding box of the whole die as seen
(the convention of the floor set, and of what the detector boxes), ``top`` the top face's
quad, ``sides`` the values of the side faces seen.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision import synth, synth_camera

ELEVATION = (
    35.0,
    75.0,
)  # the camera's angle above the table, degrees (a webcam on a desk, a camera on a stand)
FOV = (50.0, 75.0)  # horizontal field of view, degrees
EDGE = 0.08  # the rounded edge's share of a face's side
ROUND = 0.05  # the silhouette's rounding, of the die's size in the image
# the faces of a unit cube resting on the table (z up), each as four corners: TL, TR, BR, BL
# as seen from outside, "up" on a side face being the table's up
_CUBE = {
    "top": [(-1, 1, 1), (1, 1, 1), (1, -1, 1), (-1, -1, 1)],
    "front": [(-1, -1, 1), (1, -1, 1), (1, -1, -1), (-1, -1, -1)],  # towards -y
    "right": [(1, -1, 1), (1, 1, 1), (1, 1, -1), (1, -1, -1)],  # towards +x
    "back": [(1, 1, 1), (-1, 1, 1), (-1, 1, -1), (1, 1, -1)],  # towards +y
    "left": [(-1, 1, 1), (-1, -1, 1), (-1, -1, -1), (-1, 1, -1)],  # towards -x
}
_NORMALS = {"top": (0, 0, 1), "front": (0, -1, 0), "right": (1, 0, 0), "back": (0, 1, 0), "left": (-1, 0, 0)}


class Camera:
    """A pinhole camera at ``elevation`` degrees above the table, looking at ``target`` (the
    table point at the image centre) from ``distance``, with focal length ``f`` px and an
    image of ``size`` (w, h). World: x right, y away from the camera, z up."""

    def __init__(
        self, elevation: float, distance: float, f: float, size, target=(0.0, 0.0), yaw: float = 0.0
    ):
        w, h = size
        e = math.radians(elevation)
        self.size = (w, h)
        self.f = f
        t = np.array([target[0], target[1], 0.0])
        back = np.array([0.0, -math.cos(e), math.sin(e)])  # from the target to the camera
        self.pos = t + distance * back
        fwd = -back
        right = np.array([1.0, 0.0, 0.0])
        down = np.cross(fwd, right)
        c, s = (
            math.cos(math.radians(yaw)),
            math.sin(math.radians(yaw)),
        )  # the camera turned a little about its axis
        right, down = c * right + s * down, -s * right + c * down
        self.R = np.stack([right, down, fwd])  # world -> camera axes
        self.K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])

    def project(self, pts) -> np.ndarray:
        """World points (N x 3) to pixels (N x 2)."""
        p = (np.asarray(pts, float) - self.pos) @ self.R.T
        uv = p @ self.K.T
        return (uv[:, :2] / uv[:, 2:3]).astype(np.float32)

    def sees(self, point, normal) -> bool:
        """Does the camera see the face through ``point`` with outward ``normal``?"""
        return float(np.dot(self.pos - np.asarray(point, float), normal)) > 1e-6

    def table_homography(self) -> np.ndarray:
        """Table plane (x, y, 0) to pixels, as a 3x3 matrix."""
        M = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], -self.R @ self.pos])
        return M / M[2, 2]


def _die_faces(top: int, rng) -> dict[str, int]:
    """The values of a die's five visible-or-not faces (opposite faces sum to 7)."""
    a, b, c, d = synth_camera.side_values(top, rng)
    return {"top": top, "front": a, "right": b, "back": c, "left": d}


def _rounded_face(value, px: int, style: str, shade: float, rng) -> np.ndarray:
    """A face of ``px`` side with its pips, a quarter turn at random (pips of 2, 3 and 6 lie
    either way), its edge rounded off into the body's darker colour, and lit by ``shade``."""
    face = synth.render_face(int(value), px, style)
    face = np.rot90(face, int(rng.integers(4))).copy()
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32) + 0.5
    d = np.minimum(np.minimum(xx, px - xx), np.minimum(yy, px - yy)) / px  # 0 at the edge
    t = np.clip(d / EDGE, 0, 1)[..., None]
    out = face.astype(np.float32) * (0.55 + 0.45 * t)
    return np.clip(out * shade, 0, 255).astype(np.uint8)


def _rounded_square(px: int, radius: float) -> np.ndarray:
    """A ``px`` square mask (0-255) with corners rounded by ``radius`` of its side."""
    m = np.zeros((px * 4, px * 4), np.uint8)
    r = int(radius * px * 4)
    cv2.rectangle(m, (r, 0), (px * 4 - 1 - r, px * 4 - 1), 255, -1)
    cv2.rectangle(m, (0, r), (px * 4 - 1, px * 4 - 1 - r), 255, -1)
    for cx in (r, px * 4 - 1 - r):
        for cy in (r, px * 4 - 1 - r):
            cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return cv2.resize(m, (px, px), interpolation=cv2.INTER_AREA)


def _paste(canvas: np.ndarray, tex: np.ndarray, quad: np.ndarray, alpha: float = 1.0, mask=None) -> None:
    """``tex`` warped onto ``quad`` (TL, TR, BR, BL) of ``canvas``, within the quad's box only;
    ``mask`` (0-255, the texture's size) says how much of each texture pixel shows."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    s = tex.shape[0]
    src = np.float32([[0, 0], [s, 0], [s, s], [0, s]])
    m = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(
        tex, m, size, flags=cv2.INTER_AREA if s > 2 * max(size) else cv2.INTER_LINEAR
    )
    mask = cv2.warpPerspective(
        np.full((s, s), 255, np.uint8) if mask is None else mask, m, size, flags=cv2.INTER_LINEAR
    )
    a = (mask.astype(np.float32) / 255.0 * alpha)[..., None]
    roi = canvas[y0:y1, x0:x1]
    roi[:] = (roi.astype(np.float32) * (1 - a) + warped.astype(np.float32) * a).astype(np.uint8)


def _table(cam: Camera, rng, crng, size, face_px_table: float, keep_world, kind: str) -> np.ndarray:
    """The table top, with clutter, as the camera sees it: a texture drawn on the table plane
    (in table units scaled to pixels) and warped through the table's homography."""
    w, h = size
    # the part of the table in view: the image's corners back on the table plane
    H = cam.table_homography()
    Hi = np.linalg.inv(H)
    corners = cv2.perspectiveTransform(np.float32([[[0, 0], [w, 0], [w, h], [0, h]]]), Hi)[0]
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    span = hi - lo
    scale = min(2048.0 / max(span), 1.0 * face_px_table)  # texture px per table unit
    tw, th = int(span[0] * scale) + 1, int(span[1] * scale) + 1
    tex = synth_camera.surface((tw, th), crng, kind)
    T = np.array(
        [[scale, 0, -lo[0] * scale], [0, -scale, hi[1] * scale], [0, 0, 1]]
    )  # table -> texture (y flipped)
    keep = cv2.perspectiveTransform(np.float32([[(x, y) for x, y in keep_world]]), T)[0] if keep_world else []
    synth_camera.clutter(tex, crng, 2.0 * scale, [tuple(p) for p in keep])
    M = H @ np.linalg.inv(T)
    return cv2.warpPerspective(tex, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def _corners(centre, yaw: float) -> list[tuple[float, float, float]]:
    """The eight corners of a die resting at ``centre`` turned by ``yaw``, in world units."""
    c, s = math.cos(yaw), math.sin(yaw)
    return [
        (centre[0] + c * x - s * y, centre[1] + s * x + c * y, z)
        for x in (-1, 1)
        for y in (-1, 1)
        for z in (0.0, 2.0)
    ]


def _shadow(canvas: np.ndarray, cam: Camera, centre, yaw: float, light, strength: float) -> None:
    """The die's soft shadow on the table, cast along ``light`` (a unit vector towards the light)."""
    c, s = math.cos(yaw), math.sin(yaw)
    pts = []
    for x, y, z in [
        (-1, -1, 0),
        (1, -1, 0),
        (1, 1, 0),
        (-1, 1, 0),
        (-1, -1, 2),
        (1, -1, 2),
        (1, 1, 2),
        (-1, 1, 2),
    ]:
        wx, wy = centre[0] + c * x - s * y, centre[1] + s * x + c * y
        t = z / max(light[2], 0.2)
        pts.append((wx - light[0] * t, wy - light[1] * t, 0.0))
    poly = cam.project(pts)
    hull = cv2.convexHull(poly.astype(np.float32))
    m = np.zeros(canvas.shape[:2], np.float32)
    cv2.fillConvexPoly(m, (hull * 16).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    side = float(np.linalg.norm(poly[1] - poly[0])) + 1
    m = cv2.GaussianBlur(m, (0, 0), max(0.8, 0.12 * side)) * strength
    canvas[:] = (canvas.astype(np.float32) * (1 - m[..., None])).astype(np.uint8)


def draw_die(
    canvas: np.ndarray, cam: Camera, centre, yaw: float, values: dict, style: str, light, rng
) -> dict:
    """One die (half side 1, so 2 table units a side) resting at ``centre`` turned by ``yaw``
    (radians): its visible faces, nearest last. Returns its label."""
    c, s = math.cos(yaw), math.sin(yaw)

    def world(p):
        x, y, z = p
        return (centre[0] + c * x - s * y, centre[1] + s * x + c * y, z + 1.0)

    def turn(n):
        return np.array([c * n[0] - s * n[1], s * n[0] + c * n[1], n[2]])

    _, _, translucent = synth._style(style)
    drawn, seen_sides, top_quad = [], [], None
    silhouette = []
    for name, quad in _CUBE.items():
        pts = [world(p) for p in quad]
        normal = turn(_NORMALS[name])
        if not cam.sees(np.mean(pts, axis=0), normal):
            continue
        q = cam.project(pts)
        silhouette.append(q)
        lit = max(0.0, float(np.dot(normal, light)))
        shade = (0.35 + 0.45 * lit) if name != "top" else (0.85 + 0.2 * lit)
        drawn.append((name, q, shade))
    if not drawn:
        return {}
    hull = cv2.convexHull(np.vstack(silhouette)).reshape(-1, 2)
    body = np.array(synth._shade(synth._style(style)[0], 0.5), np.float32)
    x, y, bw, bh = cv2.boundingRect(hull.astype(np.float32))
    pad = 4
    m = np.zeros((bh + 2 * pad, bw + 2 * pad), np.float32)
    cv2.fillConvexPoly(m, ((hull - [x - pad, y - pad]) * 16).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    r = max(0.6, ROUND * math.sqrt(bw * bh))  # the corners and edges rounded off
    m = np.clip((cv2.GaussianBlur(m, (0, 0), r) - 0.5) * 3 + 0.5, 0, 1) if r > 1 else m
    a = (m * (0.75 if translucent else 1.0))[..., None]
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = x - pad, y - pad, x + bw + pad, y + bh + pad
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if cx1 > cx0 and cy1 > cy0:
        a = a[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0]
        roi = canvas[cy0:cy1, cx0:cx1]
        roi[:] = (roi.astype(np.float32) * (1 - a) + body * a).astype(np.uint8)
    for name, q, shade in drawn:
        px = int(np.clip(1.5 * float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[0])) / 2, 12, 256))
        tex = _rounded_face(values[name], px, style, shade, rng)
        # pull the face in by the rounded edge, so the body's darker rim shows around it
        centre_q = q.mean(axis=0)
        inner = centre_q + (q - centre_q) * (1 - 0.35 * EDGE)
        _paste(canvas, tex, inner.astype(np.float32), 0.88 if translucent else 1.0, _rounded_square(px, 0.18))
        if name == "top":
            top_quad = inner
        else:
            seen_sides.append(int(values[name]))
    x, y, bw, bh = cv2.boundingRect(hull.astype(np.float32))
    return {
        "value": int(values["top"]),
        "box": [int(x), int(y), int(bw), int(bh)],
        "top": top_quad.tolist() if top_quad is not None else None,
        "sides": seen_sides,
        "centre": [float(centre[0]), float(centre[1])],
        "style": style,
    }


def slanted_scene(
    seed: int = 0,
    size=(640, 480),
    n_dice: int | None = None,
    elevation: float | None = None,
    face_px: float | None = None,
    camera: str = "webcam",
    styles=None,
    effects: bool = True,
    surface: str | None = None,
):
    """A table seen slantwise with ``n_dice`` pip dice on it (``vision.synth.Scene``).

    ``face_px``: about how wide a die's top face shows, in pixels, at the image centre (30-110 at
    random); ``camera``: "webcam" or "picam" (``vision.synth_camera.camera_effects``); ``surface``:
    the table top ("wood", "felt", "cloth"; else one at random: ``vision.synth_camera.SURFACES``)."""
    rng = np.random.default_rng([seed, 31])
    w, h = size
    elev = float(rng.uniform(*ELEVATION)) if elevation is None else float(elevation)
    fov = math.radians(rng.uniform(*FOV))
    f = (w / 2) / math.tan(fov / 2)
    face = float(rng.uniform(30, 110)) * w / 640 if face_px is None else float(face_px)
    distance = f * 2.0 / face  # a die (2 units) at the image centre measures face_px
    cam = Camera(elev, distance, f, size, yaw=float(rng.normal(0, 3)))
    if n_dice is None:
        n_dice = int(rng.integers(1, 8))
    pool = list(synth.PIP_STYLES) + list(synth_camera.EXTRA_STYLES) * 2
    style_set = styles or [pool[int(rng.integers(len(pool)))]]
    if styles is None and rng.random() < 0.35:
        style_set.append(pool[int(rng.integers(len(pool)))])  # two colours rolled together
    Hi = np.linalg.inv(cam.table_homography())
    placed = []
    for _ in range(400):
        if len(placed) >= n_dice:
            break
        u, v = rng.uniform(0.08, 0.92) * w, rng.uniform(0.1, 0.92) * h
        p = cv2.perspectiveTransform(np.float32([[[u, v]]]), Hi)[0, 0]
        if placed and rng.random() < 0.15:  # touching another die
            q, qyaw = placed[int(rng.integers(len(placed)))][:2]
            t = qyaw + math.pi / 2 * int(rng.integers(4))
            p = (q[0] + 2.06 * math.cos(t), q[1] + 2.06 * math.sin(t))
            yaw = qyaw + float(rng.normal(0, 0.03))
        else:
            yaw = float(rng.uniform(0, math.pi / 2))
        if any(math.hypot(p[0] - q[0], p[1] - q[1]) < 2.05 for q, _, _ in placed):
            continue
        seen = cam.project(_corners(p, yaw))
        if seen.min() < 0 or (seen[:, 0] >= w).any() or (seen[:, 1] >= h).any():
            continue  # the whole die in view
        placed.append(((float(p[0]), float(p[1])), yaw, style_set[int(rng.integers(len(style_set)))]))
    table = (
        synth_camera.SURFACES[int(rng.integers(len(synth_camera.SURFACES)))] if surface is None else surface
    )
    img = _table(cam, rng, rng, size, 12.0, [q for q, _, _ in placed], table)
    az = rng.uniform(0, 2 * math.pi)
    alt = math.radians(rng.uniform(50, 85))  # a room's lamp: above, a little to one side
    light = np.array([math.cos(alt) * math.cos(az), math.cos(alt) * math.sin(az), math.sin(alt)])
    for q, yaw, _ in placed:
        _shadow(img, cam, q, yaw, light, float(rng.uniform(0.2, 0.5)))
    # far dice first: a nearer die hides what lies behind it
    order = sorted(placed, key=lambda d: -float(np.linalg.norm(np.array([d[0][0], d[0][1], 1.0]) - cam.pos)))
    dice = []
    for q, yaw, style in order:
        label = draw_die(img, cam, q, yaw, _die_faces(int(rng.integers(1, 7)), rng), style, light, rng)
        if label:
            dice.append(label)
    if effects:
        if rng.random() < 0.25:
            img = cv2.GaussianBlur(img, (0, 0), float(rng.uniform(0.5, 1.2)))
        img = synth_camera.camera_effects(img, rng, camera)
    return synth.Scene(
        img,
        dice,
        {"elevation": elev, "fov": math.degrees(fov), "face_px": face, "camera": camera, "surface": table},
    )
