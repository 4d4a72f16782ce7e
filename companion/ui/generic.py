"""Generic game screens: any game's prompts drawn from their shape, so a new game plays on the
device before it has screens of its own; a game's screens module overrides any of them by name.

Every game screen here keeps the score in sight: a strip along the bottom with each seat's
points from the common summary (``players``, ``scores``), the seat to play inverted. The
pass-it-on screen, the N-seat scoreboard and the game-over screen read only the summary, for
2 to 6 seats.
"""

from __future__ import annotations

from PIL import Image

from companion.engine.words import describe
from companion.ui import fonts
from companion.ui.draw import Canvas, H, W, wrap
from companion.ui.hooks import game_hook
from companion.ui.menus import draw_list

STRIP_TOP = 56  # the score strip's text row; content stays above row 55 (the rule)
BOTTOM = 54


# ---------------------------------------------------------------------------- model helpers


def _summary(m: dict) -> dict:
    return m.get("summary") or {}


def _prompt(m: dict) -> dict:
    return m.get("prompt") or {}


def _ui(m: dict) -> dict:
    return m.get("ui") or {}


def seats(summary: dict) -> list[str]:
    """The seats in order: ``players``, else the keys of ``scores``."""
    return list(summary.get("players") or (summary.get("scores") or {}).keys())


def seat_name(m: dict, seat: str) -> str:
    """ "P2", or the name the model gives the seat (``names``: {"p2": "AI"})."""
    return str((m.get("names") or {}).get(seat) or seat.upper())


def option_labels(prompt: dict) -> list[str]:
    """The prompt's own labels for its options (``choice["labels"]``), or [] when it gives none
    or not one for each option."""
    labels = (prompt.get("choice") or {}).get("labels") or []
    return [str(x) for x in labels] if len(labels) == len(prompt.get("options") or []) else []


def shown_option(
    game: str | None, prompt: dict, option: str, view: dict | None = None, pack: dict | None = None
) -> str:
    """An option as the generic list shows it: the prompt's label for it, else as the game's
    screens module words it (``option_label(prompt, option)``), else in the game's words for
    the action (companion.engine.words, the same as the phones say it)."""
    options = list(prompt.get("options") or [])
    labels = option_labels(prompt)
    if labels and option in options:
        return labels[options.index(option)]
    own = game_hook(game, "option_label")
    return own(prompt, option) if own else describe(game, option, view, pack)


def move_words(game: str, prompt, action: str) -> str:
    """A seat's move in the table's words, as the device and the phones' log say it ("P2: kick
    for the corner"); a secret choice stays secret. ``prompt`` is the engine's Prompt."""
    from companion.ui.model import prompt_dict

    seat = prompt.actor.upper()
    if prompt.private:
        return f"{seat} chose in secret"
    own = game_hook(game, "move_words")  # the game's words for a move, where an answer alone is not
    if own is not None:
        return f"{seat}: {own(prompt_dict(prompt), action)}"
    return f"{seat}: {shown_option(game, prompt_dict(prompt), action)}"


def distinct_words(options: list[str]) -> list[str]:
    """What tells the options apart: each without the words they all begin with
    ("p1 place a1", "p1 place b2" -> "a1", "b2")."""
    split = [o.split() for o in options]
    n = 0
    while split and all(len(w) > n + 1 and w[n] == split[0][n] for w in split):
        n += 1
    return [" ".join(w[n:]) for w in split]


def title(c: Canvas, m: dict, right: str = "", two_lines: bool = False) -> int:
    """The prompt's text on the title bar, the actor (or ``right``) on its right; returns the
    first row under the bar. With ``two_lines`` a text too long for the bar goes on in a second
    inverted row (the bar is then 18 rows, not 9) instead of being cut."""
    p = _prompt(m)
    actor = p.get("actor", "")
    right = right or (seat_name(m, actor) if actor and actor != "chance" else "")
    text = str(p.get("text", ""))
    f = fonts.small()
    room = W - 2 - (f.measure(right) + 3 if right else 0)
    if not two_lines or f.measure(text) <= room:
        c.title_bar(text, right)
        return 9
    words = text.split(" ")
    n = 1
    while n < len(words) and f.measure(" ".join(words[: n + 1])) <= room:
        n += 1
    first, rest = " ".join(words[:n]), " ".join(words[n:])
    if f.measure(first) > room:  # one word longer than the bar: cut inside it
        cut = room // f.width
        first, rest = text[:cut], text[cut:]
    c.title_bar(first, right)
    c.fill(0, 9, W - 1, 17, 1)
    c.text(1, 9, f.fit(rest, W - 2), f, fill=0)
    return 18


