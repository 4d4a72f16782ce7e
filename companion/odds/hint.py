"""Hints at the table: the odds advisor's answer for the seat to act, worded for the device's
panel, the terminal and a seated phone.

Who may have a hint is the device's ``hints`` setting (``MODES``): every game (the default),
solo games only (a competitive table turns them off), or none. A solo game is one with a single
human seat. A hint is only ever for the seat whose decision waits, built from what that seat
may see (companion.odds.advisor), so a phone never learns another seat's odds.
"""

from __future__ import annotations

from companion.odds.advice import Advice, percent
from companion.odds.advisor import NoDecision, advise

MODES = ("all", "solo", "off")
SETTING = "hints"  # the device's setting key
PHONE_OPTIONS = 8  # options a phone's panel lists, best first


def allowed(mode: str, humans: int) -> bool:
    """Whether hints are offered: ``mode`` one of MODES (an unknown one counts as the default),
    ``humans`` the human seats of the game."""
    if mode == "off":
        return False
    if mode == "solo":
        return humans <= 1
    return True


def next_mode(mode: str) -> str:
    """The setting's next value, for a menu that cycles through them."""
    return MODES[(MODES.index(mode) + 1) % len(MODES)] if mode in MODES else MODES[0]


def _advice(engine, state, seat: str | None) -> Advice | str:
    """The advice, or why there is none (for ``seat``: only when that seat decides)."""
    try:
        advice = advise(engine, state)
    except NoDecision as exc:
        return f"no hint: {exc}"
    if seat is not None and advice.seat != seat:
        return f"no hint: {advice.seat.upper()} decides now, not {seat.upper()}"
    return advice


def _short(action: str, seat: str) -> str:
    """An option without its seat: ``p2 reroll 1 3`` -> ``reroll 1 3``."""
    return action.removeprefix(seat + " ")


def terminal_lines(engine, state, limit: int = 12) -> list[str]:
    """``odds`` at the ``companion play`` prompt: the advice for the seat to act."""
    advice = _advice(engine, state, None)
    if isinstance(advice, str):
        return ["  " + advice]
    return ["  " + line for line in advice.lines(limit if len(advice.options) > limit else None)]


def panel(engine, state) -> dict:
    """The device's message: the title names the seat, then the best three options."""
    advice = _advice(engine, state, None)
    if isinstance(advice, str):
        return {"title": "Hint", "text": advice.removeprefix("no hint: ")}
    rows = [
        f"{_short(o.action, advice.seat)} " + ("-" if o.p is None else f"{o.p:.0%}")
        for o in advice.ranked()[:3]
    ]
    rows.append("exact" if advice.exact else f"{advice.samples} games each")
    return {"title": f"Hint {advice.seat.upper()}", "text": "\n".join(rows)}


def for_phone(engine, state, seat: str | None, mode: str, humans: int) -> dict:
    """The reply to a phone's ``{"t": "hint"}``: ``{"t": "hint", ...}`` for the seat it holds
    when that seat decides now and hints are on, else ``{"t": "error", "text": why}``."""
    if seat is None:
        return {"t": "error", "text": "watching only: claim a seat for hints"}
    if not allowed(mode, humans):
        return {"t": "error", "text": "hints are off for this game (device settings)"}
    advice = _advice(engine, state, seat)
    if isinstance(advice, str):
        return {"t": "error", "text": advice}
    data = advice.as_dict()
    options = advice.ranked()
    data["options"] = [
        dict(o.as_dict(), label=_short(o.action, seat), shown=percent(o.p, o.error))
        for o in options[:PHONE_OPTIONS]
    ]
    data["more"] = max(0, len(options) - PHONE_OPTIONS)
    return {"t": "hint", **data}


def humans(session) -> int:
    """The human seats of the session's game (a solo game has one)."""
    seats = session.engine.summary(session.state).get("players") or []
    return sum(1 for seat in seats if not session.is_computer(seat))


def device_mode(app) -> str:
    return app.setting(SETTING, MODES[0])


def offered(app) -> bool:
    """Whether the device's game menu shows "Hint" now (the setting, the game's seats)."""
    s = app.session
    return s.active and allowed(device_mode(app), humans(s))


def phone_reply(app, seat: str | None) -> dict:
    """The reply to a phone's ``{"t": "hint"}`` from the device app (companion.web.bridge)."""
    s = app.session
    if not s.active:
        return {"t": "error", "text": "no game in progress"}
    return for_phone(s.engine, s.state, seat, device_mode(app), humans(s))
