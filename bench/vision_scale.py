"""Time the pip dice reader by frame size, on one core: frames in memory (1280x960 <= 12 ms,
1920x1080 <= 40 ms), and 12 MP photo files decoded at the size their dice need (<= 150 ms with
the decode).

Two clocks: wall time, and the CPU time of the reading thread (OpenCV on one thread runs in
it), which other jobs on a shared machine disturb much less than the wall clock.

    .venv/bin/python bench/vision_scale.py            # table; --json for machine-readable
    .venv/bin/python bench/vision_scale.py --repeat 5
    .venv/bin/python bench/vision_scale.py --models /tmp/out     # another training's networks

Frames:
- ``1280x960 synth``: 7 dice with 72 px faces (``eval_dice.time_7dice``'s frame), about 23 px
  at the working level, which alone is looked at (``net.one_level``);
- ``1920x1080 synth``: 6 dice with 80 px faces; ``1920x1080 small``: 5 dice with 44 px faces,
  7 px at the detector's working size, so it looks again at about three times that size
  (``net.work_side``), around the dice it saw (``net.near_windows``); ``1920x1080 floor``: the six full-size frames
  of ../shared/data/dice-real-webcam-floor (two dice each, 60-90 px, shoes in view);
- ``12 MP synth``: 4032x3024, 6 dice with 260 px faces; ``12 MP desk``: three webcam desk
  frames with clutter (cables, a laptop) scaled up to 4032x3024, so each die is about 350 px.
- ``12 MP file``, ``12 MP desk file``: the same written as JPEG (quality 92) and read from the
  file by ``vision.photo.read_photo``, which decodes them at the size their dice need (a
  quarter here): the decode is in the time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import net, photo, synth  # noqa: E402

DATA = Path(os.environ.get("DICE_DATA", ROOT.parent / "shared" / "data"))  # the labelled sets
FLOOR_FULL = [
    "WIN_20221210_14_47_18_Pro",
    "WIN_20221210_14_49_38_Pro",
    "WIN_20221211_13_06_18_Pro",
    "WIN_20221211_13_08_50_Pro",
    "WIN_20221211_13_10_50_Pro",
    "WIN_20221211_13_11_15_Pro",
]
DESK_12MP = ["dice_19", "four_35", "dice_20"]


def frames():
    """(name, [BGR frames]) per frame kind; real ones only when ../shared/data is there."""
    yield (
        "1280x960 synth",
        [synth.dice_scene(seed=7, kind="pips", face_px=72, n_dice=7, size=(1280, 960), effects=False).image],
    )
    yield (
        "1920x1080 synth",
        [synth.dice_scene(seed=12, kind="pips", face_px=80, n_dice=6, size=(1920, 1080)).image],
    )
    yield (
        "1920x1080 small",
        [
            synth.dice_scene(
                seed=21, kind="pips", face_px=44, n_dice=5, size=(1920, 1080), effects=False
            ).image
        ],
    )
    floor = [DATA / "dice-real-webcam-floor" / "images" / f"{n}.jpg" for n in FLOOR_FULL]
    if all(p.exists() for p in floor):
        yield "1920x1080 floor", [cv2.imread(str(p)) for p in floor]
    yield (
        "12 MP synth",
        [synth.dice_scene(seed=12, kind="pips", face_px=260, n_dice=6, size=(4032, 3024)).image],
    )
    desk = [DATA / "dice-real-webcam-desk" / "images" / f"{n}.jpg" for n in DESK_12MP]
    if all(p.exists() for p in desk):
        yield (
            "12 MP desk",
            [cv2.resize(cv2.imread(str(p)), (4032, 3024), interpolation=cv2.INTER_CUBIC) for p in desk],
        )


def timed(name, inputs, read, repeat, shape=None) -> dict:
    """Wall and thread CPU ms of ``read`` over ``inputs`` (frames or photo files), after a warm-up each."""
    ts, cpu = [], []
    for item in inputs:
        read(item)
        for _ in range(repeat):
            t0, c0 = time.perf_counter(), time.thread_time()
            read(item)
            ts.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
    h, w = (shape or inputs[0].shape)[:2]
    return {
        "frames": name,
        "n": len(inputs),
        "size": f"{w}x{h}",
        "ms_mean": float(np.mean(ts)),
        "ms_p95": float(np.percentile(ts, 95)),
        "cpu_ms_mean": float(np.mean(cpu)),
        "cpu_ms_p95": float(np.percentile(cpu, 95)),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=10, help="timed reads per frame (after one warm-up)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--models", type=Path, help="time the networks in this folder (a training's --out) instead"
    )
    a = ap.parse_args(argv)
    if a.repeat < 1:
        ap.error(f"--repeat is a number of timed reads, 1 or more, not {a.repeat}")
    if a.models and not a.models.is_dir():
        ap.error(f"--models {a.models}: not a folder (give the folder a training wrote its networks to)")
    cv2.setNumThreads(1)
    if a.models:
        try:
            taken = net.use_models(a.models)
        except ValueError as exc:
            ap.error(f"--models: {exc}")
        if not taken:
            ap.error(f"--models {a.models}: holds neither {net.DETECTOR_FILE} nor {net.FACE_FILE}")
    rows = []
    with tempfile.TemporaryDirectory() as td:
        for name, imgs in frames():
            rows.append(timed(name, imgs, lambda img: net.read_dice(img), a.repeat))
            if name.startswith("12 MP"):  # the same photos read from their files
                paths = []
                for k, img in enumerate(imgs):
                    paths.append(Path(td) / f"{name.replace(' ', '-')}-{k}.jpg")
                    cv2.imwrite(str(paths[-1]), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
                rows.append(
                    timed(
                        name.replace("12 MP", "12 MP file"),
                        paths,
                        lambda p: photo.read_photo(p, net.read_dice),
                        a.repeat,
                        imgs[0].shape,
                    )
                )
    if a.json:
        print(json.dumps(rows))
    else:
        print(
            f"{'frames':18s} {'n':>2s} {'size':>10s} {'ms mean':>8s} {'p95':>7s} | {'cpu ms':>7s} {'p95':>7s}"
        )
        for r in rows:
            print(
                f"{r['frames']:18s} {r['n']:2d} {r['size']:>10s} {r['ms_mean']:8.1f} {r['ms_p95']:7.1f} | "
                f"{r['cpu_ms_mean']:7.1f} {r['cpu_ms_p95']:7.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
