"""The registry of games: what the rest of the program needs to know about each game.

Each game is a package ``companion/games/<id>/`` whose ``__init__.py`` is cheap to import
(facts only: no engine, no pack, no Pillow) and defines ``GAME = GameType(...)``. The registry
finds them by walking ``companion.games``; no shared module names a game. The new-game menu,
the command line's choices, the config check and ``companion games`` are built from it.

    >>> from companion.engine.registry import get_game
    >>> game = get_game("dungeon-ball")
    >>> game.players, game.seats(2)
    ((1, 2), ('p1', 'p2'))
    >>> engine = game.load_engine()          # imports the engine and loads its content pack

A game that lives outside ``companion/games`` (a test's toy game) is registered by naming its
module in the ``COMPANION_GAMES`` environment variable (comma-separated), which child processes
inherit, or in-process with ``register(GAME)``.
"""

from __future__ import annotations

import os
import pkgutil
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

ENV_VAR = "COMPANION_GAMES"


class UnknownGame(LookupError):
    """A game id the registry does not know; the message lists the known ones."""


def load_object(target: str) -> Any:
    """``"package.module:Name"`` -> the object (imported on first use, so a Pi starts fast)."""
    module, _, name = target.partition(":")
    obj = import_module(module)
    return getattr(obj, name) if name else obj


@dataclass(frozen=True)
class Option:
    """A game option with its default: what the new-game menu offers and ``--option`` sets.

    ``choices`` lists the allowed values (the menu cycles through them); ``accepts`` (a
    ``range``), when given, is what a game file and ``--option`` may set beyond the menu's
    few choices; ``menu=False`` keeps an option for files and the command line only; ``hint``
    is what the device shows under the menu (about 40 characters), ``help`` the command line's
    longer text."""

    key: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    menu: bool = True
    hint: str = ""  # the panel's two short lines under the menu (else ``help``)
    accepts: range | None = None

    def check(self, value: Any) -> Any:
        """The value, converted from text if it came from a command line, or ValueError."""
        if isinstance(value, str) and not isinstance(self.default, str) and self.default is not None:
            value = _from_text(value, type(self.default), self.key)
        if self.accepts is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value not in self.accepts:
                raise ValueError(
                    f"option {self.key}: {value!r} is not a whole number from "
                    f"{self.accepts.start} to {self.accepts.stop - 1}"
                )
        elif self.choices is not None and value not in self.choices:
            raise ValueError(
                f"option {self.key}: {value!r} is not one of {', '.join(map(str, self.choices))}"
            )
        if (
            self.default is not None
            and not isinstance(value, type(self.default))
            and not (isinstance(self.default, float) and isinstance(value, int))
        ):
            raise ValueError(
                f"option {self.key}: expected {type(self.default).__name__}, "
                f"got {type(value).__name__} {value!r}"
            )
        return value


def _from_text(text: str, kind: type, key: str) -> Any:
    if kind is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"option {key}: {text!r} is not true or false")
    try:
        return kind(text)
    except (TypeError, ValueError):
        what = {int: "a whole number", float: "a number"}.get(kind, f"a {kind.__name__}")
        raise ValueError(f"option {key}: {text!r} is not {what}") from None


