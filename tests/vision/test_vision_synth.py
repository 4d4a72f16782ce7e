"""The synthetic generator: deterministic, exact and in range."""

from __future__ import annotations

import numpy as np

from vision import synth


def test_same_seed_same_scene_and_different_seed_differs():
    a = synth.dice_scene(5, "pips", 64)
    b = synth.dice_scene(5, "pips", 64)
    c = synth.dice_scene(6, "pips", 64)
    assert np.array_equal(a.image, b.image) and a.dice == b.dice
    assert not np.array_equal(a.image, c.image)


def test_truth_is_in_frame_and_values_valid():
    for kind, faces in (
        ("pips", set(range(1, 7))),
        ("icons-offense", set(synth.OFFENSE_FACES)),
        ("icons-defense", set(synth.DEFENSE_FACES)),
        ("hard", set(range(1, 7))),
    ):
        for seed in range(3):
            sc = synth.dice_scene(seed, kind, 48, size=(640, 480))
            assert sc.image.shape == (480, 640, 3)
            assert sc.dice
            for d in sc.dice:
                assert d["value"] in faces
                x, y, w, h = d["box"]
                assert 0 <= x and 0 <= y and x + w <= 640 and y + h <= 480


def test_kick_truth_fractions():
    for case, want in (("in", 1.0), ("out", 0.0), ("post40", 0.4), ("post50", 0.5), ("post60", 0.6)):
        sc = synth.kick_scene(3, case)
        assert abs(sc.truth["inside_fraction"] - want) < 0.02, case
        assert sc.truth["verdict"] == ("good" if want >= 0.5 else "no_good")
        assert not np.array_equal(sc.before, sc.after)


def test_parallax_moves_the_top_outward():
    sc = synth.kick_scene(4, "post60", post="left", y_frac=0.05)
    ax = np.array(sc.lid["axis"])
    top = np.array(sc.truth["top"]).mean(axis=0)
    foot = np.array(sc.truth["footprint"]).mean(axis=0)
    assert np.linalg.norm(top - ax) > np.linalg.norm(foot - ax) + 5
