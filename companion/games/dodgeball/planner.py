"""Dodgeball's planners: the search of companion.search over this engine, the root's answers
raced by sequential halving, each simulation played on by two ``coach`` players for
``DEPTH`` decisions from the same sample for every answer and scored by the players each
side still has on court and the balls on its side; ties go to the coach's own answer.

In a turn only the throws and the end of the turn are searched: moving players forward and
back and handing out balls cost nothing and change nothing a short look ahead can see, so a
search over them undoes what it did the step before and the turn never ends. The planner
organises its court as the coach does and decides when and at whom to throw."""

from __future__ import annotations

from companion.games.dodgeball.belief import sample_state
from companion.games.dodgeball.coach import GIVEN_BALL, CoachPolicy
from companion.search.evaluate import lead_score
from companion.search.planner import planners

DEPTH = 12  # about two turns with their duels
ORGANISE = frozenset({"forward", "back", "give", "drop"})


def points(engine, s) -> dict[str, float]:
    return {c.id: len(c.on_court()) + 0.2 * c.balls_on_side() for c in s.coaches}


def focus(engine, view: dict, prompt, answers: list[str], favourite: str | None) -> list[str]:
    """In a turn: the coach's move if it organises the court, else the throws and the end."""
    if prompt.kind != "turn":
        return answers
    if favourite is not None and favourite.split()[1] in ORGANISE:
        return [favourite]
    return [a for a in answers if a.split()[1] not in ORGANISE]


RANKER = CoachPolicy(0)


def rank(engine, view: dict, prompt, answers: list[str]) -> list[str]:
    """A turn's throws by the coach's chance of a hit (less a ball given away for each
    supporter of a group throw), best first; the end of the turn after them."""
    if prompt.kind != "turn":
        return answers
    seat, bonus = prompt.actor, engine.pack.rules.group_bonus

    def chance(answer: str) -> float:
        words = answer.split()
        if words[1] not in ("throw", "group"):
            return -1.0
        helpers = len(words) - 4 if words[1] == "group" else 0
        hit = RANKER.hit_chance(engine, view, seat, words[2], words[3], bonus=helpers * bonus)
        return hit - GIVEN_BALL * helpers

    return sorted(answers, key=lambda a: -chance(a))


Planner, StrongPlanner = planners(
    __name__,
    sample_state,
    CoachPolicy,
    lead_score(points, 1.5),
    DEPTH,
    (64, 320),
    guide=CoachPolicy,
    search="halving",
    widest=6,
    focus=focus,
    rank=rank,
)
