"""A Dungeonbowl table for the rules tests: a game set up to P1's first turn in a few lines,
and a way to play actions (chance outcomes forced like any other line) and check refusals."""

from __future__ import annotations

import pytest

from companion.engine.core import Header, IllegalAction
from companion.games.dungeonbowl.engine import Dungeonbowl

ENGINE = Dungeonbowl()

# P1 wins the roll-off 5-2, chooses the left end zone, buys nothing; P2 buys one pair of pits
SETUP = [
    "chance roll 5 2",
    "p1 end-zone left",
    "p1 done",
    "p2 buy pits",
    "p2 done",
    *[f"{'p2' if i % 2 == 0 else 'p1'} place-chest {i + 1}" for i in range(6)],
    *[f"{'p2' if i % 2 == 0 else 'p1'} place-pad {i + 1}" for i in range(6)],
]


def new(**options):
    return ENGINE.new_state(Header("dungeonbowl", seed=1, options=options))


def play(s, *actions):
    """Apply each action; return all the events."""
    events = []
    for action in actions:
        events += ENGINE.apply(s, action)
    return events


def place_traps(s):
    """Every trap counter, whoever is asked, until the starters."""
    while ENGINE.prompt(s).kind == "place_trap":
        play(s, ENGINE.prompt(s).options[0])


def to_first_turn(inducements=(), **options):
    """P1 to play turn 1 with #1-#6 in the dungeon on both sides, #7-#12 in reserve.
    ``inducements``: extra lines bought before P1's "done" (e.g. "p1 buy apothecary")."""
    s = new(**options)
    play(s, SETUP[0], SETUP[1], *inducements, *SETUP[2:])
    place_traps(s)
    play(s, "p1 start 1 2 3 4 5 6", "p2 start 1 2 3 4 5 6")
    assert ENGINE.prompt(s).kind == "turn" and s.active == "p1"
    return s


def refused(s, action, reason_part, rule_part):
    """The action is refused naming the rule, and the state's bytes are unchanged."""
    before = ENGINE.to_json(s)
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(s, action)
    assert reason_part in refusal.value.reason, refusal.value.reason
    assert rule_part in (refusal.value.rule or ""), refusal.value.rule
    assert ENGINE.to_json(s) == before
    return refusal.value


def kinds(events):
    return [e["event"] for e in events]


def prompt(s):
    return ENGINE.prompt(s)
