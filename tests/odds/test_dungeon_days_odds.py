"""Dungeon Days' odds: the points a placement changes now against the engine's own scores after
the play, the end sampled from a fixed seed (the same every run) and exact when the play ends
the game."""

from __future__ import annotations

import pytest

from companion.games.dungeon_days import odds as days_odds
from companion.odds import advise
from tests.odds.helpers import copy, decisions

GAME = "dungeon-days.game"


def _scores(engine, s):
    return dict(engine.summary(s)["scores"])


def test_the_points_now_are_the_engines_scores_after_each_play():
    checked = 0
    for _, engine, s in list(decisions(GAME))[::3]:  # every third decision: a hint plays games out
        advice = advise(engine, s)
        seat = advice.seat
        before = _scores(engine, s)
        for option in advice.options:
            t = copy(engine, s)
            engine.apply(t, option.action)
            after = _scores(engine, t)
            if option.action.split()[1] != "play":
                assert option.mean == 0
                continue
            gain = {k: after[k] - before[k] for k in before}
            assert option.mean == gain[seat] - max(v for k, v in gain.items() if k != seat), option.action
            checked += 1
    assert checked > 5


def _last_play():
    last = None
    for upto, engine, s in decisions(GAME):
        last = (upto, engine, s)
    return last


def test_a_play_that_ends_the_game_is_won_or_lost_for_sure():
    upto, engine, s = _last_play()
    advice = advise(engine, s)
    ending = []
    for option in advice.options:
        t = copy(engine, s)
        engine.apply(t, option.action)
        if engine.is_over(t) and option.p is not None:
            ending.append(option)
            assert option.p == (0.5 if t.draw else float(t.winner == advice.seat))
            assert option.error == 0
    assert ending, "the example's last decision has a play that ends the game"


def test_the_same_answer_every_run_and_sampled_with_its_error():
    _, engine, s = next(d for d in decisions(GAME) if d[0] > 4)
    first, second = advise(engine, s), advise(engine, copy(engine, s))
    assert first.as_dict() == second.as_dict()
    assert not first.exact and first.samples == days_odds.samples(2) == 12
    assert any(o.error > 0 for o in first.options)


def test_the_other_hands_and_the_deck_order_do_not_change_the_advice():
    _, engine, s = next(d for d in decisions(GAME) if all(x.hand for x in d[2].seats))
    advice = advise(engine, s).as_dict()
    other = copy(engine, s)
    them = next(x for x in other.seats if x.id != advice["seat"])
    pool = sorted(them.hand + other.deck, reverse=True)
    them.hand, other.deck = pool[: len(them.hand)], pool[len(them.hand) :]
    assert them.hand != next(x for x in s.seats if x.id != advice["seat"]).hand
    assert advise(engine, other).as_dict() == advice


@pytest.mark.slow  # test_odds_command answers at every decision of this file in the fast tier
def test_odds_answers_at_every_decision_of_the_example_game():
    for _, engine, s in decisions(GAME):
        advice = advise(engine, s)
        assert [o.action for o in advice.options] == engine.legal_actions(s)


def test_margin_is_against_the_best_other_board():
    assert days_odds.margin({"p1": 10, "p2": 7, "p3": 5}, "p1") == 3
    assert days_odds.margin({"p1": 10, "p2": 7, "p3": 5}, "p3") == -5
