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
    first = enter(
        s,
        "p1",
        [
            ["human", "sprite"],
            ["mimic"],
            ["dragon", "halfling"],
            ["elf", "invisibility", "orc"],
            ["boulder"],
            ["pixie"],
            ["troll"],
        ],
    )
    board = next(e for e in first if e["event"] == "board")
    assert board["total"] == 7 + 6 + 0 + 7 + 0 + 5 + 3
    assert board["days"][1] == ["tue", 6, "MIM=SPR 6"]
    assert board["decided"].startswith(
        "P1's Mimic on Tue copies the Sprite (6), the best of Sprite, Halfling"
    )
    assert board["days"][4] == ["fri", 0, "blocked (BLD)"]
    assert not s.over
    last = enter(s, "p2", [["orc"], [], [], ["elf"], [], [], []])
    assert s.over and s.winner == "p1" and s.ended == "boards scored"
    assert last[-1]["scores"] == {"p1": 28, "p2": 7}
    days = ENGINE.summary(s)["days"]
    assert [d["why"] for d in days["p2"]] == ["ORC 3", "empty", "empty", "ELF 4", "empty", "empty", "empty"]


def test_only_piles_the_rules_can_make_are_entered():
    s = table(players=2, mode="score")
    refused(s, "p1 add invisibility", "The Cards: SPELL OF INVISIBILITY", "ON TOP OF a creature")
    refused(s, "p1 add terror", "The Cards", "discarded after use")
    refused(s, "p1 add goblet", "The Cards", "not a Dungeon Days card")
    play(s, "p1 add elf")
    refused(s, "p1 add boulder", "The Cards: BOULDER TRAP", "empty day")
    play(s, "p1 add orc")  # a Transformation may have left it on the Elf: it covers it
    assert ENGINE.days(s, "p1")[0]["why"] == "ORC 3 (on ELF)"
    play(s, "p1 next")
    play(s, "p1 add boulder")
    refused(s, "p1 add elf", "The Cards: BOULDER TRAP", "alone")


def test_no_more_copies_than_the_decks_hold():
    s = table(players=2, mode="score")
    play(s, "p1 add dragon")  # one Dragon in a deck for two players
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


def test_a_sprite_left_alone_by_medusa_is_entered_as_play_leaves_it():
    """MEDUSA "removes all humans and halflings from the board"; nothing makes the Sprite on a
    Human leave with it. Play leaves the Sprite alone on its day, and the scorer takes that pile."""
    s = table(players=2, boards={"p1": {"mon": ["human", "sprite"]}}, hands={"p1": ["medusa"]})
    play(s, "p1 play medusa p1 wed")
    assert s.seat("p1").board[0] == ["sprite"]
    t = table(players=2, mode="score")
    play(t, "p1 add sprite")
    assert t.seat("p1").board[0] == ["sprite"]
    assert ENGINE.days(t, "p1")[0]["why"] == "SPR 6"


def test_every_pile_random_games_make_can_be_entered():
    """What the scorer accepts comes from the play rules: every pile of every position of
    random games (each card in turn laid on the pile under it) is one the scorer takes."""
    from companion.engine.core import CHANCE, Header
    from companion.engine.dice import SeededDice
    from companion.games.dungeon_days.policies import RandomPolicy

    seen = set()
    for seed in range(40):
        s = ENGINE.new_state(Header("dungeon-days", options={"players": 3}))
        dice, policy = SeededDice(seed), RandomPolicy(seed)
        for _ in range(400):
            if s.over:
                break
            p = ENGINE.prompt(s)
            ENGINE.apply(s, dice.answer(p) if p.actor == CHANCE else policy(ENGINE, {}, p))
            for x in s.seats:
                for cards in x.board:
                    key = tuple(cards)
                    if key in seen:
                        continue
                    seen.add(key)
                    entry = table(players=3, mode="score")
                    for card in cards:
                        play(entry, f"p1 add {card}")
                    assert entry.seat("p1").board[0] == list(cards)
    assert ("sprite",) in seen or any(len(k) > 2 for k in seen)
    assert len(seen) > 40
