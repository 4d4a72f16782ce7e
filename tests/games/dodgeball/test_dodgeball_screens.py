"""Dodgeball's screens: goldens from real positions (tests/ui/golden/dodgeball_*.png), the
step-by-step throw on the buttons, and the duel's arithmetic on the result screen.

``UPDATE_GOLDEN=1`` rewrites the goldens (look at them at 4x before committing)."""

from __future__ import annotations

import pytest

from companion.games.dodgeball import screens
from companion.games.dodgeball.screens_controls import StepControl
from companion.ui.controls import PromptController
from companion.ui.model import prompt_dict
from companion.ui.screens import render, screen_name
from tests.games.dodgeball.court import court, play
from tests.games.dodgeball.scenes import SCENES, result_throw
from tests.ui.golden_check import check_golden


@pytest.mark.parametrize("name", sorted(SCENES))
def test_golden(name):
    check_golden(render(SCENES[name]()), name)


def test_every_dodgeball_screen_has_a_golden():
    drawn = {screen_name(SCENES[n]()) for n in SCENES}
    assert set(screens.SCREENS) <= drawn


def test_the_turn_is_built_step_by_step_on_the_buttons():
    g, s = court(strays=(3, 3))
    play(g, s, "p1 give rita")
    ctl = PromptController(game="dodgeball")
    ctl.start(prompt_dict(g.prompt(s)))
    assert ctl.ui["mode"] == "steps" and ctl.ui["words"][0] == "throw"
    assert ctl.press("ok") is None and ctl.ui["words"] == ["rita"]
    assert ctl.press("ok") is None and ctl.ui["words"] == ["vix", "rune", "lena", "dart", "sly", "wisp"]
    assert ctl.press("back") is None and ctl.ui["chosen"] == ["throw"]
    ctl.press("ok")
    ctl.press("down")
    assert ctl.press("ok") == "p1 throw rita rune"


def test_done_finishes_a_group_throw_that_could_take_more_supporters():
    ctl = StepControl({"actor": "p1", "options": ["p1 group rita vix hook", "p1 group rita vix hook kit"]})
    for _ in range(4):  # group, rita, vix, hook
        ctl.press("ok")
    assert ctl.ui["words"] == ["kit", "done"]
    ctl.press("down")
    assert ctl.press("ok") == "p1 group rita vix hook"


def test_the_result_screen_says_the_duel_as_arithmetic():
    title, lines, head = screens.result_lines(result_throw()["events"])
    assert lines[0] == "THR 6+3-1=8 vs DOD 4+2=6"
    assert (title, head) == ("rita > lena: dodge", "lena OUT")


def test_the_hand_is_shown_only_to_its_coach():
    g, s = court(strays=(3, 3), hands=(("+1", "+3", "CON"), ("+2", "+4", "DECEIVE")))
    play(g, s, "p1 give rita", "p1 throw rita vix")
    p = g.prompt(s)
    assert p.private and p.actor == "p1"  # the device passes it to P1 first
    other = g.public_view(s, "p2")["coaches"]["p1"]
    assert "hand" not in other
