"""Buttons -> action lines: every prompt kind, only legal lines, back and undo."""

from __future__ import annotations

import random

import pytest

from companion.engine.core import Header, IllegalAction
from companion.ui.controls import BUTTONS, MenuController, PromptController, main_menu
from companion.ui.model import prompt_dict
from tests.ui import scenarios as sc


def ctl(g, s) -> PromptController:
    c = PromptController(game="dungeon-ball")
    c.start(prompt_dict(g.prompt(s)))
    return c


def press(c: PromptController, *buttons: str):
    out = None
    for b in buttons:
        out = c.press(b)
    return out


# ---------------------------------------------------------------------------- options lists


def test_list_up_down_wrap_and_ok():
    g = sc.engine()
    s = g.new_state(Header("dungeon-ball", seed=1))
    c = ctl(g, s)
    assert c.ui["mode"] == "list"
    assert press(c, "down", "down", "ok") == "p1 team skeletons"
    c = ctl(g, s)
    assert press(c, "up", "ok") == "p1 team minotaurs"  # wraps to the last
    c = ctl(g, s)
    assert c.press("back") is None and c.last_back


def test_huddle_and_conversion_lists():
    g, s = sc.short_game("p1 field-goal")
    c = ctl(g, s)
    assert press(c, "down", "ok") == "p1 field-goal"
    g, s = sc.short_game("p2 extra-point")
    assert press(ctl(g, s), "down", "ok") == "p2 two-point"


def test_card_window_options():
    g, s = sc.short_game("p1 big-hit push")
    c = ctl(g, s)
    assert c.ui["mode"] == "list" and c.ui["options"][-1] == "p1 pass"
    assert press(c, "ok") == "p1 pass"  # the cursor starts on Pass: OK to go on spends nothing
    c = ctl(g, s)
    assert press(c, "down", "down", "down", "down", "ok") == "p1 big-hit push"  # wraps to the cards
    c = ctl(g, s)
    assert press(c, "up", "ok") == c.ui["options"][-2]  # the last card, just above Pass


# ---------------------------------------------------------------------------- defense grid


def test_defense_grid_moves_by_colour_and_dice():
    g, s = sc.game()
    c = ctl(g, s)
    assert c.ui["mode"] == "grid"
    assert c.ui["grid"] == [[0, 2, 4], [1, 3, 5]]
    assert press(c, "ok") == "p2 defend red-1"
    c = ctl(g, s)
    assert press(c, "right", "right", "right", "down", "down", "ok") == "p2 defend blue-2"  # stops at edges
    c = ctl(g, s)
    assert press(c, "down", "right", "up", "ok") == "p2 defend yellow-1"


# ---------------------------------------------------------------------------- pawn


def test_pawn_dpad_selects_only_legal_moves_then_ok():
    g, s = sc.game()
    sc.play(g, s, "p2 defend red-1", "p1 move up")
    sc.play(g, s, "chance roll " + " ".join(["cleat"] * len(s.play.pending)))
    # p1's pawn is now on a2 (top middle): up is off the board
    while g.prompt(s).kind != "pawn":
        p = g.prompt(s)
        if p.kind == "keep":
            g.apply(s, "p1 stop")
        elif p.kind.endswith("_window"):
            g.apply(s, f"{p.actor} pass")
        elif p.kind == "defense_card":
            g.apply(s, f"{p.actor} defend red-1")
        elif p.options:
            g.apply(s, p.options[0])
        else:
            g.apply(s, "chance roll " + " ".join(["cleat"] * p.chance.count))
    c = ctl(g, s)
    assert c.ui["legal"] == ["down", "left", "right"]
    assert c.press("ok") is None  # nothing selected yet
    assert c.press("up") is None and c.ui["selected"] is None  # illegal: ignored
    assert press(c, "left", "ok") == "p1 move left"
    c = ctl(g, s)
    assert press(c, "right", "down", "ok") == "p1 move down"  # the last direction counts
    c = ctl(g, s)
    c.press("left")
    c.press("back")  # back clears the selection first
    assert c.ui["selected"] is None and not c.last_back
    c.press("back")
    assert c.last_back


