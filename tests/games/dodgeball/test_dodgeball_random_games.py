"""Random games under every rule set (the conformance harness plays only the defaults): each
ends with a winner, the fast and the slow path agree, a JSON round trip changes nothing, and no
view shows the other coach's secrets."""

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.games.dodgeball.policies import RandomPolicy
from companion.games.dodgeball.turns import why_not
from tests.conformance.secrets import dodgeball_leaks
from tests.games.dodgeball.court import ENGINE

ADVANCED = {k: True for k in ("abilities", "group_throws", "counter_attack", "mascots", "coach_cards")}
RULESETS = {
    "table": {"cards": "table"},
    "advanced": ADVANCED,
    "draft": {**ADVANCED, "draft": True},
    "build": {**ADVANCED, "build": True},
    "table advanced": {**ADVANCED, "cards": "table"},
}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_games_under_each_rule_set_keep_the_contract(name):
    g = ENGINE
    for seed in range(6):
        s = g.new_state(Header("dodgeball", seed=seed, options=RULESETS[name]))
        dice, players = SeededDice(seed), {"p1": RandomPolicy(seed), "p2": RandomPolicy(seed + 1)}
        for _ in range(5000):
            if s.over:
                break
            p = g.prompt(s)
            if p.kind == "turn":  # what is offered is what why_not accepts
                assert all(why_not(g, s, p.actor, o.split()) is None for o in p.options)
            action = dice.answer(p) if p.is_chance else players[p.actor](g, g.public_view(s, p.actor), p)
            fast = g.from_json(g.to_json(s))
            fast_events, _ = g.apply_trusted(fast, action, p)
            events = g.apply(s, action)
            assert events == fast_events and g.to_json(s) == g.to_json(fast), action
            assert g.to_json(g.from_json(g.to_json(s))) == g.to_json(s)
            for viewer in (None, "p1", "p2"):
                assert dodgeball_leaks(g, s, viewer, g.public_view(s, viewer)) == []
        assert s.over and s.winner in ("p1", "p2"), (name, seed)
        assert sum(len(c.on_court()) == 0 for c in s.coaches) == 1
