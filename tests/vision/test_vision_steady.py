"""A die read hesitantly, read again at its eight turns and mirrors (vision/steady.py)."""
from __future__ import annotations

import numpy as np

from vision import steady


class _Found:
    def __init__(self, probs, tag, side=60.0):
        self.probs = np.asarray(probs, np.float32)
        self.crop = np.full((40, 40, 3), tag, np.uint8)
        self.side = side


class _Face:
    """A face network that reads every crop of a die (told by its grey level) the same way."""
    def __init__(self, reads):
        self.reads, self.batches = reads, []

    def _probs(self, crops):
        self.batches.append(len(crops))
        return np.stack([np.asarray(self.reads[int(c[0, 0, 0])], np.float32) for c in crops])


def _p(value, p, no_die=0.02):
    out = np.full(7, (1 - p - no_die) / 5, np.float32)
    out[0], out[value] = no_die, p
    return out


def test_eight_ways_are_the_turns_and_the_mirrors():
    crop = np.arange(2 * 3 * 3).reshape(3, 3, 2).astype(np.uint8)
    ways = steady.eight_ways(crop)
    assert len(ways) == 8 and (ways[0] == crop).all()
    assert len({w.tobytes() for w in ways}) == 8
    assert any((w == crop[:, ::-1]).all() for w in ways)


def test_a_hesitant_die_read_the_same_eight_ways_becomes_sure():
    found = [_Found(_p(6, 0.55), 1)]
    face = _Face({1: _p(6, 0.7)})
    got = steady.steadied(found, [0], face, 0.6)
    assert list(got) == [0] and abs(got[0] - 0.7) < 1e-6
    assert face.batches == [8]


def test_a_die_read_another_value_or_still_hesitantly_stays():
    found = [_Found(_p(6, 0.55), 1), _Found(_p(4, 0.5), 2), _Found(_p(2, 0.45), 3)]
    face = _Face({1: _p(5, 0.7), 2: _p(4, 0.55), 3: _p(2, 0.9)})
    assert steady.steadied(found, [0, 1], face, 0.6) == {}     # die 3 was not asked: another rule doubts it
    assert face.batches == [16]


def test_only_hesitant_dice_are_read_again():
    found = [_Found(_p(3, 0.95), 1), _Found(_p(3, 0.2), 2)]    # sure already; below FROM
    face = _Face({1: _p(3, 0.99), 2: _p(3, 0.99)})
    assert steady.steadied(found, [0, 1], face, 0.6) == {}
    assert face.batches == []


def test_a_die_boxed_much_bigger_than_the_others_is_not_read_again():
    """Three touching 1s seen as one box 1.4 times the other dice's side, read 6 at 0.49 (desk
    dice_20): its eight reads may agree on the 6, so it is left hesitant for a person."""
    found = [_Found(_p(6, 0.49), 1, side=127.0), _Found(_p(1, 0.99), 2, side=99.0), _Found(_p(1, 0.99), 3, side=83.0)]
    face = _Face({1: _p(6, 0.62), 2: _p(1, 0.99), 3: _p(1, 0.99)})
    assert steady.big(found, 0) and not steady.big(found, 1)
    assert steady.steadied(found, [0, 1, 2], face, 0.6) == {}
    assert face.batches == []
    found[0].side = 110.0                          # 1.2 times: one die, read again
    got = steady.steadied(found, [0, 1, 2], face, 0.6)
    assert list(got) == [0] and abs(got[0] - 0.62) < 1e-6


def test_a_lone_die_is_never_too_big():
    assert not steady.big([_Found(_p(6, 0.5), 1, side=300.0)], 0)
