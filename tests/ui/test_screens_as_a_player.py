"""The screens as a player at the table reads them, holding only the device and the rulebook:
every question whole on the panel, options in the table's words, a card's name whole in its
box, a duel's arithmetic to its last sum, the play a result screen is about, what the final
numbers count, and a refused undo that gives the real reason.

Each test renders a real or a minimal model and reads back what was drawn: the strings handed
to the canvas and every string the fonts had to cut to fit (``Font.fit``)."""

from __future__ import annotations

import pytest

from companion.ui.screens import render, screen_name


def two_seats(**summary) -> dict:
    return {"players": ["p1", "p2"], "scores": {"p1": 0, "p2": 0}, **summary}


# ---------------------------------------------------------------------------- generic lists


def test_a_long_question_goes_on_a_second_title_row_with_three_options_under_it(drawn):
    """Dungeon Allies' "look under a tile (2 left)" beside P1 was "look under a tile (2 ."; it is
    now asked in the table's words, the squares named."""
    m = {
        "game": "dungeon-allies",
        "summary": two_seats(),
        "prompt": {
            "actor": "p1",
            "kind": "peek",
            "text": "look under a tile (2 left)",
            "options": ["p1 look y1", "p1 look y2", "p1 look y3", "p1 look y4"],
        },
        "ui": {"mode": "list", "cursor": 0},
    }
    assert screen_name(m) == "allies_ask"
    im = render(m)
    assert drawn["cut"] == []
    assert "Look under which" in drawn["texts"] and "monster? (2 left)" in drawn["texts"]
    assert {"look under yellow 1", "look under yellow 2", "look under yellow 3"} <= set(drawn["texts"])
    assert all(im.getpixel((x, 12)) for x in range(96, 128, 4))  # the second row is part of the bar
    assert im.getpixel((64, 55))  # the score strip's rule stays


def test_a_short_question_keeps_the_one_row_bar(drawn):
    m = {
        "game": None,
        "summary": two_seats(),
        "prompt": {"actor": "p2", "kind": "x", "text": "your end zone?", "options": ["p2 left", "p2 right"]},
        "ui": {"mode": "list", "cursor": 0},
    }
    im = render(m)
    assert drawn["cut"] == [] and im.getpixel((64, 12)) == 0


def test_a_long_question_over_tick_boxes_is_whole_too(drawn):
    """Dungeonbowl's "adjacent to the chest?" beside "0/2" was "adjacent to the ches."."""
    m = {
        "game": "dungeonbowl",
        "summary": two_seats(),
        "prompt": {
            "actor": "p1",
            "kind": "adjacent",
            "text": "adjacent to the chest?",
            "options": None,
            "choice": {
                "multi": {"items": ["p1#1", "p1#2"], "min": 0, "max": 2, "verb": "adjacent", "none": "nobody"}
            },
        },
        "ui": {
            "mode": "multi",
            "items": ["p1#1", "p1#2"],
            "labels": ["P1 #1", "P1 #2"],
            "selected": [],
            "cursor": 0,
            "min": 0,
            "max": 2,
            "verb": "adjacent",
            "none": "nobody",
        },
    }
    assert screen_name(m) == "multi"
    render(m)
    assert drawn["cut"] == [] and "adjacent to the" in drawn["texts"]


# ---------------------------------------------------------------------------- Dungeonbowl


