"""Dungeon Allies' actions in the table's words (companion.engine.words): for now a trade as
its button says it, the rest in the generic words (no engine verb as it is written)."""
from __future__ import annotations

from companion.games.dungeon_allies.page import page_label


def describe(action: str, view: dict) -> str | None:
    return page_label(action, view.get("pack") or {})
