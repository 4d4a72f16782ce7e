"""Dodgeball's odds against brute force: each card the other coach may hold (and each line and
action it may take) forced in turn and played through the engine, the duel's result read from
the engine's own events."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from companion.games.dodgeball import odds as dodge_odds
from companion.odds import advise
from tests.odds.helpers import at, copy, decisions

GAME = "dodgeball.game"
RUSH_CARD, THROW_CARD, DEFENDER_CARD, DEFEND = 3, 17, 18, 19


def _without_deceive(engine, s, seat):
    """``seat``'s cards with every DECEIVE made a +3 (a replay is another duel)."""
    c = s.coach(seat)
    c.hand = ["+3" if x == "DECEIVE" else x for x in c.hand]
    c.deck = ["+3" if x == "DECEIVE" else x for x in c.deck]
    if c.pick == "DECEIVE":
        c.pick = "+3"


def _force(s, seat, card, picked: bool):
    """``seat`` holds ``card`` (in hand, or as its face-down card when ``picked``)."""
    c = s.coach(seat)
    where = c.hand if card in c.hand else c.deck
    where.remove(card)
    if picked:
        where.append(c.pick)
        c.pick = card
    elif where is c.deck:
        c.deck.append(c.hand.pop())
        c.hand.append(card)
    else:
        c.hand.append(card)


def _outs(s):
    return {c.id: len(c.out) for c in s.coaches}


def _situation(upto: int, clean: str):
    """The example at ``upto`` with ``clean``'s DECEIVEs made +3; its advice, the pool the seat
    to act has not seen and that pool's size."""
    engine, s = at(GAME, upto)
    s = copy(engine, s)
    _without_deceive(engine, s, clean)
    advice = advise(engine, s)
    pool = dodge_odds.unseen(s, advice.seat)
    return engine, s, advice, pool, sum(pool.values())


def _result(events) -> str:
    return next(e["result"] for e in events if e.get("event") == "outcome")


def _play(engine, t, actions):
    events = []
    for action in actions:
        events += engine.apply(t, action)
    return events


def test_defending_matches_every_thrower_card_played_through_the_engine():
    engine, s, advice, pool, n = _situation(DEFEND, "p2")
    for option in advice.options:
        safe = net = 0.0
        for card, k in pool.items():
            t = copy(engine, s)
            _force(t, "p2", card, picked=True)
            before = _outs(t)
            result = _result(_play(engine, t, [option.action]))
            after = _outs(t)
            safe += k / n * (result != "hit")
            net += k / n * ((after["p2"] - before["p2"]) - (after["p1"] - before["p1"]))
        assert option.p == pytest.approx(safe), option.action
        assert option.mean == pytest.approx(net), option.action


def test_a_throw_card_matches_every_card_and_action_of_the_target_played_through_the_engine():
    engine, s, advice, pool, n = _situation(THROW_CARD, "p1")
    checked = 0
    for option in advice.options:
        if "DECEIVE" in option.action:
            continue
        hit = 0.0
        for card, k in pool.items():
            t = copy(engine, s)
            engine.apply(t, option.action)
            _force(t, "p1", card, picked=False)
            engine.apply(t, f"p1 play {card}")
            actions = engine.legal_actions(t)
            for action in actions:
                hit += k / n / len(actions) * (_result(_play(engine, copy(engine, t), [action])) == "hit")
        assert option.p == pytest.approx(hit), option.action
        checked += 1
    assert checked >= 2


def test_a_rush_card_matches_every_line_and_card_of_the_other_coach_played_through_the_engine():
    engine, s, advice, pool, n = _situation(RUSH_CARD, "p2")
    lines = list(combinations(sorted(s.coach("p2").players), 2))
    for option in advice.options:
        win = 0.0
        for card, k in pool.items():
            for line in lines:
                t = copy(engine, s)
                engine.apply(t, option.action)
                engine.apply(t, f"p2 forward {' '.join(line)}")
                _force(t, "p2", card, picked=False)
                ev = engine.apply(t, f"p2 play {card}")
                winner = next(e["winner"] for e in ev if e.get("event") == "reveal")
                win += k / n / len(lines) * (1.0 if winner == "p1" else 0.5 if winner is None else 0.0)
        assert option.p == pytest.approx(win), option.action


def test_the_targets_card_then_its_best_action_matches_the_engine():
    engine, s, advice, pool, n = _situation(DEFENDER_CARD, "p2")
    for option in advice.options:
        if "DECEIVE" in option.action:
            continue
        t = copy(engine, s)
        engine.apply(t, option.action)
        safest = 0.0
        for action in engine.legal_actions(t):
            safe = 0.0
            for card, k in pool.items():
                u = copy(engine, t)
                _force(u, "p2", card, picked=True)
                safe += k / n * (_result(engine.apply(u, action)) != "hit")
            safest = max(safest, safe)
        assert option.p == pytest.approx(safest), option.action


@pytest.mark.parametrize("upto", [RUSH_CARD, THROW_CARD, DEFENDER_CARD, DEFEND])
def test_the_other_coachs_hand_and_face_down_card_do_not_change_the_advice(upto):
    engine, s = at(GAME, upto)
    seat = engine.prompt(s).actor
    advice = advise(engine, s).as_dict()
    other = copy(engine, s)
    them = other.other(seat)
    pool = sorted(them.hand + them.deck + ([them.pick] if them.pick else []), reverse=True)
    them.hand, pool = pool[: len(them.hand)], pool[len(them.hand) :]
    if them.pick:
        them.pick, pool = pool[0], pool[1:]
    them.deck = pool
    assert Counter(them.hand) != Counter(s.other(seat).hand) or them.pick != s.other(seat).pick
    assert advise(engine, other).as_dict() == advice


def test_a_second_deceive_counts_half():
    engine, s = at(GAME, DEFEND)
    s = copy(engine, s)
    p1 = s.coach("p1")
    p1.pick, p1.hand = "DECEIVE", ["DECEIVE"]
    s.coach("p2").hand, s.coach("p2").deck, s.coach("p2").pick = ["DECEIVE"], [], "DECEIVE"
    advice = advise(engine, s)
    assert all(o.p == pytest.approx(0.5) for o in advice.options)


def test_odds_answers_at_every_decision_of_the_example_game():
    for _upto, engine, s in decisions(GAME):
        advice = advise(engine, s)
        assert [o.action for o in advice.options] == engine.legal_actions(s)
