"""The planner: a computer seat that searches (companion.search.mcts) at every decision.

A game makes its planners with ``planners(...)`` in its own ``planner.py``, naming its belief
module's ``sample_state``, the policy its rollouts play, the position score for rollouts cut
short, and two iteration budgets (``planner`` and ``planner-strong``). Budgets are counts of
simulations, never wall-clock, so a planner plays the same move on every machine: its
randomness is one ``random.Random`` from its seed, and replay and resume play the same moves.

A planner decides from the game's state through ``choose(engine, state, prompt)``; the state
reaches the search only through the belief module, which keeps what the seat has seen and
redraws the rest, so it cannot see another seat's secrets (tests/search checks this by
changing them).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from companion.engine.core import Prompt
from companion.search.evaluate import Rollout
from companion.search.halving import Halving
from companion.search.mcts import Search, candidates, terminal_values


class Planner:
    """``Planner(seed)`` -> a computer player; subclasses set the class attributes below."""

    sample: Callable = staticmethod(lambda engine, state, seat, rng: state)
    rollout_policy: type = object  # the game's policy class for rollouts (Class(seed))
    score: Callable = staticmethod(lambda engine, state: {})
    depth = 40  # rollout decisions before the position is scored
    views = True  # the rollout policy reads its seat's view
    rollout_view: Callable | None = None  # (engine, state, seat) -> the keys the rollout policy reads
    cut: Callable | None = None  # (engine, state) -> whether a rollout may stop there (Rollout)
    guide_policy: type | None = None  # a heuristic player whose choices are the prior (PUCT)
    prior_weight = 0.5
    iterations = 100
    uct_c = 1.4
    search = "tree"  # or "halving": the root's answers raced on common samples
    bonus = 0.0  # halving: added to the guide's answer's mean
    widest = 64  # halving: more answers than this are cut to the guide's and the best ranked
    rank: Callable | None = None  # (engine, view, prompt, answers) -> the answers, best first
    budget_seats = 0  # halving: ``iterations`` is for this many seats, fewer at a bigger table
    ruled: frozenset[str] = frozenset()  # prompt kinds answered by ``rank``'s first, unsearched
    guided: frozenset[str] = frozenset()  # prompt kinds the guide answers, unsearched (what the dice settle)
    stop: Callable | None = None  # halving: (prompt) -> True where a rollout ends and is scored
    # halving: (engine, view, prompt, answers, favourite) -> the answers worth racing (one: played)
    focus: Callable | None = None

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def players(self, rng: random.Random, cls: type | None = None) -> Callable[[str], Callable]:
        """Seat -> its rollout player (or one of ``cls``), made on first use from ``rng``."""
        made: dict[str, Callable] = {}
        cls = cls or self.rollout_policy

        def player(seat: str) -> Callable:
            p = made.get(seat)
            if p is None:
                p = made[seat] = cls(int(rng.random() * (1 << 30)))
            return p

        return player

    def seated(self, seed: int) -> Callable[[str], Callable]:
        """Seat -> its rollout player, seeded by ``seed`` and the seat alone: whichever seat
        moves first after an answer, each seat's player makes the same choices for every
        answer (common random numbers)."""
        made: dict[str, Callable] = {}

        def player(seat: str) -> Callable:
            p = made.get(seat)
            if p is None:
                p = made[seat] = self.rollout_policy(seed ^ zlib.crc32(seat.encode()))
            return p

        return player

    def choose(self, engine, state, prompt: Prompt) -> str:
        """The action for ``prompt.actor``, searched from what that seat has seen of ``state``."""
        rng = self.rng
        seat = prompt.actor
        players = self.players(rng)
        legal = candidates(engine, self.sample(engine, state, seat, rng), prompt, players(seat))
        if len(legal) == 1:
            return legal[0]
        if prompt.kind in self.ruled and self.rank is not None:
            return self.rank(engine, engine.public_view(state, seat), prompt, legal)[0]
        if prompt.kind in self.guided and self.guide_policy is not None:
            guide_player = self.guide_policy(int(rng.random() * (1 << 30)))
            return guide_player(engine, engine.public_view(state, seat), prompt)
        if self.search == "halving":
            return self.halve(engine, state, prompt, legal)
        guide = self.players(rng, self.guide_policy) if self.guide_policy is not None else None
        search = Search(
            self.sample,
            Rollout(players, self.score, self.depth, self.views),
            players,
            self.iterations,
            self.uct_c,
            guide,
            self.prior_weight,
        )
        root = search.run(engine, state, seat, rng)
        return Search.best(root, legal)

    def halve(self, engine, state, prompt: Prompt, legal: list[str]) -> str:
        seat, trusted = prompt.actor, engine.apply_trusted
        favourite = None
        if self.guide_policy is not None:
            guide = self.guide_policy(int(self.rng.random() * (1 << 30)))
            favourite = guide(engine, engine.public_view(state, seat), prompt)
        if self.focus is not None:
            legal = self.focus(engine, engine.public_view(state, seat), prompt, legal, favourite) or legal
            if len(legal) == 1:
                return legal[0]
        if len(legal) > self.widest:
            legal = self.shortlist(engine, state, prompt, legal, favourite)

        def value(answer: str, seed: int) -> float:
            rng = random.Random(seed)
            s = self.sample(engine, state, seat, rng)
            after = trusted(s, answer, engine.prompt(s))[1]
            if after is None:
                return terminal_values(engine, s)[seat]
            players, view = self.seated(seed), self.rollout_view
            rollout = Rollout(players, self.score, self.depth, self.views, view, stop=self.stop, cut=self.cut)
            return rollout.evaluate(engine, s, after, rng)[seat]

        iterations = self.iterations
        if self.budget_seats:  # each rollout decision costs the same, but more seats play
            seats = len(engine.summary(state)["players"])
            iterations = max(8, iterations * self.budget_seats // max(seats, self.budget_seats))
        return Halving(value, iterations, self.bonus).choose(legal, favourite, self.rng)

    def shortlist(self, engine, state, prompt: Prompt, legal: list[str], favourite: str | None) -> list[str]:
        """The guide's answer and the best ranked others (or a random few), ``widest`` in all."""
        if self.rank is not None:
            ranked = self.rank(engine, engine.public_view(state, prompt.actor), prompt, legal)
        else:
            ranked = self.rng.sample(legal, len(legal))
        keep = [favourite] if favourite in legal else []
        return keep + [a for a in ranked if a != favourite][: self.widest - len(keep)]

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        raise TypeError(
            "a planner decides from the game's state: call choose(engine, state, prompt) "
            "(companion.engine.runner.decide does)"
        )