@pytest.mark.parametrize(
    "text, options, shown",
    [
        ("who entered trap 9?", ["p2 victim p1#1", "p2 victim p1#10"], ["P1 #1", "P1 #10"]),
        (
            "how did P2 #4 enter?",
            ["p2 how moved", "p2 how pushed", "p2 how knocked"],
            ["moved", "pushed", "knocked"],
        ),
        ("onto which pad?", ["p1 onto-pad 1", "p1 onto-pad 2"], ["pad 1", "pad 2"]),
        (
            "block result?",
            ["p1 result push", "p1 result down-trap", "p1 result attacker-down"],
            ["pushed back", "knocked into a trap", "attacker down"],
        ),
        ("is pad 3 occupied?", ["p1 pad-free", "p1 occupied p2#4"], ["pad free", "P2 #4"]),
    ],
)
def test_dungeonbowl_questions_list_their_options_in_the_tables_words(drawn, text, options, shown):
    """The generic list showed the action's words: "victim p1#1", "onto-pad 1", "result down-trap"."""
    m = {
        "game": "dungeonbowl",
        "summary": two_seats(),
        "prompt": {"actor": options[0].split()[0], "kind": "q", "text": text, "options": options},
        "ui": {"mode": "list", "cursor": 0},
    }
    assert screen_name(m) == "choose"
    render(m)
    assert [t for t in drawn["texts"] if t in shown] == shown
    assert not any("p1#" in t or "p2#" in t or "-" in t for t in drawn["texts"])


def test_a_roll_after_a_turnover_keeps_its_whole_title(drawn):
    """ "armour P1 #10 AV11" beside TURNOVER was "armour P1 #10 A."; the earlier roll's line
    "armour P2 #1 AV11 6+6 BROKEN" was cut to "... BR."."""
    events = [
        {"event": "armour", "player": "p2#1", "av": 11, "dice": [6, 6], "broken": True},
        {"event": "armour", "player": "p1#10", "av": 11, "dice": [3, 4], "broken": False},
        {"event": "turnover"},
    ]
    m = {"game": "dungeonbowl", "screen": "bowl_roll", "summary": two_seats(), "events": events}
    render(m)
    assert drawn["cut"] == []
    assert "armour P1 #10 AV11" in drawn["texts"] and "TURNOVER" in drawn["texts"]
    assert "P2 #1 AV11 6+6 BROKEN" in drawn["texts"]


# ---------------------------------------------------------------------------- Dodgeball


def dodgeball_card(hands, *actions, seat="p2"):
    from companion.ui.model import build_model
    from tests.games.dodgeball.court import court, play

    g, s = court(p1_off=("rita", "tomas"), p2_off=("vix", "rune"), hands=hands)
    play(g, s, *actions)
    return build_model(g, s, seat, ui={"mode": "list", "cursor": 0})


def test_a_deceive_card_is_named_whole_in_its_box(drawn):
    """Three cards in hand: "DECEIVE" was "DECEI." in the big letters."""
    m = dodgeball_card(
        (("+1", "+2", "+3"), ("+2", "+4", "DECEIVE")), "p1 give rita", "p1 throw rita vix", "p1 play +3"
    )
    assert screen_name(m) == "dodge_hand" and len(m["prompt"]["options"]) == 3
    render(m)
    assert "DECEIVE" in drawn["texts"] and drawn["cut"] == []


def test_a_supershot_says_what_it_adds_whole(drawn):
    """ "+6 v catch" did not fit a box of three and showed "+6 v c."."""
    m = dodgeball_card(
        (("+1", "SUPER", "DECEIVE"), ("+2", "+4", "+3")), "p1 give rita", "p1 throw rita vix", seat="p1"
    )
    assert screen_name(m) == "dodge_hand"
    render(m)
    assert "CTH +6" in drawn["texts"] and drawn["cut"] == []


def test_a_con_card_in_the_rush_says_it_adds_a_players_con():
    from companion.games.dodgeball.screens import _label

    assert _label({"pack": {"attrs": {}}}, "p1 play CON", {"kind": "rush"}) == "CON +CON"


