"""Train the learned dice reader: a small die detector and a face classifier, exported to ONNX.

    python3 -m venv /tmp/train && /tmp/train/bin/pip install torch==2.13.0 onnx numpy \
        opencv-python-headless msgspec
    /tmp/train/bin/python bench/vision_train_net.py                 # writes vision/models/dice-*.onnx
    /tmp/train/bin/python bench/vision_train_net.py --with-heldout  # also learn from the held-out photos
    /tmp/train/bin/python bench/vision_train_net.py --only face --webcam --upright --init-face \
        EARLIER.onnx --mine-with vision/models --lr 5e-4 --face-steps 4000 --synthetic-share 0.3 \
        --distill 1.0 --seed 12 --out /tmp/try
        # fine-tune the face network with the webcam dev parts (the shipped recipe: dice-net.json;
        # EARLIER: git show 8ec0044:vision/models/dice-face.onnx)
    ... --fold 2 --out /tmp/folds/fold2
        # the same without fold 2 of the webcam development frames: bench/eval_dice_folds.py reads
        # each fold's frames with the network that never learned them
    /tmp/train/bin/python bench/vision_train_net.py --only detector --webcam --init-detector \
        vision/models/dice-detector.onnx --det-lr 1e-3 --det-steps 2000 --out /tmp/try   # the detector too
        # ... --det-distill 0.3: keeping the shipped detector's heat map off the webcam sets; judge the
        # pair with bench/eval_dice_validation.py --models /tmp/try (docs/vision.md: not shipped yet);
        # ... --det-distill-box 1: its boxes too (the face network learned the shipped framing)
    ... --phones --varied 0.6 --real-shares dice-real=0.3,desk=0.2,floor=0.1,phone=0.25,gem=0.15
        # both networks also learn the phone sets' development parts (casino, Catan, gem dice) and
        # rendered varied faces (docs/vision.md: tried, not shipped)
    ... --distill 2.0 --distill-webcam
        # the teacher is asked about the webcam sets' crops too (tried, not shipped)

Synthetic scenes are seen by camera models (``vision.synth_camera``: two in three; ``--no-cameras``
for none, as the shipped networks learned) and cached apart from the scenes without them.
``--slanted P`` draws that share of them in 3D, seen slantwise by a pinhole camera
(``vision.synth_slant``); measured, it did not help (docs/vision.md), so the shipped networks
learned none.

Training needs PyTorch and onnx, which the device never installs: the models run through
OpenCV's dnn module (``vision.net``), on the Pi as here.

Two networks, both plain convolutions, batch norm and ReLU (ONNX opset 13, read by OpenCV 4.6
and 5):

- ``dice-detector.onnx``: a CenterNet-style detector. The frame is shrunk so its longest side
  is ``vision.net.WORK_SIDE`` px; the network outputs, on a grid 4x coarser, a heat map of die
  centres, the log of the die's side and the sub-cell offset of the centre. Trained on real
  photos and synthetic scenes rescaled so dice measure 8 to 40 px in the working image.
- ``dice-face.onnx``: a 40x40 crop around a die (1.15 die sides) -> 7 classes: "no die" and
  the faces 1 to 6. Trained on crops of real and synthetic dice at every rotation, with
  jittered centres and sizes, colour swaps and noise, and on "no die" crops (floor, walls,
  half a die, the gap between two dice). With ``--upright`` the crops of slanted views (the
  webcam sets, the synthetic webcam and Pi camera) keep the frame's up, within a few degrees:
  a slanted die shows its top face and a side face, and only the frame's up tells which one
  is on top (the upper one). The reader cuts its crops unturned, so it sees them so too.
  ``--motion-blur P`` smears that share of its crops along a line (a die still sliding, a slow
  shutter); the ``--distill`` teacher is not asked about those, as it never saw one.

Data: ../shared/data/dice-real. By default its held-out split (sorted index % 5 == 4, 40
images) is never used, so ``bench/eval_dice.py --sets real-heldout`` stays an honest test;
``--with-heldout`` adds it and records that in ``dice-net.json``. Synthetic scenes come from
``vision.synth`` with seeds from 200000 up (the evaluation uses 1000-5299), cached in
``--cache``. Everything is seeded: the same command gives the same models.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

MODELS = ROOT / "vision" / "models"
STRIDE = 4
CROP = 40
CROP_CONTEXT = 1.15
DET_WIDTH = 24  # the shipped detector's channels at the grid's resolution (--det-width)


# --------------------------------------------------------------------------- data


class Item:
    """One frame: image, dice as (value, cx, cy, side) with value 0 for icon dice."""

    __slots__ = ("image", "dice", "real", "negatives", "found", "source", "labels", "slanted")

    def __init__(self, image, dice, real, source="dice-real", slanted=False):
        self.image = image
        self.slanted = slanted  # seen by a slanted camera: the frame's top is the far side
        self.dice = np.asarray(dice, np.float32).reshape(-1, 4)
        self.real = real
        self.source = source
        self.negatives = np.zeros((0, 3), np.float32)  # (cx, cy, side) the detector mistook for dice
        self.found = np.zeros((0, 4), np.float32)  # (value, cx, cy, side) as the detector saw dice
        self.labels = []  # webcam frames: (value, cx, cy, side) as labelled


def real_items(with_heldout: bool):
    """The real photos as ``Item``s (the split and labels as ``eval_dice`` reads them)."""
    import eval_dice

    return [
        Item(img, [(v, x + w / 2, y + h / 2, math.sqrt(w * h)) for v, (x, y, w, h) in gt], True)
        for _, img, gt in eval_dice.real_items("all" if with_heldout else "dev")
    ]


FOLDS = 4  # the webcam development frames fall in this many folds (``fold``)


def fold(stem: str) -> int:
    """The fold (0 to ``FOLDS`` - 1) of a webcam development frame: the Adler-32 of its name.
    A network trained with ``--fold K`` never learns fold K's frames, so reading each frame
    with the network of its own fold judges the reader on frames its networks never saw
    (``bench/eval_dice_folds.py``)."""
    import zlib

    return zlib.adler32(stem.encode()) % FOLDS


def validation(stem: str) -> bool:
    """Webcam development frames that judge training settings (``--webcam-val``: fold 0)."""
    return fold(stem) == 0


def webcam_items(leave_out: int | None = None):
    """The development parts of the webcam sets (never their held-back parts: ``eval_dice``'s
    split) as ``Item``s, for the face network (``reader_framed``); without fold ``leave_out``."""
    import eval_dice

    out = []
    for which in ("desk", "floor"):
        frames = [
            (path, img, gt)
            for path, img, gt in eval_dice.webcam_items(which, "dev")
            if leave_out is None or fold(Path(path).stem) != leave_out
        ]
        out += reader_framed(frames, which)
    return out


def table_items(root: Path):
    """The frames a device kept of its own table (``[vision] keep_frames``,
    ``companion/device/dice_frames.py``): those whose boxes are known (``labels_yolo``), for the face
    network (``reader_framed``), seen as slanted (the reader keeps the frame's up). Never the
    third ``eval_dice.py --folder`` holds back to measure the result on (NAME-heldout)."""
    import eval_dice

    frames = [
        (path, img, gt)
        for path, img, gt in eval_dice.folder_items(root, "dev")
        if gt and all(box is not None and v for v, box in gt)
    ]
    return reader_framed(frames, f"table:{root.name}")


PHONE_SETS = ("phone", "gem")  # eval_dice.PHONES: casino, Catan, translucent dice; trays of gem dice
PHONE_MIN_SIDE = 20.0  # a phone-set die labelled smaller than this (px) teaches the detector alone


def phone_items(which=PHONE_SETS):
    """The development parts of the phone sets (never their held-back parts: ``eval_dice``'s
    CRC-32 split) as ``Item``s, boxed as labelled (the whole die, as dice-real). Dice labelled
    under ``PHONE_MIN_SIDE`` are kept as dice of no face (value 0): the detector learns to box
    them (the reader then asks for the camera closer) but the face network does not learn
    faces a person cannot confirm at that size."""
    import eval_dice

    out = []
    for name in which:
        for _path, img, gt in eval_dice.folder_items(eval_dice.PHONES[name], "dev"):
            dice = []
            for v, (x, y, w, h) in gt:
                side = math.sqrt(w * h)
                dice.append((v if v and side >= PHONE_MIN_SIDE else 0, x + w / 2, y + h / 2, side))
            out.append(Item(img, dice, True, name))
    return out


def taught_by_label(it) -> bool:
    """Frames the ``--distill`` teachers are never asked about: those the whole reader framed
    (``framed_by_reader``), the phone sets and the varied synthetic faces, whose dice the shipped
    networks misread (a big red 1, gold pips, gem dice): their labels alone teach."""
    return framed_by_reader(it) or it.source in PHONE_SETS or it.source == "synthetic-varied"


def reader_framed(frames, source: str):
    """Labelled frames ``(path, image, [(value, box)])`` as ``Item``s, each labelled die taken as
    the shipped detector frames it (the candidate nearest its label's centre,
    ``eval_dice.match_centres``): that is what the face network sees at the table (the desk
    set's labels box the top face's pips, the floor's the visible die). The detector's other
    candidates that lie on no labelled die (a label on a cable, a plug, a side face, the desk's
    edge) are its "no die" examples."""
    import eval_dice

    from vision import net

    out = []
    for _path, img, gt in frames:
        read = net._pip_dice(net.Halvings(img))[1]
        pred = [(0, (f.cx - f.side / 2, f.cy - f.side / 2, f.side, f.side)) for f in read]
        pairs, _, _ = eval_dice.match_centres(pred, gt)
        dice = [(gt[j][0], read[i].cx, read[i].cy, read[i].side) for i, j in pairs]
        held = {i for i, _ in pairs}
        centres = [(x + w / 2, y + h / 2) for _, (x, y, w, h) in gt]
        negs = [
            (f.cx, f.cy, f.side)
            for i, f in enumerate(read)
            if i not in held
            and all(abs(gx - f.cx) > 0.6 * f.side or abs(gy - f.cy) > 0.6 * f.side for gx, gy in centres)
        ]
        it = Item(img, dice, True, source, slanted=True)
        it.labels = [(v, x + w / 2, y + h / 2, math.sqrt(w * h)) for v, (x, y, w, h) in gt]
        it.found = it.dice.copy()
        it.negatives = np.asarray(negs, np.float32).reshape(-1, 3)
        out.append(it)
    return out


def framed_by_reader(it) -> bool:
    """Frames whose dice the whole reader framed (the webcam sets, a table's kept frames): not
    mined again, and the ``--distill`` teacher is not asked about them (their labels teach)."""
    return it.source in ("desk", "floor") or it.source.startswith("table:")


def detector_targets(items):
    """The webcam frames (``webcam_items``) as the detector should learn them: every labelled die,
    as the shipped reader framed it where it found it, else at its label's centre with the label's
    side times the set's median ratio of framed to labelled side (labels that box only the top
    face's pips are smaller than the die). Without this, a die the reader missed would be taught
    as floor."""
    out = []
    for which in ("desk", "floor"):
        group = [it for it in items if it.source == which]
        ratios = []
        for it in group:
            for _value, cx, cy, side in it.found:
                lab = min(it.labels, key=lambda g: math.hypot(g[1] - cx, g[2] - cy))
                ratios.append(side / lab[3])
        ratio = float(np.median(ratios)) if ratios else 1.0
        for it in group:
            dice = [tuple(d) for d in it.found]
            for v, cx, cy, side in it.labels:
                if all(math.hypot(f[1] - cx, f[2] - cy) > 0.5 * f[3] for f in it.found):
                    dice.append((v, cx, cy, side * ratio))
            d = Item(it.image, dice, True, which, slanted=it.slanted)
            d.labels = it.labels
            out.append(d)
    return out


KINDS = ["pips", "pips", "hard", "icons-offense", "icons-defense", "pips"]
CAMERAS = [None, None, "webcam", "picam", "webcam", "phone"]
SIZES = [(640, 480), (960, 720), (960, 720), (1280, 960)]
NEGATIVES_FROM = (
    0.9  # a face sample from 0.9 up (of 0..1) is one of the detector's mistakes (--negatives-from)
)
UPRIGHT = False  # --upright: crops of slanted views are not turned (the top face is the upper one)
UPRIGHT_TURN = 8.0  # ... but for a few degrees (standard deviation)
CAMERA_MODELS = True  # two in three scenes seen by a camera model (vision.synth_camera); --no-cameras: none
MOTION_BLUR = 0.0  # --motion-blur: share of face crops smeared along a line, as a die still sliding
DISTILL_SLANTED = False  # --distill-slanted: the --distill teacher is asked about those scenes' crops too
DISTILL_WEBCAM = False  # --distill-webcam: the face --distill teacher is asked about the webcam crops too
SLANTED = 0.0  # --slanted: share of the synthetic scenes a slanted pinhole camera sees (vision.synth_slant)
VARIED = 0.0  # --varied: share of the flat pip scenes drawn with vision.synth's FACE_STYLES (kind "varied")


def _draws(seed: int):
    """The scene's first draws: (rng, kind, size, face side, camera)."""
    rng = np.random.default_rng(seed)
    kind = KINDS[seed % len(KINDS)]
    if kind == "pips" and varied(seed):
        kind = "varied"
    size = SIZES[int(rng.integers(len(SIZES)))]
    face = int(rng.uniform(0.03, 0.11) * size[0])
    camera = CAMERAS[int(rng.integers(len(CAMERAS)))] if CAMERA_MODELS else None
    return rng, kind, size, face, camera


def slanted(seed: int) -> bool:
    """Is scene ``seed`` one of the ``SLANTED`` share drawn in 3D, seen slantwise (``vision.synth_slant``)?
    Its own draw: the other scenes stay as they were."""
    return bool(np.random.default_rng([seed, 5]).random() < SLANTED)


def varied(seed: int) -> bool:
    """Is pip scene ``seed`` one of the ``VARIED`` share whose dice wear ``vision.synth.FACE_STYLES``
    (a big red 1, coloured pips, casino and marbled dice)? Its own draw, as ``slanted``."""
    return bool(np.random.default_rng([seed, 7]).random() < VARIED)


def _scene_name(seed: int) -> str:
    if slanted(seed):
        return f"{seed}-slant"
    return f"{seed}-varied" if _draws(seed)[1] == "varied" else str(seed)


def _source(seed: int) -> str:
    if slanted(seed):
        return "synthetic-slant"
    return "synthetic-varied" if _draws(seed)[1] == "varied" else "synthetic"


def _scene(seed: int):
    from vision import synth

    rng, kind, size, face, camera = _draws(seed)
    if slanted(seed):
        from vision import synth_slant

        sc = synth_slant.slanted_scene(
            seed,
            size=size,
            n_dice=int(rng.integers(1, 9)),
            face_px=1.3 * face,
            camera="picam" if rng.random() < 0.4 else "webcam",
        )
    else:
        sc = synth.dice_scene(
            seed=seed,
            kind=kind,
            face_px=face,
            size=size,
            n_dice=int(rng.integers(1, 14)),
            blur=float(rng.choice([0, 0, 0, 0.8, 1.5])),
            camera=camera,
        )
    dice = []
    for d in sc.dice:
        x, y, w, h = d["box"]
        v = d["value"] if isinstance(d["value"], int) else 0
        dice.append((v, x + w / 2, y + h / 2, math.sqrt(w * h)))
    _, jpg = cv2.imencode(".jpg", sc.image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(50, 96))])
    return jpg, dice


def synth_items(n: int, cache: Path, workers: int):
    cache.mkdir(parents=True, exist_ok=True)
    seeds = [200000 + k for k in range(n)]
    todo = [s for s in seeds if not (cache / f"{_scene_name(s)}.json").exists()]
    if todo:
        print(f"rendering {len(todo)} synthetic scenes into {cache} ...", flush=True)
        with ProcessPoolExecutor(workers) as ex:
            for s, (jpg, dice) in zip(todo, ex.map(_scene, todo, chunksize=4)):
                (cache / f"{_scene_name(s)}.jpg").write_bytes(jpg.tobytes())
                (cache / f"{_scene_name(s)}.json").write_text(json.dumps(dice))
    return [
        Item(
            cv2.imread(str(cache / f"{_scene_name(s)}.jpg")),
            json.loads((cache / f"{_scene_name(s)}.json").read_text()),
            False,
            _source(s),
            slanted=slanted(s) or _draws(s)[4] in ("webcam", "picam"),
        )
        for s in seeds
    ]


# --------------------------------------------------------------------------- augmentation


def colour_jitter(img: np.ndarray, rng, invert_p: float = 0.0) -> np.ndarray:
    img = img[..., rng.permutation(3)] if rng.random() < 0.5 else img
    f = img.astype(np.float32)
    f = f * rng.uniform(0.6, 1.3) + rng.uniform(-35, 35)
    f += rng.uniform(-18, 18, 3).astype(np.float32)
    if rng.random() < 0.3:
        g = f.mean(axis=2, keepdims=True)
        f = g + (f - g) * rng.uniform(0.3, 1.6)
    if rng.random() < invert_p:
        f = 255 - f
    if rng.random() < 0.5:
        f += rng.normal(0, rng.uniform(1, 8), f.shape).astype(np.float32)
    out = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.2:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.2))
    return out


