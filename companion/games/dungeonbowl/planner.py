"""Dungeonbowl's planners: the search of companion.search over this engine, the root's answers
raced by sequential halving on common samples, each simulation played on by two ``coach``
players for a few decisions and then scored by the chest race; ties and near ties go to the
coach's answer.

The game is the chest race: the team that opens the ball's chest picks the ball up and scores
in the same turn, and a blast ends the turn. With ``k`` chests closed and ``b`` balls in them,
the team about to open wins with ``race(k, b)``: ``b/k`` now, else the other team's turn with
one chest fewer. Against a team that opens every turn no order of play does better (waiting
gives the other team the same race), so the race value is what a position is worth, and it is
a fair measure at any cut: the mean of what comes next is the value now.

What the table's dice settle, and the table reports (a block's result, a leap, a pass, who
stood beside a blast, an armour value, an occupied pad, a wall behind the ball), the planner
answers as the coach does, at random: it plays by the dice, it does not pick them."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from companion.games.dungeonbowl.belief import sample_state
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.state import DUNGEON, RESERVES, other, split_player
from companion.search.planner import planners

DEPTH = 12  # coach decisions after the answer, then the race scores the position
BONUS = 0.05  # the coach's answer keeps its place unless another is this much better
DICE = frozenset(
    {"block_result", "leap_result", "pass_result", "adjacent", "armour_value", "occupied", "scatter_wall"}
)


@cache
def race(closed: int, balls: int) -> float:
    """The chance that the team about to open a chest wins, ``closed`` chests holding
    ``balls`` balls, when both teams open one chest a turn (exact: equal races tie)."""
    return float(_race(closed, balls))


def _race(closed: int, balls: int) -> Fraction:
    if balls <= 0:
        return Fraction(0)
    if balls >= closed:
        return Fraction(1)
    return Fraction(balls, closed) + Fraction(closed - balls, closed) * (1 - _race(closed - 1, balls))


def can_open(s, seat: str) -> bool:
    team = s.team(seat)
    return any(w in (DUNGEON, RESERVES) for w in team.where.values())


def race_score(engine, s) -> dict[str, float]:
    """Each team's chance to win from here, by the chest race (see the module's doc); the ball
    loose or held: the team whose turn it is picks it up or scores, a carrier of the other
    team is blocked for it. A turn that is ending (a turnover, a chest's blast not yet
    resolved) hands the race to the other team. Before the first turn the race is even."""
    if not s.active:
        return {t.seat: 0.5 for t in s.teams}
    ending = s.turnover or any(f.step == "chest" and f.data.get("content") == "blast" for f in s.frames)
    mover = other(s.active) if ending else s.active
    if s.ball == "chest":
        closed = sum(c.state == "closed" for c in s.chests)
        balls = engine.pack.dungeon.ball_chests - sum(c.state == "ball" for c in s.chests)
        if not can_open(s, mover):
            mover = other(mover)
        value = race(closed, balls)
    elif s.ball == "ground":
        value = 0.9
    else:
        value = 1.0 if split_player(s.ball)[0] == mover else 0.5
    return {mover: value, other(mover): 1.0 - value}


def chest_opens(prompt) -> bool:
    """A rollout stops as a chest is about to open: the race score is the mean of its draw."""
    return prompt.kind == "chest_open"


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
    race_score,
    DEPTH,
    (80, 400),
    guide=CoachPolicy,
    search="halving",
    bonus=BONUS,
    guided=DICE,
    stop=chest_opens,
    rollout_view=rollout_view,
)
