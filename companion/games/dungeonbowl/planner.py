"""Dungeonbowl's planners: the search of companion.search over this engine, guided by the
``coach`` (its choice is the search's prior), with the random reporter in rollouts cut short
after ``DEPTH`` decisions and scored by touchdowns, the ball and the players each coach still
has in the dungeon."""

from __future__ import annotations

from companion.games.dungeonbowl.belief import sample_state
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.policies import RandomReporter
from companion.games.dungeonbowl.state import DUNGEON, split_player
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 3


def points(engine, s) -> dict[str, float]:
    have = {t.seat: t.touchdowns + 0.05 * sum(w == DUNGEON for w in t.where.values()) for t in s.teams}
    if "#" in s.ball:
        have[split_player(s.ball)[0]] += 0.5
    return have


Planner, StrongPlanner = planners(
    __name__, sample_state, RandomReporter, lead_score(points, 0.5), DEPTH, (250, 1250), guide=CoachPolicy
)
