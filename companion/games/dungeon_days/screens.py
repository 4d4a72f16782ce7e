"""Dungeon Days' screens: one board per screen, seven columns of short card codes (left/right
changes the board), the turn built word by word under it (card, board, day), the scorer's entry
day by day, and each board's score with the reason for every day.

The hand is drawn only from the viewer's own view, and the turn's prompt ``shows_hand``: the
device shows the pass-it-on screen before it (companion/app.py).
"""

from __future__ import annotations

from PIL import Image

from companion.engine.words import counted
from companion.games.dungeon_days.controls import DaysControl
from companion.games.dungeon_days.words import seats_named
from companion.ui import fonts
from companion.ui.draw import Canvas, W, wrap
from companion.ui.generic import BOTTOM, seat_name, strip

COL = 18  # seven columns of 18 px: 126 px
X0 = 1
ROWS = (19, 27, 35)  # the top three cards of a pile, the top card first
DAY_LABEL = {"mon": "Mo", "tue": "Tu", "wed": "We", "thu": "Th", "fri": "Fr", "sat": "Sa", "sun": "Su"}


def pack_info(engine) -> dict:
    pack = engine.pack
    return {
        "codes": {k: c.code for k, c in pack.cards.items()},
        "days": list(pack.days),
        "names": {k: c.text for k, c in pack.cards.items()},  # each card's rule, as printed
        "types": {k: c.type for k, c in pack.cards.items()},
        "points": {k: c.points for k, c in pack.cards.items()},
    }


def dealt_text(action: str, pack: dict) -> str | None:
    """The card the device drew for a player, said to them before the device is passed on:
    ``chance draw lava`` -> "You drew Lava (trap): Remove a top creature, not the Dragon."."""
    w = action.split()
    if w[:2] != ["chance", "draw"] or len(w) != 3:
        return None
    m = {"pack": pack}
    rule = str((pack.get("names") or {}).get(w[2], ""))
    rule = f" {rule}." if rule else ""
    said = [  # the longest that the message screen's four lines hold
        f"You drew {card_line(m, w[2])}.{rule}",
        f"You drew {w[2].capitalize()}.{rule}",
        f"{card_line(m, w[2])}.{rule}",
    ]
    return next((t for t in said if len(wrap(t, fonts.body(), W - 4)) <= 4), said[0])


def control(prompt: dict):
    """The turn and the scorer's entry get the word tree with a board beside it."""
    if prompt.get("kind") not in ("turn", "enter"):
        return None
    choice = prompt.get("choice") or {}
    words = choice.get("words") or []
    boards = list(choice.get("boards") or (words[2] if len(words) > 2 else [prompt.get("actor", "p1")]))
    return DaysControl(prompt, boards)


def screen_for(m: dict) -> str | None:
    kind = (m.get("prompt") or {}).get("kind")
    return "days_board" if kind in ("turn", "enter") else None


def screen_after(events: list[dict]) -> str | None:
    """A board's score, day by day, after the scorer's last day of it; what a play did or that
    a card was drawn (a computer seat's turn is seen as a person's is)."""
    if any(e.get("event") == "board" for e in events):
        return "days_score"
    if any(e.get("event") == "over" for e in events):
        return "days_final"
    if any(e.get("event") in ("play", "drew") for e in events):
        return "days_result"
    return None


# ---------------------------------------------------------------------------- pieces


def _code(m: dict, card: str) -> str:
    return str((m.get("pack") or {}).get("codes", {}).get(card, card[:3].upper()))


def _word(m: dict, word: str) -> str:
    """A chooser word as the panel shows it: a card's code, a board P2, a day Tue."""
    if word in (m.get("pack") or {}).get("codes", {}):
        return _code(m, word)
    if word in DAY_LABEL:
        return word.capitalize()
    return word.upper() if word[:1] == "p" and word[1:].isdigit() else word


