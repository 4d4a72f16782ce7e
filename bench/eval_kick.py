"""Evaluate the field-goal judge on generated kicks.

    .venv/bin/python bench/eval_kick.py [--n 20] [--json]

For each case (fully in, fully out, on an upright 40/50/60 % inside) and each post, at
several distances from the camera axis (die near the top, middle and bottom of the posts),
generate a before/after pair with exact ground truth, calibrate the lid once from a
generated empty-lid photo, and judge. Reports verdict accuracy outside the close-call band
(must be 100 %), what the judge says for the exact-50 % cases, the mean absolute error of the
inside fraction, and the same run with the parallax correction switched off, for contrast.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import kick, synth  # noqa: E402

CASES = ["in", "out", "post40", "post50", "post60"]


def run(n: int, seed: int, parallax: bool = True):
    ref, lid = synth.lid_reference(seed)
    rows = []
    cal = None
    for k in range(n):
        for case in CASES:
            for post in ("left", "right"):
                for yf in (0.05, 0.5, 0.95):
                    s = seed + k * 1000 + CASES.index(case) * 10 + (post == "right") * 5 + int(yf * 3)
                    sc = synth.kick_scene(s, case, post=post, y_frac=yf)
                    if cal is None:
                        cal = kick.calibrate_lid(ref, sc.lid["camera_height_px"])
                    cal.camera_height_px = sc.lid["camera_height_px"] if parallax else 1e9
                    t0 = time.perf_counter()
                    v = kick.judge(sc.before, sc.after, cal)
                    ms = (time.perf_counter() - t0) * 1000
                    rows.append(
                        {
                            "case": case,
                            "post": post,
                            "y": yf,
                            "truth": sc.truth["verdict"],
                            "true_fraction": sc.truth["inside_fraction"],
                            "verdict": v.verdict,
                            "fraction": v.inside_fraction,
                            "ms": ms,
                            "distance": sc.truth["distance_from_axis"],
                        }
                    )
    return rows


def summarise(rows, band=kick.BAND):
    out_band = [r for r in rows if abs(r["true_fraction"] - 0.5) >= 0.08]
    ok = sum(r["verdict"] == r["truth"] for r in out_band)
    fifty = [r for r in rows if abs(r["true_fraction"] - 0.5) < 0.08]
    err = np.array([abs(r["fraction"] - r["true_fraction"]) for r in rows])
    per_case = {}
    for c in CASES:
        rs = [r for r in rows if r["case"] == c]
        per_case[c] = {
            "n": len(rs),
            "verdicts": {
                v: sum(r["verdict"] == v for r in rs) for v in ("good", "no_good", "too_close", "no_die")
            },
            "mean_abs_fraction_error": float(np.mean([abs(r["fraction"] - r["true_fraction"]) for r in rs])),
        }
    return {
        "kicks": len(rows),
        "outside_band": len(out_band),
        "accuracy_outside_band": ok / max(1, len(out_band)),
        "at_50pct_too_close": sum(r["verdict"] == "too_close" for r in fifty) / max(1, len(fifty)),
        "mean_abs_fraction_error": float(err.mean()),
        "max_abs_fraction_error": float(err.max()),
        "ms_mean": float(np.mean([r["ms"] for r in rows])),
        "per_case": per_case,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=4, help="repeats per case x post x distance")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    res = {
        "parallax_corrected": summarise(run(a.n, a.seed, True)),
        "no_parallax_correction": summarise(run(a.n, a.seed, False)),
    }
    if a.json:
        print(json.dumps(res))
    else:
        for k, s in res.items():
            print(
                f"{k}: {s['kicks']} kicks, accuracy outside the close-call band {s['accuracy_outside_band']:.1%} "
                f"({s['outside_band']} kicks), exact-50% cases called too_close {s['at_50pct_too_close']:.0%}, "
                f"fraction error mean {s['mean_abs_fraction_error']:.3f} max {s['max_abs_fraction_error']:.3f}, "
                f"{s['ms_mean']:.1f} ms/judge"
            )
            for c, p in s["per_case"].items():
                print(f"   {c:7s} n={p['n']:3d} {p['verdicts']}  |err| {p['mean_abs_fraction_error']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