def test_a_duels_arithmetic_and_title_show_to_the_last_sum(drawn):
    """ "THR 4+1-1=4 vs CTH 3+2+1=6" was cut to "... CTH 3+2+1."; "Counter moss > vix: catch"
    to "Counter moss > vix: c."."""
    events = [
        {
            "event": "reveal",
            "kind": "counter",
            "cards": {"p1": "+4", "p2": "+1"},
            "thrower": {"text": "COU 3+1+4=8"},
            "target": {"text": "CTH 3+2+5=10"},
        },
        {
            "event": "outcome",
            "result": "caught",
            "thrower": "moss",
            "target": "vix",
            "action": "catch",
            "ball_to": "vix",
        },
    ]
    m = {
        "game": "dodgeball",
        "screen": "dodge_result",
        "summary": two_seats(),
        "events": events,
        "view": {"coaches": {}},
    }
    render(m)
    assert drawn["cut"] == []
    assert "Counter moss > vix" in drawn["texts"] and "3+1+4=8 v 3+2+5=10" in drawn["texts"]
    drawn["clear"]()
    events[0].update(kind="throw", thrower={"text": "THR 4+1-1=4"}, target={"text": "CTH 3+2+1=6"})
    render(m)
    assert drawn["cut"] == [] and "THR 4+1-1=4 v CTH 3+2+1=6" in drawn["texts"]


def test_a_dodgeball_final_says_what_its_numbers_count(drawn):
    """ "P1 0 / P2 6": the points are opponents out (the rulebook counts no points)."""
    from companion.games.dodgeball.screens import pack_info
    from tests.games.dodgeball.court import ENGINE

    m = {
        "game": "dodgeball",
        "screen": "game_over",
        "pack": pack_info(ENGINE),
        "summary": two_seats(over=True, winner="p2", scores={"p1": 0, "p2": 6}),
    }
    render(m)
    assert "opponents out  OK: menu" in drawn["texts"] and "P2 WINS" in " ".join(drawn["texts"])


# ---------------------------------------------------------------------------- Dungeon Days


def test_a_days_result_is_about_the_play_that_removed_cards(drawn):
    """A computer seat played right after: the screen said "P3 played MED on P3 Mon" and an
    empty "removed:" instead of the Lava Trap that removed the Mimic."""
    from companion.games.dungeon_days.screens import pack_info
    from tests.games.dungeon_days.table import ENGINE

    events = [
        {"event": "play", "seat": "p2", "card": "lava", "board": "p1", "day": "wed", "removed": ["mimic"]},
        {"event": "play", "seat": "p3", "card": "medusa", "board": "p3", "day": "mon", "removed": []},
    ]
    m = {
        "game": "dungeon-days",
        "screen": "days_result",
        "pack": pack_info(ENGINE),
        "events": events,
        "summary": {"players": ["p1", "p2", "p3"], "scores": {}},
    }
    render(m)
    assert "P2 played" in drawn["texts"] and "Lava on P1 Wed" in drawn["texts"] and "Mimic" in drawn["texts"]
    assert "Medusa on P3 Mon" not in drawn["texts"]


def test_a_days_card_under_the_cursor_is_named_on_the_bar(drawn):
    """The hand is three-letter codes (TFM, TPT, INV); the bar says "P1 draw or play" whatever
    the cursor is on. On a card it names it."""
    from tests.games.dungeon_days.scenarios import turn

    m = turn(["down"] * 4)
    assert m["ui"]["words"][m["ui"]["cursor"]] == "pixie"
    render(m)
    assert "P1 play Pixie" in drawn["texts"]
    drawn["clear"]()
    m = turn(["down"])  # Transformation, the longest name
    assert m["ui"]["words"][m["ui"]["cursor"]] == "transformation"
    render(m)
    assert "P1 Transformation" in drawn["texts"] and drawn["cut"] == []
    drawn["clear"]()
    render(turn([]))  # on "draw": the question as before
    assert "P1 draw or play" in drawn["texts"]


# ---------------------------------------------------------------------------- Dungeon Allies