def camera_cast(img: np.ndarray, rng) -> np.ndarray:
    """``img`` as another camera's colours would give it: each channel's gain off by up to
    35 % (a white balance set for another light), or, one time in five, grey (a mono camera)."""
    if rng.random() < 0.2:
        g = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        return cv2.merge([g, g, g])
    gains = np.exp(rng.uniform(-0.3, 0.3, 3)).astype(np.float32)
    return np.clip(img.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def det_sample(item: Item, rng, out: int, cast: float = 0.0):
    """A training crop of the working image and its targets (heat, log side, offset, mask), and
    the crop as the ``--det-distill`` teacher sees it: the same, or, for a ``cast`` share, the
    crop before ``camera_cast`` (the student learns to see under the cast what the teacher
    sees without it)."""
    from vision.net import shrink

    img, dice = item.image, item.dice
    med = float(np.median(dice[:, 3])) if len(dice) else 40.0
    target = rng.uniform(8.0, 56.0)
    s = target / med
    h, w = img.shape[:2]
    work = shrink(img, s)
    wh, ww = work.shape[:2]
    if len(dice) and rng.random() < 0.75:
        k = int(rng.integers(len(dice)))
        cx, cy = (
            dice[k, 1] * s + rng.uniform(-out / 3, out / 3),
            dice[k, 2] * s + rng.uniform(-out / 3, out / 3),
        )
    else:
        cx, cy = rng.uniform(0, ww), rng.uniform(0, wh)
    x0, y0 = int(round(cx - out / 2)), int(round(cy - out / 2))
    M = np.float32([[1, 0, -x0], [0, 1, -y0]])
    border = cv2.BORDER_REFLECT_101 if rng.random() < 0.7 else cv2.BORDER_REPLICATE
    crop = cv2.warpAffine(work, M, (out, out), flags=cv2.INTER_NEAREST, borderMode=border)
    # a reflected die outside the frame would be unlabelled: grey out what lies outside
    outside = np.zeros((out, out), bool)
    xs = np.arange(out) + x0
    ys = np.arange(out) + y0
    outside[:, (xs < 0) | (xs >= ww)] = True
    outside[(ys < 0) | (ys >= wh), :] = True
    if outside.any():
        crop[outside] = np.median(work[::4, ::4].reshape(-1, 3), axis=0).astype(np.uint8)
    crop = colour_jitter(crop, rng, invert_p=0.1)
    plain = crop
    if cast and rng.random() < cast:
        crop = camera_cast(crop, rng)
    # a random turn and flip of the crop, and of the dice centres with it
    pts = [((dx * s - x0), (dy * s - y0), side * s) for v, dx, dy, side in dice]
    for _ in range(int(rng.integers(4))):  # np.rot90 turns counter-clockwise: (x, y) -> (y, out - x)
        crop, plain = np.rot90(crop), np.rot90(plain)
        pts = [(y, out - x, ps) for x, y, ps in pts]
    if rng.random() < 0.5:
        crop, plain = crop[:, ::-1], plain[:, ::-1]
        pts = [(out - x, y, ps) for x, y, ps in pts]
    g = out // STRIDE
    heat = np.zeros((g, g), np.float32)
    size = np.zeros((g, g), np.float32)
    off = np.zeros((2, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32) + 0.5
    for x, y, ps in pts:
        px, py = x / STRIDE, y / STRIDE
        if not (-2 <= px < g + 2 and -2 <= py < g + 2):
            continue
        sigma = max(0.7, ps / STRIDE / 5.0)
        heat = np.maximum(heat, np.exp(-((xx - px) ** 2 + (yy - py) ** 2) / (2 * sigma * sigma)))
        ix, iy = int(math.floor(px)), int(math.floor(py))
        if 0 <= ix < g and 0 <= iy < g:
            heat[iy, ix] = 1.0
            size[iy, ix] = math.log(ps)
            off[:, iy, ix] = (px - ix, py - iy)
            mask[iy, ix] = 1.0
    return np.ascontiguousarray(crop), heat, size, off, mask, np.ascontiguousarray(plain)


def clf_sample(item: Item, rng):
    """A 40x40 crop, its class (0 = no die, else the face value) and whether it was smeared
    (``MOTION_BLUR``); None if unusable.

    Dice: as the detector framed them (``Item.found``), or the labelled box with a jittered
    centre and size. "No die": half a die (the centre 0.5-0.9 sides off), a group of dice
    seen as one (2-3.5 sides), a piece of one die (0.25-0.5 sides), the floor and walls, and
    the detector's own mistakes on this frame (``Item.negatives``)."""
    from vision.net import face_crop

    img, dice = item.image, item.dice
    pips_dice = dice[dice[:, 0] > 0] if len(dice) else dice
    h, w = img.shape[:2]
    r = rng.random()
    d = dice[int(rng.integers(len(dice)))] if len(dice) else None
    label, check = 0, True
    if r < 0.31 and len(item.found):
        v, cx, cy, side = item.found[int(rng.integers(len(item.found)))]
        cx += rng.normal(0, 0.02 * side)
        cy += rng.normal(0, 0.02 * side)
        side *= rng.uniform(0.95, 1.05)
        label, check = int(v), False
    elif r < 0.62 and len(pips_dice):
        v, cx, cy, side = pips_dice[int(rng.integers(len(pips_dice)))]
        cx += rng.normal(0, 0.07 * side)
        cy += rng.normal(0, 0.07 * side)
        side *= rng.uniform(0.78, 1.28)
        label, check = int(v), False
    elif r < 0.72 and d is not None:
        t = rng.uniform(0, 2 * math.pi)
        rad = rng.uniform(0.5, 0.9) * d[3]
        cx, cy, side = d[1] + rad * math.cos(t), d[2] + rad * math.sin(t), d[3] * rng.uniform(0.9, 1.15)
    elif r < 0.78 and d is not None:
        cx, cy = d[1] + rng.normal(0, 0.3 * d[3]), d[2] + rng.normal(0, 0.3 * d[3])
        side, check = d[3] * rng.uniform(2.0, 3.5), False
    elif r < 0.83 and d is not None:
        cx, cy = d[1] + rng.normal(0, 0.12 * d[3]), d[2] + rng.normal(0, 0.12 * d[3])
        side, check = d[3] * rng.uniform(0.25, 0.5), False
    elif r >= NEGATIVES_FROM and len(item.negatives):
        cx, cy, side = item.negatives[int(rng.integers(len(item.negatives)))]
        cx += rng.normal(0, 0.05 * side)
        cy += rng.normal(0, 0.05 * side)
        side *= rng.uniform(0.9, 1.1)
    else:
        side = d[3] * rng.uniform(0.9, 1.15) if d is not None else rng.uniform(20, 80)
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    if check and len(dice) and (np.hypot(dice[:, 1] - cx, dice[:, 2] - cy) / dice[:, 3]).min() < 0.45:
        return None  # that would be a die after all
    upright = UPRIGHT and item.slanted
    angle = rng.normal(0, UPRIGHT_TURN) if upright else rng.uniform(0, 360)
    crop = face_crop(img, cx, cy, side, angle=float(angle))
    if rng.random() < 0.5:
        crop = crop[:, ::-1]
    smeared = rng.random() < MOTION_BLUR
    if smeared:
        crop = motion_blur(crop, rng)
    crop = colour_jitter(crop, rng, invert_p=0.15)
    return np.ascontiguousarray(crop), label, smeared


def motion_blur(crop: np.ndarray, rng, longest: int = 9) -> np.ndarray:
    """``crop`` smeared along a line of 3 to ``longest`` pixels at any angle: a die still
    sliding, or a hand-held phone, in a slow shutter (a quarter of a 40 px crop's die at most)."""
    n = int(rng.integers(3, longest + 1))
    k = np.zeros((n, n), np.float32)
    k[n // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D(((n - 1) / 2, (n - 1) / 2), float(rng.uniform(0, 180)), 1.0)
    k = cv2.warpAffine(k, turn, (n, n))
    return cv2.filter2D(crop, -1, k / max(float(k.sum()), 1e-6), borderType=cv2.BORDER_REFLECT)


# --------------------------------------------------------------------------- models


def build(torch):
    nn = torch.nn

    def cbr(i, o, s=1, d=1):
        return [
            nn.Conv2d(i, o, 3, s, padding=d, dilation=d, bias=False),
            nn.BatchNorm2d(o),
            nn.ReLU(inplace=True),
        ]

    class Detector(nn.Module):
        """``width``: the channels of the four layers at the grid's resolution (the shipped one: 24)."""

        def __init__(self, width=DET_WIDTH):
            super().__init__()
            w = width
            self.body = nn.Sequential(
                *cbr(3, 12, 2),
                *cbr(12, 16, 2),
                *cbr(16, w),
                *cbr(w, w, 1, 2),
                *cbr(w, w, 1, 4),
                *cbr(w, w, 1, 2),
            )
            self.head = nn.Conv2d(w, 4, 1)

        def forward(self, x):
            return self.head(self.body(x))

    class FaceNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(
                *cbr(3, 16),
                nn.MaxPool2d(2),
                *cbr(16, 32),
                *cbr(32, 32),
                nn.MaxPool2d(2),
                *cbr(32, 64),
                nn.MaxPool2d(2),
                *cbr(64, 96),
            )
            self.fc = nn.Linear(96 * 5 * 5, 7)

        def forward(self, x):
            return self.fc(torch.flatten(self.body(x), 1))

    return Detector, FaceNet


def mine(items, models: Path, log):
    """Run a trained detector over the training frames. What it finds that is no die becomes a
    "no die" example (``Item.negatives``); the pip dice it finds are kept as it framed them
    (``Item.found``), so the face network learns the detector's real centring and size errors."""
    from vision import net

    detector = net.DiceNet(models / net.DETECTOR.name, None)
    n_neg = n_pos = 0
    for it in items:
        if framed_by_reader(it):
            continue  # framed by the whole reader already (reader_framed)
        negs, found = [], []
        for cx, cy, side, score in detector.detect(it.image):
            if score < net.DET_MAYBE:
                continue
            if len(it.dice):
                dist = np.hypot(it.dice[:, 1] - cx, it.dice[:, 2] - cy) / it.dice[:, 3]
                k = int(np.argmin(dist))
                if dist[k] < 0.45:
                    if it.dice[k, 0] > 0 and 0.6 < side / it.dice[k, 3] < 1.6:
                        found.append((it.dice[k, 0], cx, cy, side))
                    continue
            negs.append((cx, cy, side))
        it.negatives = np.asarray(negs, np.float32).reshape(-1, 3)
        it.found = np.asarray(found, np.float32).reshape(-1, 4)
        n_neg += len(negs)
        n_pos += len(found)
    log(f"mined {n_neg} false and {n_pos} true detections with the detector in {models}")


def to_tensor(torch, imgs):
    from vision.net import normalise

    return torch.from_numpy(np.stack([normalise(i) for i in imgs]))


REAL_SHARES = {"dice-real": 0.5, "desk": 0.3, "floor": 0.2}  # of the real samples, per photo set


class RealPick(list):
    """The real frames; ``pick(rng)`` draws a photo set by ``REAL_SHARES`` (among those present),
    then a frame of it, so 279 desk frames do not drown the 160 development photos."""

    def pick(self, rng):
        groups = {}
        for it in self:
            groups.setdefault(it.source, []).append(it)
        names = sorted(groups)
        w = np.array([REAL_SHARES.get(n, 0.2) for n in names])
        g = groups[names[int(rng.choice(len(names), p=w / w.sum()))]]
        return g[int(rng.integers(len(g)))]


def _setup(torch, net, items, steps, lr=3e-3):
    """AdamW with a one-cycle schedule, and the frames split into real and synthetic."""
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    return opt, sched, RealPick(i for i in items if i.real), [i for i in items if not i.real]


def train_detector(
    torch,
    items,
    steps,
    batch,
    seed,
    log,
    share=0.4,
    init=None,
    lr=3e-3,
    distill=0.0,
    distill_box=0.0,
    cast=0.0,
    width=None,
):
    """The detector, afresh or fine-tuned from ``init``. With ``distill``, on every frame not from a
    webcam set it also learns ``init``'s heat map (learning without unlearning: the phone photos'
    tray screw and the synthetic scenes keep the scores the reader's thresholds were chosen on).
    With ``distill_box``, there it also learns ``init``'s box (log side and centre offset) where
    ``init`` sees a die: the face network learned the shipped detector's framing, and a box a
    few per cent off moves a die read at the bar across it. With ``cast``, that share of the
    crops is seen through another camera's colours (``camera_cast``), the teacher still seeing
    them as they were. With a ``width`` narrower than ``init``'s, the detector starts from
    ``init``'s strongest channels (``prune_layers``) and ``init`` at its own width teaches it."""
    Detector, _ = build(torch)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    teacher = None
    if init is not None:
        full = onnx_det_width(init)
        net = Detector(width or full)
        init_from_onnx(torch, net, init)
        log(f"detector of width {width or full} starts from {init} (width {full}, learning rate {lr})")
        if distill > 0:
            teacher = Detector(full)
            init_from_onnx(torch, teacher, init)
            teacher.eval()
    else:
        net = Detector(width or DET_WIDTH)
    opt, sched, real, syn = _setup(torch, net, items, steps, lr)
    t0 = time.time()
    for step in range(steps):
        picked = [
            real.pick(rng) if rng.random() >= share or not syn else syn[int(rng.integers(len(syn)))]
            for _ in range(batch)
        ]
        samples = [det_sample(it, rng, 192, cast) for it in picked]
        x = to_tensor(torch, [s[0] for s in samples])
        heat = torch.from_numpy(np.stack([s[1] for s in samples]))
        size = torch.from_numpy(np.stack([s[2] for s in samples]))
        off = torch.from_numpy(np.stack([s[3] for s in samples]))
        mask = torch.from_numpy(np.stack([s[4] for s in samples]))
        y = net(x)
        p = torch.sigmoid(y[:, 0]).clamp(1e-4, 1 - 1e-4)
        pos = heat.eq(1).float()
        neg = 1 - pos
        lpos = -(torch.log(p) * (1 - p) ** 2 * pos).sum()
        lneg = -(torch.log(1 - p) * p**2 * (1 - heat) ** 4 * neg).sum()
        npos = pos.sum().clamp(min=1)
        lheat = (lpos + lneg) / npos
        lsize = (torch.abs(y[:, 1] - size) * mask).sum() / npos
        loff = (torch.abs(torch.sigmoid(y[:, 2:4]) - off) * mask[:, None]).sum() / npos
        loss = lheat + lsize + loff
        keep = torch.tensor([not taught_by_label(it) for it in picked])
        if teacher is not None and bool(keep.any()):
            with torch.no_grad():
                yt = teacher(to_tensor(torch, [s[5] for s in samples])[keep])
                pt = torch.sigmoid(yt[:, 0]).clamp(1e-4, 1 - 1e-4)
            ps = p[keep]
            kl = pt * torch.log(pt / ps) + (1 - pt) * torch.log((1 - pt) / (1 - ps))
            loss = loss + distill * kl.sum() / pos[keep].sum().clamp(min=1)
            if distill_box > 0:
                w = (pt > 0.3).float()  # where the teacher sees a die
                ys = y[keep]
                lbox = (torch.abs(ys[:, 1] - yt[:, 1]) * w).sum() + (
                    torch.abs(torch.sigmoid(ys[:, 2:4]) - torch.sigmoid(yt[:, 2:4])) * w[:, None]
                ).sum()
                loss = loss + distill_box * lbox / w.sum().clamp(min=1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == steps - 1:
            log(
                f"detector {step:5d}/{steps} loss {loss.item():.3f} (heat {lheat.item():.3f} size "
                f"{lsize.item():.3f} off {loff.item():.3f}) {time.time() - t0:.0f}s"
            )
    return net.eval()


def init_from_onnx(torch, net, path: Path) -> None:
    """Start ``net`` from a shipped ONNX network, face or detector (fine-tuning); a detector
    narrower than the file's starts from its strongest channels (``prune_layers``). The
    file's batch norms are folded into its convolutions: each convolution takes the folded
    weights, its batch norm becomes the identity plus the folded bias and stays in eval mode
    (its statistics frozen)."""
    from vision.onnx_numpy import NumpyNet

    onnx_net = NumpyNet(path)
    layers = conv_layers(onnx_net)
    if hasattr(net, "head"):  # the detector: its last convolution is the head
        layers = prune_layers(layers, net.head.weight.shape[1])
        out, last = net.head, layers.pop()
    else:
        out, last = net.fc, (onnx_net.weights["fc.weight"], onnx_net.weights["fc.bias"])
    mods = [m for m in net.body if isinstance(m, (torch.nn.Conv2d, torch.nn.BatchNorm2d))]
    with torch.no_grad():
        for (w, b), conv, bn in zip(layers, mods[0::2], mods[1::2]):
            conv.weight.copy_(torch.from_numpy(w))
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(b))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
            bn.eval()
        out.weight.copy_(torch.from_numpy(np.ascontiguousarray(last[0])))
        out.bias.copy_(torch.from_numpy(np.ascontiguousarray(last[1])))


def conv_layers(onnx_net) -> list[tuple[np.ndarray, np.ndarray]]:
    """An ONNX network's convolutions as (weight, bias), in order; ``onnx_net`` a file or the
    ``vision.onnx_numpy.NumpyNet`` read from it (the numpy fallback's own reader)."""
    from vision.onnx_numpy import NumpyNet

    n = onnx_net if isinstance(onnx_net, NumpyNet) else NumpyNet(onnx_net)
    return [(n.weights[nd["inputs"][1]], n.weights[nd["inputs"][2]]) for nd in n.nodes if nd["op"] == "Conv"]


def onnx_det_width(path: Path) -> int:
    """The channels of an ONNX detector's layers at the grid's resolution (its head's inputs)."""
    return conv_layers(path)[-1][0].shape[1]


def prune_layers(layers, width: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """A detector's layers (``conv_layers``, the head last) narrowed to ``width`` channels: each
    layer at the grid's resolution (the third on) keeps its output channels of the largest
    weights (L1), in their order, and the layer after it the inputs that match them."""
    out, kept = [], None
    for k, (w, b) in enumerate(layers):
        if kept is not None:
            w = w[:, kept]
        head = k == len(layers) - 1
        if not head and k >= 2 and w.shape[0] > width:
            kept = np.sort(np.argsort(-np.abs(w).sum(axis=(1, 2, 3)), kind="stable")[:width])
            w, b = w[kept], b[kept]
        else:
            kept = None
        out.append((np.ascontiguousarray(w), np.ascontiguousarray(b)))
    return out


def teacher_probs(teacher, crops) -> np.ndarray:
    """The ``teacher`` face network's (an OpenCV dnn net) probabilities for ``crops``."""
    from vision.net import normalise

    teacher.setInput(np.stack([normalise(np.ascontiguousarray(c)) for c in crops]))
    logits = teacher.forward()
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def asks_teacher(it, smeared: bool) -> bool:
    """Is the face network's ``--distill`` teacher asked about a crop of ``it``? Not about a
    smear (it never saw one), nor the frames ``taught_by_label``, but for the webcam sets with
    ``--distill-webcam`` (the teacher learned them); a die drawn slantwise in 3D is taught by
    its label alone unless ``--distill-slanted`` (the teacher keeps its "no die" on those floors)."""
    by_label = taught_by_label(it) and not (DISTILL_WEBCAM and it.source in ("desk", "floor"))
    return not by_label and not smeared and (DISTILL_SLANTED or it.source != "synthetic-slant")


def train_face(
    torch, items, steps, batch, seed, log, share=0.45, init=None, lr=3e-3, distill=0.0, teacher=None
):
    """The face network. With ``distill`` > 0 it also learns the ``teacher`` ONNX network's
    probabilities on every crop not cut from a webcam set nor smeared (a KL term of that weight), so what
    it learns from the webcams does not unlearn what the teacher reads well."""
    _, FaceNet = build(torch)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed + 1)
    net = FaceNet()
    if init is not None:
        init_from_onnx(torch, net, init)
        log(f"face network starts from {init} (learning rate {lr})")
    opt, sched, real, syn = _setup(torch, net, items, steps, lr)
    t0 = time.time()
    lossf = torch.nn.CrossEntropyLoss(label_smoothing=0.02)
    tnet = cv2.dnn.readNetFromONNX(str(teacher)) if distill > 0 else None
    if tnet is not None:
        where = "on the webcam sets too" if DISTILL_WEBCAM else "off the webcam sets"
        log(f"learning also the probabilities of {teacher} (weight {distill}) {where}")
    for step in range(steps):
        samples, keep = [], []
        while len(samples) < batch:
            it = real.pick(rng) if rng.random() >= share or not syn else syn[int(rng.integers(len(syn)))]
            s = clf_sample(it, rng)
            if s is not None:
                samples.append(s)
                keep.append(asks_teacher(it, s[2]))
        x = to_tensor(torch, [s[0] for s in samples])
        y = torch.tensor([s[1] for s in samples])
        out = net(x)
        loss = lossf(out, y)
        if tnet is not None and any(keep):
            k = torch.tensor(keep)
            soft = torch.from_numpy(teacher_probs(tnet, [s[0] for s, kk in zip(samples, keep) if kk]))
            logp = torch.log_softmax(out[k], dim=1)
            loss = loss + distill * torch.nn.functional.kl_div(logp, soft, reduction="batchmean")
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == steps - 1:
            acc = (out.argmax(1) == y).float().mean().item()
            log(f"face {step:5d}/{steps} loss {loss.item():.3f} acc {acc:.3f} {time.time() - t0:.0f}s")
    return net.eval()


def export(torch, net, shape, path: Path, dynamic: bool):
    x = torch.zeros(shape)
    kw = {"dynamic_axes": {"input": {2: "h", 3: "w"}, "output": {2: "gh", 3: "gw"}}} if dynamic else {}
    torch.onnx.export(
        net,
        x,
        str(path),
        input_names=["input"],
        output_names=["output"],
        opset_version=13,
        do_constant_folding=True,
        dynamo=False,
        **kw,
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=MODELS)
    ap.add_argument("--cache", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "dice-synth-cache")
    ap.add_argument("--synthetic", type=int, default=1000, help="synthetic scenes")
    ap.add_argument("--det-steps", type=int, default=5000)
    ap.add_argument("--face-steps", type=int, default=8000)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument(
        "--synthetic-share",
        type=float,
        help="share of training samples cut from synthetic "
        "frames (default: 0.4 for the detector, 0.45 for the face network)",
    )
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--with-heldout", action="store_true", help="also train on the held-out real photos")
    ap.add_argument("--only", choices=["detector", "face"], help="train one of the two")
    ap.add_argument(
        "--webcam",
        action="store_true",
        help="both networks also learn from the webcam sets' development parts (never their held-back parts)",
    )
    ap.add_argument(
        "--phones",
        action="store_true",
        help="both networks also learn from the phone sets' development parts (dice-real-phone-mixed, "
        "dice-real-gem-trays; never their held-back parts); weigh them with --real-shares phone=..,gem=..",
    )
    ap.add_argument(
        "--varied",
        type=float,
        default=0.0,
        help="share of the flat pip scenes whose dice wear vision.synth's FACE_STYLES (a big red 1, "
        "coloured pips, casino, marbled dice); default 0",
    )
    ap.add_argument(
        "--init-face", type=Path, help="fine-tune this ONNX face network instead of starting afresh"
    )
    ap.add_argument(
        "--init-detector", type=Path, help="fine-tune this ONNX detector instead of starting afresh"
    )
    ap.add_argument(
        "--det-width",
        type=int,
        help=f"channels of the detector's layers at the grid's resolution "
        f"(default {DET_WIDTH}; narrower is faster: with --init-detector, started from its strongest channels)",
    )
    ap.add_argument("--det-lr", type=float, default=3e-3, help="peak learning rate of the detector")
    ap.add_argument(
        "--distill",
        type=float,
        default=0.0,
        help="weight of the --init-face network's probabilities "
        "on crops off the webcam sets (learning without unlearning)",
    )
    ap.add_argument(
        "--det-distill",
        type=float,
        default=0.0,
        help="weight of the --init-detector network's heat map on frames off the webcam sets",
    )
    ap.add_argument(
        "--det-distill-box",
        type=float,
        default=0.0,
        help="weight of the --init-detector network's boxes (size, offset) where it sees a die, "
        "on frames off the webcam sets",
    )
    ap.add_argument(
        "--det-cast",
        type=float,
        default=0.0,
        help="share of the detector's crops seen through another camera's colours (a white balance "
        "off by up to 35 %%, or grey); with --det-distill the teacher sees them as they were",
    )
    ap.add_argument(
        "--negatives-from",
        type=float,
        default=0.9,
        help="share of face samples cut from the "
        "detector's mistakes on the frame (a label, a bead): 1 minus this, at most 0.17",
    )
    ap.add_argument(
        "--webcam-val",
        action="store_true",
        help="leave the webcam development frames whose "
        "name's Adler-32 is divisible by 4 out of training (they judge the settings): --fold 0",
    )
    ap.add_argument(
        "--fold",
        type=int,
        choices=range(FOLDS),
        metavar=f"0-{FOLDS - 1}",
        help="leave the webcam development frames of this fold (Adler-32 of the name modulo "
        f"{FOLDS}) out of training; bench/eval_dice_folds.py reads each fold with its network",
    )
    ap.add_argument("--lr", type=float, default=3e-3, help="peak learning rate of the face network")
    ap.add_argument(
        "--real-shares", help="share of real samples per photo set, e.g. dice-real=0.6,desk=0.25,floor=0.15"
    )
    ap.add_argument(
        "--no-cameras",
        action="store_true",
        help="synthetic scenes without camera models (vision.synth_camera), as the shipped detector learned",
    )
    ap.add_argument(
        "--upright",
        action="store_true",
        help="crops of slanted views (the webcam sets, the "
        "slanted synthetic cameras) are not turned, so the network can learn that a slanted die's "
        "top face is the upper of the two faces it sees",
    )
    ap.add_argument(
        "--motion-blur",
        type=float,
        default=0.0,
        help="share of face crops smeared along a line "
        "of 3-9 px at any angle (dice still sliding, a slow shutter); default 0",
    )
    ap.add_argument(
        "--slanted",
        type=float,
        default=0.0,
        help="share of the synthetic scenes drawn in 3D and "
        "seen slantwise by a pinhole camera, side faces as tall as the slant makes them "
        "(vision.synth_slant); default 0",
    )
    ap.add_argument(
        "--distill-slanted",
        action="store_true",
        help="the --distill teacher is asked about the "
        "--slanted scenes' crops too (by default their labels alone teach)",
    )
    ap.add_argument(
        "--distill-webcam",
        action="store_true",
        help="the face network's --distill teacher is "
        "asked about the webcam sets' crops too (by default their labels alone teach): a teacher "
        "that learned them keeps what it reads there, a cable's label read as no die included",
    )
    ap.add_argument(
        "--table",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="the face network also learns a device's kept frames of its own table "
        "([vision] keep_frames; weigh them with --real-shares table:NAME=0.3); repeatable",
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=0, help="torch threads (default: all cores)")
    ap.add_argument(
        "--mine-with",
        type=Path,
        help="the detector whose false detections on the training "
        "frames become 'no die' examples for the face network (default: the one in --out)",
    )
    a = ap.parse_args(argv)
    if a.webcam_val:
        if a.fold not in (None, 0):
            ap.error(f"--webcam-val leaves fold 0 out; it cannot go with --fold {a.fold}")
        a.fold = 0
    if not 0.0 <= a.varied <= 1.0:
        ap.error(f"--varied is a share of the pip scenes, 0-1, not {a.varied}")
    if not 0.0 <= a.slanted <= 1.0:
        ap.error(f"--slanted is a share of the synthetic scenes, 0-1, not {a.slanted}")
    if a.det_width is not None and not 4 <= a.det_width <= 64:
        ap.error(f"--det-width is a number of channels, 4-64, not {a.det_width}")
    if not 0.0 <= a.det_cast <= 1.0:
        ap.error(f"--det-cast is a share of the detector's crops, 0-1, not {a.det_cast}")
    if not 0.0 <= a.motion_blur <= 1.0:
        ap.error(f"--motion-blur is a share of the face crops, 0-1, not {a.motion_blur}")
    if not 0.83 <= a.negatives_from <= 1.0:
        ap.error(
            f"--negatives-from must lie in 0.83-1.0 (below 0.83 other 'no die' samples begin), not {a.negatives_from}"
        )
    for flag, weight, init, start in (
        ("--distill", a.distill, a.init_face, "--init-face"),
        ("--det-distill", a.det_distill, a.init_detector, "--init-detector"),
        ("--det-distill-box", a.det_distill_box, a.init_detector, "--init-detector"),
    ):
        if weight < 0:
            ap.error(f"{flag} is a weight, 0 or more, not {weight}")
        if weight > 0 and init is None:
            ap.error(f"{flag} learns the starting network's outputs: give it with {start} FILE.onnx")
    if a.distill_webcam and a.distill == 0:
        ap.error("--distill-webcam asks the --distill teacher about more crops: give --distill WEIGHT too")
    for flag, path in (("--init-face", a.init_face), ("--init-detector", a.init_detector)):
        if path is not None and not path.is_file():
            ap.error(
                f"{flag} {path}: no such file (give a network's .onnx file, e.g. vision/models/dice-face.onnx)"
            )
    if a.det_width is not None and a.init_detector is not None:
        wide = onnx_det_width(a.init_detector)
        if a.det_width > wide:
            ap.error(
                f"--det-width {a.det_width} is wider than {a.init_detector} ({wide}): "
                "a detector starts only from a wider one's strongest channels"
            )
    try:
        import torch
    except ImportError:
        ap.error("training needs PyTorch and onnx: pip install torch==2.13.0 onnx (see the docstring)")
    torch.set_num_threads(a.threads or max(1, os.cpu_count() or 1))
    cv2.setNumThreads(1)
    log = lambda m: print(m, flush=True)  # noqa: E731
    global CAMERA_MODELS, MOTION_BLUR, NEGATIVES_FROM, UPRIGHT, SLANTED, DISTILL_SLANTED, VARIED
    global DISTILL_WEBCAM
    VARIED = a.varied
    DISTILL_WEBCAM = a.distill_webcam
    CAMERA_MODELS = not a.no_cameras
    SLANTED, DISTILL_SLANTED = a.slanted, a.distill_slanted
    UPRIGHT = a.upright
    NEGATIVES_FROM = a.negatives_from
    MOTION_BLUR = a.motion_blur
    if a.real_shares:
        REAL_SHARES.update({k: float(v) for k, v in (kv.split("=") for kv in a.real_shares.split(","))})
    cache = a.cache if a.no_cameras else a.cache.with_name(a.cache.name + "-cameras")
    items = real_items(a.with_heldout) + synth_items(a.synthetic, cache, a.workers)
    if a.phones:
        items += phone_items()
    log(f"{sum(i.real for i in items)} real and {sum(not i.real for i in items)} synthetic frames")
    a.out.mkdir(parents=True, exist_ok=True)
    if a.only in (None, "detector"):
        det_items = items + detector_targets(webcam_items(a.fold)) if a.webcam else items
        det = train_detector(
            torch,
            det_items,
            a.det_steps,
            a.batch,
            a.seed,
            log,
            0.4 if a.synthetic_share is None else a.synthetic_share,
            a.init_detector,
            a.det_lr,
            a.det_distill,
            a.det_distill_box,
            a.det_cast,
            a.det_width,
        )
        export(torch, det, (1, 3, 320, 320), a.out / "dice-detector.onnx", dynamic=True)
    if a.only in (None, "face"):
        detector = a.mine_with or a.out
        if (detector / "dice-detector.onnx").exists():
            mine(items, detector, log)
        if a.webcam:
            if a.mine_with and (a.mine_with / "dice-detector.onnx").exists():
                from vision import net  # frame the webcam dice as the reader will: with this detector

                net.DETECTOR = a.mine_with / "dice-detector.onnx"
                net.use_backend(net.BACKEND)
            items = items + webcam_items(a.fold)
            log(f"{sum(i.source in ('desk', 'floor') for i in items)} webcam development frames")
        for root in a.table:
            if a.mine_with and (a.mine_with / "dice-detector.onnx").exists():
                from vision import net

                net.DETECTOR = a.mine_with / "dice-detector.onnx"
                net.use_backend(net.BACKEND)
            table = table_items(root)
            if not table:
                ap.error(f"--table {root}: no frame with boxes (labels_yolo/) to learn from")
            REAL_SHARES.setdefault(f"table:{root.name}", 0.3)
            items = items + table
            log(f"{len(table)} frames of the table in {root}")
        face = train_face(
            torch,
            items,
            a.face_steps,
            a.batch * 4,
            a.seed,
            log,
            0.45 if a.synthetic_share is None else a.synthetic_share,
            a.init_face,
            a.lr,
            a.distill,
            a.init_face,
        )
        export(torch, face, (1, 3, CROP, CROP), a.out / "dice-face.onnx", dynamic=False)
    meta = {
        "trained_on_heldout": bool(a.with_heldout),
        "synthetic_scenes": a.synthetic,
        "synthetic_seeds": [200000, 200000 + a.synthetic - 1],
        "det_steps": a.det_steps,
        "face_steps": a.face_steps,
        "synthetic_share": a.synthetic_share,
        "seed": a.seed,
        "torch": torch.__version__,
        "camera_models": not a.no_cameras,
        "webcam_dev": bool(a.webcam),
        "phones_dev": bool(a.phones),
        "varied": VARIED,
        "real_shares": REAL_SHARES,
        "init_face": str(a.init_face) if a.init_face else None,
        "lr": a.lr,
        "init_detector": str(a.init_detector) if a.init_detector else None,
        "det_lr": a.det_lr,
        "distill": a.distill,
        "det_distill": a.det_distill,
        "det_distill_box": a.det_distill_box,
        "det_width": a.det_width or DET_WIDTH,
        "webcam_val_left_out": a.fold == 0,
        "fold_left_out": a.fold,
        "negatives_from": NEGATIVES_FROM,
        "upright": UPRIGHT,
        "motion_blur": MOTION_BLUR,
        "slanted": SLANTED,
        "distill_slanted": DISTILL_SLANTED,
        "distill_webcam": DISTILL_WEBCAM,
        "tables": [str(t) for t in a.table],
    }
    (a.out / "dice-net.json").write_text(json.dumps(meta, indent=1) + "\n")
    wrote = {
        None: "dice-detector.onnx, dice-face.onnx",
        "detector": "dice-detector.onnx",
        "face": "dice-face.onnx",
    }
    log(f"wrote {wrote[a.only]} and dice-net.json in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
