"""A new table, played through the kept frames ([vision] keep_frames): half of a webcam set's
development part is kept as a device would keep it, the other half judges the network taught
from it (docs/vision.md, "Teaching the reader your table").

    # 1. a device at the desk, reading with a face network that never saw it, keeps half the rolls
    .venv/bin/python bench/vision_table_halves.py keep --models /tmp/floor-only --out /tmp/desk-half
    # 2. teach it (bench/vision_train_net.py ... --init-face /tmp/floor-only/dice-face.onnx --table /tmp/desk-half)
    # 3. read the other half, never learned, with each network
    .venv/bin/python bench/vision_table_halves.py read --models /tmp/floor-only /tmp/taught

The halves are split by the Adler-32 of the image's name: odd is kept, even is read. Each kept
roll is read with the count known, as the device reads it, and recorded with the labels'
values, as the players would record them (``FrameKeeper.keep`` with the reader's dice). The
held-back part of the set is never used.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import eval_dice as E  # noqa: E402


def half(which: str, odd: bool):
    return [it for it in E.webcam_items(which, "dev") if zlib.adler32(Path(it[0]).stem.encode()) % 2 == odd]


def use_face(models: Path) -> None:
    """Read with the networks in ``models`` (its face network, and its detector if it has one)."""
    from vision import net

    net.DETECTOR, net.FACE = net.MODELS / net.DETECTOR_FILE, net.MODELS / net.FACE_FILE  # the last one's gone
    if not net.use_models(models):
        raise SystemExit(f"{models}: no {net.FACE_FILE} there")


def keep(a) -> int:
    from companion.device.dice_frames import FrameKeeper
    from vision import pips

    use_face(a.models)
    keeper = FrameKeeper(a.out, limit=100_000)
    boxed = 0
    frames = half(a.set, odd=True)
    for path, img, gt in frames:
        reading = pips.read_dice(img, expected_count=len(gt))
        name = Path(path).stem
        keeper.keep(name, img, [d.to_json() for d in reading.dice], [str(v) for v, _ in gt])
        boxed += (a.out / "labels_yolo" / f"{name}.txt").exists()
    print(f"{len(frames)} frames kept in {a.out}, {boxed} with boxes")
    return 0


def read(a) -> int:
    frames = half(a.set, odd=False)
    for models in a.models:
        use_face(models)
        for expected in (False, True):
            r = E.run_pips(f"{a.set}-even", frames, expected=expected, matcher=E.match_centres).row()
            print(
                f"{str(models):30s} {'with the count' if expected else 'without':15s} {r['frames']} frames, "
                f"{r['dice']} dice: unsure {r['frames_unsure']:.1%}, sure and right {r['sure_right']:.1%}, "
                f"confidently wrong {r['conf_wrong']:.1%}"
            )
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    k = sub.add_parser("keep", help="keep the odd half as a device would")
    k.add_argument("--models", type=Path, required=True, help="the face network the device reads with")
    k.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("read", help="read the even half with each network")
    r.add_argument("--models", type=Path, nargs="+", required=True)
    for p in (k, r):
        p.add_argument("--set", choices=sorted(E.WEBCAM), default="desk")
    a = ap.parse_args(argv)
    cv2.setNumThreads(1)
    return keep(a) if a.command == "keep" else read(a)


if __name__ == "__main__":
    sys.exit(main())
