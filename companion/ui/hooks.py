"""Where the generic UI finds a game's own screens: the module the registry names
(``GameType.screens``), imported on first use so a Pi starts fast.

A game's screens module may define any of: ``SCREENS`` (name -> screen function),
``screen_for(model) -> name | None``, ``screen_after(events) -> name | None``,
``pack_info(engine) -> dict``, ``control(prompt) -> Control | None``, ``option_label(prompt,
option) -> str`` (an option as the generic list shows it), ``dealt_text(action, pack) -> str``
(a card the device drew for a person, shown to them), ``NOTICE_AT_TOP`` (the
screens whose bottom rows are a status strip, so a notice goes over the title instead).
Whatever it leaves out, the generic screens and controls do (docs/screens.md).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from types import ModuleType

from companion.engine.registry import UnknownGame, get_game


@cache
def screens_module(game: str | None) -> ModuleType | None:
    """The game's screens module, or None (no game, an unknown one, or no screens of its own)."""
    if not game:
        return None
    try:
        target = get_game(game).screens
    except UnknownGame:
        return None
    return import_module(target) if target else None


def game_hook(game: str | None, name: str) -> Callable | None:
    """The game's function ``name`` from its screens module, or None (no game, or the game
    leaves it to the generic screens and controls)."""
    return getattr(screens_module(game), name, None)
