"""Looking ahead through the engine itself: an option applied to a copy, then every outcome of
the chance that follows enumerated with its probability, the seat's own later choices taken at
their best and the other seats' answered by a given rule, until a measure says what happened.
Exact, and for small trees only: past ``LIMIT`` states it gives up (TooBig)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from companion.odds import dice

LIMIT = 1500


class TooBig(RuntimeError):
    """The tree has more states than the look-ahead enumerates."""


def outcomes(spec) -> list[tuple[str, float]]:
    """Every outcome action of a chance spec with its probability. Plain dice are taken as a
    multiset (value i answers die i, so a measure must not care which die shows what); mixed
    dice and ordered rolls position by position; a bag's single draw by how many of each face
    it holds."""
    if spec.dice is not None:
        counts = Counter(product(*(d.faces for d in spec.dice)))
        n = sum(counts.values())
        return [(spec.outcome(list(v)), k / n) for v, k in counts.items()]
    if spec.weights is not None and spec.count == 1:
        total = sum(spec.weights)
        merged: Counter = Counter()
        for face, w in zip(spec.faces, spec.weights):
            merged[face] += w / total
        return [(spec.outcome([f]), p) for f, p in merged.items()]
    if spec.distinct:
        if spec.count != 1:
            raise TooBig("draws of several cards from a bag")
        counts = Counter(spec.faces)
        return [(spec.outcome([f]), k / len(spec.faces)) for f, k in counts.items()]
    if spec.ordered:
        counts = Counter(product(spec.faces, repeat=spec.count))
        n = sum(counts.values())
        return [(spec.outcome(list(v)), k / n) for v, k in counts.items()]
    return [(spec.outcome(list(combo)), p) for combo, p in dice.multisets(spec.faces, spec.count)]


def expect(engine, state, action: str, seat: str, measure, respond, better=max):
    """The expected value (a tuple of numbers) of ``measure(state, events)`` after ``action``:
    chance averaged, ``seat``'s own choices the ``better`` of them (``max``, or ``min`` for a
    value the seat wants low), every other seat's choice ``respond(prompt, legal)``."""
    budget = [LIMIT]

    def node(s, events) -> tuple:
        found = measure(s, events)
        if found is not None:
            return tuple(found)
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig(f"more than {LIMIT} states")
        if engine.is_over(s):
            raise TooBig("the game ended before the measure said anything")
        p = engine.prompt(s)
        if p.is_chance:
            total = None
            for outcome, q in outcomes(p.chance):
                value = step(s, outcome)
                total = (
                    tuple(q * v for v in value)
                    if total is None
                    else tuple(t + q * v for t, v in zip(total, value))
                )
            return total
        legal = engine.legal_actions(s)
        if p.actor == seat:
            return better(step(s, a) for a in legal)
        return step(s, respond(p, legal))

    def step(s, a) -> tuple:
        t = engine.from_json(engine.to_json(s))
        return node(t, tuple(engine.apply(t, a)))

    return step(state, action)
