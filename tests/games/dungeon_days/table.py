"""Positions for Dungeon Days' tests: boards and hands laid out by hand, plays checked."""

from __future__ import annotations

import pytest

from companion.engine.core import Header, IllegalAction
from companion.games.dungeon_days.engine import DungeonDays

ENGINE = DungeonDays()
DAYS = ENGINE.pack.days


def table(
    players: int = 2,
    boards: dict | None = None,
    hands: dict | None = None,
    turn: str = "p1",
    mode: str = "play",
):
    """A game at a position: ``boards = {"p2": {"tue": ["elf", "halfling"]}}`` (piles bottom to
    top), ``hands = {"p1": ["dragon"]}``, the seat to act."""
    s = ENGINE.new_state(Header("dungeon-days", options={"players": players, "mode": mode}))
    for sid, days in (boards or {}).items():
        for day, pile in days.items():
            s.seat(sid).board[DAYS.index(day)] = list(pile)
    for sid, hand in (hands or {}).items():
        s.seat(sid).hand = sorted(hand)
    s.turn = int(turn[1:]) - 1
    return s


def full_week(*skip: str, card: str = "human") -> dict:
    """A board with ``card`` on every day but ``skip``."""
    return {d: [card] for d in DAYS if d not in skip}


def play(s, action: str) -> list[dict]:
    return ENGINE.apply(s, action)


def pile(s, sid: str, day: str) -> list[str]:
    return s.seat(sid).board[DAYS.index(day)]


def refused(s, action: str, rule: str, says: str = "") -> IllegalAction:
    """The action is refused naming ``rule`` (and saying ``says``), and the state's bytes are
    unchanged."""
    before = ENGINE.to_json(s)
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(s, action)
    assert exc.value.rule == rule, exc.value
    assert says in exc.value.reason, exc.value.reason
    assert ENGINE.to_json(s) == before
    return exc.value


def day_points(s, sid: str, day: str) -> tuple[int, str]:
    row = ENGINE.days(s, sid)[DAYS.index(day)]
    return row["points"], row["why"]


def score(s, sid: str) -> int:
    return ENGINE.summary(s)["scores"][sid]
