"""Read every webcam development frame with a face network that never learned it.

The face network learns the webcam sets' development parts, so reading those parts with it
flatters the reader: its rules and thresholds would be chosen on dice it has seen. Here the
development frames fall into four folds (``vision_train_net.fold``: the Adler-32 of the name),
a face network is trained for each with that fold left out (``--fold K``), and each frame is
read by its own fold's network. The figures then say what a frame from the same camera, never
learned, reads like: what the held-back parts measure, on three times as many frames, and
free to look at.

    for k in 0 1 2 3; do /tmp/train/bin/python bench/vision_train_net.py --only face --webcam \\
        --upright --init-face EARLIER.onnx --mine-with vision/models --lr 5e-4 --face-steps 2000 \\
        --synthetic-share 0.3 --distill 1.0 --threads 1 --seed 11 --fold $k --out /tmp/folds/fold$k; done
    .venv/bin/python bench/eval_dice_folds.py /tmp/folds                # desk-folds, floor-folds
    .venv/bin/python bench/eval_dice_folds.py /tmp/folds --frames       # and each frame not read surely right
    .venv/bin/python bench/eval_dice_folds.py /tmp/folds --json out.json  # every frame's reading, for comparing

``DIR/foldK`` holds the network that left fold K out (its ``dice-face.onnx``, and a
``dice-detector.onnx`` if the detector was trained with the webcams too). The held-back parts
are never read here. Columns as ``eval_dice.py``'s second table.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import eval_dice as E  # noqa: E402
from vision_train_net import FOLDS, fold  # noqa: E402

from vision import net, pips  # noqa: E402

SHIPPED = net.MODELS


def read_folds(folds: Path, expected: bool = False, sets=("desk", "floor")):
    """{set: (Tally, [frame record])}: each development frame read by its fold's networks."""
    missing = [k for k in range(FOLDS) if not (folds / f"fold{k}" / net.FACE_FILE).exists()]
    if missing:
        raise SystemExit(
            f"{folds}: no fold{missing[0]}/{net.FACE_FILE}; train it with "
            f"vision_train_net.py --fold {missing[0]} --out {folds}/fold{missing[0]}"
        )
    for k in range(FOLDS):  # every fold's files run, before any frame is read
        try:
            net.check_models(folds / f"fold{k}")
        except ValueError as exc:
            raise SystemExit(f"{exc}: train fold {k} again (vision_train_net.py --fold {k})") from None
    frames = {which: list(E.webcam_items(which, "dev")) for which in sets}
    out = {which: (E.Tally(f"{which}-folds", E.match_centres), []) for which in sets}
    for k in range(FOLDS):
        net.use_models(SHIPPED)  # a fold without a detector keeps the shipped one
        net.use_models(folds / f"fold{k}")
        for which in sets:
            tally, records = out[which]
            for path, img, gt in frames[which]:
                if fold(Path(path).stem) != k:
                    continue
                r = pips.read_dice(img, expected_count=len(gt) if expected else None)
                pred = [(d.value, d.box, d.confidence, d.confidence >= r.conf_ok) for d in r.dice]
                before = (tally.sure_right, tally.conf_wrong)
                tally.add(path, pred, gt, r.unsure, 0.0)
                for why in r.reasons:
                    key = re.sub(r"[0-9.]+", "#", why)
                    tally.reasons[key] = tally.reasons.get(key, 0) + 1
                records.append(
                    {
                        "image": Path(path).name,
                        "fold": k,
                        "unsure": r.unsure,
                        "reasons": r.reasons,
                        "dice": [
                            {"value": d.value, "box": list(d.box), "confidence": round(d.confidence, 3)}
                            for d in r.dice
                        ],
                        "labels": [v for v, _ in gt],
                        "sure_right": tally.sure_right - before[0],
                        "conf_wrong": tally.conf_wrong - before[1],
                    }
                )
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folds", type=Path, help="folder with fold0 .. fold3, each a training's --out")
    ap.add_argument("--expected", action="store_true", help="pass the true dice count, as the device does")
    ap.add_argument("--frames", action="store_true", help="list each frame not read surely and rightly")
    ap.add_argument("--json", type=Path, help="write every frame's reading to this file")
    a = ap.parse_args(argv)
    cv2.setNumThreads(1)
    out = read_folds(a.folds, a.expected)
    print(
        f"{'set':14s} {'frames':>6s} {'unsure frames':>14s} {'matched':>8s} {'sure+right':>10s} {'conf.wrong':>10s}"
    )
    for tally, _ in out.values():
        r = tally.row()
        print(
            f"{r['set']:14s} {r['frames']:6d} {round(r['frames_unsure'] * r['frames']):6d} ({r['frames_unsure']:5.1%}) "
            f"{r['matched']:8.1%} {r['sure_right']:10.1%} {r['conf_wrong']:10.1%}"
        )
    for tally, _ in out.values():
        for why, k in sorted(tally.reasons.items(), key=lambda kv: -kv[1]):
            print(f"  {tally.name}: {k:3d} x {why}")
    if a.frames:
        for tally, records in out.values():
            for rec in records:
                if rec["unsure"] or rec["conf_wrong"]:
                    got = " ".join(f"{d['value']}:{d['confidence']:.2f}" for d in rec["dice"])
                    print(
                        f"{tally.name} {rec['image']} fold {rec['fold']} labels {sorted(rec['labels'])} read [{got}] "
                        f"{'UNSURE ' + '; '.join(rec['reasons']) if rec['unsure'] else 'SURE, WRONG'}"
                    )
    if a.json:
        a.json.write_text(json.dumps({t.name: recs for t, recs in out.values()}, indent=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
