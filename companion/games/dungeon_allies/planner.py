"""Dungeon Allies' planners: the search of companion.search over this engine, guided by the
``sensible`` player (its choice is the search's prior), with random legal choices in rollouts
cut short after ``DEPTH`` decisions and scored by each seat's points (and a little for gold)."""

from __future__ import annotations

from companion.games.dungeon_allies.belief import sample_state
from companion.games.dungeon_allies.policies import RandomPolicy, SensiblePolicy
from companion.games.dungeon_allies.scoring import score
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 12


def points(engine, s) -> dict[str, float]:
    return {x.id: float(score(engine, x)) + 0.1 * x.gold for x in s.seats}


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    RandomPolicy,
    lead_score(points, 3.0),
    DEPTH,
    (24, 120),
    views=False,
    guide=SensiblePolicy,
)
