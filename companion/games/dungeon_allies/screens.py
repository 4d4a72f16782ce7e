"""Dungeon Allies' own screens. The placement is the generic word chooser (die, then space) and
a tavern bid the generic number entry; these add what the table must read at a glance:

* ``allies_place``: placing a die: the excursion board's map over the word chooser, with a
  line about the highlighted die or space (screens_place.py);
* ``allies_table``: at each new turn, the round and turn, and every player's gold, crystals
  (red, blue, yellow, green, white) and dice, in turn order;
* ``allies_fight``: a fight's monster, the number needed and the dice with the doubled ones
  marked, the sum once rolled, over the spells or the reroll to choose;
* ``allies_result``: what a fight came to: the dice, the sum against the number, won or lost;
* ``allies_seen``: what a red crystal showed, to its player alone;
* ``allies_rolls``: the percentile rolls for the first turn order and who goes first;
* ``allies_step``: on the real board, the resolution step the table is at (1 to 8), until OK;
* ``allies_over``: the final points and, when scores tie, the crystal that decided it;
* ``chance`` (the generic entry's name): a real board's draw, its bar saying what is entered.
"""

from __future__ import annotations

from PIL import Image

from companion.ui import fonts
from companion.ui.draw import Canvas, H, W, wrap
from companion.ui.generic import chance, choose, draw_scores, seat_name, strip
from companion.ui.menus import draw_list

from .screens_areas import MODE as PLACE_MODE
from .screens_areas import control  # noqa: F401  (the placing prompt's own control, found by the ui's hooks)
from .screens_place import PLACE, place
from .words import card_words, describe, entry_heading, fight_said, monster_words, prompt_words, space_name

TABLE, FIGHT, RESULT, STEP, OVER = (
    "allies_table",
    "allies_fight",
    "allies_result",
    "allies_step",
    "allies_over",
)
SEEN, ASK, ROLLS = "allies_seen", "allies_ask", "allies_rolls"
COLOURS = ("red", "blue", "yellow", "green", "white")
STEPS = ("excursion", "order", "treasure", "trainer", "tavern", "prisoner", "trade", "sorcerer")


def _view(m: dict) -> dict:
    return m.get("view") or {}


def _prompt(m: dict) -> dict:
    return m.get("prompt") or {}


def dice_sum(dice: list[str], values: list[int], doubled: list[str]) -> str:
    """'6x2+3=15' once rolled; before the roll the dice, doubled ones marked: 'd6x2 d4'."""
    if not values:
        return " ".join(d + ("x2" if why else "") for d, why in zip(dice, doubled))
    parts = [f"{v}x2" if why else str(v) for v, why in zip(values, doubled)]
    return "+".join(parts) + f"={sum(v * (2 if why else 1) for v, why in zip(values, doubled))}"


def monster_name(m: dict, key: str) -> str:
    return (m.get("pack") or {}).get("monsters", {}).get(key, key)


# ---------------------------------------------------------------------------- the table


def table(m: dict) -> Image.Image:
    """Round and turn on the bar; a header row; one row per seat in turn order: gold, the five
    crystal counts, the dice of its characters and followers."""
    v = _view(m)
    c = Canvas()
    left = f"{v.get('monsters_left', 0)} monsters left"
    bar = f"Round {v.get('round', 1)}  Turn {v.get('turn', 1)}"
    if fonts.small().measure(f"{bar}   {left}") > W - 2:  # what is left says what it is; the turn gives way
        bar = f"Round {v.get('round', 1)}"
    c.title_bar(bar, left)
    small = fonts.small()
    cx = [38 + 6 * i for i in range(5)]
    c.text(1, 10, "  gold", small)
    for x, colour in zip(cx, COLOURS):
        c.text(x, 10, colour[0].upper(), small)
    c.text(72, 10, "dice", small)
    c.hline(0, W - 1, 18)
    seats = dict(v.get("seats") or {})
    order = v.get("order") or list(seats)
    step = 9 if len(order) >= 5 else 10
    for i, sid in enumerate(order):
        seat = seats[sid]
        y = 20 + step * i
        c.text(1, y, seat_name(m, sid), small)
        c.text_right(33, y, str(seat["gold"]), small)
        for x, colour in zip(cx, COLOURS):
            c.text(x, y, str(min(9, seat["crystals"][colour])), small)
        dice = "/".join(a["die"][1:] for a in seat["allies"] if a["die"])
        c.text(72, y, small.fit(dice, W - 73), small)
    return c.done()


# ---------------------------------------------------------------------------- a fight


