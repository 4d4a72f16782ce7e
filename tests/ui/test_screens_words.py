"""Screens in words a player reads without the rulebook's abbreviations or the engine's action
lines: what an undo took back, a message no older notice covers, Dungeon Allies' fights and
face-down tiles, Dungeonbowl's earlier roll and inducements, Dodgeball's mascot and coach cards
beside a card.

Each test renders a real or a minimal model and reads back what was drawn: the strings handed
to the canvas and every string the fonts had to cut to fit (the ``drawn`` fixture of
tests/ui/test_screens_as_a_player.py)."""

from __future__ import annotations

from companion.ui.draw import H, W
from companion.ui.screens import render, screen_name
from tests.ui.test_screens_as_a_player import two_seats


def device(tmp_path, dice_mode="digital"):
    """A device on a null display whose clock the test moves."""
    from companion.device.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import open_display

    now = [0.0]
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode=dice_mode)
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1, clock=lambda: now[0])
    return app, session


# ---------------------------------------------------------------------------- the game menu


def test_an_undo_says_what_it_took_back_in_the_lists_words_whole_on_the_banner(tmp_path, drawn):
    """Dungeonbowl: after undoing the block's defender the banner said "undone: p2 defender."
    (the action line "p2 defender p2#4", cut). It names the player as the list showed him."""
    from tests.games.dungeonbowl.table import SETUP

    app, session = device(tmp_path, dice_mode="manual")
    app.start_game("dungeonbowl", {})
    for action in SETUP:
        app.act(action)
    while session.prompt().kind == "place_trap":
        app.act(session.prompt().options[0])
    for action in (
        "p1 start 1 2 3 4 5 6",
        "p2 start 1 2 3 4 5 6",
        "p1 block",
        "p1 attacker p1#3",
        "p1 defender p2#4",
    ):
        app.act(action)
    app.undo()
    assert session.prompt().kind == "defender"
    m = app.model()
    assert m["notice"] == "undone: P2 #4"
    render(m)
    assert "undone: P2 #4" in drawn["texts"] and drawn["cut"] == []


def test_an_undone_choice_too_long_for_the_banner_is_said_shorter_never_cut(tmp_path):
    """Words longer than the banner: "undid ..." first, else whose choice it was."""
    from companion.session import NOTICE_CHARS
    from companion.ui import fonts

    app, session = device(tmp_path)
    app.start_game("dungeonbowl", {})
    long_words = {"p1 end-zone left": "the left end zone, by the stairs"}
    said = [
        session.undone_text([a], 5, lambda prompt, action: long_words.get(action, action[3:]))
        for a in ("p1 end-zone left", "p1 attacker p1#3", "p2 throw rita vix")
    ]
    assert said == ["undone: P1's choice", "undid attacker p1#3", "undid throw rita vix"]
    assert all(fonts.body().measure(s) <= W - 4 for s in said) and NOTICE_CHARS * 6 <= W - 4


def test_a_new_message_is_not_covered_by_an_older_notice(tmp_path, drawn):
    """Dungeon Days: "Correct last dice" said "no dice to correct"; an undo then said "No undo"
    with its last line under that notice for its three seconds."""
    app, session = device(tmp_path)
    app.start_game("dungeon-days", {})
    app.act("p1 draw")
    app.correct_last_dice()
    assert app.model()["notice"] == "no dice to correct"
    app.undo()
    m = app.model()
    assert m["message"]["title"] == "No undo" and m["notice"] is None
    im = render(m)
    assert drawn["texts"][-1] == "stands."
    assert not all(im.getpixel((x, H - 6)) for x in range(2, W - 2, 8))  # no banner over the last line


# ---------------------------------------------------------------------------- Dungeon Allies


def test_a_face_down_tile_with_your_dice_is_said_whole(drawn):
    """ "r6: face down, your d10+d8" was cut to "r6: face down, your d10+."."""
    from companion.games.dungeon_allies.screens_place import place

    view = {
        "treasure": [[], [], [], []],
        "monsters_left": 3,
        "placed": [{"seat": "p1", "die": "d10", "space": "r6"}, {"seat": "p1", "die": "d8", "space": "r6"}],
        "seats": {
            "p1": {
                "id": "p1",
                "allies": [{"die": "d6", "name": "squire", "skill": ""}],
                "crystals": {},
                "gold": 0,
            }
        },
        "tiles": [{"square": "r6", "section": "red", "monster": "", "revealed": False, "removed": False}],
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
            "space": "r6",
            "areas": [["red dungeon", ["r6"]]],
            "area": 0,
            "cursor": 0,
        },
    }
    place(m)
    assert "P1 d6 on red 6" in drawn["texts"] and drawn["cut"] == []
    assert "your d10 and d8 here; a" in drawn["texts"] and "face-down monster" in drawn["texts"]
    drawn["clear"]()
    m["view"]["placed"] = m["view"]["placed"][:1]
    place(m)
    assert "your d10 here; a" in drawn["texts"] and drawn["cut"] == []


