"""Synthetic scenes with exact ground truth: dice in a tray and field-goal kicks on a box lid.

Everything is deterministic from a seed. Dice are rendered as a body (the resting footprint,
seen as side faces) and a top face displaced outward from the optical axis by the parallax of
a pinhole camera at height ``cam_height`` (in pixels of the table plane), i.e. by about
h * r / H, and magnified by H / (H - h).

Public:
    dice_scene(seed, kind="pips", face_px=64, n_dice=None, size=(960, 720), effects=True)
        -> Scene(image, dice=[{"value", "box", "centre", "angle", "top"}], meta)
        kind: "pips" (white/black, red/white, black/white, translucent, ... at random),
              "varied" (``FACE_STYLES``: a big red 1, coloured pips, casino and marbled dice),
              "hard" (pips with every effect strong), "icons-offense", "icons-defense"
    render_face(value, side, style) -> BGR square face (pips or an icon name)
    icon_calibration_shots(die, seed, face_px) -> {face name: [BGR frame, ...]}
    kick_scene(seed, case, ...) -> KickScene(before, after, truth, lid)
        case: "in", "out", "post40", "post50", "post60"
    lid_reference(seed) -> (BGR image of the empty lid, exact lid geometry dict)
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field

import cv2
import numpy as np

SS = 4  # supersampling for faces

OFFENSE_FACES = ["ball", "ball", "cleat", "time", "lightning", "blank"]
DEFENSE_FACES = ["tackle", "tackle", "block", "interception", "blank", "blank"]

# (face BGR, pip/icon BGR, translucent)
PIP_STYLES = {
    "white": ((235, 235, 235), (20, 20, 20), False),
    "black": ((30, 30, 30), (240, 240, 240), False),
    "red": ((40, 40, 200), (245, 245, 245), False),
    "blue": ((170, 80, 30), (240, 240, 240), False),
    "green": ((60, 160, 40), (20, 20, 20), False),
    "yellow": ((40, 210, 230), (20, 20, 20), False),
    "translucent-red": ((60, 60, 220), (250, 250, 250), True),
    "translucent-green": ((90, 200, 80), (250, 250, 250), True),
}

# faces beyond the plain pairs: (face BGR, pip BGR, translucent, pip size, the 1's size, the 1's
# BGR or None for the pips', marbled): a standard die's big red 1, Catan's red and yellow pips,
# gold pips on gem dice, a casino die's large pips on red translucent, marbled bodies
FACE_STYLES = {
    "white-red-one": ((235, 235, 235), (20, 20, 20), False, 1.0, 2.4, (40, 40, 200)),
    "cream-red-one": ((190, 225, 240), (30, 30, 30), False, 0.9, 2.8, (30, 30, 190)),
    "yellow-red-pips": ((60, 200, 235), (40, 40, 190), False, 1.0, 1.0, None),
    "red-yellow-pips": ((40, 40, 190), (60, 210, 240), False, 1.0, 1.0, None),
    "white-red-pips": ((235, 235, 235), (40, 40, 200), False, 1.1, 1.0, None),
    "black-gold-pips": ((35, 30, 30), (50, 170, 215), False, 1.0, 1.0, None),
    "casino-red": ((50, 50, 200), (245, 245, 245), True, 1.25, 1.25, None),
    "translucent-blue-gold": ((190, 110, 40), (60, 180, 220), True, 1.0, 1.0, None),
    "white-blue-small": ((235, 235, 235), (170, 80, 30), False, 0.75, 1.0, None),
    "marbled-green-gold": ((80, 160, 60), (50, 170, 215), False, 1.0, 1.0, None, True),
    "marbled-purple-white": ((140, 60, 120), (240, 240, 240), False, 1.0, 1.0, None, True),
}

PIP_POS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@dataclass
class Scene:
    image: np.ndarray
    dice: list = field(default_factory=list)
    meta: dict = field(default_factory=dict)


# --------------------------------------------------------------------------- faces


def _icon(img: np.ndarray, name: str, col, s: int) -> None:
    """Draw a simple, distinct icon centred in an s x s face (supersampled coords)."""
    c = s // 2
    t = max(2, s // 14)

    def P(pts):
        return (np.array(pts, dtype=np.float32).reshape(-1, 2) * s / 100.0).astype(np.int32)

    def Q(x, y):
        return (int(x * s / 100.0), int(y * s / 100.0))

    if name == "blank":
        return
    if name == "ball":  # american football: ellipse with laces
        cv2.ellipse(img, (c, c), (int(s * 0.34), int(s * 0.2)), -30, 0, 360, col, -1, cv2.LINE_AA)
        bg = tuple(int(v) for v in img[2, 2])
        cv2.line(img, Q(38, 62), Q(62, 38), bg, t, cv2.LINE_AA)
        for k in range(-1, 2):
            cv2.line(
                img,
                Q(46 + 6 * k, 46 + 6 * k - 6),
                Q(46 + 6 * k + 6, 46 + 6 * k),
                bg,
                max(1, t // 2),
                cv2.LINE_AA,
            )
    elif name == "cleat":  # boot with studs
        cv2.fillPoly(img, [P([[22, 30], [42, 30], [44, 52], [78, 58], [80, 70], [22, 70]])], col, cv2.LINE_AA)
        for x in (28, 44, 60, 74):
            cv2.rectangle(img, Q(x - 3, 70), Q(x + 3, 80), col, -1)
    elif name == "time":  # stopwatch
        cv2.circle(img, (c, int(s * 0.56)), int(s * 0.28), col, t, cv2.LINE_AA)
        cv2.rectangle(img, Q(44, 16), Q(56, 26), col, -1)
        cv2.line(img, (c, int(s * 0.56)), Q(50, 36), col, t, cv2.LINE_AA)
        cv2.line(img, (c, int(s * 0.56)), Q(64, 56), col, t, cv2.LINE_AA)
    elif name == "lightning":
        cv2.fillPoly(
            img, [P([[56, 12], [26, 56], [48, 56], [38, 90], [76, 40], [54, 40], [66, 12]])], col, cv2.LINE_AA
        )
    elif name == "tackle":  # X
        cv2.line(img, Q(24, 24), Q(76, 76), col, 3 * t, cv2.LINE_AA)
        cv2.line(img, Q(76, 24), Q(24, 76), col, 3 * t, cv2.LINE_AA)
    elif name == "block":  # shield
        cv2.fillPoly(img, [P([[24, 20], [76, 20], [76, 50], [50, 84], [24, 50]])], col, cv2.LINE_AA)
    elif name == "interception":  # arrow
        cv2.fillPoly(
            img, [P([[18, 42], [56, 42], [56, 24], [84, 50], [56, 76], [56, 58], [18, 58]])], col, cv2.LINE_AA
        )
    elif name == "skull":  # a skull: cranium and jaw, eyes, nose and teeth cut out
        bg = tuple(int(v) for v in img[2, 2])
        cv2.circle(img, Q(50, 42), int(s * 0.28), col, -1, cv2.LINE_AA)
        cv2.rectangle(img, Q(35, 52), Q(65, 80), col, -1, cv2.LINE_AA)
        for x in (39, 61):
            cv2.ellipse(img, Q(x, 45), (int(s * 0.085), int(s * 0.1)), 0, 0, 360, bg, -1, cv2.LINE_AA)
        cv2.fillPoly(img, [P([[50, 55], [45, 64], [55, 64]])], bg, cv2.LINE_AA)
        for x in (42, 50, 58):
            cv2.line(img, Q(x, 70), Q(x, 80), bg, max(1, t // 2), cv2.LINE_AA)
    elif name == "emblem":  # a crest: a shield with a crown over it and a star cut out
        bg = tuple(int(v) for v in img[2, 2])
        cv2.fillPoly(img, [P([[22, 32], [78, 32], [78, 56], [50, 88], [22, 56]])], col, cv2.LINE_AA)
        cv2.fillPoly(
            img, [P([[28, 26], [28, 12], [39, 20], [50, 10], [61, 20], [72, 12], [72, 26]])], col, cv2.LINE_AA
        )
        pts = [
            [
                50 + (14 if k % 2 == 0 else 6) * math.cos(-math.pi / 2 + k * math.pi / 5),
                55 + (14 if k % 2 == 0 else 6) * math.sin(-math.pi / 2 + k * math.pi / 5),
            ]
            for k in range(10)
        ]
        cv2.fillPoly(img, [P(pts)], bg, cv2.LINE_AA)
    elif name == "star":
        pts = []
        for k in range(10):
            r = 36 if k % 2 == 0 else 15
            a = -math.pi / 2 + k * math.pi / 5
            pts.append([50 + r * math.cos(a), 52 + r * math.sin(a)])
        cv2.fillPoly(img, [P(pts)], col, cv2.LINE_AA)
    else:
        raise ValueError(f"unknown icon {name!r}")


def render_face(value, side: int, style: str = "white") -> np.ndarray:
    """A square BGR face of ``side`` px: pips for an int value, an icon for a str name."""
    face_col, mark_col, _ = _style(style)
    pip_size, one_size, one_col, marbled = _marks(style)
    s = side * SS
    img = np.full((s, s, 3), face_col, np.uint8)
    if marbled:  # swirls of a lighter and a darker shade
        rng = np.random.default_rng([side, zlib.crc32(str(value).encode())])
        n = cv2.resize(rng.normal(0, 1, (6, 6)).astype(np.float32), (s, s), interpolation=cv2.INTER_CUBIC)
        swirl = np.sin(n * 3.0)[..., None]
        img = np.clip(img.astype(np.float32) * (1 + 0.3 * swirl), 0, 255).astype(np.uint8)
    if isinstance(value, (int, np.integer)):
        r = int(s * 0.095 * pip_size)
        g = s * 0.27
        if int(value) == 1:
            r, mark_col = int(s * 0.095 * one_size), one_col or mark_col
        for dx, dy in PIP_POS[int(value)]:
            cv2.circle(img, (int(s / 2 + dx * g), int(s / 2 + dy * g)), r, mark_col, -1, cv2.LINE_AA)
    else:
        _icon(img, str(value), mark_col, s)
    return cv2.resize(img, (side, side), interpolation=cv2.INTER_AREA)


# --------------------------------------------------------------------------- compositing


def _square(c, side, ang):
    a = math.radians(ang)
    u = np.array([math.cos(a), math.sin(a)]) * side / 2
    v = np.array([-math.sin(a), math.cos(a)]) * side / 2
    c = np.asarray(c, float)
    return np.array([c - u - v, c + u - v, c + u + v, c - u + v], np.float32)


def _paste_face(canvas, face, quad, alpha=1.0):
    """Warp a face image onto quad (4 points, TL TR BR BL) with anti-aliased edges."""
    h, w = canvas.shape[:2]
    s = face.shape[0]
    src = np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    warped = cv2.warpPerspective(face, m, (w, h), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((s, s), 255, np.uint8), m, (w, h), flags=cv2.INTER_LINEAR)
    _blend(canvas, mask, warped, alpha)


def _blend(canvas, mask, over, alpha=1.0):
    """canvas = canvas * (1 - a) + over * a with a = mask / 255 * alpha, in place. Only the
    box of the mask's nonzero pixels is touched: outside it a is 0 and a pixel keeps its value
    exactly, so a frame-sized blend per die is not needed. ``over``: an image of the canvas's
    size, or one colour."""
    x, y, bw, bh = cv2.boundingRect(mask)
    if not bw:
        return
    box = np.s_[y : y + bh, x : x + bw]
    a = (mask[box].astype(np.float32) / 255.0 * alpha)[..., None]
    top = over[box].astype(np.float32) if isinstance(over, np.ndarray) and over.ndim == 3 else over
    canvas[box] = (canvas[box].astype(np.float32) * (1 - a) + top * a).astype(np.uint8)


def _shade(col, f):
    return tuple(int(np.clip(v * f, 0, 255)) for v in col)


def _style(style: str):
    """(face BGR, pip BGR, translucent) of a die style, the camera models' colour pairs too."""
    from vision.synth_camera import EXTRA_STYLES

    if style in FACE_STYLES:
        return FACE_STYLES[style][:3]
    return PIP_STYLES.get(style) or EXTRA_STYLES.get(style) or PIP_STYLES["white"]


