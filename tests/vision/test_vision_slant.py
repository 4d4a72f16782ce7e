"""A die read surely but not very surely is looked at again (vision/slant.py): on a slanted
view a side face's pips may be taken for the top face's. Real frames are from the tuning part
of the webcam sets (bench/eval_dice.py ``held_back``)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_vision_webcam import _frame

from vision import net, slant


def _probs(value: int, p: float) -> np.ndarray:
    """Probabilities (no die, 1..6) with ``p`` on ``value`` and the rest spread evenly."""
    out = np.full(7, (1.0 - p) / 6, np.float32)
    out[value] = p
    return out


def test_a_closer_look_reading_another_value_and_a_value_that_does_not_hold_is_doubtful():
    first = _probs(2, 0.75)
    again = np.stack([_probs(2, 0.5)] * 4 + [_probs(1, 0.6)])
    assert slant.doubtful_read(2, first, again)


def test_the_value_holding_over_the_turns_keeps_the_die_sure():
    first = _probs(2, 0.75)
    again = np.stack([_probs(2, 0.9)] * 4 + [_probs(1, 0.6)])
    assert not slant.doubtful_read(2, first, again)


def test_a_closer_look_leading_by_little_keeps_the_die_sure():
    """A closer crop cuts a true 2's corner pips: another value leading by LEAD or less is no
    doubt (the red 4 of WIN_20221210_14_49_24_Pro read closer: 2 and 4 at 0.35 each)."""
    first = _probs(4, 0.76)
    again = np.stack([_probs(4, 0.5)] * 4)
    closer = np.full(7, 0.05, np.float32)
    closer[2], closer[4] = 0.35, 0.30
    assert not slant.doubtful_read(4, first, np.vstack([again, closer[None]]))


@pytest.mark.parametrize(
    "stem,truth",
    [
        ("dice_20", 1),  # a slanted 1 beside two dice, read as a 6 at 0.75
    ],
)
def test_a_slanted_die_read_wrong_makes_the_frame_unsure(stem, truth):
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame("dice-real-webcam-desk", stem)
    assert truth in values
    r = net.read_dice(img)
    assert r.unsure, (r.values, values, r.reasons)


@pytest.mark.parametrize(
    "folder,stem",
    [
        ("dice-real-webcam-floor", "WIN_20221210_14_49_24_Pro"),  # a red 4 read at 0.76
        ("dice-real-webcam-desk", "valid_17"),
        ("dice-real-webcam-desk", "two_24"),  # a slanted 2 whose side face shows (once read as a 1)
    ],
)
def test_a_die_read_right_at_a_slant_stays_sure(folder, stem):
    from eval_dice import held_back

    assert not held_back(stem)
    img, values = _frame(folder, stem)
    r = net.read_dice(img)
    assert r.values == values and not r.unsure, (r.values, values, r.reasons)


class _Face:
    """A face network that reads a crop by its mean grey level: 10 -> a 2 read at 0.5 (the
    turned views), 20 -> a 1 at 0.6, 30 -> a 2 at 0.9 (closer reads); and counts the crops."""

    def __init__(self):
        self.read = []

    def _probs(self, crops):
        self.read.append(len(crops))
        table = {10: _probs(2, 0.5), 20: _probs(1, 0.6), 30: _probs(2, 0.9)}
        return np.stack([table[int(round(float(c.mean())))] for c in crops])


class _Halvings:
    def __init__(self, level):
        self.level = level

    def crop(self, cx, cy, side):
        return np.full((net.CROP, net.CROP, 3), self.level, np.uint8)


def _die(value=2, p=0.75):
    return net.Found(
        (100.0, 100.0, 60.0, 0.9), _probs(value, p), np.full((net.CROP, net.CROP, 3), 10, np.uint8)
    )


def test_the_turned_views_are_read_only_when_the_closer_look_reads_another_value():
    face = _Face()
    assert slant.doubtful([_die(), _die(4, 0.99)], _Halvings(30), face) == set()
    assert face.read == [1]  # the closer crop of the die in the band, nothing more
    face = _Face()
    assert slant.doubtful([_die(), _die(4, 0.99)], _Halvings(20), face) == {0}
    assert face.read == [1, 4]  # closer, then the turns and the mirror
    again = face._probs(slant.views(_die(), _Halvings(20)))
    assert slant.doubtful_read(2, _probs(2, 0.75), again)  # as the five views read at once say


def _at(cx, cy, value, p, side=80.0):
    return net.Found((cx, cy, side, 0.8), _probs(value, p), None)


def test_a_hesitant_die_just_below_a_surer_one_may_be_its_side_face():
    top, side = _at(200, 100, 1, 0.97), _at(200, 100 + 0.5 * 80, 4, 0.75)
    assert slant.twins([top, side]) == [(1, 0)]


def test_two_dice_side_by_side_or_both_read_surely_are_no_side_faces():
    left, right = _at(200, 100, 1, 0.97), _at(200 + 0.7 * 80, 100, 4, 0.75)
    assert slant.twins([left, right]) == []  # apart: two dice
    top, side = _at(200, 100, 1, 0.97), _at(200, 140, 4, slant.TWIN_SURE + 0.02)
    assert slant.twins([top, side]) == []  # both sure: two dice


class _Pair:
    """A face network that reads every crop as ``value`` with ``p``, and keeps the crops'
    places (the square around both boxes, ``_Square``)."""

    def __init__(self, value, p):
        self.value, self.p, self.asked = value, p, []

    def _probs(self, crops):
        self.asked += [c.shape[0] for c in crops]
        return np.stack([_probs(self.value, self.p)] * len(crops))


class _Square:
    def __init__(self):
        self.cut = []

    def crop(self, cx, cy, side):
        self.cut.append((cx, cy, side))
        return np.zeros((net.CROP, net.CROP, 3), np.uint8)


def test_a_twin_whose_pair_reads_as_the_surer_die_is_its_side_face():
    """desk valid_38: a 6 on top (0.99), its side face's 4 found below it (0.66); the square
    around both boxes reads 6 at 0.99-1.0. The side face is left out, not a reason to doubt."""
    top, side = _at(200, 100, 6, 0.99), _at(200, 140, 4, 0.66)
    hv = _Square()
    assert slant.seen_twice([top, side], hv, _Pair(6, 0.99)) == ({1}, set())
    x0, x1, y0, y1 = 160, 240, 60, 180  # both boxes: 80 px squares
    assert hv.cut == [((x0 + x1) / 2, (y0 + y1) / 2, k * (y1 - y0)) for k in slant.ONE_DIE_SIDES]


def test_a_twin_whose_pair_reads_otherwise_stays_in_doubt():
    """Two touching dice read another value, or hesitantly, in one crop: the hesitant one is
    not left out but makes the frame unsure; one read TWIN_SURE or more is a die, never asked."""
    top, side = _at(200, 100, 6, 0.99), _at(200, 140, 4, 0.66)
    assert slant.seen_twice([top, side], _Square(), _Pair(2, 0.99)) == (set(), {1})
    assert slant.seen_twice([top, side], _Square(), _Pair(6, slant.ONE_DIE_SURE - 0.05)) == (set(), {1})
    surer = _at(200, 140, 4, slant.TWIN_SURE + 0.04)  # a white 1 beside a yellow 4 (synthetic)
    face = _Pair(6, 0.99)
    assert slant.seen_twice([top, surer], _Square(), face) == (set(), set())
    assert face.asked == []
    above = _at(200, 60, 4, 0.66)  # above its die: no side face in view
    face = _Pair(6, 0.99)
    assert slant.seen_twice([top, above], _Square(), face) == (set(), {1})
    assert face.asked == []  # nothing to ask the network


def test_no_twin_no_crop_read():
    face = _Pair(6, 0.99)
    assert slant.seen_twice([_at(100, 100, 6, 0.99), _at(300, 100, 2, 0.7)], _Square(), face) == (
        set(),
        set(),
    )
    assert face.asked == []


def _with_a_side_face(monkeypatch, probs):
    """The reader finds a second die on a die's lower half and reads it with ``probs`` (as on
    desk three_27: a 3 on top, the side's 5 below it)."""
    real = net._pip_dice

    def with_a_side_face(frame):
        found, cands = real(frame)
        first = max(found, key=lambda f: f.probs[1:].max())
        crop = net.halvings(frame).crop(first.cx, first.cy + 0.5 * first.side, first.side)
        twin = net.Found((first.cx, first.cy + 0.5 * first.side, first.side, 0.8), probs, crop)
        return found + [twin], cands

    monkeypatch.setattr(net, "_pip_dice", with_a_side_face)


