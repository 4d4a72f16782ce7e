"""Built-in players for simulation: they choose among the legal actions the engine offers.

* ``uniform``: every decision uniformly at random among the legal actions (a random subset of
  dice to reroll). It exercises every rule, but a uniform player rerolls the balls it needs and
  punts from field-goal range, so its games hardly score and its overtimes can last long.
* ``random``: random legal choices wherever the choice is a matter of taste (the play, the
  defense card, ability cards, Juke and Big Hit, extra point or two), but never a self-defeating
  one: it keeps the dice its play needs, kicks on fourth down in range, never kneels.
"""

from __future__ import annotations

import random

from companion.engine.core import Prompt
from companion.engine.runner import RandomPolicy as UniformPolicy


class RandomPolicy:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.uniform = UniformPolicy(seed + 1)

    READS = {"keep": ("play",), "pick": ("play",), "huddle": ("down",)}

    def view_keys(self, p: Prompt) -> tuple[str, ...]:
        """The public keys this player reads for prompt ``p`` (see runner.play_out)."""
        return self.READS.get(p.kind, ())

    def needed_icon(self, engine, view: dict) -> str:
        play = view["play"]
        if play["kind"] in ("hail_mary", "onside"):
            return "ball"
        return engine.pack.requirements[play["colour"]].icon

    def useless_dice(self, engine, view: dict, positions: list[int]) -> list[int]:
        need = self.needed_icon(engine, view)
        icons = engine.face_icons
        dice = view["play"]["dice"]
        return [i for i in positions if need not in icons[dice[i - 1]]]

    def __call__(self, engine, view: dict, p: Prompt) -> str:
        """Choose for ``p.actor`` from the prompt and that seat's public view."""
        kind = p.kind
        if kind == "keep":
            reroll = self.useless_dice(engine, view, p.choice["rerollable"])
            return f"{p.actor} reroll {' '.join(map(str, reroll))}" if reroll else f"{p.actor} stop"
        if kind == "pick" and p.choice["purpose"] == "reroll":
            useless = self.useless_dice(engine, view, p.choice["eligible"]) or p.choice["eligible"]
            self.rng.shuffle(useless)
            count = max(p.choice["min"], min(p.choice["max"], len(useless)))
            return f"{p.actor} pick {' '.join(map(str, sorted(useless[:count])))}"
        if kind == "huddle":
            by_verb = {option.split()[1]: option for option in p.options}
            if "hail-mary" in by_verb:
                choices = [by_verb[v] for v in ("run", "hail-mary", "field-goal") if v in by_verb]
                return self.rng.choice(choices)
            if "field-goal" in by_verb and view["down"] == 4:
                return by_verb["field-goal"]
            if "punt" in by_verb:
                return self.rng.choice([by_verb["run"], by_verb["punt"]])
            return by_verb["run"]
        if kind == "onside_choice":
            return p.options[0]  # losing late: always try to get the ball back
        if p.options is not None:  # what the uniform player does, without the call
            return p.options[int(self.uniform.rng.random() * len(p.options))]
        return self.uniform(engine, view, p)


POLICIES = {"random": RandomPolicy, "uniform": UniformPolicy}
