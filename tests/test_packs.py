"""Content packs are validated when loaded; a broken one is refused naming the file and key."""

import re
import tomllib
from pathlib import Path

import pytest

from companion.games.dungeon_ball.engine import DungeonBall
from companion.games.dungeon_ball.pack import load_pack
from companion.packs import CONFIG_DIR, PackError

DEFAULT = CONFIG_DIR / "dungeon-ball.toml"


def edited(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT.read_text()
    assert old in text, f"test setup: {old!r} not in the default pack"
    path = tmp_path / "pack.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_default_pack_loads_with_thirty_ability_cards_in_six_teams():
    pack, digest = load_pack()
    assert len(pack.teams) == 6 and all(len(t.cards) == 5 for t in pack.teams)
    assert len(pack.cards) == 30
    assert len(pack.defense_cards) == 6
    assert re.fullmatch(r"[0-9a-f]{16}", digest)


def test_default_pack_marks_every_reconstruction():
    text = DEFAULT.read_text()
    assert "OUR RECONSTRUCTION" in text
    data = tomllib.loads(text)
    assert data["rules"]["base_dice"] == 5 and data["rules"]["rolls_per_play"] == 2


# Ids, ranges and upper bounds: each of these crashed, hung or silently changed the game.
BAD_PACK_VALUES = [
    ('id = "goblins"', 'id = "gob lins"', r"teams\[0\]\.id: 'gob lins' is not an id"),
    ('id = "goblins"', 'id = ""', r"teams\[0\]\.id: '' is not an id"),
    ('id = "gob-handoff"', 'id = "gob handoff"', r"teams\[0\]\.cards\[0\]\.id: 'gob handoff' is not an id"),
    ('id = "gob-handoff"', 'id = "Gob-Handoff"', r"teams\[0\]\.cards\[0\]\.id: 'Gob-Handoff' is not an id"),
    ('id = "red-1"', 'id = "red 1"', r"defense_cards\[0\]\.id: 'red 1' is not an id"),
    ('id = "ai-01"', 'id = ""', r"solo\.cards\[0\]\.id: '' is not an id"),
    ('id = "orcs"', 'id = "goblins"', r"teams\[1\]\.id: duplicate team id 'goblins' \(also teams\[0\]\)"),
    ("clock_start = 29", "clock_start = 1000000000", r"rules\.clock_start: 1000000000 is outside 1\.\.99"),
    ("max_dice = 7 ", "max_dice = 50000000 ", r"rules\.max_dice: 50000000 is outside 1\.\.12"),
    ("all_balls_dice = 5 ", "all_balls_dice = 50000000 ", r"rules\.all_balls_dice: 50000000 is outside"),
    (
        "extra_point_dice = 4 ",
        "extra_point_dice = 50000000 ",
        r"rules\.extra_point_dice: 50000000 is outside",
    ),
    ("field_goal_max_dice = 4 ", "field_goal_max_dice = 50000000 ", r"rules\.field_goal_max_dice: 50000000"),
    (
        "rolls_per_play = 2",
        "rolls_per_play = 50000000",
        r"rules\.rolls_per_play: 50000000 is outside 1\.\.10",
    ),
    ("field_goal_min_dice = 1 ", "field_goal_min_dice = 5 ", r"rules\.field_goal_min_dice: must not exceed"),
    ("touchdown_points = 6 ", "touchdown_points = -6 ", r"rules\.touchdown_points: -6 is outside 0\.\.99"),
    ("two_point_points = 2 ", "two_point_points = -2 ", r"rules\.two_point_points: -2 is outside"),
    ("skill_kick_success = 0.6", "skill_kick_success = nan", r"rules\.skill_kick_success: nan is outside"),
    ("cost = 1\n", "cost = -1\n", r"teams\[0\]\.cards\[0\]\.cost: -1 is outside 0\.\.20"),
    ("juke = { cost = 1 }", "juke = { cost = -1 }", r"board\.juke\.cost: -1 is outside"),
    (
        "big_hit = { cost = 2, move_back = 2 }",
        "big_hit = { cost = -2, move_back = 2 }",
        r"board\.big_hit\.cost: -2",
    ),
    (
        "big_hit = { cost = 2, move_back = 2 }",
        "big_hit = { cost = 2, move_back = -2 }",
        r"board\.big_hit\.move_back: -2 is outside 1\.\.27",
    ),
    (
        "effect = { add = { ball = 1 } }",
        "effect = { add = { ball = 50000000 } }",
        r"teams\[0\]\.cards\[0\]\.effect\.add\.ball: 50000000 is outside 1\.\.12",
    ),
    (
        'game = "dungeon-ball"',
        'game = "dungeonbowl"',
        r"pack\.game: this pack is for 'dungeonbowl', not 'dungeon-ball'",
    ),
    ("base_out_per_team = 6", "base_out_per_team = 9", r"solo\.base_out_per_team: 9 is outside 0\.\.8"),
    ("base_out_per_team = 6", "base_out_per_team = -1", r"solo\.base_out_per_team: -1 is outside 0\.\.8"),
]


@pytest.mark.parametrize(
    "old, new, message",
    BAD_PACK_VALUES
    + [
        (
            "cost = 1\neffect = { add = { ball = 1 } }",
            'cost = "one"\neffect = { add = { ball = 1 } }',
            r"teams\[0\]\.cards\[0\]\.cost: Expected `int`, got `str`",
        ),
        ("clock_start = 29", "clock_start = 0", r"rules\.clock_start: 0 is outside 1\.\.99"),
        ("clock_start = 29", "clock_start = 29\nclock_stop = 3", r"unknown field `clock_stop`"),
        (
            'spaces = "BYRYRBYRYRBYRBRYBRYRYBRYRYB"',
            'spaces = "BYRYRBYRYRBYRBRYBRYRYBRYRYX"',
            r"field\.spaces: unknown space letter 'X'",
        ),
        (
            "start_low = 4",
            "start_low = 5",
            r"field\.start_low: the rulebook puts starting and field-goal circles on red",
        ),
        ("midfield = 13", "midfield = 40", r"field\.midfield: space 40 is not on the playing field"),
        ('start = "b2"', 'start = "z9"', r"board\.start: 'z9' is not a cell"),
        ('id = "red-2"', 'id = "red-1"', r"defense_cards\[1\]\.id: duplicate id 'red-1'"),
        (
            "effect = { add = { ball = 1 } }",
            "effect = { add = { ball = 1 }, reroll = 2 }",
            r"teams\[0\]\.cards\[0\]\.effect: an effect has exactly one key; found 2",
        ),
        (
            "effect = { add = { ball = 1 } }",
            "effect = { add = { dragon = 1 } }",
            r"teams\[0\]\.cards\[0\]\.effect\.add\.dragon: unknown icon",
        ),
        (
            "effect = { discard = 1 }",
            "effect = { add = { ball = 1 } }",
            r"teams\[0\]\.cards\[2\]\.effect\.add: a defense card cannot have this effect",
        ),
        (
            'on = ["fist"], effect = { move_back = 3 }',
            'on = ["dragon"], effect = { move_back = 3 }',
            r"defense_roll\.on: no face of the black die shows 'dragon'",
        ),
        ('yellow = { icon = "ball", count = 2 }', "", r"requirements\.yellow: missing"),
        (
            'faces = ["ball", "ball", "ball", "cleat", "time", "lightning"]',
            'faces = ["ball", "cleat", "lightning"]',
            r"dice\.white\.faces: no face shows a time icon",
        ),
    ],
)
def test_broken_pack_names_file_and_key(tmp_path, old, new, message):
    path = edited(tmp_path, old, new)
    with pytest.raises(PackError) as err:
        DungeonBall(str(path))
    text = str(err.value)
    assert text.startswith(str(path) + ": ")
    assert re.search(message, text), text


@pytest.mark.parametrize("old, new, message", BAD_PACK_VALUES[:1] + BAD_PACK_VALUES[7:9])
def test_a_bad_pack_exits_2_at_the_command_line_without_a_traceback(tmp_path, capsys, old, new, message):
    from companion.cli import main

    path = edited(tmp_path, old, new)
    assert main(["sim", "--games", "1", "--pack", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {path}: ") and re.search(message, err) and "Traceback" not in err


def test_not_toml_and_missing_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[rules\nclock = 1")
    with pytest.raises(PackError, match=r"bad\.toml: not valid TOML"):
        load_pack(str(bad))
    with pytest.raises(PackError, match=r"nope\.toml: cannot read"):
        load_pack(str(tmp_path / "nope.toml"))


def test_an_owner_pack_changes_the_game(tmp_path):
    path = edited(tmp_path, "clock_start = 29", "clock_start = 20")
    g = DungeonBall(str(path))
    from companion.engine.core import Header

    assert g.new_state(Header("dungeon-ball", pack=str(path))).clock == 20


def test_the_digest_is_of_the_values_so_a_comment_is_no_other_version(tmp_path):
    """A game file names its pack by this digest: replay warns only when a value changed."""
    _, digest = load_pack()
    commented = edited(
        tmp_path, "clock_start = 29", "# a note on the clock\nclock_start   =   29   # unchanged"
    )
    assert load_pack(str(commented))[1] == digest
    changed = edited(tmp_path, "clock_start = 29", "clock_start = 20")
    assert load_pack(str(changed))[1] != digest


def test_replay_warns_when_a_value_of_the_pack_changed(tmp_path, capsys):
    from companion.cli import main
    from companion.engine.gamefile import load

    record = load(Path(__file__).resolve().parent.parent / "docs" / "examples" / "short-game.game")
    game = tmp_path / "g.game"
    record.header.pack = str(edited(tmp_path, "touchdown_points = 6 ", "touchdown_points = 6 # six\n"))
    record.save(game)
    assert main(["replay", str(game)]) == 0 and "another version" not in capsys.readouterr().err
    record.header.pack = str(edited(tmp_path, "two_point_points = 2 ", "two_point_points = 3 "))
    record.save(game)
    assert main(["replay", str(game)]) == 0
    assert f"warning: {game} was played with another version of pack" in capsys.readouterr().err
