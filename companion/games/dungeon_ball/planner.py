"""Dungeon Ball's planners: the search of companion.search over this engine, guided by the
``coach`` (its choice is the search's prior), with the ``random`` player (which never throws a
play away) in rollouts cut short after ``DEPTH`` decisions and scored by the points, possession
and the spaces still to go."""

from __future__ import annotations

from companion.games.dungeon_ball.belief import sample_state
from companion.games.dungeon_ball.coach import CoachPolicy
from companion.games.dungeon_ball.policies import RandomPolicy
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 12


def points(engine, s) -> dict[str, float]:
    """The score, and for the offense up to three more for the way it has come."""
    have = {p.id: float(p.score) for p in s.players}
    if s.offense and not s.over:
        to_go = engine.field.to_go(s.ball, engine.attacking(s))
        have[s.offense] += 3.0 * max(0.0, 1.0 - to_go / engine.field.n)
    return have


Planner, StrongPlanner = planners(
    __name__, sample_state, RandomPolicy, lead_score(points, 7.0), DEPTH, (250, 1250), guide=CoachPolicy
)
