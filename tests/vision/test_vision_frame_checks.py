"""What a frame's dice say about the whole frame (vision/frame_checks.py, vision/one_pip.py):
blur judged by what it does to the dice, dice too small to read, a box of another size than
the roll's, and a 1 whose single mark is big or coloured."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import frame_checks, net, pips, synth
from vision.one_pip import one_pip
from vision.pips import Die
from vision.scaling import face_crop

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))  # eval_dice


def _row(values, style="white", face=72, spacing=150):
    """Dice in a row on a plain grey floor, seen from straight above."""
    img = np.full((240, spacing * (len(values) + 1), 3), (150, 150, 150), np.uint8)
    for k, v in enumerate(values):
        c = (spacing * (k + 1), 120)
        synth.draw_die(img, v, style, c, face, 17.0 * k, c, 1e6)
    return img


def test_soft_dice_that_still_read_surely_are_not_refused_for_blur():
    # a 5 px blur on 72 px dice: sharpness under BLUR_MIN, as a dice cup's camera gives
    r = pips.read_dice(cv2.GaussianBlur(_row([2, 4, 6]), (0, 0), 5), expected_count=3)
    assert r.sharpness < net.BLUR_MIN
    assert not r.unsure, r.reasons
    assert r.values == [2, 4, 6]


def test_blur_that_leaves_the_dice_hesitant_is_called_blurred():
    r = pips.read_dice(cv2.GaussianBlur(_row([2, 4, 6]), (0, 0), 7), expected_count=3)
    assert any(d.confidence < frame_checks.BLUR_SURE for d in r.dice)
    assert r.unsure and any(why.startswith("blurred") for why in r.reasons), r.reasons


def test_without_the_count_blur_still_refuses_a_frame():
    # the count is what tells that blur hid no die
    r = pips.read_dice(cv2.GaussianBlur(_row([2, 4, 6]), (0, 0), 5))
    assert r.unsure and any(why.startswith("blurred") for why in r.reasons), r.reasons


def test_dice_too_small_to_read_ask_for_the_camera_closer():
    img = _row([3, 5, 6], face=18, spacing=60)
    r = pips.read_dice(img, expected_count=3)
    assert r.unsure
    assert any("too small to read" in why and "move the camera closer" in why for why in r.reasons), r.reasons


def test_dice_of_a_readable_size_say_nothing_of_their_size():
    r = pips.read_dice(_row([3, 5, 6], face=40, spacing=90), expected_count=3)
    assert not any("too small" in why for why in r.reasons), r.reasons


def test_a_tray_too_small_in_the_view_is_named():
    check = frame_checks.too_small([Die(2, (0, 0, 15, 15), 0.99)], roi=np.ones((4, 4), np.uint8))
    assert "tray fills too little of the view" in check.text


def test_a_box_three_times_the_roll_is_not_one_of_its_dice():
    board = Die(6, (0, 0, 340, 340), 0.94)
    dice = [Die(4, (400, 10, 40, 40), 0.97), Die(2, (460, 10, 42, 42), 0.95)]
    assert frame_checks.unlike_fellows(dice + [board]) == [board]
    assert frame_checks.unlike_fellows(dice) == []
    assert [c.short for c in frame_checks.checks(dice + [board])] == ["a die of another size"]


def test_a_box_of_half_the_view_is_no_die():
    board = Die(6, (0, 100, 300, 300), 0.97)
    other = Die(6, (250, 150, 290, 290), 0.61)
    view = (640, 640)
    assert frame_checks.huge([board, other], view) == [board, other]
    assert [c.short for c in frame_checks.checks([board, other], None, view)] == ["a box too big for a die"]
    close_up = Die(3, (200, 200, 220, 220), 0.99)  # a phone's close-up die boxed wide: 12 % of the view
    assert frame_checks.checks([close_up], None, view) == []


def test_a_catan_board_boxed_as_dice_is_named():
    """Phone photo (development part): two tiny dice beside a Catan board; the board is boxed as
    two "dice" of half the view, one read 6 at 0.97. The frame says so, whatever the other reads."""
    from eval_dice import held_back
    from test_vision_webcam import _frame

    stem = "dice_290_jpg.rf.110252223eca0f374b7258e4cc3a2d1e"
    assert not held_back(stem)
    img, values = _frame("dice-real-phone-mixed", stem)
    r = pips.read_dice(img, expected_count=len(values))
    assert r.unsure and any("of the view or more: no die" in why for why in r.reasons), r.reasons


@pytest.mark.parametrize("style", ["white-red-one", "cream-red-one", "casino-red", "white"])
@pytest.mark.parametrize("px", [32, 48, 72])
def test_a_single_disc_on_the_centre_is_a_one(style, px):
    img = np.full((220, 220, 3), (150, 150, 150), np.uint8)
    synth.draw_die(img, 1, style, (110, 110), px, 25.0, (110, 110), 1e6)
    assert one_pip(face_crop(img, 110, 110, px * 1.05))


@pytest.mark.parametrize("face", ["skull", "emblem", "star", "block", "blank", 2, 5])
def test_a_skull_a_crest_or_pips_are_not_a_one(face):
    img = np.full((220, 220, 3), (150, 150, 150), np.uint8)
    synth.draw_die(img, face, "white", (110, 110), 60, 25.0, (110, 110), 1e6)
    assert not any(one_pip(face_crop(img, 110, 110, 63 * k)) for k in net.ONE_LOOKS)


def test_a_big_red_one_reads_as_a_one_not_as_a_face_that_is_not_a_pip_face():
    r = pips.read_dice(_row([1, 4, 1], style="white-red-one", face=60), expected_count=3)
    assert r.values == [1, 1, 4] and not r.unsure, (r.values, r.reasons)
