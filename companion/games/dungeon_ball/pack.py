"""The Dungeon Ball content pack: its schema and the cross-checks msgspec cannot express.

The rulebook fixes the rules (five dice, two rolls, the requirements of each play colour,
points, momentum gains); the box fixes the components (field, play board, dice faces, cards).
Both live in config/dungeon-ball.toml so an owner can transcribe their own box.
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Literal

import msgspec

from companion.packs import Int, PackError, convert, read_toml, resolve_pack_path

Colour = Literal["red", "yellow", "blue"]
COLOURS: tuple[str, ...] = ("red", "yellow", "blue")
LETTER_TO_COLOUR = {"R": "red", "Y": "yellow", "B": "blue"}
PLAY_ICONS = ("ball", "cleat")


class Strict(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    pass


class Rules(Strict):
    clock_start: int
    momentum_start: int
    momentum_supply: int
    base_dice: int
    min_dice: int
    max_dice: int
    rolls_per_play: int
    all_balls_dice: int
    onside_clock_max: int
    extra_point_dice: int
    field_goal_base_dice: int
    field_goal_max_dice: int
    field_goal_min_dice: int
    touchdown_points: int
    field_goal_points: int
    extra_point_points: int
    two_point_points: int
    skill_kick_success: float


class Requirement(Strict):
    icon: Literal["ball", "cleat"]
    count: int


class Die(Strict):
    faces: list[str]


class Field(Strict):
    spaces: str
    final_spaces: int
    start_low: int
    start_high: int
    field_goal_low: int
    field_goal_high: int
    midfield: int


class BoardAbility(Strict):
    cost: int


class BigHit(Strict):
    cost: int
    move_back: int


class Board(Strict):
    rows: list[str]
    start: str
    juke: BoardAbility
    big_hit: BigHit


class DefenseCard(Strict):
    id: str
    colour: Colour
    dice: int


class DefenseRoll(Strict):
    on: list[str]
    effect: Effect


class Effect(Strict, omit_defaults=True):
    """Exactly one of these keys: the small vocabulary ability cards are written in."""

    add: dict[str, int] | None = None  # offense: add icons to the roll
    reroll: int | None = None  # offense: reroll up to N non-time dice
    cancel_time: int | None = None  # offense: N time icons don't count this play
    discard: int | None = None  # defense: discard N offense dice (not time dice)
    remove: dict[str, int] | None = None  # defense: cancel icons from the offense's roll
    move_back: int | None = None  # defense: move the ball back N spaces now
    defense_roll: DefenseRoll | None = None  # defense: roll the black die, effect on a match
    add_time: int | None = None  # whistle, offense: put N time back on the clock
    drain_time: int | None = None  # whistle, defense: take N time off the clock
    extra_dice: int | None = None  # whistle, offense: roll N more dice this down
    fewer_dice: int | None = None  # whistle, defense: the offense rolls N fewer
    free_pawn: bool | None = None  # whistle, offense: pawn may move to any square

    def kind(self) -> str:
        keys = [k for k in self.__struct_fields__ if getattr(self, k) is not None]
        return keys[0]

    def set_keys(self) -> list[str]:
        return [k for k in self.__struct_fields__ if getattr(self, k) is not None]


OFFENSE_EFFECTS = {"add", "reroll", "cancel_time", "add_time", "extra_dice", "free_pawn"}
DEFENSE_EFFECTS = {"discard", "remove", "move_back", "defense_roll", "drain_time", "fewer_dice"}
WHISTLE_EFFECTS = {"add_time", "drain_time", "extra_dice", "fewer_dice", "free_pawn"}
# Effects that act on the offense's dice: in solo play, where the AI rolls none, they do nothing.
ACTS_ON_OFFENSE_DICE = {"discard", "remove", "fewer_dice"}


class AbilityCard(Strict):
    id: str
    name: str
    side: Literal["offense", "defense"]
    cost: int
    effect: Effect
    text: str
    limit: Literal["none", "star", "half"] = "none"
    whistle: bool = False


class Team(Strict):
    id: str
    name: str
    cards: list[AbilityCard]


Direction = Literal["up", "down", "left", "right"]


class AiMoveBack(Strict):
    spaces: int
    colour: Colour


class AiIcon(Strict, omit_defaults=True):
    """A team card's icon (rulebook "AI TEAM ICONS"): exactly one key."""

    double_defense: Colour | None = None  # counts as this second defense card too
    lose: int | None = None  # lose N dice whatever play was chosen
    turnover: bool | None = None  # the AI takes over at the ball, no roll
    move_back: AiMoveBack | None = None  # move the ball back N spaces of a colour first

    def set_keys(self) -> list[str]:
        return [k for k in self.__struct_fields__ if getattr(self, k) is not None]


