"""Excursions, resolved first and in the board's order (yellow squares, then blue, then red):
the monster is revealed, its owner may cast spells (white: victory at the level the round
allows; yellow: double a die the vulnerability does not; green: one extra die), rolls every
die he placed there, may reroll with blue, and wins on a sum at least the section's number."""

from __future__ import annotations

from functools import cache

from companion.engine.core import CHANCE, ChanceSpec, DieSpec, Prompt
from companion.engine.steps import QUIET, Frame, Step, StepMachine

from .rules import drawn, remove_tile, spend, white_allowed
from .state import SEAT_INDEX, AlliesState, Combat, Tile

goto, push, pop = StepMachine.goto, StepMachine.push, StepMachine.pop
RULE = "Excursion"
SECTION_INDEX = {"yellow": 0, "blue": 1, "red": 2}


def die_spec(g, kind: str) -> DieSpec:
    return _die(kind, g.pack.sides(kind))


@cache
def _die(kind: str, sides: int) -> DieSpec:
    """A die's spec, made once per kind and size (it is frozen)."""
    return DieSpec(kind, tuple(str(n) for n in range(1, sides + 1)))


def roll_spec(g, kinds: tuple[str, ...]) -> ChanceSpec:
    """The roll of a fight's dice, each with its own faces. Frozen: the engine keeps one for
    each set of dice (``roll_specs``)."""
    dice = tuple(die_spec(g, d) for d in kinds)
    faces = tuple(dict.fromkeys(x for d in dice for x in d.faces))
    return ChanceSpec("roll", faces, len(dice), die=kinds[0], dice=dice)


def rolled(g, kinds: tuple[str, ...]) -> ChanceSpec:
    """``roll_spec``, made once per engine and set of dice."""
    chance = g.roll_specs.get(kinds)
    if chance is None:
        chance = g.roll_specs[kinds] = roll_spec(g, kinds)
    return chance


def fought(g, s: AlliesState, c: Combat) -> Tile:
    """The tile combat ``c`` is fought on: ``s.tile`` without the search (a state's tiles are
    the pack's squares in order), asked several times an action."""
    return s.tiles[g.square_index[c.square]]


def doubled(g, s: AlliesState, c: Combat, tile: Tile | None = None) -> list[str]:
    """Why each die counts twice: 'weak' (the monster's vulnerability), 'bless' or ''.
    ``tile`` is ``fought``'s answer where the caller has it."""
    if tile is None:
        tile = fought(g, s, c)
    weak = g.monsters[tile.monster].weak if tile.monster else ""
    allies = s.seats[SEAT_INDEX[c.seat]].allies  # s.seat(), without the call
    out = []
    for i, owner in enumerate(c.owners):
        if owner >= 0 and weak and allies[owner].skill == weak:
            out.append("weak")
        else:
            out.append("bless" if i in c.blessed else "")
    return out


def total(g, s: AlliesState, c: Combat) -> int:
    """The combat roll is the sum of the dice, each doubled die counted twice."""
    return summed(c.values, doubled(g, s, c))


def summed(values: list[int], why: list[str]) -> int:
    """``total`` with ``doubled``'s answer in hand, so one roll's doubling is worked out once."""
    out = 0
    for v, w in zip(values, why):
        out += v + v if w else v
    return out


def need(g, s: AlliesState, c: Combat) -> int:
    return need_on(g, fought(g, s, c))


def need_on(g, tile: Tile) -> int:
    """What the monster on ``tile`` needs: ``need`` with the tile in hand."""
    return g.monsters[tile.monster].need[SECTION_INDEX[tile.section]]


def extra_die(g, s: AlliesState, c: Combat) -> str | None:
    """Green's extra die: the largest of the player's set not assigned to any of his allies
    and not already in this combat (ours: the rulebook does not say its size)."""
    seat = s.seat(c.seat)
    taken = {a.die for a in seat.allies} | set(c.dice)
    free = [d for d in g.pack.rules.ladder if d not in taken]
    return free[-1] if free else None


