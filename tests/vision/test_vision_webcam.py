"""Real slanted webcam frames (../shared/data/dice-real-webcam-*): sharp frames whose dice lie
beside a laptop, cables with a labelled plug or a ferrite bead, and shoes are read sure and right.
All are from the tuning part of the sets (bench/eval_dice.py ``held_back``)."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import pytest

from vision import net

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "bench"))


def _frame(folder: str, stem: str):
    path = DATA / folder / "images" / f"{stem}.jpg"
    if not path.exists():
        pytest.skip(f"webcam photos not found at {path.parent} (../shared/data from the repo root)")
    labels = (DATA / folder / "labels_yolo" / f"{stem}.txt").read_text().split()
    return cv2.imread(str(path)), sorted(int(labels[i]) + 1 for i in range(0, len(labels), 5))


@pytest.mark.parametrize(
    "folder,stem",
    [
        ("dice-real-webcam-desk", "five_17"),  # a labelled plug on a cable beside the desk
        ("dice-real-webcam-desk", "four_20"),  # the plug, and side faces showing pips
        ("dice-real-webcam-desk", "dice_21"),  # a laptop keyboard in the corner
        ("dice-real-webcam-floor", "WIN_20221211_13_06_18_Pro"),  # 1920x1080, red and cream dice, shoes
        ("dice-real-webcam-desk", "valid_38"),  # a 6's side face found as a die below it (slant.seen_twice)
        ("dice-real-webcam-desk", "six_58"),  # a 5's side face found as a die to its left
    ],
)
def test_a_sharp_slanted_frame_is_read_sure_and_right(folder, stem):
    from eval_dice import held_back

    assert not held_back(stem)  # never a held-back frame
    img, values = _frame(folder, stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


@pytest.mark.parametrize("stem", ["six_13", "three_14", "dice_9", "five_15"])
def test_a_cable_bead_beside_the_dice_does_not_make_the_frame_unsure(stem):
    """A cable's ferrite bead on the desk: the detector finds a die-like spot there and the
    face network leans to "no die" (0.8-0.9); black is unlike the white dice, so it is left
    out instead of flagging the frame."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


def test_a_cream_die_boxed_twice_too_big_is_never_read_surely_wrong():
    """A red die read surely and a cream die the detector boxes twice too big. The earlier face
    network read the cream die hesitantly (or called it "no die", and read closer it was a die),
    so the frame was unsure; the network trained on upright crops reads it right at 0.93. Either
    is fine at the table: what must not happen is a sure frame with a wrong or missing die."""
    from eval_dice import held_back

    stem = "WIN_20221211_13_06_57_Pro"
    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-floor", stem)
    r = net.read_dice(img)
    if r.unsure:
        assert any("low confidence" in why or "not read" in why for why in r.reasons), r.reasons
    else:
        assert sorted(r.values) == sorted(values), (r.values, values)


@pytest.mark.parametrize("stem", ["six_22", "four_11", "six_47", "valid_76"])
def test_a_cable_label_read_hesitantly_as_a_die_is_left_out(stem):
    """The cable's white label with print: the face network calls it a die, hesitantly (below
    the sure cut-off). Its colour is unlike the dice read surely, and looked at closer and in
    its own colours it is no die: it is left out, and the frame is sure and right."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


@pytest.mark.parametrize("stem", ["six_33", "six_60", "three_36", "valid_54", "six_56"])
def test_a_label_far_unlike_the_dice_and_doubted_is_left_out(stem):
    """A cable's label the face network reads as a die with some doubt ("no die" 0.25-0.45),
    read closer with some doubt too, and no die in its own colours: its colour is far unlike
    the dice (``likeness.FAR_UNLIKE``), so it is left out and the frame is sure and right.
    six_56's label is read no die whole (0.87) and in its own colours, a face read closer."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


@pytest.mark.parametrize("stem", ["six_44", "six_45", "two_50"])
def test_a_hesitant_die_read_the_same_eight_ways_is_sure(stem):
    """A die the face network reads right but hesitantly (0.53-0.56): read again at its eight
    turns and mirrors (``vision.steady``) it reads the same at 0.61-0.71, and the frame is sure."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


def test_a_die_read_wrong_hesitantly_stays_unsure():
    """Two blurred 4s in flight that read as 6 (0.55-0.60): eight ways they still read 6 at
    under the sure cut-off, so the frame stays unsure. Whatever is read 6 is read hesitantly."""
    from eval_dice import held_back

    assert not held_back("four_50")
    img, values = _frame("dice-real-webcam-desk", "four_50")
    assert 6 not in values
    r = net.read_dice(img)
    sixes = [d for d in r.dice if d.value == 6]
    assert r.unsure and sixes and all(d.confidence < net.CONF_OK for d in sixes), (r.values, r.reasons)


def test_a_label_the_face_network_doubts_at_all_is_no_reason_for_doubt():
    """The cable's label found as a strong spot off every die, read "no die" at only 0.46 (below
    ``NOT_DIE``): doubted at all (``likeness.DOUBT_OWN``) and far unlike the dice, it is clutter."""
    from eval_dice import held_back

    assert not held_back("five_43")
    img, values = _frame("dice-real-webcam-desk", "five_43")
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


@pytest.mark.parametrize(
    "folder,stem",
    [
        ("dice-real-webcam-desk", "four_15"),  # a ferrite bead beside dice read 0.75-0.87
        ("dice-real-webcam-floor", "WIN_20221211_13_07_14_Pro"),  # a bag's corner 2.8 times the dice's size
    ],
)
def test_without_an_anchor_die_the_sure_dice_tell_what_is_clutter(folder, stem):
    """No die is read surely enough to anchor the play area (0.9): the dice read sure (0.6 and
    up) tell the set's colour and size instead, and the bead or the bag is no reason for doubt."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame(folder, stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, r.reasons)


