"""docs/adding-a-game.md is true: the code it quotes is the toy game's code, word for word, and
its example game replays through the registry to the end the docs describe."""

import re

from companion.engine.gamefile import load
from companion.engine.runner import replay
from tests.toygame.testing import ROOT, use_toy

DOC = ROOT / "docs" / "adding-a-game.md"
QUOTE = re.compile(r"<!-- source: (?P<file>\S+) -->\n```python\n(?P<code>.*?)```", re.S)


def test_the_code_the_guide_quotes_is_in_the_files_it_names():
    quotes = list(QUOTE.finditer(DOC.read_text()))
    assert len(quotes) >= 4
    for quote in quotes:
        assert quote["code"] in (ROOT / quote["file"]).read_text(), quote["file"]


def test_the_example_game_replays_through_the_registry_to_p1s_win(monkeypatch):
    use_toy(monkeypatch)
    record = load(ROOT / "docs" / "examples" / "toy.game")
    engine, state = replay(record)
    summary = engine.summary(state)
    assert summary["over"] and summary["winner"] == "p1" and not summary["draw"]
    assert "docs/examples/toy.game" in DOC.read_text()


def test_the_engines_usage_example_runs():
    import doctest

    import tests.toygame.engine as engine

    result = doctest.testmod(engine)
    assert result.attempted >= 5 and result.failed == 0
