"""Game files: a TOML header, a line ``---``, then one action per line.

    # Dungeon Companion game file
    game = "dungeon-ball"
    pack = "default"
    seed = 7
    [options]
    ---
    p1 call heads
    chance coin tails
    ...

Lines starting with ``#`` and blank lines in the action part are ignored, so a bug report can
annotate a game. Saved games, replays, tests and bug reports all use this one format; see
docs/game-files.md.
"""
from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.core import Header

SEPARATOR = "---"
FORMAT_LINE = "# Dungeon Companion game file, format 1"


class GameFileError(ValueError):
    """A game file that cannot be read; the message names the file and the line."""


@dataclass(slots=True)
class GameRecord:
    header: Header
    actions: list[str] = field(default_factory=list)

    def dumps(self) -> str:
        h = self.header
        lines = [
            FORMAT_LINE,
            f"game = {json.dumps(h.game)}",
            f"pack = {json.dumps(h.pack)}",
            f"seed = {int(h.seed)}",
        ]
        if h.pack_digest:
            lines.append(f"pack_digest = {json.dumps(h.pack_digest)}")
        if h.options:
            lines.append(f"options = {_toml_inline(h.options)}")
        lines.append(SEPARATOR)
        lines.extend(self.actions)
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")


def loads(text: str, source: str = "<game>") -> GameRecord:
    head, sep, body = text.partition(f"\n{SEPARATOR}\n")
    if not sep:
        if text.rstrip().endswith(f"\n{SEPARATOR}"):
            head, body = text.rstrip()[: -len(SEPARATOR) - 1], ""
        else:
            raise GameFileError(f"{source}: no '{SEPARATOR}' line between the header and the actions")
    try:
        data = tomllib.loads(head)
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(f"{source}: header is not valid TOML: {exc}") from None
    unknown = set(data) - {"game", "pack", "seed", "options", "pack_digest"}
    if unknown:
        raise GameFileError(f"{source}: unknown header key(s): {', '.join(sorted(unknown))}")
    if not isinstance(data.get("game"), str):
        raise GameFileError(f"{source}: header key 'game' is missing or not a string")
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise GameFileError(f"{source}: header key 'seed' must be an integer")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise GameFileError(f"{source}: header key 'options' must be a table")
    header = Header(
        game=data["game"],
        pack=str(data.get("pack", "default")),
        seed=seed,
        options=options,
        pack_digest=str(data.get("pack_digest", "")),
    )
    actions = []
    for line in body.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            actions.append(" ".join(line.split()))
    return GameRecord(header, actions)


def load(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameFileError(f"{path}: cannot read game file: {exc.strerror}") from None
    return loads(text, str(path))


def _toml_inline(value: Any) -> str:
    if isinstance(value, dict):
        inner = ", ".join(f"{_toml_key(k)} = {_toml_inline(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_inline(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value))


def _toml_key(key: str) -> str:
    return key if key.replace("-", "").replace("_", "").isalnum() else json.dumps(key)