def planners(
    module: str,
    sample: Callable,
    rollout_policy: type,
    score: Callable,
    depth: int,
    iterations: tuple[int, int],
    uct_c: float = 1.4,
    views: bool = True,
    guide: type | None = None,
    **more,
) -> tuple[type, type]:
    """A game's ``planner`` and ``planner-strong`` classes (of ``module``, the game's planner
    module): the same search, two budgets. ``views=False`` for a rollout policy that reads
    no view (a uniform player): then none is built. ``guide``: a heuristic player whose
    choices the search's prior favours (see companion.search.mcts.Search). ``more``: the
    other class attributes of ``Planner`` (``search``, ``bonus``, ``widest``, and the
    functions ``rollout_view`` and ``rank``)."""
    attrs = {
        "sample": staticmethod(sample),
        "rollout_policy": rollout_policy,
        "__module__": module,
        "score": staticmethod(score),
        "depth": depth,
        "uct_c": uct_c,
        "views": views,
        "guide_policy": guide,
    }
    for name, value in more.items():
        if not hasattr(Planner, name):
            raise TypeError(f"planners(): no planner setting {name!r}")
        attrs[name] = staticmethod(value) if callable(value) else value
    fast = type("Planner", (Planner,), {**attrs, "iterations": iterations[0]})
    strong = type("StrongPlanner", (Planner,), {**attrs, "iterations": iterations[1]})
    return fast, strong
