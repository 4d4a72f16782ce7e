"""The root by sequential halving: answers raced on common samples, the budget kept, ties to
the heuristic's answer, and a planner that searches this way finds the winning move."""

from __future__ import annotations

import random

import pytest

from companion.search.evaluate import lead_score
from companion.search.halving import Halving
from companion.search.planner import Planner
from tests.search.test_planner import First, Race, RaceEngine


def noisy(best: str, edge: float, calls: list):
    """Each seed's luck (up to 1) is the same whatever the answer; ``best`` adds ``edge``."""

    def value(answer: str, seed: int) -> float:
        calls.append((answer, seed))
        luck = random.Random(seed).random()
        return luck + (edge if answer == best else 0.0)

    return value


def test_a_small_edge_shows_through_the_luck_because_every_answer_meets_the_same_seeds():
    answers = [f"a{i}" for i in range(8)]
    for trial in range(20):
        calls: list = []
        pick = Halving(noisy("a5", 0.01, calls), 48).choose(answers, "a0", random.Random(trial))
        assert pick == "a5"
        by_answer: dict[str, set] = {}
        for answer, seed in calls:
            by_answer.setdefault(answer, set()).add(seed)
        assert all(seeds <= by_answer["a5"] for seeds in by_answer.values())


def test_the_budget_is_spent_in_rounds_that_halve_the_field():
    calls: list = []
    Halving(noisy("a1", 0.1, calls), 64).choose([f"a{i}" for i in range(8)], None, random.Random(0))
    tried = [len({a for a, _ in calls if a == f"a{i}"}) for i in range(8)]
    assert all(tried)
    assert len(calls) <= 64 + 8
    per_answer = {f"a{i}": sum(1 for a, _ in calls if a == f"a{i}") for i in range(8)}
    assert per_answer["a1"] == max(per_answer.values()) > min(per_answer.values())


def test_equal_answers_go_to_the_heuristics_and_a_bonus_keeps_it_against_a_smaller_edge():
    calls: list = []
    answers = ["x", "y", "z"]
    assert Halving(lambda a, seed: 0.5, 12).choose(answers, "z", random.Random(0)) == "z"
    assert Halving(noisy("y", 0.01, calls), 30, bonus=0.02).choose(answers, "x", random.Random(0)) == "x"
    assert Halving(noisy("y", 0.03, calls), 30, bonus=0.02).choose(answers, "x", random.Random(0)) == "y"


class RacePlanner(Planner):
    sample = staticmethod(lambda engine, s, seat, rng: Race(s.count, s.turn))
    rollout_policy = First
    score = staticmethod(lead_score(lambda e, s: {"p1": 0, "p2": 0}, 1.0))
    depth = 100
    views = False
    search = "halving"
    iterations = 200


@pytest.mark.parametrize(
    "count, winning", [(8, "p1 add 2"), (9, "p1 add 1"), (6, "p1 add 1"), (5, "p1 add 2")]
)
def test_a_halving_planner_finds_the_winning_move(count, winning):
    engine, state = RaceEngine(), Race(count, "p1")
    assert RacePlanner(3).choose(engine, state, engine.prompt(state)) == winning


def test_a_wide_choice_is_cut_to_the_heuristics_answer_and_the_best_ranked():
    planner = type("Wide", (RacePlanner,), {"widest": 3})(0)
    planner.rank = lambda engine, view, prompt, answers: sorted(answers, reverse=True)
    answers = [f"p1 add {n}" for n in range(1, 8)]
    kept = planner.shortlist(
        RaceEngine(), Race(0, "p1"), RaceEngine().prompt(Race(0, "p1")), answers, "p1 add 2"
    )
    assert kept == ["p1 add 2", "p1 add 7", "p1 add 6"]


