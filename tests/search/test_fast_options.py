"""Options the engines build fast agree with the rules' own refusals: every play Dungeon Days
lists passes ``refusal``, and every play ``refusal`` passes is listed (on random games)."""

from __future__ import annotations

from companion.games.dungeon_days import rules
from tests.search.test_belief import snapshots


def test_dungeon_days_legal_plays_are_exactly_the_plays_refusal_allows():
    engine, found = snapshots("dungeon-days", seeds=range(1, 9), every=2)
    pack = engine.pack
    checked = 0
    for state, seat in found:
        if state.step != "turn" or state.actor().id != seat:
            continue
        listed = set(rules.legal_plays(pack, state))
        me = state.actor()
        every = set()
        for kind in set(me.hand):
            for target in [x.id for x in state.seats]:
                for day in pack.days:
                    words = [me.id, "play", kind, target, day]
                    if kind == "transformation":
                        every.update(rules._transformations(pack, state, words))
                    elif rules.refusal(pack, state, words) is None:
                        every.add(" ".join(words))
        assert listed == every
        checked += 1
    assert checked >= 20
