"""Set-up: two character tiles each (no two with the same symbol), the d6 and d4 tokens, turn
order by the percentile die; and the refill of the treasure, the sorcerer row and the tavern's
stack, which opens the first turn and every turn after."""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, DieSpec, Prompt
from companion.engine.steps import QUIET, Frame, Step, StepMachine

from .rules import bag_faces, bag_size, drawn
from .state import AlliesState, Ally

goto = StepMachine.goto
PERCENTILE = DieSpec("d%", tuple(f"{n:02d}" for n in range(0, 100, 10)))


class Deal(Step):
    """Shuffle the character tiles and give each player two; a player with two of the same
    symbol trades one for another random tile."""

    rule = "Game setup: character tiles"

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt:
        seat = s.seats[s.cursor]
        swap = f.data.get("swap")
        if swap:
            spec = drawn(
                s, "swap", tuple(s.character_pool or self.exchangeable(g, s, seat, swap)), 1, "character"
            )
            return Prompt(CHANCE, "deal", f"{seat.id} trades {swap}: draw a character", chance=spec)
        n = g.pack.rules.characters_each
        return Prompt(
            CHANCE,
            "deal",
            f"deal {seat.id} {n} character tiles",
            chance=drawn(s, "deal", tuple(s.character_pool), n, "character"),
        )

    @staticmethod
    def exchangeable(g, s: AlliesState, seat, swap: str) -> list[str]:
        """When no tile is left to draw (five players), the trade is with another player: any of
        their tiles that gives neither player two of one symbol (ours: the rulebook has ten
        tiles for ten hands and does not say)."""
        keep = next(a.skill for a in seat.allies if a.name != swap)
        out = []
        for other in s.seats:
            if other is seat or not other.allies:
                continue
            for a in other.allies:
                rest = [b.skill for b in other.allies if b is not a]
                if a.skill != keep and g.characters[swap].skill not in rest:
                    out.append(a.name)
        return out

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.seats[s.cursor]
        swap = f.data.get("swap")
        if swap:
            i = next(i for i, a in enumerate(seat.allies) if a.name == swap)
            seat.allies[i] = Ally(w[2], skill=g.characters[w[2]].skill)
            if w[2] in s.character_pool:
                s.character_pool.remove(w[2])
                s.character_pool.append(swap)
                ev.append({"event": "swapped", "seat": seat.id, "out": swap, "in": w[2]})
            else:  # traded with another player
                other = next(o for o in s.seats if o is not seat and any(a.name == w[2] for a in o.allies))
                j = next(j for j, a in enumerate(other.allies) if a.name == w[2])
                other.allies[j] = Ally(swap, skill=g.characters[swap].skill)
                ev.append({"event": "exchanged", "seat": seat.id, "with": other.id, "out": swap, "in": w[2]})
        else:
            for name in w[2:]:
                s.character_pool.remove(name)
            seat.allies = [Ally(name, skill=g.characters[name].skill) for name in w[2:]]
            ev.append({"event": "dealt", "seat": seat.id, "characters": w[2:]})
        skills = [a.skill for a in seat.allies]
        if len(set(skills)) < len(skills):
            f.data = {"swap": seat.allies[-1].name}
            return
        f.data = {}
        s.cursor += 1
        if s.cursor == len(s.seats):
            s.cursor = 0
            goto(s, "tokens")


class Tokens(Step):
    """Each player puts the d6 on one character and the d4 on the other, as he chooses."""

    rule = "Game setup: die tokens"

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt:
        seat = s.seats[s.cursor]
        high = max(g.pack.rules.start_dice, key=g.pack.die_rank)
        return Prompt(
            seat.id,
            "tokens",
            f"{high} goes on which ally?",
            tuple(f"{seat.id} {high} {a.name}" for a in seat.allies),
        )

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.seats[s.cursor]
        dice = sorted(g.pack.rules.start_dice, key=g.pack.die_rank, reverse=True)
        chosen = next(a for a in seat.allies if a.name == w[2])
        chosen.die = dice[0]
        rest = iter(dice[1:])
        for a in seat.allies:
            if a is not chosen:
                a.die = next(rest)
        ev.append({"event": "tokens", "seat": seat.id, "dice": {a.name: a.die for a in seat.allies}})
        s.cursor += 1
        if s.cursor == len(s.seats):
            s.cursor = 0
            goto(s, "percentile")


