"""The dug-out (one player teleported in from the reserves at the start of each turn, or the
Magic Sponge moving one KO'd player to the reserves instead; no return to the dug-out) and the
set-up (the roll-off, the counters the device counts, six starters, inducements)."""

from tests.games.dungeonbowl.table import (
    ENGINE,
    SETUP,
    kinds,
    new,
    place_traps,
    play,
    prompt,
    refused,
    to_first_turn,
)

DUGOUT = "DUG-OUT TELEPORTERS"
SPONGE = "Magic Sponge"


def test_one_player_is_teleported_in_from_the_reserves_at_the_start_of_the_turn():
    s = to_first_turn()
    assert "p1 teleport-in 7" in prompt(s).options
    play(s, "p1 teleport-in 7")
    assert s.team("p1").where["7"] == "dungeon"
    refused(s, "p1 teleport-in 8", "one player may be teleported in per turn", DUGOUT)
    refused(s, "p1 sponge 3", "a player was teleported in this turn", SPONGE)


def test_teleporting_in_is_at_the_start_of_the_turn_only():
    s = to_first_turn()
    play(s, "p1 wall", "p1 pushed p2#1", "p2 av 8", "chance roll 1 1")
    refused(s, "p1 teleport-in 7", "at the start of the turn only", DUGOUT)


def test_teleporting_in_with_empty_reserves_is_refused():
    s = to_first_turn(roster=6)
    assert not any(" teleport-in " in o for o in prompt(s).options)
    refused(s, "p1 teleport-in 7", "the reserves box is empty", DUGOUT)


def test_the_sponge_moves_a_kod_player_to_the_reserves_instead_of_teleporting_in():
    s = to_first_turn()
    s.team("p1").where["3"] = "ko"
    s.team("p1").where["4"] = "cas"
    s.team("p1").hurt["4"] = "dead"
    refused(
        s,
        "p1 sponge 4",
        "#4 is a casualty (dead): the sponge has no effect on players seriously injured or killed",
        SPONGE,
    )
    play(s, "p1 sponge 3")
    assert s.team("p1").where["3"] == "reserves"
    refused(s, "p1 teleport-in 7", "the Magic Sponge was used this turn", SPONGE)


def test_the_sponge_treats_a_badly_hurt_player_but_not_a_serious_injury():
    """ "A coach may use the sponge to treat an injured player ... The sponge has no effect on
    players that have been seriously injured or killed": a badly hurt player is neither, and
    goes to the reserves, as the apothecary sends him."""
    s = to_first_turn()
    team = s.team("p1")
    for n, hurt in (("4", "badly hurt"), ("5", "miss next game")):
        team.where[n], team.hurt[n] = "cas", hurt
    options = prompt(s).options
    assert "p1 sponge 4" in options and "p1 sponge 5" not in options
    refused(
        s,
        "p1 sponge 5",
        "#5 is a casualty (miss next game): the sponge has no effect on players seriously injured",
        SPONGE,
    )
    play(s, "p1 sponge 4")
    assert team.where["4"] == "reserves" and "4" not in team.hurt


def test_there_is_no_return_to_the_dugout():
    s = to_first_turn()
    refused(s, "p1 teleport-out 2", "can't teleport players from the dungeon back to the dug-out", DUGOUT)
    assert not any("out" in o for o in prompt(s).options)


def test_the_roll_off_rerolls_a_tie_and_its_winner_chooses_the_end_zone():
    s = new()
    events = play(s, "chance roll 4 4")
    assert events[0]["winner"] is None and prompt(s).kind == "roll_off"
    play(s, "chance roll 2 6")
    assert prompt(s).options == ("p2 end-zone left", "p2 end-zone right")
    play(s, "p2 end-zone right")
    assert s.team("p1").end_zone == "left" and s.team("p2").end_zone == "right"


def test_the_counters_are_counted_with_their_placement_rules():
    s = new()
    play(s, *SETUP[:5])
    p = prompt(s)
    assert p.kind == "place_chest" and "8+ squares from an end zone" in p.text and p.actor == "p2"
    play(s, *SETUP[5:11])
    assert s.chests_placed == 6 and prompt(s).kind == "place_pad"
    play(s, *SETUP[11:])
    assert s.pads_placed == 6 and prompt(s).kind == "place_trap"
    place_traps(s)
    assert [t.owner for t in s.traps].count("p1") == 3
    assert [t.owner for t in s.traps].count("p2") == 5  # 3 + the pair P2 bought
    assert prompt(s).kind == "starters"


def test_six_players_start_in_the_end_zone_the_rest_are_reserves():
    s = new()
    play(s, *SETUP)
    place_traps(s)
    refused(s, "p1 start 1 2 3 4 5", "exactly 6 different players", "THE PLAYERS")
    refused(s, "p1 start 1 2 3 4 5 5", "exactly 6 different players", "THE PLAYERS")
    refused(s, "p1 start 1 2 3 4 5 40", "#40 is not on P1's roster", "THE PLAYERS")
    play(s, "p1 start 2 4 6 8 10 12")
    assert s.team("p1").in_box("dungeon") == ["2", "4", "6", "8", "10", "12"]
    assert s.team("p1").in_box("reserves") == ["1", "3", "5", "7", "9", "11"]


def test_rosters_are_entered_as_numbers_per_team():
    s = to_first_turn(rosters={"p2": [1, 2, 3, 4, 5, 6, 17, 42]})
    assert s.team("p2").in_box("reserves") == ["17", "42"]
    for bad, key in (
        ({"p3": [1]}, "options.rosters"),
        ({"p1": [1, 1, 2, 3, 4, 5]}, "listed twice"),
        ({"p1": [1, 2]}, "6 to 16 players"),
    ):
        try:
            new(rosters=bad)
        except ValueError as exc:
            assert key in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_turnovers_and_end_turn_pass_the_turn():
    s = to_first_turn()
    events = play(s, "p1 end-turn")
    assert kinds(events) == ["turn"] and s.active == "p2" and s.turn == 2
    events = play(s, "p2 falls", "p2 fell p2#1", "p2 av 9", "chance roll 1 2")
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p1" and s.turn == 3
    assert ENGINE.summary(s)["active"] == "p1"


def test_in_a_playoff_the_highest_rated_team_picks_first_without_a_roll_off():
    s = new(playoff="p2")
    assert prompt(s).options == ("p2 end-zone left", "p2 end-zone right") and s.chooser == "p2"
    try:
        new(playoff="p3")
    except ValueError as exc:
        assert "options.playoff" in str(exc)
    else:
        raise AssertionError("p3 was accepted")
