"""Dungeon Days on the device's buttons, from the main menu back to it: three players, P3 a
computer; each turn built with the word chooser from what a random player chose; the pass-it-on
screen before each person's turn; no frame carries a hand its owner is not holding."""

from __future__ import annotations

from pathlib import Path

from companion.device.app import DeviceApp
from companion.games.dungeon_days.controls import key_of
from companion.games.dungeon_days.policies import RandomPolicy
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import screen_name
from drivers import open_display
from drivers.inputs.events import ButtonEvent
from tests.toygame.device_driver import Driver as ToyDriver
from tests.toygame.device_driver import StillClock


class Driver(ToyDriver):
    """The toy game's driver (tests/toygame/device_driver.py) with Dungeon Days' menu choices
    and its word chooser: each word of the random player's action in turn."""

    def __init__(self, app: DeviceApp, seed: int):
        super().__init__(app, seed)
        self.policy = RandomPolicy(seed)
        self.decided = {"days": 0}

    def menu_key(self) -> str:
        menu, kind = self.app.menu, self.app.menu_kind
        ids = [item["id"] for item in menu.items]
        if kind == "setup":
            setup = self.app.setup
            want = (
                "players"
                if setup.players != 3
                else "seat-p3"
                if setup.seats.get("p3", "human").partition(":")[0] != "computer"
                else "start"
            )
        else:
            want = {"main": "new", "new": "dungeon-days", "confirm-new": "new"}[kind]
        cursor = menu.ui["cursor"]
        return "ok" if ids[cursor] == want else "down" if ids.index(want) > cursor else "up"

    def control_key(self, ui: dict) -> str:
        assert ui["mode"] == "days", ui
        want = key_of(self.target.split())[len(ui["chosen"])]
        return "ok" if ui["words"][ui["cursor"]] == want else "down"


def test_a_whole_game_on_the_buttons(tmp_path: Path):
    folder = tmp_path / "device"
    folder.mkdir()
    display = open_display({"type": "png", "dir": str(folder / "frames")})
    app = DeviceApp(
        RefereeSession(Journal(folder / "journal.sqlite")), display, clock=StillClock(), seed_source=lambda: 5
    )
    driver = Driver(app, 5)
    screens, passes, leaks, keys, actions = set(), [], [], 0, 0
    app.refresh()
    started = False
    while not (started and not app.session.active):
        app.handle(ButtonEvent(driver.key(), "press", 0.0))
        app.refresh()
        keys += 1
        s = app.session
        started = started or s.active
        actions = max(actions, len(s.actions)) if s.active else actions
        model = app.model()
        screens.add(screen_name(model))
        if s.active and app.awaiting_pass() is not None and app.interstitial is None:
            passes.append(screen_name(model))
        if s.active and not s.engine.is_over(s.state):
            p = s.prompt()
            holder = (
                p.actor
                if p.shows_hand
                and not s.is_computer(p.actor)
                and app.awaiting_pass() is None
                and app.interstitial is None
                else None
            )
            leaks += [
                seat["id"]
                for seat in (model.get("view") or {}).get("seats", [])
                if "hand" in seat and seat["id"] != holder
            ]
        assert keys < 20_000, "the game never ended"
    assert leaks == []
    assert "days_board" in screens and "game_over" in screens and "pass_to" in passes
    assert actions > 30 and driver.decided["days"] > 10
