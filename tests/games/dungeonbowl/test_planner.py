"""Dungeonbowl's planners: the carry model and chest race that score a position, the answers
the planner may decide on, and the dice it leaves to chance as the coach does."""

from __future__ import annotations

import math

import pytest

from companion.games.dungeonbowl.carry import decisions
from companion.games.dungeonbowl.planner import HOLD, Planner, blocked, carry_score, chest_opens, hold, race
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


def test_the_race_with_a_prize_is_the_finders_chance_and_is_even_with_an_even_count():
    assert race(1, 1, HOLD) == pytest.approx(HOLD)
    assert race(2, 1, HOLD) == pytest.approx(0.5 * HOLD + 0.5 * (1 - HOLD))
    for closed in (2, 4, 6):
        assert race(closed, 1, HOLD) == pytest.approx(0.5)


def test_a_carrier_blocked_n_times_keeps_the_ball_less_often_the_more_blocks():
    assert blocked(0) == (1, 0, 0)
    for n in range(8):
        assert sum(blocked(n)) == 1
        assert hold(n + 1) < hold(n)
    assert hold(0) == 1.0 and hold(1) == pytest.approx(1 / 7 + 5 / 14 + 5 / 14 * (1 - HOLD) + 1 / 7 * HOLD)
    assert hold(40) == pytest.approx(HOLD)  # hold = keeps + taken (1 - hold) + loose hold
    keeps, taken, loose = (x / (1 - 5 / 14) for x in (1 / 7, 5 / 14, 1 / 7))
    assert HOLD == pytest.approx(keeps + taken * (1 - HOLD) + loose * HOLD)


def test_a_position_is_scored_by_the_race_from_whoever_opens_next():
    s = to_first_turn()
    assert carry_score(ENGINE, s) == {"p1": 0.5, "p2": 0.5}  # six chests, P1 to open
    play(s, "p1 chest", "p1 open 5")
    opener = ENGINE.prompt(s).options[0]
    play(s, opener, "chance open blast")
    assert ENGINE.prompt(s).kind == "adjacent"  # the blast is still being resolved
    five = race(5, 1, HOLD)
    assert carry_score(ENGINE, s) == pytest.approx({"p2": five, "p1": 1 - five})  # P2 opens next
    play(s, "p1 nobody")
    assert s.turnover
    assert carry_score(ENGINE, s) == pytest.approx({"p2": five, "p1": 1 - five})


def test_a_held_ball_is_scored_by_the_blocks_it_must_live_through():
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 5", "p1 opener p1#2", "chance open ball", "p1 holder", "p1 holds p1#2")
    assert carry_score(ENGINE, s) == pytest.approx({"p1": hold(6), "p2": 1 - hold(6)})  # P2's six block next
    play(s, "p1 end-turn", "p2 block", "p2 attacker p2#1", "p2 defender p1#2", "p2 result push")
    assert carry_score(ENGINE, s) == pytest.approx({"p2": 1 - hold(5), "p1": hold(5)})  # five left to block
    play(s, "p2 end-turn")
    assert carry_score(ENGINE, s) == {"p1": 1.0, "p2": 0.0}  # carried through P2's turn: P1 scores


def test_the_planner_decides_only_what_the_model_lets_a_coach_decide():
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 5", "p1 opener p1#2", "chance open ball", "p1 holder", "p1 holds p1#2")
    prompt = ENGINE.prompt(s)
    view = ENGINE.public_view(s, "p1")
    kept = decisions(view, prompt, list(prompt.options))
    assert "p1 touchdown" in prompt.options and "p1 touchdown" not in kept  # not before P2's turn
    assert {"p1 bounce", "p1 falls", "p1 wall", "p1 trap", "p1 concede"} & set(kept) == set()
    assert {"p1 block", "p1 end-turn", "p1 pass"} <= set(kept)
    assert "p1 touchdown" not in {Planner(seed).choose(ENGINE, s, prompt) for seed in range(5)}
    play(s, "p1 end-turn", "p2 block", "p2 attacker p2#1", "p2 defender p1#2", "p2 result push")
    prompt = ENGINE.prompt(s)
    kept = decisions(ENGINE.public_view(s, "p2"), prompt, list(prompt.options))
    assert "p2 holder" not in kept and "p2 bounce" not in kept  # no taking the ball without a block
    play(s, "p2 block")
    prompt = ENGINE.prompt(s)
    kept = decisions(ENGINE.public_view(s, "p2"), prompt, list(prompt.options))
    assert kept == [f"p2 attacker p2#{n}" for n in range(2, 7)]  # #1 has blocked this turn


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


def test_a_rollout_stops_at_a_chest_only_while_it_may_hold_the_ball():
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 5", "p1 opener p1#2")
    assert chest_opens(ENGINE.prompt(s))
    play(s, "chance open ball", "p1 holder", "p1 holds p1#2", "p1 chest", "p1 open 1", "p1 opener p1#3")
    assert ENGINE.prompt(s).kind == "chest_open" and not chest_opens(ENGINE.prompt(s))  # it can only explode
