"""The content pack: the rulebook's deck, our four teams within the rules of team building, and
a broken pack or option refused naming the file and the key."""

from collections import Counter
from pathlib import Path

import pytest

from companion.engine.core import Header
from companion.games.dodgeball.pack import ABILITY_TYPES, ATTRS, load_pack
from companion.packs import PackError
from tests.games.dodgeball.court import ENGINE

PACK = Path(__file__).resolve().parents[3] / "config" / "dodgeball.toml"


def test_the_intensity_deck_is_the_rulebooks_twelve():
    pack, _ = load_pack()
    assert Counter(pack.deck) == {
        "+1": 2,
        "+2": 2,
        "+3": 2,
        "+4": 2,
        "+5": 1,
        "CON": 1,
        "SUPER": 1,
        "DECEIVE": 1,
    }


def test_four_teams_of_six_with_one_captain_and_at_most_20_stars_each_ability_one_of_five_types():
    pack, _ = load_pack()
    assert len(pack.teams) >= 4
    for team in pack.teams:
        players = [pack.by_player[p] for p in team.players]
        assert len(players) == 6 and sum(p.captain for p in players) == 1
        assert sum(p.stars for p in players) <= 20
        assert team.mascot in pack.by_mascot and team.coach in pack.by_coach
    assert all(p.ability.type in ABILITY_TYPES and sorted(p.attrs) == sorted(ATTRS) for p in pack.players)
    assert "BLO" in ATTRS and "BLK" not in ATTRS
    assert "[ours]" in PACK.read_text()


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("hand_size = 3", "hand_size = 0", "rules.hand_size: must be at least 1, not 0"),
        (
            'id = "DECEIVE"\nkind = "deceive"',
            'id = "DECEIVE"\nkind = "trick"',
            "intensity[7].kind: 'trick' is not one of",
        ),
        ("attrs = { THR = 6, COU = 4,", 'attrs = { THR = "6", COU = 4,', "players[0].attrs"),
        (
            'when = "target_in_defense" }',
            'when = "sometimes" }',
            "players[0].ability.when: 'sometimes' is not one of",
        ),
        (
            'players = ["rita", "tomas", "hook", "nets", "kit", "pip"]',
            'players = ["rita", "tomas", "hook", "nets", "kit", "brick"]',
            "teams[0].players: a team may have only one captain",
        ),
        ('mascot = "gull"', 'mascot = "owl"', "teams[0].mascot: no mascot 'owl' in the pack"),
    ],
)
def test_a_broken_pack_is_refused_naming_the_file_and_the_key(tmp_path, old, new, message):
    text = PACK.read_text()
    assert old in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(PackError) as exc:
        load_pack(str(bad))
    assert str(exc.value).startswith(f"{bad}: ") and message in str(exc.value), str(exc.value)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"cards": "paper"}, 'options.cards: must be "digital" or "table"'),
        ({"abilities": "yes"}, "options.abilities: must be true or false"),
        ({"teams": {"p1": "falcons"}}, "options.teams: must name a team for p1 and p2"),
        ({"teams": {"p1": "falcons", "p2": "owls"}}, "options.teams.p2: no team 'owls'"),
        (
            {"teams": {"p1": "falcons", "p2": "falcons"}},
            "options.teams.p2: both coaches cannot play the same team",
        ),
        ({"players": 3}, "options.players: the Dodgeball Card Game is for 2 coaches"),
        ({"speed": 2}, "options: unknown option(s) speed"),
    ],
)
def test_a_bad_option_is_refused_naming_the_key(options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ENGINE.new_state(Header("dodgeball", options=options))


def test_teams_on_the_command_line_are_two_names():
    s = ENGINE.new_state(Header("dodgeball", options={"teams": "moles,bears"}))
    assert [c.team for c in s.coaches] == ["moles", "bears"]
