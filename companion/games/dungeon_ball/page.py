"""Dungeon Ball on the phones' page (companion.web.views describes the blocks): the
scoreboard, the time track, the field with the ball, each player's play board with their
pawn, the dice of the play, momentum, and the viewer's own hand.

It reads only the model a page view gets: the viewer's ``public_view``, the public summary
and the pack's content (``screens.pack_info``), so it shows nothing the viewer may not see.
"""

from __future__ import annotations

from companion.engine.words import a_or_an, counted
from companion.games.dungeon_ball.words import COLOURS, needs
from companion.web.views import text


def _team(pack: dict, player: dict) -> str:
    team = player.get("team") or ""
    return (pack.get("teams") or {}).get(team, team) or "no team yet"


def scoreboard(view: dict, pack: dict) -> dict:
    period = f"overtime {view.get('overtime')}" if view.get("overtime") else f"half {view.get('half', 1)}"
    rows = [
        ["period", period],
        ["clock", str(view.get("clock", ""))],
        ["down", str(view.get("down", ""))],
        ["offense", str(view.get("offense") or "-").upper()],
    ]
    for p in view.get("players", []):
        arrow = "attacks left" if p.get("end_zone") == "high" else "attacks right"
        rows.append([p["id"].upper(), f"{_team(pack, p)}, {arrow}"])
    return {"kind": "facts", "title": "Scoreboard", "rows": rows}


def time_track(view: dict) -> dict:
    start = int(view.get("clock_start") or 29)
    clock = int(view.get("clock") or 0)
    cells = [{"text": "", "cls": "white" if n <= clock else ""} for n in range(start, 0, -1)]
    marks = [{"at": start - clock, "text": "", "cls": "mark"}] if 0 < clock <= start else []
    return {"kind": "track", "title": f"Time: {clock} of {start} left", "cells": cells, "marks": marks}


def field(view: dict, pack: dict) -> dict:
    spaces = str(pack.get("field") or "")
    final = int(pack.get("final") or 0)
    goals = set((pack.get("field_goal") or {}).values())
    cells = []
    for i, letter in enumerate(spaces):
        cls = COLOURS.get(letter, "")
        if i < final or i >= len(spaces) - final:
            cls += " final"
        if i in goals:
            cls += " goal"
        cells.append({"text": "", "cls": cls.strip(), "title": f"space {i}"})
    ball = view.get("ball")
    marks = (
        [{"at": ball, "text": "", "cls": "ball"}] if isinstance(ball, int) and 0 <= ball < len(spaces) else []
    )
    offense = str(view.get("offense") or "").upper()
    return {
        "kind": "track",
        "title": f"Field: ball on space {ball}" + (f", {offense} has it" if offense else ""),
        "cells": cells,
        "marks": marks,
    }


def board(view: dict, pack: dict, player: dict) -> dict:
    """The 3x3 play board in its colours, the pawn on its play, each play's need in words
    (``draw: "playboard"``: the page's dungeon_ball.js draws it as the board; any page can
    read it as a grid)."""
    rows = pack.get("board") or []
    pawn = str(player.get("pawn") or "")
    grid = []
    for r, row in enumerate(rows):
        line = []
        for c, letter in enumerate(row):
            cell = f"{chr(ord('a') + r)}{c + 1}"
            colour = COLOURS.get(letter, "")
            line.append(
                {
                    "text": cell,
                    "cls": colour,
                    "title": f"{cell}: {colour} play, needs {needs(pack, colour)}",
                    "mark": player["id"].upper() if pawn == cell else "",
                }
            )
        grid.append(line)
    where = next((c for line in grid for c in line if c["mark"]), None)
    said = (
        f"pawn on {where['text']}: a {where['cls']} play, needs {needs(pack, where['cls'])}"
        if where
        else "pawn not on the board yet"
    )
    return {
        "kind": "grid",
        "draw": "playboard",
        "title": f"{player['id'].upper()} play board",
        "caption": said,
        "rows": grid,
        "needs": {colour: needs(pack, colour) for colour in COLOURS.values()},
    }


