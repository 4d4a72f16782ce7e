"""Dungeonbowl's actions in the table's words (companion.engine.words): a turn's event as the
device's chooser names it ("send in #7" for ``p1 teleport-in 7``), an answer as its list
says it ("P1 #4", "knocked into a trap")."""

from __future__ import annotations

from companion.games.dungeonbowl.screens_text import LABELS, event_label, option_label


def describe(action: str, view: dict) -> str | None:
    w = action.split()
    if len(w) < 2 or w[0] == "chance":
        return None
    if w[1] in LABELS or w[1] in ("teleport-in", "sponge"):
        return event_label(action)
    return option_label({"actor": w[0]}, action)
