"""docs/examples/dungeonbowl.game, the whole short game docs/dungeonbowl.md tells, replays to
its stated result, through the command line too."""

import json
import subprocess
import sys
from pathlib import Path

from companion.engine.gamefile import load
from companion.engine.runner import replay

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "dungeonbowl.game"


def test_the_example_game_replays_to_p1s_touchdown():
    engine, s = replay(load(EXAMPLE))
    assert s.over and s.winner == "p1" and s.turn == 6
    assert [c.state for c in s.chests] == ["closed", "blast", "closed", "closed", "ball", "closed"]
    assert s.team("p1").where["3"] == "ko"  # knocked out by chest 2's explosion
    assert s.team("p2").where["2"] == "reserves"  # lost in space, then the sponge
    assert s.team("p2").where["5"] == "dungeon"  # the pit's armour held
    assert s.stats["lost_in_space"] == 1 and s.stats["scatter_rerolls"] == 1
    assert s.ball == "p1#7" and engine.summary(s)["scores"] == {"p1": 1, "p2": 0}
    assert (
        "chance open blast" in EXAMPLE.read_text()
        and "docs/examples/dungeonbowl.game" in (ROOT / "docs" / "dungeonbowl.md").read_text()
    )


def test_replay_at_the_command_line_says_who_won():
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(EXAMPLE), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "another version" not in done.stderr  # the example names the pack it was played with
    out = json.loads(done.stdout)
    assert out["winner"] == "p1" and out["over"] is True
