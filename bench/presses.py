"""Presses to a typical decision on the device's buttons, with each game's own controls and with
the generic ones they replace (the fewest presses, found by a search over the control's presses,
tests/ui/presses.py):

    python bench/presses.py

* Dungeon Allies: a die placed on eight typical spaces (a yellow, blue and red square, turn
  order, a treasure, the trainer, trade, a sorcerer card), for the first die of a turn (two dice
  to choose from) and the second;
* Dungeonbowl: buying nothing at the inducements, and the whole set-up on the device (roll-off,
  end zone, inducements, every counter, the starters) with OK alone.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.device.app import DeviceApp  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.session import RefereeSession  # noqa: E402
from companion.ui import prompt_dict  # noqa: E402
from drivers import open_display  # noqa: E402
from tests.games.dungeon_allies.table import engine, give, play, set_up  # noqa: E402
from tests.games.dungeonbowl.table import new  # noqa: E402
from tests.games.dungeonbowl.table import play as bowl_play  # noqa: E402
from tests.games.dungeonbowl.table import prompt as bowl_prompt  # noqa: E402
from tests.ui.presses import presses_to  # noqa: E402

SPACES = ("y5", "b3", "r4", "order", "treasure2", "train", "trade", "sorcerer4")


def allies() -> None:
    g = engine()
    first = set_up(g, players=3)
    second = set_up(g, players=3, crystals="red red green blue")
    give(second, "p1", red=1)
    play(g, second, "p1 place d6 y2", "p2 place d6 y7", "p3 place d6 treasure1")
    for label, s in (("first die (d4 of d6/d4)", first), ("second die (d4)", second)):
        p = prompt_dict(g.prompt(s))
        for name, game in (("before", ""), ("after", g.name)):
            counts = {sp: presses_to(game, p, f"p1 place d4 {sp}") for sp in SPACES}
            print(f"Dungeon Allies, {label}, {name}: {counts} total {sum(counts.values())}")


def bowl_setup(own: bool) -> int:
    """OK alone from a new game to the first turn (the generic controls: the inducements' cursor
    walked down to "done" and the starters ticked one by one, as a person would)."""
    with tempfile.TemporaryDirectory() as tmp:
        session = RefereeSession(Journal(Path(tmp) / "j.sqlite"))
        app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 9)
        app.result_seconds = 1e9
        if not own:
            import companion.games.dungeonbowl.screens as screens

            saved, screens.control = screens.control, lambda prompt: None
        app.start_game("dungeonbowl", {})
        presses = 0
        while not (session.prompt().kind == "turn" and app.interstitial is None):
            ui = app.model().get("ui") or {}
            button = "ok"
            if app.interstitial is None and ui.get("mode") == "multi":
                ticked = len(ui["selected"]) >= ui["min"]
                want = (
                    len(ui["items"])
                    if ticked
                    else min(i for i in range(len(ui["items"])) if i not in ui["selected"])
                )
                button = "down" if ui["cursor"] < want else "ok"
            elif (
                app.interstitial is None
                and ui.get("mode") == "list"
                and session.prompt().kind == "inducements"
            ):
                button = "up" if ui["cursor"] != len(ui["options"]) - 1 else "ok"
            app.press(button)
            presses += 1
        if not own:
            screens.control = saved
        session.journal.close()
        return presses


def bowl() -> None:
    s = new()
    bowl_play(s, "chance roll 5 2", "p1 end-zone left")
    p = prompt_dict(bowl_prompt(s))
    print(
        f"Dungeonbowl, buy nothing: before {presses_to('', p, 'p1 done')}, "
        f"after {presses_to('dungeonbowl', p, 'p1 done')}"
    )
    print(f"Dungeonbowl, whole set-up with OK: before {bowl_setup(False)}, after {bowl_setup(True)}")


if __name__ == "__main__":
    allies()
    bowl()
