"""The status strip: score, ball, half, clock and down along the bottom of every game screen.

The panel is the scoreboard first: whatever a screen asks, its last eight rows say the score,
where the ball is and how much time is left. The strip is drawn in the 5x8 font at fixed
character cells (``FIELDS``), so what it says can be read back from the pixels alone
(tests/device/test_score_in_sight.py does that for every frame of a whole game):

    3-0  |....#>.......|  H1 29 D2
    p1-p2   the field       half clock down

The team with the ball has its score underlined; the ball is a box on the field with a tick on
the side it is heading for (the end zone its offense attacks).
"""

from __future__ import annotations

from companion.ui import fonts
from companion.ui.draw import Canvas, W

TOP = 56  # the strip's first row; screens draw above ``BOTTOM``
BOTTOM = 54  # the last row a screen's own content may use (row 55 is the rule)
CELL = 5  # the small font's advance

# field name -> (x of its first cell, cells, alignment); every text is drawn at y = TOP
FIELDS: dict[str, tuple[int, int, str]] = {
    "p1": (0, 2, "right"),
    "dash": (10, 1, "left"),
    "p2": (15, 2, "left"),
    "period": (83, 2, "left"),
    "clock": (98, 2, "right"),
    "down": (113, 3, "left"),
}
FIELD_X0, FIELD_X1 = 28, 80  # the field's pixels (inclusive)


def texts(summary: dict, conversion: bool = False) -> dict[str, str]:
    """What each cell group says for a summary (``engine.summary``): the strip's own model."""
    s = summary or {}
    score = s.get("scores") or {}
    if s.get("overtime"):
        period, clock = "OT", "--"
    else:
        period, clock = f"H{s.get('half', 1)}", str(s.get("clock", 0))
    if s.get("over"):
        down = "END"
    elif conversion:
        down = "2PT"
    elif s.get("possession"):
        down = f"D{s.get('down', 1)}"
    else:
        down = ""
    return {
        "p1": str(score.get("p1", 0)),
        "dash": "-",
        "p2": str(score.get("p2", 0)),
        "period": period,
        "clock": clock,
        "down": down,
    }


def place(field: str, text: str) -> int:
    """The x where ``text`` starts in ``field``'s cells."""
    x, cells, align = FIELDS[field]
    return x + (cells - len(text)) * CELL if align == "right" else x


def draw(c: Canvas, m: dict) -> None:
    """The strip for model ``m`` (summary, view, pack); clears rows 55-63 first."""
    s = m.get("summary") or {}
    v = m.get("view") or {}
    f = fonts.small()
    c.fill(0, BOTTOM + 1, W - 1, 63, 0)
    c.hline(0, W - 1, BOTTOM + 1)
    said = texts(s, bool(v.get("conversion")))
    for field, text in said.items():
        c.text(place(field, text), TOP, text, f)
    poss = s.get("possession")
    if poss in ("p1", "p2") and not s.get("over"):
        x = place(poss, said[poss])
        c.hline(x, x + len(said[poss]) * CELL - 2, 63)
    _field(c, m)


def _field(c: Canvas, m: dict) -> None:
    pack = m.get("pack") or {}
    s = m.get("summary") or {}
    n = len(pack.get("field") or "B" * 27)
    final = int(pack.get("final", 3))
    step = max(1, min(2, (FIELD_X1 - FIELD_X0 + 1) // n))
    x0 = FIELD_X0 + ((FIELD_X1 - FIELD_X0 + 1) - n * step) // 2
    x1 = x0 + n * step - 1
    y = TOP + 4
    c.hline(x0, x1, y)
    for gx in (x0 + final * step - 1, x0 + (n - final) * step):
        c.vline(gx, y - 2, y + 2)  # goal lines
    c.vline(x0, y - 3, y + 3)  # the end lines
    c.vline(x1, y - 3, y + 3)
    ball = s.get("ball")
    if not s.get("possession") or ball is None or s.get("over"):
        return
    bx = x0 + int(ball) * step + step // 2
    c.rect(bx - 1, y - 3, bx + 1, y + 3, fill=0, outline=1)
    attacking = "high"
    for p in (m.get("view") or {}).get("players", []):
        if p.get("id") == s.get("possession"):
            attacking = "high" if p.get("end_zone", "low") == "low" else "low"
    tick = bx + 2 if attacking == "high" else bx - 2
    c.vline(tick, y - 1, y + 1)
