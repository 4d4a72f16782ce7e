"""Dungeon Ball's planners: the search of companion.search over this engine, the root's answers
raced by sequential halving, each simulation played on by two ``coach`` players for ``DEPTH``
decisions from the same sample for every answer and scored by the points, possession and the
spaces still to go; ties go to the coach's own answer. A game is long (a thousand decisions a
side), so a reroll, which the coach makes at random, is not searched: the planner rerolls the
dice that miss the icon the roll needs, and searches the answers that shape a play (the pawn,
the defense card, the huddle, ability cards)."""

from __future__ import annotations

from companion.games.dungeon_ball.belief import sample_state
from companion.games.dungeon_ball.coach import CoachPolicy
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


def rank(engine, view: dict, prompt, answers: list[str]) -> list[str]:
    """The answers, best first by a rule of thumb where the ``coach`` plays at random: at a
    reroll, rerolling every die that misses the icon the roll needs (a play's colour's icon,
    else the ball) and none that shows it."""
    if prompt.kind != "keep":
        return answers
    play = view["play"]
    icon = engine.pack.requirements[play["colour"]].icon if play["kind"] in ("play", "two_point") else "ball"
    dice = prompt.choice["dice"]
    rerollable = set(prompt.choice["rerollable"])

    def misses(answer: str) -> int:
        words = answer.split()
        picked = {int(w) for w in words[2:]} if words[1] == "reroll" else set()
        hits = {i for i in rerollable if icon in engine.face_icons[dice[i - 1]]}
        return len(picked & hits) * 10 + len(rerollable - hits - picked)

    return sorted(answers, key=misses)


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    CoachPolicy,
    lead_score(points, 7.0),
    DEPTH,
    (80, 400),
    guide=CoachPolicy,
    search="halving",
    widest=6,
    rank=rank,
    ruled=frozenset({"keep"}),
)
