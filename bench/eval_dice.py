"""Evaluate the pip/icon dice reader on the real photos and on synthetic sets.

    .venv/bin/python bench/eval_dice.py                 # real (dev + held-out) + synthetic
    .venv/bin/python bench/eval_dice.py --sets real-heldout --json
    .venv/bin/python bench/eval_dice.py --sets synth-pips-64 --n 200
    .venv/bin/python bench/eval_dice.py --sets synth-webcam-64 synth-picam-64   # camera models (vision/synth_camera.py)
    .venv/bin/python bench/eval_dice.py --sets synth-slant-64   # dice seen slantwise in 3D (vision/synth_slant.py)
    .venv/bin/python bench/eval_dice.py --sets synth-wide-44    # small dice in 1920x1080 frames (the finer look)
    .venv/bin/python bench/eval_dice.py --sets synth-varied-64  # a big red 1, coloured pips, casino, marbled dice
    .venv/bin/python bench/eval_dice.py --sets synth-custom-skull synth-custom-emblem --n 20
        # rendered 12 MP photos of pip dice with a skull on the 1 / an emblem on the 6, calibrated
    .venv/bin/python bench/eval_dice.py --sets real-dev --errata   # labels the photos contradict, corrected
    .venv/bin/python bench/eval_dice.py --sets floor-dev --intervals   # how far the figures could move
    .venv/bin/python bench/eval_dice.py --table --expected --sets real-dev phone-dev gem-dev
        # one table: frames sure and right / sure and wrong / unsure, dice sure and right / wrong,
        # each with its 95 % interval (the command docs/vision.md's table comes from)
    .venv/bin/python bench/eval_dice.py --sets --folder ~/table-frames  # any folder in the shared layout:
                                                 # the frames your device kept ([vision] keep_frames)

Per data set, per ground-truth die: correct (right value, confident), unsure (matched but the
die's confidence is low), wrong (matched, wrong value, confident), missed (no detection);
and per set: invented (detections matching no die) as a share of ground-truth dice.
Per frame: share of frames read confidently AND exactly right, share flagged unsure, share
confidently wrong (not unsure, yet some die wrong/missed/invented). Times: ms per frame (mean,
p95) with OpenCV on one thread. The real set is split: images whose sorted index % 5 == 4
are held out (40 images); the rest (160) is the development part used for tuning.

The webcam sets (``desk``, ``floor``; see ../shared/data/README.md) are split by name: an image
whose CRC-32 of its file stem is divisible by 3 is held back from all tuning (``desk-heldout``,
``floor-heldout``; about a third); the rest is ``desk-dev`` / ``floor-dev``. The phone sets
(``phone``: casino, Catan, translucent and tiny dice; ``gem``: trays of gem dice) are split the
same way: ``phone-dev``, ``phone-heldout``, ``gem-dev``, ``gem-heldout``. Their boxes are
matched by centre (the desk set boxes the top face's pips only, smaller than the die): a
ground-truth die is matched by the reading's die whose box holds its centre, nearest first.
For them the table also gives the sure/unsure split per die: ``matched`` (dice the reader
found), ``sure_right`` (found, right, in a frame not flagged unsure: the only dice that count
as read) and ``conf_wrong`` (dice wrong or missed in a sure frame, plus dice invented there,
over all dice).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import zlib
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import net, pips  # noqa: E402

DATA = Path(os.environ.get("DICE_DATA", ROOT.parent / "shared" / "data"))  # the labelled sets
REAL = DATA / "dice-real"
WEBCAM = {"desk": DATA / "dice-real-webcam-desk", "floor": DATA / "dice-real-webcam-floor"}
PHONES = {
    "phone": DATA / "dice-real-phone-mixed",  # casino, Catan, translucent dice; many tiny
    "gem": DATA / "dice-real-gem-trays",
}  # trays of gem, marbled, translucent dice
READABLE = 20  # px: a labelled die smaller than this is too small to read (the reader says "move
# the camera closer"), so a frame holding one is never sure: its dice cannot count as read
ERRATA = ROOT / "bench" / "label_errata.toml"  # labels the photos contradict (--errata)


def held_back(stem: str) -> bool:
    """Is this webcam image held back from all tuning? (CRC-32 of its stem divisible by 3.)"""
    return zlib.crc32(stem.encode()) % 3 == 0


def webcam_items(which: str, split: str = "all", errata=None):
    """Yield (name, image, [(value, (x, y, w, h))]) for a webcam set (``desk`` or ``floor``),
    with ``errata`` (``load_errata``) applied when given."""
    root = WEBCAM[which]
    for p in sorted((root / "images").glob("*.jpg")):
        held = held_back(p.stem)
        if split == "dev" and held or split == "heldout" and not held:
            continue
        img = cv2.imread(str(p))
        yield str(p), img, read_labels(root, p.stem, img.shape[1], img.shape[0], errata)


def real_items(split: str = "all", errata=None):
    """Yield (name, image, [(value, (x, y, w, h))]) for the real set, with ``errata`` applied."""
    imgs = sorted((REAL / "images").glob("*.jpg"))
    for i, p in enumerate(imgs):
        held = i % 5 == 4
        if split == "dev" and held or split == "heldout" and not held:
            continue
        img = cv2.imread(str(p))
        yield str(p), img, read_labels(REAL, p.stem, img.shape[1], img.shape[0], errata)


def folder_items(root: Path, split: str = "all"):
    """Yield (name, image, [(value, box)]) for every frame ``labels.csv`` lists in a folder laid
    out as ../shared/data's sets: the boxes of ``labels_yolo`` where a frame has them, else its
    values alone (box None, matched by value). A die labelled 0 (not a pip face) is None, as the
    reader says it. A listed image that is missing or unreadable is said on stderr and left out.
    ``split`` as the webcam sets': a third is held back (``held_back``), which
    ``vision_train_net.py --table`` never learns."""
    import csv

    labels = root / "labels.csv"
    if not labels.exists():
        raise SystemExit(
            f"{root}: no labels.csv (a folder of images/, labels.csv and labels_yolo/, "
            "as ../shared/data/README.md describes)"
        )
    with labels.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        path = root / row["image"]
        held = held_back(path.stem)
        if split == "dev" and held or split == "heldout" and not held:
            continue
        img = cv2.imread(str(path))
        if img is None:
            print(f"# {path}: listed in {labels} but missing or not an image: left out", file=sys.stderr)
            continue
        if (root / "labels_yolo" / (path.stem + ".txt")).exists():
            gt = read_labels(root, path.stem, img.shape[1], img.shape[0])
        else:
            gt = [(int(v) or None, None) for v in row["die_values"].split()]
        yield str(path), img, [(v or None, box) for v, box in gt]


def read_labels(root: Path, stem: str, w: int, h: int, errata=None) -> list:
    """A photo's dice from ``labels_yolo`` as [(value, (x, y, w, h))] in pixels, and the
    corrections ``errata`` holds for it: a value changed, a die that had no label added."""
    gt = []
    for line in (root / "labels_yolo" / (stem + ".txt")).read_text().split("\n"):
        if line.strip():
            c, cx, cy, bw, bh = map(float, line.split())
            gt.append((int(c) + 1, (cx * w - bw * w / 2, cy * h - bh * h / 2, bw * w, bh * h)))
    for d in (errata or {}).get((root.name, stem), []):
        cx, cy = d["at"][0] * w, d["at"][1] * h
        if "labelled" not in d:
            sw, sh = d["size"][0] * w, d["size"][1] * h
            gt.append((d["shows"], (cx - sw / 2, cy - sh / 2, sw, sh)))
            continue
        near = [
            j
            for j, (v, (x, y, bw, bh)) in enumerate(gt)
            if v == d["labelled"] and abs(x + bw / 2 - cx) <= bw / 2 and abs(y + bh / 2 - cy) <= bh / 2
        ]
        if len(near) != 1:
            raise ValueError(
                f"{ERRATA}: the erratum for {root.name}/{stem} at {d['at']} finds "
                f"{len(near)} dice labelled {d['labelled']} there, not one: mend its `at` or `labelled`, "
                "or remove it if the labels were fixed at the source"
            )
        gt[near[0]] = (d["shows"], gt[near[0]][1])
    return gt


def load_errata(path: Path = None) -> dict:
    """The label corrections of ``bench/label_errata.toml``: (set folder, image stem) -> its
    entries. A broken entry is refused with the file and the key that is wrong."""
    import tomllib

    path = path or ERRATA
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{path}: {e}") from None
    out = {}
    for i, d in enumerate(data.get("die", [])):
        where = f"{path}: die[{i}]"
        need = {"set": str, "image": str, "at": list, "shows": int, "why": str}
        need.update({"labelled": int} if "labelled" in d else {"size": list})
        for key, kind in need.items():
            if not isinstance(d.get(key), kind):
                raise ValueError(f"{where}.{key}: expected {kind.__name__}, got {d.get(key)!r}")
        for key in ("shows", "labelled"):
            if key in d and not 1 <= d[key] <= 6:
                raise ValueError(f"{where}.{key}: a face value is 1-6, got {d[key]}")
        for key in ("at", "size"):
            if key in d and (
                len(d[key]) != 2 or not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in d[key])
            ):
                raise ValueError(
                    f"{where}.{key}: expected two numbers 0-1 (normalised x and y), got {d[key]!r}"
                )
        unknown = set(d) - set(need)
        if unknown:
            raise ValueError(f"{where}: unknown key {sorted(unknown)[0]!r}")
        out.setdefault((d["set"], d["image"]), []).append(d)
    return out


def iou(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    ix = max(0.0, min(ax + aw, bx + bw) - max(ax, bx))
    iy = max(0.0, min(ay + ah, by + bh) - max(ay, by))
    inter = ix * iy
    u = aw * ah + bw * bh - inter
    return inter / u if u > 0 else 0.0


def match(pred, gt, thr=0.25):
    """Greedy IoU matching. pred: list of (value, box, conf). Returns pairs, unmatched idx."""
    pairs = []
    cand = sorted(
        ((iou(p[1], g[1]), i, j) for i, p in enumerate(pred) for j, g in enumerate(gt)), reverse=True
    )
    used_p, used_g = set(), set()
    for v, i, j in cand:
        if v < thr:
            break
        if i in used_p or j in used_g:
            continue
        used_p.add(i)
        used_g.add(j)
        pairs.append((i, j))
    return (
        pairs,
        [i for i in range(len(pred)) if i not in used_p],
        [j for j in range(len(gt)) if j not in used_g],
    )


def match_centres(pred, gt):
    """Match a ground-truth die to the predicted box that holds its centre, nearest first
    (for labels that box only part of the die). Same return as ``match``."""
    cand = []
    for i, p in enumerate(pred):
        x, y, w, h = p[1]
        for j, g in enumerate(gt):
            gx, gy = g[1][0] + g[1][2] / 2, g[1][1] + g[1][3] / 2
            if x <= gx <= x + w and y <= gy <= y + h:
                cand.append((np.hypot(gx - x - w / 2, gy - y - h / 2) / max(w, h, 1), i, j))
    pairs, used_p, used_g = [], set(), set()
    for _, i, j in sorted(cand):
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
            pairs.append((i, j))
    return (
        pairs,
        [i for i in range(len(pred)) if i not in used_p],
        [j for j in range(len(gt)) if j not in used_g],
    )


def match_values(pred, gt):
    """For labels without boxes: a predicted die pairs with a labelled die of its value, then
    the rest pair in order (each a wrong value). Same return as ``match``."""
    pairs, used_p, used_g = [], set(), set()
    for i, p in enumerate(pred):
        for j, g in enumerate(gt):
            if j not in used_g and p[0] == g[0]:
                pairs.append((i, j))
                used_p.add(i)
                used_g.add(j)
                break
    rest_p = [i for i in range(len(pred)) if i not in used_p]
    rest_g = [j for j in range(len(gt)) if j not in used_g]
    pairs += list(zip(rest_p, rest_g))
    k = min(len(rest_p), len(rest_g))
    return pairs, rest_p[k:], rest_g[k:]


def match_labels(pred, gt):
    """Boxes matched by centre where the labels have boxes, values alone where they have none."""
    return match_values(pred, gt) if any(g[1] is None for g in gt) else match_centres(pred, gt)


class Tally:
    def __init__(self, name, matcher=match, whole_boxes=True):
        self.name = name
        self.matcher = matcher
        self.whole_boxes = whole_boxes  # labels box whole dice (the desk set boxes pips only)
        self.readable = 0  # dice in frames whose every labelled die is READABLE px or more
        self.matched = self.sure_right = self.conf_wrong = 0
        self.n = self.correct = self.unsure = self.wrong = self.missed = self.invented = 0
        self.frames = self.f_ok = self.f_unsure = self.f_wrong = 0
        self.ms = []
        self.errors = []
        self.reasons = {}  # why frames were flagged unsure (numbers stripped), counted
        self.per_frame = []  # (dice, sure and right, confidently wrong, unsure) of each frame

    def add(self, name, pred, gt, frame_unsure, ms):
        pairs, extra, miss = self.matcher(pred, gt)
        self.matched += len(pairs)
        right = wrong = 0
        if not frame_unsure:
            right = sum(pred[i][0] == gt[j][0] for i, j in pairs)
            wrong = sum(pred[i][0] != gt[j][0] for i, j in pairs) + len(miss) + len(extra)
            self.sure_right += right
            self.conf_wrong += wrong
        self.per_frame.append((len(gt), right, wrong, bool(frame_unsure)))
        if all(box is None or min(box[2], box[3]) >= READABLE for _, box in gt):
            self.readable += len(gt)
        self.ms.append(ms)
        self.frames += 1
        self.n += len(gt)
        bad = False
        for i, j in pairs:
            v, box, conf, sure = pred[i]
            if not sure:
                self.unsure += 1
            elif v == gt[j][0]:
                self.correct += 1
            else:
                self.wrong += 1
                bad = True
                self.errors.append((name, "wrong", gt[j][0], v, [round(x) for x in box], round(conf, 2)))
        self.missed += len(miss)
        self.invented += len(extra)
        for j in miss:
            box = gt[j][1]
            self.errors.append((name, "missed", gt[j][0], None, box and [round(x) for x in box], None))
        for i in extra:
            self.errors.append(
                (name, "invented", None, pred[i][0], [round(x) for x in pred[i][1]], round(pred[i][2], 2))
            )
        if miss or extra:
            bad = True
        if frame_unsure:
            self.f_unsure += 1
        elif bad:
            self.f_wrong += 1
        else:
            self.f_ok += 1

    def row(self):
        n = max(self.n, 1)
        f = max(self.frames, 1)
        ms = np.array(self.ms) if self.ms else np.zeros(1)
        return {
            "set": self.name,
            "frames": self.frames,
            "dice": self.n,
            "correct": self.correct / n,
            "unsure": self.unsure / n,
            "wrong": self.wrong / n,
            "missed": self.missed / n,
            "invented": self.invented / n,
            "frames_ok": self.f_ok / f,
            "frames_unsure": self.f_unsure / f,
            "frames_wrong": self.f_wrong / f,
            "matched": self.matched / n,
            "sure_right": self.sure_right / n,
            "conf_wrong": self.conf_wrong / n,
            "readable": self.readable / n if self.whole_boxes else None,
            "ms_mean": float(ms.mean()),
            "ms_p95": float(np.percentile(ms, 95)),
        }

    def intervals(self, rounds: int = 2000, seed: int = 0) -> dict:
        """95 % intervals of the share of unsure frames, of dice sure and right and of dice
        confidently wrong, by drawing the set's frames again with replacement (``rounds``
        times, seeded): how far the figures could move on another set of frames like these.
        On 14 frames, 2 unsure is anything from 0 to about a third."""
        if not self.per_frame:
            return {}
        table = np.array(self.per_frame, np.float64)
        picks = np.random.default_rng(seed).integers(0, len(table), (rounds, len(table)))
        drawn = table[picks].sum(axis=1)  # rounds x (dice, right, wrong, unsure)
        dice = np.maximum(drawn[:, 0], 1)
        frames = np.array([(w == 0 and not u, w > 0, u) for _, _, w, u in self.per_frame], np.float64)
        f_drawn = frames[picks].sum(axis=1)  # rounds x (sure right, sure wrong, unsure)
        shares = {
            "frames_unsure": drawn[:, 3] / len(table),
            "sure_right": drawn[:, 1] / dice,
            "conf_wrong": drawn[:, 2] / dice,
            "frames_ok": f_drawn[:, 0] / len(table),
            "frames_wrong": f_drawn[:, 1] / len(table),
        }
        return {k: (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5))) for k, v in shares.items()}


def run_pips(name, items, expected=False, reader="auto", matcher=match, tally=None):
    """Read ``items`` and score them in a new ``Tally``, or add them to ``tally``."""
    t = tally or Tally(name, matcher)
    for item in items:
        path, img, gt = item[:3]
        t0 = time.perf_counter()
        r = pips.read_dice(img, expected_count=len(gt) if expected else None, reader=reader)
        ms = (time.perf_counter() - t0) * 1000
        pred = [(d.value, d.box, d.confidence, d.confidence >= r.conf_ok) for d in r.dice]
        t.add(path, pred, gt, r.unsure, ms)
        for why in r.reasons:
            key = re.sub(r"[0-9.]+", "#", why)
            t.reasons[key] = t.reasons.get(key, 0) + 1
    return t


def synth_matcher(kind, camera=None):
    """How a synthetic set's dice are matched: camera-model, slanted and wide scenes box the
    whole die seen (side faces too: a wide frame's edges are seen at up to 40 degrees), so by
    centre; the others by their top face's box."""
    return match_centres if camera or kind in ("slant", "wide") else match


SYNTH_KINDS = ("pips", "hard", "slant", "wide", "varied")  # synth_items' scenes (and CAMERAS)


def synth_items(kind, n, face, seed, camera=None):
    from vision import synth, synth_slant

    for k in range(n):
        if kind == "slant":  # a pinhole camera seen slantwise (synth_slant.ELEVATION)
            sc = synth_slant.slanted_scene(seed + k, size=(960, 720), face_px=face * 1.3)
        elif kind == "wide":  # pip dice in a 1920x1080 frame
            sc = synth.dice_scene(seed=seed + k, kind="pips", face_px=face, size=(1920, 1080))
        else:
            sc = synth.dice_scene(seed=seed + k, kind=kind, face_px=face, camera=camera)
        gt = [(d["value"], tuple(d["box"])) for d in sc.dice]
        yield f"{kind}-{face}-{seed + k}", sc.image, gt, sc


def run_icons(name, n, face, seed):
    import tempfile

    from vision import icons, synth

    t = Tally(name)
    with tempfile.TemporaryDirectory() as td:
        gal = {}
        for die in ("offense", "defense"):
            shots = synth.icon_calibration_shots(die, seed=seed + 999, face_px=face)
            gal[die] = icons.calibrate(shots, Path(td) / die)
        for k in range(n):
            die = "offense" if k % 2 == 0 else "defense"
            sc = synth.dice_scene(seed=seed + k, kind="icons-" + die, face_px=face)
            gt = [(d["value"], tuple(d["box"])) for d in sc.dice]
            t0 = time.perf_counter()
            r = icons.read_icons(sc.image, gal[die])
            ms = (time.perf_counter() - t0) * 1000
            pred = [(d.value, d.box, d.confidence, d.confidence >= icons.CONF_OK) for d in r.dice]
            t.add(f"{die}-{seed + k}", pred, gt, r.unsure, ms)
    return t


CUSTOM = {"skull": 1, "emblem": 6}  # synth-custom-FACE: the face and the value it stands on


def run_custom(name, n, seed, face):
    """12 MP photos of pip dice whose ``CUSTOM[face]`` shows ``face`` (``vision.synth_photo``,
    rendered: no licensed photos of such dice exist), after calibrating that face from three
    shots of the same phone; each photo written as a JPEG and read from the file at the size its
    dice need (``vision.photo``), so the time includes the decode."""
    import tempfile

    from vision import custom, icons, photo, synth_photo

    value = CUSTOM[face]
    t = Tally(name, match_centres)
    with tempfile.TemporaryDirectory() as td:
        gallery = icons.calibrate(
            {str(value): synth_photo.custom_shots(face, value, seed=seed + 999)}, Path(td) / "gallery"
        )
        for k in range(n):
            sc = synth_photo.custom_photo(seed + k, face, value)
            path = Path(td) / f"{k}.jpg"
            cv2.imwrite(str(path), sc.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
            t0 = time.perf_counter()
            r, _ = photo.read_photo(path, custom.read_dice, gallery=gallery, expected_count=len(sc.dice))
            ms = (time.perf_counter() - t0) * 1000
            pred = [(d.value, d.box, d.confidence, d.confidence >= r.conf_ok) for d in r.dice]
            t.add(f"{face}-{seed + k}", pred, [(d["value"], tuple(d["box"])) for d in sc.dice], r.unsure, ms)
    return t


def time_7dice(repeat=30, reader="auto"):
    """ms for a 1280x960 frame with 7 dice (72 px faces), OpenCV on one thread."""
    from vision import synth

    sc = synth.dice_scene(seed=7, kind="pips", face_px=72, n_dice=7, size=(1280, 960), effects=False)
    pips.read_dice(sc.image, reader=reader)
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = pips.read_dice(sc.image, reader=reader)
        ts.append((time.perf_counter() - t0) * 1000)
    ok = r.values == sorted(d["value"] for d in sc.dice)
    return {"ms_mean": float(np.mean(ts)), "ms_p95": float(np.percentile(ts, 95)), "read_ok": ok}


from vision.synth_camera import CAMERAS  # noqa: E402

ALL_SETS = [
    "real-dev",
    "real-heldout",
    "desk-dev",
    "desk-heldout",
    "floor-dev",
    "floor-heldout",
    "phone-dev",
    "phone-heldout",
    "gem-dev",
    "gem-heldout",
    "synth-pips-32",
    "synth-pips-48",
    "synth-pips-64",
    "synth-pips-96",
    "synth-icons-64",
    "synth-icons-96",
    "synth-hard-64",
    "synth-webcam-64",
    "synth-picam-64",
    "synth-slant-64",
    "synth-wide-44",
    "synth-varied-64",
]


def verdict_table(rows) -> str:
    """Per set, in one Markdown table: frames sure and right, sure and wrong, unsure, and the
    dice sure and right and sure and wrong, each share with its 95 % interval; and the share of
    dice in frames whose every die is ``READABLE`` px or more (the most a reader that refuses
    dice too small to read can read surely; n/a where the labels box pips, not dice)."""

    def cell(r, key, count=None):
        lo, hi = r["intervals"].get(key, (0.0, 0.0))
        n = f"{count} " if count is not None else ""
        return f"{n}{r[key]:.1%} ({lo:.1%}-{hi:.1%})"

    out = [
        "| set | frames | dice | frames sure, right | frames sure, wrong | frames unsure "
        "| dice sure, right | dice sure, wrong | dice in frames of readable size |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        f = r["frames"]
        out.append(
            f"| {r['set']} | {f} | {r['dice']} | {cell(r, 'frames_ok', round(r['frames_ok'] * f))} "
            f"| {cell(r, 'frames_wrong', round(r['frames_wrong'] * f))} "
            f"| {cell(r, 'frames_unsure', round(r['frames_unsure'] * f))} "
            f"| {cell(r, 'sure_right')} | {cell(r, 'conf_wrong')} "
            f"| {'n/a' if r['readable'] is None else format(r['readable'], '.1%')} |"
        )
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--sets", nargs="*", default=ALL_SETS, help="data sets (default: all): " + " ".join(ALL_SETS)
    )
    ap.add_argument("--n", type=int, default=100, help="synthetic frames per set")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--expected", action="store_true", help="pass the true dice count as expected_count")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--errors", type=int, default=0, help="print this many errors per set")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument(
        "--reader",
        choices=["auto", "net", "classical"],
        default="auto",
        help="pip reader: the learned one (net), the classical one, or auto (net if installed)",
    )
    ap.add_argument("--models", type=Path, help="read the learned reader's ONNX files from this folder")
    ap.add_argument(
        "--intervals",
        action="store_true",
        help="also give 95 %% intervals of the sure/unsure "
        "figures, drawing each set's frames again (how much they could move on other frames)",
    )
    ap.add_argument(
        "--errata",
        action="store_true",
        help="correct the labels that the photos contradict (bench/label_errata.toml) before scoring",
    )
    ap.add_argument(
        "--folder",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="also read a folder of labelled frames (images/, labels.csv, labels_yolo/): the "
        "frames a device kept with [vision] keep_frames, in two rows: NAME-dev (what "
        "vision_train_net.py --table learns) and NAME-heldout (never learned); repeatable",
    )
    ap.add_argument(
        "--table",
        action="store_true",
        help="one table: frames sure and right, sure and "
        "wrong, unsure, and dice sure and right, sure and wrong, each with its 95 %% interval",
    )
    a = ap.parse_args(argv)
    a.intervals = a.intervals or a.table
    errata = load_errata() if a.errata else None
    cv2.setNumThreads(1)
    if a.models:
        try:
            taken = net.use_models(a.models)  # a folder of one network keeps the shipped other
        except ValueError as exc:  # a file there that is not a dice network
            ap.error(f"--models: {exc}")
        if not taken:
            ap.error(f"--models {a.models}: no {net.FACE_FILE} nor {net.DETECTOR_FILE} there")
    rows, tallies = [], []
    for s in [*a.sets, *(f"folder:{d}:{part}" for d in a.folder for part in ("dev", "heldout"))]:
        if s.startswith("folder:"):
            root, part = Path(s[7:].rsplit(":", 1)[0]).expanduser(), s.rsplit(":", 1)[1]
            t = run_pips(f"{root.name}-{part}", folder_items(root, part), a.expected, a.reader, match_labels)
        elif s.startswith("real"):
            if not REAL.exists():
                print(f"# {s}: skipped, {REAL} is absent", file=sys.stderr)
                continue
            split = s.split("-", 1)[1] if "-" in s else "all"
            t = run_pips(s, real_items(split, errata), a.expected, a.reader)
        elif s.split("-")[0] in PHONES:
            which, _, split = s.partition("-")
            if not PHONES[which].exists():
                print(f"# {s}: skipped, {PHONES[which]} is absent", file=sys.stderr)
                continue
            t = run_pips(s, folder_items(PHONES[which], split or "all"), a.expected, a.reader, match_labels)
        elif s.split("-")[0] in WEBCAM:
            which, _, split = s.partition("-")
            if not WEBCAM[which].exists():
                print(f"# {s}: skipped, {WEBCAM[which]} is absent", file=sys.stderr)
                continue
            t = Tally(s, match_centres, whole_boxes=which != "desk")  # desk: pips' boxes only
            run_pips(s, webcam_items(which, split or "all", errata), a.expected, a.reader, tally=t)
        elif s.startswith("synth-custom-"):
            if s[13:] not in CUSTOM:
                ap.error(f"unknown set {s}: synth-custom-FACE, FACE one of {', '.join(CUSTOM)}")
            t = run_custom(s, a.n, a.seed, s[13:])
        elif s.startswith("synth-icons"):
            face = int(s.rsplit("-", 1)[1])
            t = run_icons(s, a.n, face, a.seed)
        elif s.startswith("synth-"):
            kind, _, face = s[6:].rpartition("-")
            camera = kind if kind in CAMERAS else None  # synth-webcam-64: pips seen by a camera model
            if kind not in SYNTH_KINDS and not camera or not face.isdigit():
                ap.error(
                    f"unknown set {s}: a synthetic set is synth-KIND-FACEPX, KIND one of "
                    f"{', '.join(SYNTH_KINDS + tuple(CAMERAS))}"
                )
            t = run_pips(
                s,
                synth_items("pips" if camera else kind, a.n, int(face), a.seed, camera),
                a.expected,
                a.reader,
                synth_matcher(kind, camera),
            )
        else:
            ap.error(f"unknown set {s}")
        tallies.append(t)
        rows.append(t.row())
        if a.intervals:
            rows[-1]["intervals"] = t.intervals()
    out = {"sets": rows}
    if not a.no_timing:
        out["frame_1280x960_7dice"] = time_7dice(reader=a.reader)
    if a.json:
        print(json.dumps(out))
    elif a.table:
        print(verdict_table(rows))
    else:
        hdr = f"{'set':16s} {'frames':>6s} {'dice':>5s} {'correct':>8s} {'unsure':>7s} {'wrong':>6s} {'missed':>7s} {'invent':>7s} | {'fr_ok':>6s} {'fr_uns':>6s} {'fr_wrg':>6s} | {'ms':>6s} {'p95':>6s}"
        print(hdr)
        for r in rows:
            print(
                f"{r['set']:16s} {r['frames']:6d} {r['dice']:5d} {r['correct']:8.1%} {r['unsure']:7.1%} {r['wrong']:6.1%} {r['missed']:7.1%} {r['invented']:7.1%} | {r['frames_ok']:6.1%} {r['frames_unsure']:6.1%} {r['frames_wrong']:6.1%} | {r['ms_mean']:6.1f} {r['ms_p95']:6.1f}"
            )
        print(
            f"\n{'set':16s} {'frames':>6s} {'unsure frames':>14s} {'matched':>8s} {'sure+right':>10s} {'conf.wrong':>10s}"
        )
        for r in rows:
            print(
                f"{r['set']:16s} {r['frames']:6d} {round(r['frames_unsure'] * r['frames']):6d} ({r['frames_unsure']:5.1%}) {r['matched']:8.1%} {r['sure_right']:10.1%} {r['conf_wrong']:10.1%}"
            )
        if a.intervals:
            print(
                f"\n{'set':16s} {'unsure frames':>15s} {'sure+right':>15s} {'conf.wrong':>13s}   (95 % intervals)"
            )
            for r in rows:
                iv = r.get("intervals") or {}
                cells = [
                    f"{lo:6.1%}-{hi:6.1%}"
                    for lo, hi in (
                        iv.get(k, (0.0, 0.0)) for k in ("frames_unsure", "sure_right", "conf_wrong")
                    )
                ]
                print(f"{r['set']:16s} {cells[0]:>15s} {cells[1]:>15s} {cells[2]:>13s}")
        if "frame_1280x960_7dice" in out:
            f = out["frame_1280x960_7dice"]
            print(
                f"1280x960, 7 dice, 1 thread: {f['ms_mean']:.1f} ms mean, {f['ms_p95']:.1f} ms p95, read ok: {f['read_ok']}"
            )
    if a.errors:
        for t in tallies:
            for e in t.errors[: a.errors]:
                print("ERR", t.name, *e, file=sys.stderr)
            for why, k in sorted(t.reasons.items(), key=lambda kv: -kv[1]):
                print("WHY", t.name, k, why, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