def reach(g, s: AlliesState, c: Combat) -> tuple[int, int]:
    """The least the roll can make as the dice stand, and the most it can make with every
    yellow and green crystal the player holds cast (green's extra dice, then yellow doubling
    the biggest dice not yet doubled): a spell that cannot change the fight is not asked."""
    seat = s.seat(c.seat)
    why = doubled(g, s, c)
    least = sum(2 if w else 1 for w in why)
    dice = [(g.pack.sides(d), bool(w)) for d, w in zip(c.dice, why)]
    taken = {a.die for a in seat.allies} | set(c.dice)
    free = [d for d in g.pack.rules.ladder if d not in taken]
    for _ in range(min(seat.crystals["green"], len(free))):
        dice.append((g.pack.sides(free.pop()), False))
    plain = sorted((sides for sides, double in dice if not double), reverse=True)
    most = sum(sides * (2 if double else 1) for sides, double in dice) + sum(plain[: seat.crystals["yellow"]])
    return least, most


SPELLS = {"hammer": "white", "bless": "yellow", "enhance": "green", "reroll": "blue"}


def why_not_now(g, s: AlliesState, w: list[str]) -> tuple[str, str] | None:
    """A spell asked for when none is offered: the crystal it costs, or the fight it needs."""
    if (
        len(w) < 2
        or w[1] not in SPELLS
        or not w[0].startswith("p")
        or not w[0][1:].isdigit()
        or not 1 <= int(w[0][1:]) <= len(s.seats)
    ):
        return None
    f = s.frames[-1]
    if f.step == "combat" and s.combat is not None and s.combat.seat == w[0]:
        why = Fight().explain(g, s, f, w, None)  # his own fight, past the spells: why this one is not asked
        if why:
            return why
    colour = SPELLS[w[1]]
    if not s.seat(w[0]).crystals[colour]:
        return f"{w[1]} costs a {colour} crystal and {w[0]} has none", "Crystal spells used in combat"
    return (
        "spells are cast in the player's own fight: white, yellow and green before its roll, blue after",
        "Crystal spells used in combat",
    )


