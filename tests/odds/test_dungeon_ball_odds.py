"""Dungeon Ball's odds against brute force: every reroll, every first roll and every later
choice played through the engine itself, each outcome of the dice enumerated."""

from __future__ import annotations

import pytest

from companion.games.dungeon_ball import odds as ball_odds
from companion.games.dungeon_ball import rolls
from companion.odds import advise
from tests.odds.helpers import at, copy, decisions, expectimax, ordered_outcomes

GAME = "short-game.game"


def _met(engine, s) -> int:
    need = engine.pack.requirements[s.play.colour]
    return rolls.icon_total(s.play, need.icon, engine.icon_tables[need.icon]) // need.count


def _after_roll(engine, s, action):
    """[(state after the dice, probability)] for ``action`` and every outcome of the roll it asks."""
    s = copy(engine, s)
    engine.apply(s, action)
    p = engine.prompt(s)
    if not p.is_chance:
        return [(s, 1.0)]
    out = []
    for outcome, q in ordered_outcomes(p.chance):
        t = copy(engine, s)
        engine.apply(t, outcome)
        out.append((t, q))
    return out


def _keep_state():
    """Short game, action 30: p1's red play, seven dice, one a time die, one reroll left."""
    engine, s = at(GAME, 30)
    assert engine.prompt(s).kind == "keep"
    return engine, s


def test_every_reroll_of_up_to_three_dice_matches_the_engine_enumerated():
    engine, s = _keep_state()
    advice = advise(engine, s)
    checked = 0
    for option in advice.options:
        if len(option.action.split()) > 5:  # rerolls of four or more dice: covered below by multisets
            continue
        p = mean = 0.0
        for t, q in _after_roll(engine, s, option.action):
            met = _met(engine, t)
            p += q * (met >= 1)
            mean += q * met
        assert option.p == pytest.approx(p, abs=1e-9), option.action
        assert option.mean == pytest.approx(mean, abs=1e-9), option.action
        checked += 1
    assert checked == 1 + 6 + 15 + 20  # stop, and every set of one, two and three of six dice


def test_the_time_die_is_never_offered_and_the_best_reroll_keeps_the_cleats():
    engine, s = _keep_state()
    advice = advise(engine, s)
    time_at = [str(i + 1) for i, face in enumerate(s.play.dice) if face == "time"]
    assert time_at and all(time_at[0] not in o.action.split()[2:] for o in advice.options)
    rerolled = advice.best.split()[2:]
    assert all(s.play.dice[int(i) - 1] not in ("cleat", "time") for i in rerolled)
    assert advice.exact and advice.samples == 0


@pytest.mark.parametrize(
    "colour,count",
    [("red", 3), ("yellow", 3), ("blue", 3), pytest.param("yellow", 4, marks=pytest.mark.slow)],
)
def test_a_play_with_its_best_reroll_matches_expectimax_through_the_engine(colour, count):
    """The first roll enumerated, then every legal reroll tried and the best taken (for the
    chance, and separately for the mean), each reroll's outcomes enumerated: the engine's own
    time rule and counting."""
    engine, s = _keep_state()
    s = copy(engine, s)
    s.play.colour = colour
    rolls.new_pool(s.play, count)
    s.frames[0] = type(s.frames[0])("roll")
    best_p = best_mean = 0.0
    for first, q in _first_rolls(engine, s):
        if engine.prompt(first).kind != "keep":
            met = _met(engine, first)
            best_p += q * (met >= 1)
            best_mean += q * met
            continue
        ps, means = [], []
        for option in engine.legal_actions(first):
            p = m = 0.0
            for t, r in _after_roll(engine, first, option):
                met = _met(engine, t)
                p += r * (met >= 1)
                m += r * met
            ps.append(p)
            means.append(m)
        best_p += q * max(ps)
        best_mean += q * max(means)
    met = ball_odds._play_dist(engine, colour, count)
    assert ball_odds.dice.at_least(met, 1) == pytest.approx(best_p, abs=1e-9)
    assert ball_odds.dice.mean(met) == pytest.approx(best_mean, abs=1e-9)


def _first_rolls(engine, s):
    p = engine.prompt(s)
    for outcome, q in ordered_outcomes(p.chance):
        t = copy(engine, s)
        engine.apply(t, outcome)
        yield t, q


def test_the_hail_mary_matches_the_best_reroll_enumerated():
    """Five dice, one reroll of any of them (time too), all five balls: every first roll and
    every set to reroll enumerated, each die a ball or not with the pack's share of ball sides."""
    from itertools import combinations, product

    engine, _ = _keep_state()
    faces = engine.pack.dice["white"].faces
    q = sum("ball" in engine.face_icons[f] for f in faces) / len(faces)

    def chance(shown):
        return q ** sum(shown) * (1 - q) ** (len(shown) - sum(shown))

    total = 0.0
    for first in product((0, 1), repeat=5):
        best = 0.0
        for k in range(6):
            for chosen in combinations(range(5), k):
                if any(not first[i] for i in range(5) if i not in chosen):
                    continue
                best = max(best, sum(chance(again) for again in product((0, 1), repeat=k) if all(again)))
        total += chance(first) * best
    assert ball_odds._hail_mary(engine) == pytest.approx(total, abs=1e-12)


