"""Dungeonbowl's ``coach``: a computer coach that goes for the ball and scores.

Like the random reporter it reports what happened at the table, and it leaves to chance
what dice or the table decide (a block's result, a leap, who was caught in a blast): those it
answers at random. Where the coach decides what to do, it plays with a plan: score when one
of its players has carried the ball through the other team's turn (companion.games.dungeonbowl
.carry: the sim's model of the distance to the end zone); when the ball is loose, pick it up;
when the other team has it, block the carrier with every player who may (one action a player,
none just knocked down); while the ball is still in a chest, open chests; bring players in
from the dug-out while it has few in the dungeon; end the turn rather than report a fall or a
push into a wall it need not make; never concede while it has a player to play.
"""

from __future__ import annotations

from companion.engine.core import Prompt
from companion.games.dungeonbowl.carry import blockers, holder_seat, may_score
from companion.games.dungeonbowl.policies import RandomReporter

CHOICES = {"turn", "holder", "defender", "treat", "opener", "mover", "attacker", "leaper"}
FEW = 3  # players in the dungeon below which the coach brings more in


class CoachPolicy(RandomReporter):
    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        if prompt.kind not in CHOICES or not prompt.options:
            return super().__call__(engine, view, prompt)
        me = prompt.actor
        by_verb: dict[str, list[str]] = {}
        for option in prompt.options:
            words = option.split()
            by_verb.setdefault(words[1] if len(words) > 1 else "", []).append(option)
        pick = getattr(self, "on_" + prompt.kind)(view, me, prompt.options, by_verb)
        return pick or super().__call__(engine, view, prompt)

    def on_turn(self, view: dict, me: str, options, by_verb) -> str | None:
        ball = view["ball"]
        mine = next(t for t in view["teams"] if t["seat"] == me)
        if "touchdown" in by_verb and may_score(view, me):
            return by_verb["touchdown"][0]
        carrier = holder_seat(view)
        if carrier and carrier != me and "block" in by_verb and blockers(view, me):
            return by_verb["block"][0]
        if ball == "ground" and "holder" in by_verb:
            return by_verb["holder"][0]
        if "teleport-in" in by_verb and len(mine["dungeon"]) < FEW:
            return self.rng.choice(by_verb["teleport-in"])
        if ball == "chest" and "chest" in by_verb:
            return by_verb["chest"][0]
        if "teleport-in" in by_verb:
            return self.rng.choice(by_verb["teleport-in"])
        return by_verb["end-turn"][0]

    def on_holder(self, view: dict, me: str, options, by_verb) -> str | None:
        own = [o for o in options if o.split()[-1].startswith(me + "#")]
        return self.rng.choice(own) if own else None

    def on_defender(self, view: dict, me: str, options, by_verb) -> str | None:
        carrier = [o for o in options if o.split()[-1] == view["ball"]]
        return carrier[0] if carrier else None

    def on_treat(self, view: dict, me: str, options, by_verb) -> str | None:
        return next((o for o in options if not o.endswith(" accept")), None)

    def on_attacker(self, view: dict, me: str, options, by_verb) -> str | None:
        """The carrier's blocker: one who may (see carry.blockers), else anyone, at random."""
        if holder_seat(view) in ("", me):
            return None
        may = set(blockers(view, me))
        fit = [o for o in options if o.split()[-1] in may]
        return self.rng.choice(fit) if fit else None

    def on_opener(self, view: dict, me: str, options, by_verb) -> str | None:
        return None

    on_mover = on_leaper = on_opener