def draw_board(c: Canvas, m: dict, pile_rows: list[list[str]], mark_day: int | None) -> None:
    """The seven days of one board: the day's letters on top, each pile's top cards under them."""
    f = fonts.small()
    days = (m.get("pack") or {}).get("days") or list(DAY_LABEL)
    for d, name in enumerate(days):
        x = X0 + d * COL
        if d:
            for y in range(10, 43, 2):
                c.im.putpixel((x - 1, y), 1)
        marked = d == mark_day
        if marked:
            c.fill(x, 10, x + COL - 2, 42, 1)
        ink = 0 if marked else 1
        c.text_center(x + COL // 2, 10, DAY_LABEL.get(name, name[:2]), f, fill=ink)
        pile = pile_rows[d] if d < len(pile_rows) else []
        shown = list(reversed(pile))
        if len(shown) > 3:
            shown = shown[:2] + [f"+{len(shown) - 2}"]
        for row, card in zip(ROWS, shown):
            text = card if card.startswith("+") else _code(m, card)
            c.text_center(x + COL // 2, row, text, f, fill=ink)
        if not pile:
            c.text_center(x + COL // 2, ROWS[0], "-", f, fill=ink)
        if "boulder" in pile:
            c.rect(x + 1, ROWS[0] - 1, x + COL - 3, ROWS[0] + 8, outline=ink)
    c.hline(0, W - 1, 18)


def card_line(m: dict, card: str) -> str:
    """ "Orc: 3 points" (a creature scores), "Lava: trap", "Terror: spell"."""
    pack = m.get("pack") or {}
    kind = (pack.get("types") or {}).get(card, "")
    if card == "mimic":  # "a creature of variable points": its printed 0 is not what it scores
        return "Mimic: points vary"
    if kind == "creature":
        return f"{card.capitalize()}: {counted(int((pack.get('points') or {}).get(card, 0)), 'point')}"
    return card.capitalize() + (f": {kind}" if kind else "")


def draw_card(c: Canvas, m: dict, card: str, why_not: str | None) -> None:
    """A card of the hand over the board's rows: what it is and scores, then its rule, or why
    it cannot be played now."""
    f = fonts.small()
    c.text(1, 11, f.fit(card_line(m, card), W - 2), f)
    rule = str(((m.get("pack") or {}).get("names") or {}).get(card, ""))
    c.lines(1, 19, wrap(why_not or rule, f, W - 2, 3), f)


def draw_words(
    c: Canvas, m: dict, y: int, label: str, words: list[str], cursor: int, idle: list[str] = ()
) -> None:
    """The words that may come next in a row, the cursor's inverted, scrolled to keep it in
    sight; then the ``idle`` ones (cards in hand with no legal play now), struck through."""
    f = fonts.small()
    x = 1 + (f.measure(label) + 2 if label else 0)
    c.text(1, y + 1, label, f)
    shown = [_word(m, w) for w in [*words, *idle]]
    widths = [f.measure(s) + 4 for s in shown]
    start = 0
    while sum(widths[start : cursor + 1]) > W - x - 6 and start < cursor:
        start += 1
    if start:
        c.text(x, y + 1, "<", f)
        x += 6
    for i in range(start, len(shown)):
        if x + widths[i] > W - 6:
            c.text(W - 5, y + 1, ">", f)
            break
        if i == cursor:
            c.fill(x, y, x + widths[i] - 2, y + 8, 1)
        c.text(x + 1, y + 1, shown[i], f, fill=0 if i == cursor else 1)
        if i >= len(words):
            c.hline(x, x + widths[i] - 3, y + 4)
        x += widths[i]


def last_event(m: dict, name: str) -> dict | None:
    """The latest event of that name among the model's events (what the result screens say)."""
    return next((e for e in reversed(m.get("events") or []) if e.get("event") == name), None)


def empty(c: Canvas, text: str) -> Image.Image:
    """A result screen drawn without its event: just say so."""
    c.title_bar(text)
    return c.done()


# ---------------------------------------------------------------------------- screens

STEP_LABEL = {"card": "card", "board": "board", "day": "day", "take": "take", "give": "give"}


def days_board(m: dict) -> Image.Image:
    """One board (the one left/right chose, or the one being chosen), and the turn so far."""
    c = Canvas()
    ui = m.get("ui") or {}
    view = m.get("view") or {}
    prompt = m.get("prompt") or {}
    seats = {s["id"]: s for s in view.get("seats", [])}
    actor = prompt.get("actor", "")
    board = ui.get("board") or actor or next(iter(seats), "p1")
    seat = seats.get(board, {"board": [[] for _ in range(7)], "score": 0})
    chosen = list(ui.get("chosen") or [])
    words = list(ui.get("words") or [])
    cursor = int(ui.get("cursor", 0))
    days = (m.get("pack") or {}).get("days") or list(DAY_LABEL)
    mark = None
    if prompt.get("kind") == "enter":
        mark = int(view.get("day", 0)) if board == actor else None
        said = str(prompt.get("text", ""))
        current = words[cursor] if cursor < len(words) else ""
        if current in (m.get("pack") or {}).get("codes", {}):  # the code under the cursor, named
            room = W - 5 - fonts.small().measure(f"{seat_name(m, board)}:{seat.get('score', 0)}")
            where = said.split(":")[0]  # "P1 Mon"
            heads = [f"{where}: add {current.capitalize()}", f"add {current.capitalize()}"]
            said = next((t for t in heads if fonts.small().measure(t) <= room), heads[-1])
    else:
        current = words[cursor] if cursor < len(words) else ""
        pick = current if current in days else next((w for w in chosen if w in days), None)
        if pick is not None and (len(chosen) >= 2 and chosen[1] == board):
            mark = days.index(pick)
        said = f"{seat_name(m, actor)} " + (
            " ".join(_word(m, w) for w in chosen) if chosen else "draw or play"
        )
        named = f"{seat_name(m, actor)} {chosen[0].capitalize() if chosen else ''}"
        named += "".join(
            f" on {_word(m, w)}" if i == 1 else f" {_word(m, w)}" for i, w in enumerate(chosen[1:3], 1)
        )
        room = W - 5 - fonts.small().measure(f"{seat_name(m, board)}:{seat.get('score', 0)}")
        if chosen and len(chosen) <= 3 and fonts.small().measure(named) <= room:  # names, not codes
            said = named  # "P1 Halfling on P2", not "P1 HAL P2"
        if not chosen and current in (m.get("pack") or {}).get(
            "codes", {}
        ):  # the code under the cursor, named
            room = W - 5 - fonts.small().measure(f"{seat_name(m, board)}:{seat.get('score', 0)}")
            said = next(
                t
                for t in (
                    f"{seat_name(m, actor)} play {current.capitalize()}",
                    f"{seat_name(m, actor)} {current.capitalize()}",
                )
                if fonts.small().measure(t) <= room or t.count(" ") == 1
            )
    step = ("card", "board", "day", "take", "give")[min(len(chosen), 4)]
    hand = list(seats.get(actor, {}).get("hand") or [])
    turn_card = step == "card" and prompt.get("kind") == "turn"
    idle = (list(ui.get("idle") or [k for k in dict.fromkeys(hand) if k not in words])) if turn_card else []
    under = ([*words, *idle][cursor] if cursor < len(words) + len(idle) else "") if turn_card else ""
    codes = (m.get("pack") or {}).get("codes", {})
    if under in codes and ui.get("looking", "hand") == "hand":  # a card of the hand, what it does
        right = f"{seat_name(m, board)}:{seat.get('score', 0)}"
        room = W - 5 - fonts.small().measure(right)
        heads = (
            [
                f"{seat_name(m, actor)} play {under.capitalize()}",
                f"{seat_name(m, actor)} {under.capitalize()}",
                under.capitalize(),
            ]
            if under in words
            else [f"{under.capitalize()}: no play now", "no play now"]
        )
        c.title_bar(next((t for t in heads if fonts.small().measure(t) <= room), heads[-1]), right)
        draw_card(
            c, m, under, None if under in words else (ui.get("why_not") or {}).get(under, "no play now")
        )
        c.hline(0, W - 1, 43)
    else:
        c.title_bar(said, f"{seat_name(m, board)}:{seat.get('score', 0)}")
        draw_board(c, m, seat.get("board") or [], mark)
    # the first word needs no label (the title says "draw or play"): room for one more card
    label = "add:" if prompt.get("kind") == "enter" else "" if step == "card" else f"{STEP_LABEL[step]}:"
    draw_words(c, m, 44, label, words, cursor, idle)
    strip(c, m)
    return c.done()


def days_score(m: dict) -> Image.Image:
    """A board's score with the reason for every day (the scorer, after the board's Sunday)."""
    c = Canvas()
    event = last_event(m, "board")
    f = fonts.small()
    if event is None:
        return empty(c, "no board scored")
    c.title_bar(f"{seat_name(m, event['seat'])} scores {event['total']}", "OK")
    for i, (day, points, why) in enumerate(event["days"]):
        y = 10 + i * 7 + (i > 0) * 0
        c.text(1, y, DAY_LABEL.get(day, day[:2]), f)
        c.text_right(W - 1, y, str(points), f)
        c.text(14, y, f.fit(why, W - 30), f)
    return c.done()


def days_result(m: dict) -> Image.Image:
    """What a play did: the card, where, and the cards it removed, by name; or that a card was
    drawn."""
    c = Canvas()
    # the play that removed cards (a computer seat may have played after it, removing none)
    plays = [e for e in m.get("events") or [] if e.get("event") == "play"]
    event = next((e for e in reversed(plays) if e.get("removed")), plays[-1] if plays else None)
    f, body = fonts.small(), fonts.body()
    drew = last_event(m, "drew")
    if event is None and drew is not None:
        c.title_bar(f"{seat_name(m, drew['seat'])} drew a card", "OK")
        if isinstance(drew.get("deck"), int):
            c.text(2, 12, f"{counted(drew['deck'], 'card')} left", body)
        c.hline(0, W - 1, BOTTOM)
        strip(c, m)
        return c.done()
    if event is None:
        return empty(c, "nothing played")
    c.title_bar(f"{seat_name(m, event['seat'])} played", "OK")
    name, day = event["card"].capitalize(), event["day"].capitalize()
    on = f"on {seat_name(m, event['board'])} {day}"
    first, lines = f"{name} {on}", []
    if body.measure(first) > W - 4:  # "Transportation on P4 Thu": the name alone, where under it
        first, lines = name, [on]
    if event["card"] == "transportation":  # whose stacks to swap, said for the table to do it
        lines.append(f"swapped with {seat_name(m, event['seat'])} {day}")
    if event.get("took"):
        lines += [f"took {event['took'].capitalize()}", f"gave {str(event.get('gave', '')).capitalize()}"]
    c.text(2, 12, first, body)
    lines += removed_lines(m, event.get("removed") or [], f, 3 - len(lines))
    for row, line in enumerate(lines[:3]):
        c.text(2, 25 + 9 * row, line, f)
    c.hline(0, W - 1, BOTTOM)
    strip(c, m)
    return c.done()


def removed_lines(m: dict, removed: list[str], f, rows: int) -> list[str]:
    """ "removed: Dwarf, Elf, 2 Human" in at most ``rows`` lines: the names, or the codes when
    the names take more (a Terror on a busy day of six boards)."""
    if not removed or rows < 1:
        return []
    kinds = dict.fromkeys(removed)
    for say in (lambda k: k.capitalize(), lambda k: _code(m, k)):
        items = ", ".join(say(k) + (f" x{removed.count(k)}" if removed.count(k) > 1 else "") for k in kinds)
        for lines in (["removed:", *wrap(items, f, W - 4)], wrap(f"removed: {items}", f, W - 4)):
            if len(lines) <= rows:
                return lines
    return wrap(f"removed: {items}", f, W - 4, rows)


def days_final(m: dict) -> Image.Image:
    """The end: every board's points day by day and its total, the winner on the bar (and
    whether the most cards decided it)."""
    c = Canvas()
    event = last_event(m, "over")
    f = fonts.small()
    if event is None:
        return empty(c, "game over")
    winner = event.get("winner")
    head = (
        "DRAW"
        if event.get("draw")
        else f"{seat_name(m, winner)} WINS" + (" (cards)" if event.get("tie_break") else "")
    )
    c.title_bar(f"FINAL: {head}", "OK")
    x0 = 19
    for d, name in enumerate((m.get("pack") or {}).get("days") or list(DAY_LABEL)):
        c.text_center(x0 + d * 13 + 6, 10, DAY_LABEL.get(name, name[:2]), f)
    c.text_right(W - 1, 10, "sum", f)
    c.hline(0, W - 1, 18)
    rows = event.get("days", {})
    step = 8 if len(rows) <= 4 else 7
    for row, (seat, points) in enumerate(rows.items()):
        y = 20 + row * step
        c.text(1, y, seat_name(m, seat) + ("*" if seat == winner else ""), f)
        for d, p in enumerate(points):
            c.text_center(x0 + d * 13 + 6, y, str(p) if p else "-", f)
        c.text_right(W - 1, y, str(event["scores"][seat]), f)
    why = seats_named(str(event.get("why") or ""))  # why it ended: "P1 filled the week"
    if why and 21 + len(rows) * step + 7 <= 64 and f.measure(why) <= W - 2:  # room under 5 rows
        c.text(1, 21 + len(rows) * step, why, f)
    return c.done()


SCREENS = {
    "days_board": days_board,
    "days_score": days_score,
    "days_result": days_result,
    "days_final": days_final,
}
NOTICE_AT_TOP = frozenset({"days_board", "days_result"})
