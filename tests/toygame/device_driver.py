"""The toy game on the device's buttons: a driver reads what the app shows, as a person would,
and presses keys (menus by their item ids; a decision by pressing until the control gives the
action a random player chose from its own view). It notes what the panel showed: the screens,
the controls used, and any hand the model carried for a seat that was not holding the device."""

from __future__ import annotations

from pathlib import Path

from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import screen_name
from drivers import open_display
from drivers.inputs.events import ButtonEvent
from tests.toygame.policies import RandomPolicy


class StillClock:
    """Time stands still: a result screen stays until OK, so the key script replays the same."""

    def __call__(self) -> float:
        return 100.0


class Driver:
    def __init__(self, app: DeviceApp, seed: int):
        self.app = app
        self.policy = RandomPolicy(seed)
        self.target_for: int | None = None
        self.target = ""
        self.decided = {"list": 0, "number": 0}  # decisions made with each control

    def menu_key(self) -> str:
        """Main menu -> New game -> Crystal Auction -> three players, P3 the greedy computer -> Start."""
        menu, kind = self.app.menu, self.app.menu_kind
        ids = [item["id"] for item in menu.items]
        if kind == "setup":
            setup = self.app.setup
            want = (
                "players"
                if setup.players != 3
                else "seat-p3"
                if setup.seats.get("p3") != "computer:greedy"
                else "start"
            )
        else:
            want = {"main": "new", "new": "toy", "confirm-new": "new"}[kind]
        cursor = menu.ui["cursor"]
        if ids[cursor] == want:
            return "ok"
        return "down" if ids.index(want) > cursor else "up"

    def key(self) -> str:
        app, s = self.app, self.app.session
        assert app.save_failure is None, app.save_failure
        if app.message is not None:
            return "ok"
        if app.menu is not None:
            return self.menu_key()
        if (
            not s.active
            or app.interstitial is not None
            or app.hidden_after is not None
            or app.awaiting_pass() is not None
            or s.engine.is_over(s.state)
        ):
            return "ok"
        if self.target_for != len(s.actions):
            p = s.prompt()
            self.target_for = len(s.actions)
            self.target = self.policy(s.engine, s.engine.public_view(s.state, p.actor), p)
        key = self.control_key(app.controller.ui)
        if key == "ok":
            self.decided[app.controller.ui["mode"]] += 1
        return key

    def control_key(self, ui: dict) -> str:
        if ui["mode"] == "list":
            return "ok" if ui["options"][ui["cursor"]] == self.target else "down"
        if ui["mode"] == "number":
            gap = int(self.target.split()[2]) - ui["value"]
            return "ok" if gap == 0 else "up" if gap > 0 else "down"
        raise AssertionError(f"unexpected control {ui['mode']!r} for {self.target!r}")


def hands_shown(app: DeviceApp, model: dict) -> list[str]:
    """Seats whose hand the model carries although the device is not in their hands now."""
    view = model.get("view") or {}
    s = app.session
    holder = None
    if s.active and not s.engine.is_over(s.state) and app.interstitial is None and app.hidden_after is None:
        p = s.prompt()
        if p.private and not s.is_computer(p.actor) and app.awaiting_pass() is None:
            holder = p.actor
    return [seat["id"] for seat in view.get("seats", []) if "hand" in seat and seat["id"] != holder]


def play_on_device(folder: Path, seed: int):
    """One whole game from the main menu back to it; return the keys, what was seen, the app."""
    folder.mkdir(parents=True)
    display = open_display({"type": "png", "dir": str(folder / "frames")})
    app = DeviceApp(
        RefereeSession(Journal(folder / "journal.sqlite")),
        display,
        clock=StillClock(),
        seed_source=lambda: seed,
    )
    driver = Driver(app, seed)
    keys: list[str] = []
    seen = {"screens": set(), "hidden": 0, "leaks": [], "passes": [], "decided": driver.decided}
    app.refresh()
    started = False
    while not (started and not app.session.active):
        key = driver.key()
        keys.append(key)
        app.handle(ButtonEvent(key, "press", 0.0))
        app.refresh()
        started = started or app.session.active
        model = app.model()
        seen["screens"].add(screen_name(model))
        if app.session.active and app.awaiting_pass() is not None and app.interstitial is None:
            seen["passes"].append((app.awaiting_pass(), screen_name(model), model.get("title")))
        if app.session.active:
            seen["leaks"] += [(len(app.session.actions), seat) for seat in hands_shown(app, model)]
        if app.hidden_after is not None:
            seen["hidden"] += 1
        assert len(keys) < 5000, "the game never ended"
    return keys, seen, app
