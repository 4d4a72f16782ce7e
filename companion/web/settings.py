"""``[web]`` in the device configuration: the page on or off, where it listens, its limits.

A wrong value stops the service naming the file and the key, like every other section.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Any

# key -> (type, lowest, highest); strings and booleans have no range
KEYS: dict[str, tuple[type, Any, Any]] = {
    "enabled": (bool, None, None),
    "port": (int, 1, 65535),
    "bind": (str, None, None),
    "mdns": (bool, None, None),
    "hostname": (str, None, None),
    "max_pages": (int, 1, 64),
    "names": (list, None, None),
}


@dataclass(frozen=True)
class WebSettings:
    """The checked ``[web]`` section."""

    enabled: bool = True
    port: int = 8080
    bind: str = "0.0.0.0"
    mdns: bool = True
    hostname: str = "dungeon-companion"  # announced as <hostname>.local
    max_pages: int = 16  # pages open at once; more are turned away
    names: tuple[str, ...] = ()  # more names phones may reach the device by (DNS, a VPN)


def problem(section: dict[str, Any]) -> tuple[str, str] | None:
    """(key, what is wrong) for the first bad key of ``[web]``, or None when it is good."""
    for key, value in section.items():
        if key not in KEYS:
            return key, f"unknown key (known: {', '.join(KEYS)})"
        kind, lo, hi = KEYS[key]
        if kind is int and (not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi):
            return key, f"must be a whole number from {lo} to {hi}, not {value!r}"
        if kind is list and (not isinstance(value, list) or not all(isinstance(n, str) and n for n in value)):
            return key, f"must be a list of host names, not {str(value)[:60]}"
        if kind not in (int, list) and not isinstance(value, kind):
            return key, f"must be {'true or false' if kind is bool else 'a string'}, not {value!r}"
    bind = section.get("bind", WebSettings.bind)
    try:
        ipaddress.ip_address(bind)
    except ValueError:
        return "bind", f"must be an IP address of this machine (0.0.0.0 or :: for all of them), not {bind!r}"
    name = section.get("hostname", WebSettings.hostname)
    if not name or not all(c.isalnum() or c == "-" for c in name) or name.startswith("-") or len(name) > 63:
        return "hostname", f"must be letters, digits and dashes (a .local name), not {name!r}"
    return None


def from_section(section: dict[str, Any]) -> WebSettings:
    """The settings from a section ``problem`` found good."""
    values: dict[str, Any] = {k: tuple(v) if k == "names" else v for k, v in section.items() if k in KEYS}
    return WebSettings(**values)


def bind_problem(bind: str) -> str | None:
    """Why the page could not listen on ``bind`` (not an address of this machine), or None.
    A free port is asked for, so a service already serving does not count against it."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.bind((bind, 0))
    except OSError as exc:
        return f"cannot listen on {bind}: {exc.strerror or exc}"
    return None