@dataclass(frozen=True)
class DieKind:
    """A kind of die a game's chance prompts name (``ChanceSpec.die``), and how the camera
    reads it: ``"pips"`` (a standard pip die, no calibration), ``"icons"`` (the pack's icon
    faces, read against a calibrated gallery), ``"toss"`` (the field-goal lid judge) or
    ``"none"`` (the camera cannot read it: the buttons answer)."""

    name: str
    reader: str = "none"
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameType:
    """The facts of one game. Targets (``"module:Name"``) are imported only when used."""

    id: str
    title: str
    players: tuple[int, int]  # the fewest and most seats
    engine: str  # "module:Class"; Class(pack) -> an Engine
    screens: str = ""  # "module" with the game's screens (see companion.ui)
    page: str = ""  # "module:function"(model) -> the phones' page blocks (companion.web.views); "" generic
    words: str = (
        ""  # "module:function"(action, view) -> the action in words (companion.engine.words); "" generic
    )
    options: tuple[Option, ...] = ()
    policies: tuple[tuple[str, str], ...] = ()  # (name, "module:Class"); the first is the default
    die_kinds: tuple[DieKind, ...] = ()
    stats: str = ""  # "module:function"(engine, state) -> the game's own sim keys
    pack: str = ""  # the content pack's stem in config/, "" for none
    computers: str = ""  # "module:function"(options) -> {seat: policy}: seats an option
    # gives the computer (a solo level a planner plays)
    taken: str = ""  # "module:function"(options) -> {seat: what plays it}: seats an option takes
    # from the table, for the new-game menu (a solo mode's AI deck)
    description: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def seats(self, players: int | None = None) -> tuple[str, ...]:
        n = self.players[1] if players is None else players
        return tuple(f"p{i}" for i in range(1, n + 1))

    def check_players(self, players: int) -> int:
        lo, hi = self.players
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise ValueError(f"{self.title} takes {span} players, not {players!r}")
        return players

    def default_players(self) -> int:
        """The seats a game has when ``players`` is not given: its ``players`` option's default,
        else two when it can (a table of two), else its fewest."""
        for option in self.options:
            if option.key == "players":
                return option.default
        lo, hi = self.players
        return min(max(lo, 2), hi)

    def seat_kinds(self, seats: Any, players: int) -> dict[str, str]:
        """The header's ``seats`` option checked: seat -> "human", "computer" or
        "computer:POLICY" (seats not named are human). A ValueError names the key
        (``options.seats.p4: ...``)."""
        if not isinstance(seats, dict):
            raise ValueError(f'options.seats: must be a table like {{ p2 = "computer" }}, not {seats!r}')
        known = self.seats(players)
        checked = {}
        for seat, kind in seats.items():
            if seat not in known:
                raise ValueError(
                    f"options.seats.{seat}: not a seat of a {players}-player {self.title} "
                    f"(seats: {', '.join(known)})"
                )
            if not isinstance(kind, str):
                raise ValueError(
                    f'options.seats.{seat}: must be "human", "computer" or "computer:POLICY", not {kind!r}'
                )
            what, _, policy = kind.partition(":")
            if what == "human" and not policy:
                checked[seat] = kind
                continue
            if what != "computer":
                raise ValueError(
                    f'options.seats.{seat}: {kind!r} is not "human", "computer" or "computer:POLICY"'
                )
            try:
                self.load_policy(policy or None)
            except ValueError as exc:
                raise ValueError(f"options.seats.{seat}: {exc}") from None
            checked[seat] = kind
        return checked

    def computer_seats(self, seats: Any, players: int, options: dict | None = None) -> dict[str, str | None]:
        """The computer seats among ``seats`` (checked as ``seat_kinds`` does): seat -> policy
        name, None for the game's default policy; with ``options``, also the seats the game's
        options give the computer (``computers``)."""
        chosen = {
            seat: kind.partition(":")[2] or None
            for seat, kind in self.seat_kinds(seats, players).items()
            if kind != "human"
        }
        return {**self.implied_computers(options or {}), **chosen}

    def implied_computers(self, options: dict) -> dict[str, str]:
        """Seat -> policy for the seats ``options`` give the computer (none for most games)."""
        return load_object(self.computers)(options) if self.computers else {}

    def taken_seats(self, options: dict) -> dict[str, str]:
        """Seat -> what plays it, for the seats ``options`` take from the table (none for most
        games): the new-game menu shows them so and offers no person there."""
        return load_object(self.taken)(options) if self.taken else {}

    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.options) or "none"
        raise ValueError(f"{self.title} has no option {key!r} (options: {known})")

    def defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def load_engine(self, pack: str = "default") -> Any:
        return load_object(self.engine)(pack)

    def policy_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.policies)

    def load_policy(self, name: str | None = None) -> Any:
        """The policy class (``Class(seed)`` -> a callable choosing an action)."""
        if not self.policies:
            raise ValueError(f"{self.title} has no computer players")
        if name is None:
            return load_object(self.policies[0][1])
        for known, target in self.policies:
            if known == name:
                return load_object(target)
        raise ValueError(f"{self.title} has no policy {name!r} (policies: {', '.join(self.policy_names())})")

    def die_kind(self, name: str) -> DieKind | None:
        for kind in self.die_kinds:
            if kind.name == name:
                return kind
        return None


_REGISTERED: dict[str, GameType] = {}
_SCANNED = False


def register(game: GameType) -> GameType:
    """Add a game (a test's toy game, a game outside companion/games); returns it."""
    if not isinstance(game, GameType):
        raise TypeError(f"register() takes a GameType, not {type(game).__name__}")
    _REGISTERED[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Forget a game registered with ``register`` (a test's game, after the test)."""
    _REGISTERED.pop(game_id, None)


@contextmanager
def registered(game: GameType):
    """``with registered(GAME):`` the game is known inside the block only."""
    before = _REGISTERED.get(game.id)
    register(game)
    try:
        yield game
    finally:
        if before is None:
            unregister(game.id)
        else:
            _REGISTERED[game.id] = before


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    _SCANNED = True
    import companion.games as package

    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if info.ispkg:
            _register_module(info.name)
    for name in filter(None, (n.strip() for n in os.environ.get(ENV_VAR, "").split(","))):
        _register_module(name)


def _register_module(name: str) -> None:
    game = getattr(import_module(name), "GAME", None)
    if isinstance(game, GameType):
        _REGISTERED.setdefault(game.id, game)


def games() -> list[GameType]:
    """Every registered game, by id."""
    _scan()
    return [_REGISTERED[k] for k in sorted(_REGISTERED)]


def game_ids() -> list[str]:
    return [g.id for g in games()]


def get_game(game_id: str) -> GameType:
    _scan()
    try:
        return _REGISTERED[game_id]
    except KeyError:
        raise UnknownGame(
            f"unknown game {game_id!r}; known games: {', '.join(sorted(_REGISTERED))}"
        ) from None


__all__ = [
    "GameType",
    "Option",
    "DieKind",
    "UnknownGame",
    "register",
    "unregister",
    "registered",
    "games",
    "game_ids",
    "get_game",
    "load_object",
    "ENV_VAR",
]
