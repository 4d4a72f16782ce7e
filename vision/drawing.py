"""Drawing on photos for people to look at (``dice read --annotate``, ``kick judge --annotate``).

Line widths and text grow with the photo, so a 12 MP phone photo's annotation reads as well,
seen whole on a screen, as a 640x480 webcam frame's; text sits on a dark band or outline, so it
reads on a wood floor or a white die alike; a caption too long for the photo's width wraps.

>>> import numpy as np
>>> unit(np.zeros((480, 640, 3), np.uint8)), unit(np.zeros((3024, 4032, 3), np.uint8))
(1, 5)
"""

from __future__ import annotations

import math

import cv2
import numpy as np

FONT = cv2.FONT_HERSHEY_SIMPLEX
REFERENCE_SIDE = 800  # a photo's longest side per unit of line width and text size


def unit(img: np.ndarray) -> int:
    """Pixels per line width on ``img``: 1 up to 800 px wide, 5 on a 12 MP photo."""
    return max(1, round(max(img.shape[:2]) / REFERENCE_SIDE))


def box(img: np.ndarray, x: int, y: int, w: int, h: int, colour) -> None:
    """A rectangle two line widths thick."""
    cv2.rectangle(img, (int(x), int(y)), (int(x + w), int(y + h)), colour, 2 * unit(img))


def label(img: np.ndarray, text: str, x: int, y: int, colour, size: float = 0.5) -> None:
    """``text`` with its baseline at (``x``, ``y``), kept inside the photo, outlined in black."""
    u = unit(img)
    scale, thick = size * u, u
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, thick)
    x = int(min(max(0, x), max(0, img.shape[1] - tw)))
    y = int(min(max(th + 2 * u, y), img.shape[0] - 2 * u))
    cv2.putText(img, text, (x, y), FONT, scale, (0, 0, 0), thick + 2 * u, cv2.LINE_AA)
    cv2.putText(img, text, (x, y), FONT, scale, colour, thick, cv2.LINE_AA)


def wrapped(text: str, width: int, scale: float, thick: int) -> list[str]:
    """``text`` split at spaces into lines no wider than ``width`` pixels (a word longer than
    that keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and cv2.getTextSize(trial, FONT, scale, thick)[0][0] <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines or [""]


def _caption_layout(img: np.ndarray, text: str, size: float):
    """Where ``caption`` puts ``text``: (lines, scale, thickness, margin, first baseline, line
    step, band (w, h))."""
    u = unit(img)
    scale, thick = size * u, max(1, round(1.5 * u))
    margin = 8 * u
    lines = wrapped(text, img.shape[1] - 2 * margin, scale, thick)
    (_, th), base = cv2.getTextSize("Ag", FONT, scale, thick)
    step = th + base + 4 * u
    widest = max(cv2.getTextSize(line, FONT, scale, thick)[0][0] for line in lines)
    band = (min(img.shape[1], widest + 2 * margin), step * len(lines) + 2 * u + base)
    return lines, scale, thick, margin, u + th + 2 * u, step, band


def caption_band(img: np.ndarray, text: str, size: float = 0.6) -> tuple[int, int]:
    """The (width, height) of the black band ``caption`` draws for ``text``."""
    return _caption_layout(img, text, size)[-1]


def caption(img: np.ndarray, text: str, colour, size: float = 0.6) -> None:
    """``text`` across the top of the photo on a black band, wrapped to its width."""
    lines, scale, thick, margin, first, step, (bw, bh) = _caption_layout(img, text, size)
    cv2.rectangle(img, (0, 0), (bw, bh), (0, 0, 0), -1)
    for i, line in enumerate(lines):
        cv2.putText(img, line, (margin, first + i * step), FONT, scale, colour, thick, cv2.LINE_AA)


def shown(value) -> str:
    """A die's value as text: "?" for a die whose face is not a pip face (null in JSON)."""
    return "?" if value is None else str(value)


def shown_confidence(conf: float) -> str:
    """A confidence to two places, rounded down: a die just under the sure cut-off (0.598
    against 0.6) never shows the cut-off itself beside its red box."""
    return f"{math.floor(conf * 100 + 1e-9) / 100:.2f}"


SPOT = (0, 165, 255)  # orange: a die-like spot the reader did not read as a die


def annotate_dice(img: np.ndarray, reading) -> np.ndarray:
    """A copy of the photo with each die's box, value and confidence (green sure, red not), each
    die-like spot that made the frame unsure (orange, "spot"), and the verdict across the top
    (``reading``: a ``vision.pips.DiceReading``). A label that would sit under the verdict's
    band goes below its box."""
    vis = img.copy()
    msg = "UNSURE: " + "; ".join(reading.reasons) if reading.unsure else "sure"
    band_w, band_h = caption_band(vis, msg)
    marks = [
        (
            d.box,
            f"{shown(d.value)} {shown_confidence(d.confidence)}",
            (0, 200, 0) if d.confidence >= reading.conf_ok else (0, 0, 255),
        )
        for d in reading.dice
    ]
    marks += [(b, "spot", SPOT) for b in getattr(reading, "spots", [])]
    for (x, y, w, h), text, col in marks:
        box(vis, x, y, w, h, col)
        above = y - 4 * unit(vis)
        under_band = x < band_w and above - 14 * unit(vis) < band_h
        label(vis, text, x, y + h + 16 * unit(vis) if under_band else above, col)
    caption(vis, msg, (0, 0, 255) if reading.unsure else (0, 200, 0))
    return vis
