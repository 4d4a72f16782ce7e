"""The content pack: 39 cards of the rulebook's 18 kinds, [ours] counts, and errors that name
the file and the key."""

from pathlib import Path

import pytest

from companion.games.dungeon_days.pack import KINDS, load_pack
from companion.packs import PackError

DEFAULT = Path(__file__).resolve().parents[3] / "config" / "dungeon-days.toml"


def test_the_default_pack_has_the_39_play_cards_of_18_kinds():
    pack, _ = load_pack()
    assert sorted(pack.cards) == sorted(KINDS) and len(KINDS) == 18
    assert sum(c.count for c in pack.cards.values()) == 39
    assert {
        k: pack.cards[k].points
        for k in (
            "dragon",
            "sprite",
            "pixie",
            "dwarf",
            "elf",
            "orc",
            "troll",
            "medusa",
            "goblin",
            "human",
            "halfling",
        )
    } == {
        "dragon": 7,
        "sprite": 6,
        "pixie": 5,
        "dwarf": 4,
        "elf": 4,
        "orc": 3,
        "troll": 3,
        "medusa": 2,
        "goblin": 2,
        "human": 1,
        "halfling": 0,
    }
    text = DEFAULT.read_text()
    assert text.count("[ours]") >= 18  # every count says it is our reconstruction


@pytest.mark.parametrize(
    "old, new, says",
    [
        ("count = 3              # [ours]", 'count = "three"', "cards.dwarf: count: Expected `int`"),
        ('code = "ELF"', 'code = "DWF"', "cards.elf.code: 'DWF' is also dwarf's code"),
        ("[cards.mimic]", "[cards.mimik]", "cards: missing mimic"),
        ('type = "trap"', 'type = "spell"', "cards.lava.type: must be 'trap'"),
        ("players_per_deck = 2", "players_per_deck = 0", "players_per_deck: must be 1 to 6"),
        (
            'days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]',
            'days = ["mon", "tue"]',
            "days: must be the 7 days",
        ),
    ],
)
def test_a_broken_pack_names_the_file_and_the_key(tmp_path, old, new, says):
    text = DEFAULT.read_text()
    assert old in text
    bad = tmp_path / "mine.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(PackError) as exc:
        load_pack(str(bad))
    assert str(exc.value).startswith(str(bad)) and says in str(exc.value), exc.value
