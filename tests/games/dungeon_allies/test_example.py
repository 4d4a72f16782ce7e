"""docs/examples/dungeon-allies.game, a whole three-player game, replays to its result through
the slow, checked path: every action in it is legal."""

from pathlib import Path

from companion.engine.gamefile import load
from companion.engine.runner import replay

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "dungeon-allies.game"


def test_the_example_game_replays_to_its_result():
    record = load(EXAMPLE)
    engine, state = replay(record)
    summary = engine.summary(state)
    assert summary["over"] and summary["winner"] == "p1" and summary["draw"] is False
    assert summary["scores"] == {"p1": 44, "p2": 29, "p3": 43}
    assert summary["removed"] == 28 and summary["round"] == 3 and len(record.actions) == 208
    assert sum(a.endswith(" place red peek") for a in record.actions) == 6  # red crystals were used
