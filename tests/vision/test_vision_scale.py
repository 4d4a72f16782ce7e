"""Scale by the die: a big frame is shrunk once, by halving, and small dice in a wide frame are
looked for at a finer scale (vision/net.py ``Halvings``, ``work_side``). Timing is measured by
bench/vision_scale.py, not asserted here."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import net, scaling, synth

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))  # the benches under test


def _scene(size, face, seed=21):
    sc = synth.dice_scene(seed=seed, kind="pips", face_px=face, n_dice=5, size=size, effects=False)
    return sc.image, sorted(d["value"] for d in sc.dice)


def test_a_12_mp_frame_is_read_from_its_halvings_never_crop_by_crop_at_full_size(monkeypatch):
    img, values = _scene((1008, 756), 64)
    big = cv2.resize(img, (4032, 3024), interpolation=cv2.INTER_LINEAR)  # 12 MP, 256 px dice
    seen = []
    real = scaling.face_crop

    def spy(image, *a, **k):
        seen.append(image.shape[:2])
        return real(image, *a, **k)

    monkeypatch.setattr(scaling, "face_crop", spy)
    r = net.read_dice(big)
    assert r.values == values and not r.unsure, r.reasons
    assert seen and max(max(s) for s in seen) <= 4032 // 4  # every crop from a level 1/4 or less


def test_halvings_shrink_as_one_area_resize_does():
    img = cv2.GaussianBlur(
        np.random.default_rng(5).integers(0, 256, (960, 1280, 3), dtype=np.uint8), (0, 0), 1.5
    )
    hv = net.Halvings(img)
    for s in (0.25, 0.3, 0.5, 1 / 3):
        assert np.array_equal(hv.shrink(s), net.shrink(img, s))
    crop = hv.crop(640, 480, 300)  # 345 px of context: cut from the frame halved 3 times
    assert len(hv.levels) == 4 and crop.shape == (net.CROP, net.CROP, 3)
    assert np.abs(crop.astype(int) - net.face_crop(img, 640, 480, 300).astype(int)).mean() < 3


def test_small_dice_in_a_wide_frame_are_looked_for_at_a_finer_scale(monkeypatch):
    img, values = _scene((1920, 1080), 44)  # 7 working px at the usual 320
    sides = []
    m = net.model()
    real = m.detect_scales

    def spy(frame, work_side=net.WORK_SIDE, near=None, **kw):
        sides.append(work_side)
        return real(frame, work_side, near, **kw)

    monkeypatch.setattr(m, "detect_scales", spy)
    r = net.read_dice(img)
    # a first look, then a finer one (twice over when the whole look follows: one_level_read)
    assert sides[0] == net.WORK_SIDE and sides[1] > 1.5 * net.WORK_SIDE and sides[2:] in ([], sides[:2])
    assert r.values == values, r.reasons


def _looks(monkeypatch):
    """Per call of detect_scales, the (scale, input shape) of each detector run it made."""
    m = net.model()
    real_scales, real_det = m.detect_scales, m._detect_in
    looks, looking = [], []

    def scales(frame, work_side=net.WORK_SIDE, near=None, **kw):
        looks.append([])
        looking.append(True)
        try:
            return real_scales(frame, work_side, near, **kw)
        finally:
            looking.pop()

    def detect_in(work, s, size):
        if looking:
            looks[-1].append((s, work.shape[:2]))
        return real_det(work, s, size)

    monkeypatch.setattr(m, "detect_scales", scales)
    monkeypatch.setattr(m, "_detect_in", detect_in)
    return looks


def test_a_finer_look_takes_the_first_looks_coarser_levels(monkeypatch):
    """The finer look's halvings come down onto the first look's levels (within
    ``SAME_LEVEL``): the detector is not run on them again, and the dice read the same."""
    img, values = _scene((1920, 1080), 44)
    looks = _looks(monkeypatch)
    r = net.read_dice(img)
    assert len(looks) == 4  # the working levels alone, then the whole look (a die read 0.73)
    first, finer, first_whole, finer_whole = looks
    assert [max(shape) for _, shape in first + first_whole] == [320, 160, 80]  # each level once
    assert finer and all(
        s > net.SAME_LEVEL * 320 / 1920 for s, _ in finer
    )  # only scales above the first look's
    assert finer_whole == []  # its coarser levels are the first look's
    assert r.values == values, r.reasons


def test_small_dice_read_surely_are_looked_for_at_the_working_level_alone(monkeypatch):
    """Seven dice of 72 px in a 1280x960 frame measure about 20 px at the working level: a die
    rolled with them is under ``DIE_BIG`` there too, so the coarser levels are not looked at
    (``one_level``), and the reading is the whole look's."""
    img = synth.dice_scene(seed=7, kind="pips", face_px=72, n_dice=7, size=(1280, 960), effects=False).image
    m = net.model()
    with monkeypatch.context() as mp:  # every level, always
        mp.setattr(
            m,
            "detect_scales",
            lambda frame, work_side=net.WORK_SIDE, near=None, whole=True, real=m.detect_scales: real(
                frame, work_side, near, whole=True
            ),
        )
        whole = net.read_dice(img)
    looks = _looks(monkeypatch)
    r = net.read_dice(img)
    assert len(looks) == 1 and [shape for _, shape in looks[0]] == [(240, 320)]
    assert r.values == whole.values and r.unsure == whole.unsure and len(r.values) == 7
    assert [d.confidence for d in r.dice] == [d.confidence for d in whole.dice]


