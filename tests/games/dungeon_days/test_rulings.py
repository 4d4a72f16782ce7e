"""The rulings of docs/dungeon-days.md on what the rulebook leaves open: each has a test here or
in the rule tests, and the docs name it (checked below)."""

import re
from pathlib import Path

from companion.engine.core import Header
from tests.games.dungeon_days.table import ENGINE, pile, play, refused, table

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "dungeon-days.md"


def test_a_transformation_is_a_swap_not_a_play_the_creature_given_does_nothing():
    s = table(
        boards={"p1": {"tue": ["human"], "mon": ["elf"], "wed": ["orc"]}},
        hands={"p1": ["transformation", "dragon"]},
    )
    play(s, "p1 play transformation p1 tue human dragon")
    assert pile(s, "p1", "mon") == ["elf"] and pile(s, "p1", "wed") == ["orc"]  # no Dragon's clearing
    assert pile(s, "p1", "tue") == ["dragon"]


def test_a_transformation_takes_the_topmost_of_two_of_a_kind():
    s = table(
        boards={"p2": {"tue": ["human", "invisibility", "human"]}}, hands={"p1": ["transformation", "elf"]}
    )
    play(s, "p1 play transformation p2 tue human elf")
    assert pile(s, "p2", "tue") == ["human", "invisibility", "elf"]


def test_terror_may_be_played_where_it_removes_nothing():
    s = table(hands={"p1": ["terror"]})
    events = play(s, "p1 play terror p1 mon")
    assert "removed" not in events[0] and s.discard == ["terror"]


def test_a_boulder_needs_a_truly_empty_day_and_counts_as_a_card_on_the_board():
    s = table(boards={"p2": {"mon": ["elf", "invisibility"]}}, hands={"p1": ["boulder"]})
    refused(s, "p1 play boulder p2 mon", "The Cards: BOULDER TRAP", "empty day")
    play(s, "p1 play boulder p2 tue")
    assert ENGINE.public_view(s, None)["seats"][1]["on_board"] == 3


def test_cards_removed_and_spells_used_go_face_up_to_the_discard_pile():
    s = table(boards={"p2": {"mon": ["elf"]}}, hands={"p1": ["lava"]})
    play(s, "p1 play lava p2 mon")
    assert ENGINE.public_view(s, "p2")["discard"] == ["lava", "elf"]


def test_no_one_starts_with_a_hand_and_p1_goes_first():
    s = ENGINE.new_state(Header("dungeon-days"))
    assert [x.hand for x in s.seats] == [[], []]
    assert ENGINE.prompt(s).options == ("p1 draw",)


def test_decks_per_two_players_and_two_to_six_players():
    sizes = {
        n: len(ENGINE.new_state(Header("dungeon-days", options={"players": n})).deck) for n in range(2, 7)
    }
    assert sizes == {2: 39, 3: 78, 4: 78, 5: 117, 6: 117}
    for bad in (1, 7):
        try:
            ENGINE.new_state(Header("dungeon-days", options={"players": bad}))
        except ValueError as exc:
            assert "options.players" in str(exc)
        else:
            raise AssertionError(f"{bad} players accepted")


def test_every_ruling_in_the_docs_names_a_test_that_exists():
    text = DOC.read_text(encoding="utf-8")
    named = re.findall(r"`(test_[a-z0-9_]+)`", text)
    assert len(named) >= 15
    source = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    missing = [n for n in named if f"def {n}(" not in source]
    assert missing == []
