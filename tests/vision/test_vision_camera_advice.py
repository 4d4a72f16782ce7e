"""What a maker could change about the camera (vision/camera_advice.py): said for a grey frame, a
dim one, a cast one and dice too small to read well; nothing for a frame as the reader learned them."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import synth
from vision.camera_advice import advice
from vision.exposure import level
from vision.pips import read_dice

FLOOR = Path(__file__).resolve().parents[3] / "shared" / "data" / "dice-real-webcam-floor" / "images"


def _scene(face_px=72, size=(960, 720)):
    return synth.dice_scene(seed=21, kind="pips", face_px=face_px, n_dice=3, size=size, effects=False).image


def _shorts(frame):
    return [a.short for a in advice(frame, read_dice(frame).dice)]


def test_a_colour_frame_of_well_sized_dice_needs_nothing():
    assert _shorts(_scene()) == []


def test_a_grey_frame_is_said_and_its_reason_given():
    grey = cv2.cvtColor(cv2.cvtColor(_scene(), cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    tips = advice(grey, read_dice(grey).dice)
    assert [a.short for a in tips] == ["grey frame: use colour"]
    assert "colour camera" in tips[0].text


def test_a_dim_frame_is_said_with_its_level():
    dim = (_scene().astype(np.float32) * 0.5).astype(np.uint8)
    tips = advice(dim, read_dice(dim).dice)
    assert [a.short for a in tips] == ["dim: more light"]
    assert f"at {level(dim):.0f} of 255" in tips[0].text


def test_dice_too_small_are_said_with_their_size():
    frame = _scene(face_px=22, size=(1280, 960))  # boxed 36-38 px
    dice = read_dice(frame).dice
    assert dice
    tips = advice(frame, dice)
    assert [a.short for a in tips] == ["dice small: move closer"]
    side = sorted(min(d.box[2], d.box[3]) for d in dice)[len(dice) // 2]
    assert f"about {side:.0f} px across" in tips[0].text and "[camera] width and height" in tips[0].text


def test_no_dice_read_says_nothing_of_their_size():
    assert _shorts(np.full((480, 640, 3), (200, 204, 210), np.uint8)) == []  # a bright table, no cast
    # a plain orange frame is all a lamp's cast could be: only that is said
    assert _shorts(np.full((480, 640, 3), (120, 180, 220), np.uint8)) == ["tinted: white balance"]


def test_a_frame_cast_by_another_light_is_said_with_what_the_reader_takes_out():
    cool = np.clip(_scene().astype(np.float32) * np.float32([1.25, 1.0, 0.8]), 0, 255).astype(np.uint8)
    tips = advice(cool, read_dice(cool).dice)
    assert [a.short for a in tips] == ["tinted: white balance"]
    assert "blue x0." in tips[0].text and "red x1." in tips[0].text and "white balance" in tips[0].text


@pytest.mark.skipif(not FLOOR.is_dir(), reason="needs ../shared/data (the webcam floor set)")
def test_a_real_webcam_frame_needs_nothing_and_its_grey_copy_is_said():
    frame = cv2.imread(str(FLOOR / "WIN_20221211_13_07_14_Pro.jpg"))
    assert _shorts(frame) == []
    grey = cv2.cvtColor(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    assert _shorts(grey) == ["grey frame: use colour"]
