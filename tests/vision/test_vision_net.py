"""The learned dice reader (vision.net): shipped ONNX models run through OpenCV's dnn module."""

from __future__ import annotations

import json
import math

import cv2
import numpy as np
import pytest

from vision import likeness, net, pips, synth


def _row(values, style="white", face=72, spacing=150, angles=None):
    w = spacing * (len(values) + 1)
    img = np.full((240, w, 3), (150, 150, 150), np.uint8)
    for k, v in enumerate(values):
        c = (spacing * (k + 1), 120)
        synth.draw_die(img, v, style, c, face, angles[k] if angles else 0.0, c, 1e6)
    return img


def test_models_ship_small_and_load_in_opencv_dnn():
    assert net.available()
    for p in (net.DETECTOR, net.FACE):
        assert p.stat().st_size < 2_000_000, p
    meta = json.loads((net.MODELS / "dice-net.json").read_text())
    assert "trained_on_heldout" in meta
    m = net.DiceNet()
    blob = np.zeros((2, 3, net.CROP, net.CROP), np.float32)
    m.face.setInput(blob)
    assert m.face.forward().shape == (2, 7)


def test_missing_model_names_the_file(tmp_path):
    with pytest.raises(net.ModelMissing, match="nope.onnx"):
        net.DiceNet(tmp_path / "nope.onnx", net.FACE)


@pytest.mark.parametrize(
    "size,s", [((1280, 960), 0.25), ((960, 720), 1 / 3), ((641, 479), 0.5), ((200, 100), 2.0)]
)
def test_shrink_halves_first_and_matches_one_area_resize(size, s):
    img = np.random.default_rng(3).integers(0, 256, (size[1], size[0], 3), dtype=np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), 1.5)  # camera frames are smooth at the pixel scale
    out = net.shrink(img, s)
    want = (round(size[0] * s), round(size[1] * s))
    assert (out.shape[1], out.shape[0]) == want
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    direct = cv2.resize(img, want, interpolation=interp)
    assert np.abs(out.astype(int) - direct.astype(int)).max() <= (1 if s in (0.25, 0.5, 2.0) else 8)


def test_face_crop_is_centred_and_survives_the_frame_edge():
    img = np.zeros((200, 300, 3), np.uint8)
    cv2.rectangle(img, (130, 80), (169, 119), (255, 255, 255), -1)  # a 40 px square at (150, 100)
    crop = net.face_crop(img, 150, 100, 40)
    assert crop.shape == (net.CROP, net.CROP, 3)
    lit = np.argwhere(crop[..., 0] > 128)
    cy, cx = lit.mean(axis=0)
    assert abs(cx - net.CROP / 2) < 1.5 and abs(cy - net.CROP / 2) < 1.5
    # the square fills 1 / CROP_CONTEXT of the crop's side
    assert abs(np.ptp(lit[:, 1]) + 1 - net.CROP / net.CROP_CONTEXT) <= 2
    turned = net.face_crop(img, 150, 100, 40, angle=45)
    assert turned[..., 0].max() > 128 and turned[0, 0, 0] < 128  # a diamond: corners dark
    edge = net.face_crop(img, 2, 3, 60)
    assert edge.shape == (net.CROP, net.CROP, 3)
    big = net.face_crop(cv2.resize(img, None, fx=4, fy=4), 600, 400, 160)  # shrunk by area first
    assert abs(int(big[20, 20, 0]) - int(crop[20, 20, 0])) < 40


def test_detector_finds_every_die_of_a_generated_tray():
    for seed in (3, 4):
        sc = synth.dice_scene(seed, "pips", 64, n_dice=6)
        found = net.pip_dice(sc.image)
        for d in sc.dice:
            x, y, w, h = d["box"]
            side = (w * h) ** 0.5
            near = [
                f
                for f in found
                if abs(f.cx - (x + w / 2)) < 0.3 * side and abs(f.cy - (y + h / 2)) < 0.3 * side
            ]
            assert len(near) == 1, (seed, d["box"])
            assert 0.7 < near[0].side / side < 1.4
            assert int(np.argmax(near[0].probs)) == d["value"]
        assert len(found) == len(sc.dice)
        assert len(net.candidates(sc.image)) >= len(sc.dice)


