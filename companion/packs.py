"""Content packs: the TOML files in config/ that hold every number and card a box defines.

A pack is validated when loaded, against a msgspec schema that the game supplies, and then by
the game's own cross-checks. Any error names the file and the key, e.g.
``config/dungeon-ball.toml: teams[2].cards[0].cost: Expected `int`, got `str```.
"""
from __future__ import annotations

import hashlib
import json
import re
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"


class PackError(ValueError):
    """A content pack or config file that is missing, malformed or inconsistent."""


def resolve_pack_path(game: str, pack: str) -> Path:
    """``default`` is config/<game>.toml; any other name is a path to a TOML file."""
    if pack in ("", "default"):
        return CONFIG_DIR / f"{game}.toml"
    return Path(pack).expanduser()


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Read a TOML file; return its data and a short digest of that data (see data_digest)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PackError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PackError(f"{path}:{line}: not UTF-8 text (byte {raw[exc.start]:#04x}); is this a content pack?") from None
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
        raise PackError(f"{source}: {describe_validation_error(exc)}") from None


_AT = re.compile(r"^(?P<msg>.*?) - at `\$(?P<path>[^`]*)`$")


def describe_validation_error(exc: msgspec.ValidationError) -> str:
    """Turn "Expected `int`, got `str` - at `$.a[0].b`" into "a[0].b: Expected `int`, got `str`"."""
    text = str(exc)
    match = _AT.match(text)
    if not match:
        return text
    path = match["path"].lstrip(".") or "(top level)"
    return f"{path}: {match['msg']}"