@pytest.mark.parametrize(
    "stem",
    [
        "WIN_20221211_13_08_32_Pro",
        "WIN_20221211_13_07_40_Pro",
        "WIN_20221211_13_07_50_Pro",
        "WIN_20221211_13_09_04_Pro",
    ],
)
def test_cream_pips_on_a_red_die_read_surely(stem):
    """Red dice with small cream pips on the wood floor, which the face network learned from
    the sets' development parts (the earlier one read them with 0.4-0.69: unsure, or wrong)."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-floor", stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, values, r.reasons)


@pytest.mark.parametrize("stem", ["dice_11", "dice_31"])
def test_a_camera_mounted_upside_down_is_turned_back_by_rotate(tmp_path, stem):
    """The face network takes a slanted die's upper face for its top face. Seen upside down, a
    1 with a side face's pip below it reads as a 2; the camera's ``rotate = 2`` turns each frame
    back, and the dice read sure and right again."""
    from eval_dice import held_back

    from drivers import open_camera

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    upside_down = img[::-1, ::-1]
    cv2.imwrite(str(tmp_path / f"{stem}.png"), upside_down)
    as_mounted = net.read_dice(upside_down.copy())
    assert as_mounted.unsure or as_mounted.values != values  # why the option exists
    with open_camera({"type": "folder", "path": str(tmp_path), "rotate": 2}) as cam:
        r = net.read_dice(cam.read())
    assert r.values == values and not r.unsure, (r.values, r.reasons)


def test_dice_read_rotate_turns_the_photo_first(tmp_path, capsys):
    """`companion dice read --rotate 2` reads a photo from an upside-down camera as `[camera]
    rotate = 2` would; a turn that is not 0-3 is refused by name."""
    import argparse
    import json

    from vision import cli

    def build_parser():
        p = argparse.ArgumentParser()
        cli.register(p.add_subparsers(dest="cmd"))
        return p

    img, values = _frame("dice-real-webcam-desk", "dice_11")
    path = tmp_path / "upside_down.png"
    cv2.imwrite(str(path), img[::-1, ::-1])
    args = build_parser().parse_args(["dice", "read", str(path), "--rotate", "2", "--json"])
    assert args.func(args) == 0
    got = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in got["dice"]) == values and got["unsure"] is False, got
    with pytest.raises(SystemExit):
        build_parser().parse_args(["dice", "read", str(path), "--rotate", "5"])
    assert "--rotate" in capsys.readouterr().err


def test_touching_dice_seen_as_one_die_leave_the_frame_unsure():
    """desk dice_20: three touching 1s far from the camera are boxed as one die, 1.4 times the
    near dice's side, and read as a 6. Neither its side face rule nor its eight reads may make
    that sure (vision/steady.py ``BIG``)."""
    from eval_dice import held_back

    assert not held_back("dice_20")
    img, values = _frame("dice-real-webcam-desk", "dice_20")
    r = net.read_dice(img)
    assert r.unsure or r.values == values, (r.values, values)


@pytest.mark.parametrize(
    "stem,why",
    [
        ("four_28", "die-like spot"),  # the cable's black ferrite bead, as a spot
        ("valid_53", "not a pip face"),  # the cable's barcode label, fitted as a die with no pip face
    ],
)
def test_the_rolled_count_settles_a_spot_when_every_rolled_die_is_read(stem, why):
    """On its own the frame is unsure: the bead or the label might be a die the reader missed.
    The device knows how many dice were rolled; when that many are read surely, the spot cannot
    be one of them, and the frame is sure and right (the spot is not reported as a die)."""
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    alone = net.read_dice(img)
    assert alone.unsure and any(why in r for r in alone.reasons), alone.reasons
    counted = net.read_dice(img, expected_count=len(values))
    assert counted.values == values and not counted.unsure, (counted.values, counted.reasons)


def test_the_rolled_count_does_not_settle_a_spot_beside_too_few_dice():
    """One die fewer rolled than the count: the spot may be the die the reader missed."""
    img, values = _frame("dice-real-webcam-desk", "four_28")
    r = net.read_dice(img, expected_count=len(values) + 1)
    assert r.unsure and any("die-like spot" in why for why in r.reasons), r.reasons


def test_the_rolled_count_leaves_out_a_side_face_read_surely():
    """desk three_27: three 3s, and a side face's 5 found below one of them, read 0.92: above
    the limit under which a twin is asked whether it is its die's side face. Read on its own,
    the frame has a die too many; the rolled count (3) says so, the twin is asked, and the
    square around both boxes reads the 3: the reading is the three dice, sure."""
    from eval_dice import held_back

    assert not held_back("three_27")
    img, values = _frame("dice-real-webcam-desk", "three_27")
    r = net.read_dice(img, expected_count=len(values))
    assert r.values == values and not r.unsure, (r.values, r.reasons)
