"""How the field-goal judge holds up when the photos come from another camera or another moment.

    .venv/bin/python bench/kick_invariance.py                      # every change
    .venv/bin/python bench/kick_invariance.py --changes none after0.8 lamp shift2
    .venv/bin/python bench/kick_invariance.py --n 4 --json

The scenes are ``bench/eval_kick.py``'s (fully in, fully out, on an upright 40/50/60 % inside,
each post, die near the top, middle and bottom of the posts), judged as they are and changed.

Another camera (the empty-lid reference, the "before" and the "after" photo all changed alike;
the lid is calibrated on the changed reference, as it would be with that camera):

- ``dimF``: the exposure times F (a darker room, a shorter shutter); ``bright1.3`` clips;
- ``jpegQ``: compressed again at JPEG quality Q (a webcam's stream);
- ``warm``, ``cool``: the white balance off by 20 % (warm: B x0.8 R x1.2; cool: the reverse);
- ``noiseS``: sensor noise of S grey levels (drawn anew for every photo).

Another moment (the lid calibrated on the unchanged reference, only the "after" photo changed):

- ``afterF``: the "after" photo exposed F times the "before" (automatic exposure moves when a
  hand or a card enters the view);
- ``after-warm``, ``after-cool``: the "after" photo's white balance off by 20 %;
- ``lamp``: a warm lamp switched on beside the lid between the two photos (a broad pool of
  light, up to +50 % at its centre); ``lamp0.3``: a weaker one (+30 %);
- ``shiftD``: the camera nudged by D px (a random direction, sub-pixel) between the photos.
  The die's true place stays where the calibration (and the "before" photo) put the lid.

Reported per change: accuracy against the truth outside the close-call band (the unchanged
scenes score 100 %), the share of verdicts equal to the unchanged scene's verdict, how many
scenes found no die, and the mean change of the inside fraction against the unchanged scene.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import kick, synth  # noqa: E402

CASES = ["in", "out", "post40", "post50", "post60"]
CAMERA = ("dim0.8", "dim0.6", "dim0.4", "bright1.3", "jpeg60", "jpeg40", "warm", "cool", "noise6")
MOMENT = (
    "after0.8",
    "after0.6",
    "after1.25",
    "after-warm",
    "after-cool",
    "lamp0.3",
    "lamp",
    "shift1",
    "shift2",
    "shift3",
)
CHANGES = ("none",) + CAMERA + MOMENT


def _u8(f: np.ndarray) -> np.ndarray:
    return np.clip(f + 0.5, 0, 255).astype(np.uint8)


def camera(change: str, img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``img`` as another camera would have given it (``CAMERA``'s changes)."""
    if change.startswith("jpeg"):
        _, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(change[4:])])
        return cv2.imdecode(buf, cv2.IMREAD_COLOR)
    f = img.astype(np.float32)
    if change.startswith("dim"):
        return _u8(f * float(change[3:]))
    if change.startswith("bright"):
        return _u8(f * float(change[6:]))
    if change in ("warm", "cool"):
        return _u8(
            f
            * (
                np.array([0.8, 1.0, 1.2], np.float32)
                if change == "warm"
                else np.array([1.2, 1.0, 0.8], np.float32)
            )
        )
    if change.startswith("noise"):
        return _u8(f + rng.normal(0, float(change[5:]), f.shape).astype(np.float32))
    raise SystemExit(f"unknown change {change!r} (known: {', '.join(CHANGES)})")


def lamp(img: np.ndarray, rng: np.random.Generator, strength: float = 0.5) -> np.ndarray:
    """A warm lamp switched on beside the lid: a broad pool of light, brightest off to one side."""
    h, w = img.shape[:2]
    a = rng.uniform(0, 2 * math.pi)
    cx, cy = w / 2 + 0.45 * w * math.cos(a), h / 2 + 0.45 * h * math.sin(a)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pool = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (0.4 * w) ** 2))
    tint = np.array([0.6, 0.85, 1.0], np.float32)  # warm: more red than blue
    return _u8(img.astype(np.float32) * (1 + strength * pool[..., None] * tint))


