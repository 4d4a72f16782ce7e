"""The display interface: show a 128x64 mode "1" PIL image; close with an optional message.

Every backend shares the same front half (this class): it checks the image, applies the slow
burn-in pixel shift (if enabled) and pushes a frame only when its bytes differ from the last
frame pushed. Backends implement ``_push(frame) -> bool`` and optionally ``_close(persist)``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 128, 64
SIZE = (WIDTH, HEIGHT)


def shift_offsets(max_px: int) -> list[tuple[int, int]]:
    """A cycle of small offsets: (0, 0) first, then ring by ring (Chebyshev distance 1..max_px),
    each ring walked around so consecutive offsets are neighbours within a ring."""
    out = [(0, 0)]
    for r in range(1, max_px + 1):
        ring = (
            [(x, -r) for x in range(-r, r)]
            + [(r, y) for y in range(-r, r)]
            + [(x, r) for x in range(r, -r, -1)]
            + [(-r, y) for y in range(r, -r, -1)]
        )
        out += ring
    return out


class PixelShift:
    """Offset to draw at now: the index advances one step every ``period_s`` on ``clock``."""

    def __init__(self, max_px: int = 2, period_s: float = 300.0, clock: Callable[[], float] | None = None):
        self.offsets = shift_offsets(max_px)
        self.period_s = period_s
        self.clock = clock or time.monotonic
        self.t0 = self.clock()

    def offset(self) -> tuple[int, int]:
        i = int((self.clock() - self.t0) // self.period_s) % len(self.offsets)
        return self.offsets[i]


def message_image(text: str) -> Any:
    """A plain frame with centred text (Pillow's default font; for the closing message only)."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("1", SIZE, 0)
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    lines = text.splitlines() or [""]
    heights = []
    widths = []
    for ln in lines:
        x0, y0, x1, y1 = d.textbbox((0, 0), ln, font=font)
        widths.append(x1 - x0)
        heights.append(max(y1 - y0, 8))
    y = (HEIGHT - (sum(heights) + 2 * (len(lines) - 1))) // 2
    for ln, w, h in zip(lines, widths, heights):
        d.text(((WIDTH - w) // 2, y), ln, fill=1, font=font)
        y += h + 2
    return img


class Display:
    """Base display. ``show(image)`` returns True when a frame was pushed to the device, False
    when it was skipped (unchanged) or the device failed (see ``error``)."""

    kind = "display"

    def __init__(
        self,
        *,
        pixel_shift: bool = False,
        shift_period_s: float = 300.0,
        shift_max_px: int = 2,
        clock: Callable[[], float] | None = None,
    ):
        self.clock = clock or time.monotonic
        self.shift = (
            PixelShift(shift_max_px, shift_period_s, self.clock) if pixel_shift and shift_max_px else None
        )
        self._lock = threading.RLock()
        self._last_bytes: bytes | None = None
        self.last_image: Any = None  # the last image given to show(), unshifted
        self.last_frame: Any = None  # the last frame pushed, shifted
        self.pushed = 0
        self.skipped = 0
        self.error: str | None = None
        self.closed = False

    # -- public -----------------------------------------------------------------------------
    def show(self, image: Any) -> bool:
        self._check(image)
        with self._lock:
            if self.closed:
                return False
            self.last_image = image
            frame = self._shifted(image)
            b = frame.tobytes()
            if b == self._last_bytes:
                self.skipped += 1
                return False
            try:
                ok = self._push(frame)
            except Exception as e:  # noqa: BLE001 - a failing output must not stop the game
                ok = False
                msg = f"{self.kind}: frame failed: {type(e).__name__}: {e}"
                if msg != self.error:
                    log.warning("%s", msg)
                self.error = msg
            if not ok:
                self._last_bytes = None
                return False
            self._last_bytes = b
            self.last_frame = frame
            self.pushed += 1
            return True

    def refresh(self) -> bool:
        """Show the last image again: pushes only if the pixel shift has moved since."""
        with self._lock:
            return False if self.last_image is None else self.show(self.last_image)

    def close(self, message: Any = None) -> None:
        """Release the device. With ``message`` (a str or a 128x64 mode "1" image) the display
        keeps showing it (e.g. "paused" on SIGTERM); without, it is blanked/switched off.
        Safe to call twice and from a signal handler's code path."""
        with self._lock:
            if self.closed:
                return
            if message is not None:
                img = message_image(message) if isinstance(message, str) else message
                try:
                    self.show(img)
                except Exception as e:  # noqa: BLE001 - closing must not fail
                    log.warning("%s: could not show closing message: %s", self.kind, e)
            self.closed = True
            try:
                self._close(persist=message is not None)
            except Exception as e:  # noqa: BLE001
                log.warning("%s: error while closing: %s", self.kind, e)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- for backends -----------------------------------------------------------------------
    def _push(self, frame: Any) -> bool:
        return True

    def _close(self, persist: bool) -> None:
        pass

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _check(image: Any) -> None:
        mode, size = getattr(image, "mode", None), getattr(image, "size", None)
        if mode != "1" or size != SIZE:
            raise ValueError(
                f"display.show needs a {WIDTH}x{HEIGHT} mode '1' PIL image, got mode {mode!r} size {size!r}"
            )

    def _shifted(self, image: Any) -> Any:
        if self.shift is None:
            return image
        dx, dy = self.shift.offset()
        if (dx, dy) == (0, 0):
            return image
        from PIL import Image

        out = Image.new("1", SIZE, 0)
        out.paste(image, (dx, dy))
        return out


class NullDisplay(Display):
    """Shows nothing; keeps the last frame and counts (tests, headless runs, the fallback)."""

    kind = "null"
