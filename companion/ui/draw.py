"""Drawing helpers for 128x64 one-bit screens: text in the shipped fonts, icons, patterns, dice.

All coordinates are pixels, (0, 0) top left; "lit" is 1 (white on the OLED).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from companion.ui import fonts, icons
from companion.ui.fonts import Font
from companion.ui.recording import ACTIVE, Drawn, record, recording  # noqa: F401  (recording: for callers)

W, H = 128, 64


class Canvas:
    def __init__(self, im: Image.Image | None = None) -> None:
        """A blank frame, or ``im`` (any size) to draw over: a finished frame, a glyph to scale."""
        self.im = im if im is not None else Image.new("1", (W, H), 0)
        self.d = ImageDraw.Draw(self.im)

    # ------------------------------------------------------------------ text
    def text(self, x: int, y: int, s: str, font: Font | None = None, fill: int = 1) -> int:
        """Draw ``s`` with its cell's top left at (x, y); return the x after it. Characters the
        fonts lack (outside Latin-1) are replaced: dashes and quotes by ASCII, others by '?'."""
        font = font or fonts.small()
        if s:
            self.d.text((x, y), latin1(s), font=font.pil, fill=fill)
            if ACTIVE:
                ink = font.pil.getmask(latin1(s)).getbbox()
                if ink:
                    x0, y0, x1, y1 = ink
                    record(Drawn("text", s, (x + x0, y + y0, x + x1 - 1, y + y1 - 1), fill, font=font.name))
        return x + font.measure(s)

    def text_center(self, cx: int, y: int, s: str, font: Font | None = None, fill: int = 1) -> None:
        font = font or fonts.small()
        self.text(cx - font.measure(s) // 2, y, s, font, fill)

    def text_right(self, rx: int, y: int, s: str, font: Font | None = None, fill: int = 1) -> None:
        font = font or fonts.small()
        self.text(rx - font.measure(s), y, s, font, fill)

    def lines(
        self, x: int, y: int, lines: list[str], font: Font | None = None, step: int | None = None
    ) -> int:
        font = font or fonts.small()
        step = step or font.height
        for line in lines:
            self.text(x, y, line, font)
            y += step
        return y

    # ------------------------------------------------------------------ shapes
    def rect(
        self, x0: int, y0: int, x1: int, y1: int, fill: int | None = None, outline: int | None = 1
    ) -> None:
        """Inclusive corners, as ImageDraw."""
        self.d.rectangle((x0, y0, x1, y1), fill=fill, outline=outline)
        if fill is not None and ACTIVE:
            record(Drawn("fill", box=(x0, y0, x1, y1), fill=fill))

    def fill(self, x0: int, y0: int, x1: int, y1: int, value: int = 1) -> None:
        self.d.rectangle((x0, y0, x1, y1), fill=value)
        if ACTIVE:
            record(Drawn("fill", box=(x0, y0, x1, y1), fill=value))

    def hline(self, x0: int, x1: int, y: int, fill: int = 1) -> None:
        self.d.line((x0, y, x1, y), fill=fill)

    def vline(self, x: int, y0: int, y1: int, fill: int = 1) -> None:
        self.d.line((x, y0, x, y1), fill=fill)

    def icon(self, name: str, x: int, y: int, fill: int = 1, scale: int = 1) -> None:
        ic = icons.scaled(name, scale) if scale > 1 else icons.icon(name)
        self.im.paste(fill, (x, y, x + ic.width, y + ic.height), ic)

    def icon_center(self, name: str, cx: int, cy: int, fill: int = 1, scale: int = 1) -> None:
        ic = icons.scaled(name, scale) if scale > 1 else icons.icon(name)
        self.icon(name, cx - ic.width // 2, cy - ic.height // 2, fill, scale)

    def pattern(self, x0: int, y0: int, x1: int, y1: int, kind: str) -> None:
        """Fill a box (inclusive) with a colour's pattern, aligned to the screen so neighbouring
        boxes match: red solid, yellow dots, blue diagonal stripes."""
        if kind == "red":
            self.fill(x0, y0, x1, y1, 1)
            return
        tile = _pattern(kind)
        box = (x0, y0, x1 + 1, y1 + 1)
        self.im.paste(1, box, tile.crop(box))

    def invert(self, x0: int, y0: int, x1: int, y1: int) -> None:
        box = (x0, y0, x1 + 1, y1 + 1)
        region = self.im.crop(box)
        flipped = Image.new("1", region.size, 1)
        flipped.paste(0, (0, 0, region.width, region.height), region)
        self.im.paste(flipped, box)

    def title_bar(self, left: str, right: str = "") -> None:
        """An inverted bar across the top (9 px) with small text."""
        f = fonts.small()
        self.fill(0, 0, W - 1, 8, 1)
        room = W - 2 - (f.measure(right) + 3 if right else 0)
        self.text(1, 1, f.fit(left, room), f, fill=0)
        if right:
            self.text_right(W - 1, 1, right, f, fill=0)

    def banner(self, s: str, bottom: int = H - 1) -> None:
        """A notice across the screen (inverted, 11 px, its last row at ``bottom``), over
        whatever is there."""
        f = fonts.body()
        self.fill(0, bottom - 10, W - 1, bottom, 1)
        self.text_center(W // 2, bottom - 9, f.fit(s, W - 4), f, fill=0)

    # ------------------------------------------------------------------ dice
    def die(
        self,
        x: int,
        y: int,
        face: str,
        size: int = 15,
        *,
        selected: bool = False,
        locked: bool = False,
        gone: bool = False,
        cursor: bool = False,
        scale: int = 1,
    ) -> None:
        """One die: a rounded square with the face's icon; ``""`` is a die not rolled yet.

        selected: inverted (lit square, dark icon); locked: a corner notch (set aside);
        gone: crossed out; cursor: a bar under the die.
        """
        s = size - 1
        bg = 1 if selected else 0
        fg = 0 if selected else 1
        self.d.rounded_rectangle((x, y, x + s, y + s), radius=2, fill=bg, outline=1)
        if locked:
            self.d.rectangle((x + 1, y + 1, x + s - 1, y + s - 1), outline=fg)
        cx, cy = x + size // 2, y + size // 2
        if not face:
            self.text_center(cx + 1, cy - 4, "?", fonts.small(), fill=fg)
        else:
            parts = face.split("+")
            if len(parts) == 1 and icons.has(parts[0]):
                self.icon_center(parts[0], cx, cy, fill=fg, scale=scale)
            elif all(icons.has(p) for p in parts) and len(parts) == 2:
                self.icon_center(parts[0], cx - size // 5, cy - size // 5, fill=fg)
                self.icon_center(parts[1], cx + size // 5, cy + size // 5, fill=fg)
            else:
                self.text_center(cx + 1, cy - 4, face[:2].upper(), fonts.small(), fill=fg)
        if gone:
            self.d.line((x, y, x + s, y + s), fill=1 - bg, width=2)
            self.d.line((x, y + s, x + s, y), fill=1 - bg, width=2)
        if cursor:
            self.fill(x, y + size + 1, x + s, y + size + 2, 1)

    def done(self) -> Image.Image:
        return self.im


_SUBSTITUTES = str.maketrans(
    {
        "\u2014": "-",
        "\u2013": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2026": ".",
        "\u2713": "v",
        "\u2717": "x",
        "\u00a0": " ",
    }
)


def latin1(s: str) -> str:
    """``s`` with every character the Latin-1 bitmap fonts can draw (one character each, so
    widths stay ``len(s) * font.width``)."""
    if s.isascii():
        return s
    s = s.translate(_SUBSTITUTES)
    return "".join(ch if ord(ch) < 256 else "?" for ch in s)


@cache
def _pattern(kind: str) -> Image.Image:
    tile = Image.new("1", (W, H), 0)
    px = tile.load()
    for y in range(H):
        for x in range(W):
            if kind == "yellow":
                lit = x % 2 == 0 and y % 2 == 0
            elif kind == "blue":
                lit = (x + y) % 4 == 0
            else:
                lit = (x + y) % 2 == 0
            if lit:
                px[x, y] = 1
    return tile


def wrap(text: str, font: Font, pixels: int, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap to ``pixels`` wide, a new line at each newline; the last line is cut
    with '.' if text remains."""
    n = max(1, pixels // font.width)
    if "\n" in text:
        out = [line for para in text.split("\n") for line in wrap(para, font, pixels)]
        return _cut(out, n, max_lines)
    words = text.split()
    out: list[str] = []
    line = ""
    for w in words:
        while len(w) > n:  # a word longer than the line
            if line:
                out.append(line)
                line = ""
            out.append(w[:n])
            w = w[n:]
        cand = f"{line} {w}" if line else w
        if len(cand) <= n:
            line = cand
        else:
            out.append(line)
            line = w
    if line:
        out.append(line)
    return _cut(out, n, max_lines)


def _cut(out: list[str], n: int, max_lines: int | None) -> list[str]:
    """At most ``max_lines`` lines of ``n`` characters, the last ending '.' when text was cut."""
    if max_lines is not None and len(out) > max_lines:
        whole = " ".join(out)
        out = out[:max_lines]
        last = out[-1]
        out[-1] = (last[: n - 1] if len(last) >= n else last) + "."
        if ACTIVE:
            record(Drawn("cut", whole, shown=" ".join(out)))
    return out
