"""Every number of every pack of the five games has a range: a number far out of it in either
direction is refused as a pack error naming the file and the key, and changes nothing."""

from __future__ import annotations

import re

import pytest

from companion.packs import PackError
from tests.fuzz.packs import (
    GAMES,
    default_data,
    key_text,
    load,
    numbers,
    toml_text,
    with_value,
)


@pytest.mark.parametrize("game", GAMES)
def test_the_default_pack_written_back_loads_the_same(tmp_path, game):
    path = tmp_path / "pack.toml"
    path.write_text(toml_text(default_data(game)))
    assert load(game, path)[1] == load(game, game and "default")[1]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("far", [10**7, -(10**9)])
def test_every_number_far_out_of_its_range_is_refused_naming_its_key(tmp_path, game, far):
    data = default_data(game)
    path = tmp_path / "pack.toml"
    accepted = []
    for where, value in numbers(data):
        path.write_text(toml_text(with_value(data, where, far if isinstance(value, int) else float("nan"))))
        try:
            load(game, path)
        except PackError as exc:
            assert str(exc).startswith(f"{path}: "), exc
            continue
        accepted.append(key_text(where))
    assert accepted == []


@pytest.mark.parametrize(
    "game, where, value, message",
    [
        (
            "dungeon-days",
            ("cards", "elf", "count"),
            10**7,
            "cards.elf: count: must be at most 20, not 10000000",
        ),
        ("dodgeball", ("intensity", 0, "count"), 10**7, "intensity[0].count: must be at most 20"),
        ("dodgeball", ("players", 0, "stars"), -1, "players[0].stars: must be at least 0, not -1"),
        ("dungeon-allies", ("monsters", 0, "gold", 0), -(10**9), "monsters[0].gold[0]: must be at least 0"),
        ("dungeon-allies", ("monsters", 0, "need", 1), -3, "monsters[0].need[1]: must be at least 1, not -3"),
        ("dungeonbowl", ("casualty", 0, "low"), -11, "casualty[0].low: must be at least 2, not -11"),
        ("dungeonbowl", ("casualty", 0, "high"), -38, "casualty[0].high: must be at least 2"),
    ],
)
def test_the_numbers_that_hung_or_flooded_a_game_are_refused(tmp_path, game, where, value, message):
    path = tmp_path / "pack.toml"
    path.write_text(toml_text(with_value(default_data(game), where, value)))
    with pytest.raises(PackError, match=re.escape(f"{path}: {message}")):
        load(game, path)


@pytest.mark.parametrize(
    "game, where, value, message",
    [
        ("dungeon-allies", ("crystals", "white"), -2, "crystals.white: must be at least 0, not -2"),
        ("dungeon-allies", ("crystals", "blue"), "16", "crystals.blue: Expected `int`, got `str`"),
        ("dodgeball", ("players", 0, "attrs", "COU"), 99, "players[0].attrs.COU: must be at most 12, not 99"),
        ("dungeon-ball", ("dice", "white", "faces"), "ball", "dice.white.faces: Expected `array`, got `str`"),
    ],
)
def test_a_wrong_value_in_a_table_names_its_key_not_brackets(tmp_path, game, where, value, message):
    """msgspec writes a table's key as "[...]" ("crystals[...]: Expected `int`, got `str`")."""
    test_the_numbers_that_hung_or_flooded_a_game_are_refused(tmp_path, game, where, value, message)


def dodgeball_with(team: int, **changes):
    data = default_data("dodgeball")
    return with_value(data, ("teams", team), {**data["teams"][team], **changes})


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"team": 1, "id": "same"}, None),
        ({"id": ""}, r"teams\[0\]\.id: '' is not an id"),
        ({"id": "fox es"}, r"teams\[0\]\.id: 'fox es' is not an id"),
    ],
)
def test_dodgeball_team_ids_are_one_word_each_and_name_one_team(tmp_path, changes, message):
    path = tmp_path / "pack.toml"
    if "team" in changes:  # two teams with one id
        data = default_data("dodgeball")
        data = with_value(data, ("teams", 1, "id"), data["teams"][0]["id"])
        message = rf"teams\[1\]\.id: duplicate id '{data['teams'][0]['id']}' \(also teams\[0\]\)"
    else:
        data = dodgeball_with(0, **changes)
    path.write_text(toml_text(data))
    with pytest.raises(PackError, match=re.escape(str(path)) + ": " + message):
        load("dodgeball", path)


@pytest.mark.parametrize(
    "name, message",
    [
        (" ", r"monsters\[0\]\.name: ' ' has no letters or digits to name it by"),
        ("'", r"monsters\[0\]\.name: \"'\" has no letters or digits"),
        (
            "goblin",
            r"monsters\[1\]\.name: 'Goblin' is named like monsters\[0\] \('goblin'\) in actions: 'goblin'",
        ),
    ],
)
def test_allies_names_are_words_actions_can_name_each_once(tmp_path, name, message):
    """Found by the pack fuzzer: a monster named ' ' made a reveal action without its word."""
    path = tmp_path / "pack.toml"
    path.write_text(toml_text(with_value(default_data("dungeon-allies"), ("monsters", 0, "name"), name)))
    with pytest.raises(PackError, match=re.escape(str(path)) + ": " + message):
        load("dungeon-allies", path)
