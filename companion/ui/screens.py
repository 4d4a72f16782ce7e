"""Screens: pure functions ``(model: dict) -> PIL.Image.Image`` (mode "1", 128x64).

No I/O, no clock, no randomness: the same model always gives the same pixels (golden PNGs in
tests/ui/golden/ pin every screen). ``render(model)`` picks the screen; each screen function
can also be called directly. The model's keys are described in ``companion/ui/model.py``.

The menu screens live in ``companion/ui/menus.py``, the generic game screens in
``companion/ui/generic.py``; a game's own screens in the module its registry entry names
(``GameType.screens``, found through companion.ui.hooks), which may override any generic one.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from companion.ui import generic, join, menus
from companion.ui.draw import Canvas, H
from companion.ui.hooks import game_hook, screens_module

Screen = Callable[[dict], Image.Image]


# ---------------------------------------------------------------------------- dispatch

MENUS: dict[str, Screen] = {**menus.SCREENS, **join.SCREENS}
# every screen that needs no game: the menus and the generic game screens
GENERIC: dict[str, Screen] = {**MENUS, **generic.SCREENS}


def screen_name(model: dict) -> str:
    """Which screen ``render`` draws for this model: ``model["screen"]``, else the game's
    ``screen_for``, else the generic game screen for the prompt (a game without screens of its
    own still plays), else an empty message."""
    name = model.get("screen")
    if name:
        return name
    game = model.get("game")
    if not game:
        return "message"
    pick = game_hook(game, "screen_for")
    name = pick(model) if pick else None
    if name:
        return name
    return generic.screen_for(model)


def screen_function(name: str, game: str | None = None) -> Screen:
    """The game's own screen of that name, else the generic one."""
    own = getattr(screens_module(game), "SCREENS", {})
    if name in own:
        return own[name]
    if name in GENERIC:
        return GENERIC[name]
    raise KeyError(f"no screen {name!r}" + (f" for {game}" if game else ""))


def render(model: dict) -> Image.Image:
    """The frame for ``model``: its screen, with ``model["notice"]`` as a banner if set: across
    the bottom, or, on a screen whose bottom rows are a status strip (the game's
    ``NOTICE_AT_TOP``, the generic game screens), across the top over the title, so the score
    stays in sight."""
    name = screen_name(model)
    game = model.get("game")
    im = screen_function(name, game)(model)
    notice = model.get("notice")
    if notice:
        own = screens_module(game)
        at_top = name in getattr(own, "NOTICE_AT_TOP", ()) or (
            name not in getattr(own, "SCREENS", {}) and name in generic.NOTICE_AT_TOP
        )
        Canvas(im).banner(str(notice), bottom=10 if at_top else H - 1)
    return im


def all_screen_names(game: str | None = None) -> list[str]:
    """The generic screens' names, then the game's own."""
    names = list(GENERIC)
    own = getattr(screens_module(game), "SCREENS", {})
    return names + [n for n in own if n not in names]
