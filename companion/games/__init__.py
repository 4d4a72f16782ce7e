"""The games the companion referees, each an engine module under companion/games/."""
from __future__ import annotations

from importlib import import_module

GAMES: dict[str, str] = {
    "dungeon-ball": "companion.games.dungeon_ball.engine:DungeonBall",
}


class UnknownGame(LookupError):
    pass


def get_engine(game: str, pack: str = "default"):
    """A fresh engine for ``game`` with its content pack loaded and validated."""
    try:
        target = GAMES[game]
    except KeyError:
        raise UnknownGame(f"unknown game {game!r}; known games: {', '.join(GAMES)}") from None
    module, _, cls = target.partition(":")
    return getattr(import_module(module), cls)(pack)
