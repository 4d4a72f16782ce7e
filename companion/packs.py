"""Content packs: the TOML files in config/ that hold every number and card a box defines.

A pack is validated when loaded, against a msgspec schema that the game supplies, and then by
the game's own cross-checks. Any error names the file and the key, e.g.
``config/dungeon-ball.toml: teams[2].cards[0].cost: Expected `int`, got `str```.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Annotated, Any, TypeVar

import msgspec

T = TypeVar("T")

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"
MAX_PACK_BYTES = 1 << 20  # a shipped pack is about 20 KB
MAX_DEPTH = 32  # tables and arrays inside each other: a pack needs 4


def Int(lo: int, hi: int) -> Any:
    """A whole number from ``lo`` to ``hi``: every number of a pack has a range, so no value
    can make a deck of millions of cards or a game that never ends; msgspec's refusal names
    the key."""
    return Annotated[int, msgspec.Meta(ge=lo, le=hi)]


ID = re.compile(r"[A-Za-z0-9+_-]{1,32}")


def id_problem(value: str) -> str | None:
    """Why ``value`` cannot be an id that action lines name (one word), or None."""
    if ID.fullmatch(value):
        return None
    return f"{value!r} is not an id: one word of letters, digits, '+', '-' or '_', at most 32 characters"


class PackError(ValueError):
    """A content pack or config file that is missing, malformed or inconsistent."""


def resolve_pack_path(game: str, pack: str) -> Path:
    """``default`` is config/<game>.toml; any other name is a path to a TOML file."""
    if pack in ("", "default"):
        return CONFIG_DIR / f"{game}.toml"
    return Path(pack).expanduser()


class FileRefused(ValueError):
    """A path that is not a regular file of a bounded size (``/dev/zero``, a pipe, a folder)."""


def read_regular(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused saying why not (a
    device or a pipe is never read: it may never end, or never begin), OSError when it
    cannot be opened."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file (a device or a pipe)")
        if info.st_size > limit:
            raise FileRefused(f"{info.st_size} bytes, more than the {limit} a file may have")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            raw = f.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > limit:
        raise FileRefused(f"more than the {limit} bytes a file may have")
    return raw


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` that takes a leading byte-order mark (an editor on Windows writes one)
    and refuses, as a TOMLDecodeError, tables or arrays nested deeper than ``MAX_DEPTH``."""
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        raise tomllib.TOMLDecodeError(f"tables or arrays nested deeper than {MAX_DEPTH} levels") from None
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise tomllib.TOMLDecodeError(f"tables or arrays nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return data


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Read a TOML file; return its data and a short digest of that data (see data_digest)."""
    try:
        raw = read_regular(path, MAX_PACK_BYTES)
    except OSError as exc:
        raise PackError(f"{path}: cannot read: {exc.strerror}") from None
    except FileRefused as exc:
        raise PackError(f"{path}: cannot read: {exc}; a pack is a TOML file") from None
    try:
        data = loads_toml(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PackError(
            f"{path}:{line}: not UTF-8 text (byte {raw[exc.start]:#04x}); is this a content pack?"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise PackError(f"{path}: not valid TOML: {exc}") from None
    return data, data_digest(data)


def data_digest(data: dict[str, Any]) -> str:
    """A short digest of a pack's values, not of its bytes: a game file names the pack it was
    played with by this digest, so a comment or a layout change in the pack is no other
    version, while any changed value is."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def convert(data: Any, schema: type[T], source: str | Path) -> T:
    """Validate plain data against a msgspec schema; errors name the source and key path."""
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as exc:
        message = name_the_key(describe_validation_error(exc), data)
        raise PackError(f"{source}: {out_of_range(message, data)}") from None


_BOUND = re.compile(r"^(?P<path>.*): Expected `int` (?P<op>>=|<=) (?P<bound>-?\d+)$")
_GOT = re.compile(r"got `(?P<got>\w+)`")
_KINDS = {"str": str, "int": int, "float": float, "bool": bool, "array": list, "object": dict}


def looked_up(data: Any, path: str) -> Any:
    """The value at "a.b[2].c" in ``data``; KeyError, IndexError, TypeError or ValueError if
    there is none."""
    value = data
    for key, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        value = value[int(index)] if index else value[key]
    return value


def name_the_key(message: str, data: Any) -> str:
    """msgspec writes a table's key as "[...]" ("crystals[...]: Expected `int`, got `float`"):
    name the key whose value is the one refused ("crystals.red: ..."); else the message as is."""
    path, _, said = message.partition(": ")
    head, found, tail = path.partition("[...]")
    if not found or "[...]" in tail:
        return message
    got, bound = _GOT.search(said), _BOUND.match(message)

    def refused(value: Any) -> bool:
        if got:
            kind = _KINDS.get(got["got"])
            return kind is not None and type(value) is kind
        if bound and type(value) is int:
            return value < int(bound["bound"]) if bound["op"] == ">=" else value > int(bound["bound"])
        return False

    try:
        table = looked_up(data, head)
        keys = [k for k, v in table.items() if refused(looked_up(v, tail) if tail else v)]
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
        return message
    return f"{head}.{keys[0]}{tail}: {said}" if keys else message


def out_of_range(message: str, data: Any) -> str:
    """msgspec's "a.b: Expected `int` >= 1" as "a.b: must be at least 1, not 0" (the value
    looked up in ``data``); any other message as it is."""
    match = _BOUND.match(message)
    if not match:
        return message
    try:
        value = looked_up(data, match["path"])
    except (KeyError, IndexError, TypeError, ValueError):
        return message
    least = match["op"] == ">="
    return f"{match['path']}: must be {'at least' if least else 'at most'} {match['bound']}, not {value!r}"


_AT = re.compile(r"^(?P<msg>.*?) - at `\$(?P<path>[^`]*)`$")


def describe_validation_error(exc: msgspec.ValidationError) -> str:
    """Turn "Expected `int`, got `str` - at `$.a[0].b`" into "a[0].b: Expected `int`, got `str`"."""
    text = str(exc)
    match = _AT.match(text)
    if not match:
        return text
    path = match["path"].lstrip(".") or "(top level)"
    return f"{path}: {match['msg']}"
