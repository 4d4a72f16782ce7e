"""Kept only while the registry's ``GameType.screens`` for Dungeon Ball still names this
module: the screens live in companion/games/dungeon_ball/screens.py. Delete this file once
companion/games/dungeon_ball/__init__.py says ``screens="companion.games.dungeon_ball.screens"``."""
from companion.games.dungeon_ball.screens import *  # noqa: F401,F403
from companion.games.dungeon_ball.screens import (  # noqa: F401
    NOTICE_AT_TOP, SCREENS, control, level_menu_items, pack_info, screen_after, screen_for)