def test_the_pips_of_dice_too_big_for_the_working_level_bring_the_whole_look():
    """Two dice with 72 px faces in a 450 px wide frame: boxed, over ``DIE_BIG`` at the working
    level, which sees pips and pieces of them, read as no die. ``one_level_read`` does not bear
    the working level out, and the whole look reads the dice."""
    from test_vision_net import _row

    hv = net.Halvings(_row([1, 3]))
    looked = net._read(hv, whole=False)
    assert "one level" in hv.memo and looked is None
    found, _ = net._pip_dice(net.Halvings(_row([1, 3])))
    assert sorted(1 + int(np.argmax(f.probs[1:])) for f in found) == [1, 3]


def test_one_level_read_needs_dice_read_surely_and_no_hesitant_spot():
    s = 0.25

    def at(side, value, p, score=0.9):
        probs = np.full(7, (1 - p) / 6, np.float32)
        probs[value] = p
        return net.Found((0.0, 0.0, side, score), probs, None)

    two = [at(80, 3, 0.98), at(84, 5, 0.95)]  # 20 and 21 working px
    assert net.one_level_read(two, s)
    assert net.one_level_read(two + [at(300, 0, 0.97)], s)  # and a shoe, surely no die
    assert not net.one_level_read(two + [at(80, 2, 0.7)], s)  # a spot read hesitantly
    assert not net.one_level_read(two[:1], s)  # one die is not ONE_LOOK
    assert not net.one_level_read([at(120, 3, 0.98), at(120, 5, 0.95)], s)  # 30 px: one twice that is too big
    assert net.one_level_read(two + [at(80, 2, 0.7, score=0.3)], s)  # a weak spot is not asked


def test_a_finer_look_looks_only_around_the_first_looks_candidates(monkeypatch):
    """Five small dice spread over a 1080p frame: the finer look runs the detector on windows
    around them, far less than its whole level, and every die is still read."""
    sc = synth.dice_scene(seed=21, kind="pips", face_px=44, n_dice=5, size=(1920, 1080), effects=False)
    looks = _looks(monkeypatch)
    r = net.read_dice(sc.image)
    finer = looks[1]
    s = finer[0][0]
    level_area = round(1920 * s) * round(1080 * s)
    assert all(abs(t - s) < 1e-9 for t, _ in finer) and len(finer) >= 2  # windows of one level
    assert sum(h * w for _, (h, w) in finer) < net.NEAR_SHARE * level_area
    assert r.values == sorted(d["value"] for d in sc.dice) and not r.unsure, r.reasons
    boxes = [d["box"] for d in sc.dice]
    for d in r.dice:  # each die found where it lies
        assert any(abs(d.box[0] - b[0]) < 0.3 * b[2] and abs(d.box[1] - b[1]) < 0.3 * b[3] for b in boxes)