class AiDefense(Strict):
    colour: Colour
    dice: int


class AiCard(Strict):
    """One of the 42 solo cards: what its four corners show."""

    id: str
    set: Literal["base", "mimic", "spider", "skull"]
    moves: list[Direction]  # top left, tried in order
    kick: Literal["good", "no_good"]  # top right: check or cross
    ball: int  # bottom left: spaces for a blue or yellow play
    cleat: int  # bottom left: spaces for a red play
    time: int  # stopwatch
    defense: AiDefense  # bottom right
    icon: AiIcon | None = None


class Solo(Strict):
    cards: list[AiCard]
    base_out_per_team: int = 6  # [rulebook] six base cards out per team added


class PackInfo(Strict):
    game: str
    name: str
    version: Int(1, 10_000)


class DungeonBallPack(Strict, dict=True):
    pack: PackInfo
    rules: Rules
    requirements: dict[str, Requirement]
    dice: dict[str, Die]
    field: Field
    board: Board
    defense_cards: list[DefenseCard]
    teams: list[Team]
    solo: Solo | None = None

    # ---- derived lookups (computed once per pack) ----
    @cached_property
    def colours(self) -> tuple[str, ...]:
        return tuple(LETTER_TO_COLOUR[c] for c in self.field.spaces)

    @cached_property
    def face_icons(self) -> dict[str, tuple[str, ...]]:
        """Face name -> icons on it; ``ball+lightning`` shows a ball and a lightning bolt."""
        names = {f for die in self.dice.values() for f in die.faces}
        return {name: tuple(name.split("+")) if name != "blank" else () for name in names}

    @cached_property
    def cards(self) -> dict[str, AbilityCard]:
        return {card.id: card for team in self.teams for card in team.cards}

    @cached_property
    def teams_by_id(self) -> dict[str, Team]:
        return {team.id: team for team in self.teams}

    @cached_property
    def defense_by_id(self) -> dict[str, DefenseCard]:
        return {card.id: card for card in self.defense_cards}

    @cached_property
    def ai_cards(self) -> dict[str, AiCard]:
        return {card.id: card for card in (self.solo.cards if self.solo else [])}


def load_pack(pack: str = "default", game: str = "dungeon-ball") -> tuple[DungeonBallPack, str]:
    """Load and validate a pack; return it with the digest of its file."""
    path = resolve_pack_path(game, pack)
    data, digest = read_toml(path)
    loaded = convert(data, DungeonBallPack, path)
    if loaded.pack.game != game:
        _fail(path, "pack.game", f"this pack is for {loaded.pack.game!r}, not {game!r}")
    validate(loaded, path)
    return loaded, digest


def _fail(path: Path | str, key: str, message: str) -> None:
    raise PackError(f"{path}: {key}: {message}")


