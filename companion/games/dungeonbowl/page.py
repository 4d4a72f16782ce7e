"""Dungeonbowl on the phones' page (companion.web.views describes the blocks): whose turn and
where the ball is, the last roll, each team's dug-out (dungeon, reserves, KO, casualties),
the chests (a closed one is only "closed": its content is decided when it is opened) and
the traps (hidden until sprung).

It reads only the model a page view gets (the viewer's ``public_view``, the public summary),
so it shows nothing the viewer may not see.

Actions and events name a player ``p2#10``; the page says "P2 #10" everywhere, as the
screens do: in its blocks, on the option buttons (``page_names``) and in the log
(``page_event``).
"""

from __future__ import annotations

import re

from companion.games.dungeonbowl.screens_text import (
    TREAT,
    roll_off_dice,
    roll_off_words,
    who,
)
from companion.web.views import text

SEATS = ("p1", "p2")
NUMBERS = range(1, 100)  # a roster's player numbers (engine.rosters: 1 to 99)
PLAYER = re.compile(r"p\d+#\d+")


def say_player(value):
    """A player id as the page says it (``p2#10`` -> ``P2 #10``); a list of them, each; any
    other value as it is."""
    if isinstance(value, str) and PLAYER.fullmatch(value):
        return who(value)
    if isinstance(value, list):
        return [say_player(v) for v in value]
    return value


def page_names(pack: dict) -> dict:
    """Every player id an option line can hold, as the page says it (``p2#10``: "P2 #10")."""
    return {f"{seat}#{n}": who(f"{seat}#{n}") for seat in SEATS for n in NUMBERS}


def page_event(event: dict, pack: dict) -> str | None:
    """The log's line for an event in the generic words, its players said as "P2 #10"; the
    roll-off as the rulebook words it ("P1 rolled 6, P2 rolled 2: P1 chooses the end zone"), with
    what the device decided where the rulebook is silent (who moves and places first, a tie)."""
    if event.get("event") == "roll_off":
        return (
            f"{roll_off_dice(event)}: {event['decided']}" if event.get("decided") else roll_off_words(event)
        )
    if event.get("text") or not any(say_player(v) != v for v in event.values()):
        return None
    from companion.web.payloads import event_words

    return event_words({k: say_player(v) for k, v in event.items()})


def page_label(action: str, pack: dict) -> str | None:
    """An injured player's treatment in the device's words ("use the apothecary", "roll
    Regeneration", "accept it"); other buttons keep their own."""
    seat, _, rest = action.partition(" ")
    return TREAT.get(rest) if seat in SEATS else None


def page_confirm(action: str) -> str | None:
    """A concession ends the game: the page asks a second tap (it sits beside "end-turn")."""
    seat, _, verb = action.partition(" ")
    if verb != "concede" or seat not in SEATS:
        return None
    winner = "P2" if seat == "p1" else "P1"
    return f"Concede: {winner} wins the game. Tap again to concede"


def game_facts(view: dict) -> dict:
    doing = str(view.get("doing") or view.get("step") or "").replace("_", " ").replace("-", " ")
    if view.get("turn") and view.get("active"):
        now = f"{view['turn']}: {str(view['active']).upper()} plays" + (
            f" ({doing})" if doing and doing != "over" else ""
        )
    else:
        now = f"setting up: {doing}" if doing else "setting up"
    rows = [["turn", now], ["ball", ball_words(view.get("ball"))]]
    for team in view.get("teams") or []:
        scored = team.get("touchdowns", 0)
        rows.append(
            [
                str(team.get("seat", "")).upper(),
                f"{scored} touchdown{'' if scored == 1 else 's'}, end zone {team.get('end_zone', '')}",
            ]
        )
    last = view.get("last") or {}
    if last:
        dice = text(last["dice"]) if last.get("dice") else ""  # a chest's reveal rolls none
        rows.append(
            ["last", " ".join(w for w in (f"{last.get('what', '')}:", dice, last.get("result", "")) if w)]
        )
    if view.get("turnover"):
        rows.append(["turnover", "yes"])
    return {"kind": "facts", "title": "Game", "rows": rows}


def ball_words(ball) -> str:
    """``chest`` (not found yet), ``ground``, or the holder (``p1#5``)."""
    if ball == "chest":
        return "not found yet: in one of the closed chests"
    if ball == "ground":
        return "on the ground"
    return f"held by {say_player(str(ball))}" if ball else "-"


def dugout(team: dict, viewer: str | None) -> dict:
    hurt = team.get("hurt") or {}

    def players(key: str) -> list[dict]:
        return [{"text": f"#{p}", "sub": hurt.get(p, "")} for p in team.get(key) or []]

    seat = str(team.get("seat", ""))
    lines = [
        {"label": "dungeon", "items": players("dungeon")},
        {"label": "reserves", "items": players("reserves")},
        {"label": "KO", "items": players("ko")},
        {"label": "casualties", "items": players("cas")},
        {
            "label": "help",
            "items": [
                {"text": f"{team.get('apothecaries', 0)} apothecary"},
                {"text": f"{team.get('igors', 0)} Igor"},
            ],
        },
    ]
    return {
        "kind": "rows",
        "title": f"{seat.upper()} dug-out" + (" (you)" if seat == viewer else ""),
        "rows": lines,
        "you": seat == viewer,
    }


def chests_and_traps(view: dict) -> dict:
    chests = [
        {
            "text": str(c.get("no")),
            "sub": str(c.get("state", "")) + (f", {say_player(c['opener'])}" if c.get("opener") else ""),
            "cls": "" if c.get("state") == "closed" else "dim",
        }
        for c in view.get("chests") or []
    ]
    traps = [
        {
            "text": str(t.get("no")),
            "sub": f"{str(t.get('owner', '')).upper()}: {t.get('face', 'hidden')}",
            "cls": "" if t.get("face") == "hidden" else "hot",
        }
        for t in view.get("traps") or []
    ]
    return {
        "kind": "rows",
        "title": "Chests and traps",
        "rows": [
            {"label": "chests", "sub": f"{view.get('chests_placed', 0)} placed", "items": chests},
            {"label": "traps", "items": traps},
        ],
    }


def page_view(model: dict) -> list[dict]:
    view, viewer = model.get("view") or {}, model.get("viewer")
    return [game_facts(view), chests_and_traps(view)] + [dugout(t, viewer) for t in view.get("teams") or []]
