"""The end of a game on average: play on from an option to the end many times with the game's
own computer players for every seat, what the seat cannot see redrawn each time from its
belief (``companion/games/<game>/belief.py``), chance from a fixed seed. The same answer
every run; each number with its standard error."""

from __future__ import annotations

import random
from importlib import import_module

from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.engine.runner import RandomPolicy, play_out
from companion.odds.sampling import Tally

_BELIEFS: dict[str, object] = {}


def belief(engine):
    """The game's ``sample_state(engine, state, seat, rng)``; None if it has none."""
    name = engine.name
    if name not in _BELIEFS:
        package = get_game(name).engine.partition(":")[0].rpartition(".")[0]
        try:
            _BELIEFS[name] = import_module(f"{package}.belief").sample_state
        except ModuleNotFoundError:
            _BELIEFS[name] = None
    return _BELIEFS[name]


def seen_by(engine, state, seat: str, rng: random.Random):
    """A state as ``seat`` may believe it: its hidden parts redrawn. Without a belief module
    the game has nothing hidden to redraw, and a copy is returned."""
    sample = belief(engine)
    if sample is not None:
        return sample(engine, state, seat, rng)
    return engine.from_json(engine.to_json(state))


def play_to_end(
    engine, state, seat: str, action: str, samples: int, seed: str, measure, policy=RandomPolicy
) -> list[Tally]:
    """``measure(engine, final_state, seat) -> tuple of numbers`` over ``samples`` games played
    from ``action``; one Tally per number. ``policy``: the class (``Class(seed)``) playing every
    seat, by default any legal choice alike (it reads no view, so a game is a few ms)."""
    rng = random.Random(seed)
    game = get_game(engine.name)
    kind = policy
    seats = game.seats(len(engine.summary(state)["players"]))
    tallies: list[Tally] = []
    for _ in range(samples):
        t = seen_by(engine, state, seat, rng)
        engine.apply(t, action)
        play_out(engine, t, {s: kind(rng.randrange(2**31)) for s in seats}, SeededDice(rng.randrange(2**31)))
        values = measure(engine, t, seat)
        if not tallies:
            tallies = [Tally() for _ in values]
        for tally, v in zip(tallies, values):
            tally.add(v)
    return tallies