# Upper bounds keep a typo from hanging the companion: dice are enumerated, shown and rolled
# one by one, and the clock and the score are two digits on the panel.
MAX_DICE = 12
MAX_CLOCK = 99
MAX_POINTS = 99
MAX_COST = 20
MAX_EFFECT = 30
RULE_RANGES: dict[str, tuple[int | float, int | float]] = {
    "clock_start": (1, MAX_CLOCK),
    "momentum_start": (0, 99),
    "momentum_supply": (0, 999),
    "base_dice": (1, MAX_DICE),
    "min_dice": (1, MAX_DICE),
    "max_dice": (1, MAX_DICE),
    "rolls_per_play": (1, 10),
    "all_balls_dice": (1, MAX_DICE),
    "onside_clock_max": (0, MAX_CLOCK),
    "extra_point_dice": (1, MAX_DICE),
    "field_goal_base_dice": (0, 99),
    "field_goal_max_dice": (1, MAX_DICE),
    "field_goal_min_dice": (1, MAX_DICE),
    "touchdown_points": (0, MAX_POINTS),
    "field_goal_points": (0, MAX_POINTS),
    "extra_point_points": (0, MAX_POINTS),
    "two_point_points": (0, MAX_POINTS),
    "skill_kick_success": (0.0, 1.0),
}
# Ids are words in action lines ("p1 card gob-handoff") and keys on the serial link.
ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


def _in_range(path: Path | str, key: str, value: int | float, lo: int | float, hi: int | float) -> None:
    if not lo <= value <= hi:  # also refuses nan
        _fail(path, key, f"{value!r} is outside {lo}..{hi}")


def _check_ids(p: DungeonBallPack, path: Path | str) -> None:
    """Every id is one lower-case word; team ids are unique (card ids are checked below)."""
    named = [(f"defense_cards[{i}].id", c.id) for i, c in enumerate(p.defense_cards)]
    for t, team in enumerate(p.teams):
        named.append((f"teams[{t}].id", team.id))
        named += [(f"teams[{t}].cards[{c}].id", card.id) for c, card in enumerate(team.cards)]
    if p.solo is not None:
        named += [(f"solo.cards[{i}].id", card.id) for i, card in enumerate(p.solo.cards)]
    for key, value in named:
        if not ID.fullmatch(value):
            _fail(
                path,
                key,
                f"{value!r} is not an id: one word of a-z, 0-9, '-' or '_', at most 32 "
                "characters, starting with a letter or digit",
            )
    seen: dict[str, int] = {}
    for t, team in enumerate(p.teams):
        if team.id in seen:
            _fail(path, f"teams[{t}].id", f"duplicate team id {team.id!r} (also teams[{seen[team.id]}])")
        seen[team.id] = t