@pytest.mark.parametrize("style", ["white", "black", "red", "translucent-green"])
def test_every_value_at_every_angle(style):
    img = _row([1, 2, 3, 4, 5, 6], style, angles=[0, 10, 25, 40, 60, 80])
    r = net.read_dice(img)
    assert [d.value for d in sorted(r.dice, key=lambda d: d.box[0])] == [1, 2, 3, 4, 5, 6]
    assert not r.unsure, r.reasons


def test_auto_reader_is_the_learned_one_and_classical_stays_available():
    img = _row([2, 6])
    assert pips.read_dice(img).values == net.read_dice(img).values == [2, 6]
    assert pips.read_dice(img, reader="classical").values == [2, 6]
    with pytest.raises(ValueError, match="reader"):
        pips.read_dice(img, reader="magic")


def test_unsure_when_the_face_network_hesitates(monkeypatch):
    img = _row([4])
    m = net.model()
    real = m._probs
    calls = []

    def hesitant(crops):
        probs = real(crops)
        calls.append(len(crops))
        die = 1.0 - probs[:, :1]  # as sure that a die is there, unsure which face
        probs[:, 1:] = die * np.array([0.12, 0.12, 0.12, 0.4, 0.12, 0.12])
        return probs

    monkeypatch.setattr(m, "_probs", hesitant)
    r = net.read_dice(img)
    assert len(r.dice) == 1 and r.dice[0].value == 4 and r.unsure
    assert r.dice[0].confidence < net.CONF_OK
    assert calls[-3] == 3  # looked at again: turned, wider, and in its own two colours
    assert calls[-2] == 8  # and, still hesitant, at its eight turns and mirrors (vision.steady)
    assert calls[-1] == 1  # and its top face alone (steady.top_faces)


def test_a_die_is_redrawn_black_on_white_from_its_own_two_colours():
    # cream pips on a red die: in grey the pips are barely lighter than the face
    img = np.full((200, 200, 3), (110, 120, 125), np.uint8)
    synth.draw_die(img, 5, "red", (100, 100), 80, 0.0, (100, 100), 1e6)
    img[..., :] = np.where(img.sum(axis=2, keepdims=True) > 600, np.array([170, 215, 230], np.uint8), img)
    crop = net.face_crop(img, 100, 100, 80)
    out = net.pips_dark(crop)
    assert out.shape == crop.shape and (out[..., 0] == out[..., 2]).all()
    c = net.CROP // 2
    assert out[c, c, 0] < 80  # the centre pip: black
    assert out[c, c - 8, 0] > 180  # the face between pips: white
    grey = np.full((40, 40, 3), 128, np.uint8)
    assert net.pips_dark(grey) is grey  # one colour: nothing to redraw


def test_what_the_face_network_calls_no_pip_die_is_not_read_as_one(monkeypatch):
    img = _row([2, 5])  # dice at x = 150 and x = 300
    m = net.model()
    real = m.classify

    def left_is_floor(frame, cands):
        probs, crops = real(frame, cands)
        for i, c in enumerate(cands):
            if c[0] < 225:
                probs[i] = [0.97] + [0.005] * 6
        return probs, crops

    assert net.read_dice(img).values == [2, 5]
    monkeypatch.setattr(m, "classify", left_is_floor)
    r = net.read_dice(img)
    # its square face still shows a die: one whose face is not a pip face
    assert r.values == [5, None] and r.unsure
    assert [d.centre[0] > 225 for d in r.dice if d.value == 5] == [True]


