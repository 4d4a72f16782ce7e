"""The root of the search by sequential halving over common samples.

Each simulation is a seed: the seed draws one state from what the seat has seen (the game's
belief), the dice and the rollout players' choices. In a round every answer still in the race
is played from the same seeds (common random numbers), so two answers are compared on the same
hidden cards and the same luck, and the difference of their means is what they did, not the
draw. After each round the worse half drops out (sequential halving, the root of Gumbel
MuZero), so the budget goes to the answers that are close. The heuristic's own answer keeps a
small bonus: the search leaves it only on evidence.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable


class Halving:
    """``value(answer, seed) -> float``: one simulation's value, to the searching seat, of
    ``answer`` played from the state that ``seed`` draws. ``iterations``: the simulations of one
    decision, split evenly over ceil(log2(answers)) rounds."""

    def __init__(self, value: Callable[[str, int], float], iterations: int, bonus: float = 0.0):
        self.value = value
        self.iterations = iterations
        self.bonus = bonus

    def choose(self, answers: list[str], favourite: str | None, rng: random.Random) -> str:
        """The answer with the best mean after the last round (ties: the favourite, then the
        first listed)."""
        total = dict.fromkeys(answers, 0.0)
        count = dict.fromkeys(answers, 0)
        racing = list(answers)
        rounds = max(1, math.ceil(math.log2(len(answers))))

        def mean(a: str) -> float:
            return total[a] / count[a] + (self.bonus if a == favourite else 0.0) if count[a] else -1.0

        for r in range(rounds):
            per = max(1, self.iterations // rounds // len(racing))
            for _ in range(per):
                seed = int(rng.random() * (1 << 30))
                for a in racing:
                    total[a] += self.value(a, seed)
                    count[a] += 1
            if r < rounds - 1:
                order = sorted(racing, key=lambda a: (-mean(a), a != favourite, answers.index(a)))
                racing = order[: max(2, math.ceil(len(racing) / 2))]
        return min(racing, key=lambda a: (-mean(a), a != favourite, answers.index(a)))


__all__ = ["Halving"]
