"""Dungeonbowl's own screens: the turn (whose turn, the event chooser, the chests and traps
still hidden, the ball, each team's dug-out), the roll result in dice and words large enough
to read across the table, and the touchdown. Every other prompt (armour value, chance entry,
who was adjacent, the starters) is a generic screen; a question's options are listed in the
table's words (``option_label``: ``P1 #4``, ``knocked into a trap``, ``pad 3``)."""

from __future__ import annotations

from PIL import Image

from companion.games.dungeonbowl.screens_text import (
    event_label,
    move_words,  # noqa: F401  (a seat's move in words: the computer's moves, the phones' log)
    option_label,  # noqa: F401  (the generic list's words for an option)
    roll_results,
    shorter,
    who,
)
from companion.ui import fonts
from companion.ui.controls import Control, ListControl, MultiControl
from companion.ui.draw import Canvas, W, wrap
from companion.ui.generic import _prompt, _summary, _ui, chance

TURN, ROLL, OVER, PLACE, DICE = "bowl_turn", "bowl_roll", "game_over", "bowl_place", "bowl_dice"
PLACING = ("place_chest", "place_pad", "place_trap")
WAIT_FOR_OK = (OVER,)
HEADLINES = ("THE BALL!", "BOOM!", "LOST IN SPACE")
PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def screen_for(m: dict) -> str | None:
    p = _prompt(m)
    kind = p.get("kind")
    if p.get("chance"):
        return DICE
    return TURN if kind == "turn" else PLACE if kind in PLACING else None


def screen_after(events: list[dict]) -> str | None:
    if any(e.get("event") in ("touchdown", "concede") for e in events):
        return OVER
    return ROLL if roll_results(events) else None


def pip_die(c: Canvas, x: int, y: int, value: int, size: int = 22) -> None:
    """A d6 (or the d8's number) drawn large: pips for 1-6, the number above."""
    c.d.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=3, fill=0, outline=1)
    if value not in PIPS:
        c.text_center(x + size // 2 + 1, y + size // 2 - 6, str(value), fonts.bold())
        return
    step = (size - 8) // 2
    for col, row in PIPS[value]:
        cx, cy = x + 4 + col * step, y + 4 + row * step
        c.d.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=1)


def dugout_lines(c: Canvas, m: dict, y: int) -> None:
    """Each team's dug-out counts, the team whose turn it is inverted."""
    small = fonts.small()
    active = _summary(m).get("active")
    for i, team in enumerate((m.get("view") or {}).get("teams", [])):
        line = (
            f"{team['seat'].upper()} in{len(team['dungeon'])} res{len(team['reserves'])} "
            f"KO{len(team['ko'])} cas{len(team['cas'])}"
        )
        row = y + i * 9
        if team["seat"] == active:
            c.fill(0, row - 1, W - 1, row + 7, 1)
        c.text(1, row, small.fit(line, W - 2), small, fill=0 if team["seat"] == active else 1)


def turn(m: dict) -> Image.Image:
    """Whose turn on the bar; the events to report on the left; chests and traps still hidden
    and the ball on the right; both dug-outs at the bottom."""
    c = Canvas()
    p, s = _prompt(m), _summary(m)
    view = m.get("view") or {}
    right = (
        "TURNOVER"
        if view.get("turnover")
        else ("dug-out" if not view.get("acted") and not view.get("dugout") else "")
    )
    c.title_bar(f"{str(p.get('actor', '')).upper()} TURN {s.get('turn', 0)}", right)
    body, small = fonts.body(), fonts.small()
    options = list(p.get("options") or [])
    cursor = int(_ui(m).get("cursor", 0))
    rows, x1 = 3, 80
    top = max(0, min(cursor - 1, len(options) - rows)) if len(options) > rows else 0
    for i in range(top, min(len(options), top + rows)):
        y = 11 + (i - top) * 12
        label = body.fit(event_label(options[i]), x1 - 9)
        if i == cursor:
            c.fill(0, y, x1, y + 11, 1)
            c.icon("right", 2, y + 2, fill=0)
        c.text(8, y + 1, label, body, fill=0 if i == cursor else 1)
    ball = s.get("ball", "chest")
    where = {"chest": "in chest", "ground": "loose"}.get(ball, who(ball))
    x = x1 + 4
    c.vline(x1 + 2, 10, 45)
    c.text(x, 11, f"chest {s.get('chests_closed', 0)}", small)
    c.text(x, 20, f"traps {s.get('traps_hidden', 0)}", small)
    c.text(x, 29, "ball", small)
    c.text(x, 37, small.fit(where, W - x), small)
    c.hline(0, W - 1, 46)
    dugout_lines(c, m, 48)
    return c.done()


