"""Small rules shared by the step modules: the bag, the dice ladder, rounds, chance prompts
that a real board answers by hand. Step modules import this, the state and the pack, never
the engine, so the modules form no import circle."""

from __future__ import annotations

from companion.engine.core import DEVICE, TABLE, ChanceSpec
from companion.engine.steps import QUIET

from .state import COLOURS, AlliesState, Seat, Tile


def slug(name: str) -> str:
    """A name as one action word: 'Hunter's horn' -> 'hunters-horn'."""
    return "-".join(name.lower().replace("'", "").split())


def drawn(
    s: AlliesState, verb: str, faces: tuple[str, ...], count: int, die: str, private: str | None = None
) -> ChanceSpec:
    """A draw of components: the device draws on its own board; on a real board the players
    draw the tile, card or crystal and enter what came out (never rolled digitally)."""
    if s.board == "real":
        return ChanceSpec(
            verb, faces, count, die=die, distinct=True, by=TABLE, digital=False, private=private
        )
    return ChanceSpec(verb, faces, count, die=die, distinct=True, by=DEVICE, private=private)


def bag_faces(s: AlliesState) -> tuple[str, ...]:
    """Each crystal in the bag, colour by colour."""
    faces: tuple[str, ...] = ()
    bag = s.bag
    for c in COLOURS:
        faces += (c,) * bag[c]
    return faces


def bag_size(s: AlliesState) -> int:
    return sum(s.bag.values())


def gain_crystals(s: AlliesState, seat: Seat, colours: list[str]) -> list[str]:
    """Crystals from the supply (the bag): a colour the bag has run out of is not gained."""
    got = []
    for c in colours:
        if s.bag[c] > 0:
            s.bag[c] -= 1
            seat.crystals[c] += 1
            got.append(c)
    return got


def spend(s: AlliesState, seat: Seat, colour: str, n: int = 1) -> None:
    """Spent crystals go back to the bag (the supply)."""
    seat.crystals[colour] -= n
    s.bag[colour] += n


def next_die(g, die: str) -> str | None:
    ladder = g.pack.rules.ladder
    i = ladder.index(die)
    return ladder[i + 1] if i + 1 < len(ladder) else None


def lowest_rank(g, seat: Seat) -> int:
    return min(g.pack.die_rank(a.die) for a in seat.allies if a.die)


def round_for(g, removed: int) -> int:
    """The round once ``removed`` tiles are gone: one more for each round's end reached (a
    loop: asked at every fight's end, where a generator costs a call per end)."""
    out = 1
    for end in g.pack.rules.round_ends:
        if removed >= end:
            out += 1
    return out


def remove_tile(g, s: AlliesState, tile: Tile, ev: list[dict]) -> None:
    """A tile leaves the board; the round changes at once when a count is reached, even in the
    middle of a resolution phase."""
    tile.removed = True
    s.removed += 1
    new = round_for(g, s.removed)
    if new != s.round:
        s.round = new
        ev.append({"event": "round", "round": new, "removed": s.removed})
    if ev is not QUIET and not s.monsters_remain:
        ev.append({"event": "monsters gone"})


def white_allowed(g, s: AlliesState, section: str) -> bool:
    return section in g.pack.rules.white_sections[s.round - 1]


def sorcerer_cost(g, s: AlliesState) -> str:
    return g.pack.rules.sorcerer_cost[s.round - 1]


def dice_of(s: AlliesState, sid: str, space: str) -> list[int]:
    """Indexes into ``s.placed`` of ``sid``'s dice on ``space``."""
    return [i for i, p in enumerate(s.placed) if p.seat == sid and p.space == space]


def on_space(s: AlliesState, space: str) -> list:
    """The dice on ``space``, in the order placed (a loop: a comprehension is a call of its own,
    and most spaces hold no die or one)."""
    out = []
    for p in s.placed:
        if p.space == space:
            out.append(p)
    return out


def dice_by_space(g, s: AlliesState) -> dict[str, list]:
    """``on_space`` of every space at once (a space without dice is not there), kept on the
    engine while the state's dice are the same list and as many: the resolution steps read the
    dice once a turn, not once a space. A die is only ever added to ``placed``, and a new turn
    has a new list (``EndTurn``). Read the lists, do not change them."""
    placed = s.placed
    kept, count, on = g.dice_by_space
    if kept is placed and count == len(placed):
        return on
    on = {}
    for p in placed:
        if p.space in on:
            on[p.space].append(p)
        else:
            on[p.space] = [p]
    g.dice_by_space = (placed, len(placed), on)
    return on
