"""Dice sources: the things that answer chance prompts.

Each source has one method, ``answer(prompt) -> action line``. The engine does not care which
one answered: a seeded RNG for simulation and digital dice, a list of forced outcomes for tests
and rulebook examples, a person at the table (see companion.terminal), or the camera.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from companion.engine.core import CHANCE, ChanceSpec, Prompt


class SeededDice:
    """Digital dice from a seed: the same seed answers the same prompts the same way.

    >>> from companion.engine.core import ChanceSpec, DieSpec
    >>> d4, d6 = DieSpec("d4", ("1", "2", "3", "4")), DieSpec("d6", ("1", "2", "3", "4", "5", "6"))
    >>> mixed = ChanceSpec("roll", (), 2, dice=(d4, d6))
    >>> values = SeededDice(7).draw(mixed)
    >>> len(values), mixed.refusal(values)
    (2, None)
    """

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def answer(self, prompt: Prompt) -> str:
        spec = prompt.chance
        assert spec is not None, "SeededDice answers chance prompts only"
        if spec.distinct or spec.weights is not None or spec.dice is not None:
            return spec.outcome(self.draw(spec))
        # a fair die, the usual case: draw() and outcome() in one
        faces = spec.faces
        n = len(faces)
        rnd = self.rng.random
        words = [CHANCE, spec.verb]
        for _ in range(spec.count):  # a loop, not a comprehension: no call of its own
            words.append(faces[int(rnd() * n)])
        return " ".join(words)

    def draw(self, spec: ChanceSpec) -> list[str]:
        """The values for ``spec``: a bag drawn without replacement (a face listed twice can come
        twice), weighted outcomes, one face per die of a mixed roll, or ``count`` fair dice.
        Simulation answers every spec, ``digital=False`` ones too (a simulated skill toss)."""
        rng = self.rng
        if spec.distinct:
            return rng.sample(spec.faces, spec.count)  # positions without replacement: a multiset draw
        if spec.weights is not None:
            return rng.choices(spec.faces, weights=spec.weights, k=spec.count)
        if spec.dice is not None:
            return [die.faces[int(rng.random() * len(die.faces))] for die in spec.dice]
        faces = spec.faces
        return [faces[int(rng.random() * len(faces))] for _ in range(spec.count)]


class FreshDice(SeededDice):
    """Draws from the system's randomness: what no seed may predict (``ChanceSpec.unseeded``)."""

    def __init__(self):
        self.rng = random.SystemRandom()


class PositionalDice:
    """Digital dice that depend only on the game's seed and the action's number, so a resumed
    game rolls exactly what the uninterrupted game would have rolled. A draw the spec marks
    ``unseeded`` (a secret decided at the moment it is drawn) comes from ``fresh`` instead."""

    def __init__(self, seed: int, fresh: SeededDice | None = None):
        self.seed = seed
        self.fresh = fresh or FreshDice()

    def answer(self, prompt: Prompt, position: int) -> str:
        if prompt.chance is not None and prompt.chance.unseeded:
            return self.fresh.answer(prompt)
        return SeededDice(self.seed * 1_000_003 + position).answer(prompt)


class OutOfForcedDice(LookupError):
    """A test forced fewer chance outcomes than the game asked for."""


class ForcedDice:
    """Answers chance prompts from a fixed list of outcomes, for tests and examples.

    Each item is either a full action line (``"chance roll ball ball"``) or just the values
    (``"ball ball"`` or ``["ball", "ball"]``); the verb comes from the prompt.
    """

    def __init__(self, outcomes: Iterable[str | list[str]]):
        self.pending = list(outcomes)

    def answer(self, prompt: Prompt) -> str:
        if not self.pending:
            raise OutOfForcedDice(f"no forced outcome left for: {prompt.text}")
        item = self.pending.pop(0)
        if isinstance(item, str):
            if item.startswith("chance "):
                return item
            item = item.split()
        assert prompt.chance is not None
        return prompt.chance.outcome(item)
