"""The sensible player keeps the odds of the fights it weighs for the view it weighs them in:
kept odds are the odds worked out afresh, view after view of a game."""

from __future__ import annotations

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.games.dungeon_allies.policies import SensiblePolicy


def test_the_kept_odds_of_every_fight_are_the_odds_worked_out_afresh():
    engine = get_game("dungeon-allies").load_engine()
    state = engine.new_state(Header("dungeon-allies", seed=3))
    dice, players = SeededDice(3), {"p1": SensiblePolicy(1), "p2": SensiblePolicy(2)}
    weighed, prompt = 0, engine.prompt(state)
    while prompt is not None:
        if prompt.is_chance:
            action = dice.answer(prompt)
        else:
            player = players[prompt.actor]
            view = engine.public_view(state, prompt.actor)
            if prompt.kind == "place":
                me = view["seats"][prompt.actor]
                for tile in view["tiles"]:
                    for ally in me["allies"]:
                        on = player.dice_on(engine, view, me, tile["square"], ally["die"])
                        kept = player.fight_odds(engine, view, me, tile, on)
                        assert kept == player.work_odds(engine, view, me, tile, on)
                        assert player.fight_odds(engine, view, me, tile, on) is kept
                        weighed += 1
            action = player(engine, view, prompt)
        engine.apply(state, action, prompt)
        prompt = None if engine.is_over(state) else engine.prompt(state)
    assert weighed > 500
