"""Computer players. Each is ``Class(seed)`` called ``policy(engine, view, prompt)`` and sees
only its seat's view, never the state."""

from __future__ import annotations

import random

from companion.engine.core import Prompt


class RandomPolicy:
    """Any legal choice, uniformly: an option from the prompt, a bid within its range."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def view_keys(self, prompt: Prompt) -> tuple[str, ...]:
        """It reads no part of the view, so none is built (runner.play_out)."""
        return ()

    view_keys_by_kind: dict[str, tuple[str, ...]] = {}  # the same, for play_out to read without a call

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        if prompt.options:
            return prompt.options[int(self.rng.random() * len(prompt.options))]
        number = prompt.choice["number"]
        return f"{prompt.actor} {number['verb']} {self.rng.randint(number['min'], number['max'])}"


from .sensible import SensiblePolicy  # noqa: E402,F401  (the sensible player builds on the random one)

__all__ = ["RandomPolicy", "SensiblePolicy"]
