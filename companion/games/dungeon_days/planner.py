"""Dungeon Days' planners: the search of companion.search over this engine, guided by the
``greedy`` player (its choice is the search's prior), with random legal choices in rollouts cut
short after ``DEPTH`` decisions and scored by each board's points."""

from __future__ import annotations

from companion.games.dungeon_days import board as B
from companion.games.dungeon_days.belief import sample_state
from companion.games.dungeon_days.policies import GreedyPolicy, RandomPolicy
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 3


def points(engine, s) -> dict[str, float]:
    return {x.id: float(B.board_score(engine.pack, x.board)) for x in s.seats}


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    RandomPolicy,
    lead_score(points, 3.0),
    DEPTH,
    (90, 450),
    views=False,
    guide=GreedyPolicy,
)
