"""Screens and button handling for the 128x64 one-bit OLED (see docs/screens.md).

* ``render(model) -> PIL.Image`` (companion.ui.screens): the frame for a model dict.
* ``build_model(engine, state, viewer, ui=..., notice=...)`` (companion.ui.model).
* ``PromptController`` / ``MenuController`` (companion.ui.controls): buttons -> action lines.
* ``NewGameForm`` (companion.ui.newgame): the new-game menu from the registry.

Nothing here names a game: a game's own screens are found through the registry
(companion.ui.hooks).
"""

from companion.ui.controls import MenuController, PromptController, main_menu
from companion.ui.model import build_model, pack_info, prompt_dict, screen_after
from companion.ui.screens import render, screen_name

__all__ = [
    "MenuController",
    "PromptController",
    "build_model",
    "main_menu",
    "pack_info",
    "prompt_dict",
    "render",
    "screen_after",
    "screen_name",
]
