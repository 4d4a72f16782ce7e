"""A resumed game opens on a screen of its own (which game, how far), not a banner over the
game's text; About says the parts are emulated rather than "all hardware found"."""

import argparse

from companion.device import service as service_mod
from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import render
from drivers import open_display

TWO_PLAYER = {"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}}


def test_a_resumed_game_says_so_on_its_own_screen_then_plays_on(tmp_path):
    first = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")), open_display({"type": "null"}), seed_source=lambda: 1
    )
    first.start_game("dungeon-ball", dict(TWO_PLAYER))
    first.act("p1 call heads")
    now = [100.0]
    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")), open_display({"type": "null"}), clock=lambda: now[0]
    )
    assert app.resume()
    model = app.model()
    assert model["screen"] == "resumed" and model["notice"] is None  # nothing drawn over the game
    frame = render(model)
    assert frame.size == (128, 64)
    said = [e for e in model["events"] if e["event"] == "resumed"][0]
    assert said["game"] == "Dungeon Ball" and said["text"] == f"{len(app.session.actions)} moves so far"
    app.press("ok")
    after = app.model()
    assert after.get("screen") != "resumed" and after["notice"] is None
    assert app.resume() and app.model()["screen"] == "resumed"
    now[0] += app.result_seconds  # or it goes by itself
    app.refresh()
    assert app.model().get("screen") != "resumed"


def test_about_says_emulated_when_an_emulator_plays_the_parts(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    args = argparse.Namespace(
        emulate=True,
        headless=True,
        keys=None,
        frames=None,
        config=None,
        journal=tmp_path / "j.sqlite",
        menu=True,
        seed=1,
        verbose=False,
        no_web=True,
        web=False,
    )
    app, events, inputs, closers = service_mod.build(args)
    try:
        app.menu_choice("about")
        text = app.model()["message"]["text"]
        assert "all hardware found" not in text
        assert "emulated: display, buttons" in text, text
    finally:
        service_mod.shutdown(app, closers)
