"""docs/dungeon-allies.md names a test for each ruling: each named test exists."""

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "dungeon-allies.md"


def test_every_ruling_names_a_test_that_exists():
    doc = DOC.read_text()
    named = set(re.findall(r"::(test_\w+)", doc))
    source = "".join(p.read_text() for p in HERE.glob("test_*.py"))
    assert len(named) >= 12
    assert sorted(n for n in named if f"def {n}(" not in source) == []
    assert doc.count("\n8. **") == 1  # the eight rulings the rulebook leaves open
