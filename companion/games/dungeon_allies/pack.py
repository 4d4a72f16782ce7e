"""Dungeon Allies' content pack (config/dungeon-allies.toml): read, validated, and every
mistake named by file and key. The rulebook prints none of the tiles' numbers; the default pack
is a reconstruction that says so in its comments."""

from __future__ import annotations

from pathlib import Path

import msgspec

from companion.packs import Int, PackError, convert, read_toml, resolve_pack_path

GAME = "dungeon-allies"
COLOURS = ("red", "blue", "yellow", "green", "white")
SECTIONS = ("yellow", "blue", "red")
CARD_KINDS = ("points", "crystal", "weak", "monsters")


class Rules(msgspec.Struct, forbid_unknown_fields=True):
    ladder: list[str]
    start_dice: list[str]
    characters_each: Int(1, 4)
    round_ends: list[Int(1, 200)]
    treasure_crystals: Int(0, 20)
    treasure_gold: Int(0, 20)
    sorcerer_row: Int(1, 10)
    sorcerer_cost: list[str]
    white_sections: list[list[str]]
    tie_breaks: list[str]


class Section(msgspec.Struct, forbid_unknown_fields=True):
    colour: str
    squares: Int(1, 60)


class Character(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    skill: str


class Follower(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    die: str


class Monster(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    need: list[Int(1, 200)]  # a roll's total; above every reachable one: never beaten
    gold: list[Int(0, 99)]
    weak: str


class Card(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str
    points: Int(0, 99)
    colour: str = ""
    skill: str = ""


class Prisoner(msgspec.Struct, forbid_unknown_fields=True):
    offering: Int(0, 99)
    reward: list[str]


class Trade(msgspec.Struct, forbid_unknown_fields=True):
    give: str
    count: Int(1, 20)
    take: str


class PackInfo(msgspec.Struct):
    game: str
    name: str = "default"
    version: Int(1, 10_000) = 1


class AlliesPack(msgspec.Struct, forbid_unknown_fields=True):
    pack: PackInfo
    rules: Rules
    crystals: dict[str, Int(0, 200)]
    sections: list[Section]
    skills: dict[str, str]
    characters: list[Character]
    followers: list[Follower]
    monsters: list[Monster]
    sorcerer: list[Card]
    turn_order: list[str]
    trainer_spaces: Int(1, 20)
    prisoners: list[Prisoner]
    trades: list[Trade]

    @property
    def bag(self) -> tuple[str, ...]:
        """Every crystal in the bag, a colour once per crystal of it."""
        return tuple(c for c in COLOURS for _ in range(self.crystals.get(c, 0)))

    def squares(self) -> list[tuple[str, str]]:
        """(square id, section colour) in the board's order: y1.. then b1.. then r1.. (lower case:
        the terminal reads what is typed in lower case)."""
        return [(f"{s.colour[0]}{i}", s.colour) for s in self.sections for i in range(1, s.squares + 1)]

    def die_rank(self, die: str) -> int:
        return self.rules.ladder.index(die)

    def sides(self, die: str) -> int:
        return int(die[1:])


def load_pack(pack: str = "default") -> tuple[AlliesPack, str]:
    """The pack and the digest of its values; ``default`` is config/dungeon-allies.toml."""
    path = resolve_pack_path(GAME, pack)
    data, digest = read_toml(path)
    loaded = convert(data, AlliesPack, path)
    check(loaded, path)
    return loaded, digest


def _check_names(p: AlliesPack, bad) -> None:
    """Actions name a tile, a character, a follower or a card by its name as one word
    (rules.slug): each must give a word, and no two of a kind the same one."""
    from .rules import slug

    for kind in ("monsters", "characters", "followers", "sorcerer"):
        seen: dict[str, int] = {}
        for i, item in enumerate(getattr(p, kind)):
            word = slug(item.name)
            if not word:
                raise bad(f"{kind}[{i}].name", f"{item.name!r} has no letters or digits to name it by")
            if word in seen:
                raise bad(
                    f"{kind}[{i}].name",
                    f"{item.name!r} is named like {kind}[{seen[word]}] "
                    f"({getattr(p, kind)[seen[word]].name!r}) in actions: {word!r}",
                )
            seen[word] = i


def check(p: AlliesPack, path: Path | str) -> None:
    """The cross-checks a schema cannot make; each error names the key."""

    def bad(key: str, why: str) -> PackError:
        return PackError(f"{path}: {key}: {why}")

    ladder = p.rules.ladder
    for i, die in enumerate(ladder):
        if not (die.startswith("d") and die[1:].isdigit() and int(die[1:]) >= 2):
            raise bad(f"rules.ladder[{i}]", f"{die!r} is not a die like 'd6'")
    if [int(d[1:]) for d in ladder] != sorted({int(d[1:]) for d in ladder}):
        raise bad("rules.ladder", "the dice must rise from low to high, each once")
    for key, dice in (("rules.start_dice", p.rules.start_dice),):
        for die in dice:
            if die not in ladder:
                raise bad(key, f"{die!r} is not on the ladder {ladder}")
    if len(p.rules.start_dice) != p.rules.characters_each or len(set(p.rules.start_dice)) != len(
        p.rules.start_dice
    ):
        raise bad(
            "rules.start_dice", f"one different die for each of the {p.rules.characters_each} characters"
        )
    for colour in p.crystals:
        if colour not in COLOURS:
            raise bad(f"crystals.{colour}", f"not a crystal colour ({', '.join(COLOURS)})")
    if any(n < 0 for n in p.crystals.values()):
        raise bad("crystals", "a count is negative")
    for colour in p.rules.sorcerer_cost + p.rules.tie_breaks + p.turn_order:
        if colour not in COLOURS:
            raise bad("rules", f"{colour!r} is not a crystal colour ({', '.join(COLOURS)})")
    if len(p.rules.sorcerer_cost) != 3 or len(p.rules.white_sections) != 3:
        raise bad("rules.sorcerer_cost", "one entry per round, three rounds")
    if sorted(s.colour for s in p.sections) != sorted(SECTIONS):
        raise bad("sections", f"the excursion board has the sections {', '.join(SECTIONS)}")
    squares = sum(s.squares for s in p.sections)
    if squares != len(p.monsters):
        raise bad(
            "sections", f"{squares} squares for {len(p.monsters)} monster tiles: one tile on each square"
        )
    ends = p.rules.round_ends
    if len(ends) != 2 or not 0 < ends[0] < ends[1] < len(p.monsters):
        raise bad("rules.round_ends", f"two counts rising below the {len(p.monsters)} monsters")
    names = [m.name for m in p.monsters]
    if len(set(names)) != len(names):
        raise bad("monsters", "two monsters share a name")
    for i, m in enumerate(p.monsters):
        if len(m.need) != 3 or len(m.gold) != 3:
            raise bad(f"monsters[{i}]", "need and gold have three numbers: yellow, blue, red")
        if m.weak not in p.skills:
            raise bad(f"monsters[{i}].weak", f"{m.weak!r} is not a skill ({', '.join(p.skills)})")
    for i, c in enumerate(p.characters):
        if c.skill not in p.skills:
            raise bad(f"characters[{i}].skill", f"{c.skill!r} is not a skill")
    if len({c.skill for c in p.characters}) < p.rules.characters_each:
        raise bad("characters", "too few different skills to deal each player different ones")
    for i, f in enumerate(p.followers):
        if f.die not in ladder:
            raise bad(f"followers[{i}].die", f"{f.die!r} is not on the ladder")
    for i, c in enumerate(p.sorcerer):
        if c.kind not in CARD_KINDS:
            raise bad(f"sorcerer[{i}].kind", f"{c.kind!r} is not one of {', '.join(CARD_KINDS)}")
        if c.kind == "crystal" and c.colour not in COLOURS:
            raise bad(f"sorcerer[{i}].colour", f"{c.colour!r} is not a crystal colour")
        if c.kind == "weak" and c.skill not in p.skills:
            raise bad(f"sorcerer[{i}].skill", f"{c.skill!r} is not a skill")
    if len({c.name for c in p.sorcerer}) != len(p.sorcerer):
        raise bad("sorcerer", "two cards share a name (each item is unique)")
    if len(p.turn_order) < 5:
        raise bad("turn_order", "five spaces, one per seat of a five-player game")
    for i, pr in enumerate(p.prisoners):
        if pr.offering < 0 or any(c not in COLOURS for c in pr.reward):
            raise bad(f"prisoners[{i}]", "an offering of gold and a reward of crystal colours")
    for i, t in enumerate(p.trades):
        if t.give not in COLOURS or t.take not in COLOURS or t.count < 1 or t.give == t.take:
            raise bad(f"trades[{i}]", "give and take are two crystal colours, count at least 1")
    if p.trainer_spaces < 1:
        raise bad("trainer_spaces", "at least one")
    _check_names(p, bad)