def nudge(img: np.ndarray, d: float, rng: np.random.Generator) -> np.ndarray:
    """The camera moved by ``d`` px in a random direction (sub-pixel, edges repeated)."""
    a = rng.uniform(0, 2 * math.pi)
    m = np.float32([[1, 0, d * math.cos(a)], [0, 1, d * math.sin(a)]])
    return cv2.warpAffine(
        img, m, (img.shape[1], img.shape[0]), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def moment(change: str, after: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The "after" photo taken differently from the "before" (``MOMENT``'s changes)."""
    f = after.astype(np.float32)
    if change.startswith("after-"):
        return camera(change[6:], after, rng)
    if change.startswith("after"):
        return _u8(f * float(change[5:]))
    if change.startswith("lamp"):
        return lamp(after, rng, float(change[4:] or 0.5))
    if change.startswith("shift"):
        return nudge(after, float(change[5:]), rng)
    raise SystemExit(f"unknown change {change!r} (known: {', '.join(CHANGES)})")


def scenes(n: int, seed: int):
    """``bench/eval_kick.py``'s scenes: (scene seed, case, post, y, scene)."""
    for k in range(n):
        for case in CASES:
            for post in ("left", "right"):
                for yf in (0.05, 0.5, 0.95):
                    s = seed + k * 1000 + CASES.index(case) * 10 + (post == "right") * 5 + int(yf * 3)
                    yield s, case, post, yf, synth.kick_scene(s, case, post=post, y_frac=yf)


def run(change: str, items: list, ref: np.ndarray, seed: int) -> list:
    rng = np.random.default_rng([seed, CHANGES.index(change) if change in CHANGES else 99])
    in_camera = change != "none" and not change.startswith(("after", "lamp", "shift"))
    ref_c = camera(change, ref, rng) if in_camera else ref
    cal = kick.calibrate_lid(ref_c, 1000.0)
    rows = []
    for s, case, post, yf, sc in items:
        before, after = sc.before, sc.after
        if change != "none":
            if in_camera:
                before, after = camera(change, before, rng), camera(change, after, rng)
            else:
                after = moment(change, after, rng)
        cal.camera_height_px = sc.lid["camera_height_px"]
        t0 = time.perf_counter()
        v = kick.judge(before, after, cal)
        rows.append(
            {
                "seed": s,
                "case": case,
                "post": post,
                "y": yf,
                "truth": sc.truth["verdict"],
                "true_fraction": sc.truth["inside_fraction"],
                "verdict": v.verdict,
                "fraction": v.inside_fraction,
                "ms": (time.perf_counter() - t0) * 1000,
                "uprights": len(cal.uprights),
            }
        )
    return rows


def summarise(change: str, rows: list, base: list) -> dict:
    out_band = [r for r in rows if abs(r["true_fraction"] - 0.5) >= 0.08]
    return {
        "change": change,
        "kicks": len(rows),
        "accuracy_outside_band": sum(r["verdict"] == r["truth"] for r in out_band) / max(1, len(out_band)),
        "same_as_unchanged": sum(r["verdict"] == b["verdict"] for r, b in zip(rows, base))
        / max(1, len(rows)),
        "no_die": sum(r["verdict"] == "no_die" for r in rows),
        "fraction_shift": float(np.mean([abs(r["fraction"] - b["fraction"]) for r, b in zip(rows, base)])),
        "fraction_error": float(np.mean([abs(r["fraction"] - r["true_fraction"]) for r in rows])),
        "uprights_found": rows[0]["uprights"] == 2 if rows else False,
        "ms_mean": float(np.mean([r["ms"] for r in rows])),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--changes", nargs="+", default=list(CHANGES))
    ap.add_argument("--n", type=int, default=2, help="repeats per case x post x distance (30 kicks each)")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    cv2.setNumThreads(1)
    ref, _ = synth.lid_reference(a.seed)
    items = list(scenes(a.n, a.seed))
    base = run("none", items, ref, a.seed)
    res = []
    if not a.json:
        print(
            f"{'change':12s} {'accuracy':>9s} {'same':>6s} {'no_die':>6s} {'|dfrac|':>8s} {'|err|':>6s} "
            f"{'posts':>5s} {'ms':>6s}   ({len(items)} kicks each; accuracy outside the close-call band)"
        )
    for change in a.changes:
        rows = base if change == "none" else run(change, items, ref, a.seed)
        s = summarise(change, rows, base)
        res.append(s)
        if not a.json:
            print(
                f"{change:12s} {100 * s['accuracy_outside_band']:8.1f}% {100 * s['same_as_unchanged']:5.1f}% "
                f"{s['no_die']:6d} {s['fraction_shift']:8.3f} {s['fraction_error']:6.3f} "
                f"{'yes' if s['uprights_found'] else 'NO':>5s} {s['ms_mean']:6.1f}",
                flush=True,
            )
    if a.json:
        print(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