def _marks(style: str):
    """(pip size, the 1's size, the 1's BGR or None, marbled) of a die style: 1, 1, None, False
    but for ``FACE_STYLES``."""
    if style not in FACE_STYLES:
        return 1.0, 1.0, None, False
    f = FACE_STYLES[style]
    return f[3], f[4], f[5], len(f) > 6 and f[6]


def draw_die(canvas, value, style, centre, side, ang, axis, cam_h, rng=None, shadow=None, sides=None):
    """Render one die resting with footprint ``centre``/``side``/``ang`` (degrees).

    Returns (top quad, hull bbox). The top face is displaced outward from ``axis`` by
    parallax and magnified by H / (H - h), with h = side. ``sides``: the values of the four
    side faces, drawn with their pips where the camera sees them (a slanted view)."""
    face_col, _, translucent = _style(style)
    base = _square(centre, side, ang)
    k = cam_h / (cam_h - side)
    axis = np.asarray(axis, float)
    top = (axis + (base - axis) * k).astype(np.float32)
    if shadow is not None:
        dx, dy, strength = shadow
        sh = base + np.array([dx, dy], np.float32) * side
        hull = cv2.convexHull(np.vstack([base, sh]).astype(np.int32))
        m = np.zeros(canvas.shape[:2], np.uint8)
        cv2.fillConvexPoly(m, hull, 255, cv2.LINE_AA)
        _blend(canvas, m, np.float32(0), strength)
    # sides: hull of base and top, darker body colour
    hull = cv2.convexHull(np.vstack([base, top]).astype(np.float32)).astype(np.float32)
    side_col = _shade(face_col, 0.72)
    body = np.zeros(canvas.shape[:2], np.uint8)
    cv2.fillConvexPoly(body, (hull * 16).astype(np.int32), 255, cv2.LINE_AA, shift=4)
    _blend(canvas, body, np.array(side_col, np.float32), 0.7 if translucent else 1.0)
    if sides is not None:
        _side_faces(canvas, base, top, sides, style, axis)
    tside = int(round(side * k))
    face = render_face(value, max(8, tside), style)
    if translucent:
        # the face lets some of what is under it through, but the pips stay opaque
        _paste_face(canvas, face, top, alpha=0.85)
    else:
        _paste_face(canvas, face, top)
    x, y, w, h = cv2.boundingRect(hull.astype(np.int32))
    return top, (x, y, w, h)


