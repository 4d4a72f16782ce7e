"""The Dodgeball Card Game's screens (128x64, one bit):

* ``dodge_court``: the court with both zones, each player's balls, each side's strays and
  players left; under it the action being built step by step (``throw rita > vix``), the
  word under the cursor highlighted on the court too. For the turn, the retreat and the
  counter-attack.
* ``dodge_hand``: a duel's choice: who throws at whom with which attribute, then the hand
  (shown only to its coach, behind the pass-it-on screen) or the defensive actions as cards.
* ``dodge_result``: after a reveal, the duel as arithmetic (``THR 6+2-1=7 vs DOD 4+2=6``) and
  what happened.

The rush line and the team and draft choices use the generic list."""

from __future__ import annotations

from PIL import Image

from companion.games.dodgeball.labels import short_name
from companion.games.dodgeball.screens_controls import DONE, StepControl
from companion.ui import fonts
from companion.ui.draw import Canvas, W
from companion.ui.generic import BOTTOM, STRIP_TOP, choose, seat_name, title

COURT, HAND, RESULT, PICK = "dodge_court", "dodge_hand", "dodge_result", "dodge_pick"
ACTION_ATTR = {"block": "BLO", "dodge": "DOD", "catch": "CTH"}
SHORTER = {"+6 v catch": ("+6 v CTH", "CTH +6")}  # a card's note in a narrow box


def pack_info(engine) -> dict:
    """Each player's short name (``labels.short_name``: the court cuts it only on a crowded
    row) and printed attributes; the teams' names; what a coach's points count (the final
    score says it)."""
    return {
        "attrs": {p.id: dict(p.attrs) for p in engine.pack.players},
        "names": {p.id: short_name(p) for p in engine.pack.players},
        "teams": {t.id: t.name for t in engine.pack.teams},
        "score_label": "opponents out",
    }


def control(prompt: dict):
    return StepControl(prompt) if prompt.get("kind") in ("turn", "retreat", "counter") else None


def screen_for(m: dict) -> str | None:
    kind = (m.get("prompt") or {}).get("kind")
    if (m.get("summary") or {}).get("over"):
        return None
    if kind in ("turn", "retreat", "counter"):
        return COURT
    if kind in ("card", "defend"):
        return HAND
    if kind in STARS:
        return PICK
    return None


def screen_after(events: list[dict]) -> str | None:
    return RESULT if any(e.get("event") == "reveal" for e in events) else None


# ---------------------------------------------------------------------------- helpers


def named(m: dict, word: str) -> str:
    """A player id as the table says it (the short name), any other word as it is."""
    return str(((m.get("pack") or {}).get("names") or {}).get(word) or word)


def _coaches(m: dict) -> dict[str, dict]:
    return dict((m.get("view") or {}).get("coaches") or {})


def _me(m: dict) -> str:
    p = m.get("prompt") or {}
    actor = p.get("actor") or (m.get("view") or {}).get("active") or "p1"
    return actor if actor in ("p1", "p2") else "p1"


def court_strip(c: Canvas, m: dict) -> None:
    """Each side's players left and balls on its side; the seat to play inverted."""
    f = fonts.small()
    c.fill(0, BOTTOM + 1, W - 1, 63, 0)
    c.hline(0, W - 1, BOTTOM + 1)
    actor = (m.get("prompt") or {}).get("actor")
    for i, (seat, coach) in enumerate(sorted(_coaches(m).items())):
        on = sum(z in ("off", "def") for z in coach["zone"].values())
        balls = coach["strays"] + sum(coach["balls"].values())
        x = i * 64
        ink = 0 if seat == actor else 1
        if seat == actor:
            c.fill(x, STRIP_TOP - 1, x + 62, 63, 1)
        end = c.text(x + 3, STRIP_TOP, f"{seat_name(m, seat)} {on}/{len(coach['players'])}", f, fill=ink)
        c.d.ellipse((end + 5, STRIP_TOP + 1, end + 10, STRIP_TOP + 6), fill=ink)  # a ball
        c.text(end + 13, STRIP_TOP, str(balls), f, fill=ink)


