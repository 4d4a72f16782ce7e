"""Dungeonbowl on the device: buttons drive the turn's chooser, every roll and reveal is shown
as a result screen, the touchdown waits for OK, the serial link's peer can report an event,
and a game resumed from the journal is the same game, the chests' draws included."""

from __future__ import annotations

from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import render
from drivers import open_display
from tests.games.dungeonbowl.test_secrets import Fixed, choice


def device(tmp_path, name="j.sqlite"):
    session = RefereeSession(Journal(tmp_path / name))
    return session, DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 9)


def read_results(app, seen):
    while app.interstitial is not None:
        seen.append(app.model().get("screen"))
        render(app.model())
        app.press("ok")


def to_first_turn(app, session, seen):
    for _ in range(100):
        read_results(app, seen)
        if session.prompt().kind == "turn":
            return
        app.act(choice(session.prompt()))
    raise AssertionError("no first turn")


def test_a_chest_opened_on_the_buttons_shows_its_result(tmp_path):
    session, app = device(tmp_path)
    app.start_game("dungeonbowl", {})
    seen: list = []
    to_first_turn(app, session, seen)
    assert "bowl_roll" in seen  # the roll-off was shown
    model = app.model()
    assert model["prompt"]["kind"] == "turn" and render(model).size == (128, 64)
    options = model["prompt"]["options"]
    for _ in range(options.index(f"{session.state.active} chest")):
        app.press("down")
    app.press("ok")  # the chooser: open a chest
    assert session.prompt().kind == "chest"
    app.press("ok")  # chest 1
    app.press("ok")  # the first player opens it
    assert session.state.chests[0].state in ("ball", "blast")
    screen, events = app.interstitial
    assert screen == "bowl_roll" and any(e["event"] == "chest_opened" for e in events)
    assert session.actions[-1] in ("chance open ball", "chance open blast")


def test_a_game_resumed_from_the_journal_is_the_same_game(tmp_path):
    session, app = device(tmp_path)
    app.start_game("dungeonbowl", {})
    seen: list = []
    to_first_turn(app, session, seen)
    active = session.state.active
    for action in (f"{active} chest", f"{active} open 4", f"{active} opener {active}#1"):
        app.act(action)
    read_results(app, seen)
    again = RefereeSession(Journal(tmp_path / "j.sqlite"))
    assert again.resume()
    assert again.engine.to_json(again.state) == session.engine.to_json(session.state)
    assert again.state.chests[3].state == session.state.chests[3].state != "closed"


def test_the_touchdown_waits_for_ok(tmp_path):
    session, app = device(tmp_path)
    app.start_game("dungeonbowl", {})
    session.dice.fresh = Fixed("ball")  # the first chest opened holds the ball
    to_first_turn(app, session, [])
    a = session.state.active
    for action in (f"{a} chest", f"{a} open 6", f"{a} opener {a}#1"):
        app.act(action)
    read_results(app, [])
    for action in (f"{a} holder", f"{a} holds {a}#2", f"{a} touchdown"):
        app.act(action)
    assert app.interstitial[0] == "game_over" and app.interstitial_until == float("inf")
    assert session.engine.summary(session.state)["winner"] == a
    assert session.journal.result(session.game_id)["winner"] == a
