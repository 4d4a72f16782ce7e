"""Dungeonbowl's planners: the search of companion.search over this engine, the root's answers
raced by sequential halving, each simulation a whole game played on by two ``coach`` players
(a coach's game is short) from the same sample for every answer; ties go to the coach's own
answer. A rollout cut short is scored by touchdowns, the ball and the players each coach
still has in the dungeon."""

from __future__ import annotations

from companion.games.dungeonbowl.belief import sample_state
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.state import DUNGEON, split_player
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 200  # whole games: a coach's game is short


def points(engine, s) -> dict[str, float]:
    have = {t.seat: t.touchdowns + 0.05 * sum(w == DUNGEON for w in t.where.values()) for t in s.teams}
    if "#" in s.ball:
        have[split_player(s.ball)[0]] += 0.5
    return have


def rollout_view(engine, s, seat: str) -> dict:
    """What the coach and the reporter read of the view (the ball, each team's boxes)."""
    return {
        "ball": s.ball,
        "teams": [
            {
                "seat": t.seat,
                "dungeon": t.in_box(DUNGEON),
                "reserves": t.in_box("reserves"),
                "ko": t.in_box("ko"),
            }
            for t in s.teams
        ],
    }


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    CoachPolicy,
    lead_score(points, 0.5),
    DEPTH,
    (80, 400),
    guide=CoachPolicy,
    search="halving",
    rollout_view=rollout_view,
)
