"""What each game keeps secret, checked on the views it builds: a game with hidden information
adds its check here (the harness's generic checks cover private draws and secret choices)."""
from __future__ import annotations

import json


def toy_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Crystal Auction: another seat's hand and face-down card."""
    return [f"{seat['id']}'s {key}" for seat in view["seats"] if seat["id"] != viewer
            for key in ("hand", "pick") if key in seat]


def dungeon_ball_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dungeon Ball: the other seat's ability cards, the defense card before the reveal."""
    leaks = [f"{p['id']}'s hand" for p in view["players"] if p["id"] != viewer and not isinstance(p["hand"], int)]
    play = view.get("play")
    defense = "p2" if view.get("offense") == "p1" else "p1"          # as GameState.defense says
    if play and play["defense_card"] not in ("", "hidden") and not play["revealed"] and viewer != defense:
        leaks.append(f"the unrevealed defense card {play['defense_card']!r}")
    solo = view.get("solo")
    if solo and not isinstance(solo.get("draw"), int):
        leaks.append("the order of the AI deck")
    return leaks


def dungeon_ball_event_leaks(engine, state, events: list[dict]) -> list[str]:
    """Dungeon Ball: no event names the defense card before it is revealed."""
    play = state.play
    if not play or not play.defense_card or play.revealed:
        return []
    card = json.dumps(play.defense_card)
    return [f"the unrevealed defense card in {e}" for e in events if card in json.dumps(e)]


def dodgeball_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dodgeball: the other coach's hand, face-down card, rush line, mascot or coach card."""
    secret = ("hand", "pick", "extras", "rush", "mascot_card", "coach_card")
    return [f"{c['id']}'s {key}" for c in view["coaches"] if c["id"] != viewer for key in secret if key in c]


LEAKS = {"toy": toy_leaks, "dungeon-ball": dungeon_ball_leaks, "dodgeball": dodgeball_leaks}
EVENT_LEAKS = {"dungeon-ball": dungeon_ball_event_leaks}     # the toy's: the generic private check


def leaks(game_id: str, engine, state, viewer: str | None, view: dict) -> list[str]:
    check = LEAKS.get(game_id)
    return check(engine, state, viewer, view) if check else []


def event_leaks(game_id: str, engine, state, events: list[dict]) -> list[str]:
    check = EVENT_LEAKS.get(game_id)
    return check(engine, state, events) if check else []