def test_near_windows_merge_overlaps_and_give_way_to_the_whole_level():
    """Windows ``NEAR_REACH`` sides around each candidate, on the 8 px grid, merged while they
    overlap; the whole level (None) when they would cover most of it or clutter gives too many."""
    far = [(100.0, 100.0, 20.0), (900.0, 500.0, 20.0)]
    windows = net.near_windows(far, 0.5, (540, 960))
    assert len(windows) == 2
    for (cx, cy, side), (x0, y0, x1, y1) in zip(far, windows):
        assert x0 % 8 == 0 and y0 % 8 == 0
        assert x0 <= (cx - net.NEAR_REACH * side) * 0.5 and x1 >= (cx + net.NEAR_REACH * side) * 0.5
        assert y0 <= (cy - net.NEAR_REACH * side) * 0.5 and y1 >= (cy + net.NEAR_REACH * side) * 0.5
    close = far + [(130.0, 110.0, 20.0)]  # overlaps the first: one window for both
    merged = net.near_windows(close, 0.5, (540, 960))
    assert len(merged) == 2 and merged[1] == windows[1] and merged[0][2] > windows[0][2]
    assert net.near_windows([(480.0, 270.0, 300.0)], 1.0, (540, 960)) is None  # most of the level
    grid = [(40.0 + 30 * i, 40.0, 4.0) for i in range(net.NEAR_MOST + 1)]
    assert net.near_windows(grid, 1.0, (540, 960)) is None
    assert net.near_windows(grid[: net.NEAR_MOST], 1.0, (540, 960)) is not None


def test_a_peak_cut_by_a_windows_inner_edge_is_left_out(monkeypatch):
    """A window's inner edge cuts what lies across it: a peak nearer that edge than half its
    box is left out; one as near the frame's own edge is kept."""
    m = net.model()
    level = np.zeros((200, 400, 3), np.uint8)
    near = [(100.0, 100.0, 20.0)]  # scale 1: window x 56..140, y 56..140
    x0, y0, x1, y1 = net.near_windows(near, 1.0, level.shape)[0]
    assert (x0, y0) == (56, 56)

    def detect_in(work, s, size):  # (cx, cy, side, score), window px
        return [(4.0, 40.0, 20.0, 0.9), (44.0, 44.0, 20.0, 0.8)]

    monkeypatch.setattr(m, "_detect_in", detect_in)
    assert m._detect_near(level, 1.0, (400, 200), near) == [(100.0, 100.0, 20.0, 0.8)]
    edge = [(20.0, 100.0, 20.0)]  # its window starts at the frame's edge
    assert net.near_windows(edge, 1.0, level.shape)[0][0] == 0
    assert m._detect_near(level, 1.0, (400, 200), edge)[0] == (4.0, 96.0, 20.0, 0.9)


def _work(monkeypatch, img):
    """What reading ``img`` costs: the detector's input sizes, the face crops read, and the
    resizes whose source is the full frame."""
    m = net.model()
    det, crops, full = [], [], []
    real_det, real_probs, real_resize = m._detect_in, m._probs, cv2.resize

    def detect_in(work, s, size):
        det.append(work.shape[:2])
        return real_det(work, s, size)

    def probs(batch):
        crops.append(len(batch))
        return real_probs(batch)

    def resize(src, *a, **k):
        if src.shape[:2] == img.shape[:2]:
            full.append(src.shape[:2])
        return real_resize(src, *a, **k)

    monkeypatch.setattr(m, "_detect_in", detect_in)
    monkeypatch.setattr(m, "_probs", probs)
    monkeypatch.setattr(cv2, "resize", resize)
    r = net.read_dice(img)
    monkeypatch.undo()
    return r, det, sum(crops), full


def test_a_12_mp_frame_costs_what_the_same_roll_at_1_mp_costs(monkeypatch):
    # the time aim (80 ms on one core, bench/vision_scale.py) holds when a 12 MP frame is
    # shrunk once: the networks then see what they see in a 1 MP frame of the same roll
    small, values = _scene((1008, 756), 64, seed=23)
    big = cv2.resize(small, (4032, 3024), interpolation=cv2.INTER_LINEAR)
    r_small, det_small, crops_small, _ = _work(monkeypatch, small)
    r_big, det_big, crops_big, full = _work(monkeypatch, big)
    assert r_big.values == r_small.values == values and not r_big.unsure
    assert det_big == det_small  # the detector's inputs, size for size
    assert max(h * w for h, w in det_big) <= net.WORK_SIDE * net.WORK_SIDE
    assert crops_big <= crops_small + 2  # the face network's work
    assert len(full) == 1  # the full frame is resized once: halved


def test_the_readers_short_medians_are_numpys():
    """``median`` and ``column_median`` stand in for np.median on a few values and on a crop's
    pixels: the same numbers, odd and even counts, bytes and floats."""
    rng = np.random.default_rng(3)
    for n in (1, 2, 3, 8, 51, 400):
        values = rng.normal(30, 8, n).tolist()
        assert scaling.median(values) == float(np.median(values))
        for dtype in (np.uint8, np.float32):
            px = np.clip(rng.normal(120, 60, (n, 3)), 0, 255).astype(dtype)
            want, got = np.median(px, axis=0), scaling.column_median(px)
            assert got.dtype == want.dtype and np.array_equal(got, want)


