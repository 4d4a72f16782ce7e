"""The parts of Dungeon Ball's engine kept quick for simulation (prompts made once and kept,
a hand's cards sorted once, the roll's part of the view) say what the rules and the full view
say, in every position of seeded random games."""

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.games.dungeon_ball import flow
from companion.games.dungeon_ball.engine import VIEW_KEYS
from companion.games.dungeon_ball.policies import RandomPolicy
from tests.games.dungeon_ball_table import engine

SEEDS = range(1, 7)


def positions(seed: int):
    """Every (state, prompt) of a seeded random two-player game, before its action is taken;
    kicking by luck for one seat and by skill for the other, so both kicks come up."""
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=seed, options={"kicking": {"p1": "luck", "p2": "skill"}}))
    players = {seat: RandomPolicy(seed * 7 + i) for i, seat in enumerate(("p1", "p2"))}
    dice = SeededDice(seed)
    p = g.prompt(s)
    while p is not None:
        yield s, p
        if p.is_chance:
            action = dice.answer(p)
        else:
            action = players[p.actor](g, g.public_view(s, p.actor), p)
        p = g.apply_trusted(s, action, p)[1]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_window_offers_exactly_the_cards_the_rules_allow(seed):
    g = engine()
    windows = 0
    for s, p in positions(seed):
        if not p.kind.endswith("_window"):
            continue
        windows += 1
        window = p.kind.removesuffix("_window")
        hand = s.player(p.actor).hand
        allowed = {cid for cid in hand if g.abilities.why_not(s, p.actor, cid, window) is None}
        offered = {o.split()[2] for o in p.options if o.split()[1] == "card"}
        assert offered == allowed, (seed, p.actor, window, hand, p.options)
    assert windows > 10


@pytest.mark.parametrize("seed", SEEDS)
def test_the_huddle_offers_what_huddle_options_lists(seed):
    g = engine()
    huddles = 0
    for s, _ in positions(seed):
        if s.step != "huddle" or len(s.frames) > 1:
            continue
        huddles += 1
        listed = tuple(flow.huddle_options(g, s))
        asked = flow.huddle_prompt(g, s)
        if len(listed) == 1:
            assert asked is None
        else:
            assert asked.options == listed and asked.actor == s.offense, (seed, s.down, s.ball)
            assert asked.text.startswith(
                f"{s.offense}, " + ("final play" if s.final_play else f"down {s.down}")
            )
    assert huddles > 10


@pytest.mark.parametrize("seed", SEEDS)
def test_the_roll_part_of_the_view_is_the_plays_kind_colour_and_dice(seed):
    g = engine()
    rolls = 0
    for s, p in positions(seed):
        if p.kind not in ("keep", "pick"):
            continue
        rolls += 1
        whole = g.public_view(s, p.actor)
        part = g.public_view(s, p.actor, ("roll",))
        assert part == {"roll": {key: whole["play"][key] for key in ("kind", "colour", "dice")}}
        assert "roll" not in whole and set(whole) == set(VIEW_KEYS)
    assert rolls > 10
