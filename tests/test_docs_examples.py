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


def refusal_of(monkeypatch, capsys, tmp_path, old: str, new: str, occurrence: int = 1) -> dict:
    """Replay docs/examples/toy.game with one line changed; the one JSON object it prints."""
    import json

    from companion.cli import main
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    text = (DOCS / "examples" / "toy.game").read_text()
    at = -1
    for _ in range(occurrence):
        at = text.index(old, at + 1)
    bad = tmp_path / "bad.game"
    bad.write_text(text[:at] + new + text[at + len(old) :])
    assert main(["replay", str(bad), "--json"]) == 2
    return json.loads(capsys.readouterr().out)


def test_a_bag_holds_its_repeats_and_no_more_as_game_files_md_says(monkeypatch, capsys, tmp_path):
    refusal = refusal_of(monkeypatch, capsys, tmp_path, "chance draw red blue", "chance draw red red")
    assert refusal["error"] == "illegal" and refusal["action"] == "chance draw red red"
    assert refusal["reason"].endswith("no 'red' left in the bag to draw")
    assert "a third red is refused (`no 'red' left in the bag to draw`)" in " ".join(
        (DOCS / "game-files.md").read_text().split()
    )


def test_each_value_of_a_mixed_roll_is_checked_against_its_own_die(monkeypatch, capsys, tmp_path):
    refusal = refusal_of(monkeypatch, capsys, tmp_path, "chance roll 4 6 2", "chance roll 6 4 2")
    assert refusal["reason"].endswith("'6' is not a face of the d4 (1, 2, 3, 4)")
    assert "`chance roll 4 6 2` is a d4 showing 4, a d6 showing 6 and a d12" in " ".join(
        (DOCS / "game-files.md").read_text().split()
    )