def test_a_stack_of_crops_is_normalised_as_each_crop_is():
    rng = np.random.default_rng(4)
    crops = [rng.integers(0, 256, (net.CROP, net.CROP, 3), dtype=np.uint8) for _ in range(3)]
    crops += [np.rot90(crops[0]), crops[1][:, ::-1]]  # views, as the second looks give them
    one = np.stack([((c.astype(np.float32) - 127.5) / 64.0).transpose(2, 0, 1) for c in crops])
    batch = scaling.normalise(np.stack(crops))
    assert batch.flags["C_CONTIGUOUS"] and np.array_equal(batch, one)
    assert np.array_equal(scaling.normalise(crops[2]), one[2])


def test_a_level_halved_is_the_next_level_and_anything_else_is_shrunk():
    img = np.random.default_rng(6).integers(0, 256, (240, 320, 3), dtype=np.uint8)
    hv = net.Halvings(img)
    assert hv.half(hv.level(1)) is hv.level(2)  # 120 x 160 -> 60 x 80, made once
    odd = net.Halvings(img[:, :230])  # 240 x 230 -> 120 x 115: odd
    assert odd.half(odd.level(1)) is not odd.level(2)
    assert np.array_equal(odd.half(odd.level(1)), net.shrink(odd.level(1), 0.5))
    other = img[:, :318]  # not a level
    assert np.array_equal(hv.half(other), net.shrink(other, 0.5))


def test_the_speed_bench_refuses_a_models_folder_without_networks_and_no_repeats(tmp_path, capsys):
    import vision_scale

    with pytest.raises(SystemExit):
        vision_scale.main(["--models", str(tmp_path)])
    assert (
        f"--models {tmp_path}: holds neither dice-detector.onnx nor dice-face.onnx" in capsys.readouterr().err
    )
    (tmp_path / "dice-detector.onnx").write_text("not a network")
    with pytest.raises(SystemExit):
        vision_scale.main(["--models", str(tmp_path)])
    assert "dice-detector.onnx: not a network the dice reader can run" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        vision_scale.main(["--models", str(tmp_path / "dice-detector.onnx")])
    assert "dice-detector.onnx: not a folder" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        vision_scale.main(["--repeat", "0"])
    assert "--repeat is a number of timed reads, 1 or more, not 0" in capsys.readouterr().err


def test_a_finer_look_a_little_finer_than_the_first_is_still_looked_at(monkeypatch):
    """A 400 px frame of tiny dice: the finer look is the frame itself (1.25 times the first
    look's 320), a level of its own, not the first look's again."""
    img = cv2.resize(_scene((1920, 1080), 44)[0], (400, 225), interpolation=cv2.INTER_AREA)
    m = net.model()
    real_det = m._detect_in
    sizes = []

    def detect_in(work, s, size):
        sizes.append(max(work.shape[:2]))
        return real_det(work, s, size)

    monkeypatch.setattr(m, "_detect_in", detect_in)
    hv = net.halvings(img)
    first = m.detect_scales(hv)
    assert net.work_side(hv, first[0]) == 400
    m.detect_scales(hv, 400)
    assert sizes[:3] == [320, 160, 80] and sizes[3] == 400
    assert sizes.count(320) == 1


def test_the_wide_set_measures_small_dice_in_1080p_frames(capsys):
    """bench/eval_dice.py ``synth-wide-44``: the frames the finer look is for, read and scored."""
    import json

    import eval_dice

    eval_dice.main(["--sets", "synth-wide-44", "--n", "2", "--seed", "5003", "--no-timing", "--json"])
    row = json.loads(capsys.readouterr().out)["sets"][0]
    assert row["set"] == "synth-wide-44" and row["frames"] == 2 and row["dice"] >= 6
    assert row["matched"] >= 0.9


def test_an_unknown_synthetic_set_is_refused_by_name(capsys):
    import eval_dice

    with pytest.raises(SystemExit):
        eval_dice.main(["--sets", "synth-round-64", "--n", "1", "--no-timing"])
    assert "unknown set synth-round-64" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        eval_dice.main(["--sets", "synth-pips-big", "--n", "1", "--no-timing"])
    assert "synth-KIND-FACEPX" in capsys.readouterr().err  # says how a name is made