def _side_faces(canvas, base, top, values, style, axis):
    """Paste the side faces the camera sees (those facing the optical axis), pips and all,
    darker than the top face."""
    c = base.mean(axis=0)
    for i in range(4):
        j = (i + 1) % 4
        normal = (base[i] + base[j]) / 2 - c
        quad = np.array([top[i], top[j], base[j], base[i]], np.float32)
        if float(normal @ (np.asarray(axis, np.float32) - c)) <= 0 or abs(cv2.contourArea(quad)) < 12:
            continue
        n = int(max(8, np.linalg.norm(top[j] - top[i])))
        face = (render_face(int(values[i]), n, style).astype(np.float32) * 0.78).astype(np.uint8)
        _paste_face(canvas, face, quad)


def _glare(canvas, quad, rng):
    """A soft specular highlight on part of a die's top face."""
    h, w = canvas.shape[:2]
    c = quad.mean(axis=0)
    side = float(np.linalg.norm(quad[1] - quad[0]))
    off = rng.uniform(-0.3, 0.3, 2) * side
    ax = (int(side * rng.uniform(0.18, 0.35)), int(side * rng.uniform(0.06, 0.14)))
    m = np.zeros((h, w), np.float32)
    cv2.ellipse(m, (int(c[0] + off[0]), int(c[1] + off[1])), ax, rng.uniform(0, 180), 0, 360, 1.0, -1)
    m = cv2.GaussianBlur(m, (0, 0), max(1.0, side * 0.05))
    face = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(face, quad.astype(np.int32), 1)
    m *= face * rng.uniform(0.45, 0.8)
    x, y, bw, bh = cv2.boundingRect(face)  # outside the face m is 0: those pixels keep their value
    box = np.s_[y : y + bh, x : x + bw]
    g = m[box][..., None]
    canvas[box] = (canvas[box].astype(np.float32) * (1 - g) + 255 * g).astype(np.uint8)


