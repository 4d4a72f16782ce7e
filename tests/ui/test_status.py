"""The score in sight: every game screen carries the status strip, and what it says can be read
back from the pixels; the screen texts fit (card texts, level hints, the reroll's need)."""

from __future__ import annotations

import pytest

from companion.games.dungeon_ball import screens as dungeon_ball
from companion.games.dungeon_ball import screens_results as results
from companion.games.dungeon_ball import screens_status as status
from companion.games.dungeon_ball.screens import level_menu_items, pack_info, screen_after
from companion.ui import fonts
from companion.ui.controls import MenuController
from companion.ui.draw import W, wrap
from companion.ui.screens import MENUS, render, screen_name
from tests.ui.scenarios import RESULTS, SCENARIOS, engine
from tests.ui.strip_reader import Unreadable, read_strip, read_summary


def _a_game_screen(model: dict) -> bool:
    """A Dungeon Ball game screen that is not the scoreboard (it shows all of this in large digits)."""
    name = screen_name(model)
    return model.get("game") == "dungeon-ball" and name not in MENUS and name != "scoreboard"


# The result screens come from played games: they are game screens by how they are made, and
# are not played here at collection (in every worker); the test below holds them to it.
GAME_SCENARIOS = sorted(
    set(RESULTS) | {n for n, make in SCENARIOS.items() if n not in RESULTS and _a_game_screen(make())}
)


def test_every_kind_of_game_screen_is_checked():
    assert all(_a_game_screen(SCENARIOS[n]()) for n in RESULTS)
    names = {screen_name(SCENARIOS[n]()) for n in GAME_SCENARIOS}
    assert set(dungeon_ball.SCREENS) - {"scoreboard"} <= names


@pytest.mark.parametrize("name", GAME_SCENARIOS)
def test_strip_says_the_summary_on_every_game_screen(name):
    m = SCENARIOS[name]()
    image = render(m)
    assert read_strip(image) == {
        k: v.strip() for k, v in status.texts(m["summary"], bool(m["view"].get("conversion"))).items()
    }
    got = read_summary(image)
    s = m["summary"]
    assert got["scores"] == dungeon_ball.scores(s)
    if not s["overtime"]:
        assert (got["half"], got["clock"]) == (s["half"], s["clock"])
    if s["possession"] and not s["over"] and not m["view"].get("conversion"):
        assert got["down"] == s["down"]


@pytest.mark.parametrize("name", ["reroll_keep", "scoreboard", "game_over", "halftime"])
def test_the_screens_read_the_common_summary_scores(name):
    """The points drawn are the summary's ``scores`` (the common key every game has)."""
    m = SCENARIOS[name]()
    moved = dict(m, summary=dict(m["summary"], scores={"p1": 17, "p2": 4}))
    assert m["summary"]["scores"] != moved["summary"]["scores"]
    assert render(m).tobytes() != render(moved).tobytes()
    if name == "reroll_keep":
        assert read_summary(render(moved))["scores"] == {"p1": 17, "p2": 4}


def test_a_screen_without_the_strip_is_unreadable():
    """The reader does not see a strip where there is none (the menus have none)."""
    with pytest.raises(Unreadable):
        read_strip(render(SCENARIOS["settings_menu"]()))


def test_the_ball_is_drawn_where_the_summary_puts_it():
    m = SCENARIOS["play_board"]()
    moved = dict(m, summary=dict(m["summary"], ball=m["summary"]["ball"] - 5))
    a, b = render(m), render(moved)
    box = (status.FIELD_X0, status.TOP, status.FIELD_X1 + 2, 64)
    assert a.crop(box).tobytes() != b.crop(box).tobytes()
    assert a.crop((0, 0, 128, status.TOP - 1)).tobytes() == b.crop((0, 0, 128, status.TOP - 1)).tobytes()


# ---------------------------------------------------------------------------- what happened


def test_screen_after_names_the_result_screen():
    assert screen_after([{"event": "play_result", "colour": "blue", "from": 10, "to": 13}]) == "result"
    assert screen_after([{"event": "reveal", "card": "red-2", "colour": "red", "matched": True}]) == "result"
    assert screen_after([{"event": "kick_result", "kind": "field_goal", "good": False}]) == "result"
    assert screen_after([{"event": "coin", "shows": "tails", "winner": "p2"}]) == "result"
    # the most important wins: the end of the game, then halftime, then the result
    assert screen_after([{"event": "score"}, {"event": "game_over"}]) == "game_over"
    assert screen_after([{"event": "play_result"}, {"event": "halftime"}]) == "halftime"
    assert screen_after([{"event": "ai_card", "text": "AI runs UP"}, {"event": "play_result"}]) == "result"
    assert screen_after([{"event": "ai_card", "text": "AI defends red 2"}]) == "solo_card"
    assert screen_after([{"event": "roll"}, {"event": "momentum"}]) is None


def name(pid):
    return {"p1": "P1", "p2": "AI"}.get(pid, pid)


