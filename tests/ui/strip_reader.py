"""Read the status strip back out of a frame: the small font's glyphs matched at the cells the
strip's layout (``companion.games.dungeon_ball.screens_status.FIELDS``) says each text was drawn in.

Only the frame's pixels are read; the layout is the one thing shared with the renderer. Each
cell is compared on its top seven rows (the eighth carries the possession underline).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from companion.games.dungeon_ball import screens_status as status
from companion.ui import fonts

CHARSET = "0123456789-HOTDEN2P "
ROWS = 7


def _cell(image: Image.Image, x: int) -> bytes:
    return image.crop((x, status.TOP, x + status.CELL, status.TOP + ROWS)).convert("1").tobytes()


@cache
def glyphs() -> dict[bytes, str]:
    """Cell bitmap -> character, for every character the strip can say."""
    f = fonts.small()
    out: dict[bytes, str] = {}
    for ch in CHARSET:
        im = Image.new("1", (status.CELL, 64), 0)
        ImageDraw.Draw(im).text((0, status.TOP), ch, font=f.pil, fill=1)
        key = _cell(im, 0)
        assert key not in out or out[key] == ch, f"glyphs {ch!r} and {out[key]!r} look the same"
        out[key] = ch
    return out


class Unreadable(AssertionError):
    """A strip cell that holds no glyph of the small font: the strip is not there."""


def read_field(image: Image.Image, field: str) -> str:
    x0, cells, _ = status.FIELDS[field]
    table = glyphs()
    chars = []
    for i in range(cells):
        key = _cell(image, x0 + i * status.CELL)
        if key not in table:
            raise Unreadable(f"strip field {field!r}, cell {i} (x={x0 + i * status.CELL}) holds no glyph")
        chars.append(table[key])
    return "".join(chars).strip()


def read_strip(image: Image.Image) -> dict[str, str]:
    """Every field of the strip, as the frame shows it."""
    return {field: read_field(image, field) for field in status.FIELDS}


def read_summary(image: Image.Image) -> dict:
    """The strip as numbers: the scores (also under ``score``), half or overtime, clock, down (None where not shown)."""
    said = read_strip(image)
    points = {"p1": int(said["p1"]), "p2": int(said["p2"])}
    out: dict = {
        "scores": points,
        "score": points,
        "overtime": said["period"] == "OT",
        "half": int(said["period"][1]) if said["period"].startswith("H") else None,
        "clock": int(said["clock"]) if said["clock"].isdigit() else None,
        "down": int(said["down"][1:]) if said["down"].startswith("D") else None,
        "special": said["down"] if said["down"] in ("2PT", "END") else None,
    }
    return out
