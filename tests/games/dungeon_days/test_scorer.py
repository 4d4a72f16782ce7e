"""The scorer for games played with the real cards: boards entered day by day, bottom to top,
then scored with the reason for every day."""
import pytest

from tests.games.dungeon_days.table import ENGINE, play, refused, table


def enter(s, seat: str, days: list[list[str]]) -> list[dict]:
    events = []
    for pile in days:
        for card in pile:
            events += play(s, f"{seat} add {card}")
        events += play(s, f"{seat} next")
    return events


def test_two_boards_entered_day_by_day_are_scored_with_a_reason_per_day():
    s = table(players=2, mode="score")
    assert ENGINE.prompt(s).text == "P1 Mon: bottom card"
    first = enter(s, "p1", [["human", "sprite"], ["mimic"], ["dragon", "halfling"], ["elf", "invisibility", "orc"],
                            ["boulder"], ["pixie"], ["troll"]])
    board = next(e for e in first if e["event"] == "board")
    assert board["total"] == 7 + 6 + 0 + 7 + 0 + 5 + 3
    assert board["days"][1] == ["tue", 6, "MIM=SPR 6"]
    assert board["days"][4] == ["fri", 0, "blocked (BLD)"]
    assert not s.over
    last = enter(s, "p2", [["orc"], [], [], ["elf"], [], [], []])
    assert s.over and s.winner == "p1" and s.ended == "boards scored"
    assert last[-1]["scores"] == {"p1": 28, "p2": 7}
    days = ENGINE.summary(s)["days"]
    assert [d["why"] for d in days["p2"]] == ["ORC 3", "empty", "empty", "ELF 4", "empty", "empty", "empty"]


def test_only_piles_the_rules_can_make_are_entered():
    s = table(players=2, mode="score")
    refused(s, "p1 add sprite", "The Cards", "ON TOP OF a creature")
    refused(s, "p1 add terror", "The Cards", "discarded after use")
    refused(s, "p1 add goblet", "The Cards", "not a Dungeon Days card")
    play(s, "p1 add elf")
    refused(s, "p1 add boulder", "The Cards: BOULDER TRAP", "empty day")
    play(s, "p1 add orc")               # a Transformation may have left it on the Elf: it covers it
    assert ENGINE.days(s, "p1")[0]["why"] == "ORC 3 (on ELF)"
    play(s, "p1 next")
    play(s, "p1 add boulder")
    refused(s, "p1 add elf", "The Cards: BOULDER TRAP", "alone")


def test_no_more_copies_than_the_decks_hold():
    s = table(players=2, mode="score")
    play(s, "p1 add dragon")            # one Dragon in a deck for two players
    play(s, "p1 next")
    refused(s, "p1 add dragon", "Set Up", "already on a board")
    t = table(players=3, mode="score")  # three players: two decks, two Dragons
    play(t, "p1 add dragon")
    play(t, "p1 next")
    play(t, "p1 add dragon")
    assert t.seat("p1").board[1] == ["dragon"]


def test_the_scorer_has_no_computer_seats():
    from companion.engine.core import Header

    with pytest.raises(ValueError) as exc:
        ENGINE.new_state(Header("dungeon-days", options={"mode": "score", "seats": {"p2": "computer"}}))
    assert str(exc.value).startswith("options.seats.p2: the scorer")