@pytest.mark.parametrize(
    "events,headline,line",
    [
        (
            [
                {"event": "coin", "shows": "tails", "winner": "p2"},
                {"event": "elected", "player": "p2", "side": "offense"},
            ],
            "AI WINS THE TOSS",
            "AI starts on offense",
        ),
        (
            [
                {"event": "play_selected", "colour": "blue"},
                {"event": "reveal", "card": "red-2", "colour": "red", "matched": False, "dice": 7},
            ],
            "GUESSED WRONG",
            "BLUE play: roll 7 dice",
        ),
        (  # whose guess it was: a bare "GUESSED RIGHT" read to the solo player as their own
            [
                {"event": "play_selected", "player": "p1", "colour": "red"},
                {"event": "reveal", "player": "p2", "card": "ai-03", "colour": "red", "matched": True},
            ],
            "AI GUESSED RIGHT",
            "Defense RED: right!",
        ),
        (
            [{"event": "reveal", "player": "p1", "card": "blue-2", "colour": "blue", "matched": False}],
            "P1 GUESSED WRONG",
            "Defense BLUE: wrong",
        ),
        (  # the spaces of the play's colour, as the table moves the die, not the squares passed
            [{"event": "play_result", "colour": "yellow", "spaces": 1, "from": 20, "to": 18}],
            "+1 YELLOW SPACE",
            "Ball +1 yellow space",
        ),
        (
            [{"event": "play_result", "colour": "red", "spaces": 3, "from": 4, "to": 12}],
            "+3 RED SPACES",
            "Ball +3 red spaces",
        ),
        (
            [{"event": "play_result", "colour": "blue", "spaces": 0, "from": 9, "to": 9}],
            "NO GAIN",
            "BLUE play: no gain",
        ),
        (
            [
                {"event": "play_result", "colour": "red", "from": 5, "to": 4},
                {"event": "turnover_on_downs", "player": "p1"},
                {"event": "drive", "offense": "p2"},
            ],
            "TURNOVER",
            "AI has the ball, down 1",
        ),
        (
            [
                {"event": "kick_result", "kind": "field_goal", "good": True, "player": "p1"},
                {"event": "score", "player": "p1", "points": 3, "how": "field_goal"},
            ],
            "FIELD GOAL GOOD",
            "P1 +3 (field goal)",
        ),
        (
            [{"event": "kick_result", "kind": "extra_point", "good": False}],
            "EXTRA PT NO GOOD",
            "Extra point: NO GOOD",
        ),
        (
            [
                {"event": "play_result", "colour": "red", "from": 3, "to": 1, "touchdown": True},
                {"event": "score", "player": "p2", "points": 6, "how": "touchdown"},
            ],
            "TOUCHDOWN AI!",
            "AI +6 (touchdown)",
        ),
    ],
)
def test_results_say_what_happened(events, headline, line):
    assert results.headline(events, name) == headline
    assert line in results.lines(events, name)
    assert fonts.bold().measure(headline) <= W


# ---------------------------------------------------------------------------- screen texts


def test_every_card_text_of_the_pack_fits_the_card_window():
    cards = pack_info(engine())["cards"]
    assert cards, "the pack has cards"
    for cid, card in cards.items():
        lines = wrap(card["text"], fonts.small(), W - 2)
        assert len(lines) <= dungeon_ball.CARD_TEXT_LINES, f"{cid}: {lines}"
        assert dungeon_ball.card_text_lines(card["text"]) == lines
    roar = cards["troll-roar"]["text"]
    assert len(wrap(roar, fonts.small(), W - 2)) == 4


def test_the_four_line_card_text_is_drawn_whole():
    m = SCENARIOS["card_window_four_lines"]()
    image = render(m)
    y = dungeon_ball.CARD_TEXT_Y + 3 * 8  # the fourth line's cell
    assert image.crop((0, y, W, y + 7)).getbbox() is not None


def test_the_reroll_title_never_drops_the_requirement():
    """Big Hit's pick has a long title; the play's need is still drawn (on the counts row)."""
    m = SCENARIOS["pick_discard"]()
    assert m["view"]["play"]["colour"]
    bare = dict(m, pack=dict(m["pack"], requirements={}))
    row = (64, 28, W, 40)
    assert render(m).crop(row).tobytes() != render(bare).crop(row).tobytes()