def test_a_side_face_found_as_a_die_is_left_out(monkeypatch):
    """The square around the die and its twin reads the die: the reading is the dice alone, sure."""
    from test_vision_net import _row

    img = _row([1, 3])
    _with_a_side_face(monkeypatch, _probs(5, 0.8))
    r = net.read_dice(img)
    assert sorted(r.values) == [1, 3] and not r.unsure, (r.values, r.reasons)


def test_a_twin_not_read_as_one_die_makes_the_frame_unsure(monkeypatch):
    from test_vision_net import _row

    img = _row([1, 3])
    assert not net.read_dice(img).unsure
    _with_a_side_face(monkeypatch, _probs(5, 0.8))
    monkeypatch.setattr(slant, "ONE_DIE_SURE", 1.01)  # no square reads one die this surely
    r = net.read_dice(img)
    assert r.unsure and any("low confidence" in why for why in r.reasons), r.reasons


def test_a_twin_read_surely_is_asked_only_when_called_to():
    """With ``sure`` = inf (the rolled count says a die too many) a twin read 0.94 is asked too."""
    top, side = _at(200, 100, 6, 0.99), _at(200, 140, 4, slant.TWIN_SURE + 0.04)
    assert slant.seen_twice([top, side], _Square(), _Pair(6, 0.99)) == (set(), set())
    assert slant.seen_twice([top, side], _Square(), _Pair(6, 0.99), sure=math.inf) == ({1}, set())
