"""Dungeonbowl's planners: the chest race that scores a position, and the dice the planner
leaves to chance as the coach does."""

from __future__ import annotations

import math

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.planner import Planner, race, race_score
from companion.search.halving import Halving
from tests.games.dungeonbowl.table import ENGINE, play, to_first_turn


def test_the_race_gives_the_team_about_to_open_half_the_chests_it_may_open():
    for closed in range(1, 10):
        assert race(closed, 1) == pytest.approx(math.ceil(closed / 2) / closed)
    assert race(6, 2) == pytest.approx(0.6)
    assert race(3, 0) == 0.0


def test_waiting_never_beats_opening_in_the_race():
    """Ending the turn unopened hands the other team the same race: never better."""
    for closed in range(1, 12):
        for balls in range(1, closed):
            assert race(closed, balls) >= 1.0 - race(closed, balls) - 1e-12


def test_in_coach_games_the_team_that_opens_the_balls_chest_wins_one_chest_a_turn():
    """The premise of the race score: a team finding the ball scores in that turn, and a
    coach opens one chest every turn."""
    for seed in range(20):
        state = ENGINE.new_state(Header("dungeonbowl", seed=seed))
        play_out(ENGINE, state, {"p1": CoachPolicy(seed), "p2": CoachPolicy(seed + 1)}, SeededDice(seed))
        finder = next(c.opener for c in state.chests if c.state == "ball")
        assert state.winner == finder.split("#")[0]
        assert state.stats["chests_opened"] == state.turn


def test_a_position_is_scored_by_the_race_from_whoever_opens_next():
    s = to_first_turn()
    assert race_score(ENGINE, s) == {"p1": 0.5, "p2": 0.5}  # six chests, P1 to open
    play(s, "p1 chest", "p1 open 5")
    opener = ENGINE.prompt(s).options[0]
    play(s, opener, "chance open blast")
    assert ENGINE.prompt(s).kind == "adjacent"  # the blast is still being resolved
    assert race_score(ENGINE, s) == pytest.approx({"p2": 0.6, "p1": 0.4})  # P2 opens next, five left
    play(s, "p1 nobody")
    assert s.turnover
    assert race_score(ENGINE, s) == pytest.approx({"p2": 0.6, "p1": 0.4})


def test_the_ball_held_on_its_teams_turn_is_a_win():
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 5", "p1 opener p1#2", "chance open ball", "p1 holder", "p1 holds p1#2")
    assert race_score(ENGINE, s) == {"p1": 1.0, "p2": 0.0}


def test_the_planner_leaves_a_blocks_result_to_chance_as_the_coach_does(monkeypatch):
    """The table's dice settle a block: the planner answers at random, as the coach, without
    a search (a search would pick the result best for its team every time)."""
    s = to_first_turn()
    play(s, "p1 block")
    play(s, ENGINE.prompt(s).options[0])
    play(s, ENGINE.prompt(s).options[0])
    prompt = ENGINE.prompt(s)
    assert prompt.kind == "block_result"

    def no_search(*args):
        raise AssertionError("a block's result was searched")

    monkeypatch.setattr(Halving, "choose", no_search)
    results = {Planner(seed).choose(ENGINE, s, prompt) for seed in range(30)}
    assert results <= set(prompt.options) and len(results) >= 4