def test_maze_runner_free_cursor():
    g, s = sc.game(p1="minotaurs")
    if g.prompt(s).actor == "p2":
        g.apply(s, "p2 pass")
    g.apply(s, "p1 card mino-runner")
    sc.pass_windows(g, s)
    g.apply(s, "p2 defend blue-2")
    c = ctl(g, s)
    assert c.ui["free"] and c.ui["cursor"] == "b2"
    assert c.press("ok") is None  # the pawn's own cell is not a move
    assert press(c, "up", "up", "left", "left", "ok") == "p1 move-to a1"  # clamps at the edge
    c = ctl(g, s)
    assert press(c, "down", "right", "ok") == "p1 move-to c3"


# ---------------------------------------------------------------------------- keep and pick


def test_keep_stop_and_reroll():
    g, s = sc.short_game("p2 reroll 1 2 3 4 5 6")
    c = ctl(g, s)
    ui = c.ui
    assert ui["mode"] == "dice" and ui["eligible"] == [1, 2, 3, 4, 5, 6]  # die 7 is a time die
    assert ui["cursor"] == 6  # it starts on the final entry: OK stops, as the lit entry says
    assert c.press("ok") == "p2 stop"
    c = ctl(g, s)
    assert c.press("up") is None and c.ui["cursor"] == 0  # up: to the dice
    assert c.press("down") is None and c.ui["cursor"] == 6  # and back
    c = ctl(g, s)
    assert (
        press(c, "right", "right", "ok", "right", "right", "ok", "left", "left", "ok", "down", "ok")
        == "p2 reroll 4"
    )
    c = ctl(g, s)
    assert press(c, "up", "ok", "right", "ok", "right", "ok", "up", "ok") == "p2 reroll 1 2 3"
    c = ctl(g, s)
    press(c, "right", "ok", "right", "ok")
    c.press("back")  # back clears the selection
    assert c.ui["selected"] == [] and press(c, "up", "ok") == "p2 stop"


def test_time_dice_cannot_be_chosen():
    g, s = sc.short_game("p2 reroll 1 2 3 4 5 6")
    c = ctl(g, s)
    for _ in range(40):  # walk everywhere, toggle everything
        c.press(random.Random(1).choice(("left", "right")))
        c.press("ok") if c.ui["cursor"] < len(c.ui["eligible"]) else None
    assert 7 not in c.ui["selected"]


def test_pick_respects_min_and_max():
    g, s = sc.short_game("p1 pick 2")
    c = ctl(g, s)
    assert c.ui["eligible"] == [2] and c.ui["min"] == c.ui["max"] == 1
    assert press(c, "up", "ok") is None  # nothing picked: done is refused
    assert press(c, "down", "ok", "up", "ok") == "p1 pick 2"


def test_pick_single_replaces():
    c = PromptController(game="dungeon-ball")
    c.start(
        {
            "actor": "p1",
            "kind": "pick",
            "text": "p1: Juke: choose 1 dice to reroll",
            "options": None,
            "choice": {
                "dice": ["ball", "cleat", "time"],
                "eligible": [1, 2],
                "min": 1,
                "max": 1,
                "purpose": "reroll",
            },
            "chance": None,
        }
    )
    assert press(c, "ok", "right", "ok") is None
    assert c.ui["selected"] == [2]
    assert press(c, "right", "ok") == "p1 pick 2"


def test_pick_up_to_two():
    c = PromptController(game="dungeon-ball")
    c.start(
        {
            "actor": "p2",
            "kind": "pick",
            "text": "x",
            "options": None,
            "chance": None,
            "choice": {"dice": ["ball"] * 4, "eligible": [1, 2, 4], "min": 1, "max": 2, "purpose": "reroll"},
        }
    )
    assert press(c, "ok", "right", "ok", "right", "ok") is None
    assert sorted(c.ui["selected"]) == [1, 2]  # the third is refused at max
    assert press(c, "right", "ok") == "p2 pick 1 2"


# ---------------------------------------------------------------------------- chance


def test_chance_face_by_face_with_undo():
    g, s = sc.game()
    sc.play(g, s, "p2 defend red-1", "p1 move up")  # a blue play against red: 6 dice
    c = ctl(g, s)
    assert c.ui["faces"] == ["ball", "cleat", "time", "lightning"] and c.ui["count"] == 6
    assert press(c, "ok", "down", "ok") is None
    assert c.ui["entered"] == ["ball", "cleat"]
    c.press("back")
    assert c.ui["entered"] == ["ball"] and c.ui["faces"][c.ui["face"]] == "cleat"
    assert press(c, "up") is None  # back to ball
    out = press(c, "ok", "ok", "ok", "down", "down", "ok", "down", "ok")
    assert out == "chance roll ball ball ball ball time lightning"
    g.apply(s, out)


