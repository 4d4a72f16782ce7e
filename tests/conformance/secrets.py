"""What each game keeps secret, checked on the views it builds: a game with hidden information
adds its check here (the harness's generic checks cover private draws and secret choices)."""

from __future__ import annotations

import json


def toy_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Crystal Auction: another seat's hand and face-down card."""
    return [
        f"{seat['id']}'s {key}"
        for seat in view["seats"]
        if seat["id"] != viewer
        for key in ("hand", "pick")
        if key in seat
    ]


def dungeon_ball_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dungeon Ball: the other seat's ability cards, the defense card before the reveal."""
    leaks = [
        f"{p['id']}'s hand" for p in view["players"] if p["id"] != viewer and not isinstance(p["hand"], int)
    ]
    play = view.get("play")
    defense = "p2" if view.get("offense") == "p1" else "p1"  # as GameState.defense says
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


def dungeonbowl_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dungeonbowl: a closed chest shows nothing but "closed" (its content does not exist yet)."""
    return [
        f"chest {c['no']} shows {c}"
        for c in view["chests"]
        if c["state"] == "closed" and (set(c) != {"no", "state", "opener"} or c["opener"] is not None)
    ]


def dungeonbowl_event_leaks(engine, state, events: list[dict]) -> list[str]:
    """Dungeonbowl: no event tells the content of a chest that is still closed."""
    closed = {c.no for c in state.chests if c.state == "closed"}
    return [f"a closed chest's content in {e}" for e in events if "content" in e and e.get("chest") in closed]


def dungeon_days_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dungeon Days: another seat's hand (only its size is shown); the deck's cards."""
    leaks = [f"{seat['id']}'s hand" for seat in view["seats"] if seat["id"] != viewer and "hand" in seat]
    if not isinstance(view["deck"], int):
        leaks.append("the deck's cards")
    return leaks


def dungeon_allies_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dungeon Allies: a face-down monster, except to the seats that looked under it."""
    return [
        f"the face-down monster on {t['square']}"
        for t in view["tiles"]
        if t["monster"] and not t["revealed"] and viewer not in t["looked"]
    ]


def dodgeball_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dodgeball: the other coach's hand, face-down card, rush line, mascot or coach card."""
    secret = ("hand", "pick", "extras", "rush", "mascot_card", "coach_card")
    return [
        f"{c['id']}'s {key}"
        for c in view["coaches"].values()
        if c["id"] != viewer
        for key in secret
        if key in c
    ]


LEAKS = {
    "toy": toy_leaks,
    "dungeon-ball": dungeon_ball_leaks,
    "dungeonbowl": dungeonbowl_leaks,
    "dungeon-days": dungeon_days_leaks,
    "dungeon-allies": dungeon_allies_leaks,
    "dodgeball": dodgeball_leaks,
}
EVENT_LEAKS = {
    "dungeon-ball": dungeon_ball_event_leaks,
    "dungeonbowl": dungeonbowl_event_leaks,
}  # the toy's: the generic private check


def leaks(game_id: str, engine, state, viewer: str | None, view: dict) -> list[str]:
    check = LEAKS.get(game_id)
    return check(engine, state, viewer, view) if check else []


def event_leaks(game_id: str, engine, state, events: list[dict]) -> list[str]:
    check = EVENT_LEAKS.get(game_id)
    return check(engine, state, events) if check else []