def test_roi_crops_to_the_tray_and_keeps_frame_coordinates():
    img = _row([2, 5])
    c = (60, 60)
    synth.draw_die(img, 6, "black", c, 50, 0.0, c, 1e6)
    roi = np.zeros(img.shape[:2], np.uint8)
    roi[40:230, 100:460] = 255
    assert 6 in net.read_dice(img).values
    r = net.read_dice(img, roi=roi)
    assert r.values == [2, 5]
    xs = sorted(d.box[0] + d.box[2] / 2 for d in r.dice)
    assert abs(xs[0] - 150) < 8 and abs(xs[1] - 300) < 8


def test_blur_makes_the_reading_unsure():
    r = net.read_dice(cv2.GaussianBlur(_row([2, 4, 6]), (0, 0), 4))
    assert r.unsure


def test_garbage_input_is_refused():
    with pytest.raises(ValueError, match="BGR"):
        net.read_dice(np.zeros((10, 10), np.uint8))


def _spot(monkeypatch, p_no_die, seen=(30.0, 30.0)):
    """Add a strong detector candidate on the bare floor that the face network calls a die
    with 1 - ``p_no_die``, having seen the crop around ``seen`` (by default, the spot's)."""
    real = net._pip_dice
    probs = np.full(7, (1 - p_no_die) / 6, np.float32)
    probs[0] = p_no_die

    def one_more(frame):
        found, cands = real(frame)
        crop = net.halvings(frame).crop(seen[0], seen[1], 80.0)
        return found, cands + [net.Found((30.0, 30.0, 40.0, net.DET_ODD + 0.05), probs, crop)]

    monkeypatch.setattr(net, "_pip_dice", one_more)


def test_a_strong_spot_outside_every_die_makes_the_reading_unsure(monkeypatch):
    # the face network calls it a die (0.9): it may be one the reader missed
    img = _row([2, 5])
    assert not net.read_dice(img).unsure
    _spot(monkeypatch, 0.1)
    r = net.read_dice(img)
    assert r.values == [2, 5] and r.unsure
    assert any("not read" in why for why in r.reasons)


@pytest.mark.parametrize("p_no_die", [likeness.DOUBT_OWN + 0.05, net.NOT_DIE + 0.05])
def test_a_spot_that_leans_to_no_die_and_is_unlike_the_dice_leaves_the_reading_sure(monkeypatch, p_no_die):
    # the bare floor there is not the dice's colour, and read closer it is no die either;
    # a spot the face network doubts at all (likeness.DOUBT_OWN) is asked the same
    img = _row([2, 5])
    _spot(monkeypatch, p_no_die)
    r = net.read_dice(img)
    assert r.values == [2, 5] and not r.unsure, r.reasons


def test_a_spot_that_leans_to_no_die_but_has_the_dice_colour_makes_the_reading_unsure(monkeypatch):
    # the spot looks like the second die (the face network doubts it all the same): its
    # colour is that of the sure dice, so it could be a die the reader missed
    img = _row([2, 5])
    _spot(monkeypatch, net.NOT_DIE + 0.05, seen=(300.0, 120.0))
    r = net.read_dice(img)
    assert r.unsure and any("not read" in why for why in r.reasons), r.reasons


def test_a_spot_the_face_network_calls_no_die_leaves_the_reading_sure(monkeypatch):
    # a clip on the dice cup, a bead, a screw: the detector likes it, the face network does not
    img = _row([2, 5])
    _spot(monkeypatch, net.ODD_NOT_DIE + 0.05)
    r = net.read_dice(img)
    assert r.values == [2, 5] and not r.unsure, r.reasons


def _found(cx, value, p=0.97, score=0.8, side=100.0):
    probs = np.full(7, (1 - p) / 6, np.float32)
    probs[value] = p
    return net.Found((cx, 100.0, side, score), probs, None)


def test_close_candidates_are_one_die_unless_they_surely_show_different_faces():
    # touching dice pull the detector's centres together, to 0.3-0.45 box sides apart
    kept = _found(100.0, 3)
    assert net._two_dice(_found(160.0, 4), kept)  # far apart: two dice anyway
    assert net._two_dice(_found(135.0, 4), kept)  # close, a sure 4 beside a sure 3
    assert not net._two_dice(_found(135.0, 3), kept)  # close, the same face: one die
    assert not net._two_dice(_found(135.0, 4, p=0.6), kept)  # close, the other face unsure
    assert not net._two_dice(_found(135.0, 4, score=0.3), kept)  # close, hardly a die
    assert not net._two_dice(_found(120.0, 4), kept)  # on top of it: one die


