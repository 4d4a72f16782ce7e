"""A whole Dodgeball game on the device's buttons, P1 a person (a driver reading the panel and
pressing keys), P2 the computer coach: every screen draws, the throw is built step by step, and
no frame carries the computer coach's hand."""

from __future__ import annotations

from companion.device.app import DeviceApp
from companion.games.dodgeball.coach import CoachPolicy
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import screen_name
from drivers import open_display
from drivers.inputs.events import ButtonEvent
from tests.toygame.device_driver import Driver as ToyDriver


class Driver(ToyDriver):
    """The toy game's driver with Dodgeball's menu and the step-by-step control."""

    def __init__(self, app: DeviceApp, seed: int):
        super().__init__(app, seed)
        self.policy = CoachPolicy(seed)
        self.decided = {"list": 0, "steps": 0, "multi": 0}

    def menu_key(self) -> str:
        menu, kind = self.app.menu, self.app.menu_kind
        ids = [item["id"] for item in menu.items]
        if kind == "setup":
            want = "seat-p2" if self.app.setup.seats.get("p2", "human") == "human" else "start"
        else:
            want = {"main": "new", "new": "dodgeball", "confirm-new": "new"}[kind]
        cursor = menu.ui["cursor"]
        return "ok" if ids[cursor] == want else ("down" if ids.index(want) > cursor else "up")

    def control_key(self, ui: dict) -> str:
        if ui["mode"] == "list":
            return "ok" if ui["options"][ui["cursor"]] == self.target else "down"
        if ui["mode"] == "multi":  # the rush line: tick two players, confirm
            want = {ui["items"].index(p) for p in self.target.split()[2:]}
            at = ui["cursor"]
            if at < len(ui["items"]):
                return "ok" if (at in want) != (at in ui["selected"]) else "down"
            return "ok" if set(ui["selected"]) == want else "down"
        assert ui["mode"] == "steps", ui["mode"]
        words = self.target.split()[1:]
        chosen = ui["chosen"]
        want = words[len(chosen)] if len(chosen) < len(words) else "done"
        return "ok" if ui["words"][ui["cursor"]] == want else "down"


def test_a_whole_game_on_the_buttons_against_the_computer_coach(tmp_path):
    display = open_display({"type": "null"})
    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")), display, clock=lambda: 100.0, seed_source=lambda: 3
    )
    driver = Driver(app, 3)
    seen, leaks, started, presses = set(), [], False, 0
    app.refresh()
    while not (started and not app.session.active):
        app.handle(ButtonEvent(driver.key(), "press", 0.0))
        app.refresh()
        presses += 1
        started = started or app.session.active
        model = app.model()
        seen.add(screen_name(model))
        # P1 is the only person at the table: the panel may show P1's hand, never the computer's
        leaks += [
            c["id"]
            for c in ((model.get("view") or {}).get("coaches") or {}).values()
            if "hand" in c and c["id"] != "p1"
        ]
        assert presses < 20000, "the game never ended"
    assert leaks == []
    assert {"dodge_court", "dodge_hand", "dodge_result"} <= seen and "pass_to" not in seen, (
        seen
    )  # alone: no passing
    assert driver.decided["list"] > 0 and driver.decided["steps"] > 0 and driver.decided["multi"] > 0