def strip(c: Canvas, m: dict) -> None:
    """Each seat's points along the bottom (one cell per seat), the seat to play inverted."""
    s = _summary(m)
    names = seats(s)
    c.fill(0, BOTTOM + 1, W - 1, H - 1, 0)
    c.hline(0, W - 1, BOTTOM + 1)
    if not names:
        return
    f = fonts.small()
    scores = s.get("scores") or {}
    actor = _prompt(m).get("actor")
    cell = W // len(names)
    # one form for every cell, the longest that fits them all: "P1 8", "1:8", or the points alone
    # (six seats with two-digit points: the cell's place says whose)
    forms = [
        lambda seat, pts: f"{seat_name(m, seat)} {pts}",
        lambda seat, pts: f"{seat.lstrip('p')}:{pts}",
        lambda seat, pts: pts,
    ]
    form = next(
        (
            fm
            for fm in forms
            if all(f.measure(fm(seat, str(scores.get(seat, 0)))) <= cell - 2 for seat in names)
        ),
        forms[-1],
    )
    for i, seat in enumerate(names):
        x = i * cell
        text = form(seat, str(scores.get(seat, 0)))
        if seat == actor and not s.get("over"):
            c.fill(x, STRIP_TOP - 1, x + cell - 2, H - 1, 1)
        c.text_center(
            x + cell // 2,
            STRIP_TOP,
            f.fit(text, cell - 2),
            f,
            fill=0 if seat == actor and not s.get("over") else 1,
        )


def _done(c: Canvas, m: dict) -> Image.Image:
    strip(c, m)
    return c.done()


# ---------------------------------------------------------------------------- scores


