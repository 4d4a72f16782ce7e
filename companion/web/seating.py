"""Who sits where: the join code of each seat, the token a phone keeps, the device's OK.

A phone claims a seat with the seat's join code, shown on the panel's join screen. A free seat
is granted at once and the phone receives a token (kept in the browser, so a reload or a lost
connection rejoins). A seat already held is given to a second phone only when someone at the
device says yes: the claim waits as a ``Request`` until the panel's OK or BACK.

Wrong codes are limited per page and per address (``WrongCodes``), never for the whole table:
a stranger guessing codes slows only their own phone down, and the table's phones still join.

Everything here runs in the app's loop (companion.web.bridge); nothing is shared with the
server's thread.
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

CODE_DIGITS = 6  # the panel's big font fits six digits beside the QR code
# Wrong codes allowed at once, then one more a minute: per page, and per address
PAGE_BURST, ADDRESS_BURST, REFILL_SECONDS = 5, 10, 60.0
BURSTS = {"page": PAGE_BURST, "address": ADDRESS_BURST}


class ClaimRefused(ValueError):
    """A claim that cannot be granted; the message says why, for the phone."""


@dataclass
class Request:
    """Something a phone asked that the device must OK: a held seat, an undo, a dice fix."""

    kind: str  # "seat", "undo" or "correct"
    seat: str | None  # the seat asked for (seat), or the asking seat
    conn: int  # the connection waiting for the answer

    def question(self) -> tuple[str, str]:
        """(title, text) for the panel: the text fits its two hint lines."""
        name = (self.seat or "").upper()
        if self.kind == "seat":
            return f"{name} from a new phone?", f"Another phone wants {name}'s seat."
        if self.kind == "undo":
            return f"{name}: undo?", f"{name}'s phone asks to undo the last decision."
        return f"{name}: fix dice?", f"{name}'s phone asks to enter the last dice again."


class WrongCodes:
    """How many wrong codes a page and an address may still send: a bucket of ``burst``
    that refills by one every ``REFILL_SECONDS``. An IPv6 address counts by its /64, the
    part a phone cannot change at will.

    Why a stranger almost never takes a seat: a code is one of N = 10**6, drawn by
    ``secrets``; a guess names one seat and one code, so it hits with a chance of at most
    1/(N - g) after g wrong guesses at that seat. One address makes at most
    ADDRESS_BURST + T / REFILL_SECONDS guesses in T seconds: 10 + 720 = 730 in a game
    of 12 hours. The chance that any of them takes any seat is at most
    730 / (10**6 - 730) = 0.073 %, below 0.1 %; in a two-hour game 130 / 10**6 = 0.013 %.
    (Each of the table's own phones has its own bucket, so a stranger's guesses never lock
    them out.)
    """

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.buckets: dict[tuple[str, object], tuple[float, float]] = {}  # key -> (left, at)

    def left(self, key: tuple[str, object]) -> float:
        now = self.clock()
        burst = BURSTS[key[0]]
        left, at = self.buckets.get(key, (float(burst), now))
        return min(float(burst), left + (now - at) / REFILL_SECONDS)

    def keys(self, page: object, address: str | None) -> list[tuple[str, object]]:
        return [("page", page)] + ([("address", address)] if address is not None else [])

    def blocked(self, page: object, address: str | None) -> bool:
        return any(self.left(key) < 1 for key in self.keys(page, address))

    def wrong(self, page: object, address: str | None) -> None:
        now = self.clock()
        self.buckets = {
            k: v for k, v in self.buckets.items() if self.left(k) < BURSTS[k[0]]
        }  # full: forgotten
        for key in self.keys(page, address):
            self.buckets[key] = (self.left(key) - 1, now)


def address_key(host: object) -> str | None:
    """The part of a client address that limits count by: IPv4 whole, IPv6 by its /64."""
    if not isinstance(host, str) or not host:
        return None
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def same_text(given: str, expected: str) -> bool:
    """Constant-time equality of any two strings (``compare_digest`` takes ASCII text only)."""
    return secrets.compare_digest(
        given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass")
    )


class Seating:
    """Join codes and tokens for the seats of the game in progress."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.seats: tuple[str, ...] = ()
        self.codes: dict[str, str] = {}
        self.holders: dict[str, str] = {}  # seat -> token
        self.wrong = WrongCodes(clock)

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
            if same_text(token, held):
                return seat
        return None

    def held(self, seat: str) -> bool:
        return seat in self.holders

    def check_claim(self, seat: object, code: object, page: object = None, address: str | None = None) -> str:
        """The seat, when ``code`` is its join code; else ClaimRefused saying why. Wrong codes
        count against ``page`` (a connection) and ``address`` (its client's, ``address_key``)."""
        if self.wrong.blocked(page, address):
            raise ClaimRefused("too many wrong codes from this phone: wait a minute")
        if not isinstance(seat, str) or seat not in self.codes:
            raise ClaimRefused(f"no seat {str(seat)[:8]!r} in this game (seats: {', '.join(self.seats)})")
        if not isinstance(code, str) or not same_text(code.strip(), self.codes[seat]):
            self.wrong.wrong(page, address)
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
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
