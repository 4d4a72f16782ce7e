"""Annotations sized to the photo (vision/drawing.py): a 12 MP phone photo's verdict and labels
read as well, seen whole, as a webcam frame's; a long verdict wraps inside the photo."""

from __future__ import annotations

import numpy as np

from vision import drawing
from vision.pips import DiceReading, Die


def _band_height(img: np.ndarray) -> int:
    """Rows of the black caption band at the photo's top-left (the photo itself is grey)."""
    col = img[:, 2]
    rows = np.nonzero((col == 0).all(axis=1))[0]
    return int(rows.max()) + 1 if len(rows) and rows[0] == 0 else 0


def _reading(w: int, h: int, reasons=("1 die read with low confidence",)) -> DiceReading:
    side = w // 12
    return DiceReading(
        [Die(4, (w // 3, h // 2, side, side), 0.55, 0.0, (w // 3 + side // 2, h // 2 + side // 2))],
        True,
        list(reasons),
        1.0,
        0.6,
    )


def test_the_verdict_grows_with_the_photo():
    small = np.full((480, 640, 3), 128, np.uint8)
    big = np.full((3024, 4032, 3), 128, np.uint8)
    hs, hb = (
        _band_height(drawing.annotate_dice(small, _reading(640, 480))),
        _band_height(drawing.annotate_dice(big, _reading(4032, 3024))),
    )
    assert hs > 0 and hb > 0
    # about the same share of the photo's height (the line width is whole pixels: 5 on 4032 px,
    # 1 on 640); drawn at a fixed size it would be a sixth of it
    assert 0.7 < (hb / 3024) / (hs / 480) < 1.3


def test_a_dies_box_is_thicker_on_a_big_photo():
    for w, h, least in ((640, 480, 2), (4032, 3024, 9)):
        img = np.full((h, w, 3), 128, np.uint8)
        r = _reading(w, h)
        x, y, side, _ = r.dice[0].box
        out = drawing.annotate_dice(img, r)
        red = (out[..., 2] > 200) & (out[..., 1] < 60)
        column = red[y + side // 2, x - 10 * (w // 640) : x + 10 * (w // 640)]
        assert column.sum() >= least, (w, column.sum())


def test_a_long_verdict_wraps_inside_the_photo():
    img = np.full((480, 640, 3), 128, np.uint8)
    reasons = [
        "2 dice whose face is not a pip face",
        "3 dice read with low confidence",
        "1 die cut by the edge of the view",
        "2 die-like spots not read as dice",
    ]
    out = drawing.annotate_dice(img, _reading(640, 480, reasons))
    one_line = _band_height(drawing.annotate_dice(img, _reading(640, 480)))
    assert _band_height(out) >= 1.6 * one_line  # four reasons need two lines
    scale, thick = 0.6, 2
    lines = drawing.wrapped("UNSURE: " + "; ".join(reasons), 640 - 16, scale, thick)
    assert len(lines) >= 2
    import cv2

    assert all(cv2.getTextSize(line, drawing.FONT, scale, thick)[0][0] <= 624 for line in lines)
    assert " ".join(lines) == "UNSURE: " + "; ".join(reasons)


def test_a_label_stays_inside_the_photo():
    img = np.full((100, 100, 3), 128, np.uint8)
    import cv2

    drawing.label(img, "6 0.99", 95, 2, (0, 0, 255))  # a die at the top right corner
    ys, xs = np.nonzero((img[..., 2] > 160) & (img[..., 0] < 100))  # the label's red ink
    (tw, th), _ = cv2.getTextSize("6 0.99", drawing.FONT, 0.5, 1)
    assert xs.max() - xs.min() >= 0.75 * tw  # the whole label, moved in from the right
    assert ys.max() - ys.min() >= 0.5 * th  # and down from the top, not cut by it


def _red_rows(img: np.ndarray, x0: int, x1: int) -> set[int]:
    """Rows between columns ``x0`` and ``x1`` with a label's red (the unsure die's colour)."""
    part = img[:, x0:x1]
    return set(
        np.nonzero(((part[:, :, 2] > 200) & (part[:, :, 1] < 60) & (part[:, :, 0] < 60)).any(axis=1))[
            0
        ].tolist()
    )


def test_a_label_that_would_sit_under_the_verdict_goes_below_its_box():
    img = np.full((480, 640, 3), 128, np.uint8)
    reading = DiceReading(
        [Die(None, (40, 20, 50, 50), 0.0, 0.0, (65, 45))],
        True,
        ["1 die whose face is not a pip face"],
        1.0,
        0.6,
    )
    out = drawing.annotate_dice(img, reading)
    band = _band_height(out)
    assert band > 20  # the box's top edge lies under the band
    rows = _red_rows(out, 40, 90)
    assert any(r > 74 for r in rows)  # "? 0.00" under the box (its edge ends at row 71)


def test_a_die_like_spot_that_made_the_frame_unsure_is_marked():
    img = np.full((480, 640, 3), 128, np.uint8)
    reading = DiceReading(
        [], True, ["1 die-like spot not read as dice"], 1.0, 0.6, spots=[(300, 200, 60, 60)]
    )
    out = drawing.annotate_dice(img, reading)
    assert (out[200:262, 300:362] == drawing.SPOT).all(axis=2).sum() > 100  # its orange box
    assert (
        drawing.annotate_dice(img, DiceReading([], True, ["no dice found"], 1.0, 0.6)) == drawing.SPOT
    ).all(axis=2).sum() == 0
