"""Golden PNGs pin every screen; screens are pure, deterministic 128x64 one-bit images.

On a mismatch the new render is written next to the golden as NAME.new.png for inspection.
``UPDATE_GOLDEN=1 pytest tests/ui`` rewrites the goldens (look at them before committing).
"""

from __future__ import annotations

import copy
import random

import pytest
from PIL import ImageFont

from companion.engine.dice import SeededDice
from companion.games.dungeon_ball import screens as dungeon_ball
from companion.ui import screens
from companion.ui.screens import render, screen_name
from tests.ui.golden_check import check_golden
from tests.ui.scenarios import SCENARIOS


@pytest.fixture(autouse=True)
def no_default_font(monkeypatch):
    """Pillow's default font changes between versions: no screen may fall back to it."""

    def refuse(*a, **k):
        raise AssertionError("a screen used Pillow's default font")

    monkeypatch.setattr(ImageFont, "load_default", refuse)
    monkeypatch.setattr(ImageFont, "load_default_imagefont", refuse, raising=False)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden(name):
    check_golden(render(SCENARIOS[name]()), name)


def test_every_screen_has_a_golden():
    """Every screen function, generic and Dungeon Ball's, draws at least one golden."""
    covered = {
        screens.screen_function(screen_name(m), m.get("game")) for m in (f() for f in SCENARIOS.values())
    }
    every = set(screens.GENERIC.values()) | set(dungeon_ball.SCREENS.values())
    missing = sorted(f.__module__ + "." + f.__name__ for f in every - covered)
    assert not missing


def test_render_is_deterministic_and_pure():
    for name, make in SCENARIOS.items():
        model = make()
        before = copy.deepcopy(model)
        a, b = render(model), render(model)
        assert a.tobytes() == b.tobytes(), name
        assert model == before, f"{name}: render changed its model"


def test_notice_banner_overlays_any_screen():
    model = SCENARIOS["settings_menu"]()
    plain = render(model)
    model["notice"] = "camera missing"
    shown = render(model)
    assert plain.crop((0, 0, 128, 52)).tobytes() == shown.crop((0, 0, 128, 52)).tobytes()
    assert plain.crop((0, 53, 128, 64)).tobytes() != shown.crop((0, 53, 128, 64)).tobytes()


def test_notice_banner_leaves_the_status_strip_in_sight():
    from tests.ui.strip_reader import read_strip

    model = SCENARIOS["dice_entry"]()
    plain = render(model)
    model["notice"] = "camera missing"
    shown = render(model)
    assert read_strip(shown) == read_strip(plain)
    assert plain.crop((0, 0, 128, 11)).tobytes() != shown.crop((0, 0, 128, 11)).tobytes()
    assert plain.crop((0, 11, 128, 64)).tobytes() == shown.crop((0, 11, 128, 64)).tobytes()


@pytest.mark.parametrize(
    "prompt_kind,screen",
    [
        ("pawn", "play_board"),
        ("defense_card", "defense_pick"),
        ("keep", "reroll"),
        ("pick", "reroll"),
        ("ability_window", "card_window"),
        ("whistle_window", "card_window"),
        ("huddle", "choice_list"),
    ],
)
def test_dispatch_by_prompt_kind(prompt_kind, screen):
    assert dungeon_ball.screen_for({"prompt": {"kind": prompt_kind, "options": ["p1 x"]}}) == screen


def test_dispatch_chance():
    assert dungeon_ball.screen_for({"prompt": {"kind": "roll", "chance": {"verb": "roll"}}}) == "dice_entry"
    assert dungeon_ball.screen_for({"prompt": {"kind": "toss", "chance": {"verb": "toss"}}}) == "kick"
    assert dungeon_ball.screen_for({"prompt": {"kind": "over"}}) == "game_over"


@pytest.mark.slow  # every screen of whole games of every game: 2 s
def test_every_position_of_whole_games_renders():
    """Seeded games played through the controllers: every frame renders, on every screen."""
    from companion.engine.core import Header
    from companion.ui.controls import PromptController
    from companion.ui.model import build_model, prompt_dict
    from tests.ui.scenarios import engine

    g = engine()
    seen = set()
    for seed, solo in ((0, None), (1, None), (2, None), (3, "V"), (4, "I")):
        rng = random.Random(seed)
        options = {"clock_start": 6}
        if solo:
            options["solo"] = {"level": solo}
        s = g.new_state(Header("dungeon-ball", seed=seed, options=options))
        dice = SeededDice(seed)
        c = PromptController(game="dungeon-ball")
        steps = 0
        while not g.is_over(s) and steps < 3000:
            p = g.prompt(s)
            c.start(prompt_dict(p))
            action = None
            presses = 0
            while action is None:
                action = c.press(
                    rng.choices(("up", "down", "left", "right", "ok", "back"), weights=(1, 1, 1, 1, 3, 1))[0]
                )
                presses += 1
                if presses % 7 == 0:
                    model = build_model(g, s, viewer=p.actor, ui=c.ui)
                    im = render(model)
                    assert im.size == (128, 64) and im.mode == "1"
                    seen.add(screen_name(model))
                if presses > 5000:
                    raise AssertionError(f"no action after 5000 presses on {p.kind}")
            if p.is_chance and p.chance.verb in ("roll", "coin", "draw", "remove"):
                action = dice.answer(p)  # keep the game realistic; the controller's line was legal too
            g.apply(s, action)
            steps += 1
        final = build_model(g, s)
        assert render(final).size == (128, 64)
        seen.add(screen_name(final))
    assert {
        "play_board",
        "defense_pick",
        "dice_entry",
        "reroll",
        "choice_list",
        "deck_entry",
        "card_window",
        "game_over",
    } <= seen


def test_text_outside_latin1_never_breaks_a_screen():
    model = SCENARIOS["solo_card"]()
    model["ai_text"] = "AI runs UP \u2014 \u201cblue\u201d \u2713 \U0001f3b2"
    im = render(model)
    assert im.size == (128, 64)
    from companion.ui.draw import latin1

    assert latin1("a \u2014 b \u2713 \U0001f3b2 \u00e9") == "a - b v ? \u00e9"


def test_unknown_screen_and_empty_models():
    with pytest.raises(KeyError):
        render({"screen": "nope"})
    assert render({}).size == (128, 64)  # no game: an empty message
    assert render({"game": "dungeon-ball"}).size == (128, 64)  # nothing yet: the scoreboard


def test_screen_after_events():
    from companion.ui.model import screen_after

    game = "dungeon-ball"
    assert screen_after([{"event": "roll"}], game) is None
    assert (
        screen_after([{"event": "final_play"}, {"event": "halftime"}, {"event": "drive"}], game) == "halftime"
    )
    assert screen_after([{"event": "ai_card", "text": "AI runs UP"}], game) == "solo_card"
    assert screen_after([{"event": "score"}, {"event": "game_over"}], game) == "game_over"
