"""Dungeon Ball's screens: the registry's ``GameType.screens`` names this module, and the
generic renderer (companion.ui.screens) takes from it ``SCREENS`` (name -> screen),
``screen_for(model)`` (which screen a prompt gets), ``screen_after(events)`` (the after-action
screen), ``pack_info(engine)`` (what the screens need from the pack), ``NOTICE_AT_TOP`` and
``control(prompt)`` (the game's own button handling, companion.games.dungeon_ball.screens_controls).

Colours on a one-bit screen: red = solid, yellow = dots, blue = diagonal stripes, and the
letter R/Y/B on every play cell and defense card.
"""

from __future__ import annotations

from PIL import Image

from companion.engine.words import counted, describe
from companion.games.dungeon_ball import screens_results as results
from companion.games.dungeon_ball import screens_status as status
from companion.games.dungeon_ball.screens_controls import (
    control as control,  # the screens' hook: the UI looks it up here
)
from companion.games.dungeon_ball.screens_results import RESULT_EVENTS
from companion.ui import fonts
from companion.ui.controls import STEP
from companion.ui.draw import Canvas, W, wrap
from companion.ui.generic import _prompt, _summary, _ui
from companion.ui.menus import draw_list

LETTER = {"red": "R", "yellow": "Y", "blue": "B"}
COLOUR_OF = {"R": "red", "Y": "yellow", "B": "blue"}
DEFAULT_BOARD = ["YBY", "RRR", "BYB"]


# ---------------------------------------------------------------------------- model helpers
# (_summary, _prompt and _ui are the generic screens' own: companion.ui.generic)


def _view(m: dict) -> dict:
    return m.get("view") or {}


def scores(summary: dict) -> dict:
    """Points per seat: the common summary's ``scores``."""
    return summary.get("scores") or {}


def _pack(m: dict) -> dict:
    return m.get("pack") or {}


def _player(m: dict, pid: str) -> dict:
    for p in _view(m).get("players", []):
        if p.get("id") == pid:
            return p
    return {}


def _name(m: dict, pid: str) -> str:
    """ "P1"/"P2", or "AI" for the solo deck's side."""
    solo = _view(m).get("solo") or {}
    if solo and solo.get("ai") == pid:
        return "AI"
    return pid.upper()


def _done(c: Canvas, m: dict) -> Image.Image:
    """Finish a game screen: the status strip along the bottom (score, ball, half, clock,
    down), so the panel is the scoreboard whatever it asks."""
    status.draw(c, m)
    return c.done()


def _words(option: str) -> list[str]:
    return option.split()


def _actor(m: dict) -> str:
    return _prompt(m).get("actor", "").upper()


def _play_label(kind: str) -> str:
    return {
        "play": "play",
        "two_point": "2-pt play",
        "hail_mary": "Hail Mary",
        "onside": "onside kick",
        "field_goal": "field goal",
        "extra_point": "extra point",
    }.get(kind, kind.replace("_", " "))


# ---------------------------------------------------------------------------- scoreboard