def test_the_pawn_averages_the_six_defence_cards_the_offense_cannot_see():
    engine, s = at(GAME, 14)  # p2 moves its pawn, p1's card face down
    assert engine.prompt(s).kind == "pawn"
    advice = advise(engine, s)
    for option in advice.options:
        colour = ball_odds._pawn_colour(engine, s, option.action)
        p = sum(
            ball_odds.dice.at_least(
                ball_odds._play_dist(engine, colour, ball_odds._dice_against(engine, s, colour, c)), 1
            )
            for c in engine.pack.defense_cards
        ) / len(engine.pack.defense_cards)
        assert option.p == pytest.approx(p)
    # the hidden card changed, and the defence's hand: the same advice
    other = copy(engine, s)
    other.play.defense_card = "blue-1" if s.play.defense_card != "blue-1" else "red-1"
    other.player("p1").hand = []
    assert advise(engine, other).as_dict() == advice.as_dict()


def _good_kicks(engine, s, action) -> float:
    """The chance ``action`` scores, every roll of the kick's dice played through the engine."""
    kicker = s.offense
    before = s.player(kicker).score
    return sum(q for t, q in _after_roll(engine, s, action) if t.player(kicker).score > before)


def test_the_final_play_rates_the_hail_mary_and_kneeling():
    engine, s = at(GAME, 22)  # p2's final play: run, Hail Mary or kneel
    advice = advise(engine, s)
    assert advice.best == "p2 hail-mary"
    assert advice.option("p2 hail-mary").p == pytest.approx((3 / 4) ** 5)
    assert advice.option("p2 kneel").p == 0.0


@pytest.mark.parametrize("ball", [0, 1, 2, 3, 4, 5, 6])
def test_a_luck_field_goal_is_its_dice_enumerated_through_the_engine(ball):
    engine, s = at(GAME, 22)
    s = copy(engine, s)
    s.player("p2").kicking = "luck"
    attacking = engine.attacking(s)
    spot = ball if attacking == "low" else engine.field.n - 1 - ball
    if not engine.field.in_field_goal_range(spot, attacking):
        pytest.skip(f"space {spot} is out of field-goal range")
    s.ball = spot
    advice = advise(engine, s)
    fg = advice.option("p2 field-goal")
    assert fg.p == pytest.approx(_good_kicks(engine, s, "p2 field-goal"))
    assert fg.mean == pytest.approx(3 * fg.p)


def test_extra_point_against_two_points():
    engine, s = next((e, s) for _, e, s in decisions(GAME) if e.prompt(s).kind == "conversion")
    s = copy(engine, s)
    s.player(s.scorer).kicking = "luck"
    advice = advise(engine, s)
    xp, two = advice.option(f"{s.scorer} extra-point"), advice.option(f"{s.scorer} two-point")
    assert xp.p == pytest.approx(_good_kicks(engine, s, f"{s.scorer} extra-point"))
    assert xp.p == pytest.approx(1 - 0.5**4)
    assert 0 < two.p < 1 and advice.best == max((xp, two), key=lambda o: o.mean).action


def test_odds_answers_at_every_decision_of_the_example_game():
    from companion.engine.gamefile import load
    from tests.odds.helpers import EXAMPLES

    record = load(EXAMPLES / GAME)
    for upto, engine, s in decisions(GAME):
        advice = advise(engine, s)
        assert [o.action for o in advice.options] == engine.legal_actions(s)
        assert advice.best in engine.legal_actions(s)
        assert record.actions[upto] in engine.legal_actions(s)


def _play_met(t, events):
    for e in events:
        if e.get("event") == "play_result":
            return (float(e["met"] >= 1), float(e["met"]))
    return None


@pytest.mark.parametrize("upto", [12, 20, 32, 49])
def test_each_ability_card_matches_the_engine_with_every_die_in_order_and_the_other_side_passing(upto):
    engine, s = at(GAME, upto)
    assert engine.prompt(s).kind == "ability_window"
    advice = advise(engine, s)
    seat = advice.seat
    better = max if seat == s.offense else min
    for option in advice.options:
        t = copy(engine, s)
        ev = engine.apply(t, option.action)
        p, mean = expectimax(
            engine,
            t,
            seat,
            _play_met,
            tuple(ev),
            respond=lambda prompt, legal: f"{prompt.actor} pass",
            better=better,
        )
        assert (option.p, option.mean) == (pytest.approx(p), pytest.approx(mean)), option.action


def test_a_solo_game_gets_an_answer_at_every_decision_and_the_pawn_faces_the_ai_deck():
    import random

    from companion.engine.core import Header
    from companion.engine.dice import SeededDice
    from companion.engine.registry import get_game

    engine = get_game("dungeon-ball").load_engine()
    s = engine.new_state(Header("dungeon-ball", seed=2, options={"solo": "III"}))
    rng, dice_source = random.Random(2), SeededDice(2)
    pawns = 0
    while not engine.is_over(s):
        p = engine.prompt(s)
        if p.is_chance:
            engine.apply(s, dice_source.answer(p))
            continue
        advice = advise(engine, s)
        assert [o.action for o in advice.options] == engine.legal_actions(s)
        if p.kind == "pawn":
            pawns += 1
            left = list(s.solo["draw"]) or list(s.solo["discard"])
            assert ball_odds._cards_against(engine, s) == [
                (1 / len(left), engine.pack.ai_cards[c]) for c in left
            ]
        engine.apply(s, rng.choice(engine.legal_actions(s)))
    assert pawns > 5