def _row(c: Canvas, m: dict, coach: dict, zone: str, y: int, lit: set[str], marked: set[str]) -> None:
    f = fonts.small()
    names = (m.get("pack") or {}).get("names") or {}
    players = [p for p in coach["players"] if coach["zone"].get(p) == zone]

    def row_width(short: int, gap: int) -> int:
        held = [coach["balls"].get(p, 0) for p in players]
        return (
            1
            + sum(f.measure(names.get(p, p)[:short]) + 3 * b + (b > 0) for p, b in zip(players, held))
            + gap * (len(players) - 1)
        )

    short, gap = next(
        ((n, g) for n, g in ((5, 4), (4, 4), (3, 4), (3, 3), (2, 3)) if row_width(n, g) <= W), (2, 2)
    )
    x = 1
    for p in players:
        label = names.get(p, p)[:short]
        balls = coach["balls"].get(p, 0)
        width = f.measure(label) + 3 * balls + (1 if balls else 0)
        if p in lit:
            c.fill(x - 1, y - 1, x + width, y + 7, 1)
        fill = 0 if p in lit else 1
        end = c.text(x, y, label, f, fill=fill)
        for b in range(balls):
            c.fill(end + 1 + 3 * b, y + 3, end + 2 + 3 * b, y + 4, fill)
        if p in marked:
            c.hline(x, x + width - 1, y + 7)
        if p in coach.get("protected", []) and p not in lit:  # safe this turn: dotted under it
            for dx in range(0, width, 2):
                c.fill(x + dx, y + 7, x + dx, y + 7, 1)
        x += width + gap
    if x < W - 8:  # the zone, when the row leaves room
        c.text_right(W - 1, y, "D" if zone == "def" else "O", f)


def court(m: dict) -> Image.Image:
    """Their defence, their offence, the centre line, our offence, our defence; the action."""
    c = Canvas()
    title(c, m)
    ui = m.get("ui") or {}
    words = ui.get("words") or []
    chosen = list(ui.get("chosen") or [])
    cursor = words[int(ui.get("cursor", 0))] if words else ""
    me = _me(m)
    coaches = _coaches(m)
    if len(coaches) == 2:
        them = coaches["p2" if me == "p1" else "p1"]
        lit, marked = {cursor}, set(chosen)
        _row(c, m, them, "def", 11, lit, marked)
        _row(c, m, them, "off", 19, lit, marked)
        for x in range(0, W, 4):
            c.hline(x, x + 1, 28)
        _row(c, m, coaches[me], "off", 30, lit, marked)
        _row(c, m, coaches[me], "def", 38, lit, marked)
    f = fonts.small()
    said = " ".join(named(m, w) for w in chosen)
    x = c.text(1, 47, f.fit(said, 80), f) + (4 if said else 0)
    word = "OK" if cursor == DONE else named(m, cursor)
    if word:
        c.fill(x - 1, 46, x + f.measure(word), 54, 1)
        c.text(x, 47, word, f, fill=0)
        if len(words) > 1:
            c.text_right(W - 1, 47, f"{int(ui.get('cursor', 0)) + 1}/{len(words)}", f)
    court_strip(c, m)
    return c.done()


