"""Field-goal judge with photos from another camera or another moment: a dim lid reference, the
"after" photo exposed or white-balanced differently from the "before", a lamp switched on in
between, a top face at the sensor's ceiling, the camera nudged between the two photos."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision import kick, synth


def _scale(img, gains):
    return np.clip(img.astype(np.float32) * np.asarray(gains, np.float32) + 0.5, 0, 255).astype(np.uint8)


def _shift(img, dx, dy):
    m = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(
        img, m, (img.shape[1], img.shape[0]), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


@pytest.fixture(scope="module")
def lid():
    return synth.lid_reference(21)


def _cal(lid, sc, reference=None):
    cal = kick.calibrate_lid(lid[0] if reference is None else reference, sc.lid["camera_height_px"])
    return cal


@pytest.mark.parametrize("dim", [0.8, 0.6, 0.4])
def test_dim_lid_reference_still_finds_the_uprights(lid, dim):
    """A camera that exposes darker: the uprights' brightness test holds on the dimmed photo."""
    ref, truth = lid
    cal = kick.calibrate_lid(_scale(ref, dim), 900.0)
    assert len(cal.uprights) == 2
    for (a, b), (ta, tb) in zip(cal.uprights, truth["uprights"]):
        assert abs((a[0] + b[0]) / 2 - ta[0]) < 3
        assert (
            abs(a[1] - ta[1]) < 12
            and abs(b[1] - tb[1]) < 12
            or abs(a[1] - tb[1]) < 12
            and abs(b[1] - ta[1]) < 12
        )


@pytest.mark.parametrize(  # the quick tier: the darkest and a colour cast; the rest slow-tier
    "gains",
    [
        pytest.param((0.6, 0.6, 0.6), id="after-x0.6"),
        pytest.param((0.8, 0.8, 0.8), id="after-x0.8", marks=pytest.mark.slow),
        pytest.param((1.0, 1.0, 1.0), id="same", marks=pytest.mark.slow),
        pytest.param((0.8, 1.0, 1.2), id="after-warm"),
        pytest.param((1.2, 1.0, 0.8), id="after-cool", marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize("case,expect", [("in", "good"), ("post40", "no_good"), ("post60", "good")])
def test_after_photo_exposed_differently(lid, gains, case, expect):
    """Automatic exposure or white balance moved between the two photos: the whole lid changed
    brightness, only the die is new."""
    sc = synth.kick_scene(40, case, post="right", y_frac=0.5)
    v = kick.judge(sc.before, _scale(sc.after, gains), _cal(lid, sc))
    assert v.verdict == expect, v.reasons
    assert abs(v.inside_fraction - sc.truth["inside_fraction"]) < 0.05


def _lamp(img, centre, strength):
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pool = np.exp(-((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (2 * (0.4 * w) ** 2))
    return _scale(img, 1 + strength * pool[..., None] * np.array([0.6, 0.85, 1.0], np.float32))


@pytest.mark.parametrize("case,expect", [("in", "good"), ("post40", "no_good"), ("out", "no_good")])
def test_lamp_switched_on_between_the_photos(lid, case, expect):
    """A warm lamp beside the lid, switched on after the "before" photo: a broad pool of light."""
    sc = synth.kick_scene(41, case, post="left", y_frac=0.95)
    after = _lamp(sc.after, (100, 650), 0.3)
    v = kick.judge(sc.before, after, _cal(lid, sc))
    assert v.verdict == expect, v.reasons
    assert abs(v.inside_fraction - sc.truth["inside_fraction"]) < 0.05


@pytest.mark.parametrize("post", ["left", "right"])
@pytest.mark.parametrize("case,expect", [("post40", "no_good"), ("post50", "too_close")])
def test_top_face_at_the_sensor_ceiling(lid, post, case, expect):
    """Exposed 30 % brighter, the white top face clips at 255 and its shaded sides come within
    15 % of it: the sides must not be taken for the top (they lie towards the axis, inside)."""
    sc = synth.kick_scene(42, case, post=post, y_frac=0.5)
    after = _scale(sc.after, 1.3)
    assert np.percentile(cv2.cvtColor(after, cv2.COLOR_BGR2GRAY), 99.9) == 255
    v = kick.judge(_scale(sc.before, 1.3), after, _cal(lid, sc))
    assert v.verdict == expect, (v.inside_fraction, sc.truth["inside_fraction"])
    assert abs(v.inside_fraction - sc.truth["inside_fraction"]) < 0.05


@pytest.mark.parametrize("d", [(-3.0, 0.0), (2.0, -2.0), (1.5, 1.0)])
@pytest.mark.parametrize("case,post,expect", [("post60", "left", "good"), ("post40", "right", "no_good")])
def test_camera_nudged_between_the_photos(lid, d, case, post, expect):
    """The camera moved by a few px between the photos (a hand on the table): the lid's edges do
    not count as changed, and the die is judged where the calibration put the lid."""
    sc = synth.kick_scene(43, case, post=post, y_frac=0.5)
    v = kick.judge(sc.before, _shift(sc.after, *d), _cal(lid, sc))
    assert v.verdict == expect, (v.inside_fraction, sc.truth["inside_fraction"])
    assert abs(v.inside_fraction - sc.truth["inside_fraction"]) < 0.03
    assert any("camera moved" in r for r in v.reasons)


def test_camera_nudge_is_measured(lid):
    sc = synth.kick_scene(44, "in")
    assert kick.camera_nudge(sc.before, sc.after) == (0.0, 0.0)
    dx, dy = kick.camera_nudge(sc.before, _shift(sc.after, 2.5, -1.0))
    assert math.hypot(dx - 2.5, dy + 1.0) < 0.3


def test_light_change_is_the_exposure_ratio(lid):
    """An "after" photo exposed at 0.7 reads as a gain of 0.7 everywhere, the die included."""
    sc = synth.kick_scene(45, "in", y_frac=0.5)
    g = kick.light_change(sc.before, _scale(sc.before, 0.7))
    assert g.shape == sc.before.shape
    assert np.abs(g - 0.7).max() < 0.03
    g = kick.light_change(sc.before, _scale(sc.after, 0.7))  # the die is no light change
    x, y = (int(v) for v in np.mean(sc.truth["top"], axis=0))
    assert abs(float(g[y, x].mean()) - 0.7) < 0.1
