"""What keeping a roll's frame costs the device ([vision] keep_frames, companion/device/dice_frames.py):
the JPEG, the reading, the labels and the replaced labels.csv, each written and fsynced, once a
roll is recorded. Per frame size: time per kept frame (mean, p95, and the last 20 once the
folder is full and the oldest is dropped each time) and the JPEG's size.

    .venv/bin/python bench/dice_frames.py              # 1280x960, 1920x1080, 12 MP; 320 frames into 300
    .venv/bin/python bench/dice_frames.py --frames 50 --limit 40 --dir /mnt/sdcard/tmp   # on the Pi's card
    .venv/bin/python bench/dice_frames.py --sizes 1280x960 4032x3024   # only these sizes
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.device.dice_frames import FrameKeeper  # noqa: E402
from vision import synth  # noqa: E402

SIZES = ((1280, 960), (1920, 1080), (4032, 3024))


def frame_size(text: str) -> tuple[int, int]:
    """'1280x960' -> (1280, 960)."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a frame size like 1280x960") from None
    return width, height


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=320, help="frames kept per size")
    ap.add_argument("--limit", type=int, default=300, help="keep_frames")
    ap.add_argument("--dir", type=Path, help="where to write (default: a temporary folder)")
    ap.add_argument("--sizes", type=frame_size, nargs="+", default=SIZES, help="frame sizes, WxH")
    a = ap.parse_args(argv)
    cv2.setNumThreads(1)
    for size in a.sizes:
        scene = synth.dice_scene(seed=3, kind="pips", face_px=72, n_dice=3, size=size)
        dice = [
            {"value": int(d["value"]), "box": [int(v) for v in d["box"]], "confidence": 0.95}
            for d in scene.dice
        ]
        values = [str(d["value"]) for d in scene.dice]
        with tempfile.TemporaryDirectory(dir=a.dir) as folder:
            keeper = FrameKeeper(Path(folder), limit=a.limit)
            ms = []
            for i in range(a.frames):
                t0 = time.perf_counter()
                if not keeper.keep(f"frame{i:05d}", scene.image, dice, values):
                    raise SystemExit(f"{folder}: the frame could not be kept (see the log)")
                ms.append((time.perf_counter() - t0) * 1000)
            jpeg = (Path(folder) / "images" / f"frame{a.frames - 1:05d}.jpg").stat().st_size
            kept = len(keeper.labels())
        print(
            f"{size[0]}x{size[1]}: {np.mean(ms):.1f} ms mean, {np.percentile(ms, 95):.1f} ms p95, "
            f"{np.mean(ms[-20:]):.1f} ms the last 20 (folder full: {kept} kept); JPEG {jpeg / 1024:.0f} kB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
