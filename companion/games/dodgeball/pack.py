"""The Dodgeball content pack (config/dodgeball.toml): its schema and the cross-checks msgspec
cannot express. Every error names the file and the key."""

from __future__ import annotations

from pathlib import Path

import msgspec

from companion.packs import (
    Int,
    PackError,
    convert,
    id_problem,
    read_toml,
    resolve_pack_path,
)

GAME = "dodgeball"
ATTRS = ("THR", "COU", "BLO", "DOD", "CTH", "SPD", "CON")
ALL_BUT_CON = ATTRS[:-1]
ABILITY_TYPES = ("shooting", "defense", "support", "speed", "performance")
WHENS = (
    "always",
    "target_in_defense",
    "target_in_offense",
    "holding_two",
    "empty_hands",
    "in_offense",
    "in_defense",
    "last_three",
    "counter",
    "vs_catch",
    "rush",
    "retreat",
)
WHOS = ("self", "offense_mates", "defense_mates")
CARD_KINDS = ("boost", "con", "supershot", "deceive")


class Rules(msgspec.Struct, forbid_unknown_fields=True):
    hand_size: Int(1, 10)
    rush_forward: Int(1, 6)
    strays: Int(1, 12)
    offense_max: Int(1, 6)
    balls_max: Int(1, 6)
    must_throw_at: Int(1, 12)
    defense_penalty: Int(0, 12)
    retreat_at: Int(1, 30)
    supershot: Int(1, 12)
    group_max: Int(1, 6)
    group_bonus: Int(1, 12)
    star_limit: Int(1, 100)
    draft_pool: Int(1, 60)


