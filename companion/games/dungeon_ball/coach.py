"""Dungeon Ball's ``coach``: a computer player for the two-player game that weighs its plays.

On offense it moves its pawn to the play worth the most yards: for each colour it can reach,
the chance of meeting the colour's requirement once, twice, ... with five dice and one reroll
(time dice are set aside), times the spaces each advance gains on this field. On defense it
picks the card that leaves the offense the least: it expects the offense to take its best
play more often than not, and weighs a match (dice lost) against a miss (dice gained). At the
huddle it kicks a field goal in range on fourth down, punts from far away, runs when close,
and on the last play kicks only when three points tie or win. Everything else (dice to keep,
ability cards, conversions are mostly the extra point) it plays like the ``random`` player.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from companion.engine.core import Prompt
from companion.games.dungeon_ball.policies import RandomPolicy

BASE_DICE = 5
FAVOURITE = 0.6  # how often the coach expects an offense to take its best play
PUNT_FROM = 7  # spaces to go beyond which fourth down is a punt


@lru_cache(maxsize=64)
def at_least(n: int, p: float, k: int) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def icon_chance(engine, icon: str) -> float:
    """A die's chance to show ``icon`` after one reroll (a time face is kept, never rerolled)."""
    faces = engine.pack.dice["white"].faces
    hit = sum(icon in engine.face_icons[f] for f in faces) / len(faces)
    kept = sum("time" in engine.face_icons[f] for f in faces) / len(faces)
    return hit + (1 - hit - kept) * hit


class CoachPolicy(RandomPolicy):
    view_keys = None  # it reads the whole view (the random player reads a few keys)

    def __call__(self, engine, view: dict, p: Prompt) -> str:
        kind = p.kind
        if kind == "pawn" and p.options:
            return self.pawn(engine, view, p)
        if kind == "defense_card" and p.options:
            return self.defense(engine, view, p)
        if kind == "huddle":
            return self.huddle(engine, view, p)
        if kind == "conversion":
            return self.conversion(view, p)
        if kind == "elect":
            return next((o for o in p.options if o.endswith("offense")), p.options[0])
        return super().__call__(engine, view, p)

    # -------------------------------------------------------------- the play's worth
    def attacking(self, view: dict) -> str:
        offense = next(pl for pl in view["players"] if pl["id"] == view["offense"])
        return "high" if offense["end_zone"] == "low" else "low"

    def worth(self, engine, view: dict, colour: str, dice: int = BASE_DICE) -> float:
        """Expected spaces gained by a play of ``colour`` with ``dice`` dice (a touchdown counts
        the spaces left and three more)."""
        need = engine.pack.requirements[colour]
        p = icon_chance(engine, need.icon)
        attacking, pos = self.attacking(view), view["ball"]
        field, total = engine.field, 0.0
        for k in range(1, dice // need.count + 1):
            before = field.to_go(pos, attacking)
            pos, touchdown = field.advance(pos, colour, attacking)
            gained = before - (0 if touchdown else field.to_go(pos, attacking)) + (3 if touchdown else 0)
            total += at_least(dice, p, k * need.count) * gained
            if touchdown:
                break
        return total

    def reachable(self, engine, view: dict, p: Prompt | None) -> dict[str, str]:
        """Option (or cell) -> the colour of the play it selects."""
        if p is not None:
            pawn = next(pl for pl in view["players"] if pl["id"] == p.actor)["pawn"]
            out = {}
            for option in p.options:
                w = option.split()
                cell = w[2] if w[1] == "move-to" else engine.neighbours[pawn][w[2]]
                out[option] = engine.cell_colour[cell]
            return out
        pawn = next(pl for pl in view["players"] if pl["id"] == view["offense"])["pawn"]
        return {cell: engine.cell_colour[cell] for cell in engine.neighbours[pawn].values()}

    def pawn(self, engine, view: dict, p: Prompt) -> str:
        options = self.reachable(engine, view, p)
        if self.rng.random() >= FAVOURITE + 0.2:  # not always the same: a defense would read it
            return self.rng.choice(list(options))
        return max(options, key=lambda o: self.worth(engine, view, options[o]))

    def defense(self, engine, view: dict, p: Prompt) -> str:
        colours = list(self.reachable(engine, view, None).values())
        best = max(colours, key=lambda c: self.worth(engine, view, c))
        chance = {c: (1 - FAVOURITE) * colours.count(c) / len(colours) for c in set(colours)}
        chance[best] += FAVOURITE

        def left_to_offense(option: str) -> float:
            card = engine.pack.defense_by_id[option.split()[2]]
            return sum(
                q
                * self.worth(
                    engine, view, c, BASE_DICE - card.dice if c == card.colour else BASE_DICE + card.dice
                )
                for c, q in chance.items()
            )

        return min(p.options, key=left_to_offense)

    # -------------------------------------------------------------- the huddle
    def lead(self, view: dict, seat: str) -> int:
        mine = next(pl["score"] for pl in view["players"] if pl["id"] == seat)
        return mine - next(pl["score"] for pl in view["players"] if pl["id"] != seat)

    def huddle(self, engine, view: dict, p: Prompt) -> str:
        by_verb = {option.split()[1]: option for option in p.options}
        to_go = engine.field.to_go(view["ball"], self.attacking(view))
        lead = self.lead(view, p.actor)
        if "hail-mary" in by_verb:  # the last play of a half or the game
            if "field-goal" in by_verb and (view["half"] == 1 or -3 <= lead < 0):
                return by_verb["field-goal"]
            return by_verb["run"] if to_go <= 3 or lead >= 0 else by_verb["hail-mary"]
        if view["down"] == 4:
            if "field-goal" in by_verb:
                return by_verb["field-goal"]
            if "punt" in by_verb and to_go > PUNT_FROM:
                return by_verb["punt"]
        return by_verb.get("run", p.options[0])

    def conversion(self, view: dict, p: Prompt) -> str:
        two = next((o for o in p.options if o.endswith("two-point")), None)
        return two if two and self.lead(view, p.actor) in (-2, 1) else p.options[0]