def tied_group(s: AlliesState) -> list[str]:
    """The first group of seats whose percentile rolls so far are all equal (to roll again)."""
    rolls: dict[tuple[int, ...], list[str]] = {}
    for seat in s.seats:
        rolls.setdefault(tuple(seat.rolls), []).append(seat.id)
    return next((ids for ids in rolls.values() if len(ids) > 1), [])


class Order(Step):
    """Each player rolls the percentile die: the highest takes turn order space 1. Tied players
    roll again among themselves (ours: the rulebook is silent), 00 counting as zero."""

    rule = "Game setup: turn order"

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt:
        group = tied_group(s)
        spec = ChanceSpec("roll", PERCENTILE.faces, len(group), die="d%", dice=(PERCENTILE,) * len(group))
        again = " again" if s.seats[0].rolls else ""
        return Prompt(CHANCE, "order", f"d% for {' '.join(group)}{again}", chance=spec)

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        group = tied_group(s)
        for sid, value in zip(group, w[2:]):
            s.seat(sid).rolls.append(int(value))
        rolled = {"event": "percentile", "rolls": dict(zip(group, map(int, w[2:])))}
        ev.append(rolled)
        again = tied_group(s)
        if again:
            rolled["decided"] = (
                f"{' and '.join(x.upper() for x in again)} tied: the rulebook does not say; the "
                "device has them roll again among themselves"
            )
            return
        width = max(len(seat.rolls) for seat in s.seats)
        key = {seat.id: tuple(seat.rolls) + (-1,) * (width - len(seat.rolls)) for seat in s.seats}
        s.order = sorted(key, key=key.get, reverse=True)
        ev.append({"event": "turn order", "order": list(s.order)})
        goto(s, "refill")


class Refill(Step):
    """Draw crystals onto the treasure spaces and add the gold (even onto what is left there);
    refill the sorcerer row from its deck (ours: the rulebook is silent); turn up the next
    follower. At the set-up these fill the board for the first time."""

    rule = "End of the turn: refill"

    def need(self, g, s: AlliesState, f: Frame) -> str:
        if not f.data.get("crystals") and bag_size(s):
            return "crystals"
        if "" in s.row and s.deck:
            return "sorcerer"
        if not s.follower_top and s.follower_pool:
            return "follower"
        return ""

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt | None:
        need = self.need(g, s, f)
        if need == "crystals":
            n, left = g.pack.rules.treasure_crystals, bag_size(s)
            if left < n:  # compared, not min(): a builtin call costs several comparisons
                n = left
            return Prompt(
                CHANCE,
                "refill",
                f"draw {n} crystals for the treasure",
                chance=drawn(s, "draw", bag_faces(s), n, "bag"),
            )
        if need == "sorcerer":
            n, left = s.row.count(""), len(s.deck)
            if left < n:
                n = left
            return Prompt(
                CHANCE,
                "refill",
                f"deal {n} sorcerer card{'s' * (n > 1)}",
                chance=drawn(s, "deal", tuple(s.deck), n, "sorcerer"),
            )
        if need == "follower":
            return Prompt(
                CHANCE,
                "refill",
                "turn up the next follower",
                chance=drawn(s, "follower", tuple(s.follower_pool), 1, "follower"),
            )
        return None

    def auto(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> bool:
        if self.need(g, s, f):
            return False
        if not f.data.get("crystals"):  # the bag is empty: only the gold
            self.gold(g, s, f, ev, [])
        s.turn += f.data.get("next", 0)
        s.cursor = 0
        if ev is not QUIET:
            ev.append({"event": "turn", "turn": s.turn, "round": s.round, "order": list(s.order)})
        goto(s, "place")
        s.frames[0].data = {"pass": 0, "i": 0}
        return True

    def gold(self, g, s: AlliesState, f: Frame, ev: list[dict], crystals: list[str]) -> None:
        for i, c in enumerate(crystals):
            s.treasure[i].append(c)
            s.bag[c] -= 1
        s.gold_pile += g.pack.rules.treasure_gold
        f.data = {**f.data, "crystals": True}
        if ev is not QUIET:
            ev.append({"event": "treasure", "crystals": crystals, "gold": s.gold_pile})

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        need = self.need(g, s, f)
        if need == "crystals":
            self.gold(g, s, f, ev, w[2:])
        elif need == "sorcerer":
            cards = iter(w[2:])
            for i, card in enumerate(s.row):
                if not card:
                    s.row[i] = next(cards, "")
            for card in w[2:]:
                s.deck.remove(card)
            ev.append({"event": "sorcerer row", "row": list(s.row)})
        else:
            s.follower_top = w[2]
            s.follower_pool.remove(w[2])
            ev.append({"event": "follower", "top": w[2]})
