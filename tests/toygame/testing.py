"""Using the toy game from a test: registered in this process for the test's length only (so
no other test sees a third game), and named in COMPANION_GAMES for child processes."""

from __future__ import annotations

import os
from pathlib import Path

from companion.engine import registry
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]


def use_toy(monkeypatch) -> registry.GameType:
    """Register the toy game until the test ends; child processes find it by the variable."""
    registry.games()  # scan the real games first
    monkeypatch.setitem(registry._REGISTERED, GAME.id, GAME)
    monkeypatch.setenv(registry.ENV_VAR, "tests.toygame")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))))
    return GAME
