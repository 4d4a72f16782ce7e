"""The detector's targets on a webcam frame (bench/vision_train_net.py): a labelled die the
reader missed is still taught as a die, sized like the dice it found, never as floor."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def test_a_missed_die_is_a_target_sized_like_the_found_ones():
    from vision_train_net import Item, detector_targets

    found = [(3, 100.0, 100.0, 40.0), (2, 200.0, 100.0, 44.0)]
    it = Item(np.zeros((480, 640, 3), np.uint8), found, True, "desk")
    it.found = np.asarray(found, np.float32)
    it.labels = [(3, 102.0, 98.0, 30.0), (2, 201.0, 101.0, 40.0), (5, 300.0, 300.0, 32.0)]
    (target,) = detector_targets([it])
    assert target.source == "desk" and target.real
    assert len(target.dice) == 3
    ratio = float(np.median([40 / 30, 44 / 40]))
    v, cx, cy, side = target.dice[-1]
    assert (v, cx, cy) == (5, 300.0, 300.0)
    assert abs(side - 32.0 * ratio) < 1e-3


def test_a_found_die_is_not_taught_twice():
    from vision_train_net import Item, detector_targets

    it = Item(np.zeros((480, 640, 3), np.uint8), [(4, 50.0, 60.0, 30.0)], True, "floor")
    it.found = np.asarray([(4, 50.0, 60.0, 30.0)], np.float32)
    it.labels = [(4, 55.0, 58.0, 24.0)]
    (target,) = detector_targets([it])
    assert len(target.dice) == 1


def _turns_taught(monkeypatch, slanted: bool, upright: bool) -> np.ndarray:
    """The angles (degrees, -180..180) at which the face network is shown a die's crops."""
    import vision_train_net as T

    from vision import net

    angles = []

    def recording_crop(img, cx, cy, side, angle=0.0):
        angles.append(angle)
        return np.zeros((40, 40, 3), np.uint8)

    monkeypatch.setattr(net, "face_crop", recording_crop)
    monkeypatch.setattr(T, "UPRIGHT", upright)
    item = T.Item(np.zeros((200, 200, 3), np.uint8), [(1, 100.0, 92.0, 66.0)], True, "desk", slanted=slanted)
    item.found = np.asarray([(1, 100.0, 92.0, 66.0)], np.float32)
    rng = np.random.default_rng(3)
    for _ in range(300):
        T.clf_sample(item, rng)
    return (np.asarray(angles) + 180) % 360 - 180


def test_upright_keeps_a_slanted_views_up(monkeypatch):
    """With --upright a slanted view's crops are cut unturned but for a few degrees (the top
    face stays the upper one); other frames, and every frame without --upright, at every turn."""
    kept = _turns_taught(monkeypatch, slanted=True, upright=True)
    assert len(kept) > 200 and np.abs(kept).max() < 45
    for slanted, upright in ((False, True), (True, False)):
        turned = _turns_taught(monkeypatch, slanted, upright)
        assert np.abs(turned).max() > 150 and (np.abs(turned) > 45).mean() > 0.5


def test_the_slanted_synthetic_cameras_are_known_from_the_seed():
    import vision_train_net as T

    cams = {s: T._draws(s)[4] for s in range(200000, 200060)}
    slanted = [s for s, c in cams.items() if c in ("webcam", "picam")]
    assert slanted and len(slanted) < len(cams)


