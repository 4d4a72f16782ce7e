"""Dungeon Allies' planners: the search of companion.search over this engine, the root's answers
(the ``sensible`` player's and its best four others) raced by sequential halving, each
simulation played on by ``sensible`` players from the same sample for every answer to the end
of the turn and scored there.

A turn's placements pay only when the turn is settled (the fights, the treasure, the tavern,
the sorcerer row), so a rollout is never cut with dice on the board: cut mid-placement, every
answer scored the same and noise chose. And most of what a turn brings is not points yet
(crystals, a better die, a follower), so the score weighs it as the sensible player does:
points, each crystal at its worth, and each ally and die step by the turns still to come."""

from __future__ import annotations

from companion.games.dungeon_allies.belief import sample_state
from companion.games.dungeon_allies.policies import SensiblePolicy
from companion.games.dungeon_allies.scoring import score
from companion.games.dungeon_allies.sensible import WORTH
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 1  # then on to the end of the turn


def worth_points(engine, s) -> dict[str, float]:
    """Points (gold counts a little extra), each crystal at the sensible player's worth, and
    each ally and each step of its die above a d4 by the turns still to come."""
    ladder = engine.pack.rules.ladder
    left = s.monsters_left / (len(s.seats) * 1.5)  # turns still to come, as the sensible player counts
    step, ally = min(2.5, 0.4 * left), min(3.0, 0.35 * left)
    have = {}
    for x in s.seats:
        crystals = sum(WORTH[c] * n for c, n in x.crystals.items())
        dice = sum(ally + step * ladder.index(a.die) for a in x.allies if a.die)
        have[x.id] = float(score(engine, x)) + 0.1 * x.gold + crystals + dice
    return have


def between_turns(engine, s) -> bool:
    """No die on the board: the turn's placements are settled."""
    return not s.placed


RANKER = SensiblePolicy(0)


def rank(engine, view: dict, prompt, answers: list[str]) -> list[str]:
    """Placements by the sensible player's worth of each, best first (a peek or a pass after
    them)."""
    if prompt.kind != "place":
        return answers
    me = view["seats"][prompt.actor]

    def worth(answer: str) -> float:
        words = answer.split()
        if words[3] in ("peek", "pass"):
            return -0.5
        return RANKER.value(engine, view, me, words[2], words[3])

    return sorted(answers, key=lambda a: -worth(a))


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    SensiblePolicy,
    lead_score(worth_points, 3.0),
    DEPTH,
    (24, 160),
    guide=SensiblePolicy,
    search="halving",
    widest=5,
    rank=rank,
    cut=between_turns,
    budget_seats=2,
)
