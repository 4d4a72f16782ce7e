"""docs/dodgeball.md: every ruling names a test that exists; the example game replays."""

import re
from pathlib import Path

from companion.engine.gamefile import load
from companion.engine.runner import replay

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "dodgeball.md"


def test_every_ruling_names_a_test_that_exists():
    text = DOC.read_text()
    rulings = re.findall(r"^\d+\. \*\*.*?(?=^\d+\. \*\*|^#|\Z)", text, re.S | re.M)
    assert len(rulings) >= 20
    source = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    for ruling in rulings:
        names = re.findall(r"`(test_\w+)`", ruling)
        assert names, f"no test named for: {ruling[:60]}"
        for name in names:
            assert f"def {name}(" in source, name


def test_the_example_game_replays_to_its_end():
    engine, state = replay(load(ROOT / "docs" / "examples" / "dodgeball.game"))
    summary = engine.summary(state)
    assert summary["over"] and summary["winner"] == "p2" and summary["on_court"] == {"p1": 0, "p2": 2}