def test_an_allies_space_line_is_whole(drawn):
    """A treasure pile "red red white red red blue (guarded)" was cut after "white"."""
    from companion.games.dungeon_allies.screens_place import place

    view = {
        "treasure": [["red", "red", "white", "red", "red", "blue"], [], [], []],
        "monsters_left": 3,
        "seats": {
            "p1": {
                "id": "p1",
                "allies": [{"die": "d6", "name": "hedge-witch", "skill": ""}],
                "crystals": {},
                "gold": 0,
            }
        },
        "tiles": [],
        "placed": [],
    }
    m = {
        "game": "dungeon-allies",
        "summary": two_seats(),
        "view": view,
        "prompt": {"actor": "p1", "kind": "place", "text": "place a die (d6)"},
        "ui": {
            "mode": "allies_place",
            "stage": "space",
            "die": "d6",
            "space": "treasure1",
            "areas": [["treasure", ["treasure1"]]],
            "area": 0,
            "cursor": 0,
        },
    }
    place(m)
    assert "4 red, 1 blue, 1 white crystals; guarded: needs a fight won" in " ".join(drawn["texts"])
    assert drawn["cut"] == []
    drawn["clear"]()
    place({**m, "ui": {**m["ui"], "stage": "die", "dice": ["d6", "red"], "die_cursor": 0}})
    assert {"d6 (Hedge witch)", "look under 2 (red)"} <= set(drawn["texts"]) and drawn["cut"] == []


# ---------------------------------------------------------------------------- the game menu


def test_a_refused_undo_after_a_card_draw_does_not_send_the_player_to_the_dice(tmp_path):
    """Dungeon Days: the deck answered the draw; the panel said "The dice have answered it. Game
    menu: Correct last dice." and that item then said "no dice to correct"."""
    from companion.device.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import open_display

    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.start_game("dungeon-days", {})
    app.act("p1 draw")
    assert session.actions[-1].startswith("chance draw ")
    app.undo()
    said = app.model()["message"]
    assert said["title"] == "No undo"
    assert (
        "dice" not in said["text"].lower() and said["text"] == "A draw has answered it: that decision stands."
    )
    app.message = None
    app.correct_last_dice()
    assert app.correcting is None  # indeed nothing to correct


def test_settings_say_why_the_camera_items_are_greyed_out(tmp_path, drawn):
    """Without a camera every item under "Dice" was struck through, the cursor could not reach
    them, and nothing said why."""
    from companion.device.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import open_display

    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")), open_display({"type": "null"}), seed_source=lambda: 1
    )
    app.menu_choice("settings")
    camera = [it for it in app.menu.items if it["id"].startswith("calibrate")]
    assert camera and not any(it.get("enabled", True) for it in camera)
    render(app.model())
    said = " ".join(drawn["texts"])
    assert "No camera found:" in said and "need one." in said and drawn["cut"] == []


def test_a_counter_card_title_is_whole_beside_the_seat(drawn):
    """ "counter card, face down" beside P2 was "counter card, face do."."""
    m = {
        "game": "dodgeball",
        "screen": "dodge_hand",
        "summary": two_seats(),
        "prompt": {
            "actor": "p2",
            "kind": "card",
            "text": "counter card, face down",
            "options": ["p2 play +2"],
        },
        "view": {
            "coaches": {},
            "duel": {"kind": "counter", "thrower": "moss", "target": "vix", "attacker": "p2"},
        },
        "ui": {"mode": "list", "cursor": 0},
    }
    render(m)
    assert "counter card" in drawn["texts"] and drawn["cut"] == []


# ---------------------------------------------------------------------------- Dungeon Ball solo


def test_solo_halftime_and_final_name_the_ai_side_ai(drawn):
    """The results say "AI runs LEFT"; halftime said "P1 3 - 0 P2" and "P2 receives"."""
    solo = {"ai": "p2", "level": "III"}
    summary = {
        "players": ["p1", "p2"],
        "score": {"p1": 3, "p2": 0},
        "scores": {"p1": 3, "p2": 0},
        "half": 2,
        "clock": 29,
        "down": 1,
        "possession": "p2",
        "ball": 6,
        "overtime": 0,
        "momentum": {},
    }
    m = {"game": "dungeon-ball", "screen": "halftime", "summary": summary, "view": {"solo": solo}}
    render(m)
    assert "AI" in drawn["texts"] and "AI receives, clock 29" in drawn["texts"] and "P2" not in drawn["texts"]
    drawn["clear"]()
    render({**m, "screen": "game_over", "summary": {**summary, "over": True, "winner": "p1"}})
    assert "AI" in drawn["texts"] and "P1 WINS  OK: menu" in drawn["texts"]