def test_touching_dice_are_read_as_two():
    img = _row([3, 4], face=72, spacing=74)
    r = net.read_dice(img)
    assert r.values == [3, 4] and not r.unsure


def test_crowded_regions_are_around_touching_dice_and_unexplained_spots():
    frame = np.zeros((400, 600, 3), np.uint8)
    a, b, lone = _found(100.0, 3), _found(210.0, 5), _found(450.0, 2)  # side 100, y = 100
    regions = net._crowded(frame, [a, b, lone], [])
    assert len(regions) == 1  # a and b touch; the lone die does not
    x0, y0, x1, y1 = regions[0]
    assert x0 < 100 < 210 < x1 and y0 < 100 < y1 and x1 < 450
    spot = (330.0, 300.0, 90.0, net.DET_SURE + 0.1)  # strong, and in no die
    assert len(net._crowded(frame, [lone], [spot])) == 1
    weak = (330.0, 300.0, 90.0, net.DET_SURE - 0.1)
    assert net._crowded(frame, [lone], [weak]) == []


def test_second_look_finds_the_die_beside_a_found_one():
    img = _row([2, 6], face=72, spacing=76)  # touching, centres at x = 76 and 152
    found, _ = net._pip_dice(img)
    first = min(found, key=lambda f: f.cx)
    assert abs(first.cx - 76) < 12
    region = (0, 0, img.shape[1], img.shape[0])
    new = net._second_look(img, region, [first])  # as if the right die had been missed
    assert len(new) == 1
    assert abs(new[0].cx - 152) < 12 and int(np.argmax(new[0].probs[1:])) + 1 == 6
    assert net._second_look(img, region, found) == []  # nothing else hides there


def test_a_die_sized_differently_by_two_scales_is_not_lost(monkeypatch):
    # frame 960x720 -> working 320x240 (s = 1/3), then 160x120 and 80x60
    frame = np.full((720, 960, 3), 128, np.uint8)
    m = net.model()
    say = {}

    def fake(work, s, size):
        return say.get(round(s, 3), [])

    monkeypatch.setattr(m, "_detect_in", fake)
    too_big_at_0 = (300.0, 300.0, 3 * (net.DIE_BIG + 2), 0.9)  # 54 working px
    too_small_at_1 = (302.0, 298.0, 6 * (net.DIE_BIG / net.OVERLAP - 1), 0.8)
    say = {0.333: [too_big_at_0], 0.167: [too_small_at_1]}
    scales = m.detect_scales(frame)
    assert scales[0] == [too_big_at_0] and scales[1] == []  # the stronger one, once
    fits_at_1 = (310.0, 305.0, 6 * 30.0, 0.7)
    say = {0.333: [too_big_at_0], 0.167: [fits_at_1]}
    assert m.detect_scales(frame)[:2] == [[], [fits_at_1]]  # the scale that knows it
    weak = (300.0, 300.0, 3 * (net.DIE_BIG + 2), net.DET_SURE - 0.05)
    say = {0.333: [weak]}
    assert all(level == [] for level in m.detect_scales(frame))


def test_a_die_whose_face_is_not_a_pip_face_is_value_null_and_the_frame_unsure():
    # a skull on the 1, an emblem on the 6: the detector sees a die, the face network no pips
    img = np.full((240, 600, 3), (150, 150, 150), np.uint8)
    for k, v in enumerate([2, "lightning", 5]):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 0.0, c, 1e6)
    r = net.read_dice(img)
    assert r.values == [2, 5, None] and r.unsure
    assert r.reasons == ["1 die whose face is not a pip face"]
    null = [d for d in r.to_json()["dice"] if d["value"] is None]
    assert len(null) == 1 and abs(null[0]["box"][0] + null[0]["box"][2] / 2 - 300) < 15
    assert '"value": null' in json.dumps(r.to_json())


