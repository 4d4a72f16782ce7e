"""A camera's colour cast is taken out before the dice are read (vision/balance.py), and a
coloured surface is not.

The real frames are development frames (never a held-back one, bench/eval_dice.py
``held_back`` and the dice-real split) that read sure and right as taken; with blue 20 % up and
red 20 % down, as ``bench/vision_invariance.py --changes cool`` changes them, the floor frames
read surely wrong (a die not seen, a 3 read as a 2, a 5 as a 4) and the dice-real frames read
wrong and unsure, before the cast was taken out."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_vision_webcam import _frame  # noqa: E402  (a labelled photo, skipped when ../shared is not there)

from vision import balance, net

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

COOL = np.array([1.2, 1.0, 0.8], np.float32)  # B, G, R gains of a camera set for warmer light


def _cast(img: np.ndarray, gains) -> np.ndarray:
    return np.clip(img.astype(np.float32) * np.asarray(gains, np.float32) + 0.5, 0, 255).astype(np.uint8)


def _table(surface_bgr, die: int = 235, size=(480, 640)) -> np.ndarray:
    """A surface of one colour with a little texture, and six white dice (``die`` grey
    levels) with black pips."""
    rng = np.random.default_rng(3)
    h, w = size
    img = np.clip(np.array(surface_bgr, np.float32)[None, None] + rng.normal(0, 5, (h, w, 1)), 0, 255)
    img = img.astype(np.uint8)
    for k in range(6):
        x, y = 60 + 95 * k, 150 + 40 * (k % 3)
        cv2.rectangle(img, (x, y), (x + 60, y + 60), (die, die, die), -1)
        cv2.circle(img, (x + 30, y + 30), 7, (20, 20, 20), -1)
    return img


def test_a_balanced_frame_is_left_as_it_is():
    frame = _table((120, 122, 126))  # a grey table, a little warm: within BOX
    assert np.abs(balance.casts(frame)[0]).max() < np.log1p(balance.BOX)
    assert balance.balanced(frame) is frame


def test_a_cast_frame_is_brought_to_the_edge_of_the_balanced_range():
    frame = _cast(_table((120, 120, 120), die=200), COOL)  # no channel clips

    grey, white = balance.casts(frame)
    assert grey[0] > 0.15 and grey[2] < -0.15 and white[0] > 0.15  # both see the camera's cast
    g = balance.gains(frame)
    assert g[0] < 0.9 and g[2] > 1.1  # blue down, red up
    out = balance.balanced(frame)
    assert out is not frame and out.dtype == np.uint8 and out.shape == frame.shape
    grey_after, _ = balance.casts(out)
    assert np.abs(grey_after).max() == pytest.approx(np.log1p(balance.BOX), abs=0.02)
    assert balance.casts(frame)[0][0] == pytest.approx(grey[0])  # the caller's frame is not changed


def test_dice_whose_faces_clip_show_less_of_the_cast_and_it_is_taken_out_all_the_same():
    """A white face at 235 with blue 20 % up clips at 255: the brightest pixels then show part
    of the cast only, still enough to bear it out, and the cast beyond BOX is taken out."""
    clipped = _cast(_table((120, 120, 120), die=235), COOL)
    unclipped = _cast(_table((120, 120, 120), die=200), COOL)
    (grey_c, white_c), (grey_u, white_u) = balance.casts(clipped), balance.casts(unclipped)
    assert 0.0 < white_c[0] < white_u[0]  # less of the blue cast shows
    assert balance.SURE_CAST <= balance.borne(grey_c, white_c) < balance.borne(grey_u, white_u)
    grey_after, _ = balance.casts(balance.balanced(clipped))
    assert np.abs(grey_after).max() == pytest.approx(np.log1p(balance.BOX), abs=0.02)


def test_a_cast_is_taken_out_whole_or_not_at_all(monkeypatch):
    """Borne out below SURE_CAST, the frame is left as the camera gave it; above, all of the
    cast beyond BOX goes. No frame is half balanced."""
    grey = np.log(np.array([1.2, 1.0, 0.8]))
    grey -= grey.mean()
    edge = np.log1p(balance.BOX)
    whole = np.exp(-(grey - np.clip(grey, -edge, edge)))
    for share, expected in ((0.3, np.ones(3)), (0.9, whole), (1.0, whole)):
        monkeypatch.setattr(balance, "casts", lambda frame, s=share: (grey, s * grey))
        assert balance.gains(np.zeros((4, 4, 3), np.uint8)) == pytest.approx(expected)


def test_a_coloured_felt_under_white_light_is_not_tinted():
    """A green felt moves the frame's average far from grey, but its white dice stay white: the
    brightest pixels do not bear a cast out, and the frame is left as it is."""
    frame = _table((60, 110, 40))
    grey, white = balance.casts(frame)
    assert np.abs(grey).max() > 0.3 and np.abs(white).max() < 0.02
    assert balance.balanced(frame) is frame


def test_an_orange_wood_under_white_light_is_not_tinted():
    """An orange wood's average lies on a lamp's blue-amber line, but its white dice stay white."""
    frame = _table((90, 140, 190))
    grey, white = balance.casts(frame)
    assert balance.like_a_light(grey) > 0.5 and balance.borne(grey, white) < 0.05
    assert balance.balanced(frame) is frame


@pytest.mark.parametrize(
    "bgr,light",
    [
        ((1.25, 1.0, 0.8), True),  # a camera set for warmer light: bluer
        ((0.7, 1.0, 1.35), True),  # ... set for daylight, under a lamp: amber
        ((0.75, 0.77, 1.48), False),  # a red tray
        ((0.98, 1.23, 0.79), False),  # a green tray
        ((1.2, 0.8, 1.2), False),  # magenta
    ],
)
def test_only_a_cast_along_the_blue_amber_line_is_a_light(bgr, light):
    cast = np.log(np.array(bgr) / np.mean(bgr))
    assert (balance.like_a_light(cast) > 0.6) == light
    if not light:
        assert balance.like_a_light(cast) == 0.0


def test_a_coloured_felt_under_a_cast_is_left_as_the_camera_gave_it():
    """A green felt seen by a camera set for warmer light: its average is green, not a light's
    colour, and its white dice show another cast. With the two at odds the frame is read as
    the camera gave it (docs/vision.md: the balance takes out only a cast it is sure of)."""
    frame = _cast(_table((60, 110, 40)), COOL)
    grey, white = balance.casts(frame)
    assert white[0] > 0.05 and white[2] < -0.05  # the dice show the cast
    assert balance.balanced(frame) is frame


def test_a_frame_of_clipped_or_no_light_is_left_as_it_is():
    white = np.full((120, 160, 3), 255, np.uint8)
    black = np.zeros((120, 160, 3), np.uint8)
    assert balance.balanced(white) is white and balance.balanced(black) is black


def test_a_12_mp_frame_is_measured_on_a_sample(monkeypatch):
    """The cast of a 4000x3000 frame is measured on about SAMPLES pixels, not 12 million."""
    frame = np.zeros((3000, 4000, 3), np.uint8)
    frame[:, :, 2] = 200
    seen = []
    real = balance.sample

    def counted(img):
        px = real(img)
        seen.append(px.shape[0] * px.shape[1])
        return px

    monkeypatch.setattr(balance, "sample", counted)
    grey, _ = balance.casts(frame)
    assert grey[2] > 0.5  # a red frame measured red
    assert seen and seen[0] <= 2 * balance.SAMPLES


@pytest.mark.parametrize(
    "folder,stem",
    [
        ("dice-real-webcam-floor", "WIN_20221211_13_07_07_Pro"),  # was read [2, 5], sure: a 3 read as a 2
        ("dice-real-webcam-floor", "WIN_20221211_13_07_14_Pro"),  # was read [6], sure: the 4 not seen
        ("dice-real-webcam-floor", "WIN_20221211_13_08_28_Pro"),  # was read [4, 4], sure: a 5 read as a 4
        ("dice-real-webcam-floor", "WIN_20221211_13_09_04_Pro"),  # was read [5], sure: the 3 not seen
        ("dice-real", "IMG_20191209_095854"),  # was read 2 2 3 3 3 5 5, unsure
        ("dice-real", "IMG_20191209_100242"),  # was read 1 2 2 4 4 6, unsure
    ],
)
def test_a_frame_from_a_camera_balanced_for_another_light_reads_sure_and_right(folder, stem):
    from eval_dice import REAL, held_back

    if folder == "dice-real":  # the development part: sorted index % 5 != 4
        names = [p.stem for p in sorted((REAL / "images").glob("*.jpg"))]
        assert stem in names and names.index(stem) % 5 != 4
    else:
        assert not held_back(stem)  # never a held-back frame
    img, values = _frame(folder, stem)
    assert net.read_dice(img).values == values  # as taken
    cast = _cast(img, COOL)
    assert balance.gains(cast)[2] > 1.1
    r = net.read_dice(cast)
    assert r.values == values and not r.unsure, (r.values, r.reasons)
