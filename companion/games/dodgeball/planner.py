"""Dodgeball's planners: the search of companion.search over this engine, guided by the
``coach`` (its choice is the search's prior), with random legal choices in rollouts cut short
after ``DEPTH`` decisions and scored by the players each coach still has on court and the balls
on his side."""

from __future__ import annotations

from companion.games.dodgeball.belief import sample_state
from companion.games.dodgeball.coach import CoachPolicy
from companion.games.dodgeball.policies import RandomPolicy
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 3


def points(engine, s) -> dict[str, float]:
    return {c.id: len(c.on_court()) + 0.2 * c.balls_on_side() for c in s.coaches}


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    RandomPolicy,
    lead_score(points, 1.5),
    DEPTH,
    (140, 700),
    views=False,
    guide=CoachPolicy,
)
