"""The menu screens: main menu, list menu (with the selected item's hint), message; and the
scrolling list every list-like screen draws with (``draw_list``)."""

from __future__ import annotations

from PIL import Image

from companion.ui import fonts
from companion.ui.draw import Canvas, H, W, wrap

ROW = 12  # list row pitch (body font, 10 px, plus 2)


# ---------------------------------------------------------------------------- list menus


def _items(menu: dict) -> list[dict]:
    out = []
    for it in menu.get("items", []):
        if isinstance(it, dict):
            out.append(
                {
                    "label": it.get("label", it.get("id", "")),
                    "enabled": it.get("enabled", True),
                    "hint": str(it.get("hint") or ""),
                }
            )
        else:
            out.append({"label": str(it), "enabled": True, "hint": ""})
    return out


def scroll_top(cursor: int, count: int, rows: int) -> int:
    """First visible row so the cursor is in view, about centred (stateless, deterministic)."""
    if count <= rows:
        return 0
    return max(0, min(cursor - rows // 2, count - rows))


def draw_list(c: Canvas, y0: int, items: list[dict], cursor: int, rows: int, x0: int = 0) -> None:
    f = fonts.body()
    top = scroll_top(cursor, len(items), rows)
    bar = len(items) > rows
    right = W - 1 - (4 if bar else 0)
    for i in range(top, min(len(items), top + rows)):
        y = y0 + (i - top) * ROW
        label = f.fit(items[i]["label"], right - x0 - 9)
        if i == cursor:
            c.fill(x0, y, right, y + ROW - 1, 1)
            c.icon("right", x0 + 2, y + 2, fill=0)
            c.text(x0 + 8, y + 1, label, f, fill=0)
        else:
            c.text(x0 + 8, y + 1, label, f)
        if not items[i]["enabled"]:
            # greyed out: a line through the label
            c.hline(x0 + 8, x0 + 8 + f.measure(label), y + 5, fill=0 if i == cursor else 1)
    if bar:
        h = rows * ROW
        c.vline(W - 2, y0, y0 + h - 1)
        knob = max(4, h * rows // len(items))
        ky = y0 + (h - knob) * top // max(1, len(items) - rows)
        c.fill(W - 3, ky, W - 1, ky + knob - 1, 1)


HINT_LINES = 2


def draw_hint(c: Canvas, y: int, items: list[dict], cursor: int, lines: int = HINT_LINES) -> None:
    """The selected item's hint (its one-line description) under a list, in the small font,
    wrapped to ``lines`` lines, above a rule."""
    hint = items[cursor]["hint"] if 0 <= cursor < len(items) else ""
    if not hint:
        return
    f = fonts.small()
    c.hline(0, W - 1, y - 1)
    c.lines(1, y, wrap(hint, f, W - 2, lines), f)


def list_menu(model: dict) -> Image.Image:
    """A title and a scrolling list with a cursor: ``model["menu"] = {"title", "items"}``,
    ``model["ui"]["cursor"]``. Items with a ``hint`` leave room under the list for the
    selected one's description."""
    menu = model.get("menu") or {}
    c = Canvas()
    c.title_bar(menu.get("title", ""), menu.get("right", ""))
    items = _items(menu)
    cursor = int((model.get("ui") or {}).get("cursor", 0))
    hints = any(it["hint"] for it in items)
    draw_list(c, 11, items, cursor, 3 if hints else 4)
    if hints:
        draw_hint(c, H - 8 * HINT_LINES, items, cursor)
    return c.done()


def main_menu(model: dict) -> Image.Image:
    """The main menu: the name in bold, then the games' entries (New game, Resume, ...)."""
    menu = model.get("menu") or {
        "title": "Dungeon Companion",
        "items": ["New game", "Resume", "Settings", "About"],
    }
    c = Canvas()
    title = menu.get("title", "Dungeon Companion")
    f = fonts.bold()
    c.text_center(W // 2, 0, f.fit(title, W), f)
    c.hline(0, W - 1, 13)
    items = _items(menu)
    draw_list(c, 16, items, int((model.get("ui") or {}).get("cursor", 0)), 4)
    return c.done()


def message(model: dict) -> Image.Image:
    """A message: ``model["message"] = {"title": "PAUSED", "text": "..."}`` (or a str)."""
    msg = model.get("message") or {}
    if isinstance(msg, str):
        msg = {"title": msg}
    title = str(msg.get("title", ""))
    text = str(msg.get("text", ""))
    c = Canvas()
    big, bold, body = fonts.big(), fonts.bold(), fonts.body()
    font = big if big.measure(title) <= W - 4 else bold
    room, title_lines = 3, 2
    if len(wrap(text, body, W - 4)) > 3 and bold.measure(title) <= W - 4:
        font, room, title_lines = bold, 4, 1  # a longer text: the smaller title gives it a fourth line
    lines = wrap(text, body, W - 4, room) if text else []
    tlines = wrap(title, font, W - 4, title_lines)
    th = len(tlines) * (font.height - (3 if font is big else 0))
    total = th + (4 + len(lines) * 11 if lines else 0)
    y = max(0, (H - total) // 2 - (3 if font is big else 1))
    for t in tlines:
        c.text_center(W // 2, y, t, font)
        y += font.height - (3 if font is big else 0)
    y += 4
    for line in lines:
        c.text_center(W // 2, y, line, body)
        y += 11
    return c.done()


SCREENS = {"main_menu": main_menu, "menu": list_menu, "message": message}