def test_a_fight_says_its_sum_against_the_number_needed(drawn):
    """ "12 of 5" read oddly, "12 vs 5 +1g" too: the rulebook's fight is a roll "equal to or
    greater than the number shown"; the bar says that number (need 5), the words say the rest
    ("rolled 12, needed 5", "won, +1 gold")."""
    e = {
        "event": "combat",
        "square": "y1",
        "seat": "p1",
        "monster": "goblin",
        "dice": ["d6", "d6"],
        "values": [6, 6],
        "doubled": [False, False],
        "total": 12,
        "need": 5,
        "won": True,
        "gold": 1,
    }
    m = {
        "game": "dungeon-allies",
        "screen": "allies_result",
        "summary": two_seats(),
        "events": [e],
        "pack": {"monsters": {"goblin": "Goblin"}},
    }
    render(m)
    assert "rolled 12, needed 5" in drawn["texts"] and "won, +1 gold" in drawn["texts"]
    assert "need 5" in drawn["texts"] and "P1 Y1 Goblin" in drawn["texts"]
    assert not any(" of " in t or " vs " in t for t in drawn["texts"]) and drawn["cut"] == []
    drawn["clear"]()
    render(
        {**m, "events": [e, {**e, "square": "b2", "monster": "ogre", "total": 3, "need": 12, "won": False}]}
    )
    assert {
        "Y1 P1 Goblin",
        "+1 gold",
        "rolled 12, needed 5: won",
        "B2 P1 ogre",
        "rolled 3, needed 12: lost",
    } <= set(drawn["texts"]) and drawn["cut"] == []


def test_the_table_says_what_is_left(drawn):
    """The bar said "28 left": monsters are."""
    m = {
        "game": "dungeon-allies",
        "screen": "allies_table",
        "summary": two_seats(),
        "view": {
            "round": 1,
            "turn": 1,
            "monsters_left": 28,
            "order": ["p1"],
            "seats": {
                "p1": {
                    "id": "p1",
                    "gold": 0,
                    "crystals": dict.fromkeys(("red", "blue", "yellow", "green", "white"), 0),
                    "allies": [{"die": "d6"}],
                }
            },
        },
    }
    render(m)
    assert "28 monsters left" in drawn["texts"] and "Round 1" in drawn["texts"] and drawn["cut"] == []


# ---------------------------------------------------------------------------- Dungeonbowl


def test_an_earlier_spiked_pit_is_said_whole_over_the_injury(drawn):
    """ "trap 6: P1 #10 6 SPIKED PIT!" was cut to "trap 6: P1 #10 6 SPIKED ."; the result says
    what the die meant, so the line gives the die way."""
    from companion.ui.model import build_model
    from tests.games.dungeonbowl.table import ENGINE, play, to_first_turn

    s = to_first_turn()
    play(s, "p1 teleport-in 10", "p1 trap", "p1 trap-counter 6", "p1 victim p1#10", "p1 how moved")
    events = play(s, "chance roll 6", "chance roll 3 4")
    render(build_model(ENGINE, s, screen="bowl_roll", events=events))
    assert (
        "trap 6: P1 #10 SPIKED PIT" in drawn["texts"] and "STUNNED" in drawn["texts"] and drawn["cut"] == []
    )


def test_the_inducements_title_says_what_was_bought_in_words(drawn):
    """The title was "+0 pits 0 apo 0 Igor"."""
    from companion.ui import PromptController, prompt_dict
    from companion.ui.model import build_model
    from tests.games.dungeonbowl.table import ENGINE, new, play

    s = new()
    play(s, "chance roll 5 2", "p1 end-zone left")
    assert ENGINE.prompt(s).text == "inducements: none bought yet"
    play(s, "p1 buy pits", "p1 buy apothecary", "p1 buy igor")
    ctl = PromptController(game=ENGINE.name)
    ctl.sync(prompt_dict(ENGINE.prompt(s)))
    render(build_model(ENGINE, s, "p1", ui=ctl.ui))
    assert ENGINE.prompt(s).text == "bought: 2 extra pits, 1 apothecary, 1 Igor"
    assert "bought: 2 extra pits," in drawn["texts"] and "1 apothecary, 1 Igor" in drawn["texts"]
    assert drawn["cut"] == [] and not any("apo " in t for t in drawn["texts"])


# ---------------------------------------------------------------------------- Dodgeball


def test_a_card_with_mascot_and_coach_cards_is_named_once_over_its_combinations(drawn):
    """Four boxes in the row: "DECEIVE cancel +mole +rook" showed "DECE." over "canc."; "+2 +mole
    +rook" "+mol."."""
    from companion.ui.model import build_model
    from tests.games.dodgeball.court import court, play

    g, s = court(
        p1_off=("rita", "tomas"),
        p2_off=("moss", "clay"),
        p2="moles",
        mascots=True,
        coach_cards=True,
        hands=(("+1", "+2", "+3"), ("+2", "+4", "DECEIVE")),
    )
    play(g, s, "p1 give rita", "p1 throw rita moss", "p1 play +3")
    options = list(g.prompt(s).options)
    assert options[-1] == "p2 play DECEIVE mole rook"
    for cursor, head in ((len(options) - 1, "DECEIVE cancel"), (3, "+2")):
        drawn["clear"]()
        m = build_model(g, s, "p2", ui={"mode": "list", "cursor": cursor})
        assert screen_name(m) == "dodge_hand"
        render(m)
        assert drawn["cut"] == [] and head in drawn["texts"]
        assert [t for t in drawn["texts"] if t in ("alone", "+mole", "+rook", "+both")] == [
            "alone",
            "+mole",
            "+rook",
            "+both",
        ]
        assert "BLO 3 DOD 4 CTH 3" in drawn["texts"]  # the target's attributes stay
