"""Building Dodgeball positions for the rule tests: a game with chosen teams, hands dealt as
the test says, and (``court``) the rush skipped straight to a coach's turn."""

from __future__ import annotations

import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.steps import Frame
from companion.games.dodgeball.engine import Dodgeball
from companion.games.dodgeball.state import DEF, OFF
from companion.games.dodgeball.turns import start_turn

ENGINE = Dodgeball()


def new(p1: str = "falcons", p2: str = "foxes", **options):
    s = ENGINE.new_state(Header("dodgeball", seed=1, options={"teams": {"p1": p1, "p2": p2}, **options}))
    return ENGINE, s


def deal(g, s, p1=("+1", "+2", "+3"), p2=("+1", "+2", "+3")) -> None:
    g.apply(s, "chance deal " + " ".join(p1))
    g.apply(s, "chance deal " + " ".join(p2))


def court(
    p1_off=("rita",),
    p2_off=("vix",),
    hands=(("+1", "+2", "+3"), ("+1", "+2", "+3")),
    active="p1",
    strays=(3, 3),
    **options,
):
    """A turn of ``active`` after the rush: the named players forward, the rest in defence."""
    g, s = new(**options)
    if s.cards == "digital":
        deal(g, s, *hands)
    for coach, forward, n in zip(s.coaches, (p1_off, p2_off), strays):
        for p in coach.players:
            coach.zone[p] = OFF if p in forward else DEF
        coach.strays = n
    s.duel = None
    s.frames = [Frame("turn", {"stage": "play"})]
    start_turn(g, s, active, [])
    return g, s


def play(g, s, *actions: str) -> list[dict]:
    """Apply actions in order; the events of all of them."""
    events = []
    for a in actions:
        events += g.apply(s, a)
    return events


def refused(g, s, action: str, reason: str, rule: str) -> None:
    """The action is refused with this reason (a part of it) and rule, and nothing changes."""
    before = g.to_json(s)
    with pytest.raises(IllegalAction) as exc:
        g.apply(s, action)
    assert reason in exc.value.reason, exc.value.reason
    assert exc.value.rule == rule
    assert g.to_json(s) == before


def outcome(events: list[dict]) -> dict:
    return next(e for e in events if e["event"] == "outcome")


def reveal(events: list[dict]) -> dict:
    return [e for e in events if e["event"] == "reveal"][-1]