def dice(view: dict, pack: dict) -> dict:
    """The play's dice by face, each with its icon's pixel art (``draw: "icondice"``: the page's
    dungeon_ball.js draws the icons beside the face's word)."""
    play = view.get("play") or {}
    faces = play.get("dice") or []
    locked, gone = play.get("locked") or [], play.get("gone") or []
    shown = []
    for i, face in enumerate(faces):
        cls = "gone" if i < len(gone) and gone[i] else "locked" if i < len(locked) and locked[i] else ""
        shown.append({"face": face, "cls": cls})
    what = []
    if play.get("colour"):
        what.append(f"{play['colour']} play")
    card = play.get("defense_card")
    if card:
        what.append(f"defense {card}")
    if play.get("rolls"):
        what.append(f"rolled {play['rolls']}x")
    art = pack.get("icons") or {}
    return {
        "kind": "dice",
        "draw": "icondice",
        "title": "Dice" + (": " + ", ".join(what) if what else ""),
        "dice": shown,
        "icons": {d["face"]: art[d["face"]] for d in shown if d["face"] in art},
    }


def page_pack(engine) -> dict:
    """Each die face's pixel art, as the device draws it ("#" lit), for the page's dice."""
    from companion.ui.icons import ART

    faces = {f for die in engine.pack.dice.values() for f in die.faces}
    return {"icons": {f: [row for row in ART[f].strip("\n").split("\n")] for f in sorted(faces) if f in ART}}


def momentum(view: dict) -> list[dict]:
    players = view.get("players", [])
    top = max([6] + [int(p.get("momentum") or 0) for p in players])
    return [
        {
            "kind": "track",
            "title": f"{p['id'].upper()} momentum: {p.get('momentum', 0)}",
            "cells": [
                {"text": "", "cls": "yellow" if n < int(p.get("momentum") or 0) else ""} for n in range(top)
            ],
            "marks": [],
        }
        for p in players
    ]


def hands(view: dict, pack: dict, viewer: str | None) -> list[dict]:
    cards = pack.get("cards") or {}
    blocks = []
    for p in view.get("players", []):
        hand = p.get("hand")
        if p["id"] == viewer and isinstance(hand, list):
            items = [
                {
                    "text": cards.get(c, {}).get("name", c),
                    "sub": f"cost {cards[c]['cost']}: {cards[c]['text']}" if c in cards else "",
                }
                for c in hand
            ]
            blocks.append({"kind": "cards", "title": "Your hand", "private": True, "items": items})
        rows = [
            ["hand", counted(len(hand) if isinstance(hand, list) else int(hand or 0), "card")],
            ["spent this half", text([cards.get(c, {}).get("name", c) for c in p.get("spent_half") or []])],
            ["discarded", text([cards.get(c, {}).get("name", c) for c in p.get("discarded") or []])],
            ["kicking", text(p.get("kicking"))],
        ]
        blocks.append(
            {
                "kind": "facts",
                "title": p["id"].upper() + (" (you)" if p["id"] == viewer else ""),
                "rows": rows,
                "you": p["id"] == viewer,
            }
        )
    return blocks


def solo(view: dict) -> list[dict]:
    deck = view.get("solo") or {}
    if not deck:
        return []
    rows = [
        ["level", text(deck.get("level"))],
        ["AI deck", f"{counted(int(deck.get('draw') or 0), 'card')} to draw"],
        ["teams", text(deck.get("teams"))],
    ]
    last = deck.get("last_card")
    if isinstance(last, dict):
        rows.append(["last AI card", text(last.get("name") or last.get("id"))])
    return [{"kind": "facts", "title": "AI deck", "rows": rows}]


def page_view(model: dict) -> list[dict]:
    view, pack, viewer = model.get("view") or {}, model.get("pack") or {}, model.get("viewer")
    players = view.get("players", [])
    return (
        [scoreboard(view, pack), time_track(view), field(view, pack), dice(view, pack)]
        + [board(view, pack, p) for p in players]
        + momentum(view)
        + hands(view, pack, viewer)
        + solo(view)
    )


def page_prompt(prompt: dict) -> dict | None:
    """The dice prompts the panel answers with its own control, as a choice the page draws:
    which dice to reroll (or stop), which dice a card picks."""
    choice = prompt.get("choice") or {}
    dice = choice.get("dice") or []

    def labels(positions):
        return [f"die {p}: {dice[p - 1] if 0 < p <= len(dice) else '?'}" for p in positions]

    if "rerollable" in choice:
        items = list(choice["rerollable"])
        return {
            "multi": {
                "items": [str(p) for p in items],
                "labels": labels(items),
                "min": 0,
                "max": len(items),
                "verb": "reroll",
                "none": "stop",
                "none_label": "keep these dice",
            }
        }
    if "eligible" in choice:
        items = list(choice["eligible"])
        return {
            "multi": {
                "items": [str(p) for p in items],
                "labels": labels(items),
                "min": int(choice.get("min", 1)),
                "max": int(choice.get("max", len(items))),
                "verb": "pick",
            }
        }
    return None


