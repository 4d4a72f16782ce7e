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


def _unlike(crop, sure_crops) -> bool:
    """Unlike every sure die, as ``clutter`` and ``net.unexplained`` judge it."""
    far = likeness.nearest_die_colour(crop, sure_crops)
    return far is not None and far > likeness.FACE_FAR


def test_a_black_bead_is_unlike_white_dice_and_a_white_die_is_like_them():
    white = [_die((225, 235, 240), (30, 30, 30)), _die((205, 215, 222), (40, 40, 40))]
    bead = np.full((40, 40, 3), (120, 160, 190), np.uint8)
    cv2.ellipse(bead, (20, 20), (14, 9), 30, 0, 360, (35, 35, 38), -1)
    assert _unlike(bead, white)
    assert not _unlike(_die((215, 228, 236), (25, 25, 25)), white)


def test_a_die_in_shadow_is_still_like_the_dice():
    """Lightness counts half: the same die a tenth darker is the same set; half as light it is not."""
    lit = _die((225, 235, 240), (30, 30, 30))
    shaded = (lit.astype(np.float32) * 0.9).astype(np.uint8)
    assert not _unlike(shaded, [lit])
    assert _unlike((lit * 0.5).astype(np.uint8), [lit])


def test_without_a_sure_die_nothing_is_unlike():
    assert not _unlike(np.zeros((40, 40, 3), np.uint8), [])
    assert likeness.nearest_die_colour(np.zeros((40, 40, 3), np.uint8), []) is None


def _found(crop, p_no_die):
    from vision import net

    probs = np.full(7, (1 - p_no_die) / 6, np.float32)
    probs[0] = p_no_die
    return net.Found((20, 20, 40, 0.9), probs, crop)


def test_a_spot_far_unlike_the_dice_is_clutter_on_some_doubt_of_both_reads():
    """A black spot beside white dice (far beyond FAR_UNLIKE) that its own read doubts (0.3 "no
    die"), read closer doubts too (0.2) and its own colours call no die (0.8) is clutter."""
    white = [_found(_die((225, 235, 240), (30, 30, 30)), 0.0)]
    spot = _found(_die((40, 40, 40), (200, 200, 200)), 0.3)
    far = likeness.nearest_die_colour(spot.crop, [w.crop for w in white])
    assert far > likeness.FAR_UNLIKE
    assert likeness.far_unlike(spot, far, np.array([[0.2], [0.8]]))


def test_a_spot_far_unlike_the_dice_called_no_die_whole_and_in_its_own_colours_is_clutter():
    """A cable's label with print: read whole it is no die (0.87), and in its own two colours
    (0.99), but read closer its print looks like a face (0.07 "no die"). Two reads of three
    saying no die outright, and its colour far unlike the dice, make it clutter; read whole
    with only some doubt (0.3), the closer read must doubt too."""
    white = [_found(_die((225, 235, 240), (30, 30, 30)), 0.0)]
    label = _found(_die((40, 40, 40), (200, 200, 200)), 0.87)
    far = likeness.nearest_die_colour(label.crop, [w.crop for w in white])
    assert likeness.far_unlike(label, far, np.array([[0.07], [0.99]]))
    assert not likeness.far_unlike(label, far, np.array([[0.07], [0.3]]))
    assert not likeness.far_unlike(_found(label.crop, 0.3), far, np.array([[0.07], [0.99]]))


def test_a_hesitant_die_of_another_colour_is_not_clutter():
    """The same spot read "no die" at under a tenth by itself or read closer is a die of
    another colour (a cream die beside red ones): it stays; so does a spot its own colours
    call a die, and a spot only a little unlike the dice."""
    white = [_found(_die((225, 235, 240), (30, 30, 30)), 0.0)]
    dark = _found(_die((40, 40, 40), (200, 200, 200)), 0.08)
    far = likeness.nearest_die_colour(dark.crop, [w.crop for w in white])
    assert not likeness.far_unlike(dark, far, np.array([[0.2], [0.8]]))
    doubted = _found(dark.crop, 0.3)
    assert not likeness.far_unlike(doubted, far, np.array([[0.07], [0.8]]))
    assert not likeness.far_unlike(doubted, far, np.array([[0.2], [0.3]]))
    near = _found(_die((170, 185, 195), (30, 30, 30)), 0.3)
    d = likeness.nearest_die_colour(near.crop, [w.crop for w in white])
    assert likeness.FACE_FAR < d < likeness.FAR_UNLIKE, d
    assert not likeness.far_unlike(near, d, np.array([[0.2], [0.8]]))