def fight(m: dict) -> Image.Image:
    """The monster and its number on the bar; the dice (or the sum) under it; the choices."""
    v, p, ui = _view(m), _prompt(m), m.get("ui") or {}
    f = v.get("combat") or {}
    c = Canvas()
    name = monster_name(m, f.get("monster", ""))
    c.title_bar(f"{f.get('square', '').upper()} {name}", f"need {f.get('need', '?')}")
    body = fonts.body()
    said = dice_sum(f.get("dice", []), f.get("values", []), f.get("doubled", []))
    c.text(1, 11, body.fit(f"{seat_name(m, f.get('seat', ''))}: {said}", W - 2), body)
    c.hline(0, W - 1, 22)
    items = [
        {"label": describe(o, v, m.get("pack")), "enabled": True, "hint": ""} for o in p.get("options") or []
    ]
    draw_list(c, 24, items, int(ui.get("cursor", 0)), 2)
    strip(c, m)
    return c.done()


def last(events: list[dict], kind: str) -> dict | None:
    return next((e for e in reversed(events) if e.get("event") == kind), None)


ROOM = (W - 2) // 5  # the small font's characters across the panel


def fight_line(m: dict, e: dict, room: int = ROOM) -> str:
    """One fight in a line of ``room`` characters, under a bar that says "rolled/needed":
    'Y1 P1 Goblin 7/4 +1g' (won: the gold), 'B2 P2 Ogre 5/12 lost', 'Y3 P1 Troll HAMMER +3g'.
    The monster's name gives way by whole words, so no word is cut and the numbers and the
    outcome are always whole."""
    said = "HAMMER" if e.get("total") is None else f"{e.get('total')}/{e.get('need')}"
    head = f"{e.get('square', '').upper()} {seat_name(m, e.get('seat', ''))}"
    tail = f"{said} " + (f"+{e.get('gold')}g" if e.get("won") else "lost")
    words = monster_name(m, e.get("monster", "")).split()
    while words and len(" ".join([head, *words, tail])) > room:
        words.pop()
    return " ".join([head, *words, tail])


def whole_words(text: str, font, room: int) -> str:
    """``text`` without its last words until it fits ``room`` pixels ("Y1 P1 Giant spider" ->
    "Y1 P1 Giant"): never a word cut in two."""
    words = text.split(" ")
    while len(words) > 1 and font.measure(" ".join(words)) > room:
        words.pop()
    return " ".join(words)


def results(m: dict, fights: list[dict]) -> Image.Image:
    """Several fights resolved at once (the dice rolled by the device). Two are said in words,
    each on two lines ("Y1 P1 Goblin  +1 gold" over "rolled 7, needed 4: won"); more, a line
    each, the bar saying how to read "7/4"."""
    c = Canvas()
    small = fonts.small()
    if len(fights) <= 2:
        c.title_bar("Excursions", f"{len(fights)} fights")
        for i, e in enumerate(fights):
            y = 11 + 22 * i
            gold = f"+{e.get('gold', 0)} gold" if e.get("won") else ""
            room = W - 2 - (small.measure(gold) + small.width if gold else 0)
            c.text(
                1,
                y,
                whole_words(
                    f"{e.get('square', '').upper()} {seat_name(m, e.get('seat', ''))} "
                    f"{monster_name(m, e.get('monster', ''))}",
                    small,
                    room,
                ),
                small,
            )
            if gold:
                c.text_right(W - 1, y, gold, small)
            said = fight_said(e).split(", +")[0]
            if small.measure(said) > W - 2:
                said = said.replace("needed", "need")
            c.text(1, y + 9, said, small)
    else:
        c.title_bar(f"{len(fights)} fights", "rolled/needed")
        for i, e in enumerate(fights[-5:]):  # five rows of 8 above the score strip
            line = fight_line(m, e)
            tail = " ".join(line.split(" ")[-2:])  # "16/12 +6g", "3/4 lost": a column of its own
            c.text(1, 10 + 8 * i, line.removesuffix(" " + tail), small)
            c.text_right(W - 1, 10 + 8 * i, tail, small)
    strip(c, m)
    return c.done()


