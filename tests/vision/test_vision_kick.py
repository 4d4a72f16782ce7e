"""Field-goal judge on generated kicks with exact ground truth; lid calibration round trip."""

from __future__ import annotations

import numpy as np
import pytest

from vision import kick, synth


@pytest.fixture(scope="module")
def lid():
    ref, truth = synth.lid_reference(21)
    return ref, truth


def _cal(lid, sc):
    ref, _ = lid
    return kick.calibrate_lid(ref, sc.lid["camera_height_px"])


def test_lid_calibration_finds_green_and_uprights(lid, tmp_path):
    ref, truth = lid
    cal = kick.calibrate_lid(ref, 900.0)
    assert len(cal.uprights) == 2
    for (a, b), (ta, _tb) in zip(cal.uprights, truth["uprights"]):
        assert abs((a[0] + b[0]) / 2 - ta[0]) < 3  # post x within 3 px
    gx = sorted(p[0] for p in cal.green)
    assert abs(gx[0] - truth["green"][0][0]) < 8 and abs(gx[-1] - truth["green"][1][0]) < 8
    p = tmp_path / "lid.json"
    cal.save(p)
    back = kick.LidCalibration.load(p)
    assert back == cal


@pytest.mark.parametrize(
    "case,expect",
    [("in", "good"), ("out", "no_good"), ("post40", "no_good"), ("post60", "good"), ("post50", "too_close")],
)
@pytest.mark.parametrize("post", ["left", "right"])
@pytest.mark.parametrize(  # the quick tier judges the middle row; the edges' parallax is slow-tier
    "y", [pytest.param(0.05, marks=pytest.mark.slow), 0.5, pytest.param(0.95, marks=pytest.mark.slow)]
)
def test_verdicts(lid, case, expect, post, y):
    sc = synth.kick_scene(100 + int(y * 10), case, post=post, y_frac=y)
    v = kick.judge(sc.before, sc.after, _cal(lid, sc))
    assert v.verdict == expect, (v.inside_fraction, sc.truth["inside_fraction"])
    assert abs(v.inside_fraction - sc.truth["inside_fraction"]) < 0.05


def test_parallax_correction_matters(lid):
    """Far from the axis on an upright, judging the seen top face as if it were the footprint is
    wrong by more than the close-call band; the corrected reading is right."""
    sc = synth.kick_scene(7, "post60", post="left", y_frac=0.05)
    cal = _cal(lid, sc)
    right = kick.judge(sc.before, sc.after, cal)
    cal.camera_height_px = 1e9  # no parallax correction
    naive = kick.judge(sc.before, sc.after, cal)
    assert right.verdict == "good"
    assert naive.inside_fraction < 0.5 + kick.BAND


def test_no_change_means_no_die(lid):
    sc = synth.kick_scene(3, "in")
    v = kick.judge(sc.before, sc.before.copy(), _cal(lid, sc))
    assert v.verdict == "no_die"


def test_annotation_shows_verdict(lid):
    sc = synth.kick_scene(5, "post40", post="right", y_frac=0.5)
    cal = _cal(lid, sc)
    v = kick.judge(sc.before, sc.after, cal)
    img = kick.annotate(sc.after, v, cal)
    assert img.shape == sc.after.shape
    assert np.abs(img.astype(int) - sc.after.astype(int)).sum() > 0
    js = v.to_json()
    assert js["verdict"] == "no_good" and 0.3 < js["inside_fraction"] < 0.5
