"""Game files survive a cut write, and every error names FILE:LINE."""

import pytest

from companion.cli import main
from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.gamefile import GameFileError, GameRecord, load, loads
from companion.engine.runner import RandomPolicy, ReplayError, play_out, replay, start


def played_until_a_two_dice_reroll(seed: int = 4) -> tuple[GameRecord, int]:
    """A real game's record, and the index of its first reroll of two or more dice."""
    header = Header("dungeon-ball", seed=seed, options={"kicking": {"p1": "luck", "p2": "luck"}})
    engine, state = start(header)
    record = GameRecord(header)
    player = RandomPolicy(seed)
    play_out(engine, state, {"p1": player, "p2": player}, SeededDice(seed), record=record)
    for index, action in enumerate(record.actions):
        words = action.split()
        if words[1] == "reroll" and len(words) >= 4:
            return record, index
    raise AssertionError("test setup: no reroll of two dice in this game")


def test_an_unterminated_last_line_is_ignored_with_a_warning_not_read_as_a_shorter_action(tmp_path):
    record, index = played_until_a_two_dice_reroll()
    whole = GameRecord(record.header, record.actions[: index + 1]).dumps()
    cut = whole[:-3]  # "p2 reroll 3 5\n" -> "p2 reroll 3"
    path = tmp_path / "cut.game"
    path.write_text(cut, encoding="utf-8")
    loaded = load(path)
    assert loaded.actions == record.actions[:index]
    assert len(loaded.warnings) == 1
    line = cut.count("\n") + 1
    assert loaded.warnings[0].startswith(f"{path}:{line}: ignored the last line")
    replay(loaded)  # the game up to the cut still replays


