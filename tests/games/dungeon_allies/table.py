"""A Dungeon Allies table for the rule tests: a game set up with forced draws and dice, and
helpers to play actions and check refusals (named rule, state unchanged)."""

from __future__ import annotations

import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.registry import get_game

CHARACTERS = ["pyra", "tidus", "fern", "mortar", "runa", "hawk", "brand", "bastion", "ember", "blade"]


def engine():
    return get_game("dungeon-allies").load_engine()


def new_game(g, players: int = 2, board: str = "digital", seats: dict | None = None):
    options = {"players": players, "board": board, **({"seats": seats} if seats else {})}
    return g.new_state(Header("dungeon-allies", options=options))


def play(g, s, *actions: str) -> list[dict]:
    events: list[dict] = []
    for action in actions:
        events += g.apply(s, action)
    return events


def set_up(
    g,
    players: int = 2,
    board: str = "digital",
    crystals: str = "red red blue blue",
    row: str = "staff-of-embers crown-of-echoes orb-of-ages rod-of-storms red-prism",
    follower: str = "archer",
    rolls: list[str] | None = None,
    seats: dict | None = None,
):
    """Each seat pN gets characters 2N-1 and 2N of CHARACTERS, the d6 on the first; the
    percentile rolls put p1 first; the treasure, row and tavern as given."""
    s = new_game(g, players, board, seats)
    for i in range(players):
        play(g, s, f"chance deal {CHARACTERS[2 * i]} {CHARACTERS[2 * i + 1]}")
    for i in range(players):
        play(g, s, f"p{i + 1} d6 {CHARACTERS[2 * i]}")
    play(g, s, "chance roll " + " ".join(rolls or [f"{90 - 10 * i:02d}" for i in range(players)]))
    play(g, s, f"chance draw {crystals}", f"chance deal {row}", f"chance follower {follower}")
    return s


def refused(g, s, action: str, rule: str, reason_part: str = "") -> IllegalAction:
    """``action`` is refused naming ``rule`` and the state's bytes do not change."""
    before = g.to_json(s)
    with pytest.raises(IllegalAction) as info:
        g.apply(s, action)
    assert info.value.rule == rule, info.value
    assert reason_part in info.value.reason, info.value.reason
    assert g.to_json(s) == before
    return info.value


def kinds(events: list[dict]) -> list[str]:
    return [e["event"] for e in events]


def give(s, seat: str, **crystals: int) -> None:
    """Put crystals in a seat's hand from the bag (a test's shortcut to a situation)."""
    for colour, n in crystals.items():
        s.bag[colour] -= n
        s.seat(seat).crystals[colour] += n
