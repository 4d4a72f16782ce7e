"""The game menu offers what can be done now: Undo with its reason as the hint when it cannot
be done, "Correct last dice" only once the table has rolled dice; the phones' payload says the
same; scanning the code of a seat you already hold says who you are, not an error; after a
resume the phones' log is rebuilt from the journal."""

import json

from companion.web.bridge import WebBridge
from tests.device.secrets_on_the_panel import play, table


def items(app):
    app.open_game_menu()
    return {it["id"]: it for it in app.menu.menu["items"]}


def test_undo_shows_why_not_before_it_is_chosen_and_correct_only_after_a_roll(tmp_path):
    t = table(tmp_path, "dungeon-ball", {"p1": "human", "p2": "human"}, 3)
    app = t.app
    app.session.dice_mode = "manual"  # the table rolls: the coin waits for it
    menu = items(app)
    assert menu["undo"]["label"] == "Undo: not now" and menu["undo"]["hint"] == "Nothing to undo."
    assert "correct" not in menu  # no roll yet
    app.menu = None
    app.act("p1 team orcs")
    menu = items(app)
    assert menu["undo"]["label"] == "Undo last decision" and not menu["undo"].get("hint")
    app.menu = None
    for action in ("p2 team goblins", "p1 call heads", "chance coin heads"):
        app.act(action)
    menu = items(app)
    assert "correct" in menu and menu["undo"]["hint"].startswith("The dice have answered it")
    payload = json.loads(t.bridge.payload(app, "p1"))
    assert payload["undo"].startswith("the dice have answered it") and payload["dice"] is True


def test_a_game_of_cards_never_offers_to_correct_dice(tmp_path):
    t = table(tmp_path, "dungeon-days", {"p1": "human", "p2": "human"}, 3)
    play(t, 3, limit=25)
    assert "correct" not in items(t.app)


def test_scanning_the_code_of_the_seat_you_hold_says_who_you_are(tmp_path):
    t = table(tmp_path, "dungeon-ball", {"p1": "human", "p2": "human"}, 3)
    sent = []
    t.bridge.attach(lambda conn, data: sent.append((conn, json.loads(data))))
    t.bridge.viewers[9] = None
    code = t.bridge.seating.codes["p2"]
    t.bridge.claim(t.app, 9, "p2", code)
    t.bridge.claim(t.app, 9, "p2", code)
    assert sent[-1] == (9, {"t": "wait", "text": "you are P2"}), sent


def test_after_a_resume_the_phones_log_is_rebuilt_from_the_journal(tmp_path):
    t = table(tmp_path, "dungeonbowl", {"p1": "human", "p2": "computer"}, 4)
    play(t, 4, limit=12)
    before = [x for x in t.bridge.log]
    assert before
    again = table(tmp_path / "again", "dungeonbowl", {"p1": "human", "p2": "computer"}, 4)
    again.app.session.journal = t.app.session.journal
    assert again.app.resume(t.app.session.game_id)
    fresh = WebBridge()
    fresh.sync_game(again.app)
    rebuilt = list(fresh.log)
    assert any(isinstance(x, str) and x.endswith("(computer)") for x in before)
    # the same lines (a batch's computer lines come after its events live, after each move rebuilt)
    assert sorted(map(json.dumps, rebuilt)) == sorted(map(json.dumps, before)), (rebuilt, before)
