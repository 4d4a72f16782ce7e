"""Computer coaches. Each is ``Class(seed)`` called ``policy(engine, view, prompt)`` with the
view of its own seat (engine.public_view): it never sees the other coach's hand."""

from __future__ import annotations

import random

from companion.engine.core import Prompt


class RandomPolicy:
    """Any legal option, uniformly."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def view_keys(self, prompt: Prompt) -> tuple[str, ...]:
        """It reads no part of the view, so none is built (runner.play_out)."""
        return ()

    # the same for every kind of prompt, read by runner.play_out without a call
    view_keys_by_kind: dict[str, tuple[str, ...]] = {}

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        if prompt.options is None:  # the rush line: players chosen at random
            multi = prompt.choice["multi"]
            return " ".join((prompt.actor, multi["verb"], *self.rng.sample(multi["items"], multi["max"])))
        return prompt.options[int(self.rng.random() * len(prompt.options))]


def __getattr__(name: str):
    if name == "CoachPolicy":  # the coach builds on RandomPolicy: imported on use
        from companion.games.dodgeball.coach import CoachPolicy

        return CoachPolicy
    raise AttributeError(name)
