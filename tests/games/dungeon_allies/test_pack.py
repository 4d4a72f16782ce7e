"""The content pack: the default loads; a broken copy is refused naming the file and the key."""

from pathlib import Path

import pytest

from companion.games.dungeon_allies.engine import DungeonAllies
from companion.games.dungeon_allies.pack import load_pack
from companion.packs import PackError

DEFAULT = Path(__file__).resolve().parents[3] / "config" / "dungeon-allies.toml"


def test_the_default_pack_has_the_boxs_components():
    p, digest = load_pack()
    assert len(p.characters) == 10 and len({c.skill for c in p.characters}) == 8
    assert len(p.followers) == 8 and len(p.monsters) == 28 and len(p.sorcerer) == 16
    assert p.crystals == {"red": 24, "blue": 16, "yellow": 10, "green": 6, "white": 4}
    assert sum(s.squares for s in p.sections) == 28 and p.trainer_spaces == 9
    assert p.rules.ladder[-1] == "d20" and p.rules.round_ends == [8, 16] and digest


def broken(tmp_path, old: str, new: str) -> str:
    text = DEFAULT.read_text()
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(PackError) as info:
        DungeonAllies(str(path))
    assert str(path) in str(info.value)
    return str(info.value)


def test_a_broken_copy_names_the_file_and_the_key(tmp_path):
    assert "sections: 29 squares for 28 monster tiles" in broken(tmp_path, "squares = 12", "squares = 13")
    assert "monsters[1].weak: 'axes' is not a skill" in broken(
        tmp_path, 'weak = "melee" },', 'weak = "axes" },'
    )
    assert "rules.ladder: the dice must rise" in broken(tmp_path, '"d4", "d6", "d8"', '"d4", "d8", "d6"')
    assert "crystals.black: not a crystal colour" in broken(tmp_path, "white = 4", "black = 4")
    assert "sorcerer: two cards share a name" in broken(
        tmp_path, 'name = "Rod of storms"', 'name = "Orb of ages"'
    )
    assert "rules.round_ends" in broken(tmp_path, "round_ends = [8, 16]", "round_ends = [16, 8]")
    assert "treasure_gold" in broken(tmp_path, "treasure_gold = 1", 'treasure_gold = "one"')


def test_a_wrong_type_in_a_table_of_colours_or_skills_names_the_key(tmp_path):
    """msgspec named a table's key "[...]": "crystals[...]: Expected `int`, got `float`"."""
    assert "crystals.red: Expected `int`, got `float`" in broken(tmp_path, "red = 24", "red = 24.5")
    assert "crystals.green: must be at least 0, not -1" in broken(tmp_path, "green = 6", "green = -1")
    assert "skills.melee: Expected `str`, got `int`" in broken(
        tmp_path, 'melee = "Melee weapons"', "melee = 3"
    )
