"""Dice seen slantwise by a pinhole camera (vision/synth_slant.py): deterministic, labelled
right, and drawn as a slanted camera sees them: side faces below the top face."""

from __future__ import annotations

import numpy as np
import pytest

from vision import synth_slant


def test_same_seed_same_scene_and_another_seed_another():
    a = synth_slant.slanted_scene(4)
    b = synth_slant.slanted_scene(4)
    c = synth_slant.slanted_scene(5)
    assert np.array_equal(a.image, b.image) and a.dice == b.dice
    assert not np.array_equal(a.image, c.image)


@pytest.mark.parametrize("seed", range(6))
def test_every_die_is_whole_in_view_with_a_pip_value_and_its_side_faces_consistent(seed):
    sc = synth_slant.slanted_scene(seed, size=(640, 480), n_dice=4)
    assert sc.image.shape == (480, 640, 3) and sc.dice
    for d in sc.dice:
        x, y, w, h = d["box"]
        assert 0 <= x and 0 <= y and x + w <= 640 and y + h <= 480
        assert d["value"] in range(1, 7)
        # a side face is never the top face nor the face under it (opposite faces sum to 7)
        assert d["sides"] and not {d["value"], 7 - d["value"]} & set(d["sides"])


def test_a_low_camera_sees_the_top_face_above_a_side_face():
    """At 30 degrees the camera sees the top face in the upper part of the die's box and a
    side face below it; straight down it sees the top face filling most of the box."""
    low = synth_slant.slanted_scene(2, n_dice=1, elevation=30, face_px=80, effects=False)
    (d,) = low.dice
    x, y, w, h = d["box"]
    top = np.array(d["top"])
    assert top[:, 1].mean() < y + 0.45 * h  # the top face lies in the box's upper part
    assert top[:, 1].max() - top[:, 1].min() < 0.6 * h  # foreshortened: the side face fills the rest
    high = synth_slant.slanted_scene(2, n_dice=1, elevation=88, face_px=80, effects=False)
    (d,) = high.dice
    top = np.array(d["top"])
    area = 0.5 * abs(np.dot(top[:, 0], np.roll(top[:, 1], 1)) - np.dot(top[:, 1], np.roll(top[:, 0], 1)))
    assert area > 0.6 * d["box"][2] * d["box"][3]


def test_the_pips_are_drawn_on_the_top_face():
    """A die of value 1 on white shows one dark pip at its top face's centre, 6 shows none there."""
    for value, dark in ((1, True), (6, False)):
        img = np.full((480, 640, 3), 120, np.uint8)
        cam = synth_slant.Camera(60, 2 * 500 / 80, 500, (640, 480))
        light = np.array([0.0, 0.0, 1.0])
        faces = {"top": value, "front": 2, "right": 3, "back": 5, "left": 4}
        d = synth_slant.draw_die(img, cam, (0.0, 0.0), 0.0, faces, "white", light, np.random.default_rng(0))
        cx, cy = np.array(d["top"]).mean(axis=0)
        centre = int(img[int(round(cy)), int(round(cx))].mean())
        assert (centre < 100) == dark, (value, centre)