def test_a_clip_beside_the_dice_is_no_null_die():
    # a small bright bar: the detector may like it, but it has no square face
    img = _row([2, 5])
    cv2.rectangle(img, (210, 60), (240, 180), (200, 200, 200), -1)
    r = net.read_dice(img)
    assert r.values == [2, 5] and not r.unsure, r.reasons


def test_beside_a_mixed_set_a_spot_unlike_the_sure_dice_still_makes_the_reading_unsure(monkeypatch):
    # a red die rolled with two white ones: a spot of a third colour may be a die of a
    # fourth style the reader missed, so colour no longer tells clutter from a die
    img = np.full((240, 600, 3), (150, 150, 150), np.uint8)
    for k, (v, style) in enumerate([(2, "white"), (5, "white"), (3, "red")]):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, style, c, 72, 0.0, c, 1e6)
    r = net.read_dice(img)
    assert r.values == [2, 3, 5] and not r.unsure, r.reasons
    _spot(monkeypatch, net.NOT_DIE + 0.05)
    r = net.read_dice(img)
    assert r.unsure and any("not read" in why for why in r.reasons), r.reasons


def test_a_die_cut_by_the_edge_of_the_view_makes_the_reading_unsure():
    """Part of the die is out of view (valid_23 of the desk set: a die half out at the right):
    its face may be read from a part of it."""
    img = _row([2, 5])
    whole = net.read_dice(img)
    assert not whole.unsure
    right = max(d.box[0] + d.box[2] for d in whole.dice)
    cut = img[:, : right - int(0.45 * whole.dice[-1].box[2])]
    r = net.read_dice(cut)
    assert r.unsure and any("edge of the view" in why for why in r.reasons), (r.values, r.reasons)
    inside = img[:, : right + 5]
    assert not net.read_dice(inside).unsure


def test_a_spot_far_bigger_than_the_dice_leaves_the_reading_sure(monkeypatch):
    """A shoe at the frame's edge (the floor set): the detector likes it, the face network
    hesitates, but dice rolled together are one size and it is twice theirs and more."""
    img = _row([2, 5])
    real = net._pip_dice

    def with_a_spot(side):
        def spot(frame):
            found, cands = real(frame)
            probs = np.full(7, 0.6 / 6, np.float32)
            probs[0] = 0.4
            crop = net.halvings(frame).crop(300.0, 120.0, 80.0)  # looks like the dice
            typical = float(np.median([f.side for f in found]))
            return found, cands + [net.Found((30.0, 30.0, side * typical, net.DET_ODD + 0.05), probs, crop)]

        return spot

    monkeypatch.setattr(net, "_pip_dice", with_a_spot(net.SIZE_APART[1] + 0.3))
    assert not net.read_dice(img).unsure
    monkeypatch.setattr(net, "_pip_dice", with_a_spot(1.0))
    r = net.read_dice(img)
    assert r.unsure and any("not read" in why for why in r.reasons), r.reasons


def test_all_rolled_read_needs_the_count_and_every_pip_die_sure():
    from vision.pips import Die

    sure = Die(3, (0, 0, 40, 40), 0.95, 0.0, (20, 20))
    also = Die(5, (60, 0, 40, 40), net.ROLLED_SURE, 0.0, (80, 20))
    hesitant = Die(5, (60, 0, 40, 40), net.ROLLED_SURE - 0.01, 0.0, (80, 20))  # sure, not surely
    label = Die(None, (120, 0, 40, 40), 0.0, 0.0, (140, 20))
    assert net.all_rolled_read([sure, also], 2)
    assert net.all_rolled_read([sure, also, label], 2)  # the "no pip face" spot is not counted
    assert not net.all_rolled_read([sure, also], None)  # a photo on its own: nothing assumed
    assert not net.all_rolled_read([sure, also], 3)  # one rolled die not read
    assert not net.all_rolled_read([sure, hesitant], 2)  # a rolled die read less surely
    assert not net.all_rolled_read([sure, label], 2)  # the label may be the second die


