"""The games the companion referees: each a package ``companion/games/<id>/`` that declares
``GAME = GameType(...)`` (see companion.engine.registry). Nothing here names a game."""

from __future__ import annotations

from companion.engine.registry import UnknownGame, game_ids, get_game


def get_engine(game: str, pack: str = "default"):
    """A fresh engine for ``game`` with its content pack loaded and validated."""
    return get_game(game).load_engine(pack)


__all__ = ["get_engine", "get_game", "game_ids", "UnknownGame"]
