"""What each game keeps secret, checked on the views it builds: a game with hidden information
adds its check here (the harness's generic checks cover private draws and secret choices)."""
from __future__ import annotations


def toy_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Crystal Auction: another seat's hand and face-down card."""
    return [f"{seat['id']}'s {key}" for seat in view["seats"] if seat["id"] != viewer
            for key in ("hand", "pick") if key in seat]


def dungeon_ball_leaks(engine, state, viewer: str | None, view: dict) -> list[str]:
    """Dungeon Ball: the other seat's ability cards, the defense card before the reveal."""
    leaks = [f"{p['id']}'s hand" for p in view["players"] if p["id"] != viewer and not isinstance(p["hand"], int)]
    play = view.get("play")
    if play and play["defense_card"] not in ("", "hidden") and not play["revealed"] and viewer != state.defense:
        leaks.append(f"the unrevealed defense card {play['defense_card']!r}")
    solo = view.get("solo")
    if solo and not isinstance(solo.get("draw"), int):
        leaks.append("the order of the AI deck")
    return leaks


LEAKS = {"toy": toy_leaks, "dungeon-ball": dungeon_ball_leaks}


def leaks(game_id: str, engine, state, viewer: str | None, view: dict) -> list[str]:
    check = LEAKS.get(game_id)
    return check(engine, state, viewer, view) if check else []