def draw_field(c: Canvas, m: dict, y: int = 46) -> None:
    """The field as a strip: one block per space (red solid, yellow hollow, blue a dot), the
    goal lines thick, posts at both ends, a marker over the ball with an arrow the way the
    offense attacks; under each end zone the player who defends it."""
    pack = _pack(m)
    spaces = pack.get("field") or "B" * 27
    final = int(pack.get("final", 3))
    n = len(spaces)
    step = max(2, min(4, 108 // n))
    x0 = (W - n * step) // 2
    x_end = x0 + n * step - 1
    s = _summary(m)
    c.hline(x0 - 1, x_end + 1, y + 1)
    c.hline(x0 - 1, x_end + 1, y + 9)
    for i, letter in enumerate(spaces):
        x = x0 + i * step
        colour = COLOUR_OF.get(letter, "blue")
        if colour == "red":
            c.fill(x, y + 3, x + step - 2, y + 7)
        elif colour == "yellow":
            c.rect(x, y + 3, x + step - 2, y + 7)
        else:
            c.fill(x + (step - 2) // 2, y + 5, x + (step - 2) // 2, y + 5)
    # goal lines (two pixels) and posts
    for gx in (x0 + final * step - 2, x0 + (n - final) * step - 1):
        c.fill(gx, y, gx + 1, y + 10)
    for px in (x0 - 3, x_end + 3):
        c.vline(px, y - 2, y + 10)
        c.hline(px - 1, px + 1, y - 2)
    # the ball on the strip (cleared around so it stands out) and the way the offense goes
    ball = s.get("ball")
    offense = s.get("possession")
    if offense and ball is not None:
        bx = x0 + int(ball) * step + (step - 2) // 2
        c.fill(bx - 7, y + 1, bx + 7, y + 9, 0)
        c.rect(bx - 7, y, bx + 7, y + 10)
        c.icon("ball", bx - 5, y + 2)
        me = _player(m, offense)
        if me.get("end_zone", "low") == "low":
            c.icon("right", bx - 1, y - 8)
        else:
            c.icon("left", bx - 2, y - 8)
    # who defends which end
    f = fonts.small()
    for p in _view(m).get("players", []):
        if p.get("end_zone") == "low":
            c.text(x0, y + 11, _name(m, p["id"]), f)
        elif p.get("end_zone") == "high":
            c.text_right(x_end + 1, y + 11, _name(m, p["id"]), f)


def scoreboard(m: dict) -> Image.Image:
    """Half or OT, clock, down, scores (big), possession, momentum, the field with the ball."""
    s = _summary(m)
    v = _view(m)
    c = Canvas()
    big, body, small = fonts.big(), fonts.body(), fonts.small()
    score = scores(s)
    momentum = s.get("momentum", {})
    poss = s.get("possession")
    # labels with the possession marker (a ball)
    n1, n2 = _name(m, "p1"), _name(m, "p2")
    c.text(1, 0, n1, body)
    c.text_right(W - 1, 0, n2, body)
    if poss == "p1":
        c.icon("ball", 3 + body.measure(n1), 1)
    elif poss == "p2":
        c.icon("ball", W - 1 - body.measure(n2) - 13, 1)
    # period
    if s.get("overtime"):
        period = f"OVERTIME {s['overtime']}"
    else:
        period = "1ST HALF" if s.get("half", 1) == 1 else "2ND HALF"
    c.text_center(W // 2, 0, period, small)
    # scores
    c.text(1, 8, str(score.get("p1", 0)), big)
    c.text_right(W - 1, 8, str(score.get("p2", 0)), big)
    # clock, boxed
    clock = "--" if s.get("overtime") else f"{s.get('clock', 0):d}"
    cw = max(big.measure(clock), 20)
    c.rect(W // 2 - cw // 2 - 4, 9, W // 2 + cw // 2 + 3, 27)
    c.text_center(W // 2, 6, clock, big)
    # down / special line under the clock
    if s.get("over"):
        down = "FINAL"
    elif v.get("conversion"):
        down = "2-PT TRY"
    elif v.get("final_play"):
        down = "LAST PLAY"
    elif poss:
        down = f"DOWN {s.get('down', 1)}"
    else:
        down = "SETUP"
    c.text_center(W // 2, 29, down, body)
    # momentum
    c.icon("bolt", 1, 30)
    c.text(8, 29, str(momentum.get("p1", 0)), body)
    mw = body.measure(str(momentum.get("p2", 0)))
    c.icon("bolt", W - 1 - mw - 7, 30)
    c.text_right(W - 1, 29, str(momentum.get("p2", 0)), body)
    draw_field(c, m, y=46)
    return c.done()


# ---------------------------------------------------------------------------- play selection board


def _board(m: dict) -> list[str]:
    return list(_pack(m).get("board") or DEFAULT_BOARD)


def _cell_rc(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - 97, int(cell[1:]) - 1


def _rc_cell(r: int, c: int) -> str:
    return f"{chr(97 + r)}{c + 1}"


def draw_board(
    c: Canvas,
    m: dict,
    pawn: str,
    target: str | None,
    x0: int = 0,
    y0: int = 0,
    cell: int = 20,
    cursor: str | None = None,
) -> None:
    rows = _board(m)
    body = fonts.body()
    for r, row in enumerate(rows):
        for col, letter in enumerate(row):
            x, y = x0 + col * (cell + 2), y0 + r * (cell + 2)
            name = _rc_cell(r, col)
            c.rect(x, y, x + cell, y + cell)
            colour = COLOUR_OF.get(letter, "blue")
            c.pattern(x + 2, y + 2, x + cell - 2, y + cell - 2, colour)
            if name == pawn:
                c.fill(x + 2, y + 2, x + cell - 2, y + cell - 2, 0)
                c.icon_center("pawn", x + cell // 2 + 1, y + cell // 2 + 1)
                c.text(x + 2, y + 2, letter, fonts.small())
            else:
                cx, cy = x + cell // 2, y + cell // 2
                c.fill(cx - 4, cy - 5, cx + 4, cy + 5, 0)
                c.text(cx - 2, cy - 5, letter, body)
            if name == target or name == cursor:
                c.rect(x - 1, y - 1, x + cell + 1, y + cell + 1)
                c.rect(x + 1, y + 1, x + cell - 1, y + cell - 1)
                c.rect(x + 2, y + 2, x + cell - 2, y + cell - 2, outline=0)


def _dpad(c: Canvas, cx: int, cy: int, legal: list[str], selected: str | None) -> None:
    pos = {
        "up": (cx - 3, cy - 11),
        "down": (cx - 3, cy + 7),
        "left": (cx - 13, cy - 3),
        "right": (cx + 9, cy - 3),
    }
    for d, (x, y) in pos.items():
        if d == selected:
            w, h = (7, 4) if d in ("up", "down") else (4, 7)
            c.fill(x - 2, y - 2, x + w + 1, y + h + 1, 1)
            c.icon(d, x, y, fill=0)
        elif d in legal:
            c.icon(d, x, y)
    c.d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), outline=1)


def play_board(m: dict) -> Image.Image:
    """The 3x3 play selection board with the pawn; the D-pad picks the move."""
    p = _prompt(m)
    ui = _ui(m)
    actor = p.get("actor", "")
    me = _player(m, actor)
    pawn = me.get("pawn", "b2")
    rows = _board(m)
    free = ui.get("free")
    target = None
    cursor = None
    if free:
        cursor = ui.get("cursor")
        target = cursor if cursor in (ui.get("targets") or []) else None
    elif ui.get("selected"):
        r, col = _cell_rc(pawn)
        dr, dc = STEP[ui["selected"]]
        target = _rc_cell(r + dr, col + dc)
    c = Canvas()
    draw_board(c, m, pawn, target, x0=1, y0=1, cell=16, cursor=cursor)
    x = 58
    bold, body, small = fonts.bold(), fonts.body(), fonts.small()
    c.text(x, 0, f"{actor.upper()} PLAY", bold)
    if target:
        r, col = _cell_rc(target)
        colour = COLOUR_OF.get(rows[r][col], "blue")
        c.text(x, 13, colour.upper(), bold)
        req = (_pack(m).get("requirements") or {}).get(colour)
        if req:
            n = req["count"]
            c.text(x, 26, f"{n} {req['icon']}{'s' if n > 1 else ''}", body)
        c.text(x, 46, "OK: go", small)
    else:
        c.text(x, 14, "any play" if free else "choose", body)
        c.text(x, 25, "then OK" if free else "a move", body)
    if not free:
        # below and right of the words, so a lit arrow never covers them
        _dpad(c, 113, 42, ui.get("legal") or [], ui.get("selected"))
    return _done(c, m)


# ---------------------------------------------------------------------------- defense card


def defense_pick(m: dict) -> Image.Image:
    """The defense's six cards in a grid (colours across, dice down); the cursor is inverted."""
    p = _prompt(m)
    ui = _ui(m)
    options = p.get("options") or []
    defense = _pack(m).get("defense") or {}
    c = Canvas()
    c.title_bar(f"{_actor(m)} DEFENSE CARD", "secret")
    grid = ui.get("grid")
    if not grid:
        grid = [[i] for i in range(len(options))]
    cursor = int(ui.get("cursor", 0))
    rows = len(grid)
    cols = max(len(r) for r in grid)
    cw = (W - 2) // cols - 2
    ch = (status.BOTTOM + 1 - 11) // rows - 2
    bold = fonts.bold()
    for r, row in enumerate(grid):
        for col, index in enumerate(row):
            if index is None:
                continue
            x, y = 1 + col * (cw + 2), 11 + r * (ch + 2)
            card = _words(options[index])[-1]
            info = defense.get(card) or {}
            colour = info.get("colour") or card.rpartition("-")[0]
            dice = info.get("dice", card.rpartition("-")[2])
            c.d.rounded_rectangle((x, y, x + cw, y + ch), radius=3, outline=1)
            c.pattern(x + 3, y + 3, x + 14, y + ch - 3, colour)
            c.fill(x + 5, y + ch // 2 - 5, x + 12, y + ch // 2 + 5, 0)
            c.text(x + 6, y + ch // 2 - 6, LETTER.get(colour, "?"), bold)
            # the count, then that many small dice beside it: "1 [.]", "2 [.][.]"
            top = y + (ch - 12) // 2
            c.text(x + 18, top, str(dice), bold)
            n = int(dice) if str(dice).isdigit() else 0
            for k in range(min(n, 2)):
                dx = x + 27 + k * 7
                c.rect(dx, y + ch // 2 - 3, dx + 5, y + ch // 2 + 2, outline=1)
                c.fill(dx + 2, y + ch // 2 - 1, dx + 3, y + ch // 2, 1)
            if index == cursor:
                c.invert(x, y, x + cw, y + ch)
    return _done(c, m)


# ---------------------------------------------------------------------------- dice entry (chance)


def _chance_title(m: dict) -> str:
    p = _prompt(m)
    ch = p.get("chance") or {}
    v = _view(m)
    play = v.get("play") or {}
    n = ch.get("count", 1)
    if ch.get("verb") == "coin":
        return "FLIP THE COIN"
    if ch.get("die") == "black":
        return "ROLL THE DEFENSE DIE"
    what = _play_label(play.get("kind", "play")).upper() if play else "ROLL"
    if p.get("kind") == "roll" and play and play.get("rolls", 0) > 0:
        return f"REROLL {n}: {what}"
    return f"ROLL {n}: {what}"


def _entry(m: dict) -> tuple[dict, list[str], int, list[str], str]:
    """Where a face-by-face entry stands: the chance spec, the faces to choose from, how many
    to enter, those entered so far and the face under the cursor."""
    ch = _prompt(m).get("chance") or {}
    ui = _ui(m)
    faces = ui.get("faces") or list(dict.fromkeys(ch.get("faces", [])))
    count = int(ui.get("count", ch.get("count", 1)))
    entered = list(ui.get("entered", []))
    face = faces[int(ui.get("face", 0)) % len(faces)] if faces else ""
    return ch, faces, count, entered, face


def dice_entry(m: dict) -> Image.Image:
    """Manual dice entry, face by face: the current die large, the dice entered so far below."""
    ch, faces, count, entered, face = _entry(m)
    black = ch.get("die") == "black"
    c = Canvas()
    c.title_bar(_chance_title(m), f"{min(len(entered) + 1, count)}/{count}")
    bold, small = fonts.bold(), fonts.small()
    if len(entered) >= count:  # every die read (by the camera): to confirm
        c.text(2, 12, bold.fit("The camera read:", W - 4), bold)
        c.text(2, 26, small.fit(f"{count} {ch.get('die') or ''} dice".replace("  ", " "), W - 4), small)
    else:  # the current die, large, with the up/down arrows
        c.die(2, 10, face, size=26, scale=2, selected=black)
        c.icon("up", 32, 12)
        c.icon("down", 32, 29)
        name = face.replace("+", " + ").upper() or "?"
        c.text(43, 10, bold.fit(name, W - 43), bold)
        c.text(43, 26, "OK next BACK undo" if count > 1 else "OK enter", small)
    # the row of dice: entered, the current one (cursor), the rest
    size, gap = 14, 2
    if count * (size + gap) - gap > W:
        size, gap = 13, 1
    x0 = (W - (count * (size + gap) - gap)) // 2 if count > 1 else 42
    for i in range(count):
        x = x0 + i * (size + gap)
        if i < len(entered):
            c.die(x, 38, entered[i], size=size, selected=black)
        elif i == len(entered):
            c.die(x, 38, face, size=size, selected=black, cursor=True)
        else:
            c.die(x, 38, "", size=size)
    return _done(c, m)


# ---------------------------------------------------------------------------- kicks


def kick(m: dict) -> Image.Image:
    """A skill kick: where did the tossed football die land? GOOD / NO GOOD."""
    ui = _ui(m)
    v = _view(m)
    play = v.get("play") or {}
    kind = "EXTRA POINT" if play.get("kind") == "extra_point" else "FIELD GOAL"
    s = _summary(m)
    c = Canvas()
    c.title_bar(f"{(s.get('possession') or '').upper()} {kind}", "skill toss")
    faces = ui.get("faces") or ["good", "no-good"]
    current = faces[int(ui.get("face", 0)) % len(faces)]
    bold, small = fonts.bold(), fonts.small()
    boxes = {"good": (2, 11, 61, 37), "no-good": (66, 11, 125, 37)}
    for face, (x0, y0, x1, y1) in boxes.items():
        sel = face == current
        c.d.rounded_rectangle((x0, y0, x1, y1), radius=3, fill=1 if sel else 0, outline=1)
        c.icon_center(face, (x0 + x1) // 2, y0 + 7, fill=0 if sel else 1)
        label = "GOOD" if face == "good" else "NO GOOD"
        c.text_center((x0 + x1) // 2 + 1, y0 + 13, label, bold, fill=0 if sel else 1)
    c.text_center(W // 2, 39, "half inside the posts?", small)
    c.text_center(W // 2, 47, "< > choose   OK enter", small)
    return _done(c, m)


# ---------------------------------------------------------------------------- rerolls and picks


def _icon_counts(dice: list[str], gone: list[bool]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, face in enumerate(dice):
        if face and not (i < len(gone) and gone[i]):
            for icon in face.split("+"):
                if icon != "blank":
                    out[icon] = out.get(icon, 0) + 1
    return out


def reroll(m: dict) -> Image.Image:
    """Reroll choice (keep) or a card's dice (pick): toggled dice are inverted; the last entry
    confirms ("STOP", "REROLL 2", "PICK 1")."""
    p = _prompt(m)
    ui = _ui(m)
    v = _view(m)
    play = v.get("play") or {}
    dice = list(ui.get("dice") or play.get("dice") or [])
    locked = list(play.get("locked") or [False] * len(dice))
    gone = list(play.get("gone") or [False] * len(dice))
    eligible = list(ui.get("eligible") or [])
    selected = set(ui.get("selected") or [])
    cursor = int(ui.get("cursor", 0))
    purpose = ui.get("purpose", "keep")
    actor = _actor(m)
    c = Canvas()
    colour = play.get("colour")
    req = (_pack(m).get("requirements") or {}).get(colour) if colour else None
    if purpose == "keep":
        title = f"{actor} {colour.upper()}: REROLL?" if colour else f"{actor} REROLL?"
    else:
        text = p.get("text", "")
        source = text.split(":")[1].strip() if text.count(":") >= 2 else purpose
        title = f"{actor} {source}: {purpose} {ui.get('max', 1)}"
    c.title_bar(title)
    size, gap = 15, 2
    n = len(dice)
    x0 = (W - (n * (size + gap) - gap)) // 2
    cursor_pos = eligible[cursor] if cursor < len(eligible) else None
    for i, face in enumerate(dice):
        pos = i + 1
        c.die(
            x0 + i * (size + gap),
            10,
            face,
            size=size,
            selected=pos in selected,
            locked=i < len(locked) and locked[i],
            gone=i < len(gone) and gone[i],
            cursor=pos == cursor_pos,
        )
    # what the dice show (left) and what the play needs (right), on one row of their own
    f = fonts.body()
    counts = _icon_counts(dice, gone)
    gap = 3
    if req:
        x = W - 1 - _ICON_W.get(req["icon"], 9)
        need = f"need {req['count']}"
        if 2 + icon_counts_width(counts, gap) + COUNTS_TO_NEED > x - 1 - f.measure(need):
            gap = 1  # all four icons showing: closer together, never touching "need"
        c.icon(req["icon"], x, 31 if req["icon"] == "ball" else 29)
        c.text_right(x - 1, 30, need, f)
    draw_icon_counts(c, counts, 2, 29, gap)
    # the confirm entry
    if purpose == "keep":
        label = f"REROLL {len(selected)}" if selected else "STOP (keep all)"
    else:
        k = len(selected)
        lo, hi = int(ui.get("min", 1)), int(ui.get("max", 1))
        label = f"{purpose.upper()} {k}" if lo <= k <= hi else f"choose {lo if lo == hi else f'{lo}-{hi}'}"
    on = cursor >= len(eligible)
    c.d.rounded_rectangle((10, 41, W - 11, 54), radius=3, fill=1 if on else 0, outline=1)
    c.text_center(W // 2, 43, f.fit(label, W - 24), f, fill=0 if on else 1)
    return _done(c, m)


_ICON_W = {"ball": 11, "cleat": 11, "time": 9, "lightning": 8}
COUNTS_TO_NEED = 4  # the least space between the last count and "need"
ICONS = ("ball", "cleat", "time", "lightning")


def icon_counts_width(counts: dict[str, int], gap: int = 3) -> int:
    """The width ``draw_icon_counts`` draws, from the first icon to the last count."""
    f = fonts.body()
    shown = [i for i in ICONS if counts.get(i)]
    return sum(_ICON_W[i] + 1 + f.measure(str(counts[i])) for i in shown) + gap * max(0, len(shown) - 1)


def draw_icon_counts(c: Canvas, counts: dict[str, int], x: int, y: int, gap: int = 3) -> int:
    """Icon, count, icon, count...: what a roll shows (ball, cleat, time, lightning), ``gap``
    between one count and the next icon; returns the x after the last."""
    f = fonts.body()
    for icon in ICONS:
        if counts.get(icon):
            c.icon(icon, x, y + 2 if icon == "ball" else y)
            x = c.text(x + _ICON_W[icon] + 1, y + 1, str(counts[icon]), f) + gap
    return x


# ---------------------------------------------------------------------------- card windows


def _option_card(option: str) -> str:
    w = _words(option)
    if len(w) >= 3 and w[1] == "card":
        return w[2]
    return " ".join(w[1:])


CARD_TEXT_LINES = 4  # every card text of a pack must wrap into this many lines
CARD_TEXT_Y = 23


def card_text_lines(text: str) -> list[str]:
    """A card's text as the card window draws it (at most ``CARD_TEXT_LINES``, the last cut)."""
    return wrap(text, fonts.small(), W - 2, CARD_TEXT_LINES)


def card_window(m: dict) -> Image.Image:
    """An ability-card window: the dice on the table, then one card at a time (up/down
    browse): its name, cost, limit and text."""
    p = _prompt(m)
    ui = _ui(m)
    options = p.get("options") or []
    cursor = int(ui.get("cursor", 0)) % max(1, len(options))
    cards = _pack(m).get("cards") or {}
    actor = p.get("actor", "")
    me = _player(m, actor)
    whistle = p.get("kind") == "whistle_window"
    play = _view(m).get("play") or {}
    dice = [d for d in play.get("dice") or [] if d]
    c = Canvas()
    body, small = fonts.body(), fonts.small()
    where = f"{cursor + 1}/{len(options)}"
    if dice and not whistle:
        # the roll the card would change, in the top row; who and where in the list beside it
        n = len(dice)
        size = max(9, min(13, 99 // n - 1))
        locked, gone = play.get("locked") or [], play.get("gone") or []
        for i, face in enumerate(dice):
            c.die(
                i * (size + 1),
                0,
                face,
                size=size,
                locked=i < len(locked) and locked[i],
                gone=i < len(gone) and gone[i],
            )
        c.text_right(W - 1, -1, where, small)
        c.text(W - 27, 6, actor.upper(), small)
        c.icon("bolt", W - 12, 6)
        c.text_right(W - 1, 6, str(me.get("momentum", 0)), small)
    else:
        c.title_bar(
            f"{actor.upper()} {'WHISTLE' if whistle else 'CARD'}", f"have {me.get('momentum', 0)}  {where}"
        )
    key = _option_card(options[cursor]) if options else "pass"
    info = cards.get(key) or {"name": key, "cost": 0, "text": ""}
    # cost, limit and whistle icons right of the name
    icons_w = (
        (11 + 2 if info.get("cost") else 0)
        + {"star": 9, "half": 10}.get(info.get("limit"), 0)
        + (11 if info.get("whistle") else 0)
    )
    right = W - 1
    x = right - icons_w + 1
    if info.get("cost"):
        c.icon("bolt", x, 14)
        x = c.text(x + 6, 13, str(info["cost"]), small) + 2
    if info.get("limit") == "star":
        c.icon("star", x, 14)
        x += 9
    elif info.get("limit") == "half":
        c.icon("half", x, 14)
        x += 10
    if info.get("whistle"):
        c.icon("whistle", x, 15)
    c.text(1, 12, body.fit(info["name"], right - icons_w - 3), body)
    c.lines(1, CARD_TEXT_Y, card_text_lines(info.get("text", "")), small)
    return _done(c, m)


# ---------------------------------------------------------------------------- other choices

_TITLES = {
    "team": "{a}: CHOOSE A TEAM",
    "call_coin": "{a}: CALL THE COIN",
    "elect": "{a} WON THE TOSS",
    "endzone": "{a}: YOUR END ZONE",
    "kicking": "{a}: HOW DO YOU KICK?",
    "conversion": "{a} TOUCHDOWN!",
    "onside_choice": "{a}: ONSIDE KICK?",
    "ai_teams": "LEVEL V: TWO AI TEAMS",
}


def option_words(m: dict, option: str) -> str:
    """An option in the game's words (``words.describe``, as the phones say it)."""
    return describe("dungeon-ball", option, m.get("view"), _pack(m))


def choice_list(m: dict) -> Image.Image:
    """Any other choice: the prompt as a title and its options as a scrolling list."""
    p = _prompt(m)
    ui = _ui(m)
    kind = p.get("kind", "")
    a = _actor(m)
    if kind == "huddle":
        v = _view(m)
        title = f"{a}: " + ("FINAL PLAY" if v.get("final_play") else f"DOWN {_summary(m).get('down', 1)}")
    else:
        title = _TITLES.get(kind, "{a}: " + kind.upper()).format(a=a)
    c = Canvas()
    c.title_bar(title)
    items = [{"label": option_words(m, o), "enabled": True} for o in p.get("options") or []]
    draw_list(c, 11, items, int(ui.get("cursor", 0)), 3)
    return _done(c, m)


# ---------------------------------------------------------------------------- solo AI card


def _ai_sentence(m: dict, card: dict) -> str:
    """model["ai_text"], else the latest ai_card event's text, else the view's, else a summary."""
    if m.get("ai_text"):
        return str(m["ai_text"])
    for e in reversed(m.get("events") or []):
        if e.get("event") == "ai_card" and e.get("text"):
            return str(e["text"])
    solo = _view(m).get("solo") or {}
    for key in ("sentence", "last_sentence", "text"):
        if solo.get(key):
            return str(solo[key])
    if card.get("sentence"):
        return str(card["sentence"])
    moves = card.get("moves") or []
    return f"AI runs {moves[0].upper()}" if moves else "AI card"


def _ai_icon(icon: dict | None) -> str:
    """A team icon in at most three characters: +R (double defense), -2 (lose dice), TO
    (turnover), <2Y (ball back two yellow spaces)."""
    if not icon:
        return ""
    if icon.get("kind"):  # {"kind": "double_defense", ...}
        kind = icon["kind"]
        return {"double_defense": "x2", "lose": "-", "turnover": "TO", "move_back": "<"}.get(kind, "!")
    if icon.get("double_defense"):
        return "+" + LETTER.get(icon["double_defense"], "?")
    if icon.get("lose"):
        return f"-{icon['lose']}"
    if icon.get("turnover"):
        return "TO"
    if icon.get("move_back"):
        mb = icon["move_back"]
        return f"<{mb.get('spaces', '')}{LETTER.get(mb.get('colour'), '')}"
    return "!"


def deck_entry(m: dict) -> Image.Image:
    """A draw from the AI deck entered by hand: the card id large, up/down to change it."""
    ch, faces, count, entered, face = _entry(m)
    verb = ch.get("verb", "draw")
    c = Canvas()
    title = "AI DECK: DRAW A CARD" if verb == "draw" else f"AI DECK: {verb.upper()} {count}"
    c.title_bar(title, f"{min(len(entered) + 1, count)}/{count}")
    big, small = fonts.big(), fonts.small()
    c.icon("up", 10, 12)
    c.icon("down", 10, 31)
    c.text(22, 10, face.upper(), big)
    c.text(22 + big.measure(face) + 6, 12, counted(len(faces), "card") if verb == "draw" else "", small)
    c.text(22 + big.measure(face) + 6, 21, "OK enter" if count == 1 else "OK next", small)
    if entered:
        shown = " ".join(entered[-4:])
        c.text(1, 38, small.fit(("... " if len(entered) > 4 else "") + shown, W - 2), small)
    if count > 1:
        c.text(1, 46, "BACK undo", small)
    return _done(c, m)


def solo_card(m: dict) -> Image.Image:
    """The AI's drawn card in solo mode: what it does (the sentence), then its corners: moves
    tried in order, the spaces it advances (ball / cleat), time, kick verdict, defense card."""
    solo = _view(m).get("solo") or {}
    card = solo.get("last_card") or {}
    c = Canvas()
    c.title_bar(f"AI CARD {card.get('id', '')}", f"{solo['draw']} left" if "draw" in solo else "")
    small = fonts.small()
    c.lines(1, 10, wrap(_ai_sentence(m, card), small, W - 2, 3), small)
    c.hline(0, W - 1, 35)
    y = 39
    # moves, in the order tried
    x = 1
    for d in card.get("moves") or []:
        w, h = (7, 4) if d in ("up", "down") else (4, 7)
        c.icon(d, x, y + (7 - h) // 2)
        x += w + 2
    # advance: ball (blue / yellow play) and cleat (red play) spaces, then time
    adv = card.get("advance") or {"ball": card.get("ball"), "cleat": card.get("cleat")}
    x = 32
    if adv.get("ball") is not None:
        c.icon("ball", x, y)
        c.text(x + 12, y, str(adv["ball"]), small)
    x = 51
    if adv.get("cleat") is not None:
        c.icon("cleat", x, y - 2)
        c.text(x + 12, y, str(adv["cleat"]), small)
    c.icon("time", 70, y - 3)
    c.text(81, y, str(card.get("time", 0)), small)
    c.icon("good" if card.get("kick") == "good" else "no-good", 88, y - 1)
    d = card.get("defense") or {}
    if d:
        x = 102
        colour = d.get("colour", "blue")
        c.rect(x, 37, W - 1, 54)
        c.pattern(x + 2, 39, x + 8, 52, colour)
        c.fill(x + 3, 42, x + 7, 50, 0)
        c.text(x + 3, 42, LETTER.get(colour, "?"), small)
        c.text(x + 11, 37, str(d.get("dice", "")), fonts.body())
        c.text(x + 10, 46, _ai_icon(card.get("icon")), small)
    return _done(c, m)


# ---------------------------------------------------------------------------- what happened

RESULT_LINES = 4


def result(m: dict) -> Image.Image:
    """After a play, a kick, a score or the coin toss: what happened (``model["events"]``),
    the most important thing as the headline, the rest in lines under it; the strip shows the
    score it led to."""
    events = m.get("events") or []
    defense = {k: v.get("dice") for k, v in (_pack(m).get("defense") or {}).items()}

    def name(pid: str) -> str:
        return _name(m, pid) if pid else ""

    c = Canvas()
    bold, small = fonts.bold(), fonts.small()
    c.fill(0, 0, W - 1, 13, 1)
    c.text_center(W // 2, 1, bold.fit(results.headline(events, name), W - 2), bold, fill=0)
    told = list(results.lines(events, name, defense))
    wrapped = [wrap(line, small, W - 2, 2) for line in told]  # the AI's sentence may take two lines
    if sum(map(len, wrapped)) > RESULT_LINES:  # no room: a long line says its first clauses only
        wrapped = [w if len(w) == 1 else [_clauses(line, small, W - 2)] for w, line in zip(wrapped, told)]
    said = [row for rows in wrapped for row in rows]
    if len(said) > RESULT_LINES:  # keep the first and the latest: the outcome is at the end
        said = said[:1] + said[-(RESULT_LINES - 1) :]
    c.lines(1, 16, said, small)
    return _done(c, m)


def _clauses(line: str, font, pixels: int) -> str:
    """As many of the line's first clauses (", "-separated) as fit one row: "AI: LEFT, blue
    play" of "AI: LEFT, blue play, 2 blue spaces, clock -1"; a first clause too long is cut."""
    parts = line.split(", ")
    for n in range(len(parts), 0, -1):
        head = ", ".join(parts[:n])
        if font.measure(head) <= pixels:
            return head
    return wrap(line, font, pixels, 1)[0]


# ---------------------------------------------------------------------------- halftime and game over


def _score_row(c: Canvas, m: dict, y: int) -> None:
    s = _summary(m)
    score = scores(s)
    big, body = fonts.big(), fonts.body()
    c.text(2, y + 5, _name(m, "p1"), body)  # "AI" for the solo deck's side
    c.text(18, y, str(score.get("p1", 0)), big)
    c.text_center(W // 2, y + 5, "-", body)
    c.text_right(W - 18, y, str(score.get("p2", 0)), big)
    c.text_right(W - 2, y + 5, _name(m, "p2"), body)


def halftime(m: dict) -> Image.Image:
    s = _summary(m)
    c = Canvas()
    c.text_center(W // 2, -2, "HALFTIME", fonts.big())
    c.hline(8, W - 9, 17)
    _score_row(c, m, 20)
    who = _name(m, s["possession"]) if s.get("possession") else ""
    line = f"{who} receives, clock {s.get('clock', 0)}" if who else f"clock back to {s.get('clock', 0)}"
    c.text_center(W // 2, 43, line, fonts.body())
    return _done(c, m)


def game_over(m: dict) -> Image.Image:
    s = _summary(m)
    c = Canvas()
    title = "FINAL" + (f" OT{s['overtime']}" if s.get("overtime") else "")
    c.text_center(W // 2, -2, title, fonts.big())
    c.hline(8, W - 9, 17)
    _score_row(c, m, 20)
    winner = s.get("winner")
    c.text_center(W // 2, 41, (f"{_name(m, winner)} WINS" if winner else "TIE") + "  OK: menu", fonts.body())
    return _done(c, m)


# ---------------------------------------------------------------------------- dispatch

draw_strip = status.draw  # the device's own screens (pass it on, the computer's moves) end with it

SCREENS = {
    "scoreboard": scoreboard,
    "play_board": play_board,
    "defense_pick": defense_pick,
    "dice_entry": dice_entry,
    "reroll": reroll,
    "card_window": card_window,
    "choice_list": choice_list,
    "solo_card": solo_card,
    "kick": kick,
    "deck_entry": deck_entry,
    "halftime": halftime,
    "game_over": game_over,
    "result": result,
}


def screen_for(m: dict) -> str:
    """The screen for the model's prompt (``model["screen"]`` overrides it in ``render``)."""
    p = _prompt(m)
    if _summary(m).get("over") or p.get("kind") == "over":
        return "game_over"
    if not p:
        return "scoreboard"
    ch = p.get("chance")
    if ch:
        if ch.get("verb") == "toss":
            return "kick"
        return "deck_entry" if ch.get("die") == "ai-deck" else "dice_entry"
    kind = p.get("kind", "")
    if kind == "pawn":
        return "play_board"
    if kind == "defense_card":
        return "defense_pick"
    if kind in ("keep", "pick"):
        return "reroll"
    if kind.endswith("_window"):
        return "card_window"
    if p.get("options"):
        return "choice_list"
    return "scoreboard"


# the screens whose bottom rows are the status strip: a notice goes over their title instead
NOTICE_AT_TOP = frozenset(SCREENS) - {"scoreboard"}
# After-action screens that stay until OK (the device reads this): halftime and the AI's card
# must be read; a play's result also goes after a few seconds.
WAIT_FOR_OK = frozenset({"halftime", "solo_card"})


def screen_after(events: list[dict]) -> str | None:
    """The screen that the events of an accepted action call for, or None (show the prompt),
    the most important first: ``game_over`` at the end, ``halftime`` after the first half,
    ``result`` after a play, a kick, a score, a turnover or the coin toss (it also says the
    AI's card when one was drawn), ``solo_card`` after the AI drew a card and nothing else
    happened yet."""
    kinds = {e.get("event") for e in events}
    if "game_over" in kinds:
        return "game_over"
    if "halftime" in kinds:
        return "halftime"
    if kinds & RESULT_EVENTS:
        return "result"
    if "ai_card" in kinds:
        return "solo_card"
    return None


def pack_info(engine) -> dict:
    """What the screens need from the pack, as plain data (the model's ``pack``; computed once
    per pack): field colours, board rows, card names, costs and texts."""
    pack = engine.pack
    f = pack.field
    cards = {
        c.id: {
            "name": c.name,
            "cost": c.cost,
            "text": c.text,
            "side": c.side,
            "limit": c.limit,
            "whistle": c.whistle,
        }
        for c in pack.cards.values()
    }
    board = pack.board
    cards["juke"] = {
        "name": "Juke",
        "cost": board.juke.cost,
        "side": "offense",
        "limit": "none",
        "whistle": False,
        "text": "Reroll one die (not a time die). Once a play.",
    }
    cards["big-hit discard"] = {
        "name": "Big Hit: discard",
        "cost": board.big_hit.cost,
        "side": "defense",
        "limit": "none",
        "whistle": False,
        "text": "Discard one offense die (not a time die). Once a play.",
    }
    cards["big-hit push"] = {
        "name": "Big Hit: push",
        "cost": board.big_hit.cost,
        "side": "defense",
        "limit": "none",
        "whistle": False,
        "text": f"Push the ball back {board.big_hit.move_back} spaces. Once a play.",
    }
    cards["pass"] = {
        "name": "Pass",
        "cost": 0,
        "side": "",
        "limit": "none",
        "whistle": False,
        "text": "Play no card now.",
    }
    return {
        "field": f.spaces,
        "final": f.final_spaces,
        "start": {"low": f.start_low, "high": f.start_high},
        "field_goal": {"low": f.field_goal_low, "high": f.field_goal_high},
        "board": list(board.rows),
        "requirements": {k: {"icon": r.icon, "count": r.count} for k, r in pack.requirements.items()},
        "defense": {d.id: {"colour": d.colour, "dice": d.dice} for d in pack.defense_cards},
        "teams": {t.id: t.name for t in pack.teams},
        "cards": cards,
        "base_dice": pack.rules.base_dice,
    }


# The solo levels, from the rulebook's SOLO MODE: which AI teams join the AI deck (six of its
# cards come out for each team's six).
LEVELS = (
    ("I", "AI deck", "Just the AI cards: the gentlest opponent."),
    ("II", "Mimic", "AI deck with the Mimic team's cards shuffled in."),
    ("III", "Spider", "AI deck with the Spider team's cards shuffled in."),
    ("IV", "Skull", "AI deck with the Skull team's cards shuffled in."),
    ("V", "two teams", "AI deck with two teams' cards, the two you pick."),
    ("VI", "all teams", "AI deck with all three teams' cards: hardest."),
)


def level_menu_items() -> list[dict]:
    """The AI level menu's items: ``{"id": "I", "label": "Level I: AI deck", "hint": ...}``;
    the list screen shows the selected level's hint under the list."""
    return [{"id": lv, "label": f"Level {lv}: {short}", "hint": hint} for lv, short, hint in LEVELS]
