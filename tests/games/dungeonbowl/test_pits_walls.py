"""PIT TRAPS (1-3 fake, 4-5 pit: prone, unmodified armour and injury, a turnover only if
knocked in or holding the ball; 6 spiked: an injury roll, a turnover on his own turn; flipped
traps stay) and PUSHING INTO WALLS (an unmodified armour roll, the player stays standing)."""

from tests.games.dungeonbowl.table import ENGINE, kinds, play, prompt, to_first_turn


def enter(s, trap, player, how="moved"):
    play(s, "p1 trap", f"p1 trap-counter {trap}", f"p1 victim {player}", f"p1 how {how}")


def test_a_fake_trap_does_nothing_and_stays_flipped():
    for roll in "123":
        s = to_first_turn()
        enter(s, 1, "p1#3")
        events = play(s, f"chance roll {roll}")
        assert events[0]["face"] == "fake" and s.traps[0].face == "fake"
        assert prompt(s).kind == "turn" and s.team("p1").where["3"] == "dungeon" and not s.turnover


def test_a_pit_places_the_player_prone_with_an_unmodified_armour_roll_and_no_turnover():
    s = to_first_turn()
    enter(s, 2, "p1#3")
    events = play(s, "chance roll 4")
    assert "placed_prone" in kinds(events) and s.traps[1].face == "pit"
    assert prompt(s).kind == "armour_value"
    play(s, "p1 av 8", "chance roll 6 3", "chance roll 5 4")  # broken (9 > 8), injury 9: KO
    assert s.team("p1").where["3"] == "ko"
    assert prompt(s).kind == "turn" and s.active == "p1"  # no turnover


def test_a_pit_is_a_turnover_when_knocked_in_or_holding_the_ball():
    s = to_first_turn()
    enter(s, 2, "p1#3", how="knocked")
    play(s, "chance roll 5", "p1 av 8")
    events = play(s, "chance roll 1 2")
    assert "turnover" in kinds(events)
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 1", "p1 opener p1#3", "chance open ball", "p1 holder", "p1 holds p1#3")
    enter(s, 2, "p1#3")
    play(s, "chance roll 5", "p1 av 8", "chance roll 1 2")  # armour holds; then the bounce
    assert prompt(s).kind == "scatter" and s.ball == "ground"
    events = play(s, "chance roll 7", "p1 lands")
    assert "turnover" in kinds(events)


def test_a_spiked_pit_is_an_injury_roll_and_a_turnover_on_his_own_turn():
    s = to_first_turn()
    enter(s, 3, "p1#6")
    play(s, "chance roll 6")
    assert prompt(s).kind == "injury"  # no armour roll
    events = play(s, "chance roll 2 2")  # stunned
    assert s.team("p1").where["6"] == "dungeon" and "turnover" in kinds(events)


def test_a_spiked_pit_on_the_opponents_turn_is_no_turnover():
    s = to_first_turn()
    enter(s, 3, "p2#6", how="pushed")
    events = play(s, "chance roll 6", "chance roll 2 2")
    assert "turnover" not in kinds(events) and s.active == "p1"


def test_a_wall_is_an_unmodified_armour_roll_and_the_player_stays_standing():
    s = to_first_turn()
    play(s, "p1 wall", "p1 pushed p2#4")
    assert prompt(s).text == "AV of P2 #4?" and prompt(s).actor == "p2"
    events = play(s, "p2 av 9", "chance roll 4 5")  # 9 is not more than 9: holds
    armour = next(e for e in events if e["event"] == "armour")
    assert armour["broken"] is False and "knocked_down" not in kinds(events)
    assert s.team("p2").where["4"] == "dungeon" and not s.turnover


def test_a_block_into_a_wall_breaking_armour_rolls_injury():
    s = to_first_turn()
    play(
        s,
        "p1 block",
        "p1 attacker p1#1",
        "p1 defender p2#1",
        "p1 result push-wall",
        "p2 av 7",
        "chance roll 6 2",
    )
    assert prompt(s).kind == "injury"
    play(s, "chance roll 6 6")  # casualty: the D68
    assert prompt(s).text == "casualty P2 #1: D68"


def test_the_armour_value_entered_is_remembered_as_the_next_default():
    s = to_first_turn()
    play(s, "p1 wall", "p1 pushed p2#4", "p2 av 10", "chance roll 1 1")
    play(s, "p1 wall", "p1 pushed p2#4")
    assert prompt(s).choice["number"]["default"] == 10
    assert ENGINE.legal_actions(s)[0] == "p2 av 3"


def test_block_results():
    s = to_first_turn()
    events = play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result push")
    assert kinds(events) == ["block"] and prompt(s).kind == "turn"
    play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result push-trap", "p1 trap-counter 2")
    assert prompt(s).kind == "pit"  # pushed: the counter flips
    play(s, "chance roll 1")
    play(
        s,
        "p1 block",
        "p1 attacker p1#2",
        "p1 defender p2#2",
        "p1 result both-down",
        "p2 av 8",
        "chance roll 1 1",
    )  # the defender's armour first
    assert prompt(s).text == "AV of P1 #2?"
    events = play(s, "p1 av 8", "chance roll 1 1")
    assert "turnover" in kinds(events) and s.active == "p2"
    events = play(
        s,
        "p2 block",
        "p2 attacker p2#3",
        "p2 defender p1#3",
        "p2 result attacker-down",
        "p2 av 8",
        "chance roll 2 2",
    )
    assert "turnover" in kinds(events) and s.active == "p1"
