"""Undo and correction do what they say on the device: a long BACK undoes (from a key script
and from the keyboard), a refused undo says why, "Correct last dice" shows that roll's dice
entry, a new game asks before leaving an unfinished one, and Resume lists the unfinished games."""

import queue

import pytest

from companion.device.app import DeviceApp
from companion.engine.core import Header
from companion.games.dungeon_ball.screens import screen_for
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import ButtonEvent, open_display
from drivers.inputs.keyboard import KeyboardInput
from drivers.inputs.scripted import ScriptedInput

TWO_PLAYER = {"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}}


class RecordingLink:
    def __init__(self):
        self.lines = []

    def send_state(self, summary):
        self.lines.append(("STATE", summary))

    def send_event(self, event):
        self.lines.append(("EVENT", event))

    def send_error(self, text):
        self.lines.append(("ERR", text))


def manual_app(tmp_path, link=None):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    app = DeviceApp(session, open_display({"type": "null"}), link=link, seed_source=lambda: 1)
    session.journal.set_setting("dice", "manual")
    app.start_game("dungeon-ball", dict(TWO_PLAYER))
    for a in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        app.act(a)
    app.interstitial = None  # the kickoff's result screen, read
    return session, app


def feed(app, events):
    for e in events:
        app.handle(e)


def script_events(text):
    """The button events a key script produces, as the script backend queues them."""
    backend = ScriptedInput("keys.txt", queue.Queue(), text=text, threaded=False)
    return [e for step in backend.steps for e in backend.events_for(step, 0.0)]


def keyboard_events(data: bytes):
    """The button events the terminal keyboard produces for these bytes."""
    r, w = __import__("os").pipe()
    backend = KeyboardInput(queue.Queue(), fd=r, raw=False, threaded=False)
    try:
        return backend.feed(data)
    finally:
        backend.close()
        __import__("os").close(w)


def test_a_long_back_from_a_key_script_undoes_without_opening_the_game_menu(tmp_path):
    session, app = manual_app(tmp_path)
    app.act("p2 defend red-1")
    feed(app, script_events("long back\n"))
    assert session.actions[-1] == "p2 endzone low"
    assert app.menu is None and app.model()["prompt"]["kind"] == "defense_card"


def test_a_long_back_from_the_keyboard_undoes(tmp_path):
    session, app = manual_app(tmp_path)
    app.act("p2 defend red-1")
    feed(app, keyboard_events(b"B"))  # Shift+B: a long BACK
    assert session.actions[-1] == "p2 endzone low" and app.menu is None


def test_a_short_back_still_opens_the_game_menu_when_released(tmp_path):
    session, app = manual_app(tmp_path)
    app.handle(ButtonEvent("back", "press", 0.0))
    assert app.menu is None  # nothing yet: it may become a long press
    app.handle(ButtonEvent("back", "release", 0.1))
    assert app.menu is not None and app.menu_kind == "game"


def test_a_refused_undo_says_why_on_the_screen(tmp_path):
    session, app = manual_app(tmp_path)
    for a in ("p2 defend red-1", "p1 move down", "chance roll ball ball cleat cleat time time"):
        app.act(a)
    kept = list(session.actions)
    app.undo()
    assert session.actions == kept
    said = app.model()["message"]
    assert said["title"] == "No undo"
    assert said["text"] == "The dice have answered it. Game menu: Correct last dice."
    from companion.ui import fonts
    from companion.ui.draw import W, wrap

    assert len(wrap(said["text"], fonts.body(), W - 4)) <= 4  # whole on the panel (a notice cut it)
    app.handle(ButtonEvent("ok", "press", 0.0))
    app.handle(ButtonEvent("ok", "release", 0.0))
    assert app.message is None and session.actions == kept


def test_correct_last_dice_shows_the_dice_entry_of_that_roll(tmp_path):
    session, app = manual_app(tmp_path)
    for a in ("p2 defend red-1", "p1 move down", "chance roll ball ball cleat cleat time time", "p1 stop"):
        app.act(a)
    assert app.model()["prompt"]["kind"].endswith("window")  # a card window is on screen now
    app.correct_last_dice()
    model = app.model()
    assert model["prompt"]["actor"] == "chance" and model["prompt"]["chance"]["count"] == 6
    assert model["ui"]["mode"] == "chance"
    assert screen_for(model) == "dice_entry"
    for _ in range(6):  # enter six balls on the buttons
        app.press("ok")
    assert session.actions[6] == "chance roll ball ball ball ball ball ball"
    assert session.journal.actions(session.game_id)[6] == session.actions[6]
    assert app.correcting is None


def test_back_leaves_a_correction_with_the_dice_unchanged(tmp_path):
    session, app = manual_app(tmp_path)
    for a in ("p2 defend red-1", "p1 move down", "chance roll ball ball cleat cleat time time", "p1 stop"):
        app.act(a)
    kept = list(session.actions)
    app.correct_last_dice()
    app.press("back")
    assert app.correcting is None and session.actions == kept
    assert app.model()["prompt"]["kind"].endswith("window")


def test_undo_sends_the_state_at_once_without_replaying_the_game(tmp_path, monkeypatch):
    link = RecordingLink()
    session, app = manual_app(tmp_path, link)
    app.act("p2 defend red-1")
    import companion.session as session_mod

    monkeypatch.setattr(session_mod, "replay", lambda *a, **k: pytest.fail("undo replayed the game"))
    link.lines.clear()
    app.undo()
    assert link.lines[0][0] == "STATE" and link.lines[0][1] == session.engine.summary(session.state)
    assert session.actions[-1] == "p2 endzone low"


def test_a_new_game_while_one_is_unfinished_asks_first(tmp_path):
    session, app = manual_app(tmp_path)
    gid = session.game_id
    app.open_game_menu()
    app.menu_choice("leave")
    assert app.menu_kind == "main"
    app.menu_choice("new")
    assert app.menu_kind == "confirm-new"
    assert [it["id"] for it in app.menu.menu["items"]] == ["resume", "new", "back"]
    app.menu_choice("resume")  # one unfinished game: resumed at once
    assert session.game_id == gid and app.menu is None


def test_resume_lists_the_unfinished_games(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    first = RefereeSession(journal)
    first.new_game(Header("dungeon-ball", seed=1, options=dict(TWO_PLAYER)))
    second = RefereeSession(journal)
    second.new_game(Header("dungeon-ball", seed=2, options=dict(TWO_PLAYER)))
    session = RefereeSession(journal)
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.menu_choice("resume")
    assert app.menu_kind == "resume"
    ids = [it["id"] for it in app.menu.menu["items"]]
    assert ids == [str(second.game_id), str(first.game_id)]
    app.menu_choice(str(first.game_id))
    assert session.game_id == first.game_id and session.actions == first.actions


def test_the_new_game_menu_is_built_from_the_registry(tmp_path):
    from companion.engine.registry import games

    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.menu_choice("new")
    items = app.menu.menu["items"]
    listed = sorted(games(), key=lambda g: g.id != "dungeon-ball")  # the configured default first
    assert [(it["id"], it["label"]) for it in items] == [(g.id, g.title) for g in listed]
    app.menu_choice("dungeon-ball")
    game = app.setup.game
    labels = {it["id"]: it["label"] for it in app.menu.menu["items"]}
    assert labels["players"] == "Players: 2" and labels["seat-p2"] == "P2: human"
    assert [k for k in labels if k.startswith("option-")] == [
        f"option-{o.key}" for o in game.options if o.menu and o.choices
    ]
    assert list(labels)[-1] == "start"
    app.menu_choice("seat-p2")  # human -> the game's first computer player
    app.menu_choice("option-clock_start")  # the next value offered
    seat = next(it for it in app.menu.menu["items"] if it["id"] == "seat-p2")
    assert seat["label"] == "P2: computer" and game.policy_names()[0] in seat["hint"]
    app.menu_choice("start")
    assert session.active and session.header.game == "dungeon-ball"
    clock = game.option("clock_start")
    assert session.header.options == {
        "seats": {"p2": f"computer:{game.policy_names()[0]}"},
        "clock_start": clock.choices[1],
    }


def test_a_player_count_outside_the_menu_is_not_offered(tmp_path):
    from companion.device.game_setup import GameSetup
    from companion.engine.registry import get_game

    setup = GameSetup(get_game("dungeon-ball"))
    lo, hi = setup.game.players
    seen = set()
    for _ in range(hi - lo + 2):
        seen.add(setup.players)
        setup.cycle("players")
    assert seen == set(range(lo, hi + 1))


def test_options_the_game_refuses_are_said_and_start_nothing(tmp_path):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.start_game("dungeon-ball", {"seats": {"p2": "robot"}})
    assert not session.active and app.message["title"] == "Cannot start"
    assert app.message["text"].startswith("P2: 'robot' is not")
    assert session.journal.unfinished() is None


def test_a_computer_p2_in_solo_is_refused_in_words_the_panel_shows(tmp_path):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.start_game("dungeon-ball", {"solo": "I", "seats": {"p2": "computer"}})
    assert not session.active
    assert app.message == {
        "title": "Cannot start",
        "text": "P2: must be human in solo (the AI deck plays P2)",
    }


def test_the_new_game_menu_shows_a_seat_a_solo_level_plays_and_offers_no_person_there(tmp_path):
    """With a solo level set the menu said "P2: human" (the AI deck plays P2), and a P2 set to a
    computer before it made Start refuse the game: the seat now says what plays it, OK on it
    changes nothing, and the menu's earlier choice for it is left out of the game."""
    from companion.device.game_setup import GameSetup
    from companion.engine.registry import get_game

    setup = GameSetup(get_game("dungeon-ball"))
    setup.cycle("seat-p2")  # P2: computer, then solo chosen
    setup.cycle("option-solo")
    p2 = next(item for item in setup.items() if item["id"] == "seat-p2")
    assert p2["label"] == "P2: AI deck" and "AI deck plays P2" in p2["hint"]
    setup.cycle("seat-p2")
    assert next(item for item in setup.items() if item["id"] == "seat-p2") == p2
    options = setup.header_options()
    assert "seats" not in options and options["solo"] == setup.options["solo"]
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    app.start_game("dungeon-ball", options)
    assert session.active, app.message
    while setup.options["solo"] != "VII":
        setup.cycle("option-solo")
    assert next(item for item in setup.items() if item["id"] == "seat-p2")["label"] == "P2: planner"


def test_a_result_screen_stays_until_ok_or_a_few_seconds(tmp_path):
    now = [100.0]
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1, clock=lambda: now[0])
    session.journal.set_setting("dice", "manual")
    app.start_game("dungeon-ball", dict(TWO_PLAYER))
    for a in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        app.act(a)
    assert app.interstitial is not None and app.model().get("screen") == app.interstitial[0]
    now[0] += app.result_seconds - 0.1
    app.refresh()
    assert app.interstitial is not None  # still being read
    now[0] += 0.2
    app.refresh()
    assert app.interstitial is None and app.model()["prompt"]["kind"] == "defense_card"


def test_a_game_says_which_of_its_result_screens_wait_for_ok(tmp_path, monkeypatch):
    import importlib

    from companion.device.app import waits_for_ok
    from companion.engine.registry import get_game

    screens = importlib.import_module(get_game("dungeon-ball").screens)
    monkeypatch.setattr(screens, "WAIT_FOR_OK", frozenset({"halftime"}), raising=False)
    assert waits_for_ok("dungeon-ball", "halftime") and waits_for_ok("dungeon-ball", "game_over")
    assert not waits_for_ok("dungeon-ball", "result") and not waits_for_ok(None, "halftime")


def test_a_correction_the_later_moves_refuse_says_so_whole_and_changes_nothing(tmp_path):
    """Dungeonbowl's roll-off read 6 1 (P1 chose an end zone after it): re-entered as 1 6, P2
    would have won it, so the correction is refused; the panel says so in words that fit."""
    from companion.ui import fonts
    from companion.ui.draw import W, wrap

    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    session.new_game(Header("dungeonbowl", seed=3))
    app.menu = None
    app.act("chance roll 6 1")
    app.act("p1 end-zone left")
    kept = list(session.actions)
    app.correct_last_dice()
    assert app.correcting == 0
    app.act("chance roll 1 6")
    said = app.model()["message"]
    assert said == {
        "title": "Cannot correct",
        "text": "A later move does not fit those dice. The roll stands.",
    }
    assert len(wrap(said["text"], fonts.body(), W - 4)) <= 3 and fonts.bold().measure(said["title"]) <= W - 4
    assert session.actions == kept and app.correcting is None
    assert "correcting action 0" in app.last_refusal  # the details, for the log and the link
