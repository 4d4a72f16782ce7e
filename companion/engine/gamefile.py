"""Game files: a TOML header, a line ``---``, then one action per line.

    # Dungeon Companion game file
    game = "dungeon-ball"
    pack = "default"
    seed = 7
    [options]
    players = 2
    seats = { p2 = "computer:random" }
    ---
    p1 call heads
    chance coin tails
    ...

The header is the same for every game: ``game``, ``pack``, ``seed``, ``pack_digest`` and the
``options`` table, where ``players`` (how many seats) and ``seats`` (which are computer
players) mean the same in every game and the rest are the game's own options.

Lines starting with ``#`` and blank lines in the action part are ignored, so a bug report can
annotate a game. A file is written one whole line at a time, so a last line without its line
end is a write cut short (a pulled plug, a full disk): it is ignored with a warning rather
than read as a shorter, different action (``p2 reroll 3 5`` cut to ``p2 reroll 3``). Every
error names ``FILE:LINE``. Saved games, replays, tests and bug reports all use this one
format; see docs/game-files.md.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.core import Header
from companion.packs import FileRefused, loads_toml, read_regular

SEPARATOR = "---"
FORMAT_LINE = "# Dungeon Companion game file, format 1"
HEADER_KEYS = ("game", "pack", "seed", "options", "pack_digest")
MAX_GAME_FILE_BYTES = 32 << 20  # a long game's file is some hundred KB


class GameFileError(ValueError):
    """A game file that cannot be read; the message names the file and the line."""


@dataclass(slots=True)
class GameRecord:
    header: Header
    actions: list[str] = field(default_factory=list)
    # Where a loaded record came from, for messages: the file, the line of each action and of
    # each header key, and what was skipped while reading it.
    source: str = field(default="", compare=False)
    lines: list[int] = field(default_factory=list, compare=False)
    header_lines: dict[str, int] = field(default_factory=dict, compare=False)
    warnings: list[str] = field(default_factory=list, compare=False)

    def where(self, number: int | None = None, key: str | None = None) -> str:
        """``FILE:LINE: `` of action ``number`` (1-based) or of header ``key`` (``"options.seats"``
        falls back to the line of ``options``); "" if unknown."""
        if not self.source:
            return ""
        line = None
        if number is not None and 0 < number <= len(self.lines):
            line = self.lines[number - 1]
        elif key is not None:
            line = self.header_lines.get(key) or self.header_lines.get(key.partition(".")[0])
        return f"{self.source}:{line}: " if line else f"{self.source}: "

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


_TOML_AT = re.compile(r"^(?P<msg>.*) \(at (?:line (?P<line>\d+), column \d+|end of document)\)$")


def loads(text: str, source: str = "<game>") -> GameRecord:
    # a file edited on Windows: its byte-order mark and CR LF line ends are the same text
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    tail = lines.pop()  # "" when the text ends with a line end; else a cut last line
    try:
        sep = next(i for i, line in enumerate(lines) if line.strip() == SEPARATOR)
    except StopIteration:
        if tail.strip() == SEPARATOR:  # the separator itself is the unterminated last line
            sep, lines, tail = len(lines), lines + [tail], ""
        else:
            raise GameFileError(
                f"{source}:{len(lines) + 1}: no '{SEPARATOR}' line between the header and "
                "the actions (a header cut short?)"
            ) from None
    head = lines[:sep]
    at = _key_lines(head)
    record = GameRecord(_header(head, source, at), source=source, header_lines=at)
    for number, line in enumerate(lines[sep + 1 :], sep + 2):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if not line.isprintable():
            raise GameFileError(f"{source}:{number}: not an action line (control characters): {line[:40]!r}")
        record.actions.append(" ".join(line.split()))
        record.lines.append(number)
    if tail.strip() and not tail.strip().startswith("#"):
        record.warnings.append(
            f"{source}:{len(lines) + 1}: ignored the last line {tail.strip()[:40]!r}: it has "
            "no line end, so its write was cut short"
        )
    return record


def _header(lines: list[str], source: str, at: dict[str, int]) -> Header:
    """The header's values checked; ``at``: the line of each key (see _key_lines)."""
    try:
        data = loads_toml("\n".join(lines))
    except tomllib.TOMLDecodeError as exc:
        match = _TOML_AT.match(str(exc))
        line = (match["line"] or max(1, len(lines))) if match else 1
        raise GameFileError(
            f"{source}:{line}: header is not valid TOML: {match['msg'] if match else exc}"
        ) from None

    def fail(key: str, message: str) -> GameFileError:
        return GameFileError(f"{source}:{at.get(key, 1)}: {message}")

    unknown = sorted(set(data) - set(HEADER_KEYS))
    if unknown:
        raise fail(
            unknown[0], f"unknown header key(s): {', '.join(unknown)} (known: {', '.join(HEADER_KEYS)})"
        )
    if not isinstance(data.get("game"), str):
        raise fail("game", "header key 'game' is missing or not a string")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("seed", "header key 'seed' must be an integer")
    for key in ("pack", "pack_digest"):
        if not isinstance(data.get(key, ""), str):
            raise fail(key, f"header key '{key}' must be a string")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise fail("options", "header key 'options' must be a table")
    return Header(
        game=data["game"],
        pack=data.get("pack", "default"),
        seed=seed,
        options=options,
        pack_digest=data.get("pack_digest", ""),
    )


def _key_lines(lines: list[str]) -> dict[str, int]:
    """The line of each top-level header key (``key =`` or ``[key]``), 1-based, and of each key
    in a table (``options.seats`` for ``seats =`` under ``[options]``)."""
    found: dict[str, int] = {}
    table = ""
    for number, line in enumerate(lines, 1):
        match = re.match(r"\s*(?:\[\s*([A-Za-z0-9_-]+)|([A-Za-z0-9_-]+)\s*[=.])", line)
        if not match:
            continue
        if match[1]:
            table = match[1]
            found.setdefault(table, number)
        else:
            found.setdefault(f"{table}.{match[2]}" if table else match[2], number)
    return found


def load(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        raw = read_regular(path, MAX_GAME_FILE_BYTES)
    except OSError as exc:
        raise GameFileError(f"{path}: cannot read game file: {exc.strerror}") from None
    except FileRefused as exc:
        raise GameFileError(f"{path}: cannot read game file: {exc}") from None
    return loads(decode(raw, str(path)), str(path))


def decode(raw: bytes, source: str) -> str:
    """UTF-8 text; a bad byte in an unterminated last line is part of the cut (loads drops it)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start > raw.rfind(b"\n"):
            return raw.decode("utf-8", errors="replace")
        line = raw.count(b"\n", 0, exc.start) + 1
        raise GameFileError(
            f"{source}:{line}: not UTF-8 text (byte {raw[exc.start]:#04x}); is this a game file?"
        ) from None


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
