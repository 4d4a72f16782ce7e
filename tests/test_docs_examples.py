"""The documentation's examples are real: the game in docs/game-files.md replays as described."""
from pathlib import Path

from companion.engine.gamefile import load, loads
from companion.engine.runner import replay

DOCS = Path(__file__).resolve().parent.parent / "docs"


def example_from(doc: Path) -> str:
    text = doc.read_text()
    block = text.split("<!-- example:start -->")[1].split("<!-- example:end -->")[0]
    return block.strip().removeprefix("```").removesuffix("```").strip() + "\n"


def test_the_short_game_in_the_docs_replays_to_its_stated_result():
    record = loads(example_from(DOCS / "game-files.md"), "docs/game-files.md")
    engine, state = replay(record)
    summary = engine.summary(state)
    assert summary["over"] and summary["winner"] == "p2"
    assert summary["score"] == {"p1": 3, "p2": 7}
    assert state.stats["p2"]["hail_marys"] == 2 and state.stats["p1"]["field_goals"] == 1
    assert record.actions == load(DOCS / "examples" / "short-game.game").actions
