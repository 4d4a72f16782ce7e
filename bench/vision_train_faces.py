"""Train the small pip-face classifier used as a second opinion by vision.pips.

    .venv/bin/python bench/vision_train_faces.py [--out vision/models/pipface.npz] [--epochs 40]

Data: the development part of ../shared/data/dice-real (sorted index % 5 != 4; the held-out
40 images are never used here) plus synthetic pip dice from vision.synth. Each die is found
the same way the reader finds it (segmentation, top face, 48 px upright patch), matched to
its label by centre, and turned into the reader's polarity-free feature
(``pips.face_feature``). Augmented with the 8 symmetries of the square (pip layouts are
symmetric under them). Model: one hidden layer (ReLU) + softmax, trained with plain numpy
(Adam); saved as a small .npz that ``vision.pips`` runs with numpy (no extra package).
Prints the held-out accuracy of the classifier alone and when it agrees with the pip count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import eval_dice as E  # noqa: E402

from vision import pips, synth  # noqa: E402


def patches_from(img, gt):
    """(feature, label, pip value, pip confidence) for every found die matched to a label."""
    h, w = img.shape[:2]
    scale = max(h, w) / pips.WORK_SIDE if max(h, w) > pips.WORK_SIDE else 1.0
    work = (
        img
        if scale == 1.0
        else cv2.resize(img, (int(round(w / scale)), int(round(h / scale))), interpolation=cv2.INTER_AREA)
    )
    out = []
    for b in pips.segment_dice(work):
        rect, ok = pips.refine(img, b.rect, scale)
        patch = pips.warp_face(img, rect, scale, inset=0.96)
        cx, cy = rect[0][0] * scale, rect[0][1] * scale
        hit = [v for v, (x, y, bw, bh) in gt if x <= cx <= x + bw and y <= cy <= y + bh]
        if len(hit) != 1:
            continue
        fr = pips.read_face(patch)
        out.append((pips.face_feature(patch), hit[0] - 1, fr.value, fr.confidence))
    return out


def symmetries(f):
    s = int(round(np.sqrt(f.size)))
    m = f.reshape(s, s)
    outs = []
    for k in range(4):
        r = np.rot90(m, k)
        outs.append(r.reshape(-1))
        outs.append(r[:, ::-1].reshape(-1))
    return outs


def collect(split):
    rows = []
    for _path, img, gt in E.real_items(split):
        rows += patches_from(img, gt)
    return rows


def collect_synth(n, seed):
    rows = []
    for k in range(n):
        sc = synth.dice_scene(seed + k, "pips", [40, 48, 64, 80][k % 4])
        gt = [(d["value"], tuple(d["box"])) for d in sc.dice]
        rows += patches_from(sc.image, gt)
    return rows


def train(X, y, hidden=48, epochs=40, lr=2e-3, seed=0):
    rng = np.random.default_rng(seed)
    d = X.shape[1]
    W1 = rng.normal(0, np.sqrt(2 / d), (d, hidden)).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    W2 = rng.normal(0, np.sqrt(2 / hidden), (hidden, 6)).astype(np.float32)
    b2 = np.zeros(6, np.float32)
    params = [W1, b1, W2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    t = 0
    for _ep in range(epochs):
        idx = rng.permutation(len(X))
        for s in range(0, len(X), 128):
            j = idx[s : s + 128]
            xb, yb = X[j], y[j]
            hpre = xb @ W1 + b1
            hact = np.maximum(hpre, 0)
            logits = hact @ W2 + b2
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            g = p
            g[np.arange(len(yb)), yb] -= 1
            g /= len(yb)
            gW2 = hact.T @ g + 1e-4 * W2
            gb2 = g.sum(axis=0)
            gh = (g @ W2.T) * (hpre > 0)
            gW1 = xb.T @ gh + 1e-4 * W1
            gb1 = gh.sum(axis=0)
            t += 1
            for k, (pp, gg) in enumerate(zip(params, [gW1, gb1, gW2, gb2])):
                m[k] = 0.9 * m[k] + 0.1 * gg
                v[k] = 0.999 * v[k] + 0.001 * gg * gg
                pp -= lr * (m[k] / (1 - 0.9**t)) / (np.sqrt(v[k] / (1 - 0.999**t)) + 1e-8)
    return {"W1": W1, "b1": b1, "W2": W2, "b2": b2}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "vision" / "models" / "pipface.npz"))
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--synth", type=int, default=120, help="synthetic frames added to the training data")
    a = ap.parse_args(argv)
    if not E.REAL.exists():
        print(f"real photos not found at {E.REAL}", file=sys.stderr)
        return 2
    tr = collect("dev") + collect_synth(a.synth, 5000)
    te = collect("heldout")
    X = np.array([s for r in tr for s in symmetries(r[0])], np.float32)
    y = np.array([r[1] for r in tr for _ in range(8)], np.int64)
    print(f"training on {len(tr)} dice x 8 symmetries; held-out {len(te)} dice", file=sys.stderr)
    model = train(X, y, epochs=a.epochs)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(a.out, **model)
    clf = pips.FaceClassifier(a.out)
    Xt = np.array([r[0] for r in te], np.float32)
    yt = np.array([r[1] for r in te])
    p = clf.probs(Xt)
    pred = p.argmax(axis=1)
    pv = np.array([r[2] - 1 for r in te])
    agree = pred == pv
    print(
        f"held-out: classifier alone {np.mean(pred == yt):.1%}; pip count alone {np.mean(pv == yt):.1%}; "
        f"they agree on {agree.mean():.1%}, and are then right {np.mean(pred[agree] == yt[agree]):.1%}"
    )
    print(f"model saved to {a.out} ({Path(a.out).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