def result(m: dict) -> Image.Image:
    """What a fight came to: who fought what where on the bar, the dice, then in words what
    was rolled against the number needed, and won (the gold) or lost."""
    fights = [e for e in m.get("events") or [] if e.get("event") == "combat"]
    if len(fights) > 1:
        return results(m, fights)
    e = fights[-1] if fights else {}
    c = Canvas()
    seat = f"{seat_name(m, e['seat'])} " if e.get("seat") else ""
    c.title_bar(
        f"{seat}{e.get('square', '').upper()} {monster_name(m, e.get('monster', ''))}",
        "" if e.get("total") is None else f"need {e.get('need')}",
    )
    big, body, bold = fonts.big(), fonts.body(), fonts.bold()
    if e.get("total") is None:
        c.text_center(W // 2, 14, "HAMMER", big)
        c.text_center(W // 2, 34, "of the Gods", body)
    else:
        c.text_center(
            W // 2,
            11,
            body.fit(dice_sum(e.get("dice", []), e.get("values", []), e.get("doubled", [])), W - 2),
            body,
        )
        said = f"rolled {e.get('total')}, needed {e.get('need')}"
        font = bold if bold.measure(said) <= W - 2 else body
        c.text_center(W // 2, 26, said, font)
    verdict = f"won, +{e.get('gold', 0)} gold" if e.get("won") else "lost: monster is out"
    c.fill(0, 43, W - 1, 53, 1)
    c.text_center(W // 2, 43, verdict, body, fill=0)
    strip(c, m)
    return c.done()


# ---------------------------------------------------------------------------- a red crystal


def seen(m: dict) -> Image.Image:
    """What a red crystal showed, to its player alone (the prompt is private: the device was
    passed to him): each square and its monster, then in words what it needs, gives and is
    weak to there ("needs 4, gives 1 gold, weak to melee")."""
    p, v = _prompt(m), _view(m)
    c = Canvas()
    c.title_bar(f"{seat_name(m, p.get('actor', ''))} looked", "OK")
    body, small = fonts.body(), fonts.small()
    tiles = {t["square"]: t for t in v.get("tiles", [])}
    for i, square in enumerate(str(p.get("text", "")).split()[2:4]):
        name, _, said = monster_words(v, m.get("pack") or {}, tiles.get(square, {})).partition(": ")
        y = 10 + 27 * i
        line = f"{space_name(square).capitalize()}: {name}"
        font = body if body.measure(line) <= W - 2 else small  # a long name in smaller type, whole
        c.text(1, y, font.fit(line, W - 2), font)
        for j, line in enumerate(wrap(said, small, W - 2, 2)):
            c.text(1, y + 10 + 8 * j, line, small)
    return c.done()


# ---------------------------------------------------------------------------- the turn order


def rolls(m: dict) -> Image.Image:
    """The percentile rolls for the first turn order, highest first, and who goes first (or who
    tied and rolls again): rolled by the device, the table saw them nowhere else. A tie rolled
    again in the same go is a line of its own ("again: P2 50, P5 20")."""
    events = m.get("events") or []
    rolled = [e for e in events if e.get("event") == "percentile"]
    order = next((e.get("order") for e in events if e.get("event") == "turn order"), None)
    last = rolled[-1] if rolled else {}
    c = Canvas()
    c.title_bar("Turn order: d% rolls", "OK")
    body, bold, small = fonts.body(), fonts.bold(), fonts.small()

    def ranked(e: dict, font, first: str = "") -> list[str]:
        """ "P1 90, P3 80, ..." in lines of ``font``, a seat and its roll never parted."""
        best = sorted((e.get("rolls") or {}).items(), key=lambda kv: -kv[1])
        lines = [first]
        for sid, n in best:
            pair = f"{seat_name(m, sid)} {n:02d}"
            joined = f"{lines[-1]}, {pair}" if lines[-1] and lines[-1] != first else lines[-1] + pair
            lines[-1:] = [joined] if font.measure(joined) <= W - 2 else [lines[-1] + ",", pair]
        return lines

    if len(rolled) > 1:  # in small type, the first rolls then each roll again
        lines = ranked(rolled[0], small) + [x for e in rolled[1:] for x in ranked(e, small, "again: ")]
        c.lines(1, 10, [small.fit(line, W - 2) for line in lines[:3]], small)
    else:
        c.lines(1, 11, ranked(last, body)[:2], body)
    if order:
        c.text(1, 33, bold.fit(f"{seat_name(m, order[0])} goes first", W - 2), bold)
        c.text(1, 46, small.fit("order: " + " ".join(seat_name(m, sid) for sid in order), W - 2), small)
    elif last.get("decided"):
        tied = str(last["decided"]).partition(":")[0]  # "P1 and P3 tied"
        c.lines(1, 33, wrap(f"{tied}: they roll again", small, W - 2, 2), small)
    strip(c, m)
    return c.done()


# ---------------------------------------------------------------------------- the real board


def step(m: dict) -> Image.Image:
    """The resolution step the table is at, large, what it does, and OK to go on."""
    text = str(_prompt(m).get("text", ""))
    number, _, rest = text.partition(" ")
    name, _, what = rest.partition(": ")
    c = Canvas()
    c.title_bar("Resolution", f"{number}/8")
    bold, body = fonts.bold(), fonts.body()
    c.text(1, 11, bold.fit(f"{number} {name.upper()}", W - 2), bold)
    for i, line in enumerate(wrap(what, body, W - 2, 2)):
        c.text(1, 25 + 10 * i, line, body)
    c.text_right(W - 1, 45, "OK: done", fonts.small())
    strip(c, m)
    return c.done()


# ---------------------------------------------------------------------------- the end


def over(m: dict) -> Image.Image:
    """The winner (or a draw) on the bar, every seat's points, and what broke a tie."""
    s = m.get("summary") or {}
    v = _view(m)
    winner = s.get("winner")
    c = Canvas()
    bold, small = fonts.bold(), fonts.small()
    c.fill(0, 0, W - 1, 13, 1)
    said = "DRAW" if s.get("draw") or not winner else f"{seat_name(m, winner)} WINS"
    c.text_center(W // 2, 1, bold.fit(f"FINAL: {said}", W - 2), bold, fill=0)
    draw_scores(c, m, 15, 46, {winner} if winner else set(), mark="star")
    c.hline(0, W - 1, 47)
    why = (
        v.get("tie_break") or s.get("tie_break") or "gold + sorcerer cards"
    )  # the points: 21 of 25 characters
    c.text_center(
        W // 2,
        48,
        small.fit(why if why.startswith(("gold", "points", "still")) else f"tie: {why}", W - 2),
        small,
    )
    c.text_center(W // 2, H - 8, "OK: menu", small)
    return c.done()


# ---------------------------------------------------------------------------- other questions


def ask(m: dict) -> Image.Image:
    """A question the engine words short ("d6 goes on which ally?"), asked in the table's
    words, its options said as words.py says them with the pack's rates ("2 red for 1 blue")."""
    p, v, pack = _prompt(m), _view(m), m.get("pack")
    labels = [describe(o, v, pack) for o in p.get("options") or []]
    return choose(
        {
            **m,
            "prompt": {
                **p,
                "text": prompt_words(p, v, pack) or p.get("text", ""),
                "choice": {**(p.get("choice") or {}), "labels": labels},
            },
        }
    )


def entry(m: dict) -> Image.Image:
    """A real board's draw entered on the buttons, its bar saying whose tiles or which square's
    monster (the generic bar said only "DEAL character", "REVEAL monster")."""
    return chance(m, entry_heading(_prompt(m)))


def option_label(prompt: dict, option: str) -> str:
    """An option as the generic list shows it: in the words of words.py ("d6 on Runa")."""
    return describe(option)


SCREENS = {
    ASK: ask,
    TABLE: table,
    FIGHT: fight,
    RESULT: result,
    STEP: step,
    OVER: over,
    PLACE: place,
    SEEN: seen,
    ROLLS: rolls,
    "chance": entry,
}


def screen_for(m: dict) -> str | None:
    """A fight's choices, the real board's resolution steps and the end; else generic."""
    if (m.get("summary") or {}).get("over"):
        return OVER
    kind = _prompt(m).get("kind")
    if kind in ("spells", "reroll") and _view(m).get("combat"):
        return FIGHT
    if kind == "resolve":
        return STEP
    if kind == "seen":
        return SEEN
    if kind in ("place", "peek") and (m.get("ui") or {}).get("mode") == PLACE_MODE:
        return PLACE
    if kind in ("tokens", "peek", "trade"):
        return ASK
    return None


def screen_after(events: list[dict]) -> str | None:
    """The end, a fight's result, or a new turn's table; else the next prompt."""
    kinds = {e.get("event") for e in events}
    if "over" in kinds:
        return OVER
    if "combat" in kinds:
        return RESULT
    if "percentile" in kinds:
        return ROLLS
    if "turn" in kinds:
        return TABLE
    return None


def pack_info(engine) -> dict:
    """What the screens need from the pack: the names as the pack spells them (the state keeps
    one-word keys), the monsters' numbers, followers' dice, cards, prisoners, trades."""
    p = engine.pack
    return {
        "monsters": {key: m.name for key, m in engine.monsters.items()},
        "monster_stats": {
            key: {"name": m.name, "need": list(m.need), "gold": list(m.gold), "weak": m.weak}
            for key, m in engine.monsters.items()
        },
        "followers": {key: f.die for key, f in engine.followers.items()},
        "cards": {
            key: f"{c.name} {c.points}pt"
            + ("" if c.kind == "points" else f"/{c.colour or c.skill or 'tile'}")
            for key, c in engine.cards.items()
        },
        "prisoners": [(pr.offering, list(pr.reward)) for pr in p.prisoners],
        "card_words": {
            key: card_words(c.name, c.kind, c.points, c.colour, c.skill) for key, c in engine.cards.items()
        },
        "turn_order": list(p.turn_order),
        "ladder": list(p.rules.ladder),
        "trade_rates": [[t.give, t.count, t.take] for t in p.trades],
        "trades": " ".join(f"{t.count}{t.give[0]}={t.take[0]}" for t in p.trades) + " both ways",
        "score_label": "points",  # the phones' end: "P2 wins, 45 points to 28 and 23"
    }


NOTICE_AT_TOP = frozenset({FIGHT, RESULT, STEP, PLACE, ASK, ROLLS})
