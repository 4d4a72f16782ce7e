"""The serial line protocol (docs/serial-protocol.md), as pure functions and a line splitter.

Lines are UTF-8, terminated by "\\n" (a "\\r" before it is dropped). Peer -> device lines are at
most ``max_line`` bytes (256 by default, not counting the terminator); longer ones are
discarded up to the next "\\n" and answered with one ``ERR line too long``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from drivers.inputs.events import ALL_BUTTONS

PROTOCOL_VERSION = 1
MAX_LINE = 256
MAX_OUT_LINE = 4096

# What a peer may do ([link] scope): "game" plays the game (ACTION) and reads its state, but
# never presses the device's buttons, so it cannot open menus, change settings or start a game;
# "full" also takes KEY lines.
LINK_SCOPES = ("game", "full")

# lines the device itself sends: if they come back (echo, loopback, two devices wired
# together) they are ignored, never answered, so no ERR storm can start
DEVICE_VERBS = frozenset({"HELLO", "STATE", "EVENT", "PONG", "ERR"})


class ProtocolError(ValueError):
    """A line the device refuses; str(e) is the reason sent back as ``ERR <reason>``."""


@dataclass(frozen=True)
class Key:
    button: str


@dataclass(frozen=True)
class Action:
    text: str


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Echo:
    """One of the device's own verbs came back; ignore it."""

    verb: str


def _no_controls(s: str) -> None:
    for ch in s:
        if ord(ch) < 0x20 and ch != "\t" or ord(ch) == 0x7F:
            raise ProtocolError(f"control character 0x{ord(ch):02X} in line")


def parse_peer_line(line: str) -> Key | Action | Ping | Echo | None:
    """Parse one received line (without its terminator). Blank lines give None."""
    _no_controls(line)  # before strip(), which eats \x0b, \x0c, \x1c-\x1f too
    s = line.strip()
    if not s:
        return None
    verb, _, rest = s.partition(" ")
    verb_u = verb.upper()
    rest = rest.strip()
    if verb_u == "PING":
        if rest:
            raise ProtocolError("PING takes no argument")
        return Ping()
    if verb_u == "KEY":
        b = rest.lower()
        if b not in ALL_BUTTONS:
            raise ProtocolError(
                f"unknown key {rest!r} (expected {'|'.join(ALL_BUTTONS)})" if rest else "KEY needs a key name"
            )
        return Key(b)
    if verb_u == "ACTION":
        if not rest:
            raise ProtocolError("ACTION needs a text")
        return Action(rest)
    if verb_u in DEVICE_VERBS:
        return Echo(verb_u)
    shown = verb if len(verb) <= 24 else verb[:24] + "..."
    raise ProtocolError(f"unknown command {shown!r}")


def check_scope(msg: Key | Action | Ping | Echo | None, scope: str) -> None:
    """Raise ProtocolError for a parsed line the link's scope does not allow (anything but
    "full" refuses KEY)."""
    if scope != "full" and isinstance(msg, Key):
        raise ProtocolError(
            f"KEY {msg.button} refused: this link takes game actions only (ACTION <text>); "
            'buttons need [link] scope = "full"'
        )


def _json(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def hello_line(**info: Any) -> str:
    return "HELLO " + _json({"device": "dungeon-companion", "protocol": PROTOCOL_VERSION, **info})


def state_line(state: Any) -> str:
    return "STATE " + _json(state)


def event_line(event: Any) -> str:
    return "EVENT " + _json(event)


def error_line(reason: str) -> str:
    return "ERR " + " ".join(str(reason).split())  # one line, no control characters


class LineSplitter:
    """Bytes in, complete lines (str), ProtocolError or (an over-long device line coming back)
    Echo items out, in arrival order."""

    def __init__(self, max_line: int = MAX_LINE):
        self.max_line = max_line
        self._buf = bytearray()
        self._discarding = False

    def _too_long(self) -> ProtocolError | Echo:
        # one of the device's own lines coming back (a STATE is often longer than max_line)
        # is an echo, ignored like a short one, not refused
        verb = bytes(self._buf).lstrip(b" \t").split(b" ", 1)[0].decode("ascii", "replace").upper()
        if verb in DEVICE_VERBS:
            return Echo(verb)
        return ProtocolError(f"line too long (max {self.max_line} bytes)")

    def feed(self, data: bytes) -> list[str | ProtocolError | Echo]:
        out: list[str | ProtocolError | Echo] = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            chunk = data[start:] if nl < 0 else data[start:nl]
            if self._discarding:
                self._discarding = nl < 0  # an overlong line ends at its newline
            elif nl >= 0:
                self._buf += chunk
                body = self._buf[:-1] if self._buf.endswith(b"\r") else self._buf
                if len(body) > self.max_line:
                    out.append(self._too_long())
                else:
                    try:
                        out.append(bytes(body).decode("utf-8"))
                    except UnicodeDecodeError:
                        out.append(ProtocolError("invalid UTF-8"))
                self._buf.clear()
            else:
                self._buf += chunk
                n = len(self._buf)
                # max_line bytes plus possibly the "\r" of a "\r\n" still to come
                if n > self.max_line + 1 or (n == self.max_line + 1 and not self._buf.endswith(b"\r")):
                    out.append(self._too_long())
                    self._buf.clear()
                    self._discarding = True
            if nl < 0:
                return out
            start = nl + 1