def test_a_checked_cloth_is_a_pattern_read_unsure_without_closer_looks(monkeypatch):
    """A synthetic webcam frame on a checked cloth: its squares pass for dice by the hundred.
    More than ``MOST_DICE`` of them kept by the first look is a pattern, not a roll: the
    reading is unsure and says why, and no second look is made (they cost about a second
    here on such a frame, ten on a Pi Zero 2)."""
    looks = []
    real = net._second_look
    monkeypatch.setattr(net, "_second_look", lambda *a: looks.append(a) or real(*a))
    img = synth.dice_scene(seed=5071, kind="pips", face_px=64, camera="webcam").image
    r = net.read_dice(img)
    assert r.unsure and any("a pattern, not a roll" in why for why in r.reasons), r.reasons
    assert len(r.dice) > net.MOST_DICE and not looks


def test_second_looks_that_find_a_pattern_stop(monkeypatch):
    """A checked cloth whose first look keeps fewer than ``MOST_DICE`` "dice": the second looks
    beside them find more squares, and once more than ``MOST_DICE`` are kept, no further second
    look is made (before, all 171 of its crowded spots were looked at: 0.7 s here, seven on a Pi
    Zero 2). It is a pattern all the same."""
    looks, regions = [], []
    real_look, real_crowded = net._second_look, net._crowded

    def crowded(*a):
        spots = real_crowded(*a)
        regions.extend(spots)
        return spots

    monkeypatch.setattr(net, "_second_look", lambda *a: looks.append(a) or real_look(*a))
    monkeypatch.setattr(net, "_crowded", crowded)
    # read as the camera gave it: its colours balanced (vision.balance), the first look alone
    # already keeps a pattern, and no second look is made at all
    from vision import balance

    monkeypatch.setattr(balance, "balanced", lambda frame: frame)
    img = synth.dice_scene(seed=5045, kind="pips", face_px=64, camera="webcam").image
    r = net.read_dice(img)
    assert r.unsure and any("a pattern, not a roll" in why for why in r.reasons), r.reasons
    assert len(r.dice) > net.MOST_DICE
    assert 0 < len(looks) < len(regions) / 2, (len(looks), len(regions))


def test_a_roll_of_25_dice_is_no_pattern(real_dir):
    """The most dice in a photo of the sets: a roll, read as one (not flagged a pattern)."""
    img = cv2.imread(str(real_dir / "images" / "IMG_20191208_112332.jpg"))
    r = net.read_dice(img)
    assert len(r.dice) == 25 and not any("pattern" in why for why in r.reasons), r.reasons


def _suppressed_pairwise(cands, radius):
    """``net._suppress`` by its definition: each candidate against every stronger one kept."""
    kept = []
    for c in cands:
        if not any(math.hypot(c[0] - k[0], c[1] - k[1]) <= radius * k[2] for k in kept):
            kept.append(c)
    return kept


def test_suppression_by_grid_keeps_what_each_against_each_keeps():
    """The grid (cells of twice the typical reach, and a list of the few that reach farther)
    changes how many candidates are compared, never which are kept: clusters, a big box among
    small ones, zero sides, candidates off the frame's edge."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        n = int(rng.integers(0, 250))
        width = float(rng.choice([100, 1000, 4000]))
        xy = rng.uniform(-10, width, (n, 2))
        xy[: n // 3] = xy[0] + rng.normal(0, 15, (n // 3, 2)) if n else xy[: n // 3]  # a cluster
        sides = np.where(rng.random(n) < 0.05, rng.uniform(200, 800, n), rng.uniform(0, 40, n))
        cands = sorted(
            ((float(x), float(y), float(s), float(p)) for (x, y), s, p in zip(xy, sides, rng.random(n))),
            key=lambda c: -c[3],
        )
        for radius in (net.SUPPRESS, net.TWIN):
            assert net._suppress(cands, radius) == _suppressed_pairwise(cands, radius)
    assert net._suppress([]) == []