def test_the_lit_dpad_arrow_never_covers_the_words(monkeypatch):
    """With the board left out, the words are all that is lit beside the D-pad: no pixel the
    lit arrow draws may touch them (the selected arrow once covered "2 balls")."""
    monkeypatch.setattr(dungeon_ball, "draw_board", lambda *a, **k: None)
    dpad_drawn = dungeon_ball._dpad
    for scenario in ("play_board", "play_board_unselected"):
        base = SCENARIOS[scenario]()
        for d in base["ui"]["legal"]:
            m = dict(base, ui=dict(base["ui"], selected=d))
            full = render(m)
            monkeypatch.setattr(dungeon_ball, "_dpad", lambda *a, **k: None)
            words = render(m)
            monkeypatch.setattr(dungeon_ball, "_dpad", dpad_drawn)
            dpad = [
                (x, y)
                for y in range(status.TOP - 1)
                for x in range(W)
                if full.getpixel((x, y)) != words.getpixel((x, y))
            ]
            lit = [(x, y) for y in range(status.TOP - 1) for x in range(W) if words.getpixel((x, y))]
            assert dpad and lit
            near = {(x + dx, y + dy) for x, y in dpad for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            assert not near & set(lit), f"{scenario}: the lit {d} arrow touches the words"


def test_level_menu_items_have_a_hint_that_the_list_shows():
    items = level_menu_items()
    assert [it["id"] for it in items] == ["I", "II", "III", "IV", "V", "VI"]
    for it in items:
        assert it["hint"] and len(wrap(it["hint"], fonts.small(), W - 2)) <= 2, it
    menu = MenuController("AI level", items, back_id="back")
    frames = []
    for _ in items:
        frames.append(render({"game": None, "screen": "menu", "menu": menu.menu, "ui": dict(menu.ui)}))
        menu.press("down")
    hint_rows = (0, 48, W, 64)
    assert len({f.crop(hint_rows).tobytes() for f in frames}) == len(items)
    plain = MenuController("AI level", [{"id": it["id"], "label": it["label"]} for it in items])
    assert (
        render({"game": None, "screen": "menu", "menu": plain.menu, "ui": dict(plain.ui)})
        .crop(hint_rows)
        .tobytes()
        != frames[0].crop(hint_rows).tobytes()
    )


def test_a_plays_result_says_the_spaces_of_its_colour_as_the_table_moves_the_die():
    """The rulebook moves the football die "to the next space ... matching the selected play's
    color, once for each time you meet the play's requirements", and the AI card says "2 red
    spaces": the result screen counts those, not the squares the die passes on our field."""
    from tests.games.dungeon_ball_table import find, new_game, play_down
    from tests.games.test_dungeon_ball_solo import ai_down, new_solo

    g, s = new_game()
    events = play_down(g, s, "blue-1", "left", "cleat cleat cleat ball ball lightning")
    assert s.ball == 14  # reds ahead of 22: 19, 17, 14 (eight squares)
    assert results.headline(events, name) == "+3 RED SPACES"
    assert "Ball +3 red spaces" in results.lines(events, name)

    g, s = new_solo(start="defense")
    events = ai_down(g, s, "yellow-1", "ai-02")  # right: b3, a red play, its cleat number
    card = find(events, "ai_card")[0]["text"]
    moved = find(events, "play_result")[0]
    assert "1 red space" in card and abs(moved["to"] - moved["from"]) == 3
    assert results.headline(events, name) == "+1 RED SPACE"


def test_the_reroll_counts_never_run_into_the_plays_need():
    """With all four icons showing, the last count ran into "need" ("1need 1"): at least three
    unlit columns lie between the counts and the need, however many icons show."""
    base = SCENARIOS["reroll_keep"]()
    row = (0, 28, W, 40)

    def lit_columns(dice: list[str]) -> set[int]:
        play = dict(base["view"]["play"], dice=dice, gone=[False] * len(dice), locked=[False] * len(dice))
        m = dict(base, view=dict(base["view"], play=play), ui=dict(base["ui"], dice=dice))
        strip = render(m).crop(row)
        return {x for x in range(strip.width) for y in range(strip.height) if strip.getpixel((x, y))}

    need_from = min(lit_columns(["blank"] * 6))  # nothing counted: the need alone
    for dice in (
        ["ball", "cleat", "cleat", "cleat", "time", "lightning"],
        ["ball", "ball", "cleat", "cleat", "time", "time", "lightning"],
        ["ball", "cleat", "lightning"],
    ):
        lit = lit_columns(dice)
        assert any(x < need_from - 3 for x in lit), dice  # the counts are drawn
        assert not lit & set(range(need_from - 3, need_from)), dice


def test_the_ais_punt_is_said_once_and_the_clock_line_keeps_its_place():
    """The AI's third down and its fourth-down punt on one screen of four lines: "AI decides:
    punt" before "AI punts" took the place of the clock's change, which the table moves the
    cube by."""
    events = [
        {"event": "ai_card", "text": "AI: DOWN, yellow play, 1 yellow space, clock -2"},
        {"event": "play_selected", "player": "p2", "colour": "yellow"},
        {"event": "reveal", "player": "p1", "card": "blue-1", "colour": "blue", "matched": False},
        {"event": "play_result", "colour": "yellow", "spaces": 1, "from": 17, "to": 15},
        {"event": "clock", "from": 26, "to": 24},
        {"event": "ai_decides", "choice": "punt"},
        {"event": "punt", "player": "p2"},
        {"event": "drive", "offense": "p1"},
    ]
    said = results.lines(events, name)
    assert "AI punts" in said and not any(line.startswith("AI decides") for line in said)
    shown = said[:1] + said[-(dungeon_ball.RESULT_LINES - 1) :]  # what the screen keeps (screens.result)
    assert "Clock 26 -> 24" in shown, shown
    assert results.lines([{"event": "ai_decides", "choice": "field-goal"}], name) == [
        "AI decides: field goal"
    ]
