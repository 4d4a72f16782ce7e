"""Measure a second-look check for slanted dice on the development parts (never the held-back ones).

    .venv/bin/python bench/vision_slant_check.py
    .venv/bin/python bench/vision_slant_check.py --band 0.7 0.95 --thresholds 0.5 0.6 0.7 0.8

On a slanted view a side face's pips show beside the top face, and the face network may read a
1 as a 2 (or a 6) with 0.75-0.9. The check measured here looks again at each die of a sure
frame read within ``--band``: a crop at ``vision.slant.CLOSER`` of its box, and the crop turned by 90, 180,
270 degrees and mirrored. A die would be flagged unsure when the closer crop reads another
value (leading by more than ``--margin``) AND the mean probability of its value over the five reads (as read, three turns, mirror)
is below the threshold. Per set and threshold it prints how many sure frames whose dice were
all right would turn unsure (a loss) and how many sure frames with a wrong die would (a gain).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import eval_dice  # noqa: E402

from vision import likeness, net, slant  # noqa: E402


def _truth(f, gt):
    """The ground-truth value whose box centre lies in the found die's box, nearest first."""
    best, value = None, None
    for v, (x, y, w, h) in gt:
        dx, dy = x + w / 2 - f.cx, y + h / 2 - f.cy
        if abs(dx) <= f.side / 2 and abs(dy) <= f.side / 2 and (best is None or dx * dx + dy * dy < best):
            best, value = dx * dx + dy * dy, v
    return value


def collect(band):
    """Per sure development frame: its name's set, whether its read dice are all right, and
    the looks again at its dice within ``band``: (value, probs, five extra probs)."""
    caught = {}
    original = likeness.left_out

    def spy(found, hv):
        kept = original(found, hv)
        caught["found"], caught["hv"] = kept[0], hv
        return kept

    likeness.left_out = spy
    band_in_reader, slant.BAND = slant.BAND, (1.0, 1.0)  # measured here, not applied
    frames = []
    sets = [
        ("desk-dev", eval_dice.webcam_items("desk", "dev")),
        ("floor-dev", eval_dice.webcam_items("floor", "dev")),
        ("real-dev", eval_dice.real_items("dev")),
    ]
    face = net.model()
    try:
        for set_name, items in sets:
            for name, img, gt in items:
                reading = net.read_dice(img)
                if reading.unsure:
                    continue
                right, looks = True, []
                for f in caught["found"]:
                    k = 1 + int(np.argmax(f.probs[1:]))
                    truth = _truth(f, gt)
                    right &= truth is None or truth == k
                    if band[0] <= f.probs[k] < band[1]:
                        extra = face._probs(slant.views(f, caught["hv"]))
                        looks.append((k, f.probs, extra))
                frames.append((set_name, Path(name).name, right, looks))
    finally:
        likeness.left_out = original
        slant.BAND = band_in_reader
    return frames


def flagged(looks, threshold, margin) -> bool:
    """Would the check, with ``HOLDS`` = ``threshold`` and ``LEAD`` = ``margin``, flag one of
    these dice unsure?"""
    kept = slant.HOLDS, slant.LEAD
    slant.HOLDS, slant.LEAD = threshold, margin
    try:
        return any(slant.doubtful_read(k, probs, extra) for k, probs, extra in looks)
    finally:
        slant.HOLDS, slant.LEAD = kept


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--band", type=float, nargs=2, default=slant.BAND)
    ap.add_argument("--thresholds", type=float, nargs="+", default=(0.5, 0.6, 0.7, 0.8))
    ap.add_argument("--margin", type=float, default=slant.LEAD, help="how far the closer read's value leads")
    args = ap.parse_args(argv)
    frames = collect(args.band)
    print(f"{'set':10} {'thr':>4} {'sure frames':>11} {'right lost':>10} {'wrong caught':>12}  which")
    for set_name in ("desk-dev", "floor-dev", "real-dev"):
        mine = [f for f in frames if f[0] == set_name]
        for thr in args.thresholds:
            lost = [f[1] for f in mine if f[2] and flagged(f[3], thr, args.margin)]
            caught = [f[1] for f in mine if not f[2] and flagged(f[3], thr, args.margin)]
            print(
                f"{set_name:10} {thr:4.2f} {len(mine):11d} {len(lost):10d} {len(caught):12d}  "
                f"lost {lost} caught {caught}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