def _tray(size, rng, wall=True):
    w, h = size
    base = np.array(rng.choice([[150, 150, 150], [200, 200, 205], [90, 110, 60], [60, 60, 120]]), np.float32)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    inner = (0, 0, w, h)
    if wall:
        t = int(min(w, h) * 0.05)
        col = np.array(rng.choice([[30, 30, 30], [40, 60, 90], [70, 40, 40]]), np.float32)
        img[:t] = col
        img[-t:] = col
        img[:, :t] = col
        img[:, -t:] = col
        inner = (t, t, w - 2 * t, h - 2 * t)
    return np.clip(img, 0, 255).astype(np.uint8), inner


def _effects(img, rng, strong=False):
    h, w = img.shape[:2]
    f = img.astype(np.float32)
    # lighting gradient
    g = rng.uniform(0.15, 0.35) if strong else rng.uniform(0.0, 0.2)
    a = rng.uniform(0, 2 * math.pi)
    xx, yy = np.arange(w, dtype=np.float32)[None, :], np.arange(h, dtype=np.float32)[:, None]
    ramp = (xx / w - 0.5) * math.cos(a) + (yy / h - 0.5) * math.sin(a)  # a row and a column, broadcast
    f *= (1 + g * ramp)[..., None]
    # noise
    f += rng.normal(0, rng.uniform(1, 6 if strong else 3), f.shape).astype(np.float32)
    img = np.clip(f, 0, 255).astype(np.uint8)
    if strong and rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.0))
    q = int(rng.integers(50, 96))
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def dice_scene(
    seed: int = 0,
    kind: str = "pips",
    face_px: int = 64,
    n_dice: int | None = None,
    size=(960, 720),
    effects: bool = True,
    blur: float = 0.0,
    camera: str | None = None,
) -> Scene:
    """A tray with dice. ``face_px`` is the side of a die's footprint in pixels.

    ``camera`` ("webcam", "picam", "phone"; ``vision.synth_camera``): instead of a tray, a
    table top (wood, felt, cloth) with clutter, dice of more colour pairs seen slantwise with
    their side faces' pips, and that camera's noise, colour cast, vignetting and JPEG."""
    rng = np.random.default_rng(seed)
    crng = np.random.default_rng([seed, 17])  # the camera's own draws: scenes without one stay as they were
    w, h = size
    strong = kind == "hard"
    img, (ix, iy, iw, ih) = _tray(size, rng, wall=True)
    axis = (w / 2 + rng.uniform(-0.05, 0.05) * w, h / 2 + rng.uniform(-0.05, 0.05) * h)
    cam_h = rng.uniform(20, 30) * face_px
    if camera is not None:
        from vision import synth_camera

        img = synth_camera.surface(size, crng)
        if camera != "phone":  # a slanted camera: the optical axis below the frame
            axis = (w / 2 + crng.uniform(-0.4, 0.4) * w, h * crng.uniform(0.9, 1.5))
            cam_h = crng.uniform(8, 18) * face_px
    if n_dice is None:
        n_dice = int(rng.integers(3, 9))
    if kind.startswith("icons-"):
        faces = OFFENSE_FACES if kind.endswith("offense") else DEFENSE_FACES
        style_pool = ["white"] if kind.endswith("offense") else ["black"]
    else:
        faces = [1, 2, 3, 4, 5, 6]
        style_pool = list(FACE_STYLES) if kind == "varied" else list(PIP_STYLES)
        if camera is not None:
            from vision.synth_camera import EXTRA_STYLES

            style_pool += list(EXTRA_STYLES) * 2
    placed = []
    dice = []
    tries = 0
    margin = face_px * 0.9
    while len(dice) < n_dice and tries < 500:
        tries += 1
        s = face_px
        ang = float(rng.uniform(0, 90))
        mode = rng.random()
        partner = None
        if placed and mode < 0.2:
            # touching a previous die, face to face
            partner = int(rng.integers(len(placed)))
            pc, ps, pa = placed[partner]
            t = math.radians(pa + 90 * int(rng.integers(4)))
            d = (ps + s) / 2 * 1.03
            c = (pc[0] + d * math.cos(t), pc[1] + d * math.sin(t))
            ang = pa + float(rng.uniform(-2, 2))
        elif mode < 0.3:
            # against the tray wall
            side = int(rng.integers(4))
            ang = float(rng.uniform(0, 3))
            e = s * 0.5 + 1
            c = [
                (ix + e, rng.uniform(iy + margin, iy + ih - margin)),
                (ix + iw - e, rng.uniform(iy + margin, iy + ih - margin)),
                (rng.uniform(ix + margin, ix + iw - margin), iy + e),
                (rng.uniform(ix + margin, ix + iw - margin), iy + ih - e),
            ][side]
        else:
            c = (rng.uniform(ix + margin, ix + iw - margin), rng.uniform(iy + margin, iy + ih - margin))
        if not (ix + s * 0.5 <= c[0] <= ix + iw - s * 0.5 and iy + s * 0.5 <= c[1] <= iy + ih - s * 0.5):
            continue
        if any(
            math.hypot(c[0] - p[0], c[1] - p[1]) < (s + ps) / 2 * 1.5
            for k, (p, ps, pa) in enumerate(placed)
            if k != partner
        ):
            continue
        # keep the parallax-displaced top face inside the frame and off other dice
        value = faces[int(rng.integers(len(faces)))]
        style = style_pool[int(rng.integers(len(style_pool)))]
        placed.append((c, s, ang))
        dice.append({"value": value, "style": style, "centre": c, "side": s, "angle": ang})
    shadow = None
    if effects and (strong or rng.random() < 0.4):
        t = rng.uniform(0, 2 * math.pi)
        shadow = (0.35 * math.cos(t), 0.35 * math.sin(t), rng.uniform(0.3, 0.55))
    out = []
    if camera is not None:
        synth_camera.clutter(img, crng, face_px, [d["centre"] for d in dice])
    # outer dice first: a die nearer the optical axis hides the inner side of an outer one
    dice.sort(key=lambda d: -math.hypot(d["centre"][0] - axis[0], d["centre"][1] - axis[1]))
    for d in dice:
        sides = (
            synth_camera.side_values(d["value"], crng)
            if camera is not None and isinstance(d["value"], int)
            else None
        )
        top, box = draw_die(
            img, d["value"], d["style"], d["centre"], d["side"], d["angle"], axis, cam_h, rng, shadow, sides
        )
        if effects and (strong or rng.random() < 0.3):
            _glare(img, top, rng)
        out.append(
            {
                "value": d["value"],
                "box": [int(v) for v in box],
                "centre": [float(v) for v in d["centre"]],
                "angle": d["angle"],
                "style": d["style"],
                "top": top.tolist(),
            }
        )
    if blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    if camera is not None and camera != "phone":
        img, H = synth_camera.tilt(img, crng, 0.35)
        for d in out:
            top = cv2.perspectiveTransform(np.float32(d["top"])[None], H)[0]
            x, y, bw, bh = d["box"]
            corners = cv2.perspectiveTransform(
                np.float32([[x, y], [x + bw, y], [x + bw, y + bh], [x, y + bh]])[None], H
            )[0]
            d["top"] = top.tolist()
            d["box"] = [int(v) for v in cv2.boundingRect(corners)]
    if effects:
        img = _effects(img, rng, strong) if camera is None else synth_camera.camera_effects(img, crng, camera)
    return Scene(img, out, {"axis": list(axis), "cam_height": cam_h, "face_px": face_px, "kind": kind})


