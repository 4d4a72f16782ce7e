"""Dungeon Allies' odds against brute force: each spell and reroll played through the engine,
every die's faces enumerated and the blue rerolls chosen by trying them all."""

from __future__ import annotations

import pytest

from companion.games.dungeon_allies import odds as allies_odds
from companion.games.dungeon_allies.combat import SECTION_INDEX
from companion.odds import advise
from tests.odds.helpers import at, copy, decisions, expectimax

GAME = "dungeon-allies.game"
SPELLS, REROLL, PLACE = 56, 78, 10


def _combat_won(square):
    def value(s, events):
        for e in events:
            if e.get("event") == "combat" and e["square"] == square:
                return float(e["won"])
        return None

    return value


@pytest.mark.parametrize("blues", [0, 1, 2])
def test_every_spell_with_the_blue_rerolls_played_well_matches_the_engine(blues):
    engine, s = at(GAME, SPELLS)
    s = copy(engine, s)
    c = s.combat
    s.seat(c.seat).crystals["blue"] = blues
    advice = advise(engine, s)
    assert {o.action.split()[1] for o in advice.options} >= {"roll", "bless"}
    for option in advice.options:
        t = copy(engine, s)
        ev = engine.apply(t, option.action)
        won = expectimax(engine, t, c.seat, _combat_won(c.square), tuple(ev))
        assert option.p == pytest.approx(won, abs=1e-9), option.action
        gold = engine.monsters[s.tile(c.square).monster].gold[SECTION_INDEX[s.tile(c.square).section]]
        assert option.mean == pytest.approx(won * gold, abs=1e-9)


def test_a_reroll_after_the_roll_matches_the_engine():
    engine, s = at(GAME, REROLL)
    s = copy(engine, s)
    c = s.combat
    weak = engine.monsters[s.tile(c.square).monster].weak
    s.seat(c.seat).allies[c.owners[0]].skill = weak  # the d8 counts twice: 4 is 8 of the 9 needed
    c.values = [4]
    s.seat(c.seat).crystals["blue"] = 2
    advice = advise(engine, s)
    for option in advice.options:
        t = copy(engine, s)
        ev = engine.apply(t, option.action)
        assert option.p == pytest.approx(expectimax(engine, t, c.seat, _combat_won(c.square), tuple(ev)))
    assert advice.option("p1 reroll d8").p == pytest.approx(1 - 0.5**2)  # 5+ on a d8, two tries
    assert advice.best == "p1 reroll d8"


def test_placing_on_a_tile_rolls_against_every_monster_the_seat_has_not_seen():
    engine, s = at(GAME, PLACE)
    advice = advise(engine, s)
    seat = s.seat(advice.seat)
    unseen = allies_odds.unseen_monsters(engine, s, seat.id)
    for option in advice.options:
        words = option.action.split()
        tile = s.tile(words[3])
        if tile is None:
            assert option.p is None
            continue
        ally = next(a for a in seat.allies if a.die == words[2])
        wins = gold = 0.0
        for monster, count in unseen.items():
            m = engine.monsters[monster]
            i = SECTION_INDEX[tile.section]
            twice = 2 if ally.skill == m.weak else 1
            sides = engine.pack.sides(words[2])
            won = sum(v * twice >= m.need[i] for v in range(1, sides + 1)) / sides
            wins += won * count
            gold += won * m.gold[i] * count
        n = sum(unseen.values())
        assert option.p == pytest.approx(wins / n) and option.mean == pytest.approx(gold / n)


def _placing_beside_a_tile_another_seat_looked_under():
    for _, engine, s in decisions(GAME):
        p = engine.prompt(s)
        if p.kind == "place" and any(
            t.monster and not t.revealed and p.actor not in t.known for t in s.tiles
        ):
            return engine, s
    raise AssertionError("the example never has a tile looked under by another seat at a placement")


def test_the_monster_under_a_tile_it_has_not_seen_does_not_change_the_advice():
    engine, s = _placing_beside_a_tile_another_seat_looked_under()
    advice = advise(engine, s).as_dict()
    seat = engine.prompt(s).actor
    other = copy(engine, s)
    hidden = [t for t in other.tiles if t.monster and not t.revealed and seat not in t.known]
    swap = other.monster_pool[0]
    other.monster_pool[0], hidden[0].monster = hidden[0].monster, swap
    assert advise(engine, other).as_dict() == advice
    assert allies_odds.unseen_monsters(engine, other, seat) == allies_odds.unseen_monsters(engine, s, seat)


def test_odds_answers_at_every_decision_of_the_example_game():
    for _upto, engine, s in decisions(GAME):
        advice = advise(engine, s)
        assert [o.action for o in advice.options] == engine.legal_actions(s)
