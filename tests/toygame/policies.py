"""Crystal Auction's computer players. Each is ``Class(seed)`` called ``policy(engine, view,
prompt)``: it sees ``view = engine.public_view(state, its seat)``, never the state."""

from __future__ import annotations

import random

from companion.engine.core import Prompt


class RandomPolicy:
    """Any legal choice, uniformly: a card from the prompt, a bid from 0 to its coins."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        if prompt.options:
            return prompt.options[int(self.rng.random() * len(prompt.options))]
        number = prompt.choice["number"]
        return f"{prompt.actor} {number['verb']} {self.rng.randint(number['min'], number['max'])}"


class GreedyPolicy(RandomPolicy):
    """Plays its highest card (read from its own hand in the view) and bids what the lot is
    worth to it, at most half its coins."""

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        me = next(seat for seat in view["seats"] if seat["id"] == prompt.actor)
        if prompt.kind == "pick":
            return f"{prompt.actor} play {max(me['hand'], key=int)}"
        if prompt.kind == "bid":
            worth = sum(engine.pack.crystals[c].points for c in view["lot"])
            return f"{prompt.actor} bid {min(worth, me['coins'] // 2)}"
        return super().__call__(engine, view, prompt)
