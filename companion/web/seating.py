"""Who sits where: the join code of each seat, the token a phone keeps, the device's OK.

A phone claims a seat with the seat's join code, shown on the panel's join screen. A free seat
is granted at once and the phone receives a token (kept in the browser, so a reload or a lost
connection rejoins). A seat already held is given to a second phone only when someone at the
device says yes: the claim waits as a ``Request`` until the panel's OK or BACK.

Wrong codes are counted for the whole table: after ``MAX_WRONG`` in a minute, claims are
refused for the rest of that minute, so four digits cannot be guessed by a script.

Everything here runs in the app's loop (companion.web.bridge); nothing is shared with the
server's thread.
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

CODE_DIGITS = 4
MAX_WRONG = 8               # wrong join codes per minute, for the whole table
WRONG_WINDOW = 60.0


class ClaimRefused(ValueError):
    """A claim that cannot be granted; the message says why, for the phone."""


@dataclass
class Request:
    """Something a phone asked that the device must OK: a held seat, an undo, a dice fix."""

    kind: str               # "seat", "undo" or "correct"
    seat: str | None        # the seat asked for (seat), or the asking seat
    conn: int               # the connection waiting for the answer

    def question(self) -> tuple[str, str]:
        """(title, text) for the panel: the text fits its two hint lines."""
        name = (self.seat or "").upper()
        if self.kind == "seat":
            return f"{name} from a new phone?", f"Another phone wants {name}'s seat."
        if self.kind == "undo":
            return f"{name}: undo?", f"{name}'s phone asks to undo the last decision."
        return f"{name}: fix dice?", f"{name}'s phone asks to enter the last dice again."


class Seating:
    """Join codes and tokens for the seats of the game in progress."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.seats: tuple[str, ...] = ()
        self.codes: dict[str, str] = {}
        self.holders: dict[str, str] = {}       # seat -> token
        self.wrong: list[float] = []            # times of wrong codes

    def reset(self, seats: tuple[str, ...] | list[str]) -> None:
        """A new game (or none): new codes, every seat free, every old token void."""
        self.seats = tuple(seats)
        self.holders = {}
        self.codes = {}
        used: set[str] = set()
        for seat in self.seats:
            code = _code()
            while code in used:
                code = _code()
            used.add(code)
            self.codes[seat] = code

    def seat_of(self, token: object) -> str | None:
        """The seat a token holds, or None (unknown, voided or not a string)."""
        if not isinstance(token, str) or not token:
            return None
        for seat, held in self.holders.items():
            if secrets.compare_digest(held, token):
                return seat
        return None

    def held(self, seat: str) -> bool:
        return seat in self.holders

    def check_claim(self, seat: object, code: object) -> str:
        """The seat, when ``code`` is its join code; else ClaimRefused saying why."""
        now = self.clock()
        self.wrong = [t for t in self.wrong if now - t < WRONG_WINDOW]
        if len(self.wrong) >= MAX_WRONG:
            raise ClaimRefused("too many wrong codes: wait a minute")
        if not isinstance(seat, str) or seat not in self.codes:
            raise ClaimRefused(f"no seat {str(seat)[:8]!r} in this game (seats: {', '.join(self.seats)})")
        if not isinstance(code, str) or not secrets.compare_digest(code.strip(), self.codes[seat]):
            self.wrong.append(now)
            raise ClaimRefused(f"wrong code for {seat.upper()}: the device's join screen shows it")
        return seat

    def grant(self, seat: str) -> str:
        """A new token for ``seat``; the phone that held it before loses it."""
        token = secrets.token_urlsafe(18)
        self.holders[seat] = token
        return token

    def release(self, token: str) -> str | None:
        """The phone gives its seat up; returns the seat freed."""
        seat = self.seat_of(token)
        if seat is not None:
            del self.holders[seat]
        return seat


def _code() -> str:
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
