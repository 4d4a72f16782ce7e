"""The Dungeonbowl content pack (config/dungeonbowl.toml): the dungeon's counters, the
inducement limits and the Blood Bowl edition's armour, injury and casualty tables.

The engine reads every number from here; a pack for another edition changes the tables, not
the code. Errors name the file and the key."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

from companion.packs import Int, PackError, convert, read_toml, resolve_pack_path


class Strict(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    pass


class PackInfo(Strict):
    game: str
    name: str
    version: Int(1, 10_000)
    edition: str


class Dungeon(Strict):
    chests: Int(2, 20)
    ball_chests: Int(1, 19)
    pads: Int(6, 6)
    traps_per_coach: Int(0, 10)
    starters: Int(1, 16)
    roster_size: Int(1, 16)
    roster_max: Int(1, 16)


class Teleport(Strict):
    lost_in_space_turnover: Literal["ball", "always"]


class Inducements(Strict):
    pit_pair_price: Int(0, 1000)
    pit_pair_size: Int(1, 10)
    max_extra_pits: Int(0, 20)
    max_apothecaries: Int(0, 5)
    max_igors: Int(0, 5)


class Armour(Strict):
    dice: Int(2, 2)  # the tables below are for 2d6
    av_min: Int(2, 12)
    av_max: Int(2, 12)
    av_default: Int(2, 12)


class Band(Strict):
    low: Int(2, 68)  # 2d6 for injury, D68 (11-68) for casualty
    high: Int(2, 68)
    result: str


class Regeneration(Strict):
    success_from: Int(2, 6)


class Pit(Strict):
    fake: list[Int(1, 6)]
    pit: list[Int(1, 6)]
    spiked: list[Int(1, 6)]


class Scatter(Strict):
    directions: list[str]


class Placement(Strict):
    chest: str
    pad: str
    trap: str
    starters: str


class BowlPack(Strict):
    pack: PackInfo
    dungeon: Dungeon
    teleport: Teleport
    inducements: Inducements
    armour: Armour
    injury: list[Band]
    casualty: list[Band]
    regeneration: Regeneration
    pit: Pit
    scatter: Scatter
    placement: Placement

    def band(self, table: str, total: int) -> str:
        """The result of ``total`` on the injury or casualty table."""
        for row in getattr(self, table):
            if row.low <= total <= row.high:
                return row.result
        raise ValueError(f"{total} is on no row of the {table} table")

    def pit_face(self, roll: int) -> str:
        for face in ("fake", "pit", "spiked"):
            if roll in getattr(self.pit, face):
                return face
        raise ValueError(f"{roll} is on no face of the pit table")


INJURY_RESULTS = ("stunned", "ko", "casualty")


def load_pack(pack: str = "default") -> tuple[BowlPack, str]:
    """The pack and the digest of its values; ``default`` is config/dungeonbowl.toml."""
    path = resolve_pack_path("dungeonbowl", pack)
    data, digest = read_toml(path)
    loaded = convert(data, BowlPack, path)
    check(loaded, path)
    return loaded, digest


def check(p: BowlPack, path: Path | str) -> None:
    """The cross-checks a schema cannot make: tables that cover every roll, sane counts."""

    def bad(key: str, why: str) -> PackError:
        return PackError(f"{path}: {key}: {why}")

    d = p.dungeon
    if d.pads != 6:
        raise bad("dungeon.pads", f"the pads are numbered by a d6: there must be 6, not {d.pads}")
    if not 1 <= d.ball_chests < d.chests:
        raise bad("dungeon.ball_chests", f"must be from 1 to {d.chests - 1} (chests: {d.chests})")
    if not 1 <= d.starters <= d.roster_size <= d.roster_max:
        raise bad("dungeon.roster_size", "must hold the starters and fit in roster_max")
    if d.traps_per_coach < 0:
        raise bad("dungeon.traps_per_coach", "must not be negative")
    i = p.inducements
    if i.pit_pair_size < 1 or i.max_extra_pits % i.pit_pair_size:
        raise bad("inducements.max_extra_pits", f"must be a whole number of pairs of {i.pit_pair_size}")
    a = p.armour
    if not a.av_min <= a.av_default <= a.av_max:
        raise bad("armour.av_default", f"must be from av_min {a.av_min} to av_max {a.av_max}")
    for total in range(2, 13):
        try:
            result = p.band("injury", total)
        except ValueError:
            raise bad("injury", f"no row for a roll of {total}") from None
        if result not in INJURY_RESULTS:
            raise bad("injury", f"{result!r} is not one of {', '.join(INJURY_RESULTS)}")
    for tens in range(1, 7):
        for units in range(1, 9):
            try:
                p.band("casualty", tens * 10 + units)
            except ValueError:
                raise bad("casualty", f"no row for a D68 roll of {tens}{units}") from None
    faces = sorted(p.pit.fake + p.pit.pit + p.pit.spiked)
    if faces != [1, 2, 3, 4, 5, 6]:
        raise bad("pit", f"fake, pit and spiked must share the faces 1-6 once each, not {faces}")
    if len(p.scatter.directions) != 8:
        raise bad("scatter.directions", "the scatter d8 needs eight directions")
    if not 2 <= p.regeneration.success_from <= 6:
        raise bad("regeneration.success_from", "must be from 2 to 6")
