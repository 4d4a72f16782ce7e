"""Dungeon Days' actions in the table's words, the same on the device, the phones and in
the log (companion.engine.words): ``p2 play mimic p1 tue`` -> "play Mimic on P1's Tuesday".

A card is named by its kind (capitalised), a board by its seat, a day in full."""

from __future__ import annotations

import re

DAYS = {
    "mon": "Monday",
    "tue": "Tuesday",
    "wed": "Wednesday",
    "thu": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}


def seats_named(text: str) -> str:
    """ "p3 filled the week" as the table says it: "P3 filled the week"."""
    return re.sub(r"\bp(\d)\b", r"P\1", text)


def card(kind: str) -> str:
    return str(kind).capitalize()


def day(name: str) -> str:
    return DAYS.get(name, str(name).capitalize())


def describe(action: str, view: dict) -> str | None:
    """``action`` as the table says it; None leaves it to the generic words."""
    w = action.split()
    if len(w) < 2:
        return None
    if w[0] == "chance":
        return "drew a card" if w[1] == "draw" else None  # which card is its owner's secret
    verb = w[1]
    if verb == "play" and len(w) >= 5 and w[2] == "transportation":  # whose stacks change places
        return f"play Transportation: swap {w[0].upper()}'s {day(w[4])} with {w[3].upper()}'s"
    if verb == "play" and len(w) >= 5:
        said = f"play {card(w[2])} on {w[3].upper()}'s {day(w[4])}"
        if len(w) >= 7:
            said += f", taking {card(w[5])} for {card(w[6])}"
        return said
    if verb == "draw":
        return "draw a card"
    if verb == "pass":
        return "pass (no card to draw or play)"
    if verb == "add" and len(w) >= 3:
        return "add " + ", ".join(card(k) for k in w[2:])
    if verb == "next":
        return "next day"
    return None
