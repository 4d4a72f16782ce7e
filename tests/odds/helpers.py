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
    """(index, engine, state) at every action of an example file where a seat (not chance)
    decides; the state is a copy, the action at ``index`` the one the file took."""
    record = load(EXAMPLES / name)
    engine, state = replay(record, upto=0)
    for i, action in enumerate(record.actions):
        if not engine.is_over(state) and not engine.prompt(state).is_chance:
            yield i, engine, copy(engine, state)
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


def expectimax(engine, s, seat: str, value, _events=(), respond=None, better=max):
    """Brute force through the engine: chance prompts averaged over every ordered outcome,
    ``seat``'s choices the ``better`` over every legal action, another seat's ``respond(prompt,
    legal)`` (none: an error), until ``value(state, events)`` gives a number or a tuple of
    numbers (None: play on). The events are those of the last action."""
    found = value(s, _events)
    if found is not None:
        return found
    p = engine.prompt(s)
    if p.is_chance:
        branches = ordered_outcomes(p.chance)
    elif p.actor == seat:
        branches = [(a, None) for a in engine.legal_actions(s)]
    elif respond is not None:
        branches = [(respond(p, engine.legal_actions(s)), None)]
    else:
        raise AssertionError(f"{p.actor} decides before the value is known: {p.text}")
    results = []
    for action, q in branches:
        t = copy(engine, s)
        ev = engine.apply(t, action)
        results.append((expectimax(engine, t, seat, value, tuple(ev), respond, better), q))
    if p.is_chance:
        if isinstance(results[0][0], tuple):
            return tuple(sum(v[i] * q for v, q in results) for i in range(len(results[0][0])))
        return sum(v * q for v, q in results)
    return better(v for v, _ in results)
