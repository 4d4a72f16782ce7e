"""Dungeonbowl's odds against brute force: each move reported to the engine, then every outcome
of the chance it asks (the chest drawn from those closed, the teleport's d6, the pit's d6, the
armour's 2d6) played through the engine and its result read from the engine's events."""

from __future__ import annotations

import pytest

from companion.odds import advise
from tests.odds.helpers import at, copy, decisions, ordered_outcomes

GAME = "dungeonbowl.game"
TURN, CHEST, PAD, MOVER, TRAP = 28, 29, 40, 41, 48


def _chance(engine, s, actions, value):
    """The mean of ``value(events)`` over every outcome of the chance prompt ``actions`` lead to;
    the chest's draw from a bag weighs each face by how many there are."""
    s = copy(engine, s)
    for action in actions:
        engine.apply(s, action)
    p = engine.prompt(s)
    assert p.is_chance, p.text
    spec = p.chance
    if spec.distinct:
        outcomes = [(spec.outcome([f]), spec.faces.count(f) / len(spec.faces)) for f in set(spec.faces)]
    else:
        outcomes = ordered_outcomes(spec)
    total = 0.0
    for outcome, q in outcomes:
        t = copy(engine, s)
        total += q * value(engine.apply(t, outcome))
    return total


def _event(name):
    return lambda events: next((e for e in events if e.get("event") == name), None)


def test_each_chest_is_the_engines_draw_from_the_closed_chests():
    engine, s = at(GAME, CHEST)
    advice = advise(engine, s)
    opener = engine.legal_actions(_after(engine, s, advice.options[0].action))[0]
    for option in advice.options:
        found = _chance(
            engine,
            s,
            [option.action, opener],
            lambda ev: float(_event("chest_opened")(ev)["content"] == "ball"),
        )
        assert option.p == pytest.approx(found), option.action
        assert option.p == pytest.approx(1 / 6)


def _after(engine, s, action):
    t = copy(engine, s)
    engine.apply(t, action)
    return t


def test_a_pad_is_lost_in_space_one_time_in_six_through_the_engine():
    engine, s = at(GAME, MOVER)
    advice = advise(engine, s)
    for option in advice.options:
        landed = _chance(engine, s, [option.action], lambda ev: float(_event("lost_in_space")(ev) is None))
        assert option.p == pytest.approx(landed), option.action


def test_a_second_teleport_in_a_turn_is_never_unhurt():
    engine, s = at(GAME, MOVER)
    s = copy(engine, s)
    first = advise(engine, s).options[0].action
    s.teleports[first.split()[2]] = 1
    assert advise(engine, s).option(first).p == 0.0


def test_each_trap_counter_is_the_engines_pit_roll():
    engine, s = at(GAME, TRAP)
    advice = advise(engine, s)
    for option in advice.options:
        t = _after(engine, s, option.action)
        victim = engine.legal_actions(t)[0]
        how = engine.legal_actions(_after(engine, t, victim))[0]
        if engine.prompt(_after(engine, _after(engine, t, victim), how)).is_chance:
            fake = _chance(engine, t, [victim, how], lambda ev: float(_event("trap")(ev)["face"] == "fake"))
        else:  # flipped already: its face, no roll
            fake = float(s.traps[int(option.action.split()[2]) - 1].face == "fake")
        assert option.p == pytest.approx(fake), option.action


@pytest.mark.parametrize("av", [3, 7, 8, 11])
def test_armour_holds_as_the_engines_2d6(av):
    engine, s = at(GAME, TURN)
    s = copy(engine, s)
    t = _after(engine, s, "p2 falls")
    fell = engine.legal_actions(t)[0]
    holds = _chance(engine, t, [fell, f"p2 av {av}"], lambda ev: float(not _event("armour")(ev)["broken"]))
    s.av[fell.split()[2]] = av
    rated = advise(engine, _after(engine, s, "p2 falls")).option(fell)
    assert rated.p == pytest.approx(holds)


def test_odds_answers_at_every_decision_of_the_example_game():
    for _upto, engine, s in decisions(GAME):
        advice = advise(engine, s)
        assert advice.best in [o.action for o in advice.options]
        prompt = engine.prompt(s)
        if prompt.options is not None:
            assert [o.action for o in advice.options] == list(prompt.options)