def page_note(action: str, pack: dict) -> str | None:
    """A card window's button: what the card costs and does, under its name, as the device's
    window shows it ("2 momentum: Roll the defense die: ..."): the hand with the texts is far
    down the page, and a tap spends the momentum. Other buttons need none."""
    _, _, rest = action.partition(" ")
    verb, _, arg = rest.partition(" ")
    key = {"card": arg, "big-hit": f"big-hit {arg}", "juke": "juke"}.get(verb)
    info = (pack.get("cards") or {}).get(key) if key else None
    if not info:
        return None
    return f"{int(info.get('cost') or 0)} momentum: {info.get('text') or ''}".rstrip(": ")


REASONS = {"drive": "a new drive", "guess": "the right guess", "lightning": "lightning"}
WINDOWS = {"whistle": "before the play", "ability": "after the roll"}


def _dice(e: dict) -> str:
    return ", ".join(str(d) for d in e.get("dice") or [])


def _seat(e: dict, key: str = "player") -> str:
    return str(e.get(key) or "").upper()


def _game_over(e: dict) -> str:
    score = e.get("score") or {}
    said = "-".join(str(score.get(seat, 0)) for seat in ("p1", "p2"))
    return f"Game over: {_seat(e, 'winner')} wins {said}" if e.get("winner") else f"Game over: {said}"


def _kick(e: dict) -> str:
    what = str(e.get("kind") or "kick").replace("_", " ")
    how = {"luck": f"{e.get('dice')} dice", "skill": "a toss", "card": "an AI card"}
    return f"{_seat(e)} kicks {a_or_an(what)} ({how.get(str(e.get('mode')), e.get('mode'))})"


# The log's line per event kind (``page_event``); the pack is passed for the teams' names.
EVENT_WORDS = {
    "momentum": lambda e, pack: (
        f"{_seat(e)} gains {e.get('gain')} momentum "
        f"({REASONS.get(str(e.get('reason') or ''), str(e.get('reason') or ''))})"
    ),
    "window_closed": lambda e, pack: f"no more cards {WINDOWS.get(str(e.get('kind')), 'now')}",
    "card": lambda e, pack: f"{_seat(e)} plays {e.get('name')} ({e.get('cost')} momentum)",
    "roll": lambda e, pack: f"rolled {_dice(e)}",
    "defense_card": lambda e, pack: f"{_seat(e)} lays a defense card face down",
    "juke": lambda e, pack: f"{_seat(e)} plays Juke",
    "big_hit": lambda e, pack: f"{_seat(e)} plays Big Hit: {e.get('choice')}",
    "reroll": lambda e, pack: f"rerolled by {e.get('source')}: {_dice(e)}",
    "ball_moved_back": lambda e, pack: f"ball back from space {e.get('from')} to {e.get('to')}",
    "discarded": lambda e, pack: (
        f"{_seat(e)} discards {'die' if len(e.get('dice') or []) == 1 else 'dice'} {_dice(e)}"
    ),
    "endzone": lambda e, pack: f"{_seat(e)} takes the {e.get('end_zone')} end zone",
    "game_over": lambda e, pack: _game_over(e),
    "defense_roll": lambda e, pack: (
        f"{_seat(e)} rolls the defense die: {e.get('face')}" + (" (a hit)" if e.get("hit") else "")
    ),
    "drive": lambda e, pack: f"{_seat(e, 'offense')} has the ball, down 1",
    "kickoff": lambda e, pack: f"{_seat(e, 'offense')} has the ball first",
    "team": lambda e, pack: (
        f"{_seat(e)} plays the {(pack.get('teams') or {}).get(str(e.get('team') or ''), e.get('team') or '')}"
    ),
    "kick": lambda e, pack: _kick(e),
    "play_selected": lambda e, pack: f"{_seat(e)} picks a {e.get('colour')} play",
}


def page_event(event: dict, pack: dict) -> str | None:
    """The log's line for an event in the device's words (its result screen's lines: "Defense
    RED 1: wrong", "Ball +2 red spaces", "Clock 26 -> 24"), and momentum, cards and rolls in
    words (``EVENT_WORDS``); None leaves the rest to the generic words."""
    from companion.games.dungeon_ball import screens_results as results

    words = EVENT_WORDS.get(str(event.get("event")))
    if words is not None:
        return words(event, pack)
    defense = {k: v.get("dice") for k, v in (pack.get("defense") or {}).items()}
    return "; ".join(results.lines([event], lambda pid: pid.upper(), defense)) or None
