"""Dungeonbowl's planners: the search of companion.search over this engine, the root's answers
raced by sequential halving on common samples, each simulation played on by two ``coach``
players for a few decisions and then scored by the carry model below; ties and near ties go
to the coach's answer.

The computer players carry the ball as companion.games.dungeonbowl.carry reads the rulebook:
the carrier scores only after living through a whole turn of the other team, in which every
one of its players able to reach him blocks him, one block each, until the ball comes loose
or a block goes wrong (a turnover). So a position is worth, to the team holding the ball,
``hold(n)``: the chance its carrier lives through ``n`` blocks, plus the chance the ball
comes loose to a team that must then live through a turn of its own. While the ball is in a
chest the teams open one chest a turn, and the finder, who picks the ball up at once, wins
with ``HOLD``: ``race(k, b, HOLD)`` is the chest race with that prize.

What the table's dice settle, and the table reports (a block's result, a leap, a pass, who
stood beside a blast, an armour value, an occupied pad, a wall behind the ball), the planner
answers as the coach does, at random: it plays by the dice, it does not pick them."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from companion.games.dungeonbowl.belief import sample_state
from companion.games.dungeonbowl.carry import blockers, decisions, holder_seat
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.engine import DOWN
from companion.games.dungeonbowl.state import DUNGEON, RESERVES, other
from companion.search.planner import planners

DEPTH = 12  # coach decisions after the answer, then the race scores the position
BONUS = 0.05  # the coach's answer keeps its place unless another is this much better
DICE = frozenset(
    {"block_result", "leap_result", "pass_result", "adjacent", "armour_value", "occupied", "scatter_wall"}
)


# one block on the carrier, its result uniform over the seven the sim's dice report: a
# turnover that leaves him the ball (attacker down), the ball loose to the blockers (down,
# down into a trap, half the pushes into a trap), loose on a turnover (both down), or neither
KEEPS, TAKEN, LOOSE = Fraction(1, 7), Fraction(5, 14), Fraction(1, 7)
AGAIN = 1 - KEEPS - TAKEN - LOOSE


def blocked(n: int) -> tuple[Fraction, Fraction, Fraction]:
    """Up to ``n`` blocks on the carrier: the chances that he keeps the ball, that the
    blockers take it, that it comes loose on their turnover."""
    again = sum(AGAIN**i for i in range(n))
    return KEEPS * again + AGAIN**n, TAKEN * again, LOOSE * again


def _hold_forever() -> Fraction:
    """``HOLD``: the chance that the team which has just secured the ball wins, against a
    side with blockers to spare: hold = keeps + taken (1 - hold) + loose hold."""
    keeps, taken, loose = (x / (1 - AGAIN) for x in (KEEPS, TAKEN, LOOSE))
    return (keeps + taken) / (1 + taken - loose)


HOLD = float(_hold_forever())


@cache
def hold(n: int) -> float:
    """The chance that the team holding the ball wins, the other side to block it ``n`` times
    at most (then, the ball taken or loose, ``HOLD`` again for whoever secures it)."""
    keeps, taken, loose = blocked(n)
    return float(keeps + taken * (1 - _hold_forever()) + loose * _hold_forever())


@cache
def race(closed: int, balls: int, prize: float = 1.0) -> float:
    """The chance that the team about to open a chest wins, ``closed`` chests holding
    ``balls`` balls, when both teams open one chest a turn and the finder wins with
    ``prize`` (exact: equal races tie)."""
    return float(_race(closed, balls, Fraction(prize)))


def _race(closed: int, balls: int, prize: Fraction) -> Fraction:
    if balls <= 0:
        return Fraction(0)
    if balls >= closed:
        return prize
    return Fraction(balls, closed) * prize + Fraction(closed - balls, closed) * (
        1 - _race(closed - 1, balls, prize)
    )


def can_open(s, seat: str) -> bool:
    team = s.team(seat)
    return any(w in (DUNGEON, RESERVES) for w in team.where.values())


def carry_score(engine, s) -> dict[str, float]:
    """Each team's chance to win from here (see the module's doc). A turn that is ending (a
    turnover, a chest's blast not yet resolved) hands the play to the other team. Before the
    first turn the teams are even."""
    if not s.active:
        return {t.seat: 0.5 for t in s.teams}
    ending = s.turnover or any(f.step == "chest" and f.data.get("content") == "blast" for f in s.frames)
    mover, turn = (other(s.active), s.turn + 1) if ending else (s.active, s.turn)
    if s.ball == "chest":
        closed = sum(c.state == "closed" for c in s.chests)
        balls = engine.pack.dungeon.ball_chests - sum(c.state == "ball" for c in s.chests)
        if not can_open(s, mover):
            mover = other(mover)
        value = race(closed, balls, HOLD)
    else:
        view = rollout_view(engine, s, mover)
        carrier = holder_seat(view) or mover  # a loose ball: the team to play picks it up
        if carrier == mover and (s.held_since < turn and s.ball != "ground"):
            value = 1.0  # carried through the other team's turn: a touchdown
        elif carrier == mover:  # secured this turn: the other team blocks next turn
            value = hold(len(blockers(view, other(mover), turn + 1)))
        else:  # the team to play blocks the carrier
            value = 1.0 - hold(len(blockers(view, mover, turn)))
    return {mover: value, other(mover): 1.0 - value}


def by_the_model(engine, view: dict, prompt, answers: list[str], favourite) -> list[str]:
    """The answers the planner races: those a computer coach may decide on
    (carry.decisions); the coach's own answer is always among them."""
    return decisions(view, prompt, answers)


def chest_opens(prompt) -> bool:
    """A rollout stops as a chest that may hold the ball is about to open: the race score is
    the mean of its draw. A chest opened once the ball is out can only explode: played on."""
    return prompt.kind == "chest_open" and "ball" in prompt.chance.faces


def rollout_view(engine, s, seat: str) -> dict:
    """What the coach and the reporter read of the view: the ball and since when its team
    holds it, each team's boxes and who is down, this turn's actors."""
    return {
        "ball": s.ball,
        "ball_held_since": s.held_since if s.ball not in ("chest", "ground") else None,
        "turn": s.turn,
        "actors": s.actors,
        "down_since": s.down_since,
        "teams": [
            {
                "seat": t.seat,
                "dungeon": t.in_box(DUNGEON),
                "reserves": t.in_box("reserves"),
                "ko": t.in_box("ko"),
                "status": {p.partition("#")[2]: DOWN[how] for p, how in s.down.items() if p[:2] == t.seat},
            }
            for t in s.teams
        ],
    }


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    CoachPolicy,
    carry_score,
    DEPTH,
    (80, 400),
    guide=CoachPolicy,
    search="halving",
    bonus=BONUS,
    guided=DICE,
    stop=chest_opens,
    focus=by_the_model,
    rollout_view=rollout_view,
)