def validate(p: DungeonBallPack, path: Path | str = "<pack>") -> None:
    """Cross-checks between keys: every reference resolves, every number is in range."""
    r = p.rules
    for key, (lo, hi) in RULE_RANGES.items():
        _in_range(path, f"rules.{key}", getattr(r, key), lo, hi)
    _check_ids(p, path)
    b = p.board
    _in_range(path, "board.juke.cost", b.juke.cost, 0, MAX_COST)
    _in_range(path, "board.big_hit.cost", b.big_hit.cost, 0, MAX_COST)
    _in_range(path, "board.big_hit.move_back", b.big_hit.move_back, 1, len(p.field.spaces))
    if p.solo is not None:
        base = sum(card.set == "base" for card in p.solo.cards)
        _in_range(path, "solo.base_out_per_team", p.solo.base_out_per_team, 0, base // len(SOLO_TEAMS))
    if r.field_goal_min_dice > r.field_goal_max_dice:
        _fail(path, "rules.field_goal_min_dice", "must not exceed rules.field_goal_max_dice")
    if not r.min_dice <= r.base_dice <= r.max_dice:
        _fail(path, "rules.base_dice", "must lie between rules.min_dice and rules.max_dice")
    if r.momentum_supply and r.momentum_supply < 2 * r.momentum_start:
        _fail(
            path, "rules.momentum_supply", "must hold both players' starting momentum (or be 0 for unlimited)"
        )
    for colour in COLOURS:
        if colour not in p.requirements:
            _fail(path, f"requirements.{colour}", "missing: every play colour needs a requirement")
    for colour, req in p.requirements.items():
        if colour not in COLOURS:
            _fail(path, f"requirements.{colour}", f"unknown colour; use one of {', '.join(COLOURS)}")
        _in_range(path, f"requirements.{colour}.count", req.count, 1, MAX_DICE)
    for die_name in ("white", "black"):
        if die_name not in p.dice:
            _fail(
                path, f"dice.{die_name}", "missing: the offense (white) and defense (black) dice are required"
            )
    for die_name, die in p.dice.items():
        if not die.faces:
            _fail(path, f"dice.{die_name}.faces", "a die needs at least one face")
        for i, face in enumerate(die.faces):
            if not face or any(not part.isidentifier() for part in face.split("+")):
                _fail(
                    path, f"dice.{die_name}.faces[{i}]", f"{face!r} is not a face name (icons joined by '+')"
                )
    white_icons = {icon for f in p.dice["white"].faces for icon in p.face_icons[f]}
    for icon in ("ball", "cleat", "time"):
        if icon not in white_icons:
            _fail(path, "dice.white.faces", f"no face shows a {icon} icon; the rules need one")
    f = p.field
    spaces = f.spaces
    bad = [c for c in spaces if c not in LETTER_TO_COLOUR]
    if bad:
        _fail(path, "field.spaces", f"unknown space letter {bad[0]!r}; use R, Y or B")
    n = len(spaces)
    if n < 2 * f.final_spaces + 3:
        _fail(path, "field.spaces", "field too short for its final spaces")
    for key in ("start_low", "start_high", "field_goal_low", "field_goal_high", "midfield"):
        idx = getattr(f, key)
        if not f.final_spaces <= idx < n - f.final_spaces:
            _fail(path, f"field.{key}", f"space {idx} is not on the playing field (0-based, finals excluded)")
    for key in ("start_low", "start_high", "field_goal_low", "field_goal_high"):
        if spaces[getattr(f, key)] != "R":
            _fail(path, f"field.{key}", "the rulebook puts starting and field-goal circles on red spaces")
    if spaces[f.midfield] != "B":
        _fail(path, "field.midfield", "the rulebook's midfield space by the orange doorway is blue")
    for colour in COLOURS:
        letter = colour[0].upper()
        for side, rng in (("low", range(f.final_spaces)), ("high", range(n - f.final_spaces, n))):
            if not any(spaces[i] == letter for i in rng):
                _fail(path, "field.spaces", f"the {side} end has no final {colour} space")
    b = p.board
    width = len(b.rows[0]) if b.rows else 0
    if not b.rows or any(len(row) != width for row in b.rows):
        _fail(path, "board.rows", "rows must be non-empty and of equal length")
    for i, row in enumerate(b.rows):
        for c in row:
            if c not in LETTER_TO_COLOUR:
                _fail(path, f"board.rows[{i}]", f"unknown play letter {c!r}; use R, Y or B")
    if b.start not in board_cells(b.rows):
        _fail(path, "board.start", f"{b.start!r} is not a cell of the board")
    ids = set()
    for i, card in enumerate(p.defense_cards):
        if card.id in ids:
            _fail(path, f"defense_cards[{i}].id", f"duplicate id {card.id!r}")
        ids.add(card.id)
        _in_range(path, f"defense_cards[{i}].dice", card.dice, 0, MAX_DICE)
    if p.solo is not None:
        _validate_solo(p, path)
    seen_cards: set[str] = set()
    for t, team in enumerate(p.teams):
        for c, card in enumerate(team.cards):
            key = f"teams[{t}].cards[{c}]"
            if card.id in seen_cards:
                _fail(path, f"{key}.id", f"duplicate card id {card.id!r}")
            seen_cards.add(card.id)
            _in_range(path, f"{key}.cost", card.cost, 0, MAX_COST)
            _validate_effect(path, f"{key}.effect", card.effect, card, p)


SOLO_SETS = {"base": 24, "mimic": 6, "spider": 6, "skull": 6}
SOLO_TEAMS = ("mimic", "spider", "skull")


def _validate_solo(p: DungeonBallPack, path) -> None:
    """[Solo mode] 42 cards: 24 base, six per AI team; every card can always move the pawn."""
    cells = board_cells(p.board.rows)
    counts = dict.fromkeys(SOLO_SETS, 0)
    ids: set[str] = set()
    for i, card in enumerate(p.solo.cards):
        key = f"solo.cards[{i}]"
        if card.id in ids:
            _fail(path, f"{key}.id", f"duplicate id {card.id!r}")
        ids.add(card.id)
        counts[card.set] += 1
        for field in ("ball", "cleat", "time"):
            _in_range(path, f"{key}.{field}", getattr(card, field), 0, len(p.field.spaces))
        if card.icon is not None and card.icon.lose is not None:
            _in_range(path, f"{key}.icon.lose", card.icon.lose, 1, MAX_DICE)
        if card.icon is not None and card.icon.move_back is not None:
            _in_range(
                path, f"{key}.icon.move_back.spaces", card.icon.move_back.spaces, 1, len(p.field.spaces)
            )
        _in_range(path, f"{key}.defense.dice", card.defense.dice, 0, MAX_DICE)
        for cell, (r, c) in cells.items():
            steps = {"up": (r - 1, c), "down": (r + 1, c), "left": (r, c - 1), "right": (r, c + 1)}
            if not any(steps[m] in cells.values() for m in card.moves):
                _fail(path, f"{key}.moves", f"no move of {card.moves} is possible from cell {cell}")
        if card.set == "base" and card.icon is not None:
            _fail(path, f"{key}.icon", "only team cards carry an icon")
        if card.set != "base":
            if card.icon is None or len(card.icon.set_keys()) != 1:
                _fail(path, f"{key}.icon", "a team card carries exactly one icon")
    for name, want in SOLO_SETS.items():
        if counts[name] != want:
            _fail(path, "solo.cards", f"the {name} set has {counts[name]} cards; the box has {want}")


def _validate_effect(path, key: str, effect: Effect, card: AbilityCard, p: DungeonBallPack) -> None:
    keys = effect.set_keys()
    if len(keys) != 1:
        _fail(path, key, f"an effect has exactly one key; found {len(keys)}: {', '.join(keys) or 'none'}")
    kind = keys[0]
    allowed = OFFENSE_EFFECTS if card.side == "offense" else DEFENSE_EFFECTS
    if kind not in allowed:
        _fail(path, f"{key}.{kind}", f"a {card.side} card cannot have this effect")
    if (kind in WHISTLE_EFFECTS) != card.whistle and key.count(".effect") == 1:
        want = "must" if kind in WHISTLE_EFFECTS else "must not"
        _fail(path, f"{key}.{kind}", f"a card with this effect {want} be a whistle card")
    value = getattr(effect, kind)
    if isinstance(value, dict):
        for icon, count in value.items():
            if icon not in PLAY_ICONS:
                _fail(path, f"{key}.{kind}.{icon}", f"unknown icon; use one of {', '.join(PLAY_ICONS)}")
            _in_range(path, f"{key}.{kind}.{icon}", count, 1, MAX_DICE)
    elif isinstance(value, int) and not isinstance(value, bool):
        _in_range(path, f"{key}.{kind}", value, 1, MAX_EFFECT)
    if kind == "defense_roll":
        black = {icon for face in p.dice["black"].faces for icon in p.face_icons[face]}
        for icon in value.on:
            if icon not in black:
                _fail(path, f"{key}.defense_roll.on", f"no face of the black die shows {icon!r}")
        if value.effect.defense_roll is not None:
            _fail(path, f"{key}.defense_roll.effect", "a defense roll cannot trigger another defense roll")
        _validate_effect(path, f"{key}.defense_roll.effect", value.effect, card, p)


def board_cells(rows: list[str]) -> dict[str, tuple[int, int]]:
    """Cells are named by row letter and column number: a1 is top left, b2 the centre of 3x3."""
    return {f"{chr(ord('a') + r)}{c + 1}": (r, c) for r, row in enumerate(rows) for c in range(len(row))}