def roll(m: dict) -> Image.Image:
    """The last roll large: its dice as pip dice, the total, and what it means inverted across
    the bottom; an earlier roll of the same action in a line above."""
    c = Canvas()
    results = roll_results(m.get("events") or [])
    turnover = any(e.get("event") == "turnover" for e in m.get("events") or [])
    if not results:
        c.title_bar("nothing rolled")
        return c.done()
    if results[-1].get("words"):
        return roll_off(results)
    # a chest's reveal or a player lost in space is the headline, whatever was rolled after it
    last = next((r for r in results if r["result"] in HEADLINES), results[-1])
    other = next((r for r in reversed(results) if r is not last), None)
    big, bold, small = fonts.big(), fonts.bold(), fonts.small()
    if turnover and small.measure(last["what"]) > W - 5 - small.measure("TURNOVER"):
        c.title_bar(last["what"])  # the roll whole; the turnover under the bar, right
        c.fill(W - 43, 9, W - 1, 17, 1)
        c.text_right(W - 2, 9, "TURNOVER", small, fill=0)
    else:
        c.title_bar(last["what"], "TURNOVER" if turnover else "")
    dice = last["dice"]
    x = 2
    for value in dice[:3]:
        pip_die(c, x, 12, value)
        x += 25
    if len(dice) == 2 and last["what"].startswith(("armour", "injury")):
        c.text(x + 2, 13, f"={sum(dice)}", big)
    elif len(dice) == 2:
        c.text(x + 2, 13, f"{dice[0]}{dice[1]}", big)  # the D68 reads as tens and units
    elif not dice:
        thing = last["what"].split(":")[0].upper()
        font = big if big.measure(thing) <= W - 4 else bold
        c.text_center(W // 2, 13, thing, font)
    if other is not None:
        forms = shorter(other)
        line = next((f for f in forms if small.measure(f) <= W - 2), forms[-1])
        c.text(1, 36, small.fit(line, W - 2), small)
    word = last["result"]
    font = big if big.measure(word) <= W - 4 else bold
    c.fill(0, 44, W - 1, 63, 1)
    c.text_center(W // 2, 44 + (20 - font.height) // 2, font.fit(word, W - 4), font, fill=0)
    return c.done()


def roll_off(results: list[dict]) -> Image.Image:
    """The roll-off in the rulebook's words: each coach's d6 with his name beside it, "P1 rolled
    6, P2 rolled 2", and who chooses the end zone (an earlier tie on the bar)."""
    c = Canvas()
    last, tie = results[-1], (results[-2] if len(results) > 1 else None)
    small, bold = fonts.small(), fonts.bold()
    c.title_bar(
        f"Roll-off again (tie {tie['dice'][0]}-{tie['dice'][1]})" if tie else "Roll-off for the end zone"
    )
    for i, (seat, value) in enumerate(zip(("P1", "P2"), last["dice"])):
        x = 4 + 64 * i
        pip_die(c, x, 12, value)
        c.text(x + 27, 17, seat, bold)
    c.text(1, 36, small.fit(last["what"], W - 2), small)
    word = last["result"]
    big = fonts.big()
    c.fill(0, 44, W - 1, 63, 1)
    c.text_center(W // 2, 44 + (20 - big.height) // 2, big.fit(word, W - 4), big, fill=0)
    return c.done()


def game_over(m: dict) -> Image.Image:
    """TOUCHDOWN and the winner in large letters; who scored and on which turn."""
    c = Canvas()
    s = _summary(m)
    events = m.get("events") or []
    scored = next((e for e in events if e.get("event") == "touchdown"), None)
    winner = str(s.get("winner") or "").upper()
    big, body = fonts.big(), fonts.body()
    c.fill(0, 0, W - 1, 22, 1)
    c.text_center(
        W // 2, 1, "TOUCHDOWN!" if scored or any(s.get("scores", {}).values()) else "CONCEDED", big, fill=0
    )
    c.text_center(W // 2, 25, f"{winner} WINS", big)
    line = f"{who(scored['player'])}, turn {scored['turn']}" if scored else f"turn {s.get('turn', 0)}"
    c.text_center(W // 2, 50, body.fit(line, W - 2), body)
    return c.done()


def place(m: dict) -> Image.Image:
    """Placing the counters: which counter and whose, large; where it may go, in words; OK
    once it is on the table (the device only counts)."""
    c = Canvas()
    p = _prompt(m)
    counter, _, rule = str(p.get("text", "")).partition(": ")
    c.title_bar("set-up: place counters", str(p.get("actor", "")).upper())
    big, small = fonts.big(), fonts.small()
    head = big if big.measure(counter.upper()) <= W - 2 else fonts.bold()  # "10 TRAPS LEFT" is bold
    c.text_center(W // 2, 10 if head is big else 14, head.fit(counter.upper(), W - 2), head)
    for i, line in enumerate(wrap(rule, small, W - 4, max_lines=3)):
        c.text(2, 32 + 8 * i, line, small)
    c.fill(0, 55, W - 1, 63, 1)
    c.text_center(W // 2, 56, "OK when it is placed", small, fill=0)
    return c.done()


def dice(m: dict) -> Image.Image:
    """Dice entered on the buttons: the generic entry, titled with what is rolled and for whom
    (``armour P2 #4 AV8: 2d6``), so the table knows which roll it is entering."""
    c = Canvas(chance(m))
    p, ui = _prompt(m), _ui(m)
    count = int(ui.get("count", (p.get("chance") or {}).get("count", 1)))
    right = f"{min(len(ui.get('entered') or []) + 1, count)}/{count}"
    small = fonts.small()
    room = W - 2 - small.measure(right) - 3
    text = str(p.get("text", ""))
    # whole, else without the dice (drawn under it: "armour P1 #2 AV10"), else "pad" for "from pad"
    forms = [text, text.rsplit(": ", 1)[0], text.rsplit(": ", 1)[0].replace(" from pad ", " pad ")]
    c.title_bar(next((f for f in forms if small.measure(f) <= room), forms[-1]), right)
    return c.done()


SCREENS = {TURN: turn, ROLL: roll, OVER: game_over, PLACE: place, DICE: dice}


def control(prompt: dict) -> Control | None:
    """Set-up in as few presses as the rules allow: the inducements open on "done" (most
    coaches buy nothing: one OK), the starters open with the first six players ticked and the
    cursor on the confirm (one OK; a coach who starts others changes only those)."""
    kind, options = prompt.get("kind"), list(prompt.get("options") or [])
    if kind == "inducements" and options and options[-1].endswith(" done"):
        c = ListControl(prompt)
        c.ui["cursor"] = len(options) - 1
        return c
    if kind == "starters" and (prompt.get("choice") or {}).get("multi"):
        c = MultiControl(prompt)
        c.ui["selected"] = list(range(min(c.ui["max"], len(c.ui["items"]))))
        c.ui["cursor"] = len(c.ui["items"])
        return c
    return None
