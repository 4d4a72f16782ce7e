"""The five games' packs as data: load one from data, write data back as TOML, walk its numbers.
Shared by the pack range tests and the pack fuzzer."""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.engine.gamefile import _toml_inline, _toml_key
from companion.packs import CONFIG_DIR

GAMES = ("dodgeball", "dungeon-allies", "dungeon-ball", "dungeon-days", "dungeonbowl")


def default_data(game: str) -> dict[str, Any]:
    return tomllib.loads((CONFIG_DIR / f"{game}.toml").read_text(encoding="utf-8"))


def toml_text(data: dict[str, Any]) -> str:
    """``data`` as TOML: top-level tables as [sections], everything inside them inline."""
    lines = [f"{_toml_key(k)} = {_toml_inline(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"[{_toml_key(key)}]")
            lines += [f"{_toml_key(k)} = {_toml_inline(v)}" for k, v in value.items()]
    return "\n".join(lines) + "\n"


def load(game: str, path: Path):
    """The game's own pack loader on ``path`` (PackError for a pack it refuses)."""
    module = importlib.import_module(f"companion.games.{game.replace('-', '_')}.pack")
    return module.load_pack(str(path))


def numbers(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """(path, value) of every int and float leaf (not booleans)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from numbers(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from numbers(v, path + (i,))
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        yield path, data


def with_value(data: Any, path: tuple, value: Any) -> Any:
    """A copy of ``data`` with the leaf at ``path`` set to ``value``."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {k: with_value(v, rest, value) if k == head else v for k, v in data.items()}
    return [with_value(v, rest, value) if i == head else v for i, v in enumerate(data)]


def key_text(path: tuple) -> str:
    """``teams[0].cards[1].cost``: how a pack error names the key."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
