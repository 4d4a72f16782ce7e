"""A turn's options are built from the rules' conditions, not by asking ``why_not`` of every
candidate: on random games (basic and advanced rules), the options are exactly the moves,
throws, group throws and end that ``why_not`` accepts, no more and no fewer."""

from __future__ import annotations

from itertools import permutations

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.games.dodgeball.policies import RandomPolicy
from companion.games.dodgeball.turns import MOVES, why_not
from tests.games.dodgeball.court import ENGINE

ADVANCED = {k: True for k in ("abilities", "group_throws", "counter_attack", "mascots", "coach_cards")}


def accepted(g, s, seat: str) -> set[str]:
    """Every turn action of a few words that ``why_not`` accepts, each player of both teams tried."""
    me, them = s.coach(seat), s.other(seat)
    mine, theirs = me.players, them.players
    candidates = [[seat, verb, p] for p in mine for verb in MOVES] + [[seat, "end"]]
    candidates += [[seat, "throw", a, b] for a in mine for b in theirs]
    if s.group_throws:
        for a in mine:
            for b in theirs:
                for n in range(1, 4):
                    candidates += [
                        [seat, "group", a, b, *c]
                        for c in permutations(mine, n)
                        if list(c) == sorted(c, key=mine.index)
                    ]
    return {" ".join(w) for w in candidates if why_not(g, s, seat, w) is None}


def turn_prompts(options: dict, seeds=range(3)):
    """(state, prompt) at every turn prompt of random games with these options, in order."""
    g = ENGINE
    for seed in seeds:
        s = g.new_state(Header("dodgeball", seed=seed, options=options))
        dice, players = SeededDice(seed), {"p1": RandomPolicy(seed), "p2": RandomPolicy(seed + 1)}
        p = g.prompt(s)
        while p is not None:
            if p.kind == "turn":
                yield s, p
            action = dice.answer(p) if p.is_chance else players[p.actor](g, {}, p)
            p = g.apply_trusted(s, action, p)[1]


@pytest.mark.parametrize("options", [{}, ADVANCED], ids=["basic", "advanced"])
def test_the_turn_options_are_exactly_what_why_not_accepts(options):
    turns = organising = 0
    for s, p in turn_prompts(options):
        assert sorted(p.options) == sorted(accepted(ENGINE, s, p.actor)), s.turn
        turns += 1
        organising += not s.throws
    assert turns >= 60 and organising >= 30, (turns, organising)
