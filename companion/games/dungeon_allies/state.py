"""Dungeon Allies' state: plain data that round-trips through JSON (msgspec Structs)."""

from __future__ import annotations

from operator import attrgetter

import msgspec

from companion.engine.steps import Frame

COLOURS = ("red", "blue", "yellow", "green", "white")
REMOVED = attrgetter("removed")  # a tile's ``removed``, read in C over every tile


class _SeatIndexes(dict):
    """A seat id -> its index in ``seats``: "p1" -> 0 ... "p5" -> 4, looked up, not parsed (a
    seat is asked for twice an action); any other id is parsed as before ("p01" -> 0)."""

    def __missing__(self, sid: str) -> int:
        return int(sid[1:]) - 1


SEAT_INDEX = _SeatIndexes((f"p{n}", n - 1) for n in range(1, 6))


def no_crystals() -> dict[str, int]:
    return {c: 0 for c in COLOURS}


class Ally(msgspec.Struct):
    """A character tile or a follower: its die token and, for a character, its skill."""

    name: str
    die: str = ""
    skill: str = ""  # "" for a follower
    follower: bool = False


class Seat(msgspec.Struct):
    id: str
    allies: list[Ally] = []
    gold: int = 0
    crystals: dict[str, int] = msgspec.field(default_factory=no_crystals)
    monsters: list[str] = []  # defeated monster tiles kept for the end
    cards: list[str] = []  # sorcerer cards
    rolls: list[int] = []  # percentile rolls for the first turn order
    victory: bool = False  # won a combat in this turn's excursions


class Tile(msgspec.Struct):
    """One excursion square and the monster tile on it (face down until revealed)."""

    square: str
    section: str
    monster: str = ""  # secret until revealed: only the seats in ``known`` see it
    known: list[str] = []  # seats that looked under it with a red crystal
    revealed: bool = False
    removed: bool = False


class Placed(msgspec.Struct):
    """A die on an action space: whose, which ally's, where, and a tavern bid or offering."""

    seat: str
    ally: int
    die: str
    space: str
    gold: int = 0


class Combat(msgspec.Struct):
    """The excursion being resolved: its dice, spells and roll."""

    square: str
    seat: str
    dice: list[str] = []  # one per die: the die kind
    owners: list[int] = []  # the ally of each die; -1 for green's extra die
    blessed: list[int] = []  # indexes doubled by yellow
    values: list[int] = []
    hammer: bool = False
    spells: dict[str, int] = {}


class AlliesState(msgspec.Struct):
    seats: list[Seat]
    board: str  # "digital" or "real"
    order: list[str] = []  # turn order, first to last
    computers: list[str] = []  # the seats the computer plays (they move no pieces on a real board)
    tiles: list[Tile] = []
    monster_pool: list[str] = []  # monster tiles not yet drawn (face down, unknown to all)
    character_pool: list[str] = []
    follower_pool: list[str] = []
    follower_top: str = ""  # the face-up follower on the tavern's stack
    deck: list[str] = []  # sorcerer cards not yet dealt
    row: list[str] = []  # the sorcerer row ("" for an empty space)
    bag: dict[str, int] = msgspec.field(default_factory=no_crystals)
    treasure: list[list[str]] = []  # the crystal treasure spaces, each a pile
    gold_pile: int = 0  # the gold treasure space
    placed: list[Placed] = []
    round: int = 1
    removed: int = 0
    turn: int = 1
    cursor: int = 0  # whose move within a step
    combat: Combat | None = None
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("deal")])
    over: bool = False
    winner: str = ""
    draw: bool = False
    tie_break: str = ""  # how the winner was decided, for the end screen
    stats: dict[str, int] = {}

    def seat(self, sid: str) -> Seat:
        return self.seats[SEAT_INDEX[sid]]

    def tile(self, square: str) -> Tile | None:
        for t in self.tiles:
            if t.square == square:
                return t
        return None

    @property
    def step(self) -> str:
        return self.frames[-1].step

    @property
    def monsters_left(self) -> int:
        """The tiles not removed, counted in C (a generator resumes once a tile)."""
        return len(self.tiles) - sum(map(REMOVED, self.tiles))

    @property
    def monsters_remain(self) -> bool:
        """Some tile is not removed: ``monsters_left > 0``, stopping at the first, in C."""
        return False in map(REMOVED, self.tiles)
