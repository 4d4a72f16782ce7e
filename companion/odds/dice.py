"""Exact distributions of dice: how many of something a handful of dice shows, the sum of
mixed dice, at least / on average. Everything is enumerated: no sampling here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from math import factorial, prod

Dist = dict[int, float]  # value -> probability


def die(values: Iterable[int]) -> Dist:
    """A fair die whose sides show ``values`` (a value listed twice is on two sides)."""
    sides = Counter(values)
    n = sum(sides.values())
    return {v: c / n for v, c in sides.items()}


def add(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent values."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def total(dice: Sequence[Dist]) -> Dist:
    """The sum of independent dice (no dice: 0 for sure)."""
    out: Dist = {0: 1.0}
    for d in dice:
        out = add(out, d)
    return out


def repeat(d: Dist, n: int) -> Dist:
    return total([d] * n)


def scale(d: Dist, k: int) -> Dist:
    """The value counted ``k`` times (a die counted twice)."""
    return {v * k: p for v, p in d.items()}


def shift(d: Dist, k: int) -> Dist:
    return {v + k: p for v, p in d.items()}


def at_least(d: Dist, k: int) -> float:
    return sum(p for v, p in d.items() if v >= k)


def mean(d: Dist) -> float:
    return sum(v * p for v, p in d.items())


def mapped(d: Dist, f) -> Dist:
    """The distribution of ``f(value)``."""
    out: Dist = {}
    for v, p in d.items():
        w = f(v)
        out[w] = out.get(w, 0.0) + p
    return out


def multisets(faces: Sequence[str], n: int):
    """Every multiset of ``n`` draws from a fair die with sides ``faces`` (repeats weight a
    face), with its probability: (sorted tuple of faces, probability). 7 dice of 6 sides are
    at most 792 multisets instead of 279,936 ordered rolls."""
    sides = Counter(faces)
    total_sides = sum(sides.values())
    kinds = sorted(sides)
    for combo in combinations_with_replacement(kinds, n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(c) for c in counts.values())
        yield combo, ways * prod(sides[f] ** c for f, c in counts.items()) / total_sides**n