def test_chance_back_with_nothing_entered():
    g, s = sc.short_game("chance coin tails")
    c = ctl(g, s)
    assert c.press("back") is None and c.last_back
    assert press(c, "down", "ok") == "chance coin tails"


def test_toss_verdict():
    g, s = sc.short_game("chance toss good")
    assert press(ctl(g, s), "ok") == "chance toss good"
    assert press(ctl(g, s), "right", "ok") == "chance toss no-good"
    assert press(ctl(g, s), "down", "down", "ok") == "chance toss good"


def test_black_die():
    g, s = sc.short_game("chance roll shield")
    assert press(ctl(g, s), "down", "down", "ok") == "chance roll shield"


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("seed,solo", [(0, False), (1, False), (2, False), (3, False), (4, True), (5, True)])
def test_random_presses_only_ever_produce_legal_actions(seed, solo):
    """Whole games driven by random button presses: every line the controller returns is
    accepted by the engine (IllegalAction would fail the test). Solo games enter the AI deck's
    draws by hand too (distinct removals included)."""
    g = sc.engine()
    rng = random.Random(seed)
    options = {"clock_start": 8}
    if solo:
        options["solo"] = {"level": "VI"}
    s = g.new_state(Header("dungeon-ball", seed=seed, options=options))
    c = PromptController(game="dungeon-ball")
    produced = set()
    for _ in range(2000):
        if g.is_over(s):
            break
        p = g.prompt(s)
        c.start(prompt_dict(p))
        action = None
        for _ in range(5000):
            action = c.press(rng.choices(BUTTONS, weights=(1, 1, 1, 1, 3, 1))[0])
            if action is not None:
                break
        assert action is not None, f"no action from 5000 presses on {p.kind}"
        try:
            g.apply(s, action)
        except IllegalAction as exc:  # pragma: no cover - the failure we test for
            pytest.fail(f"controller produced an illegal action on {p.kind}: {exc}")
        produced.add(p.kind)
    assert {"defense_card", "pawn", "roll"} <= produced


def test_idle_on_game_over_and_unknown_button():
    c = PromptController(game="dungeon-ball")
    c.start({"actor": "", "kind": "over", "text": "game over", "options": [], "choice": {}, "chance": None})
    assert c.press("ok") is None and c.ui == {"mode": "idle"}
    with pytest.raises(ValueError):
        c.press("jump")


# ---------------------------------------------------------------------------- menus


def test_main_menu_and_disabled_resume():
    m = main_menu(can_resume=False)
    assert m.ui["cursor"] == 0
    assert m.press("down") is None and m.ui["cursor"] == 2  # Resume is skipped
    assert m.press("up") is None and m.ui["cursor"] == 0
    assert m.press("up") is None and m.ui["cursor"] == 4  # wraps to Help
    assert m.press("ok") == "help"
    assert m.press("up") is None and m.press("ok") == "about"
    assert m.press("back") is None
    m = main_menu(can_resume=True)
    assert [m.press("down"), m.press("ok")] == [None, "resume"]


def test_submenu_back():
    m = MenuController("Settings", ["Contrast", "Rotate"], back_id="back")
    assert m.press("back") == "back"
    assert m.press("down") is None and m.press("ok") == "Rotate"
    assert m.menu == {
        "title": "Settings",
        "items": [
            {"id": "Contrast", "label": "Contrast", "enabled": True},
            {"id": "Rotate", "label": "Rotate", "enabled": True},
        ],
    }


def test_sync_keeps_the_selection_while_the_prompt_is_the_same():
    g, s = sc.game()
    c = PromptController(game="dungeon-ball")
    assert c.sync(prompt_dict(g.prompt(s))) is True
    c.press("right")
    assert c.sync(prompt_dict(g.prompt(s))) is False and c.ui["cursor"] == 2
    g.apply(s, "p2 defend red-1")
    assert c.sync(prompt_dict(g.prompt(s))) is True and c.ui["mode"] == "pawn"