def test_a_ruled_kind_takes_the_rankings_first_answer_without_a_search():
    calls = []

    def rank(engine, view, prompt, answers):
        calls.append(prompt.kind)
        return sorted(answers, reverse=True)

    ruled = type("Ruled", (RacePlanner,), {"rank": staticmethod(rank), "ruled": frozenset({"add"})})
    engine, state = RaceEngine(), Race(8, "p1")
    assert ruled(0).choose(engine, state, engine.prompt(state)) == "p1 add 2"
    state = Race(0, "p1")
    assert ruled(0).choose(engine, state, engine.prompt(state)) == "p1 add 2"  # unsearched: not the win
    assert calls == ["add", "add"]


class Ones:
    """A heuristic that always adds one."""

    def __init__(self, seed):
        pass

    def __call__(self, engine, view, prompt):
        return prompt.options[0]


def test_a_guided_kind_takes_the_guides_answer_without_a_search():
    guided = type("Guided", (RacePlanner,), {"guide_policy": Ones, "guided": frozenset({"add"})})
    engine, state = RaceEngine(), Race(8, "p1")
    assert RacePlanner(3).choose(engine, state, engine.prompt(state)) == "p1 add 2"  # the win, searched
    assert guided(3).choose(engine, state, engine.prompt(state)) == "p1 add 1"  # the guide's, unsearched


def test_a_rollout_stops_where_told_and_scores_the_position_there():
    """``stop``: the rollout scores at the first prompt where it holds, however deep the rest."""
    reached = []

    def score(engine, s):
        reached.append(s.count)
        return {"p1": 0.25, "p2": 0.75}

    scored = type("Scored", (RacePlanner,), {"score": staticmethod(score)})
    stopped = type("Stopped", (scored,), {"stop": staticmethod(lambda prompt: prompt.actor == "p2")})
    engine, state = RaceEngine(), Race(0, "p1")
    stopped(0).choose(engine, state, engine.prompt(state))
    assert reached and set(reached) <= {1, 2}  # p1's answer played, stopped at p2's first turn
    reached.clear()
    scored(0).choose(engine, state, engine.prompt(state))
    assert not reached  # without it the rollouts play to the goal: no position scored


def test_a_focus_narrows_the_race_and_a_single_answer_is_played_unsearched():
    seen = []

    def focus(engine, view, prompt, answers, favourite):
        seen.append((list(answers), favourite))
        return [a for a in answers if a.endswith("1")]

    focused = type("Focused", (RacePlanner,), {"focus": staticmethod(focus)})
    engine, state = RaceEngine(), Race(8, "p1")
    assert focused(0).choose(engine, state, engine.prompt(state)) == "p1 add 1"  # "add 2" wins, but is cut
    assert seen == [(["p1 add 1", "p1 add 2"], None)]

    searched = []
    picky = type(
        "Picky", (focused,), {"sample": staticmethod(lambda e, s, seat, rng: searched.append(1) or s)}
    )
    state = Race(8, "p1")
    assert picky(0).choose(engine, state, engine.prompt(state)) == "p1 add 1"
    assert len(searched) == 1  # the legal answers' one sample; no simulation


def test_a_focus_that_keeps_nothing_leaves_every_answer_in_the_race():
    empty = type("Empty", (RacePlanner,), {"focus": staticmethod(lambda *a: [])})
    engine, state = RaceEngine(), Race(8, "p1")
    assert empty(0).choose(engine, state, engine.prompt(state)) == "p1 add 2"


def test_a_rollout_past_its_depth_goes_on_to_a_position_the_cut_allows():
    from companion.search.evaluate import Rollout

    judged = []

    def score(engine, s):
        judged.append(s.count)
        return {"p1": 0.5, "p2": 0.5}

    ones = lambda seat: lambda engine, view, prompt: prompt.options[0]  # noqa: E731
    engine = RaceEngine()
    for cut, stops_at in ((None, 2), (lambda e, s: s.count % 3 == 0, 3)):
        judged.clear()
        state = Race(0, "p1")
        Rollout(ones, score, 2, views=False, cut=cut).evaluate(
            engine, state, engine.prompt(state), random.Random(0)
        )
        assert judged == [stops_at]
