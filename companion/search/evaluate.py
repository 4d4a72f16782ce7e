"""Evaluators: a value in [0, 1] for every seat of a position the tree has just reached.

``Rollout`` plays on with a policy per seat and the dice, for at most ``depth`` decisions,
then scores what it reached: the game's result if it ended, else the game's position score
(``score(engine, state) -> {seat: value}``). A depth big enough for whole games makes it the
plain random-rollout evaluator; a short one is a cut-short rollout plus a position score.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from companion.engine.core import CHANCE
from companion.engine.runner import view_for
from companion.search.mcts import chance_answer, terminal_values


class Rollout:
    """``views=False``: the rollout policy reads no view (a uniform player), so none is built.
    ``view(engine, state, seat)``: the few keys of the seat's public view that the rollout
    policy reads, built straight from the state (cheaper than the whole view).
    ``stop(prompt)``: the rollout ends and scores the position at a prompt where this holds
    (a chance whose mean the position score already gives).
    ``cut(engine, state)``: whether a position is one the score can judge (say, between two
    turns, with nothing placed and not yet settled); past ``depth`` decisions the rollout goes
    on to the first such position."""

    def __init__(
        self,
        policy: Callable[[str], Callable],
        score: Callable,
        depth: int,
        views: bool = True,
        view: Callable | None = None,
        *,
        stop: Callable | None = None,
        cut: Callable | None = None,
    ):
        self.cut = cut
        self.policy = policy
        self.score = score
        self.depth = depth
        self.views = views
        self.view = view
        self.stop = stop

    def evaluate(self, engine, state, prompt, rng: random.Random) -> dict[str, float]:
        trusted, view, quick, cut = engine.apply_trusted, engine.public_view, self.view, self.cut
        decisions, stop = 0, self.stop
        while prompt is not None:
            if stop is not None and stop(prompt):
                return self.score(engine, state)
            actor = prompt.actor
            if actor == CHANCE:
                action = chance_answer(prompt, rng)
            else:
                if decisions >= self.depth and (cut is None or cut(engine, state)):
                    return self.score(engine, state)
                decisions += 1
                player = self.policy(actor)
                if quick is not None:
                    seen = quick(engine, state, actor)
                elif self.views:
                    seen = view_for(view, state, prompt, getattr(player, "view_keys", None))
                else:
                    seen = {}
                action = player(engine, seen, prompt)
            prompt = trusted(state, action, prompt)[1]
        return terminal_values(engine, state)


def lead_score(points: Callable[[object, object], dict[str, float]], scale: float):
    """A position score from a points-like measure per seat: each seat's mean, over the other
    seats, of a logistic of its lead on that seat (``scale`` points ahead is about 73%). With
    two seats the values sum to one."""

    def score(engine, state) -> dict[str, float]:
        have = points(engine, state)
        seats = list(have)
        share = 1.0 / (len(seats) - 1)
        return {
            s: share * sum(1.0 / (1.0 + math.exp((have[o] - have[s]) / scale)) for o in seats if o != s)
            for s in seats
        }

    return score


def summary_points(engine, state) -> dict[str, float]:
    """The summary's ``scores``: the common points measure of every game."""
    return dict(engine.summary(state)["scores"])
