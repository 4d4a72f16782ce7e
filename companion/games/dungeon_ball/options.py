"""Dungeon Ball's header options, in every form they arrive in, made into one.

The new-game menu and ``--option key=value`` give single values (``solo = "III"``, ``kicking =
"skill"`` for both players, ``"off"`` and ``"ask"`` for the defaults); a game file may give
tables (``solo = {level = "V", teams = ["mimic", "skull"]}``, ``kicking = {p1 = "skill"}``).
``players`` and ``seats`` are the options every game understands: one player is a solo game,
and the session plays computer seats (the engine only checks their shape).

    >>> normalise({"solo": "III", "kicking": "skill", "players": 1})   # the AI kicks by its cards
    {'solo': {'level': 'III'}, 'kicking': {'p1': 'skill'}}
    >>> normalise({"solo": "off", "kicking": {"p1": "ask", "p2": "luck"}})
    {'kicking': {'p2': 'luck'}}
"""

from __future__ import annotations

from typing import Any

KNOWN = ("teams", "kicking", "clock_start", "solo", "players", "seats")
LEVELS = ("I", "II", "III", "IV", "V", "VI", "VII")
PLANNED = "VII"  # the level where the planner plays the other side instead of the AI deck


def computers(options: dict[str, Any]) -> dict[str, str]:
    """The seat the options give the computer: level VII's other side, played by the planner.
    (Levels I to VI are the AI deck, which the engine plays itself.)

        >>> computers({"solo": "VII"}), computers({"solo": "III"}), computers({})
        ({'p2': 'planner'}, {}, {})
    """
    solo = options.get("solo")
    level = solo.get("level") if isinstance(solo, dict) else solo
    return {"p2": "planner"} if isinstance(level, str) and level.upper() == PLANNED else {}


def taken(options: dict[str, Any]) -> dict[str, str]:
    """The seat a solo level takes from the table, for the new-game menu: the AI deck's (levels
    I to VI) or the planner's (VII).

        >>> taken({"solo": "III"}), taken({"solo": "VII"}), taken({"solo": None}), taken({})
        ({'p2': 'AI deck'}, {'p2': 'planner'}, {}, {})
    """
    solo = options.get("solo")
    level = solo.get("level") if isinstance(solo, dict) else solo
    if not isinstance(level, str) or level.upper() not in LEVELS:
        return {}
    return {"p2": "planner" if level.upper() == PLANNED else "AI deck"}


KICKING = ("ask", "skill", "luck")
SEATS = ("p1", "p2")


def normalise(options: dict[str, Any]) -> dict[str, Any]:
    """The options as the engine reads them: tables for ``solo`` and ``kicking``, no defaults,
    no ``players`` or ``seats``. Raises ValueError naming the key (``options.players: ...``)."""
    unknown = set(options) - set(KNOWN)
    if unknown:
        raise ValueError(
            f"options: unknown option(s) {', '.join(sorted(unknown))} (known: {', '.join(KNOWN)})"
        )
    out = {k: v for k, v in options.items() if k not in ("players", "seats", "solo", "kicking")}
    solo = options.get("solo")
    if isinstance(solo, str):
        if solo.lower() != "off":
            if solo.upper() not in LEVELS:
                raise ValueError(f"options.solo: {solo!r} is not a level; use off, {', '.join(LEVELS)}")
            out["solo"] = {"level": solo.upper()}
    elif solo is not None:
        out["solo"] = solo
    players = options.get("players")
    if players is not None:
        if not isinstance(players, int) or isinstance(players, bool) or players not in (1, 2):
            raise ValueError(f"options.players: Dungeon Ball takes 1 (solo) or 2 players, not {players!r}")
        if players == 1:
            out.setdefault("solo", {"level": "I"})
        elif "solo" in out:
            raise ValueError("options.players: a solo game has one player, not 2")
    kicking = options.get("kicking")
    if isinstance(kicking, str):
        kicking = {seat: kicking for seat in SEATS}
    if isinstance(kicking, dict):
        for seat, mode in kicking.items():
            if mode not in KICKING:
                raise ValueError(f"options.kicking.{seat}: must be 'ask', 'skill' or 'luck', not {mode!r}")
        kicking = {seat: mode for seat, mode in kicking.items() if mode != "ask"}
        if "solo" in out:
            kicking.pop("p2", None)  # the AI kicks by its cards
        if kicking:
            out["kicking"] = kicking
    elif kicking is not None:
        out["kicking"] = kicking  # refused by its shape, by the engine
    _check_seats(options.get("seats"))
    seats = options.get("seats") or {}
    if "solo" in out and str(seats.get("p2", "human")).startswith("computer"):
        raise ValueError("options.seats.p2: must be human in solo (the AI deck plays P2)")
    return out


def _check_seats(seats: Any) -> None:
    if seats is None:
        return
    if not isinstance(seats, dict):
        raise ValueError(f'options.seats: must be a table like {{ p2 = "computer" }}, not {seats!r}')
    for seat, kind in seats.items():
        if seat not in SEATS:
            raise ValueError(f"options.seats.{seat}: not a seat of Dungeon Ball (seats: p1, p2)")
        if not isinstance(kind, str) or kind.partition(":")[0] not in ("human", "computer"):
            raise ValueError(
                f'options.seats.{seat}: must be "human", "computer" or "computer:POLICY", not {kind!r}'
            )
