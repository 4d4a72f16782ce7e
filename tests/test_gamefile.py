"""The game-file format: header, separator, one action per line."""

import pytest

from companion.engine.core import Header
from companion.engine.gamefile import GameFileError, GameRecord, load, loads


def test_round_trip_keeps_header_and_actions(tmp_path):
    record = GameRecord(
        Header(
            "dungeon-ball", seed=42, options={"kicking": {"p1": "luck", "p2": "skill"}}, pack_digest="abc"
        ),
        ["p1 team orcs", "chance coin heads"],
    )
    path = tmp_path / "g.game"
    record.save(path)
    again = load(path)
    assert again.header == record.header and again.actions == record.actions


def test_comments_and_blank_lines_are_ignored():
    record = loads('game = "dungeon-ball"\nseed = 3\n---\n# a note\n\np1  team   orcs\n')
    assert record.actions == ["p1 team orcs"] and record.header.seed == 3


@pytest.mark.parametrize(
    "text, message",
    [
        ('game = "dungeon-ball"\n', "no '---' line"),
        ("game = \n---\n", "header is not valid TOML"),
        ("seed = 1\n---\n", "'game' is missing"),
        ('game = "x"\nseed = "a"\n---\n', "'seed' must be an integer"),
        ('game = "x"\ncolour = 1\n---\n', "unknown header key"),
    ],
)
def test_broken_game_files_are_refused_with_the_reason(text, message):
    with pytest.raises(GameFileError, match=message):
        loads(text, "bug.game")
