"""Judge a pair of trained networks before they ship: the webcam development parts split into
the validation part (left out of training with ``vision_train_net.py --webcam-val``) and the rest,
the phone photos' development part and four synthetic sets.

    .venv/bin/python bench/eval_dice_validation.py --models /tmp/try          # a training's --out
    .venv/bin/python bench/eval_dice_validation.py                            # the shipped networks

A folder without ``dice-detector.onnx`` keeps the shipped detector (a face network trained
alone). Columns as in ``eval_dice.py``: frames, unsure frames, sure and right, confidently
wrong, frames read exactly right, dice invented, dice correct (percent). The held-back parts are
never read here: they judge the shipped reader once, with ``eval_dice.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import eval_dice as E  # noqa: E402
from vision_train_net import validation  # noqa: E402

from vision import net  # noqa: E402


def use_models(folder: Path) -> None:
    """Read with the networks in ``folder`` (before the reader's first use)."""
    if not (folder / net.FACE_FILE).exists():
        raise SystemExit(
            f"{folder}: no {net.FACE_FILE} there; give the folder a training wrote "
            f"(bench/vision_train_net.py --out)"
        )
    net.use_models(folder)


def rows(n: int, seed: int) -> list[dict]:
    out = []
    for which in ("desk", "floor"):
        items = list(E.webcam_items(which, "dev"))
        for part, held in (("val", True), ("train", False)):
            picked = [i for i in items if validation(Path(i[0]).stem) == held]
            out.append(E.run_pips(f"{which}-{part}", picked, matcher=E.match_centres).row())
    out.append(E.run_pips("real-dev", E.real_items("dev")).row())
    for name, kind, cam in (
        ("synth-pips-64", "pips", None),
        ("synth-webcam-64", "pips", "webcam"),
        ("synth-picam-64", "pips", "picam"),
        ("synth-slant-64", "slant", None),
    ):
        out.append(
            E.run_pips(name, E.synth_items(kind, n, 64, seed, cam), matcher=E.synth_matcher(kind, cam)).row()
        )
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, help="folder with dice-face.onnx (and dice-detector.onnx)")
    ap.add_argument("--n", type=int, default=50, help="synthetic frames per set (1 or more)")
    ap.add_argument("--seed", type=int, default=1000)
    a = ap.parse_args(argv)
    if a.n < 1:
        ap.error(f"--n is a number of synthetic frames, 1 or more, not {a.n}")
    cv2.setNumThreads(1)
    if a.models:
        use_models(a.models)
    print(
        f"{'set':16} {'frames':>6} {'unsure':>7} {'s+r':>6} {'c.wrong':>7} {'fr_ok':>6} {'invent':>6} {'correct':>7}"
    )
    for r in rows(a.n, a.seed):
        print(
            f"{r['set']:16} {r['frames']:6d} {100 * r['frames_unsure']:7.1f} {100 * r['sure_right']:6.1f} "
            f"{100 * r['conf_wrong']:7.1f} {100 * r['frames_ok']:6.1f} {100 * r['invented']:6.1f} {100 * r['correct']:7.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
