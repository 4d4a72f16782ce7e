"""Dungeonbowl's computer coach for the sim: it reports random legal events until a touchdown.
It sees only its seat's view (``policy(engine, view, prompt)``), like any computer seat.

It is a referee's test driver, not a Blood Bowl player: it picks uniformly among the events the
prompt offers, except that it scores whenever its team has carried the ball through the other
team's turn (companion.games.dungeonbowl.carry), never before, and concedes only when it has no
player left to play."""

from __future__ import annotations

import random

from companion.engine.core import Prompt
from companion.games.dungeonbowl.carry import may_score


class RandomReporter:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        if type(self).__call__ is not RandomReporter.__call__:
            self.view_keys = None  # a player built on this one reads the view its own way: all of it

    def view_keys(self, prompt: Prompt) -> tuple[str, ...]:
        """The view is read only to decide whether to concede, on a turn that offers nothing
        but ending it or conceding (see runner.play_out), and whether a touchdown offered may
        be scored."""
        if prompt.kind == "turn" and prompt.options and all(o.endswith(self.IDLE) for o in prompt.options):
            return ("teams",)
        if prompt.kind == "turn" and prompt.options and f"{prompt.actor} touchdown" in prompt.options:
            return ("ball", "ball_held_since", "turn")
        return ()

    IDLE = (" concede", " end-turn")  # the turn's options that play no event

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        rng = self.rng
        if prompt.options:
            options = list(prompt.options)
            touchdown = f"{prompt.actor} touchdown"
            if touchdown in options:
                if may_score(view, prompt.actor):
                    return touchdown
                options.remove(touchdown)
            playing = [o for o in options if not o.endswith(self.IDLE)]
            if prompt.kind == "turn" and playing and rng.random() < 0.85:
                return rng.choice(playing)
            if prompt.kind == "turn" and not playing and not self._can_return(view, prompt.actor):
                return f"{prompt.actor} concede"
            safe = [o for o in options if not o.endswith(" concede")]
            return rng.choice(safe or options)
        if "number" in prompt.choice:
            n = prompt.choice["number"]
            return f"{prompt.actor} {n['verb']} {rng.randint(n['min'], n['max'])}"
        multi = prompt.choice["multi"]
        k = rng.randint(multi["min"], min(multi["max"], max(multi["min"], 2)))
        picked = rng.sample(multi["items"], k)
        if not picked:
            return f"{prompt.actor} {multi['none']}"
        return f"{prompt.actor} {multi['verb']} {' '.join(picked)}"

    @staticmethod
    def _can_return(view: dict, seat: str) -> bool:
        team = next(t for t in view["teams"] if t["seat"] == seat)
        return bool(team["dungeon"] or team["reserves"] or team["ko"])
