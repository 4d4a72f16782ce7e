"""The generic controls, through presses: each prompt shape of the sampler game (a game with no
screens of its own) turns button presses into one action line, and that line is legal (the
sampler's ``apply`` checks it by the prompt's shape)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.engine.core import Header
from companion.ui.controls import BUTTONS, PromptController
from companion.ui.model import build_model, prompt_dict, screen_after
from companion.ui.screens import render, screen_name
from tests.ui.sampler import SHAPES, Sampler

ROOT = Path(__file__).resolve().parents[2]


def start(show: str, players: int = 3):
    g = Sampler()
    s = g.new_state(Header("ui-sampler", options={"show": show, "players": players}))
    c = PromptController(game="ui-sampler")
    c.start(prompt_dict(g.prompt(s)))
    return g, s, c


def press(c: PromptController, *buttons: str):
    out = None
    for b in buttons:
        assert out is None, f"an action came before {b}: {out}"
        out = c.press(b)
    return out


def answered(show: str, *buttons: str) -> str:
    """The line the presses build, after the sampler accepted it."""
    g, s, c = start(show)
    line = press(c, *buttons)
    g.apply(s, line)
    return line


# ---------------------------------------------------------------------------- word by word


def test_words_build_a_line_card_then_board_then_day():
    assert answered("words", "down", "ok", "down", "down", "ok", "up", "ok") == "p1 play shield tower wed"


def test_words_offer_only_words_that_lead_to_an_option():
    g, s, c = start("words")
    press(c, "up", "ok")  # torch: no torches in the forest
    assert c.ui["chosen"] == ["torch"] and c.ui["words"] == ["cave", "tower"]


def test_words_back_takes_the_last_word_back_then_leaves():
    g, s, c = start("words")
    press(c, "down", "ok", "ok")
    assert c.ui["chosen"] == ["shield", "forest"]
    assert c.press("back") is None and not c.last_back and c.ui["chosen"] == ["shield"]
    assert c.ui["words"][c.ui["cursor"]] == "forest"  # back where it was
    press(c, "back")
    assert c.ui["chosen"] == [] and c.ui["words"][c.ui["cursor"]] == "shield"
    assert c.press("back") is None and c.last_back


def test_words_finish_a_shorter_option_as_soon_as_it_is_whole():
    """Options may differ in length: 'draw' is done after one word, a play after three."""
    prompt = {
        "actor": "p1",
        "kind": "turn",
        "text": "draw or play",
        "options": ["p1 draw", "p1 play elf mon", "p1 play elf tue"],
        "choice": {"words": [["draw", "play"], ["elf"], ["mon", "tue"]]},
    }
    c = PromptController()
    c.start(prompt)
    assert c.press("ok") == "p1 draw"
    c.start(dict(prompt))
    press(c, "down", "ok", "ok", "down")
    assert c.press("ok") == "p1 play elf tue"


# ---------------------------------------------------------------------------- multi-select


def test_multi_toggles_items_and_confirms_on_the_last_entry():
    # red (the first of two), blue, then the confirm entry: items in their order
    assert answered("multi", "ok", "down", "down", "ok", "down", "down", "ok") == "p1 discard red blue"
    assert answered("multi", "up", "ok") == "p1 keep"  # nothing chosen: the "none" word
    assert answered("multi", "ok", "down", "ok", "up", "up", "ok") == "p1 discard red red"


def test_multi_stops_at_max_and_back_clears():
    g, s, c = start("multi")
    press(c, "ok", "down", "ok", "down", "ok")  # a third item past max 2
    assert c.ui["selected"] == [0, 1]
    assert c.press("back") is None and c.ui["selected"] == [] and not c.last_back
    assert c.press("back") is None and c.last_back


def test_multi_refuses_a_count_below_min():
    g = Sampler()
    p = prompt_dict(g.prompt(g.new_state(Header("ui-sampler", options={"show": "multi"}))))
    p["choice"]["multi"].update(min=1, none=None)
    c = PromptController(game="ui-sampler")
    c.start(p)
    assert press(c, "up", "ok") is None  # confirm with nothing: not allowed
    assert c.press("up") is None and c.press("ok") is None and c.ui["selected"] == [3]
    assert press(c, "down", "ok") == "p1 discard green"


# ---------------------------------------------------------------------------- number entry


def test_number_steps_by_one_and_five_within_its_range():
    assert answered("number", "up", "ok") == "p1 bid 4"  # starts on the default, 3
    assert answered("number", "right", "right", "down", "ok") == "p1 bid 12"
    assert answered("number", *["right"] * 9, "ok") == "p1 bid 20"  # clamped to max
    assert answered("number", *["left"] * 3, "ok") == "p1 bid 1"  # clamped to min
    g, s, c = start("number")
    assert c.press("back") is None and c.last_back


# ---------------------------------------------------------------------------- grid cursor


def test_grid_cursor_moves_over_any_size_and_skips_holes():
    assert answered("grid", "ok") == "p1 place a1"
    assert answered("grid", "right", "right", "ok") == "p1 place a4"  # over the hole at a3
    assert answered("grid", "down", "down", "right", "ok") == "p1 place c3"  # over the hole at c2
    assert answered("grid", "up", "left", "down", "down", "down", "ok") == "p1 place c1"  # edges stop it


# ---------------------------------------------------------------------------- chance by hand


def test_mixed_dice_take_each_value_from_its_own_die():
    g, s, c = start("dice")
    assert c.ui["faces"] == ["1", "2", "3", "4"] and c.ui["dice"][2]["kind"] == "d12"
    press(c, "up", "ok")  # the d4 wraps to 4
    assert c.ui["faces"] == [str(i) for i in range(1, 7)] and c.ui["faces"][c.ui["face"]] == "4"
    press(c, "up", "up", "up", "up", "ok")  # the d6 wraps from 4 down to 6
    assert len(c.ui["faces"]) == 12 and c.ui["faces"][c.ui["face"]] == "6"
    line = press(c, *["down"] * 6, "ok")  # the d12 on to 12
    assert line == "chance roll 4 6 12"
    g.apply(s, line)


def test_mixed_dice_back_returns_to_the_previous_die():
    g, s, c = start("dice")
    press(c, "up", "ok", "down")
    assert c.press("back") is None and c.ui["entered"] == [] and c.ui["faces"] == ["1", "2", "3", "4"]
    assert c.ui["faces"][c.ui["face"]] == "4" and not c.last_back


def test_a_bag_with_repeats_gives_a_face_as_often_as_it_is_in_the_bag():
    assert answered("bag", "ok", "ok") == "chance draw red red"  # two reds: two draws
    g, s, c = start("bag")
    press(c, "down", "ok")  # blue, once in the bag
    assert c.ui["faces"][c.ui["face"]] == "green"  # skipped: no blue left
    assert press(c, "up", "ok") == "chance draw blue red"  # up skips blue too


# ---------------------------------------------------------------------------- any presses


@pytest.mark.parametrize("show", SHAPES)
def test_random_presses_only_ever_produce_legal_lines_and_every_frame_renders(show):
    rng = random.Random(SHAPES.index(show))
    g = Sampler()
    s = g.new_state(Header("ui-sampler", options={"show": show, "rounds": 14}))
    c = PromptController(game="ui-sampler")
    seen = set()
    while not g.is_over(s):
        c.start(prompt_dict(g.prompt(s)))
        line = None
        for presses in range(1, 2000):
            line = c.press(rng.choice(BUTTONS))
            if presses % 5 == 0 or line:
                m = build_model(g, s, ui=c.ui)
                seen.add(screen_name(m))
                assert render(m).size == (128, 64)
            if line:
                break
        assert line, f"no line after 2000 presses on {g.prompt(s).kind}"
        g.apply(s, line)  # raises if the line were illegal
    assert {"choose", "words", "multi", "number", "grid", "chance"} <= seen
    assert screen_name(build_model(g, s)) == "game_over"


# ---------------------------------------------------------------------------- the platform seams


def test_the_sampler_stays_out_of_the_registry():
    from companion.engine.registry import game_ids

    assert "ui-sampler" not in game_ids()


def test_screen_after_falls_back_to_game_over_for_a_game_without_its_own():
    assert screen_after([{"event": "answer"}], "ui-sampler") is None
    assert screen_after([{"event": "answer"}, {"event": "game_over"}], "ui-sampler") == "game_over"


def test_a_notice_on_a_generic_game_screen_leaves_the_scores_in_sight():
    from tests.ui.scenarios import SCENARIOS

    m = SCENARIOS["generic_number"]()
    plain = render(m)
    shown = render(dict(m, notice="camera missing"))
    assert plain.crop((0, 11, 128, 64)).tobytes() == shown.crop((0, 11, 128, 64)).tobytes()
    assert plain.crop((0, 0, 128, 11)).tobytes() != shown.crop((0, 0, 128, 11)).tobytes()


def test_no_module_in_companion_ui_names_a_game():
    for path in sorted((ROOT / "companion" / "ui").glob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for word in ("dungeon-ball", "dungeon_ball", "dungeon ball", "ai-deck", "toygame"):
            assert word not in text, f"{path.name} names {word!r}"


def test_a_game_claims_only_its_own_prompt_shapes():
    """Dungeon Ball's pick control is for its dice; a "pick" of cards gets a list, with the
    game's controls or without them."""
    prompt = {
        "actor": "p2",
        "kind": "pick",
        "text": "Pick a card",
        "options": ["p2 play 3", "p2 play 7"],
        "choice": {},
        "chance": None,
        "private": True,
    }
    for game in (None, "ui-sampler", "dungeon-ball"):
        c = PromptController(game=game)
        c.start(prompt)
        assert c.mode == "list"
        assert press(c, "down", "ok") == "p2 play 7"