@pytest.mark.parametrize(
    "argv,said",
    [
        (
            ["--det-distill", "0.3"],
            "--det-distill learns the starting network's outputs: give it with --init-detector",
        ),
        (["--distill", "1"], "--distill learns the starting network's outputs: give it with --init-face"),
        (
            ["--det-distill", "-1", "--init-detector", "x.onnx"],
            "--det-distill is a weight, 0 or more, not -1.0",
        ),
        (
            ["--det-distill-box", "1"],
            "--det-distill-box learns the starting network's outputs: give it with --init-detector",
        ),
    ],
)
def test_a_distillation_weight_without_its_starting_network_is_refused(argv, said, capsys, tmp_path):
    """Distilling learns the starting network's outputs: without one it would silently train
    plain. Refused before anything is read or written (and before PyTorch is needed)."""
    from vision_train_net import main

    with pytest.raises(SystemExit) as exc:
        main(argv + ["--out", str(tmp_path / "out")])
    assert exc.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_motion_blur_smears_a_crop_along_a_line_and_keeps_its_light():
    """--motion-blur: a sharp pip smeared along one direction (its sharpness falls, its mean
    light stays), and the sample says it was smeared, so the teacher is not asked about it."""
    import cv2
    import vision_train_net as T

    crop = np.full((40, 40, 3), 230, np.uint8)
    cv2.circle(crop, (20, 20), 4, (20, 20, 20), -1)
    smeared = T.motion_blur(crop, np.random.default_rng(0), longest=9)
    sharp = lambda c: cv2.Laplacian(cv2.cvtColor(c, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var()  # noqa: E731
    assert smeared.shape == crop.shape and smeared.dtype == np.uint8
    assert sharp(smeared) < 0.6 * sharp(crop)
    assert abs(float(smeared.mean()) - float(crop.mean())) < 2.0
    assert _elongation(smeared) > 1.15 * _elongation(crop)  # the round pip became a streak


def _elongation(crop) -> float:
    """How much longer the crop's dark ink is one way than across (1 for a round pip)."""
    w = np.clip(200.0 - crop[..., 0].astype(float), 0, None)  # the background (230) weighs nothing
    ys, xs = np.mgrid[: crop.shape[0], : crop.shape[1]]
    cov = np.cov(np.stack([xs.ravel(), ys.ravel()]), aweights=w.ravel() + 1e-9)
    lo, hi = np.linalg.eigvalsh(cov)
    return float(np.sqrt(hi / lo))


@pytest.mark.parametrize("share, smeared", [(0.0, 0), (1.0, 300)])
def test_the_share_of_smeared_face_crops_is_motion_blur(monkeypatch, share, smeared):
    import vision_train_net as T

    monkeypatch.setattr(T, "MOTION_BLUR", share)
    img = np.full((200, 200, 3), 200, np.uint8)
    item = T.Item(img, [(1, 100.0, 92.0, 66.0)], True, "desk")
    item.found = np.asarray([(1, 100.0, 92.0, 66.0)], np.float32)
    rng = np.random.default_rng(5)
    samples = [s for s in (T.clf_sample(item, rng) for _ in range(400)) if s is not None][:300]
    assert len(samples) == 300 and sum(s[2] for s in samples) == smeared


def test_the_trainer_refuses_a_motion_blur_share_outside_0_1(capsys):
    import vision_train_net as T

    with pytest.raises(SystemExit):
        T.main(["--motion-blur", "1.5"])
    assert "--motion-blur is a share of the face crops, 0-1, not 1.5" in capsys.readouterr().err


def test_the_folds_split_the_webcam_frames_and_fold_0_is_the_validation_part(monkeypatch):
    """``--fold K`` leaves out exactly fold K's frames; every frame lies in one fold; fold 0
    is the part ``--webcam-val`` has always left out (bench/eval_dice_folds.py relies on it)."""
    import vision_train_net as T

    stems = [f"{kind}_{k}" for kind in ("dice", "four", "valid", "WIN_20221211") for k in range(40)]
    folds = [T.fold(s) for s in stems]
    assert set(folds) == set(range(T.FOLDS))
    assert all((T.fold(s) == 0) == T.validation(s) for s in stems)
    import eval_dice

    frames = [(f"/x/{s}.jpg", None, []) for s in stems]
    monkeypatch.setattr(
        eval_dice, "webcam_items", lambda which, split: iter(frames if which == "desk" else [])
    )
    monkeypatch.setattr(T, "reader_framed", lambda frames, which: [Path(p).stem for p, _, _ in frames])
    for k in range(T.FOLDS):
        kept = T.webcam_items(k)
        assert kept and all(T.fold(s) != k for s in kept)
        assert len(kept) == sum(f != k for f in folds)
    assert len(T.webcam_items()) == len(stems)


def _die_item():
    import vision_train_net as T

    img = np.full((240, 320, 3), (60, 110, 160), np.uint8)  # a brown floor
    img[100:140, 140:180] = (40, 40, 200)  # a red die
    return T.Item(img, [(3, 160.0, 120.0, 40.0)], True, "floor")


def test_a_detector_crop_seen_through_another_cameras_colours_keeps_its_targets():
    """--det-cast: the crop is the teacher's crop through another camera's colours (each
    channel scaled, or grey), turned and flipped with it, and the die's target lies on the die
    in both."""
    import cv2
    import vision_train_net as T

    item = _die_item()
    cast_seen = on_die = 0
    for seed in range(40):
        crop, heat, size, off, mask, plain = T.det_sample(item, np.random.default_rng(seed), 96, cast=1.0)
        assert crop.shape == plain.shape == (96, 96, 3)
        c, p = crop.reshape(-1, 3).astype(float), plain.reshape(-1, 3).astype(float)
        grey = cv2.cvtColor(np.ascontiguousarray(plain), cv2.COLOR_BGR2GRAY).reshape(-1).astype(float)
        if (c[:, 0] == c[:, 1]).all() and (c[:, 1] == c[:, 2]).all():
            assert np.abs(c[:, 0] - grey).max() <= 1
        else:
            for k in range(3):  # one gain per channel, all over the crop
                lit = (p[:, k] >= 30) & (c[:, k] > 0) & (c[:, k] < 255)  # neither clipped nor near black
                if lit.sum() > 100:
                    assert np.ptp(c[lit, k] / p[lit, k]) < 0.1
        cast_seen += not np.array_equal(crop, plain)
        if mask.any():
            iy, ix = np.argwhere(mask)[0]  # the die's cell; STRIDE 4 px
            y, x = (
                min(max(int((iy + off[1, iy, ix]) * 4), 0), 95),
                min(max(int((ix + off[0, iy, ix]) * 4), 0), 95),
            )
            on_die += bool(plain[y, x, 2] > 150 and plain[y, x, 0] < 100)  # red
    assert cast_seen >= 38 and on_die >= 10


def test_camera_cast_turns_a_crop_grey_or_changes_its_channels_gains():
    import vision_train_net as T

    crop = np.full((20, 20, 3), (60, 110, 160), np.uint8)
    outs = [T.camera_cast(crop, np.random.default_rng(seed)) for seed in range(200)]
    grey = [o for o in outs if (o[..., 0] == o[..., 1]).all() and (o[..., 1] == o[..., 2]).all()]
    assert 20 <= len(grey) <= 60  # about one in five
    ratios = [
        o.reshape(-1, 3).mean(0) / crop.reshape(-1, 3).mean(0) for o in outs if not any(o is g for g in grey)
    ]
    assert all(0.7 < r.min() and r.max() < 1.4 for r in ratios)
    assert max(float(r.max() - r.min()) for r in ratios) > 0.3  # the channels move apart


def test_the_trainer_refuses_a_cast_share_outside_0_1(capsys):
    import vision_train_net as T

    with pytest.raises(SystemExit):
        T.main(["--det-cast", "-0.2"])
    assert "--det-cast is a share of the detector's crops, 0-1, not -0.2" in capsys.readouterr().err


def _run(layers, x):
    """A detector's layers (stride 2, 2, then 1; ReLU between; the head 1x1) run with numpy."""
    from vision.onnx_numpy import conv

    for k, (w, b) in enumerate(layers):
        head = k == len(layers) - 1
        x = conv(x, w, b, (2, 2) if k < 2 else (1, 1), (0,) * 4 if head else (1,) * 4)
        x = x if head else np.maximum(x, 0)
    return x


def test_a_narrower_detector_keeps_the_strongest_channels_and_their_inputs():
    """--det-width: the wider detector's channels of no weight are the ones left out, so a
    detector of which a third of the channels are dead reads the same pruned."""
    from vision_train_net import prune_layers

    rng = np.random.default_rng(3)
    shapes = [(12, 3, 3, 3), (16, 12, 3, 3), (24, 16, 3, 3), (24, 24, 3, 3), (24, 24, 3, 3), (4, 24, 1, 1)]
    layers = [
        (rng.normal(0, 0.3, s).astype(np.float32), rng.normal(0, 0.1, s[0]).astype(np.float32))
        for s in shapes
    ]
    dead = [sorted(rng.choice(24, 8, replace=False)) for _ in range(3)]
    for k, d in zip((2, 3, 4), dead):
        layers[k][0][d] = 0.0  # a dead channel: no weight, no bias
        layers[k][1][d] = 0.0
    pruned = prune_layers(layers, 16)
    assert [w.shape for w, _ in pruned] == [
        (12, 3, 3, 3),
        (16, 12, 3, 3),
        (16, 16, 3, 3),
        (16, 16, 3, 3),
        (16, 16, 3, 3),
        (4, 16, 1, 1),
    ]
    assert np.array_equal(pruned[0][0], layers[0][0]) and np.array_equal(pruned[1][0], layers[1][0])
    alive = [k for k in range(24) if k not in dead[0]]
    assert np.array_equal(pruned[2][0], layers[2][0][alive])
    x = rng.normal(0, 1, (1, 3, 32, 40)).astype(np.float32)
    assert np.allclose(_run(pruned, x), _run(layers, x), atol=1e-4)


def test_the_shipped_detector_pruned_to_its_own_width_is_itself():
    from vision_train_net import conv_layers, onnx_det_width, prune_layers

    from vision import net

    layers = conv_layers(net.DETECTOR)
    assert onnx_det_width(net.DETECTOR) == layers[-1][0].shape[1] == layers[2][0].shape[0]
    same = prune_layers(layers, onnx_det_width(net.DETECTOR))
    assert all(np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) for a, b in zip(same, layers))
    narrow = prune_layers(layers, 8)
    assert narrow[-1][0].shape == (4, 8, 1, 1) and narrow[1][0].shape == layers[1][0].shape


def test_the_trainer_refuses_a_detector_wider_than_the_one_it_starts_from(capsys):
    import vision_train_net as T

    from vision import net

    with pytest.raises(SystemExit):
        T.main(["--det-width", "32", "--init-detector", str(net.DETECTOR)])
    assert "--det-width 32 is wider than" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        T.main(["--det-width", "2"])
    assert "--det-width is a number of channels, 4-64, not 2" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        T.main(["--det-width", "16", "--init-detector", "/nonexistent/dice-detector.onnx"])
    assert "--init-detector /nonexistent/dice-detector.onnx: no such file" in capsys.readouterr().err


def test_the_phone_sets_teach_from_their_development_part_alone(monkeypatch):
    """The phone sets' held-back frames (CRC-32 split) are never learned; a die labelled too
    small to confirm teaches the detector its box but no face (value 0)."""
    import eval_dice
    import vision_train_net as T

    names = [f"frame{k}" for k in range(12)]
    held = next(n for n in names if eval_dice.held_back(n))
    dev = next(n for n in names if not eval_dice.held_back(n))
    frames = {
        dev: [(4, (10.0, 10.0, 30.0, 30.0)), (2, (100.0, 10.0, 12.0, 12.0))],
        held: [(6, (50.0, 50.0, 40.0, 40.0))],
    }

    def folder_items(root, split):  # the set's own split, on frames of known names
        assert root == eval_dice.PHONES["phone"]
        for stem, gt in frames.items():
            if split == "all" or eval_dice.held_back(stem) == (split == "heldout"):
                yield stem, np.zeros((200, 200, 3), np.uint8), gt

    monkeypatch.setattr(eval_dice, "folder_items", folder_items)
    items = T.phone_items(("phone",))
    assert [it.source for it in items] == ["phone"] and items[0].real
    dice = {tuple(map(float, d)) for d in items[0].dice}
    assert dice == {(4.0, 25.0, 25.0, 30.0), (0.0, 106.0, 16.0, 12.0)}  # 12 px: boxed, no face taught


def test_the_distill_teacher_is_not_asked_about_the_dice_it_misreads():
    import vision_train_net as T

    img = np.zeros((10, 10, 3), np.uint8)
    for source in ("phone", "gem", "synthetic-varied", "desk", "floor", "table:kitchen"):
        assert T.taught_by_label(T.Item(img, [], True, source))
    for source in ("dice-real", "synthetic", "synthetic-slant"):
        assert not T.taught_by_label(T.Item(img, [], True, source))


def test_varied_faces_are_a_share_of_the_pip_scenes_only(monkeypatch):
    """--varied turns that share of the pip scenes to vision.synth's FACE_STYLES; other kinds
    and the scenes' other draws stay as they were, and the cache names them apart."""
    import vision_train_net as T

    seeds = range(200000, 200600)
    before = {s: T._draws(s) for s in seeds}
    monkeypatch.setattr(T, "VARIED", 0.5)
    after = {s: T._draws(s) for s in seeds}
    turned = [s for s in seeds if after[s][1] != before[s][1]]
    pips = [s for s in seeds if before[s][1] == "pips"]
    assert all(before[s][1] == "pips" and after[s][1] == "varied" for s in turned)
    assert 0.35 < len(turned) / len(pips) < 0.65
    assert all(after[s][2:] == before[s][2:] for s in seeds)  # size, face, camera: unchanged
    assert all(T._scene_name(s).endswith("-varied") and T._source(s) == "synthetic-varied" for s in turned)
    plain = next(s for s in pips if s not in turned)
    assert T._scene_name(plain).isdigit() and T._source(plain) == "synthetic"


def test_with_distill_webcam_the_teacher_is_asked_about_the_webcam_crops_too(monkeypatch):
    """--distill-webcam: the teacher learned the webcam sets, so it is asked about their crops
    too; the phone sets, a table's frames, smears and slanted 3D dice stay taught by label."""
    import vision_train_net as T

    img = np.zeros((10, 10, 3), np.uint8)

    def asked(source, smeared=False):
        return T.asks_teacher(T.Item(img, [], True, source), smeared)

    assert not asked("desk") and not asked("floor") and asked("dice-real") and asked("synthetic")
    monkeypatch.setattr(T, "DISTILL_WEBCAM", True)
    assert asked("desk") and asked("floor") and asked("dice-real")
    assert not any(asked(s) for s in ("phone", "gem", "synthetic-varied", "table:kitchen", "synthetic-slant"))
    assert not asked("desk", smeared=True)


def test_distill_webcam_without_a_teacher_is_refused(capsys):
    import vision_train_net as T

    with pytest.raises(SystemExit):
        T.main(["--only", "face", "--distill-webcam"])
    assert "--distill-webcam" in capsys.readouterr().err
