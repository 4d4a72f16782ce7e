"""Dungeonbowl as a table with only the rulebook meets it on the device: the roll-off said in
the rulebook's words, the set-up in as few presses as the rules allow, and the injured player's
coach asked about the apothecary or Regeneration only when his team has one."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.device.app import DeviceApp
from companion.games.dungeonbowl.page import page_event
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui import prompt_dict
from companion.ui.screens import render
from drivers import open_display
from tests.games.dungeonbowl.table import ENGINE, new, play, prompt
from tests.ui.presses import presses_to
from tests.ui.test_screens_as_a_player import two_seats


def test_the_roll_off_is_said_in_the_rulebooks_words(drawn):  # noqa: F811
    """It read "roll-off P1 v P2" over two dice and "roll-off P1 v P2 TIE: AG." (cut)."""
    s = new()
    events = play(s, "chance roll 3 3") + play(s, "chance roll 6 2")
    render({"game": "dungeonbowl", "screen": "bowl_roll", "summary": two_seats(), "events": events})
    assert {"Roll-off again (tie 3-3)", "P1", "P2", "P1 rolled 6, P2 rolled 2", "P1 CHOOSES"} <= set(
        drawn["texts"]
    )
    assert drawn["cut"] == []
    assert [page_event(e, {}) for e in events] == [
        "P1 rolled 3, P2 rolled 3: a tie: the rulebook does not say; the device has both coaches roll again",
        (
            "P1 rolled 6, P2 rolled 2: P1 chooses the end zone and takes the first turn, and P2 places the first "
            "chest: the rulebook does not say who moves or places first, the device decides"
        ),
    ]
    assert (
        page_event({"event": "roll_off", "dice": [6, 2], "winner": "p1"}, {})
        == "P1 rolled 6, P2 rolled 2: P1 chooses the end zone"
    )  # an event without the sentence


def test_buying_nothing_and_starting_six_take_one_press_each():
    """The inducements opened on "buy pits" (done two presses away) and the starters on an
    empty list (six ticks and the moves between them, then to the confirm: 18 presses)."""
    s = new()
    play(s, "chance roll 5 2", "p1 end-zone left")
    assert presses_to("dungeonbowl", prompt_dict(prompt(s)), "p1 done") == 1
    assert presses_to("", prompt_dict(prompt(s)), "p1 done") == 2
    s = new()
    from tests.games.dungeonbowl.table import SETUP, place_traps

    play(s, *SETUP)
    place_traps(s)
    starters = prompt_dict(prompt(s))
    assert starters["kind"] == "starters"
    line = f"{starters['actor']} start 1 2 3 4 5 6"
    assert presses_to("dungeonbowl", starters, line) == 1


def set_up_on_the_buttons(app, session) -> int:
    """Both coaches set up on the device, buying nothing and starting the players it offers:
    the presses from the new game to the first turn."""
    for presses in range(200):
        if session.prompt().kind == "turn" and app.interstitial is None:
            return presses
        app.press("ok")
    raise AssertionError("the set-up never ended")


def test_the_whole_set_up_is_one_press_per_decision_or_counter():
    with tempfile.TemporaryDirectory() as tmp:
        session = RefereeSession(Journal(Path(tmp) / "j.sqlite"))
        app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 9)
        app.result_seconds = 1e9
        app.start_game("dungeonbowl", {})
        presses = set_up_on_the_buttons(app, session)
        s = session.state
        counters = s.chests_placed + s.pads_placed + len(s.traps)
        # the roll-off's result, the end zone, two coaches' inducements and starters, each counter
        assert presses == 1 + 1 + 2 + 2 + counters, (presses, counters)
        assert all(s.team(seat).in_box("dungeon") == ["1", "2", "3", "4", "5", "6"] for seat in ("p1", "p2"))
        session.journal.close()


def test_the_injured_players_coach_is_asked_and_only_about_what_his_team_has():
    """During P1's turn P2 #2 is hurt: P2 (the owner) decides, and only between what P2's team
    has; the device's list says it in words."""
    from tests.games.dungeonbowl.table import to_first_turn

    s = to_first_turn(regeneration="p2")
    s.team("p2").apothecaries = 1
    play(s, "p1 wall", "p1 pushed p2#2", "p2 av 7", "chance roll 4 4", "chance roll 6 6", "chance roll 6 1")
    p = prompt_dict(prompt(s))
    assert p["actor"] == "p2" and s.active == "p1"
    from companion.games.dungeonbowl.screens_text import option_label

    assert [option_label(p, o) for o in p["options"]] == [
        "use the apothecary",
        "roll Regeneration",
        "accept it",
    ]
    from companion.games.dungeonbowl.page import page_label

    assert [page_label(o, {}) for o in p["options"]] == [
        "use the apothecary",
        "roll Regeneration",
        "accept it",
    ]
    assert ENGINE.prompt(s).kind == "treat"


def test_dice_entered_by_hand_name_their_roll_whole(drawn):  # noqa: F811
    """ "teleport P1 #6 from pad 2: d6" was cut to "teleport P1 #6 from ." over the dice."""
    from companion.ui import PromptController
    from companion.ui.model import build_model
    from tests.games.dungeonbowl.table import to_first_turn

    s = to_first_turn()
    play(s, "p1 pad", "p1 onto-pad 2", "p1 mover p1#6")
    ctl = PromptController(game="dungeonbowl")
    ctl.sync(prompt_dict(prompt(s)))
    assert prompt(s).text == "teleport P1 #6 from pad 2: d6"
    render(build_model(ENGINE, s, viewer=None, ui=ctl.ui))
    assert "teleport P1 #6 pad 2" in drawn["texts"] and drawn["cut"] == []
