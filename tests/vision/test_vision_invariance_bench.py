"""bench/vision_invariance.py moves each label with the frame it changes, so a changed frame is
scored against the right boxes."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import vision_invariance as inv  # noqa: E402


def _frame():
    img = np.zeros((60, 100, 3), np.uint8)
    img[10:20, 70:90] = 255  # a white box: x 70, y 10, 20 wide, 10 high
    return img, [(5, (70, 10, 20, 10))]


@pytest.mark.parametrize("change", ["r90", "r180", "r270", "flip", "s0.75"])
def test_a_label_follows_its_box(change):
    img, gt = _frame()
    out, labels = inv.changed(change, img, gt)
    ((value, (x, y, w, h)),) = labels
    assert value == 5
    x0, y0, x1, y1 = round(x), round(y), round(x + w), round(y + h)
    inside = out[y0:y1, x0:x1]
    assert inside.size and inside.mean() > 200  # the box holds the white patch
    assert out.sum() - inside.sum() < 0.1 * out.sum()  # and nearly all of it (its edge blurs when shrunk)


def test_colour_and_exposure_changes_keep_the_labels_and_the_frame_size():
    img, gt = _frame()
    for change in ("dim0.6", "jpeg60", "warm", "cool", "noise6"):
        out, labels = inv.changed(change, img, gt)
        assert labels == gt and out.shape == img.shape and out.dtype == np.uint8
    dim, _ = inv.changed("dim0.5", img, gt)
    assert dim.max() == 128
    warm, _ = inv.changed("warm", img, gt)
    assert tuple(warm[15, 80]) == (204, 255, 255)  # BGR: blue down, red clipped


def test_an_unknown_change_and_a_held_back_set_are_refused():
    img, gt = _frame()
    with pytest.raises(SystemExit, match="unknown change"):
        inv.changed("sepia", img, gt)
    with pytest.raises(SystemExit, match="development parts"):
        inv.items("desk-heldout")