def draw_scores(c: Canvas, m: dict, y0: int, y1: int, marked: set[str], mark: str = "right") -> None:
    """Every seat's points between rows y0 and y1: one column up to three seats, two beyond;
    the biggest font that fits; ``marked`` seats carry the ``mark`` icon."""
    s = _summary(m)
    names = seats(s)
    if not names:
        return
    scores = s.get("scores") or {}
    cols = 1 if len(names) <= 3 else 2
    rows = -(-len(names) // cols)
    row_h = (y1 - y0 + 1) // rows
    cw = W // cols
    label_font = fonts.bold() if row_h >= 13 else fonts.body()
    score_font = fonts.big() if cols == 1 and row_h >= 20 else label_font
    for i, seat in enumerate(names):
        col, row = divmod(i, rows)
        x, y = col * cw, y0 + row * row_h
        mid = y + row_h // 2
        if seat in marked:
            c.icon_center(mark, x + 5, mid)
        c.text(x + 11, mid - label_font.height // 2, seat_name(m, seat), label_font)
        c.text_right(x + cw - 4, mid - score_font.height // 2, str(scores.get(seat, 0)), score_font)
        if cols == 2 and col == 0:
            c.vline(cw - 1, y, y + row_h - 2)


def scores(m: dict) -> Image.Image:
    """The N-seat scoreboard: every seat's points, the seat to play marked."""
    s = _summary(m)
    c = Canvas()
    actor = _prompt(m).get("actor")
    c.title_bar(
        "SCORES",
        "final" if s.get("over") else (f"{seat_name(m, actor)} to play" if actor in seats(s) else ""),
    )
    draw_scores(c, m, 10, H - 1, {actor} if actor and not s.get("over") else set())
    return c.done()


def game_over(m: dict) -> Image.Image:
    """The end: who won (or a draw) on the bar, then every seat's points, the winner (or the
    seats that drew) starred; what the numbers count when the game's pack says
    (``pack["score_label"]``: "opponents out") beside "OK: menu"."""
    s = _summary(m)
    winner = s.get("winner")
    c = Canvas()
    bold = fonts.bold()
    c.fill(0, 0, W - 1, 13, 1)
    said = "DRAW" if s.get("draw") or not winner else f"{seat_name(m, winner)} WINS"
    c.text_center(W // 2, 1, bold.fit(f"FINAL: {said}", W - 2), bold, fill=0)
    points = s.get("scores") or {}
    best = max(points.values(), default=None)
    stars = {winner} if winner else {k for k, v in points.items() if v == best} if s.get("draw") else set()
    draw_scores(c, m, 15, 54, stars, mark="star")
    c.hline(0, W - 1, 55)
    small = fonts.small()
    unit = str((m.get("pack") or {}).get("score_label") or "")
    c.text_center(W // 2, 56, small.fit(f"{unit}  OK: menu" if unit else "OK: menu", W - 2), small)
    return c.done()


def game_strip(c: Canvas, m: dict) -> Image.Image:
    """Finish a screen between the game's own (pass it on, the computer's moves, resumed) with
    the game's status strip (``draw_strip(c, m)`` in its screens module, else the scores), so
    the score stays in sight; without a game, the screen as it is."""
    if m.get("game") and m.get("summary"):
        own = game_hook(m["game"], "draw_strip")
        (own or strip)(c, m)
    return c.done()


def pass_to(m: dict) -> Image.Image:
    """Pass the device to ``m["seat"]`` before anything private is drawn: the seat large,
    "then press OK" under it (``title``/``text`` override the words), the game's strip below
    when the model has a game."""
    seat = str(m.get("seat") or _prompt(m).get("actor") or "")
    c = Canvas()
    body = fonts.body()
    c.text_center(W // 2, 0, body.fit(str(m.get("title") or "Pass to"), W), body)
    name = seat_name(m, seat) if seat else "?"
    big = fonts.big()
    label = Image.new("1", (big.measure(name), big.height), 0)
    Canvas(label).text(0, -2, name, big)
    in_game = bool(m.get("game") and m.get("summary"))
    scale = 2 if label.width * 2 <= W - 4 and not in_game else 1
    label = label.resize((label.width * scale, label.height * scale), Image.NEAREST)
    x = (W - label.width) // 2
    c.im.paste(1, (x, 11, x + label.width, 11 + label.height), label)
    text = str(m.get("text") or "then press OK")
    lines = wrap(text, body, W - 2, 2)
    y = (BOTTOM - 1 if in_game else H + 1) - 11 * len(lines)  # clear of the strip's rule
    for line in lines:
        c.text_center(W // 2, y, line, body)
        y += 11
    return game_strip(c, m)


SAID_ROWS = 4  # rows of words under a said screen's title bar


def said_pages(lines: list[str]) -> list[list[str]]:
    """The lines in pages that each fit a said screen whole (a line longer than a page has one
    of its own), in order."""
    body = fonts.body()
    pages: list[list[str]] = [[]]
    rows = 0
    for line in lines:
        n = len(wrap(line, body, W - 2))
        if pages[-1] and rows + n > SAID_ROWS:
            pages.append([])
            rows = 0
        pages[-1].append(line)
        rows += n
    return pages


def said_screen(m: dict, title: str, lines: list[str], right: str = "OK") -> Image.Image:
    """A title bar, what was said (the last lines if it is long), the game's strip."""
    c = Canvas()
    c.title_bar(title, right)
    body = fonts.body()
    rows: list[str] = []
    for line in lines:
        rows += wrap(line, body, W - 2)
    if len(rows) > SAID_ROWS:  # the last ones, which led here
        rows = ["..."] + rows[-(SAID_ROWS - 1) :]
    c.lines(1, 12, rows, body, 11)
    return game_strip(c, m)


def passed_on(m: dict) -> Image.Image:
    """After a private action: nothing private, until the device is passed on."""
    msg = m.get("message") or {}
    return said_screen(m, str(msg.get("title", "")), [str(msg.get("text", ""))])


# ---------------------------------------------------------------------------- choices


def choose(m: dict) -> Image.Image:
    """Any prompt with options: its text on the bar (on two rows when it is long), the options
    as a list, each as ``shown_option`` words it."""
    p = _prompt(m)
    c = Canvas()
    top = title(c, m, two_lines=True)
    items = [
        {
            "label": shown_option(m.get("game"), p, o, m.get("view"), m.get("pack")),
            "enabled": True,
            "hint": "",
        }
        for o in p.get("options") or []
    ]
    draw_list(c, 11 if top == 9 else 19, items, int(_ui(m).get("cursor", 0)), 3)  # three rows either way
    return _done(c, m)


def words(m: dict) -> Image.Image:
    """An action built word by word: the words chosen so far, then a list of the next ones."""
    ui = _ui(m)
    c = Canvas()
    steps = int(ui.get("steps", 1))
    chosen = list(ui.get("chosen") or [])
    title(c, m, f"{min(len(chosen) + 1, steps)}/{steps}")
    small = fonts.small()
    said = " ".join([str(ui.get("verb") or "")] + chosen + ["_"] * (steps - len(chosen))).strip()
    c.text(1, 10, small.fit(said, W - 2), small)
    items = [{"label": w, "enabled": True, "hint": ""} for w in ui.get("words") or []]
    draw_list(c, 19, items, int(ui.get("cursor", 0)), 3)
    return _done(c, m)


def multi(m: dict) -> Image.Image:
    """Any subset of items: a tick box per item, then the entry that confirms."""
    ui = _ui(m)
    items = list(ui.get("labels") or ui.get("items") or [])
    selected = set(ui.get("selected") or [])
    lo, hi = int(ui.get("min", 0)), int(ui.get("max", len(items)))
    c = Canvas()
    top = title(c, m, f"{len(selected)}/{hi}", two_lines=True)
    k = len(selected)
    if lo <= k <= hi:
        verb = str(ui.get("verb") or "OK")
        done = f"OK: {ui['none']}" if k == 0 and ui.get("none") else f"OK: {verb} {k}"
    else:
        done = f"choose {lo if lo == hi else f'{lo}-{hi}'}"
    rows = [
        {"label": ("[x] " if i in selected else "[ ] ") + str(it), "enabled": True, "hint": ""}
        for i, it in enumerate(items)
    ]
    rows.append({"label": done, "enabled": lo <= k <= hi, "hint": ""})
    draw_list(c, 11 if top == 9 else 19, rows, int(ui.get("cursor", 0)), 3)
    return _done(c, m)


def number(m: dict) -> Image.Image:
    """A number (a bid): the value large between up/down arrows, the range beside it."""
    ui = _ui(m)
    value, lo, hi = int(ui.get("value", 0)), int(ui.get("min", 0)), int(ui.get("max", 0))
    c = Canvas()
    title(c, m)
    big, body, small = fonts.big(), fonts.body(), fonts.small()
    if value < hi:
        c.icon("up", 10, 13)
    if value > lo:
        c.icon("down", 10, 33)
    c.text(22, 14, str(value), big)
    x = 22 + big.measure(str(hi)) + 8
    c.text(x, 14, f"{lo} to {hi}", small)
    c.icon("left", x, 25)
    c.icon("right", x + 6, 25)
    c.text(x + 13, 24, "by 5", small)
    verb = str(ui.get("verb") or "enter")
    c.text_center(W // 2, 42, body.fit(f"OK: {verb} {value}", W - 2), body)
    return _done(c, m)


def grid(m: dict) -> Image.Image:
    """A cursor over a grid of options of any size: each cell says its option's last word
    when it fits; the cursor's cell is inverted and its option named on the bar."""
    p = _prompt(m)
    ui = _ui(m)
    cells = ui.get("grid") or (p.get("choice") or {}).get("grid") or []
    options = ui.get("options") or p.get("options") or []
    cursor = int(ui.get("cursor", 0))
    labels = distinct_words(options)
    c = Canvas()
    title(c, m, labels[cursor] if 0 <= cursor < len(labels) else "")
    rows = max(1, len(cells))
    cols = max(1, max((len(r) for r in cells), default=1))
    cw = min(40, W // cols)
    ch = min(22, (BOTTOM - 10 + 1) // rows)
    x0 = (W - cw * cols) // 2
    y0 = 10 + (BOTTOM - 10 + 1 - ch * rows) // 2
    small = fonts.small()
    for r, row in enumerate(cells):
        for col, index in enumerate(row):
            x, y = x0 + col * cw, y0 + r * ch
            if index is None:
                c.fill(x + cw // 2, y + ch // 2, x + cw // 2, y + ch // 2)
                continue
            c.rect(x, y, x + cw - 2, y + ch - 2)
            word = labels[index] if index < len(labels) else "?"
            if small.measure(word) <= cw - 4 and ch >= 10:
                c.text_center(x + cw // 2, y + (ch - 1 - small.height) // 2, word, small)
            if index == cursor:
                c.invert(x, y, x + cw - 2, y + ch - 2)
    return _done(c, m)


def chance(m: dict, heading: str = "") -> Image.Image:
    """Chance entered by hand: the current value large with its die's kind, then a box per
    value (a d4, a d6 and a d12 each from its own faces). ``heading``, a game's words for what
    is entered ("DEAL P1's characters"), replaces the verb and the die kind on the bar."""
    p = _prompt(m)
    ch = p.get("chance") or {}
    ui = _ui(m)
    faces = ui.get("faces") or list(dict.fromkeys(ch.get("faces", [])))
    count = int(ui.get("count", ch.get("count", 1)))
    entered = list(ui.get("entered") or [])
    face = str(faces[int(ui.get("face", 0)) % len(faces)]) if faces else ""
    dice = ui.get("dice") or ch.get("dice") or []
    now = min(len(entered), count - 1)
    kind = (dice[now].get("kind") if dice else ch.get("die")) or ""
    c = Canvas()
    verb = str(ch.get("verb", "roll")).upper()
    what = " ".join(d.get("kind", "") for d in dice) if dice else (kind or "")
    c.title_bar(
        heading or (f"{verb} {what}".strip() if what else f"{verb} {count}"),
        f"{min(len(entered) + 1, count)}/{count}",
    )
    big, bold, small = fonts.big(), fonts.bold(), fonts.small()
    if len(entered) >= count:  # every die read (by the camera): to confirm
        c.text(2, 12, bold.fit("The camera read:", W - 4), bold)
        c.text(2, 26, small.fit(f"{count} {kind} dice".strip(), W - 4), small)
    else:
        c.d.rounded_rectangle((2, 11, 31, 36), radius=3, outline=1)
        if big.measure(face) <= 26:
            c.text_center(17, 13, face, big)
        else:
            c.text_center(17, 18, face[:4], small)
        c.icon("up", 34, 13)
        c.icon("down", 34, 30)
        said = face.upper() if big.measure(face) > 26 else (kind or face)
        font = next((f for f in (bold, fonts.body()) if f.measure(said) <= W - 43), small)  # whole
        c.text(43, 11, font.fit(said, W - 43), font)
        c.text(43, 26, "OK next BACK undo" if count > 1 else "OK enter", small)
    if any(len(str(f)) > 2 for f in faces):  # words (crystals, cards): the draws so far as text
        said = " ".join(entered + [f"[{face}]"] + ["_"] * (count - len(entered) - 1))
        c.lines(1, 39, wrap(said, small, W - 2, 2), small)
        return _done(c, m)
    size, gap = 14, 2
    while count * (size + gap) - gap > W and size > 9:
        size, gap = size - 1, 1
    x0 = max(0, (W - (count * (size + gap) - gap)) // 2)
    for i in range(count):
        x = x0 + i * (size + gap)
        if i < len(entered):
            c.die(x, 38, str(entered[i]), size=size)
        elif i == len(entered):
            c.die(x, 38, face, size=size, cursor=True)
        else:
            c.die(x, 38, "", size=size)
    return _done(c, m)


def wait(m: dict) -> Image.Image:
    """A prompt the buttons cannot answer (no options, no shape they know): the whole prompt
    text, so the table knows what is asked, and the scores."""
    p = _prompt(m)
    actor = str(p.get("actor", ""))
    c = Canvas()
    c.title_bar(str(p.get("kind", "")).replace("_", " ").upper(), seat_name(m, actor) if actor else "")
    body = fonts.body()
    c.lines(1, 12, wrap(str(p.get("text", "")), body, W - 2, 4), body, 11)
    return _done(c, m)


def computer_moves(m: dict) -> Image.Image:
    """What the computer seats just did, in words (as a person's move would show), with the
    scores in sight; OK goes on (or it goes after a few seconds). A turn of many moves comes in
    pages (``page``: this one and how many), each kept twice as long, since the table moves the
    computer's pieces by them."""
    said = [e for e in m.get("events") or [] if e.get("event") == "computer_moves"]
    lines = [line for e in said for line in e["lines"]]
    page, pages = (said[-1].get("page") or (1, 1)) if said else (1, 1)
    if pages > 1:
        return said_screen(m, "Computer played", lines, f"{page}/{pages} OK")
    return said_screen(m, "Computer played", lines)


def resumed(m: dict) -> Image.Image:
    """A game brought back from the journal: which, how far (or what resuming left out), and
    the scores, before the game goes on."""
    said = next((e for e in m.get("events") or [] if e.get("event") == "resumed"), {})
    return said_screen(m, "Game resumed", [f"{said.get('game', '')}: {said.get('text', '')}."])


# ---------------------------------------------------------------------------- dispatch

SCREENS = {
    "passed_on": passed_on,
    "resumed": resumed,
    "computer_moves": computer_moves,
    "scores": scores,
    "game_over": game_over,
    "pass_to": pass_to,
    "choose": choose,
    "words": words,
    "multi": multi,
    "number": number,
    "grid": grid,
    "chance": chance,
    "wait": wait,
}

# the game screens with the score strip along the bottom: a notice goes over their title
NOTICE_AT_TOP = frozenset({"choose", "words", "multi", "number", "grid", "chance", "wait"})


def screen_for(m: dict) -> str:
    """The generic screen for the model's prompt."""
    p = _prompt(m)
    if _summary(m).get("over") or p.get("kind") == "over":
        return "game_over"
    if not p:
        return "scores"
    choice = p.get("choice") or {}
    if p.get("chance"):
        return "chance"
    for shape in ("words", "multi", "number"):
        if choice.get(shape):
            return shape
    if choice.get("grid") and p.get("options"):
        return "grid"
    if p.get("options"):
        return "choose"
    return "wait"
