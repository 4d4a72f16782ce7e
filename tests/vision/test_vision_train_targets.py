"""The detector's targets on a webcam frame (bench/vision_train_net.py): a labelled die the
reader missed is still taught as a die, sized like the dice it found, never as floor."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def test_a_missed_die_is_a_target_sized_like_the_found_ones():
    from vision_train_net import Item, detector_targets
    found = [(3, 100.0, 100.0, 40.0), (2, 200.0, 100.0, 44.0)]
    it = Item(np.zeros((480, 640, 3), np.uint8), found, True, "desk")
    it.found = np.asarray(found, np.float32)
    it.labels = [(3, 102.0, 98.0, 30.0), (2, 201.0, 101.0, 40.0), (5, 300.0, 300.0, 32.0)]
    (target,) = detector_targets([it])
    assert target.source == "desk" and target.real
    assert len(target.dice) == 3
    ratio = float(np.median([40 / 30, 44 / 40]))
    v, cx, cy, side = target.dice[-1]
    assert (v, cx, cy) == (5, 300.0, 300.0)
    assert abs(side - 32.0 * ratio) < 1e-3


def test_a_found_die_is_not_taught_twice():
    from vision_train_net import Item, detector_targets
    it = Item(np.zeros((480, 640, 3), np.uint8), [(4, 50.0, 60.0, 30.0)], True, "floor")
    it.found = np.asarray([(4, 50.0, 60.0, 30.0)], np.float32)
    it.labels = [(4, 55.0, 58.0, 24.0)]
    (target,) = detector_targets([it])
    assert len(target.dice) == 1
