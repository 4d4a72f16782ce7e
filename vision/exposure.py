"""A dim frame brought up to the exposure the reader was tuned on, before anything reads it.

Cameras expose differently: a webcam in a dim room, a Pi camera with a short shutter, a phone
under a lamp. The detector's scores, the face network's probabilities and the blur judge all
fall with the light: the webcam desk's development frames darkened to 60 % read 21.5 % of their
frames unsure (against 2.2 %) and 4.6 % of dice confidently wrong (against 0.2 %; ``python3
bench/vision_invariance.py --sets desk-dev --changes dim0.6``). A camera that exposes well puts
its brightest things (the dice's faces, a glare, a white card) near the top of the scale: on
every development frame the brightest 0.1 % of pixels (``TOP``, of the brightest channel) lie
at 193 or above. A frame whose brightest 0.1 % lie below ``DIM`` is dim: it is multiplied by
the gain that brings them to ``BRIGHT`` (at most ``MOST_GAIN``), as an automatic exposure
would. Frames a little less bright than the development frames are left as they are: the
synthetic Pi camera's frames (``bench/eval_dice.py --sets synth-picam-64``), brightened by
2-10 %, read surely wrong a little more often, and a real camera's exposure moves that much
from frame to frame. Frames with nothing bright in view at all (``DARKEST``) are left too:
there is no exposure to find in the dark, and the blur and count checks say what they see.

The level is measured on about ``SAMPLES`` pixels spread over the frame, so a 12 MP frame
costs what a small one does; only a dim frame pays for the multiplication.
"""

from __future__ import annotations

import numpy as np

TOP = 99.9  # the percentile of the brightest channel that measures the exposure
DIM = 180  # a frame whose TOP lies below this is dim (the development frames': 193-255)
BRIGHT = 200  # ... and is brightened to this
MOST_GAIN = 3.0  # a dim frame is brightened at most this much (beyond, noise is all that grows)
DARKEST = 8  # below this nothing is in view to expose for
SAMPLES = 30_000  # about this many pixels measure the level


def sample(frame: np.ndarray) -> np.ndarray:
    """About ``SAMPLES`` pixels spread over the frame (every n-th pixel of each n-th row: a die
    of a frame the reader can read covers dozens), as a view: what the exposure, the colour
    balance (``vision.balance``) and the camera advice are measured on."""
    h, w = frame.shape[:2]
    step = max(1, int((h * w / SAMPLES) ** 0.5))
    return frame[::step, ::step]


def level(frame: np.ndarray) -> float:
    """The ``TOP`` percentile of the brightest channel, over about ``SAMPLES`` pixels (``sample``)."""
    sub = sample(frame)
    brightest = np.maximum(np.maximum(sub[..., 0], sub[..., 1]), sub[..., 2])
    counts = np.bincount(brightest.ravel(), minlength=256)
    return float(np.searchsorted(np.cumsum(counts), brightest.size * TOP / 100, side="right"))


def gain(frame: np.ndarray) -> float:
    """The factor a frame is brightened by: 1 for a frame exposed well enough (or one all dark)."""
    return gain_at(level(frame))


def gain_at(top: float) -> float:
    """``gain`` of a frame whose ``level`` is ``top``."""
    if top >= DIM or top < DARKEST:
        return 1.0
    return min(BRIGHT / top, MOST_GAIN)


def exposed(frame: np.ndarray) -> np.ndarray:
    """``frame`` itself when it is exposed well, else a brightened copy (uint8, saturating)."""
    g = gain(frame)
    if g == 1.0:
        return frame
    import cv2

    return cv2.convertScaleAbs(frame, alpha=g)