def hand(m: dict) -> Image.Image:
    """The duel in one line, then the choices as cards side by side, the cursor's inverted."""
    c = Canvas()
    p = m.get("prompt") or {}
    text, f = str(p.get("text", "")), fonts.small()
    if f.measure(text) > W - 5 - f.measure(seat_name(m, p.get("actor", ""))):  # "counter card, face down"
        text = text.split(",")[0]
    title(c, {**m, "prompt": {**p, "text": text}})
    view = m.get("view") or {}
    duel = view.get("duel") or {}
    attrs = (m.get("pack") or {}).get("attrs") or {}
    f, body = fonts.small(), fonts.body()
    p = m.get("prompt") or {}
    if duel.get("kind") in ("throw", "counter"):
        attr = "COU" if duel["kind"] == "counter" else "THR"
        thrower, target = duel["thrower"], duel["target"]
        line = f"{named(m, thrower)} {attr} {attrs.get(thrower, {}).get(attr, '?')}"
        if duel.get("supporters"):
            line += f"+{len(duel['supporters'])}"
        c.text(1, 11, f.fit(f"{line} > {named(m, target)}", W - 2), f)
        t = attrs.get(target, {})
        defence = duel.get("action")
        sub = (
            f"{defence} {ACTION_ATTR[defence]} {t.get(ACTION_ATTR[defence], '?')}"
            if defence
            else " ".join(f"{a} {t.get(a, '?')}" for a in ("BLO", "DOD", "CTH"))
        )
        c.text(1, 19, f.fit(sub, W - 2), f)
    elif duel.get("kind"):
        c.text(1, 11, "opening rush: SPD + card" if duel["kind"] == "rush" else "rush tie: card alone", f)
    options = list(p.get("options") or [])
    cursor = int((m.get("ui") or {}).get("cursor", 0))
    if any(len(o.split()) > 3 for o in options) and 0 <= cursor < len(options):
        _with_extras(c, m, options, cursor, duel)
        c.text_right(W - 1, 19, f"{cursor + 1}/{len(options)}", f)
        court_strip(c, m)
        return c.done()
    labels = [_label(m, o, duel) for o in options]
    n = max(1, len(labels))
    shown = 4
    top = min(max(0, cursor - shown + 1), max(0, n - shown))
    box = (W - 2) // min(n, shown)
    for i, label in enumerate(labels[top : top + shown]):
        x0 = 1 + i * box
        selected = top + i == cursor
        c.rect(x0, 29, x0 + box - 3, 52, fill=1 if selected else 0, outline=1)
        first, _, rest = label.partition(" ")
        name = body if body.measure(first) <= box - 5 else f  # DECEIVE whole, in the small font
        c.text_center(
            x0 + (box - 2) // 2, 32 + (name is f), name.fit(first, box - 5), name, fill=0 if selected else 1
        )
        if rest:
            rest = next((r for r in (rest, *SHORTER.get(rest, ())) if f.measure(r) <= box - 5), rest)
            c.text_center(x0 + (box - 2) // 2, 43, f.fit(rest, box - 5), f, fill=0 if selected else 1)
    if n > shown:
        c.text_right(W - 1, 19, f"{cursor + 1}/{n}", f)
    court_strip(c, m)
    return c.done()


def _with_extras(c: Canvas, m: dict, options: list[str], cursor: int, duel: dict) -> None:
    """A hand with mascot and coach cards: each card comes once alone and once with each
    combination of them, so the row shows the card under the cursor once, with what it adds,
    and under it a box per combination (``alone``, ``+mole``, ``+rook``, ``+both``)."""
    f, body = fonts.small(), fonts.body()
    card = options[cursor].split()[:3]
    mine = [i for i, o in enumerate(options) if o.split()[:3] == card]
    head = _label(m, " ".join(card), duel).strip()
    font = body if body.measure(head) <= W - 2 else f
    c.text_center(W // 2, 29 + (font is f), font.fit(head, W - 2), font)
    box = (W - 2) // len(mine)
    for k, i in enumerate(mine):
        extras = options[i].split()[3:]
        word = "alone" if not extras else "+both" if len(extras) == 2 else "+" + extras[0]
        x0, selected = 1 + k * box, i == cursor
        c.rect(x0, 40, x0 + box - 3, 52, fill=1 if selected else 0, outline=1)
        c.text_center(x0 + (box - 2) // 2, 43, f.fit(word, box - 5), f, fill=0 if selected else 1)


def _label(m: dict, option: str, duel: dict) -> str:
    """A card's name and what it adds here; an action with its attribute."""
    words = option.split()
    attrs = (m.get("pack") or {}).get("attrs") or {}
    if words[1] in ACTION_ATTR:
        attr = ACTION_ATTR[words[1]]
        return f"{words[1]} {attr} {attrs.get(duel.get('target'), {}).get(attr, '')}"
    card, extras = words[2], words[3:]
    mine = duel.get("thrower") if duel.get("attacker") == words[0] else duel.get("target")
    note = {
        "CON": f"+{attrs.get(mine, {}).get('CON', '?')}" if mine else "+CON",  # the rush: a player's CON
        "SUPER": "+6 v catch" if duel.get("attacker") == words[0] else "+0",
        "DECEIVE": "cancel",
    }.get(card, "")
    return " ".join([card, note, *("+" + e for e in extras)]).replace("  ", " ")


def result_lines(events: list[dict], names: dict | None = None) -> tuple[str, list[str], str]:
    """(title, lines, headline) for the last reveal among the events, players by their short
    names (``names``: id -> name)."""
    names = names or {}
    reveal = [e for e in events if e.get("event") == "reveal"]
    if not reveal:
        return "", [], ""
    r = reveal[-1]
    cards = " vs ".join(r.get("cards", {}).values())
    if r.get("deceive"):
        who = " and ".join(s.upper() for s in r["deceive"])
        return "DECEIVE", [cards, f"{who} played DECEIVE"], "play again"
    if r["kind"] in ("rush", "tie"):
        lines = [f"P1 {r['powers']['p1']['text']}", f"P2 {r['powers']['p2']['text']}"]
        head = f"{r['winner'].upper()} begins" if r.get("winner") else "tie: again"
        return ("Opening rush" if r["kind"] == "rush" else "Rush tie"), lines, head
    outcome = dict(next((e for e in events if e.get("event") == "outcome"), {}))
    for key in ("thrower", "target", "back", "ball_to"):
        if outcome.get(key) in names:
            outcome[key] = names[outcome[key]]
    lines = [f"{r['thrower']['text']} vs {r['target']['text']}"]
    result = outcome.get("result", "")
    head = {
        "hit": f"{outcome.get('target', '')} OUT",
        "blocked_tie": "blocked, tie",
        "blocked": "blocked",
        "dodged": "dodged",
        "caught": "CAUGHT!",
    }.get(result, "")
    if result == "caught":
        lines.append(
            f"{outcome['thrower']} out" + (f", {outcome['back']} back" if outcome.get("back") else "")
        )
    ball_to = outcome.get("ball_to", "")
    lines.append(f"ball to {ball_to.upper() if ball_to in ('p1', 'p2') else ball_to}")
    head_title = f"{outcome.get('thrower', '')} > {outcome.get('target', '')}: {outcome.get('action', '')}"
    return ("Counter " + head_title if r["kind"] == "counter" else head_title), lines, head


def _shorter_sum(line: str) -> list[str]:
    """A duel's arithmetic, then shorter forms of it for the panel's width: "vs" as "v", then
    the sums alone (the title names the attributes)."""
    thrower, sep, target = line.partition(" vs ")
    if not sep:
        return [line]
    bare = [side.split(" ", 1)[-1] if side[:3].isupper() else side for side in (thrower, target)]
    return [line, f"{thrower} v {target}", f"{bare[0]} v {bare[1]}"]


def _shorter_title(text: str) -> list[str]:
    """A duel's title, then without the defence (its attribute is in the sum under it)."""
    return [text, text.rpartition(":")[0]] if ":" in text else [text]


def result(m: dict) -> Image.Image:
    c = Canvas()
    head_title, lines, head = result_lines(m.get("events") or [], (m.get("pack") or {}).get("names"))
    f, bold = fonts.small(), fonts.bold()
    head_title = next(
        (t for t in _shorter_title(head_title or "Result") if f.measure(t) <= W - 15), head_title
    )
    c.title_bar(head_title or "Result", "OK")
    y = 11
    for line in lines[:1]:
        line = next((t for t in _shorter_sum(line) if f.measure(t) <= W - 2), line)
        c.text(1, y, f.fit(line, W - 2), f)
        y += 9
    if head:
        c.text_center(W // 2, y + 1, bold.fit(head, W - 2), bold)
        y += 15
    for line in lines[1:3]:
        c.text(1, y, f.fit(line, W - 2), f)
        y += 9
    court_strip(c, m)
    return c.done()


STARS = {"team": "*: stars of its players", "pick": "*: stars, C: captain", "captain": "*: stars, C: captain"}


def pick(m: dict) -> Image.Image:
    """A team-building list (the generic one) with what its marks mean under it: a team's
    stars are its players' stars added up."""
    im = choose(m)
    f = fonts.small()
    note = STARS.get((m.get("prompt") or {}).get("kind", ""), "")
    Canvas(im).text(1, BOTTOM - 8, f.fit(note, W - 2), f)
    return im


draw_strip = court_strip  # the device's own screens (pass it on, the computer's moves) end with it

SCREENS = {COURT: court, HAND: hand, RESULT: result, PICK: pick}
NOTICE_AT_TOP = frozenset(SCREENS)
WAIT_FOR_OK = frozenset({RESULT})  # a duel's sums are read, even behind a pass-it-on screen
