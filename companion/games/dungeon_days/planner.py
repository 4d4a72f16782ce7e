"""Dungeon Days' planners: the search of companion.search over this engine, the root's answers
(the ``greedy`` player's and its best four others) raced by sequential halving, each
simulation played on by ``greedy`` players for ``DEPTH`` decisions from the same sample for
every answer and scored like the greedy player weighs a board: points and days filled, as a
lead on the others. The budget is for two seats; a bigger table gets fewer simulations of more
seats (about the same time)."""

from __future__ import annotations

from companion.games.dungeon_days import board as B
from companion.games.dungeon_days.belief import sample_state
from companion.games.dungeon_days.policies import GreedyPolicy, board_points
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 4


def worth_points(engine, s) -> dict[str, float]:
    """Each board's points and a point for each day filled (a creature or a boulder on it)."""
    pack = engine.pack
    return {
        x.id: float(board_points(pack, x.board))
        + 1.0 * sum(B.blocked(p) or B.has_creature(pack, p) for p in x.board)
        for x in s.seats
    }


worth_score = lead_score(worth_points, 3.0)


RANKER = GreedyPolicy(0)


def rank(engine, view: dict, prompt, answers: list[str]) -> list[str]:
    """The plays by the ``greedy`` player's worth after each, best first; drawing where the
    greedy player would weigh it."""
    if prompt.kind != "turn":
        return answers
    values, now, hand = RANKER.values(engine, view, prompt)
    drawing = now + (0.5 if hand < 4 else -0.5)
    return sorted(answers, key=lambda a: -values.get(a, drawing if a.endswith(" draw") else -1e9))


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    GreedyPolicy,
    worth_score,
    DEPTH,
    (60, 300),
    guide=GreedyPolicy,
    search="halving",
    widest=5,
    rank=rank,
    budget_seats=2,
)
