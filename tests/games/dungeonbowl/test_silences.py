"""Where the rulebook is silent, docs/dungeonbowl.md says what we decided; each decision is
pinned here."""

from pathlib import Path

from tests.games.dungeonbowl.table import ENGINE, SETUP, kinds, new, play, prompt, refused, to_first_turn

DOC = (Path(__file__).resolve().parents[3] / "docs" / "dungeonbowl.md").read_text()


def test_the_roll_off_winner_takes_the_first_turn():
    for dice, winner in (("5 2", "p1"), ("1 6", "p2")):
        s = new()
        play(s, f"chance roll {dice}")
        while prompt(s).kind != "turn":
            p = prompt(s)
            play(s, p.options[0] if p.options else f"{p.actor} start 1 2 3 4 5 6")
        assert s.active == winner and s.turn == 1
    assert "roll-off's winner takes the first turn" in DOC


def test_the_other_coach_places_the_first_chest_then_the_coaches_alternate():
    s = new()
    play(s, *SETUP[:5])  # P1 won the roll-off
    order = []
    while prompt(s).kind in ("place_chest", "place_pad"):
        order.append(prompt(s).actor)
        play(s, prompt(s).options[0])
    assert order == ["p2", "p1"] * 6
    assert prompt(s).actor == "p2"  # the traps go on alternating
    assert "places the first chest" in DOC


def enter(s, trap, player, how="moved"):
    return play(
        s,
        f"{s.active} trap",
        f"{s.active} trap-counter {trap}",
        f"{s.active} victim {player}",
        f"{s.active} how {how}",
    )


def test_a_flipped_pit_catches_the_next_player_without_a_new_roll():
    s = to_first_turn()
    enter(s, 1, "p1#2")
    play(s, "chance roll 5", "p1 av 9", "chance roll 1 1")
    events = enter(s, 1, "p1#3")
    assert "trap_again" in kinds(events) and prompt(s).kind == "armour_value"  # no d6: straight to armour
    assert s.traps[0].face == "pit"
    assert "flipped trap" in DOC


def test_a_flipped_spiked_pit_injures_the_next_player_and_a_flipped_fake_does_nothing():
    s = to_first_turn()
    enter(s, 1, "p1#2")
    play(s, "chance roll 6", "chance roll 1 1")  # spiked, stunned, a turnover
    enter(s, 1, "p2#2")
    assert prompt(s).kind == "injury"
    s = to_first_turn()
    enter(s, 2, "p1#2")
    play(s, "chance roll 2")  # fake
    events = enter(s, 2, "p1#4")
    assert kinds(events) == ["trap_again"] and prompt(s).kind == "turn"


def test_a_leap_over_a_trap_never_flips_it_and_a_failed_leap_is_a_fall():
    s = to_first_turn()
    events = play(s, "p1 leap", "p1 leaper p1#2", "p1 over 1", "p1 landed")
    assert kinds(events) == ["leap"] and s.traps[0].face == "" and not s.turnover
    events = play(s, "p1 leap", "p1 leaper p1#2", "p1 over 1", "p1 failed", "p1 av 8", "chance roll 1 1")
    assert "knocked_down" in kinds(events) and "turnover" in kinds(events) and s.traps[0].face == ""
    assert "Leap" in DOC


def test_strong_arm_allows_a_long_pass_never_a_long_bomb():
    s = to_first_turn()
    play(
        s,
        "p1 chest",
        "p1 open 1",
        "p1 opener p1#2",
        "chance open ball",
        "p1 holder",
        "p1 holds p1#2",
        "p1 pass",
    )
    assert prompt(s).options == ("p1 range quick", "p1 range short", "p1 range long-strong-arm")
    refused(s, "p1 range bomb", "no long bombs underground", "THROWING RESTRICTIONS")
    assert "Strong Arm" in DOC


def test_the_eight_extra_pit_counters_are_per_coach():
    s = new()
    play(s, "chance roll 5 2", "p1 end-zone left", *["p1 buy pits"] * 4, "p1 done", *["p2 buy pits"] * 4)
    assert s.team("p1").extra_pits == s.team("p2").extra_pits == 8
    assert "per coach" in DOC


def test_teleporting_in_from_the_dugout_does_not_count_as_a_pad_teleport():
    s = to_first_turn()
    play(s, "p1 teleport-in 7", "p1 pad", "p1 onto-pad 1", "p1 mover p1#7", "chance roll 3", "p1 pad-free")
    assert prompt(s).kind == "turn" and s.teleports == {"p1#7": 1}


def test_only_the_moving_teams_ball_carrier_lost_in_space_or_knocked_down_makes_a_turnover():
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 1", "p1 opener p1#2", "chance open ball", "p1 holder", "p1 holds p2#1")
    assert s.active == "p2"  # caught by the opponent: a turnover
    play(s, "p2 pad", "p2 onto-pad 4", "p2 mover p2#1", "chance roll 4")  # lost in space with the ball
    events = play(s, "chance roll 3", "p2 lands")
    assert "turnover" in kinds(events) and s.active == "p1"


def test_a_coach_may_concede():
    s = to_first_turn()
    play(s, "p1 concede")
    assert s.over and s.winner == "p2" and ENGINE.summary(s)["scores"] == {"p1": 0, "p2": 0}


def test_the_device_says_when_it_decides_where_the_rulebook_is_silent():
    """The roll-off's tie and who moves and places first are the device's decisions: the event
    says so, for the screens' log."""
    s = new()
    tie = play(s, "chance roll 3 3")[-1]
    assert tie["winner"] is None and "the device has both coaches roll again" in tie["decided"]
    won = play(s, "chance roll 2 5")[-1]
    assert won["decided"].startswith(
        "P2 chooses the end zone and takes the first turn, and P1 places the first chest"
    )
