"""A spot that is not a die, told by its colour against the dice read surely in its frame."""
from __future__ import annotations

import cv2
import numpy as np

from vision import likeness


def _die(face_bgr, pip_bgr, floor_bgr=(120, 160, 190), n=40):
    """A 40 px crop of a die (its face covering 1 / 1.15 of the crop) showing five pips."""
    img = np.full((n, n, 3), floor_bgr, np.uint8)
    a = int(n / 1.15 / 2)
    c = n // 2
    cv2.rectangle(img, (c - a, c - a), (c + a, c + a), face_bgr, -1)
    for dx, dy in ((0, 0), (-9, -9), (9, 9), (-9, 9), (9, -9)):
        cv2.circle(img, (c + dx, c + dy), 3, pip_bgr, -1)
    return img


def test_a_black_bead_is_unlike_white_dice_and_a_white_die_is_like_them():
    white = [_die((225, 235, 240), (30, 30, 30)), _die((205, 215, 222), (40, 40, 40))]
    bead = np.full((40, 40, 3), (120, 160, 190), np.uint8)
    cv2.ellipse(bead, (20, 20), (14, 9), 30, 0, 360, (35, 35, 38), -1)
    assert likeness.unlike_the_dice(bead, white)
    assert not likeness.unlike_the_dice(_die((215, 228, 236), (25, 25, 25)), white)


def test_a_die_in_shadow_is_still_like_the_dice():
    """Lightness counts half: the same die a tenth darker is the same set; half as light it is not."""
    lit = _die((225, 235, 240), (30, 30, 30))
    shaded = (lit.astype(np.float32) * 0.9).astype(np.uint8)
    assert not likeness.unlike_the_dice(shaded, [lit])
    assert likeness.unlike_the_dice((lit * 0.5).astype(np.uint8), [lit])


def test_without_a_sure_die_nothing_is_unlike():
    assert not likeness.unlike_the_dice(np.zeros((40, 40, 3), np.uint8), [])
