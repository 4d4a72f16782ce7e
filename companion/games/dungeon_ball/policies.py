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
from math import floor

from companion.engine.core import Prompt
from companion.engine.runner import RandomPolicy as UniformPolicy
from companion.games.dungeon_ball.engine import roll_need
from companion.games.dungeon_ball.rolls import word_of

OWN_KINDS = frozenset(("keep", "pick", "huddle", "onside_choice"))  # the prompts it answers its own way


class RandomPolicy:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.uniform = UniformPolicy(seed + 1)
        self._uniform_random = self.uniform.rng.random  # a choice among options, as uniform makes it
        self._by_verb: dict[tuple[str, ...], dict[str, str]] = {}  # a huddle's options by their verb

    # the icon the roll needs (``need``, a part of ``play``) is all it reads of a roll besides
    # the dice its prompt shows; a player handed the whole view (the coach) finds it from ``play``
    READS = {"keep": ("need",), "pick": ("need",), "huddle": ("down",)}
    view_keys_by_kind = READS  # what view_keys says, for play_out to read without a call
    OWN_KINDS = OWN_KINDS

    def view_keys(self, p: Prompt) -> tuple[str, ...]:
        """The public keys this player reads for prompt ``p`` (see runner.play_out)."""
        return self.READS.get(p.kind, ())

    def useless_dice(self, engine, view: dict, p: Prompt, positions: list[int]) -> list[int]:
        """The positions whose die (as prompt ``p`` shows them) does not show the icon the roll
        needs (its colour's, or the ball for a Hail Mary or an onside kick)."""
        if "need" in view:
            need = view["need"]
        else:
            need = roll_need(engine, view["play"]["kind"], view["play"]["colour"])
        shows = engine.icon_tables[need]  # face -> how many ``need`` it shows
        dice = p.choice["dice"]
        out = []
        for i in positions:  # a loop: a comprehension is a call of its own
            if not shows[dice[i - 1]]:
                out.append(i)
        return out

    def __call__(self, engine, view: dict, p: Prompt) -> str:
        """Choose for ``p.actor`` from the prompt and that seat's public view."""
        kind = p.kind
        if kind not in OWN_KINDS or (kind == "pick" and p.choice["purpose"] != "reroll"):
            # most prompts, and the dice to discard: a matter of taste, as uniform answers them
            if p.options is not None:
                # floor, as int() makes it of a number >= 0: a builtin's call, not a type's
                return p.options[floor(self._uniform_random() * len(p.options))]
            return self.uniform(engine, view, p)
        if kind == "keep":
            reroll = self.useless_dice(engine, view, p, p.choice["rerollable"])
            return f"{p.actor} reroll {' '.join(map(word_of, reroll))}" if reroll else f"{p.actor} stop"
        if kind == "pick":
            useless = self.useless_dice(engine, view, p, p.choice["eligible"]) or p.choice["eligible"]
            self.rng.shuffle(useless)
            # as many as the prompt allows at most (rerolls ask for at least one, and there is one)
            return f"{p.actor} pick {' '.join(map(word_of, sorted(useless[: p.choice['max']])))}"
        if kind == "huddle":
            by_verb = self._by_verb.get(p.options)
            if by_verb is None:  # the same few huddles all game: read once each
                by_verb = self._by_verb[p.options] = {option.split()[1]: option for option in p.options}
            if "hail-mary" in by_verb:
                choices = [by_verb[v] for v in ("run", "hail-mary", "field-goal") if v in by_verb]
                return self.rng.choice(choices)
            if "field-goal" in by_verb and view["down"] == 4:
                return by_verb["field-goal"]
            if "punt" in by_verb:
                return self.rng.choice([by_verb["run"], by_verb["punt"]])
            return by_verb["run"]
        return p.options[0]  # onside_choice: losing late, always try to get the ball back


POLICIES = {"random": RandomPolicy, "uniform": UniformPolicy}
