"""Shared test helpers for the odds advisor: games from the example files, state copies, and
the exact probability of a chance prompt's outcomes for brute-force enumeration."""
from __future__ import annotations

from collections import Counter
from itertools import product
from pathlib import Path

from companion.engine.gamefile import load
from companion.engine.runner import replay

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def at(name: str, upto: int):
    """(engine, state) of an example file after ``upto`` actions."""
    return replay(load(EXAMPLES / name), upto=upto)


def decisions(name: str):
    """Every action index of an example file where a seat (not chance) decides."""
    record = load(EXAMPLES / name)
    engine, state = replay(record, upto=0)
    for i, action in enumerate(record.actions):
        if not engine.is_over(state) and not engine.prompt(state).is_chance:
            yield i
        engine.apply(state, action)


def copy(engine, state):
    return engine.from_json(engine.to_json(state))


def ordered_outcomes(spec):
    """Every ordered outcome of a plain chance spec (each side alike), with its probability."""
    if spec.dice is not None:
        sides = [d.faces for d in spec.dice]
    else:
        sides = [spec.faces] * spec.count
    n = 1
    for s in sides:
        n *= len(s)
    counts = Counter(product(*sides))
    return [(spec.outcome(list(v)), c / n) for v, c in counts.items()]
