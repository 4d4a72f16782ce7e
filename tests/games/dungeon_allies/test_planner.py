"""Dungeon Allies' planners: a rollout is scored only once the turn's placements are settled,
the score weighs what a turn brings besides points, and placements race in the sensible
player's order of worth."""

from __future__ import annotations

import random

import pytest

from companion.games.dungeon_allies.planner import Planner, between_turns, rank, worth_points
from companion.games.dungeon_allies.policies import SensiblePolicy
from companion.search.evaluate import Rollout
from tests.games.dungeon_allies.table import engine, give, play, set_up


def test_a_rollout_cut_short_is_scored_only_with_no_die_on_the_board():
    g = engine()
    s = set_up(g)
    play(g, s, g.prompt(s).options[0])  # p1's first die placed
    assert s.placed and not between_turns(g, s)
    reached = []

    def score(engine, state):
        reached.append((len(state.placed), state.turn))
        return {"p1": 0.5, "p2": 0.5}

    players = {seat: SensiblePolicy(i) for i, seat in enumerate(("p1", "p2"))}
    Rollout(players.get, score, 1, cut=Planner.cut).evaluate(g, s, g.prompt(s), random.Random(0))
    assert reached == [(0, 2)]  # the first turn settled, the second not begun


def test_the_score_weighs_crystals_and_dice_besides_points():
    g = engine()
    s = set_up(g)
    base = worth_points(g, s)
    assert base["p1"] == base["p2"]
    s.seat("p1").crystals["green"] += 1
    assert worth_points(g, s)["p1"] > base["p1"]
    richer = worth_points(g, s)["p1"]
    s.seat("p1").allies[0].die = "d8"  # a step up from the d6
    assert worth_points(g, s)["p1"] > richer
    s.seat("p2").gold += 3
    assert worth_points(g, s)["p2"] == pytest.approx(base["p2"] + 3.3)


def test_placements_race_in_the_sensible_players_order_of_worth():
    g = engine()
    s = set_up(g)
    prompt = g.prompt(s)
    view = g.public_view(s, prompt.actor)
    ranked = rank(g, view, prompt, list(prompt.options))
    me = view["seats"][prompt.actor]
    worth = [
        SensiblePolicy(0).value(g, view, me, a.split()[2], a.split()[3]) for a in ranked if "peek" not in a
    ]
    assert worth == sorted(worth, reverse=True) and worth[0] > worth[-1]
    assert sorted(ranked) == sorted(prompt.options)


def test_no_computer_spends_a_red_crystal_to_look_under_tiles_of_a_real_board():
    """The device sees under no tile of a real board: a peek there buys the computer nothing
    (it looked four times a turn, its red crystals gone for no monster seen); the planner,
    guided by the sensible player, does not weigh one either."""
    g = engine()
    chose = {}
    for board in ("digital", "real"):
        s = set_up(g, board=board)
        give(s, "p1", red=4)
        p = g.prompt(s)
        assert "p1 place red peek" in p.options
        view = g.public_view(s, "p1")
        chose[board] = {SensiblePolicy(seed)(g, view, p) for seed in range(3)}
        chose[board] |= {Planner(seed).choose(g, s, p) for seed in range(3)}
    assert "p1 place red peek" in chose["digital"]  # where it shows a monster, it is worth it
    assert not any(a.endswith(" peek") for a in chose["real"]), chose["real"]
