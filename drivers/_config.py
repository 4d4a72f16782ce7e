"""Small typed reader for driver config mappings; every error names the offending key."""

from __future__ import annotations

import builtins
import math
from collections.abc import Mapping
from typing import Any

from drivers.errors import ConfigError

_MISSING = object()


class CheckOnly(dict):
    """A configuration mapping to be validated, not opened (see ``drivers.check_config``)."""


class Validated(Exception):
    """Raised by ``Cfg.check_unknown`` in check-only mode: every key was read and is valid."""


class Cfg:
    """Read typed values from a plain mapping (as loaded from TOML) under a section name.

    >>> Cfg({"port": 1}, "display").int("port", 0)
    1
    """

    def __init__(self, mapping: Mapping[str, Any] | None, section: str):
        if mapping is None:
            mapping = {}
        if not isinstance(mapping, Mapping):
            raise ConfigError(section, f"expected a table/mapping, got {type(mapping).__name__}")
        self.m = mapping
        self.section = section
        self.used: set[str] = set()
        self.check_only = isinstance(mapping, CheckOnly)

    def key(self, name: str) -> str:
        return f"{self.section}.{name}"

    def error(self, name: str, problem: str) -> ConfigError:
        return ConfigError(self.key(name), problem)

    def raw(self, name: str, default: Any = _MISSING) -> Any:
        self.used.add(name)
        if name in self.m:
            return self.m[name]
        if default is _MISSING:
            raise self.error(name, "required key is missing")
        return default

    def has(self, name: str) -> bool:
        return name in self.m

    def str(self, name: str, default: Any = _MISSING, choices: tuple[str, ...] | None = None) -> str:
        v = self.raw(name, default)
        if not isinstance(v, str):
            raise self.error(name, f"expected a string, got {v!r}")
        if choices is not None and v not in choices:
            raise self.error(name, f"{v!r} is not one of {', '.join(repr(c) for c in choices)}")
        return v

    def int(
        self, name: builtins.str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None
    ) -> int:
        v = self.raw(name, default)
        if isinstance(v, str):
            try:
                v = int(v, 0)
            except ValueError:
                raise self.error(name, f"expected an integer, got {v!r}") from None
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.error(name, f"expected an integer, got {v!r}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.error(name, f"{v} is outside {lo}..{hi}")
        return v

    def float(
        self, name: builtins.str, default: Any = _MISSING, lo: float | None = None, hi: float | None = None
    ) -> float:
        v = self.raw(name, default)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.error(name, f"expected a number, got {v!r}")
        v = float(v)
        if not math.isfinite(v):  # nan passes every comparison below
            raise self.error(name, f"expected a finite number, got {v!r}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.error(
                name,
                f"{v:g} is outside {lo:g}..{hi:g}"
                if lo is not None and hi is not None
                else f"{v:g} is out of range",
            )
        return v

    def bool(self, name: builtins.str, default: Any = _MISSING) -> bool:
        v = self.raw(name, default)
        if not isinstance(v, bool):
            raise self.error(name, f"expected true or false, got {v!r}")
        return v

    def table(self, name: builtins.str, default: Any = _MISSING) -> Mapping[builtins.str, Any]:
        v = self.raw(name, default)
        if not isinstance(v, Mapping):
            raise self.error(name, f"expected a table, got {v!r}")
        return v

    def str_list(
        self, name: builtins.str, default: Any = _MISSING, choices: tuple[builtins.str, ...] | None = None
    ) -> list[builtins.str]:
        v = self.raw(name, default)
        if isinstance(v, str) or not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v):
            raise self.error(name, f"expected a list of strings, got {v!r}")
        if choices is not None:
            for x in v:
                if x not in choices:
                    raise self.error(name, f"{x!r} is not one of {', '.join(repr(c) for c in choices)}")
        return list(v)

    def check_unknown(self) -> None:
        """Raise for keys nobody read (typos like ``adress``)."""
        extra = sorted(set(self.m) - self.used)
        if extra:
            raise self.error(extra[0], "unknown key (check the spelling; see docs/drivers.md)")
        if self.check_only:
            raise Validated(self.section)