class Excursion(Step):
    """The next tile with dice on it, in the board's order; then the turn-order spaces."""

    rule = RULE

    def auto(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> bool:
        index, tiles, first = g.square_index, s.tiles, None  # the first tile in the board's order
        for p in s.placed:
            at = index.get(p.space)
            if at is not None and (first is None or at < first) and not tiles[at].removed:
                first = at
        if first is None:
            goto(s, "turnorder")
            return True
        square, seat, kinds, owners = tiles[first].square, "", [], []
        for p in s.placed:  # its dice, in the order placed: one loop, not three comprehensions
            if p.space == square:
                seat = seat or p.seat
                kinds.append(p.die)
                owners.append(p.ally)
        s.combat = Combat(square, seat, kinds, owners)
        push(s, "combat")
        return True


class Fight(Step):
    rule = RULE

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt | None:
        c = s.combat
        tile = s.tiles[g.square_index[c.square]]  # fought(), without the call
        if not tile.revealed:
            if tile.monster:
                return None
            return Prompt(
                CHANCE,
                "reveal",
                f"turn over the monster on {tile.square}",
                chance=drawn(s, "reveal", tuple(s.monster_pool), 1, "monster"),
            )
        if f.data.get("reroll") is not None:
            i = f.data["reroll"]
            return Prompt(
                CHANCE, "combat", f"{c.seat} rerolls the {c.dice[i]}", chance=rolled(g, (c.dice[i],))
            )
        if c.values:
            got, needed = summed(c.values, doubled(g, s, c, tile)), need_on(g, tile)
            if not self.rerolls_wanted(s, c, got, needed):
                return None
            options = (*[f"{c.seat} reroll {d}" for d in c.dice], f"{c.seat} stand")
            return Prompt(c.seat, "reroll", f"{got} of {needed}: reroll?", options)
        if f.data.get("rolling"):
            chance = rolled(g, tuple(c.dice))
            return Prompt(
                CHANCE, "combat", f"{c.seat} rolls {'+'.join(c.dice)} vs {need_on(g, tile)}", chance=chance
            )
        spells = self.spells(g, s, c)
        if len(spells) == 1:  # the roll alone
            return None
        return Prompt(
            c.seat,
            "spells",
            f"{tile.square} {g.monsters[tile.monster].name[:10]}: need {need_on(g, tile)}",
            tuple(spells),
        )

    def spells(self, g, s: AlliesState, c: Combat) -> list[str]:
        """The roll, and the spells that can change the fight: none when the dice cannot lose;
        yellow and green only when with them the dice could reach the number needed."""
        seat, tile = s.seat(c.seat), fought(g, s, c)
        out = [f"{c.seat} roll"]
        crystals = seat.crystals
        if not (crystals["white"] or crystals["yellow"] or crystals["green"]):
            return out  # no spell he could cast: the roll alone, whatever the dice reach
        least, most = reach(g, s, c)
        needed = need_on(g, tile)
        if least >= needed:
            return out
        if seat.crystals["white"] and white_allowed(g, s, tile.section):
            out.append(f"{c.seat} hammer")
        if most < needed:
            return out
        if seat.crystals["yellow"]:
            out += [f"{c.seat} bless {c.dice[i]}" for i, why in enumerate(doubled(g, s, c)) if not why]
        if seat.crystals["green"] and extra_die(g, s, c):
            out.append(f"{c.seat} enhance")
        return out

    @staticmethod
    def rerolls_wanted(s: AlliesState, c: Combat, got: int, needed: int) -> bool:
        """Blue rerolls one die per crystal; once the roll (``got``) wins there is nothing to
        reroll for."""
        return got < needed and s.seats[SEAT_INDEX[c.seat]].crystals["blue"] > 0  # s.seat(), no call

    def explain(self, g, s: AlliesState, f: Frame, w: list[str], p: Prompt):
        c = s.combat
        seat, tile = s.seat(c.seat), fought(g, s, c)
        verb = w[1] if len(w) > 1 else ""
        colour = SPELLS.get(verb)
        if colour and not seat.crystals[colour]:
            return f"{verb} costs a {colour} crystal and {seat.id} has none", RULE
        if c.values and verb in ("hammer", "bless", "enhance"):
            return (
                f"{verb} must be cast before the dice are rolled (only blue rerolls after)",
                "Crystal spells used in combat",
            )
        least, most = reach(g, s, c)
        if not c.values and verb in ("hammer", "bless", "enhance") and least >= need(g, s, c):
            return (
                f"the dice cannot lose ({least} at least against {need(g, s, c)}): no spell can change the fight",
                "Crystal spells used in combat",
            )
        if not c.values and verb in ("bless", "enhance") and most < need(g, s, c):
            return (
                f"even with every yellow and green spell the dice make at most {most} against "
                f"{need(g, s, c)}: {verb} cannot change the fight"
            ), "Crystal spells used in combat"
        if verb == "hammer":
            allowed = "/".join(g.pack.rules.white_sections[s.round - 1])
            return (
                f"round {s.round}: the Hammer of the Gods only answers in the {allowed} section, "
                f"not {tile.section}"
            ), "Rounds: white crystals"
        if verb == "bless" and len(w) == 3 and w[2] in c.dice:
            return f"{w[2]} is already doubled: bless a die that is not", "Crystal spells: yellow"
        if verb == "enhance":
            return "every die of the set is already in use", "Crystal spells: green"
        return None

    def auto(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> bool:
        c = s.combat
        tile = s.tiles[g.square_index[c.square]]  # fought(), without the call: every step of a fight
        if not tile.revealed:
            if not tile.monster:
                return False
            self.reveal(g, s, tile, ev)
            return True
        if f.data.get("reroll") is not None:
            return False
        if c.values:
            why = doubled(g, s, c, tile)
            if self.rerolls_wanted(s, c, summed(c.values, why), need_on(g, tile)):
                return False
            self.finish(g, s, ev, why)
            return True
        if f.data.get("rolling"):
            return False
        crystals = s.seats[SEAT_INDEX[c.seat]].crystals  # s.seat(), without the call
        if (crystals["white"] or crystals["yellow"] or crystals["green"]) and len(self.spells(g, s, c)) > 1:
            return False  # a spell to ask about (``spells`` offers none without these crystals)
        f.data = {"rolling": True}
        return False  # what it leaves is a decision: the roll, asked at once (``prompt``)

    def reveal(self, g, s: AlliesState, tile: Tile, ev: list[dict]) -> None:
        tile.revealed = True
        m = g.monsters[tile.monster]
        if ev is not QUIET:
            ev.append(
                {
                    "event": "revealed",
                    "square": tile.square,
                    "monster": tile.monster,
                    "weak": m.weak,
                    "need": m.need[SECTION_INDEX[tile.section]],
                    "gold": m.gold[SECTION_INDEX[tile.section]],
                }
            )

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        c = s.combat
        tile = s.tiles[g.square_index[c.square]]  # fought(), without the call
        if w[0] == CHANCE and not tile.revealed:
            tile.monster = w[2]
            s.monster_pool.remove(w[2])
            self.reveal(g, s, tile, ev)
        elif w[0] == CHANCE:
            if f.data.get("reroll") is not None:
                i = f.data["reroll"]
                c.values[i] = int(w[2])
                f.data = {}
                if ev is not QUIET:
                    ev.append(
                        {
                            "event": "rerolled",
                            "seat": c.seat,
                            "die": c.dice[i],
                            "value": c.values[i],
                            "total": total(g, s, c),
                        }
                    )
            else:
                c.values = list(map(int, w[2:]))  # in C, not a comprehension's call
                f.data = {}
                if ev is not QUIET:
                    ev.append(
                        {
                            "event": "rolled",
                            "seat": c.seat,
                            "dice": list(c.dice),
                            "values": list(c.values),
                            "doubled": doubled(g, s, c),
                            "total": total(g, s, c),
                            "need": need(g, s, c),
                        }
                    )
        elif w[1] == "roll":
            f.data = {"rolling": True}
        elif w[1] == "hammer":
            spend(s, s.seat(c.seat), "white")
            c.hammer = True
            ev.append({"event": "hammer", "seat": c.seat, "square": c.square})
            self.finish(g, s, ev)
        elif w[1] == "bless":
            spend(s, s.seat(c.seat), "yellow")
            c.blessed = [*c.blessed, c.dice.index(w[2])]
            ev.append({"event": "bless", "seat": c.seat, "die": w[2]})
        elif w[1] == "enhance":
            spend(s, s.seat(c.seat), "green")
            die = extra_die(g, s, c)
            c.dice = [*c.dice, die]
            c.owners = [*c.owners, -1]
            ev.append({"event": "enhance", "seat": c.seat, "die": die})
        elif w[1] == "reroll":
            spend(s, s.seat(c.seat), "blue")
            i = c.dice.index(w[2])
            f.data = {"reroll": i}
            ev.append({"event": "reroll", "seat": c.seat, "die": w[2]})
        elif w[1] == "stand":
            self.finish(g, s, ev)

    def finish(self, g, s: AlliesState, ev: list[dict], why: list[str] | None = None) -> None:
        """The fight's end; ``why`` is ``doubled``'s answer where the caller has it."""
        c = s.combat
        seat = s.seats[SEAT_INDEX[c.seat]]  # s.seat() and fought(), without the calls
        tile = s.tiles[g.square_index[c.square]]
        m = g.monsters[tile.monster]
        at = SECTION_INDEX[tile.section]
        if why is None:
            why = doubled(g, s, c)
        got, needed = summed(c.values, why), m.need[at]
        won = c.hammer or got >= needed
        gold = m.gold[at] if won else 0
        if won:
            seat.gold += gold
            seat.monsters = [*seat.monsters, tile.monster]
            seat.victory = True
        s.stats["combats"] = s.stats.get("combats", 0) + 1
        s.stats["victories"] = s.stats.get("victories", 0) + won
        s.stats["hammers"] = s.stats.get("hammers", 0) + c.hammer
        if ev is not QUIET:
            ev.append(
                {
                    "event": "combat",
                    "seat": c.seat,
                    "square": c.square,
                    "monster": tile.monster,
                    "dice": list(c.dice),
                    "values": list(c.values),
                    "doubled": why,
                    "total": None if c.hammer else got,
                    "need": needed,
                    "won": won,
                    "gold": gold,
                }
            )
        remove_tile(g, s, tile, ev)
        s.combat = None
        pop(s)
