"""Monte Carlo with error bars: a fixed seed, a fixed number of draws, the standard error."""

from __future__ import annotations

import random
from math import sqrt

SEED = 20240601  # every sampled hint draws from this seed: the same answer every run


def rng(salt: str = "") -> random.Random:
    """The fixed-seed generator for one hint (``salt``: the decision, so two hints differ)."""
    return random.Random(f"{SEED}:{salt}")


class Tally:
    """Running mean and standard error of draws (Welford)."""

    __slots__ = ("n", "_mean", "_m2")

    def __init__(self):
        self.n, self._mean, self._m2 = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        d = x - self._mean
        self._mean += d / self.n
        self._m2 += d * (x - self._mean)

    @property
    def mean(self) -> float:
        return self._mean

    @property
    def error(self) -> float:
        """The standard error of the mean (0 with fewer than two draws)."""
        if self.n < 2:
            return 0.0
        return sqrt(self._m2 / (self.n - 1) / self.n)
