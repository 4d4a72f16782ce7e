"""A photo file read at the size its dice need (vision/photo.py), and rendered 12 MP phone
photos of pip dice with a calibrated custom face (vision/synth_photo.py, vision/custom.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import custom, icons, net, photo, synth_photo


def _photo(tmp_path, values, side, size=(2400, 1800)):
    """A JPEG of white pip dice ``side`` px across, in a row, on a grey table."""
    w, h = size
    img = np.full((h, w, 3), (150, 150, 150), np.uint8)
    for k, v in enumerate(values):
        c = (w * (k + 1) / (len(values) + 1), h / 2)
        synth_photo._draw(img, v, c, side, 20.0 * k, c, 1e6, None)
    path = tmp_path / "roll.jpg"
    cv2.imwrite(str(path), img)
    return path


def test_a_large_photo_of_big_dice_is_read_at_a_quarter_with_its_boxes_in_the_photo(tmp_path):
    path = _photo(tmp_path, [2, 5, 6], 240)
    r, factor = photo.read_photo(path, net.read_dice, expected_count=3)
    assert factor == 4
    assert r.values == [2, 5, 6] and not r.unsure, r.reasons
    xs = sorted(d.box[0] + d.box[2] / 2 for d in r.dice)
    assert np.allclose(xs, [600, 1200, 1800], atol=40)  # the whole photo's pixels


def test_small_dice_are_read_again_at_the_size_they_need(tmp_path):
    path = _photo(tmp_path, [3, 4], 120)  # 30 px at a quarter
    r, factor = photo.read_photo(path, net.read_dice, expected_count=2)
    assert factor == 2
    assert r.values == [3, 4] and not r.unsure, r.reasons


def test_a_small_photo_is_decoded_whole(tmp_path):
    path = _photo(tmp_path, [1, 6], 70, size=(800, 600))
    r, factor = photo.read_photo(path, net.read_dice, expected_count=2)
    assert factor == 1 and r.values == [1, 6]


def test_a_file_that_is_no_image_is_named(tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    with pytest.raises(OSError, match="notes.jpg"):
        photo.read_photo(bad, net.read_dice)


@pytest.mark.slow
@pytest.mark.parametrize("face, value", [("skull", 1), ("emblem", 6)])
def test_calibrated_custom_faces_read_sure_and_right_in_12_mp_photos(tmp_path, face, value):
    gallery = icons.calibrate({str(value): synth_photo.custom_shots(face, value, seed=3)}, tmp_path / "g")
    for seed in (11, 12):
        sc = synth_photo.custom_photo(seed, face, value, n_dice=4)
        assert sc.image.shape[:2] == (3024, 4032) and value in [d["value"] for d in sc.dice]
        path = tmp_path / f"{seed}.jpg"
        cv2.imwrite(str(path), sc.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        r, _ = photo.read_photo(path, custom.read_dice, gallery=gallery, expected_count=4)
        assert not r.unsure, r.reasons
        assert r.values == sorted(d["value"] for d in sc.dice)


def _calibrated_photo(tmp_path, face, value, seed):
    gallery = icons.calibrate({str(value): synth_photo.custom_shots(face, value, seed=5999)}, tmp_path / "g")
    sc = synth_photo.custom_photo(seed, face, value)
    path = tmp_path / f"{seed}.jpg"
    cv2.imwrite(str(path), sc.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    r, _ = photo.read_photo(path, custom.read_dice, gallery=gallery, expected_count=len(sc.dice))
    return r, sorted(d["value"] for d in sc.dice)


@pytest.mark.slow
def test_a_skull_the_face_network_leaves_out_is_read_by_the_gallery_first(tmp_path):
    """Rendered seed 5005: a skull the face network leans to call no die (0.38) was left out
    of the reading ("found 2 dice, expected 3"); the gallery's fit is asked before."""
    r, truth = _calibrated_photo(tmp_path, "skull", 1, 5005)
    assert truth.count(1) == 2
    assert not r.unsure, r.reasons
    assert r.values == truth


def test_a_hesitant_custom_face_does_not_overrule_sure_pips():
    assert custom._overruled((1, 0.72), 4, 0.98)
    assert not custom._overruled((1, 0.95), 4, 0.98)  # the gallery surely
    assert not custom._overruled((1, 0.72), 3, 0.5)  # the pips hesitate: a skull's eyes
    assert not custom._overruled((1, 0.72), 1, 0.98)  # they agree