def test_replay_of_a_cut_file_warns_and_succeeds(tmp_path, capsys):
    record, index = played_until_a_two_dice_reroll()
    path = tmp_path / "cut.game"
    path.write_text(GameRecord(record.header, record.actions[: index + 1]).dumps()[:-3], encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"warning: {path}:" in err and "cut short" in err


def test_a_cut_inside_a_multibyte_character_is_the_cut_line_too(tmp_path):
    path = tmp_path / "g.game"
    path.write_bytes('game = "dungeon-ball"\n---\np1 team orcs\n# caf\u00e9'.encode()[:-1])
    loaded = load(path)
    assert loaded.actions == ["p1 team orcs"] and loaded.warnings == []  # a cut comment needs no warning
    path.write_bytes(b'game = "dungeon-ball"\n---\np1 team orcs\np2 team gob\xc3')
    loaded = load(path)
    assert loaded.actions == ["p1 team orcs"] and f"{path}:4:" in loaded.warnings[0]


def test_a_file_that_is_not_utf8_names_the_file_and_line(tmp_path, capsys):
    path = tmp_path / "latin1.game"
    path.write_bytes(
        'game = "dungeon-ball"\n---\np1 team orcs\n# caf\u00e9\np2 team goblins\n'.encode("latin-1")
    )
    with pytest.raises(GameFileError, match=rf"^{path}:4: not UTF-8 text \(byte 0xe9\)"):
        load(path)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:4: not UTF-8" in err and "Traceback" not in err


def test_a_binary_file_is_refused_naming_it(tmp_path, capsys):
    path = tmp_path / "photo.game"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {path}:") and "Traceback" not in err


@pytest.mark.parametrize(
    "text, line, message",
    [
        ('game = "dungeon-ball"\nseed = 1\n', 3, "no '---' line"),
        ("# c\ngame = \n---\n", 2, "header is not valid TOML"),
        ("seed = 1\n---\n", 1, "'game' is missing"),
        ('game = "x"\n\nseed = "a"\n---\n', 3, "'seed' must be an integer"),
        ('game = "x"\nseed = true\n---\n', 2, "'seed' must be an integer"),
        ('game = "x"\npack = 3\n---\n', 2, "'pack' must be a string"),
        ('game = "x"\ncolour = 1\n---\n', 2, "unknown header key"),
        ('game = "x"\noptions = 1\n---\n', 2, "'options' must be a table"),
        ('game = "x"\n---\np1 team\x00orcs\n', 3, "control characters"),
    ],
)
def test_every_game_file_error_names_file_and_line(text, line, message):
    with pytest.raises(GameFileError, match=rf"^bug\.game:{line}: .*{message}"):
        loads(text, "bug.game")


def test_a_refused_action_names_its_file_and_line(tmp_path):
    path = tmp_path / "g.game"
    path.write_text('game = "dungeon-ball"\nseed = 3\n---\n# two teams\np1 team orcs\n\np1 team goblins\n')
    with pytest.raises(ReplayError, match=rf"^{path}:7: action 2 \('p1 team goblins'\) was refused"):
        replay(load(path))


@pytest.mark.parametrize(
    "options, message",
    [
        ('{ solo = "yes" }', "options.solo: 'yes' is not a level"),
        ("{ solo = { level = 3 } }", "options.solo.level: must be a string"),
        ('{ solo = { level = "V", teams = "mimic" } }', "options.solo.teams: must be a list"),
        ('{ teams = "orcs" }', "options.teams: must be a table"),
        ('{ teams = { p3 = "orcs" } }', "options.teams.p3: unknown key"),
        ("{ kicking = { p1 = 1 } }", "options.kicking.p1: must be 'ask', 'skill' or 'luck', not 1"),
        ("{ clock_start = 1000000000 }", "options.clock_start: must be a whole number from 1 to 99"),
        ("{ clock_start = 2.5 }", "options.clock_start: must be a whole number"),
    ],
)
def test_header_options_of_the_wrong_type_exit_2_naming_the_line(tmp_path, capsys, options, message):
    path = tmp_path / "opts.game"
    path.write_text(f'game = "dungeon-ball"\nseed = 3\noptions = {options}\n---\n')
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:3: {message}" in err and "Traceback" not in err
    assert main(["play", "--resume", str(path)]) == 2
    assert f"{path}:3: {message}" in capsys.readouterr().err


def test_resuming_a_file_that_does_not_replay_leaves_it_untouched(tmp_path, capsys):
    path = tmp_path / "bad.game"
    text = 'game = "dungeon-ball"\nseed = 3\n---\n# my notes\np1 team orcs\np1 team orcs\n'
    path.write_text(text)
    assert main(["play", "--resume", str(path)]) == 2
    assert f"{path}:6: action 2" in capsys.readouterr().err
    assert path.read_text() == text


def test_resuming_a_cut_file_warns_and_continues_without_the_cut_line(tmp_path, capsys, monkeypatch):
    import io
    import sys

    path = tmp_path / "cut.game"
    path.write_text('game = "dungeon-ball"\nseed = 1\n---\np1 team goblins\np2 team or')
    monkeypatch.setattr(sys, "stdin", io.StringIO("orcs\n"))
    assert main(["play", "--resume", str(path)]) == 0
    captured = capsys.readouterr()
    assert f"warning: {path}:5: ignored the last line 'p2 team or'" in captured.err
    assert load(path).actions[:2] == ["p1 team goblins", "p2 team orcs"] and not load(path).warnings


@pytest.mark.parametrize(
    "header, message",
    [
        ('game = "chess"\n', "1: unknown game 'chess'"),
        ('game = "dungeon-ball"\npack = "no-such-pack.toml"\n', "2: no-such-pack.toml: cannot read"),
    ],
)
def test_a_header_naming_an_unknown_game_or_pack_names_the_line(tmp_path, capsys, header, message):
    path = tmp_path / "h.game"
    path.write_text(header + "---\n")
    for argv in (["replay", str(path)], ["play", "--resume", str(path)]):
        assert main(argv) == 2
        assert f"companion: {path}:{message}" in capsys.readouterr().err
