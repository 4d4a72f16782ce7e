"""Every game's new-game menu on the device offers both planners for a seat, and a game
started with one seats it."""

from __future__ import annotations

import pytest

from companion.device.app import DeviceApp
from companion.engine.registry import get_game
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import open_display

GAMES = ("dungeon-ball", "dodgeball", "dungeonbowl", "dungeon-days", "dungeon-allies")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seat_menu_offers_the_planners(tmp_path, game_id):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.menu_choice("new")
    app.menu_choice(game_id)
    hints = []
    for _ in range(len(get_game(game_id).policy_names())):
        app.menu_choice("seat-p2")
        hints.append(next(it for it in app.menu.menu["items"] if it["id"] == "seat-p2")["hint"])
    assert "computer player: planner. OK: next" in hints
    assert "computer player: planner-strong. OK: next" in hints
    assert hints[-1] == "computer player: planner-strong. OK: next"  # the last one offered
    app.menu_choice("start")
    assert session.header.options["seats"] == {"p2": "computer:planner-strong"}
    assert session.computers == {"p2": "planner-strong"}
