"""Dungeon Ball solo level VII: the planner plays the other side, as a player, instead of the
AI deck; every way a game is started (the session, the sim) seats it."""

from __future__ import annotations

from companion.engine.core import Header
from companion.engine.registry import get_game
from companion.games.dungeon_ball.options import computers
from companion.session import computer_seats


def test_level_vii_is_a_game_against_the_planner_not_the_deck():
    game = get_game("dungeon-ball")
    engine = game.load_engine()
    header = Header("dungeon-ball", seed=3, options={"solo": "VII", "players": 1})
    state = engine.new_state(header)
    assert state.solo == {}  # no AI deck
    assert computer_seats(header) == {"p2": "planner"}
    asked = set()
    prompt = engine.prompt(state)
    for _ in range(40):  # p2 is asked like any player
        if not prompt.is_chance:
            asked.add(prompt.actor)
        option = (
            prompt.chance.outcomes()[0]
            if prompt.is_chance
            else (prompt.options or engine.legal_actions(state))[0]
        )
        prompt = engine.apply_trusted(state, option, prompt)[1]
    assert "p2" in asked
    assert computer_seats(Header("dungeon-ball", options={"solo": "III", "players": 1})) == {}
    assert computers({"solo": {"level": "vii"}}) == {"p2": "planner"}
