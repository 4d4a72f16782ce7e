"""How the dice reader holds up when the same frames come from another camera.

    .venv/bin/python bench/vision_invariance.py                       # every change, every set
    .venv/bin/python bench/vision_invariance.py --sets desk-dev --changes none dim0.6 jpeg60
    .venv/bin/python bench/vision_invariance.py --json
    .venv/bin/python bench/vision_invariance.py --models /tmp/try    # a trained network (vision_train_net.py --out)

Each development frame (never a held-back one) is read as it is and changed as another camera
would change it, with its labels moved along, and scored as ``bench/eval_dice.py`` scores it
(unsure frames / dice sure and right / dice confidently wrong):

- ``dimF``: the exposure times F (a darker room, a shorter shutter);
- ``jpegQ``: compressed again at JPEG quality Q (a webcam's stream, a messenger app);
- ``warm``, ``cool``: the white balance off by 20 % towards red or blue;
- ``noiseS``: sensor noise of S grey levels;
- ``s0.75``: the same view at 3/4 of the resolution;
- ``flip``: the view mirrored (a camera on the tray's other side sees the slant mirrored);
- ``r90``, ``r180``, ``r270``: turned (top-down views only: ``real-dev``; a slanted webcam's
  frame turned has its side faces above the top faces, which no camera sees).

A reader that only learned its development frames reads their changed copies worse; the gap
says what a new camera costs before any new photo is taken.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import eval_dice  # noqa: E402

from vision import pips  # noqa: E402

SETS = ("real-dev", "desk-dev", "floor-dev")
CHANGES = (
    "none",
    "dim0.8",
    "dim0.6",
    "dim0.4",
    "jpeg60",
    "jpeg40",
    "warm",
    "cool",
    "noise6",
    "s0.75",
    "flip",
    "r90",
    "r180",
    "r270",
)
TOP_DOWN = {"real-dev"}


def turned_box(box, w: int, h: int, quarters: int):
    """``box`` (x, y, w, h) in a w x h frame, after the frame is turned ``quarters`` x 90 degrees clockwise."""
    x, y, bw, bh = box
    for _ in range(quarters):
        x, y, bw, bh = h - y - bh, x, bh, bw
        w, h = h, w
    return (x, y, bw, bh)


def changed(change: str, img: np.ndarray, gt: list, seed: int = 0):
    """(frame, labels) as another camera would have given them (see the module's list)."""
    try:
        return _changed(change, img, gt, seed)
    except ValueError:  # "dimx", "s" without its number
        raise SystemExit(
            f"unknown change {change!r} (known: {', '.join(CHANGES)}, or dimF, jpegQ, noiseS, sF)"
        ) from None


def _changed(change: str, img: np.ndarray, gt: list, seed: int):
    h, w = img.shape[:2]
    if change == "none":
        return img, gt
    if change in ("r90", "r180", "r270"):
        k = int(change[1:]) // 90
        out = img
        for _ in range(k):
            out = cv2.rotate(out, cv2.ROTATE_90_CLOCKWISE)
        return out, [(v, turned_box(b, w, h, k)) for v, b in gt]
    if change == "flip":
        return np.ascontiguousarray(img[:, ::-1]), [(v, (w - b[0] - b[2], b[1], b[2], b[3])) for v, b in gt]
    if change.startswith("s"):
        s = float(change[1:])
        out = cv2.resize(img, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
        return out, [(v, tuple(c * s for c in b)) for v, b in gt]
    if change.startswith("jpeg"):
        _, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(change[4:])])
        return cv2.imdecode(buf, cv2.IMREAD_COLOR), gt
    f = img.astype(np.float32)
    if change.startswith("dim"):
        f = f * float(change[3:])
    elif change in ("warm", "cool"):
        f = f * (
            np.array([0.8, 1.0, 1.2], np.float32)
            if change == "warm"
            else np.array([1.2, 1.0, 0.8], np.float32)
        )
    elif change.startswith("noise"):
        f = f + np.random.default_rng(seed).normal(0, float(change[5:]), f.shape)
    else:
        raise SystemExit(
            f"unknown change {change!r} (known: {', '.join(CHANGES)}, or dimF, jpegQ, noiseS, sF)"
        )
    return np.clip(f + 0.5, 0, 255).astype(np.uint8), gt


def items(name: str) -> tuple[list, object]:
    """The development frames of a set, and the matcher ``eval_dice`` scores it with."""
    if name == "real-dev":
        return list(eval_dice.real_items("dev")), eval_dice.match
    if name in ("desk-dev", "floor-dev"):
        return list(eval_dice.webcam_items(name.split("-")[0], "dev")), eval_dice.match_centres
    raise SystemExit(f"unknown set {name!r}: only the development parts ({', '.join(SETS)}) are read here")


def run(name: str, frames: list, matcher, change: str) -> dict:
    tally = eval_dice.Tally(f"{name}/{change}", matcher)
    for k, (path, img, gt) in enumerate(frames):
        frame, labels = changed(change, img, gt, seed=k)
        t0 = time.perf_counter()
        r = pips.read_dice(frame)
        ms = (time.perf_counter() - t0) * 1000
        tally.add(
            path,
            [(d.value, d.box, d.confidence, d.confidence >= r.conf_ok) for d in r.dice],
            labels,
            r.unsure,
            ms,
        )
    return tally.row()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", nargs="+", default=list(SETS))
    ap.add_argument("--changes", nargs="+", default=list(CHANGES))
    ap.add_argument("--models", type=Path, help="read with the networks in this folder (a training's --out)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    cv2.setNumThreads(1)
    if a.models:
        from vision import net

        net.use_models(a.models)
    rows = []
    for name in a.sets:
        frames, matcher = items(name)
        for change in a.changes:
            if change in ("r90", "r180", "r270") and name not in TOP_DOWN:
                continue
            row = run(name, frames, matcher, change)
            rows.append(row)
            if not a.json:
                print(
                    f"{row['set']:20s} unsure frames {100 * row['frames_unsure']:5.1f} %   sure and right "
                    f"{100 * row['sure_right']:5.1f} %   confidently wrong {100 * row['conf_wrong']:4.1f} %   "
                    f"{row['ms_mean']:5.1f} ms",
                    flush=True,
                )
    if a.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
