"""Dodgeball screen models from real positions played through the engine, for the goldens."""

from __future__ import annotations

from companion.games.dodgeball.screens_controls import StepControl
from companion.ui.model import build_model, prompt_dict
from tests.games.dodgeball.court import court, play


def _mid_turn():
    g, s = court(
        p1_off=("rita", "tomas", "hook"),
        p2_off=("vix", "rune"),
        strays=(4, 3),
        hands=(("+1", "+3", "CON"), ("+2", "+4", "DECEIVE")),
    )
    play(g, s, "p1 give rita", "p1 give rita", "p1 give tomas")
    p2 = s.coach("p2")
    p2.balls["vix"], p2.strays = 1, 2
    p2.zone["wisp"], p2.out = "out", ["wisp"]
    return g, s


def court_throw_target():
    """The throw built step by step: throw, rita, and the cursor on a target."""
    g, s = _mid_turn()
    ctl = StepControl(prompt_dict(g.prompt(s)))
    ctl.press("ok")  # throw
    ctl.press("ok")  # rita
    ctl.press("down")  # the second target
    return build_model(g, s, "p1", ui=ctl.ui)


def court_first_step():
    g, s = _mid_turn()
    ctl = StepControl(prompt_dict(g.prompt(s)))
    return build_model(g, s, "p1", ui=ctl.ui)


def court_crowded():
    """Six players in one zone with balls, and a protected player (dotted under Vix)."""
    g, s = court(p1_off=(), p2_off=("vix", "rune", "lena", "dart"), strays=(6, 0))
    s.coach("p1").balls = {"rita": 2, "tomas": 2, "hook": 1, "nets": 0, "kit": 1, "pip": 0}
    s.coach("p1").strays = 0
    s.coach("p2").protected = ["vix"]
    return build_model(g, s, "p1", ui=StepControl(prompt_dict(g.prompt(s))).ui)


def hand_throw_card():
    g, s = _mid_turn()
    play(g, s, "p1 throw rita vix")
    return build_model(g, s, "p1", ui={"mode": "list", "cursor": 1})


def hand_defend():
    g, s = _mid_turn()
    play(g, s, "p1 throw rita vix", "p1 play +3", "p2 play +4")
    return build_model(g, s, "p2", ui={"mode": "list", "cursor": 1})


def _result_of(*actions: str):
    g, s = _mid_turn()
    ev = play(g, s, *actions)
    return build_model(g, s, "p1", screen="dodge_result", events=ev)


def result_throw():
    return _result_of("p1 throw rita lena", "p1 play +3", "p2 play +2", "p2 dodge")


def result_catch():
    return _result_of("p1 throw tomas sly", "p1 play +1", "p2 play +4", "p2 catch")


def result_rush():
    from tests.games.dodgeball.court import deal, new

    g, s = new("moles", "falcons")  # the rulebook's example: 4+3+5=12 against 5+4+2=11
    deal(g, s, ("+5", "+1", "+1"), ("+2", "+3", "+3"))
    ev = play(g, s, "p1 forward brick clay", "p1 play +5", "p2 forward rita tomas", "p2 play +2")
    return build_model(g, s, "p1", screen="dodge_result", events=ev)


def result_deceive():
    return _result_of("p1 throw rita vix", "p1 play +3", "p2 play DECEIVE", "p2 dodge")


def _setup(cursor: int, options: dict, *actions: str):
    from companion.engine.core import Header
    from tests.games.dodgeball.court import ENGINE as g

    s = g.new_state(Header("dodgeball", options=options))
    play(g, s, *actions)
    return build_model(g, s, "p1", ui={"mode": "list", "cursor": cursor})


def draft_captain():
    """The draft's first choice: a captain, by name and stars (C: captain)."""
    return _setup(1, {"draft": True})


def draft_pick():
    """A draft pick: the athletes drawn, each with name and stars."""
    return _setup(
        2,
        {"draft": True},
        "p1 captain vix",
        "p2 captain brick",
        "chance draft tomas anvil hook clay nets moss kit tuck pip gus",
    )


def build_pick():
    """Building a team from every player of the pack: the captains marked C."""
    return _setup(0, {"build": True}, "p1 pick vix")


def team_choice():
    return _setup(1, {})


SCENES = {
    f"dodgeball_{f.__name__}": f
    for f in (
        court_first_step,
        court_throw_target,
        court_crowded,
        hand_throw_card,
        hand_defend,
        result_throw,
        result_catch,
        result_rush,
        result_deceive,
        draft_captain,
        draft_pick,
        build_pick,
        team_choice,
    )
}
