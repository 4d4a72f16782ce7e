"""The score in sight, through the whole device: a complete Dungeon Ball game played on the
buttons of ``DeviceApp`` (a real RefereeSession on a journal on disk, digital dice, the real
PNG display backend). A small driver reads the controller and presses keys, as a person would.

Every frame of the game is read back by matching the shipped font's glyphs at the cells of
the status strip (tests/ui/strip_reader.py): score, half, clock and down must be what
``engine.summary()`` says at that moment. After a touchdown, a field goal and a turnover the
frame is the result screen. The keys pressed are then replayed through ``companion run
--headless --keys`` with the same seed, and give the same frames and the same game.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from companion.device.app import DeviceApp
from companion.games.dungeon_ball.policies import RandomPolicy
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import screen_name
from drivers import open_display
from drivers.inputs.events import ButtonEvent
from tests.ui.strip_reader import read_summary

ROOT = Path(__file__).resolve().parents[2]
SEED = 11


class StillClock:
    """Time stands still: a result screen stays until OK, so the key script replays the same."""

    def __call__(self) -> float:
        return 100.0


class Driver:
    """Chooses the next button from what the app shows, as a person would: menus by their
    ids; in the game, the engine's sensible random player (``policies.RandomPolicy``) picks the
    decision and the driver presses the D-pad and OK until the controller gives exactly it."""

    def __init__(self, app: DeviceApp, seed: int, solo: str | None = None):
        self.app = app
        self.rng = random.Random(seed)
        self.policy = RandomPolicy(seed)
        self.solo = solo
        self.plan: list[str] = []
        self.plan_for: object = None
        self.target = ""

    def menu_key(self) -> str:
        """Main menu -> New game -> Dungeon Ball -> (the solo option at the level) -> Start."""
        menu = self.app.menu
        ids = [it["id"] for it in menu.items]
        kind = self.app.menu_kind
        if kind == "setup" and self.solo:
            solo = menu.items[ids.index("option-solo")]["label"]
            want = "start" if solo.endswith(f": {self.solo}") else "option-solo"
        else:
            want = {"main": "new", "new": "dungeon-ball", "setup": "start"}[kind]
        return "ok" if ids[menu.ui["cursor"]] == want else "down"

    def decide(self) -> str:
        s = self.app.session
        p = s.prompt()
        if p.is_chance:  # a skill kick: the person says where it landed
            return "chance toss " + ("good" if self.rng.random() < 0.7 else "no-good")
        return self.policy(s.engine, s.engine.public_view(s.state, p.actor), p)

    def key(self) -> str:
        app = self.app
        if app.message is not None or app.interstitial is not None:
            return "ok"
        if app.hidden_after is not None or app.awaiting_pass() is not None:
            return "ok"  # the device passed on (the defence card is secret)
        if app.menu is not None:
            return self.menu_key()
        if app.session.engine.is_over(app.session.state):
            return "ok"  # the final score read: back to the menu
        ui = app.controller.ui
        if self.plan_for is not app.controller.prompt:
            self.plan_for, self.plan, self.target = app.controller.prompt, [], self.decide()
        if self.plan:
            return self.plan.pop(0)
        words = self.target.split()
        mode = ui.get("mode")
        if mode == "list":
            return "ok" if ui["options"][ui["cursor"]] == self.target else "down"
        if mode == "grid":
            return self.grid_key(ui)
        if mode == "pawn":
            if ui.get("free"):
                return self.cell_key(ui["cursor"], words[2])
            return "ok" if ui.get("selected") == words[2] else words[2]
        if mode == "dice":
            positions = [int(w) for w in words[2:]]
            cursor = ui["cursor"]  # a reroll starts on its final entry, a pick on the first die
            if positions and cursor == len(ui["eligible"]):
                self.plan.append("up")  # from the final entry to the first die
                cursor = 0
            for pos in positions:
                i = ui["eligible"].index(pos)
                self.plan += ["right"] * (i - cursor) + ["ok"]
                cursor = i
            self.plan += ["up", "ok"] if cursor != len(ui["eligible"]) else ["ok"]
            return self.plan.pop(0)
        if mode == "chance":
            return "ok" if ui["faces"][ui["face"]] == words[2] else "down"
        return "ok"

    def grid_key(self, ui: dict) -> str:
        where = {i: (r, c) for r, row in enumerate(ui["grid"]) for c, i in enumerate(row) if i is not None}
        (r, c), (tr, tc) = where[ui["cursor"]], where[ui["options"].index(self.target)]
        if (r, c) == (tr, tc):
            return "ok"
        if r != tr:
            return "down" if tr > r else "up"
        return "right" if tc > c else "left"

    @staticmethod
    def cell_key(cursor: str, target: str) -> str:
        if cursor[0] != target[0]:
            return "down" if target[0] > cursor[0] else "up"
        if cursor[1:] != target[1:]:
            return "right" if target[1:] > cursor[1:] else "left"
        return "ok"


def play_whole_game(tmp_path: Path, solo: str | None = None):
    """Play one game to its end through the app; return the keys, the frames (path, summary,
    screen, conversion) and the app."""
    journal = Journal(tmp_path / "journal.sqlite")
    display = open_display({"type": "png", "dir": str(tmp_path / "frames")})
    app = DeviceApp(RefereeSession(journal), display, clock=StillClock(), seed_source=lambda: SEED)
    driver = Driver(app, SEED, solo)
    keys: list[str] = []
    frames: list[dict] = []
    checks: dict = {"touchdown": 0, "field_goal": 0, "turnover": 0, "coin": None}
    app.refresh()
    started = False
    while True:
        s = app.session
        before = s.engine.summary(s.state) if s.active else None
        key = driver.key()
        keys.append(key)
        app.handle(ButtonEvent(key, "press", 0.0))
        pushed = app.refresh()
        if not s.active:
            if started:
                break  # OK on the final screen: back to the menu
            continue
        started = True
        summary = s.engine.summary(s.state)
        model = app.model()
        if pushed:
            frames.append(
                {
                    "path": display.paths[-1],
                    "summary": summary,
                    "screen": screen_name(model),
                    "conversion": bool(model.get("view", {}).get("conversion")),
                    "game": app.menu is None and app.message is None,
                }
            )
        if app.interstitial is not None and any(e.get("event") == "coin" for e in app.interstitial[1]):
            checks["coin"] = screen_name(model)
        if before is not None:
            for what, stat in (
                ("touchdown", "touchdowns"),
                ("field_goal", "field_goals"),
                ("turnover", "turnovers"),
            ):
                if sum(summary["stats"][p][stat] for p in ("p1", "p2")) > sum(
                    before["stats"][p][stat] for p in ("p1", "p2")
                ):
                    assert pushed, f"no new frame after a {what}"
                    assert screen_name(model) in ("result", "halftime", "game_over"), (
                        what,
                        screen_name(model),
                    )
                    checks[what] += 1
        assert len(keys) < 20000, "the game never ended"
    return keys, frames, checks, app


@pytest.mark.parametrize("solo", [None, "II"], ids=["two-players", "solo-level-II"])
def test_the_score_is_in_sight_on_every_frame_of_a_whole_game(tmp_path, solo):
    keys, frames, checks, app = play_whole_game(tmp_path, solo)
    game_frames = [f for f in frames if f["game"]]
    assert len(game_frames) > 200
    for f in game_frames:
        got = read_summary(Image.open(f["path"]))
        s = f["summary"]
        where = f"{f['path'].name} ({f['screen']})"
        assert got["score"] == s["score"], where
        if s["overtime"]:
            assert got["overtime"] and got["clock"] is None, where
        else:
            assert (got["half"], got["clock"]) == (s["half"], s["clock"]), where
        if s["over"]:
            assert got["special"] == "END", where
        elif f["conversion"]:
            assert got["special"] == "2PT", where
        elif s["possession"]:
            assert got["down"] == s["down"], where
    screens = {f["screen"] for f in game_frames}
    assert {"result", "play_board", "defense_pick", "reroll", "choice_list", "game_over"} <= screens, screens
    assert checks["touchdown"] and checks["field_goal"] and checks["turnover"], checks
    assert checks["coin"] == "result", "the coin toss is announced, whoever wins it (the AI too)"
    assert app.session.journal.unfinished() is None


@pytest.mark.slow  # a whole game in a Python of its own: 3 s
def test_the_key_script_replays_through_the_command_line(tmp_path):
    keys, frames, _, app = play_whole_game(tmp_path / "in-process")
    script = tmp_path / "keys.txt"
    script.write_text("\n".join(keys) + "\n", encoding="utf-8")
    out, journal = tmp_path / "cli-frames", tmp_path / "cli.sqlite"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--emulate",
            "--headless",
            "--keys",
            str(script),
            "--frames",
            str(out),
            "--journal",
            str(journal),
            "--menu",
            "--seed",
            str(SEED),
            "--no-web",
        ],  # the frames must not depend on port 8080 being free on this machine
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=None,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    cli = sorted(out.glob("*.png"))
    mine = [f["path"] for f in frames]
    cli_bytes = [Image.open(p).convert("1").tobytes() for p in cli]
    mine_bytes = [Image.open(p).convert("1").tobytes() for p in mine]
    # the CLI also shows the main menu before the game and after it: the game's frames match
    start = cli_bytes.index(mine_bytes[0])
    assert cli_bytes[start : start + len(mine_bytes)] == mine_bytes
    ours, theirs = app.session.journal, Journal(journal)
    (g1,), (g2,) = ours.games(), theirs.games()
    assert g2["finished"] and g2["result"]["score"] == g1["result"]["score"]
    assert theirs.actions(g2["id"]) == ours.actions(g1["id"])
