"""The display in a terminal: Unicode half blocks (128x32 characters, two pixel rows per text
line) or braille (64x16 characters), redrawn in place with a cursor-up escape."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from drivers.display.base import HEIGHT, WIDTH, Display

_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}  # ▀ ▄ █
_BRAILLE_BITS = (
    (0, 0, 0x01),
    (0, 1, 0x02),
    (0, 2, 0x04),
    (1, 0, 0x08),
    (1, 1, 0x10),
    (1, 2, 0x20),
    (0, 3, 0x40),
    (1, 3, 0x80),
)


def _pixels(frame: Any) -> bytes:
    return frame.convert("L").tobytes()  # one byte per pixel, 0 or 255


def render_halfblock(frame: Any) -> list[str]:
    px = _pixels(frame)
    lines = []
    for y in range(0, HEIGHT, 2):
        top, bot = y * WIDTH, (y + 1) * WIDTH
        lines.append("".join(_HALF[(px[top + x] > 0, px[bot + x] > 0)] for x in range(WIDTH)))
    return lines


def render_braille(frame: Any) -> list[str]:
    px = _pixels(frame)
    lines = []
    for y in range(0, HEIGHT, 4):
        row = []
        for x in range(0, WIDTH, 2):
            bits = 0
            for dx, dy, bit in _BRAILLE_BITS:
                if px[(y + dy) * WIDTH + x + dx]:
                    bits |= bit
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


class TerminalDisplay(Display):
    kind = "terminal"

    def __init__(
        self, stream: TextIO | None = None, *, style: str = "halfblock", border: bool = True, **shift: Any
    ):
        super().__init__(**shift)
        if style not in ("halfblock", "braille"):
            raise ValueError(f"display.style: {style!r} is not 'halfblock' or 'braille'")
        self.stream = stream if stream is not None else sys.stdout
        self.render = render_halfblock if style == "halfblock" else render_braille
        self.border = border
        self._drawn_lines = 0
        self.caption: list[str] = []

    def set_caption(self, lines: list[str]) -> None:
        """Plain text printed under the emulated OLED (what the screen says, for a person at a
        laptop for whom braille pixels are hard to read). A changed caption redraws."""
        lines = [str(line) for line in lines]
        with self._lock:
            if lines != self.caption:
                self.caption = lines
                self._last_bytes = None

    def text(self, frame: Any) -> list[str]:
        lines = self.render(frame)
        if self.border:
            w = len(lines[0])
            lines = (
                ["\u250c" + "\u2500" * w + "\u2510"]
                + ["\u2502" + ln + "\u2502" for ln in lines]
                + ["\u2514" + "\u2500" * w + "\u2518"]
            )
        return lines

    def _push(self, frame: Any) -> bool:
        lines = self.text(frame) + [line + "\x1b[K" for line in self.caption]
        out = []
        redraw = bool(self._drawn_lines)
        if redraw:
            out.append(f"\x1b[{self._drawn_lines}A\r")  # back to the frame's first line
        out.append("\n".join(lines) + "\n" + ("\x1b[J" if redraw else ""))  # clear a longer caption's rest
        self._drawn_lines = len(lines)
        self.stream.write("".join(out))
        self.stream.flush()
        return True
