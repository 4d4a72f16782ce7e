"""The dungeon's count on the phones' page, as the rulebook keeps it: "If the roll is less than
the number shown ... the monster tile is removed from the board and is out of the game", and
"When a monster is defeated, the player keeps the tile". A lost fight removes a monster without
beating it (the page said "26 left, 2 beaten" after one fight won and one lost)."""

from __future__ import annotations

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.games.dungeon_allies.page import monsters_said


def test_a_lost_fight_removes_a_monster_without_beating_it():
    game = get_game("dungeon-allies")
    engine = game.load_engine()
    for seed in range(1, 40):
        state = engine.new_state(Header("dungeon-allies", seed=seed))
        dice, players = SeededDice(seed), {}
        won = lost = 0
        while not engine.is_over(state):
            prompt = engine.prompt(state)
            if prompt.is_chance:
                action = dice.answer(prompt)
            else:
                player = players.setdefault(prompt.actor, game.load_policy()(seed))
                action = player(engine, engine.public_view(state, prompt.actor), prompt)
            for event in engine.apply(state, action, prompt):
                if event.get("event") == "combat":
                    won += bool(event["won"])
                    lost += not event["won"]
            if won and lost:
                view = engine.public_view(state, None)
                said = monsters_said(view)
                assert said == f"{view['monsters_left']} left, {won + lost} removed ({won} beaten)"
                return
    raise AssertionError("no seeded game had a fight won and a fight lost")


def test_before_any_fight_only_what_is_left_is_said():
    engine = get_game("dungeon-allies").load_engine()
    view = engine.public_view(engine.new_state(Header("dungeon-allies", seed=3)), None)
    assert monsters_said(view) == f"{view['monsters_left']} left"
