"""A frame's colours as a camera balanced for the room's light would give them, before anything reads it.

A camera's automatic white balance leaves a scene's average near grey: on every development
frame (real-dev, desk-dev, floor-dev) each channel's mean lies within 5 % of the three
channels' mean, wood desk and bluish floor alike. A camera whose balance was set for another
light (a Pi camera's balance locked in daylight, then used under a lamp; a webcam's manual
setting) casts the whole frame, and the detector's scores fall under the cast: the development
frames with blue 20 % up and red 20 % down (``python3 bench/vision_invariance.py --changes
cool``) read 10.6 % of real-dev's frames unsure (against 2.5 %), and 5.7 % of floor-dev's dice
surely wrong (a cream die on the bluer floor not seen, a red die's 3 read as a 2).

The cast is measured twice on about ``SAMPLES`` pixels: on the frame's average (grey world) and
on its brightest things (``TOP`` % of them: dice faces, a glare, a white card; white patch).
A cast is taken out only when both agree on it and a light's colour explains it, each by at
least ``SURE_CAST``:

- A camera's cast moves both; a coloured surface under white light (a green felt, an orange
  wood with white dice) moves the average only (``borne``). Where a white face clips at 255
  the brightest things show less of the cast than there is: a frame is then left alone
  sooner, never balanced more.
- Lamps, daylight and shade move a white along the blue-amber line; a red or a green tray,
  whose bright dice are coloured too, lies far off it (``like_a_light``).
- Then the average's cast beyond ``BOX`` is taken out, all of it: a frame within the
  development frames' range is left as it is (no development frame is touched), a cast one is
  brought to the edge of that range. Taking out a share of it instead (the two shares
  multiplied) left some frames half balanced, which read worse than either (docs/vision.md).

The synthetic tray scenes (coloured trays and dice drawn without a camera's own balance) are
where a looser rule goes wrong: taking out a red tray's "cast" made some of their dice read
less surely or be missed. With the two checks none of them is touched.

    >>> import numpy as np
    >>> from vision import balance
    >>> grey = np.full((60, 80, 3), 120, np.uint8); grey[20:40, 30:50] = 230
    >>> balance.balanced(grey) is grey
    True
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.exposure import SAMPLES, sample  # noqa: F401  (SAMPLES: how many pixels measure the cast)

BOX = 0.05  # a frame whose channel means lie within this of their mean is balanced
TOP = 2.0  # per cent of the pixels, the brightest, that show the light's colour
STILL = 0.03  # gains this close to 1 leave the frame as it is (a camera's own balance
# moves this much from frame to frame)
AMBER = np.array([1.0, 0.0, -1.0]) / np.sqrt(2.0)  # a light's cast in log B, G, R: bluer or more amber
SURE_CAST = 0.5  # a cast borne out and like a light's at least this much is taken out
OFF_LINE = 2.0  # a cast half as far off that line as along it is not a light's


def _log_ratios(mean) -> np.ndarray:
    """Each channel's mean against the three channels' mean, as a natural log (0: grey)."""
    mean = np.maximum(np.asarray(mean[:3], np.float64), 1.0)
    return np.log(mean / mean.mean())


def casts(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(grey world, white patch): the frame's cast measured on its average and on its
    brightest pixels, each a log ratio per channel (B, G, R); 0 is grey. A channel clipped
    at 255 shows less of the cast than there is, so such a frame is left alone sooner."""
    px = np.ascontiguousarray(sample(frame))
    lum = cv2.cvtColor(px, cv2.COLOR_BGR2GRAY)
    counts = np.cumsum(np.bincount(lum.ravel(), minlength=256))
    bright = int(np.searchsorted(counts, lum.size * (100 - TOP) / 100, side="left"))
    mask = (lum >= bright).astype(np.uint8)
    return _log_ratios(cv2.mean(px)), _log_ratios(cv2.mean(px, mask=mask))


def borne(grey: np.ndarray, white: np.ndarray) -> float:
    """The share (0-1) of the average's cast that the brightest pixels bear out: how far the
    white patch's cast goes along the grey world's, less how far it strays from that line (a
    yellow die on a red tray is not a warm light's white)."""
    norm = float(grey @ grey)
    if norm < 1e-12:
        return 0.0
    along = float(white @ grey) / norm
    astray = float(np.linalg.norm(white - along * grey)) / norm**0.5
    return min(max(along - astray, 0.0), 1.0)


def like_a_light(cast: np.ndarray) -> float:
    """The share (0-1) of a cast that a light's colour explains: lamps, daylight and shade move
    a white along the blue-amber line (blue against red, green between); a red or a green tray
    seen by a balanced camera lies off it, with green far from midway between blue and red."""
    along = float(cast @ AMBER)
    if abs(along) < 1e-9:
        return 0.0
    off = float(np.linalg.norm(cast - along * AMBER))
    return min(max(1.0 - OFF_LINE * off / abs(along), 0.0), 1.0)


def gains(frame: np.ndarray) -> np.ndarray:
    """Per-channel gains (B, G, R) that take out the average's cast beyond ``BOX`` when the
    brightest pixels bear it out and a light's colour explains it (each share at least
    ``SURE_CAST``); else 1, 1, 1."""
    grey, white = casts(frame)
    edge = np.log1p(BOX)
    beyond = grey - np.clip(grey, -edge, edge)
    if not beyond.any() or borne(grey, white) < SURE_CAST or like_a_light(grey) < SURE_CAST:
        return np.ones(3)
    return np.exp(-beyond)


def balanced(frame: np.ndarray) -> np.ndarray:
    """``frame`` itself when its colours are balanced (or the cast is not borne out, or not a
    light's), else a balanced copy (uint8, saturating; one table look-up per pixel)."""
    g = gains(frame)
    if np.all(np.abs(g - 1.0) < STILL):
        return frame
    table = np.clip(np.arange(256, dtype=np.float32)[:, None] * g[None, :] + 0.5, 0, 255).astype(np.uint8)
    return cv2.LUT(frame, table.reshape(256, 1, 3))