def icon_calibration_shots(die: str = "offense", seed: int = 0, face_px: int = 64, shots: int = 3):
    """{face name: [frame with one die showing that face, ...]} as a calibration would collect."""
    faces = OFFENSE_FACES if die == "offense" else DEFENSE_FACES
    style = "white" if die == "offense" else "black"
    rng = np.random.default_rng(seed)
    out = {}
    for name in dict.fromkeys(faces):
        frames = []
        for _k in range(shots):
            img, _ = _tray((320, 320), rng, wall=False)
            c = (160 + rng.uniform(-20, 20), 160 + rng.uniform(-20, 20))
            draw_die(img, name, style, c, face_px, float(rng.uniform(0, 90)), (160, 160), 25 * face_px, rng)
            frames.append(_effects(img, rng))
        out[name] = frames
    return out


# --------------------------------------------------------------------------- kicks


@dataclass
class KickScene:
    before: np.ndarray
    after: np.ndarray
    truth: dict
    lid: dict


def _lid(size, rng):
    """Box lid: cardboard, a green area, two yellow uprights along its left and right edges."""
    w, h = size
    img = np.empty((h, w, 3), np.float32)
    img[:] = np.array([70, 110, 150], np.float32) + rng.normal(0, 4, 3)
    img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    gx0, gx1 = int(w * 0.3), int(w * 0.7)
    gy0, gy1 = int(h * 0.12), int(h * 0.88)
    img[gy0:gy1, gx0:gx1] = np.array([50, 140, 40], np.float32) + rng.normal(0, 3, (gy1 - gy0, gx1 - gx0, 1))
    t = max(3, w // 200)
    for x in (gx0, gx1):
        img[gy0 - 10 : gy1 + 10, x - t : x + t] = (30, 200, 230)
    green = [[gx0, gy0], [gx1, gy0], [gx1, gy1], [gx0, gy1]]
    uprights = [[[gx0, gy0 - 10], [gx0, gy1 + 10]], [[gx1, gy0 - 10], [gx1, gy1 + 10]]]
    return np.clip(img, 0, 255).astype(np.uint8), {"green": green, "uprights": uprights}


def lid_reference(seed: int = 0, size=(960, 720)):
    rng = np.random.default_rng(seed)
    img, lid = _lid(size, rng)
    return _effects(img, np.random.default_rng(seed + 1)), lid


def _frac_inside(centre, side, ang, poly):
    sq = _square(centre, side, ang)
    inter, _ = cv2.intersectConvexConvex(sq.astype(np.float32), np.array(poly, np.float32))
    return float(inter) / (side * side)


def kick_scene(
    seed: int = 0,
    case: str = "in",
    size=(960, 720),
    face_px: int = 56,
    post: str | None = None,
    y_frac: float | None = None,
    cam_height: float | None = None,
    effects: bool = True,
) -> KickScene:
    """A before/after pair of the lid with one die tossed onto it, with exact inside fraction."""
    rng = np.random.default_rng(seed)
    w, h = size
    base, lid = _lid(size, rng)
    axis = (w / 2, h / 2)
    cam_h = cam_height if cam_height is not None else face_px * rng.uniform(14, 20)
    lid.update({"axis": list(axis), "camera_height_px": float(cam_h)})
    gx0, gy0 = lid["green"][0]
    gx1, gy1 = lid["green"][2]
    s = face_px
    ang = float(rng.uniform(-4, 4))
    if y_frac is None:
        y_frac = rng.uniform(0.08, 0.92)
    cy = gy0 + s / 2 + (gy1 - gy0 - s) * y_frac
    if post is None:
        post = "left" if rng.random() < 0.5 else "right"
    if case == "in":
        cx = rng.uniform(gx0 + s * 0.8, gx1 - s * 0.8)
    elif case == "out":
        cx = (
            rng.uniform(s * 0.8, gx0 - s * 0.8) if post == "left" else rng.uniform(gx1 + s * 0.8, w - s * 0.8)
        )
    elif case.startswith("post"):
        f = int(case[4:]) / 100.0
        cx = gx0 + s * (f - 0.5) if post == "left" else gx1 - s * (f - 0.5)
    else:
        raise ValueError(case)
    frac = _frac_inside((cx, cy), s, ang, lid["green"])
    after = base.copy()
    t = rng.uniform(0, 2 * math.pi)
    value = int(rng.integers(1, 7))
    top, _ = draw_die(
        after,
        value,
        "white",
        (cx, cy),
        s,
        ang,
        axis,
        cam_h,
        rng,
        shadow=(0.3 * math.cos(t), 0.3 * math.sin(t), 0.4),
    )
    before = base.copy()
    if effects:
        before = _effects(before, np.random.default_rng(seed * 7 + 1))
        after = _effects(after, np.random.default_rng(seed * 7 + 2))
    verdict = "good" if frac >= 0.5 - 1e-3 else "no_good"  # "at least halfway"; float slack
    truth = {
        "inside_fraction": frac,
        "verdict": verdict,
        "footprint": _square((cx, cy), s, ang).tolist(),
        "top": top.tolist(),
        "case": case,
        "post": post,
        "distance_from_axis": float(math.hypot(cx - axis[0], cy - axis[1])),
    }
    return KickScene(before, after, truth, lid)
