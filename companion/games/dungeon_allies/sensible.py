"""The sensible computer player: it values each legal placement by what it expects to gain
(a monster's gold times the chance its dice beat the number, treasure it may claim, a better
die, a follower, a sorcerer card it can pay for) and casts its crystals when a fight is in
doubt. It reads only its seat's view and the pack every player can read."""

from __future__ import annotations

from functools import lru_cache

from companion.engine.core import Prompt

from .policies import RandomPolicy

WORTH = {"red": 0.5, "blue": 1.0, "yellow": 1.6, "green": 2.4, "white": 4.0, "gold": 1.0}
SECTION = {"yellow": 0, "blue": 1, "red": 2}


@lru_cache(maxsize=4096)
def chance_at_least(dice: tuple[tuple[int, int], ...], need: int) -> float:
    """P(sum of the dice, each (sides, factor), >= need)."""
    dist = {0: 1.0}
    for sides, factor in dice:
        new: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                new[total + face * factor] = new.get(total + face * factor, 0.0) + p / sides
        dist = new
    return sum(p for total, p in dist.items() if total >= need)


class SensiblePolicy(RandomPolicy):
    view_keys = None  # it reads the whole view (the random player reads none)
    _kept: tuple | None = None  # (view, [its unseen monsters], {(monster, section, dice): odds})

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        me = view["seats"][prompt.actor]
        handler = getattr(self, f"on_{prompt.kind}", None)
        choice = handler(engine, view, me, prompt) if handler else None
        return choice or super().__call__(engine, view, prompt)

    # ------------------------------------------------------------------ placement
    def on_place(self, engine, view, me, prompt: Prompt) -> str | None:
        sid = me["id"]
        # on a real board the device sees under no tile: a red crystal would buy nothing
        peeks = view["board"] != "real" and f"{sid} place red peek" in prompt.options
        if peeks and me["crystals"]["red"] >= 2:
            known = [t for t in view["tiles"] if t["monster"] and not t["removed"] and not t["revealed"]]
            if len(known) < 2 and view["monsters_left"] > 6:
                return f"{sid} place red peek"
        best, best_value = None, -1e9
        for option in prompt.options:
            words = option.split()
            if words[3] in ("peek", "pass"):
                continue
            value = self.value(engine, view, me, words[2], words[3]) + self.rng.random() * 0.01
            if value > best_value:
                best, best_value = option, value
        return best or next(o for o in prompt.options if not o.endswith(" peek"))

    def dice_on(self, engine, view, me, square: str, die: str) -> list[tuple[str, str]]:
        """(die, skill) of my dice already on ``square`` plus ``die``."""
        out = [(p["die"], self.skill_of(me, p["die"])) for p in view["placed"] if p["space"] == square]
        return out + [(die, self.skill_of(me, die))]

    @staticmethod
    def skill_of(me, die: str) -> str:
        return next((a["skill"] for a in me["allies"] if a["die"] == die), "")

    def kept(self, view) -> tuple[list | None, dict]:
        """What this view's fights were worked out to (the unseen monsters, the odds by tile
        and dice), kept while the same view is weighed: a placement weighs many fights."""
        kept = self._kept
        if kept is None or kept[0] is not view:
            kept = self._kept = (view, [None], {})
        return kept[1], kept[2]

    def unseen_monsters(self, engine, view) -> list:
        """The monsters no tile or seat shows (all of them if none is left)."""
        unseen, _ = self.kept(view)
        if unseen[0] is None:
            seen = {t["monster"] for t in view["tiles"] if t["monster"]} | {
                m for s in view["seats"].values() for m in s["monsters"]
            }
            unseen[0] = [m for key, m in engine.monsters.items() if key not in seen] or list(
                engine.monsters.values()
            )
        return unseen[0]

    def fight_odds(self, engine, view, me, tile, dice: list[tuple[str, str]]) -> tuple[float, float]:
        """(chance to win, gold if won), over the monster if known, else over the unknown ones."""
        _, odds = self.kept(view)
        key = (tile["monster"], tile["section"], tuple(dice))
        found = odds.get(key)
        if found is None:
            found = odds[key] = self.work_odds(engine, view, me, tile, dice)
        return found

    def work_odds(self, engine, view, me, tile, dice: list[tuple[str, str]]) -> tuple[float, float]:
        section = SECTION[tile["section"]]
        if tile["monster"]:
            candidates = [engine.monsters[tile["monster"]]]
        else:
            candidates = self.unseen_monsters(engine, view)
        p = gold = 0.0
        specs: dict[str, tuple] = {}  # the dice as the roll counts them, by the monster's weakness
        for m in candidates:
            spec = specs.get(m.weak)
            if spec is None:
                spec = specs[m.weak] = tuple(
                    sorted((int(d[1:]), 2 if skill == m.weak else 1) for d, skill in dice)
                )
            win = chance_at_least(spec, m.need[section])
            p += win / len(candidates)
            gold += win * m.gold[section] / len(candidates)
        white = (
            me["crystals"]["white"] and tile["section"] in engine.pack.rules.white_sections[view["round"] - 1]
        )
        if white:
            return 1.0, gold / max(p, 1e-9) if p else sum(m.gold[section] for m in candidates) / len(
                candidates
            )
        return p, gold / p if p else 0.0

    def value(self, engine, view, me, die: str, space: str) -> float:
        tile = next((t for t in view["tiles"] if t["square"] == space), None)
        turns_left = view["monsters_left"] / max(2, len(view["seats"]) * 1.5)
        if tile is not None:
            p, gold = self.fight_odds(engine, view, me, tile, self.dice_on(engine, view, me, space, die))
            mine = [pl for pl in view["placed"] if pl["space"] == space]
            if mine:
                before, _ = self.fight_odds(
                    engine, view, me, tile, self.dice_on(engine, view, me, space, die)[:-1]
                )
                return (p - before) * gold
            return p * gold + 0.3 + 0.15 * view["turn"]  # the longer it lasts, the more a fight is worth
        if space == "order":
            return (
                WORTH[engine.pack.turn_order[len([p for p in view["placed"] if p["space"] == "order"])]] + 0.2
            )
        if space.startswith("treasure") or space == "gold":
            pile = view["treasure"][int(space[8:]) - 1] if space != "gold" else ["gold"] * view["gold_pile"]
            worth = sum(WORTH[c] for c in pile)
            guarded = view["monsters_left"] > 0 and (
                space == "gold" or any(c in ("green", "white") for c in pile)
            )
            if guarded:
                fights = [
                    pl
                    for pl in view["placed"]
                    if pl["seat"] == me["id"] and pl["space"][0] in "ybr" and pl["space"][1:].isdigit()
                ]
                worth *= 0.6 if fights else 0.1
            return worth
        if space == "train":
            ally = next(a for a in me["allies"] if a["die"] == die)
            ladder = engine.pack.rules.ladder
            higher = ladder[ladder.index(ally["die"]) + 1]
            if any(a["die"] == higher for a in me["allies"]):
                return -1.0
            return min(2.5, 0.4 * turns_left)
        if space == "tavern":
            rank = engine.pack.die_rank
            follower = engine.followers[view["follower_top"]].die
            training = any(p["seat"] == me["id"] and p["space"] == "train" for p in view["placed"])
            if not training and rank(follower) >= min(rank(a["die"]) for a in me["allies"] if a["die"]):
                return -1.0  # he would be forfeited at step 5
            bids = [p["gold"] for p in view["placed"] if p["space"] == "tavern"]
            return (0.35 * turns_left) - (max(bids) + 1 if bids else 0) * 1.0
        if space.startswith("prisoner"):
            pr = engine.pack.prisoners[int(space[8:]) - 1]
            return sum(WORTH[c] for c in pr.reward) - pr.offering
        if space == "trade":
            return 0.1 if self.trade_for(engine, view, me) else -0.5
        if space.startswith("sorcerer"):
            card = engine.cards[view["row"][int(space[8:]) - 1]]
            cost = view["cost"]
            if not me["crystals"][cost]:
                return -1.0
            return self.card_worth(engine, me, card) - WORTH[cost]
        return 0.0

    @staticmethod
    def card_worth(engine, me, card) -> float:
        if card.kind == "points":
            return card.points
        if card.kind == "crystal":
            return card.points * (me["crystals"][card.colour] + 0.5)
        if card.kind == "weak":
            return card.points * (sum(engine.monsters[m].weak == card.skill for m in me["monsters"]) + 0.7)
        return card.points * (len(me["monsters"]) + 1.5)

    def trade_for(self, engine, view, me) -> str | None:
        """The trade that buys the crystal a sorcerer card costs now, if it can."""
        cost = view["cost"]
        if me["crystals"][cost] or not any(view["row"]):
            return None
        for t in engine.pack.trades:
            if t.take == cost and me["crystals"][t.give] >= t.count:
                return f"{me['id']} trade {t.give} {t.take}"
        return None

    # ------------------------------------------------------------------ combat and the rest
    def on_spells(self, engine, view, me, prompt: Prompt) -> str | None:
        sid, c = me["id"], view["combat"]
        if f"{sid} hammer" in prompt.options:
            return f"{sid} hammer"
        dice = [(int(d[1:]), 2 if why else 1) for d, why in zip(c["dice"], c["doubled"])]
        p = chance_at_least(tuple(sorted(dice)), c["need"])
        if p > 0.8:
            return f"{sid} roll"
        blesses = [o for o in prompt.options if " bless " in o]
        if blesses:
            return max(blesses, key=lambda o: int(o.split()[2][1:]))
        if f"{sid} enhance" in prompt.options and p < 0.5:
            return f"{sid} enhance"
        return f"{sid} roll"

    def on_reroll(self, engine, view, me, prompt: Prompt) -> str | None:
        c = view["combat"]
        worst = min(range(len(c["dice"])), key=lambda i: c["values"][i] / int(c["dice"][i][1:]))
        return f"{me['id']} reroll {c['dice'][worst]}"

    def on_trade(self, engine, view, me, prompt: Prompt) -> str | None:
        want = self.trade_for(engine, view, me)
        return want if want in prompt.options else f"{me['id']} done"

    def on_bid(self, engine, view, me, prompt: Prompt) -> str | None:
        return f"{me['id']} bid {prompt.choice['number']['min']}"
