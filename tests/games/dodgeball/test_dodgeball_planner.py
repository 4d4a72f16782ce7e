"""Dodgeball's planners: in a turn they search only the throws and the end of the turn (the
court is organised as the coach organises it), so a planner's turn ends and its games end."""

from __future__ import annotations

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games.dodgeball.coach import CoachPolicy
from companion.games.dodgeball.planner import Planner, focus, rank
from tests.games.dodgeball.court import court, play


def test_an_organising_move_of_the_coach_is_played_and_else_only_throws_and_the_end_race():
    g, s = court(strays=(3, 3))
    prompt = g.prompt(s)
    answers = list(prompt.options)
    view = g.public_view(s, "p1")
    assert focus(g, view, prompt, answers, "p1 give rita") == ["p1 give rita"]
    play(g, s, "p1 give rita")
    prompt = g.prompt(s)
    kept = focus(g, g.public_view(s, "p1"), prompt, list(prompt.options), "p1 throw rita vix")
    assert kept == [a for a in prompt.options if a.split()[1] == "throw"]  # a throw is due: no end
    assert len(kept) == 6 < len(prompt.options)


def test_the_throws_rank_by_the_coachs_chance_of_a_hit():
    g, s = court(p2_off=("vix", "lena"), strays=(3, 3))
    play(g, s, "p1 give rita")
    prompt = g.prompt(s)
    view = g.public_view(s, "p1")
    ranked = rank(g, view, prompt, list(prompt.options))
    throws = [a for a in ranked if a.split()[1] == "throw"]
    coach = CoachPolicy(0)
    chances = [coach.hit_chance(g, view, "p1", a.split()[2], a.split()[3]) for a in throws]
    assert chances == sorted(chances, reverse=True) and len(set(chances)) >= 2
    assert ranked[: len(throws)] == throws  # the organising moves after them


def test_a_planners_games_against_the_coach_end():
    """A search over organising moves, its rollouts short, undid them one after another and
    never ended a turn (seed 7001)."""
    small = type("Short", (Planner,), {"iterations": 16, "depth": 4})
    engine = court()[0]
    for seed in (7001, 2):
        state = engine.new_state(Header("dodgeball", seed=seed))
        seats = {"p1": small(seed), "p2": CoachPolicy(seed + 1)}
        actions = play_out(engine, state, seats, SeededDice(seed), max_actions=1500)
        assert engine.is_over(state) and len(actions) < 1500
