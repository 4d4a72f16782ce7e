"""Dungeon Allies' placement screen, drawn from the area control's ``ui`` (screens_areas.py):
first the die (each with its ally), then the space: the lit space named on the bar, the
dungeon's map or the lit area's spaces, and what the space needs and gives in words
(words.py: a monster and the number it needs, a treasure's crystals, a card and its cost).

The map: one row per section (yellow, blue, red), a box per square. A removed monster leaves
no box; a box is filled where the player to place has dice, crossed where another player
has them, dotted where he looked under it; the highlighted square is framed."""

from __future__ import annotations

from PIL import Image

from companion.ui import fonts
from companion.ui.draw import Canvas, W, wrap
from companion.ui.generic import seat_name, strip
from companion.ui.menus import draw_list

from .words import SECTIONS, describe, space_gives, space_name

PLACE = "allies_place"
CELL, ROWS_Y = 10, (11, 17, 23)


def _mine(view: dict, actor: str, square: str) -> list[str]:
    return [p["die"] for p in view.get("placed", []) if p["space"] == square and p["seat"] == actor]


def _theirs(view: dict, actor: str, square: str) -> str:
    return next(
        (p["seat"] for p in view.get("placed", []) if p["space"] == square and p["seat"] != actor), ""
    )


def draw_map(c: Canvas, view: dict, actor: str, highlight: str) -> None:
    for row, section in enumerate(SECTIONS):
        tiles = [t for t in view.get("tiles", []) if t["section"] == section]
        y = ROWS_Y[row]
        for i, t in enumerate(tiles):
            x = i * CELL + 1
            if not t["removed"]:
                _square(c, view, actor, t, x, y)
            if t["square"] == highlight:  # the lit square: a frame a pixel clear of it
                c.rect(x - 2, y - 2, x + CELL - 2, y + 5, outline=1)


def _square(c: Canvas, view: dict, actor: str, t: dict, x: int, y: int) -> None:
    """A square: filled with your dice, barred with another's, dotted where you looked."""
    if _mine(view, actor, t["square"]):
        c.fill(x, y, x + CELL - 4, y + 3, 1)
        return
    c.rect(x, y, x + CELL - 4, y + 3, outline=1)
    if _theirs(view, actor, t["square"]):
        c.hline(x, x + CELL - 4, y + 1)
        c.hline(x, x + CELL - 4, y + 2)
    elif t["monster"] and not t["revealed"]:
        c.fill(x + 2, y + 1, x + 3, y + 2, 1)


def _short(space: str) -> str:
    """A space's name on the title bar, kept short: "sorcerer card 5" -> "sorcerer 5"."""
    return space_name(space).replace("sorcerer card", "sorcerer")


def area_boxes(c: Canvas, v: dict, actor: str, spaces: list[str], lit: str) -> None:
    """An area other than the dungeon: its spaces side by side, each named, the lit one
    inverted, with the seats whose dice are on it under its name."""
    small = fonts.small()
    n = max(1, len(spaces))
    cw = W // n
    for i, sp in enumerate(spaces):
        x0, x1 = i * cw, (i + 1) * cw - 2
        c.rect(x0, 10, x1, 27, outline=1)
        name = space_name(sp)
        label = name.rsplit(" ", 1)[-1] if n > 1 and name[-1:].isdigit() else name
        label = "gold" if sp == "gold" else label
        c.text_center((x0 + x1) // 2 + 1, 11, small.fit(label, x1 - x0 - 2), small)
        seats = " ".join(
            dict.fromkeys(seat_name({}, p["seat"]) for p in v.get("placed") or [] if p["space"] == sp)
        )
        if seats:
            c.text_center((x0 + x1) // 2 + 1, 19, small.fit(seats, x1 - x0 - 2), small)
        if sp == lit:
            c.invert(x0 + 1, 11, x1 - 1, 26)


def die_stage(c: Canvas, m: dict) -> None:
    """Which die to place: each die with its ally, then a red crystal's look."""
    p, ui, v = m.get("prompt") or {}, m.get("ui") or {}, m.get("view") or {}
    actor = p.get("actor", "")
    c.title_bar(f"{seat_name(m, actor)}: place which die?", "")
    items = [
        {
            "label": describe(f"{actor} place {d} {'peek' if d == 'red' else 'x'}", v).removesuffix(" on x"),
            "enabled": True,
            "hint": "",
        }
        for d in ui.get("dice") or []
    ]
    draw_list(c, 10, items, int(ui.get("die_cursor", 0)), 3)
    small = fonts.small()
    c.text(1, 46, "OK, then LEFT/RIGHT", small)


def space_stage(c: Canvas, m: dict) -> None:
    """The lit space named on the bar (LEFT/RIGHT: another area), the dungeon's map or the
    area's spaces under it, and what the space needs and gives, whole, on up to three lines."""
    p, ui, v = m.get("prompt") or {}, m.get("ui") or {}, m.get("view") or {}
    actor, die, lit = p.get("actor", ""), ui.get("die", ""), ui.get("space", "")
    areas = ui.get("areas") or [["", [lit]]]
    area, spaces = areas[int(ui.get("area", 0)) % len(areas)]
    small = fonts.small()
    doing = "looks at" if die == "look" else f"{die} on"
    c.title_bar(small.fit(f"{seat_name(m, actor)} {doing} {_short(lit)}", W - 16), "")
    c.icon("left", W - 13, 2, fill=0)
    c.icon("right", W - 7, 2, fill=0)
    dungeon = area.endswith("dungeon")
    if dungeon:
        draw_map(c, v, actor, lit)
    else:
        area_boxes(c, v, actor, spaces, lit)
    said = space_gives(lit, v, m.get("pack") or {}, actor, die)
    left = str(p.get("text", "")).partition("(")[2].partition(" left")[0]
    more = f"; {left} {'look' if left == '1' else 'looks'} left"
    if die == "look" and left.isdigit() and len(wrap(said + more, small, W - 2, 4)) <= 3:
        said += more  # only whole: what the space holds comes first
    top = 29
    lines = wrap(said, small, W - 2, 3)
    for i, line in enumerate(lines):
        c.text(1, top + 8 * i, line, small)


def place(m: dict) -> Image.Image:
    c = Canvas()
    if (m.get("ui") or {}).get("stage") == "die":
        die_stage(c, m)
    else:
        space_stage(c, m)
    strip(c, m)
    return c.done()
