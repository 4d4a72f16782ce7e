"""The parts of a fight the fast path keeps or works out once agree with the fight itself, on
every combat prompt of random games played through ``advance`` (the state changed in place):
a roll's kept chance is the fight's own dice, each with its own faces; the reroll question is
asked exactly when the roll, counted with its doubled dice, falls short and a blue crystal is
held."""

from __future__ import annotations

from companion.engine.registry import get_game
from companion.games.dungeon_allies.combat import doubled, need
from tests.games.dungeon_allies.test_open_spaces import fast_games


def test_a_fights_kept_rolls_and_its_reroll_question_are_the_fights_own():
    game = get_game("dungeon-allies")
    engine = game.load_engine()
    rolls = rerolls = questions = 0
    for s, p in fast_games(game, engine, range(1, 13), engine.advance):
        c = s.combat
        if p.kind == "combat":
            dice = [c.dice[s.frames[-1].data["reroll"]]] if "reroll" in s.frames[-1].data else c.dice
            assert [d.kind for d in p.chance.dice] == dice
            for d in p.chance.dice:
                assert d.faces == tuple(str(n) for n in range(1, int(d.kind[1:]) + 1))
            assert p.chance.count == len(dice) and p.chance.die == dice[0]
            rolls += 1
            rerolls += len(dice) == 1 and "reroll" in s.frames[-1].data
        if c is not None and c.values and s.frames[-1].step == "combat" and "reroll" not in s.frames[-1].data:
            # the roll is in: asked to reroll exactly when short of the need and holding blue
            total = sum(v * (2 if why else 1) for v, why in zip(c.values, doubled(engine, s, c)))
            short = total < need(engine, s, c) and s.seat(c.seat).crystals["blue"] > 0
            assert (p.kind == "reroll") == short, (total, need(engine, s, c))
            assert p.kind != "reroll" or p.text == f"{total} of {need(engine, s, c)}: reroll?"
            questions += p.kind == "reroll"
    assert rolls > 200 and rerolls > 5 and questions > 5, (rolls, rerolls, questions)