class Intensity(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    kind: str
    count: Int(1, 20)
    value: Int(0, 12) = 0


class Ability(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    name: str
    text: str
    attrs: list[str]
    when: str = "always"
    add: Int(-12, 12) = 0
    who: str = "self"
    base: str = ""


class Player(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    team: str
    stars: Int(0, 10)
    attrs: dict[str, Int(0, 12)]
    ability: Ability
    captain: bool = False


class Team(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    players: list[str]
    mascot: str
    coach: str


class Mascot(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    team: str
    attrs: list[str]
    add: Int(-12, 12)


class CoachCard(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    text: str
    attrs: list[str]
    add: Int(-12, 12)
    when: str = "always"


class PackInfo(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    version: Int(1, 10_000)


class DodgeballPack(msgspec.Struct, forbid_unknown_fields=True, dict=True):
    pack: PackInfo
    rules: Rules
    intensity: list[Intensity]
    players: list[Player]
    teams: list[Team]
    mascots: list[Mascot]
    coaches: list[CoachCard]

    def __post_init__(self) -> None:
        self.by_player = {p.id: p for p in self.players}
        self.by_team = {t.id: t for t in self.teams}
        self.by_card = {c.id: c for c in self.intensity}
        self.by_mascot = {m.id: m for m in self.mascots}
        self.by_coach = {c.id: c for c in self.coaches}
        self.deck = tuple(c.id for c in self.intensity for _ in range(c.count))


def load_pack(pack: str = "default") -> tuple[DodgeballPack, str]:
    """The pack and the digest of its values; ``default`` is config/dodgeball.toml."""
    path = resolve_pack_path(GAME, pack)
    data, digest = read_toml(path)
    loaded = convert(data, DodgeballPack, path)
    validate(loaded, path)
    return loaded, digest


def validate(p: DodgeballPack, path: Path | str = "<pack>") -> None:
    def fail(key: str, why: str):
        raise PackError(f"{path}: {key}: {why}")

    if p.pack.game != GAME:
        fail("pack.game", f"this pack is for {p.pack.game!r}, not {GAME!r}")
    _check_ids(fail, p)
    for key in Rules.__struct_fields__:
        if getattr(p.rules, key) < (0 if key == "defense_penalty" else 1):
            fail(f"rules.{key}", f"must be at least 1, not {getattr(p.rules, key)}")
    if p.rules.rush_forward > p.rules.offense_max:
        fail("rules.rush_forward", "more players forward than the offensive zone allows")
    for i, card in enumerate(p.intensity):
        if card.kind not in CARD_KINDS:
            fail(f"intensity[{i}].kind", f"{card.kind!r} is not one of {', '.join(CARD_KINDS)}")
        if card.count < 1:
            fail(f"intensity[{i}].count", "must be at least 1")
    if len(p.by_card) != len(p.intensity):
        fail("intensity", "a card id is listed twice")
    if len(p.deck) < 2 * p.rules.hand_size:
        fail("intensity", f"a deck of {len(p.deck)} cannot refill a hand of {p.rules.hand_size}")
    for i, pl in enumerate(p.players):
        where = f"players[{i}]"
        if sorted(pl.attrs) != sorted(ATTRS):
            fail(f"{where}.attrs", f"must give exactly {', '.join(ATTRS)}")
        if any(not 0 <= v <= 12 for v in pl.attrs.values()):
            fail(f"{where}.attrs", "attributes run from 0 to 12")
        _check_effect(fail, f"{where}.ability", pl.ability.attrs, pl.ability.when)
        if pl.ability.type not in ABILITY_TYPES:
            fail(f"{where}.ability.type", f"{pl.ability.type!r} is not one of {', '.join(ABILITY_TYPES)}")
        if pl.ability.who not in WHOS:
            fail(f"{where}.ability.who", f"{pl.ability.who!r} is not one of {', '.join(WHOS)}")
        if pl.ability.base and pl.ability.base not in ATTRS:
            fail(f"{where}.ability.base", f"{pl.ability.base!r} is not an attribute")
    if len(p.by_player) != len(p.players):
        fail("players", "a player id is listed twice")
    for i, team in enumerate(p.teams):
        where = f"teams[{i}]"
        if len(team.players) != 6 or len(set(team.players)) != 6:
            fail(f"{where}.players", "a team has six different players")
        unknown = [pid for pid in team.players if pid not in p.by_player]
        if unknown:
            fail(f"{where}.players", f"no player {unknown[0]!r} in the pack")
        if sum(p.by_player[pid].captain for pid in team.players) > 1:
            fail(f"{where}.players", "a team may have only one captain")
        stars = sum(p.by_player[pid].stars for pid in team.players)
        if stars > p.rules.star_limit:
            fail(f"{where}.players", f"{stars} stars is over the limit of {p.rules.star_limit}")
        if team.mascot not in p.by_mascot:
            fail(f"{where}.mascot", f"no mascot {team.mascot!r} in the pack")
        if team.coach not in p.by_coach:
            fail(f"{where}.coach", f"no coach card {team.coach!r} in the pack")
    if len(p.teams) < 2:
        fail("teams", "a game needs at least two teams")
    for i, m in enumerate(p.mascots):
        _check_effect(fail, f"mascots[{i}]", m.attrs, "always")
    for i, c in enumerate(p.coaches):
        _check_effect(fail, f"coaches[{i}]", c.attrs, c.when)


def _check_ids(fail, p: DodgeballPack) -> None:
    """Ids are one word each (action lines name them) and name one thing of their kind."""
    for kind in ("intensity", "players", "teams", "mascots", "coaches"):
        seen: dict[str, int] = {}
        for i, item in enumerate(getattr(p, kind)):
            why = id_problem(item.id)
            if why:
                fail(f"{kind}[{i}].id", why)
            if item.id in seen:
                fail(f"{kind}[{i}].id", f"duplicate id {item.id!r} (also {kind}[{seen[item.id]}])")
            seen[item.id] = i
    for i, pl in enumerate(p.players):
        if pl.team not in p.by_team:
            fail(f"players[{i}].team", f"no team {pl.team!r} in the pack")
    for i, m in enumerate(p.mascots):
        if m.team not in p.by_team:
            fail(f"mascots[{i}].team", f"no team {m.team!r} in the pack")


def _check_effect(fail, where: str, attrs: list[str], when: str) -> None:
    bad = [a for a in attrs if a not in ATTRS and a != "ALL"]
    if bad or not attrs:
        fail(f"{where}.attrs", f"{bad[0] if bad else 'nothing'!r} is not an attribute or ALL")
    if when not in WHENS:
        fail(f"{where}.when", f"{when!r} is not one of {', '.join(WHENS)}")
