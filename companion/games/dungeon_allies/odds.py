"""Dungeon Allies' odds, all exact: the chance to beat the monster and the gold it brings on
average, for each way of sending dice and each spell.

* placing a die on a monster tile: the dice the seat would have there, rolled without spells,
  against the monster it knows, or against every monster it has not seen, alike;
* before the roll (spells): rolling now, the Hammer, blessing a die or the green extra die,
  each followed by the roll and the blue rerolls played well;
* after the roll: rerolling each die with a blue crystal, or standing.

The monsters a seat has not seen are the pack's tiles less those revealed, those it looked
under, and those won: never the monster actually under a tile.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from companion.games.dungeon_allies.combat import SECTION_INDEX, extra_die, need
from companion.games.dungeon_allies.state import AlliesState
from companion.odds import dice
from companion.odds.advice import Advice, OptionOdds
from companion.odds.advisor import best_of

WHAT = "chance to beat the monster, mean gold"


def advise(g, s: AlliesState, prompt, legal: list[str]) -> Advice | None:
    if prompt.kind == "place":
        return _place(g, s, prompt, legal)
    if prompt.kind == "spells":
        return _spells(g, s, prompt, legal)
    if prompt.kind == "reroll":
        return _reroll(g, s, prompt, legal)
    return None


# --------------------------------------------------------------------------- a fight

REROLLS_WEIGHED = 2  # blue rerolls played well; more crystals than this count as this many


class Fight:
    """One fight's dice: ``sides`` (each counted twice where ``twice``) against ``target``; the
    chance to win from any showing with the best blue rerolls, remembered as it goes."""

    def __init__(self, sides: tuple[int, ...], twice: tuple[bool, ...], target: int):
        self.sides, self.times, self.target = sides, tuple(2 if t else 1 for t in twice), target
        self.seen: dict[tuple, float] = {}

    def win(self, values: tuple[int, ...], blues: int) -> float:
        """The chance to reach the target from ``values`` with ``blues`` rerolls of one die each."""
        short = self.target - sum(v * m for v, m in zip(values, self.times))
        if short <= 0:
            return 1.0
        if blues <= 0:
            return 0.0
        if blues == 1:  # one reroll left: the die most likely to make up the shortfall
            return max(self._reach(n, m, short + v * m) for n, m, v in zip(self.sides, self.times, values))
        key = (values, blues)
        if key not in self.seen:
            self.seen[key] = max(
                sum(self.win(values[:i] + (x,) + values[i + 1 :], blues - 1) for x in range(1, n + 1)) / n
                for i, n in enumerate(self.sides)
            )
        return self.seen[key]

    @staticmethod
    def _reach(n: int, m: int, need: int) -> float:
        """The chance a d``n`` counted ``m`` times shows at least ``need``."""
        least = max(1, -(-need // m))
        return max(0, n - least + 1) / n

    def rolled(self, blues: int) -> float:
        """The chance to win a roll not made yet."""
        blues = min(blues, REROLLS_WEIGHED)
        if blues <= 0:
            roll = dice.total(
                [dice.scale(dice.die(range(1, n + 1)), m) for n, m in zip(self.sides, self.times)]
            )
            return dice.at_least(roll, self.target)
        weight = 1.0
        for n in self.sides:
            weight /= n
        return (
            sum(self.win(values, blues) for values in product(*(range(1, n + 1) for n in self.sides)))
            * weight
        )


def _fight(
    g, dice_kinds: list[str], twice: list[bool], values: list[int] | None, target: int, blues: int
) -> float:
    fight = Fight(tuple(g.pack.sides(d) for d in dice_kinds), tuple(twice), target)
    return fight.rolled(blues) if values is None else fight.win(tuple(values), min(blues, REROLLS_WEIGHED))


# --------------------------------------------------------------------------- before and after the roll


def _doubled(g, s: AlliesState, seat, owners: list[int], blessed: list[int], monster: str) -> list[bool]:
    weak = g.monsters[monster].weak if monster else ""
    return [
        (o >= 0 and bool(weak) and seat.allies[o].skill == weak) or i in blessed for i, o in enumerate(owners)
    ]


def _gold(g, s: AlliesState, square: str, monster: str) -> int:
    return g.monsters[monster].gold[SECTION_INDEX[s.tile(square).section]]


def _combat(g, s: AlliesState):
    """The fight under way: (combat, seat, monster, roll needed, gold, blue crystals)."""
    c = s.combat
    seat = s.seat(c.seat)
    monster = s.tile(c.square).monster
    return c, seat, monster, need(g, s, c), _gold(g, s, c.square, monster), seat.crystals["blue"]


def _spells(g, s: AlliesState, prompt, legal: list[str]) -> Advice:
    c, seat, monster, target, gold, blues = _combat(g, s)
    opts = []
    for action in legal:
        words = action.split()
        kinds, owners, blessed = list(c.dice), list(c.owners), list(c.blessed)
        if words[1] == "hammer":
            opts.append(OptionOdds(action, 1.0, float(gold), f"{WHAT}: the Hammer wins outright"))
            continue
        if words[1] == "bless":
            blessed.append(kinds.index(words[2]))
        elif words[1] == "enhance":
            kinds.append(extra_die(g, s, c))
            owners.append(-1)
        p = _fight(g, kinds, _doubled(g, s, seat, owners, blessed, monster), None, target, blues)
        opts.append(
            OptionOdds(
                action,
                p,
                p * gold,
                f"{WHAT}: then roll, {min(blues, REROLLS_WEIGHED)} blue reroll(s) played well",
            )
        )
    best = best_of(opts, lambda o: (o.p, -_cost(o.action)))
    why = "the surest win" + (" for the fewest crystals" if best.action.split()[1] == "roll" else "")
    return Advice(prompt.actor, prompt.text, opts, best.action, why)


def _cost(action: str) -> int:
    return 0 if action.split()[1] in ("roll", "stand") else 1


def _reroll(g, s: AlliesState, prompt, legal: list[str]) -> Advice:
    c, seat, monster, target, gold, blues = _combat(g, s)
    twice = _doubled(g, s, seat, list(c.owners), list(c.blessed), monster)
    fight = Fight(tuple(g.pack.sides(d) for d in c.dice), tuple(twice), target)
    later = min(blues - 1, REROLLS_WEIGHED)
    opts = []
    for action in legal:
        words = action.split()
        if words[1] == "stand":
            p = fight.win(tuple(c.values), 0)
        else:
            i = c.dice.index(words[2])
            n = fight.sides[i]
            p = (
                sum(
                    fight.win(tuple(c.values[:i]) + (face,) + tuple(c.values[i + 1 :]), later)
                    for face in range(1, n + 1)
                )
                / n
            )
        opts.append(OptionOdds(action, p, p * gold, f"{WHAT}; later blue rerolls played well"))
    best = best_of(opts, lambda o: (o.p, -_cost(o.action)))
    why = (
        f"the best chance to reach {target} with the rerolls left"
        if best.p
        else f"no reroll can reach {target}: keep the crystal"
    )
    return Advice(prompt.actor, prompt.text, opts, best.action, why)


# --------------------------------------------------------------------------- placing


def unseen_monsters(g, s: AlliesState, seat: str) -> Counter:
    """The monster tiles ``seat`` has not seen: the pack's, less those turned over, looked
    under by ``seat``, or won by anyone."""
    seen = Counter(t.monster for t in s.tiles if t.monster and (t.revealed or seat in t.known))
    for other in s.seats:
        seen.update(m for m in other.monsters if m not in seen)
    return Counter(list(g.monsters)) - seen


def _place(g, s: AlliesState, prompt, legal: list[str]) -> Advice | None:
    seat = s.seat(prompt.actor)
    unseen = unseen_monsters(g, s, seat.id)
    opts = []
    for action in legal:
        words = action.split()
        tile = s.tile(words[3]) if len(words) == 4 else None
        if tile is None:
            opts.append(OptionOdds(action, None, None, "no fight: no dice decide this space"))
            continue
        mine = [p for p in s.placed if p.seat == seat.id and p.space == tile.square]
        ally = next(
            i
            for i, a in enumerate(seat.allies)
            if a.die == words[2] and all(p.ally != i for p in s.placed if p.seat == seat.id)
        )
        kinds = [p.die for p in mine] + [words[2]]
        owners = [p.ally for p in mine] + [ally]
        if tile.revealed or seat.id in tile.known:
            monsters = {tile.monster: 1}
        else:
            monsters = unseen
        n = sum(monsters.values())
        p = gold = 0.0
        section = SECTION_INDEX[tile.section]
        for monster, count in monsters.items():
            m = g.monsters[monster]
            win = _fight(g, kinds, _doubled(g, s, seat, owners, [], monster), None, m.need[section], 0)
            p += win * count / n
            gold += win * m.gold[section] * count / n
        known = "the monster it knows" if len(monsters) == 1 else f"the {n} monsters {seat.id} has not seen"
        opts.append(OptionOdds(action, p, gold, f"{WHAT}: {'+'.join(kinds)} without spells, against {known}"))
    fights = [o for o in opts if o.p is not None]
    if not fights:
        return None
    best = best_of(fights, lambda o: (o.mean, o.p))
    return Advice(
        prompt.actor,
        prompt.text,
        opts,
        best.action,
        "the most gold on average of the fights open to this die (other spaces have no dice to rate)",
    )


__all__ = ["advise", "unseen_monsters"]
