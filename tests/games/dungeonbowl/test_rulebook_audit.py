"""A rulebook audit: scenarios a careful player with only the Dungeonbowl rulebook would try,
each asserting what the rulebook says (the rules the other test files cover are left to them)."""

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


def find_ball(s, holder, opener=None):
    """The active coach opens chest 1 (the ball) and ``holder`` picks it up."""
    a = s.active
    play(
        s,
        f"{a} chest",
        f"{a} open 1",
        f"{a} opener {opener or a + '#1'}",
        "chance open ball",
        f"{a} holder",
        f"{a} holds {holder}",
    )


def test_play_is_continuous_no_halves_and_no_turn_limit():
    """ "the turn marker is not used, and ... the game is not split into two halves. Play is
    continuous until a team scores\""""
    s = to_first_turn()
    for _ in range(40):  # far past Blood Bowl's 2 x 8 turns
        play(s, f"{s.active} end-turn")
    assert not s.over and s.turn == 41 and prompt(s).kind == "turn"
    assert s.active == "p1" and ENGINE.summary(s)["winner"] is None  # 40 turns later: P1 again


def test_no_kick_off_the_ball_starts_hidden_in_a_chest():
    """ "The following rules are not used in Dungeonbowl: Kick-Offs" / "At the start of the game
    the ball is hidden in a treasure chest\""""
    s = new()
    play(s, *SETUP)
    place_traps(s)
    play(s, "p1 start 1 2 3 4 5 6")
    events = play(s, "p2 start 1 2 3 4 5 6")
    assert kinds(events)[-1] == "turn" and prompt(s).kind == "turn"
    assert s.ball == "chest" and all(c.state == "closed" for c in s.chests)
    assert not any("kick" in o for o in prompt(s).options)
    assert f"{s.active} pass" not in prompt(s).options and f"{s.active} touchdown" not in prompt(s).options


def test_any_number_of_players_may_be_in_the_dungeon():
    """ "In Dungeonbowl a coach may have any number of players in the dungeon at any one time\""""
    s = to_first_turn()
    for _ in range(12):  # six turns each: the whole reserves box
        a = s.active
        play(s, f"{a} teleport-in {s.team(a).in_box('reserves')[0]}", f"{a} end-turn")
    for seat in ("p1", "p2"):
        assert len(s.team(seat).in_box("dungeon")) == 12 and s.team(seat).in_box("reserves") == []
    assert not any(" teleport-in " in o for o in prompt(s).options)


def test_only_players_in_the_reserves_box_are_teleported_in():
    """ "teleport one player from the reserves box to the dungeon\""""
    s = to_first_turn()
    s.team("p1").where["8"] = "ko"
    s.team("p1").where["9"] = "cas"
    assert "p1 teleport-in 8" not in prompt(s).options and "p1 teleport-in 9" not in prompt(s).options
    refused(s, "p1 teleport-in 8", "#8 is not in P1's reserves box", "DUG-OUT TELEPORTERS")
    refused(s, "p1 teleport-in 9", "#9 is not in P1's reserves box", "DUG-OUT TELEPORTERS")
    refused(s, "p1 teleport-in 2", "#2 is not in P1's reserves box", "DUG-OUT TELEPORTERS")  # in the dungeon


def test_the_sponge_is_used_at_the_start_of_the_turn_instead_of_a_teleport_only():
    """ "A coach may use the sponge to treat an injured player instead of teleporting a player
    into the dungeon\" (which is done \"at the start of each turn\")"""
    s = to_first_turn()
    s.team("p1").where["3"] = "ko"
    assert "p1 sponge 3" in prompt(s).options
    refused(s, "p1 sponge 7", "#7 is not in P1's KO box", "Magic Sponge")  # a reserve: nothing to treat
    play(s, "p1 wall", "p1 pushed p2#1", "p2 av 8", "chance roll 1 1")
    refused(s, "p1 sponge 3", "at the start of the turn only", "Magic Sponge")
    assert s.team("p1").where["3"] == "ko"


def test_a_player_lost_in_space_is_ko_and_the_sponge_brings_him_back_to_the_reserves():
    """ "he would be lost in space! ... Remove the player from the board and place him in the KO
    box.\" / \"If the player was in the KO'd box, he is moved into the Reserves box.\""""
    s = to_first_turn()
    play(s, "p1 pad", "p1 onto-pad 2", "p1 mover p1#3", "chance roll 2")
    assert s.team("p1").where["3"] == "ko" and s.active == "p1"
    play(s, "p1 end-turn", "p2 end-turn", "p1 sponge 3")
    assert s.team("p1").where["3"] == "reserves"
    play(s, "p1 end-turn", "p2 end-turn", "p1 teleport-in 3")
    assert s.team("p1").where["3"] == "dungeon"


def test_every_pad_loses_the_player_in_space_on_its_own_number_only():
    """ "if you roll the number of the pad the player is on, then he is lost in space!\" / \"The
    player is immediately teleported to the pad with the same number.\""""
    for pad in range(1, 7):
        for roll in range(1, 7):
            s = to_first_turn()
            events = play(s, "p1 pad", f"p1 onto-pad {pad}", "p1 mover p1#2", f"chance roll {roll}")
            if roll == pad:
                assert "lost_in_space" in kinds(events) and s.team("p1").where["2"] == "ko"
            else:
                assert events[-1]["event"] == "teleported" and events[-1]["to"] == roll
                assert prompt(s).text == f"is pad {roll} occupied?" and s.team("p1").where["2"] == "dungeon"


def test_a_teleported_ball_carrier_keeps_the_ball_and_carries_on():
    """ "they may then carry on with their move as normal\" (only a player lost in space drops
    the ball)"""
    s = to_first_turn()
    find_ball(s, "p1#1")
    events = play(s, "p1 pad", "p1 onto-pad 2", "p1 mover p1#1", "chance roll 5", "p1 pad-free")
    assert "ball_dropped" not in kinds(events) and s.ball == "p1#1" and not s.turnover
    play(s, "p1 touchdown")
    assert s.over and s.winner == "p1"


def test_the_double_teleport_injury_is_rolled_immediately_before_the_chain_goes_on():
    """ "if the player ends up being teleported again in the same turn ... roll on the injury
    table immediately\""""
    s = to_first_turn()
    play(s, "p1 pad", "p1 onto-pad 1", "p1 mover p1#4", "chance roll 2", "p1 pad-free")
    play(s, "p1 pad", "p1 onto-pad 2", "p1 mover p1#4", "chance roll 3", "p1 occupied p2#5")
    assert prompt(s).text == "injury P1 #4: 2d6"  # before P2 #5's own teleport d6
    play(s, "chance roll 1 2")
    assert prompt(s).text == "teleport P2 #5 from pad 3: d6"


def test_a_chain_victim_lost_in_space_with_the_ball_drops_it_on_his_pad_a_turnover():
    """ "The ball cannot be lost in space ... will instead drop to the ground and then scatter
    from the pad the player was on. Dropping the ball in this way will cause a turn-over.\""""
    s = to_first_turn()
    find_ball(s, "p2#2")  # caught by P2: P1's turnover
    play(s, "p2 end-turn")
    play(s, "p1 pad", "p1 onto-pad 3", "p1 mover p1#4", "chance roll 5", "p1 occupied p2#2")
    events = play(s, "chance roll 5")  # P2 #2 stood on pad 5 and rolled a 5
    assert "lost_in_space" in kinds(events) and s.team("p2").where["2"] == "ko"
    assert s.ball == "ground" and prompt(s).text == "ball scatters from pad 5: d8"
    events = play(s, "chance roll 4", "p1 lands")
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_the_opener_may_pick_up_the_ball_and_score_in_the_same_turn():
    """ "Once revealed, the ball can be picked up normally, including by the player that
    discovered it\" / \"Opening the chest is a free action\""""
    s = to_first_turn()
    events = play(s, "p1 chest", "p1 open 4", "p1 opener p1#3", "chance open ball")
    assert "turnover" not in kinds(events) and s.chests[3].state == "ball" and s.ball == "ground"
    assert "p1 holder" in prompt(s).options and s.active == "p1"
    play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result push")  # a blitz after it
    play(s, "p1 holder", "p1 holds p1#3", "p1 touchdown")
    assert s.over and s.winner == "p1" and s.turn == 1


def test_only_the_moving_coachs_players_open_chests():
    """ "A player may open a chest that is in an adjacent square ... at the cost of one square of
    movement\" (only the moving team moves)"""
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 2")
    assert all(o.startswith("p1 opener p1#") for o in prompt(s).options)
    refused(s, "p1 opener p2#1", "not a legal choice", "OPENING TREASURE CHESTS")


def test_an_explosion_knocks_over_an_adjacent_ball_carrier_and_the_ball_scatters():
    """ "any other players adjacent to the square it was in are knocked over and must make armour
    rolls\" (a knocked-over carrier drops the ball)"""
    s = to_first_turn()
    find_ball(s, "p1#2")
    events = play(s, "p1 chest", "p1 open 2", "p1 opener p1#1", "chance open blast", "p1 adjacent p1#2")
    assert {"p1#1", "p1#2"} <= {e["player"] for e in events if e["event"] == "knocked_down"}
    assert s.ball == "ground" and s.chests[1].state == "blast"
    play(s, "p1 av 8", "chance roll 1 1", "p1 av 8", "chance roll 1 1")  # both armours hold
    assert prompt(s).kind == "scatter"
    events = play(s, "chance roll 2", "p1 lands")
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_a_ball_carrier_pushed_into_a_wall_stays_standing_with_the_ball():
    """ "a player pushed into a wall stays in his square but his opponent rolls an unmodified
    armor (and possibly injury) roll\""""
    s = to_first_turn()
    find_ball(s, "p2#2")
    play(s, "p2 end-turn", "p1 wall", "p1 pushed p2#2")
    assert s.frames[-1].data["unmodified"] is True
    events = play(s, "p2 av 8", "chance roll 2 3")
    assert "knocked_down" not in kinds(events) and "ball_dropped" not in kinds(events)
    assert s.ball == "p2#2" and s.team("p2").where["2"] == "dungeon" and s.active == "p1"


def test_knocking_a_player_down_into_a_wall_is_a_normal_knock_down():
    """ "Knocking a player down into a wall simply drops the player down in his square as
    normal.\""""
    s = to_first_turn()
    events = play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result down")
    assert "knocked_down" in kinds(events) and s.frames[-1].data["unmodified"] is False
    play(s, "p2 av 8", "chance roll 1 1")
    assert s.team("p2").where["1"] == "dungeon" and s.active == "p1" and prompt(s).kind == "turn"


def test_the_pit_table_one_to_six():
    """ "roll a d6. 1-3=fake, 4-5=pit trap, 6=spiked pit.\""""
    for roll, face, next_kind in (
        (1, "fake", "turn"),
        (2, "fake", "turn"),
        (3, "fake", "turn"),
        (4, "pit", "armour_value"),
        (5, "pit", "armour_value"),
        (6, "spiked", "injury"),
    ):
        s = to_first_turn()
        events = play(
            s, "p1 trap", "p1 trap-counter 2", "p1 victim p1#4", "p1 how moved", f"chance roll {roll}"
        )
        assert events[0]["face"] == face and s.traps[1].face == face
        assert prompt(s).kind == next_kind


def test_an_opponent_knocked_into_a_pit_is_prone_with_an_unmodified_armour_roll():
    """ "If a pit trap, place the player prone immediately with an unmodified av/inj roll\""""
    s = to_first_turn()
    events = play(
        s,
        "p1 block",
        "p1 attacker p1#1",
        "p1 defender p2#1",
        "p1 result down-trap",
        "p1 trap-counter 1",
        "chance roll 4",
    )
    assert "placed_prone" in kinds(events) and s.traps[0].face == "pit"
    assert prompt(s).text == "AV of P2 #1?" and s.frames[-1].data["unmodified"] is True
    play(s, "p2 av 8", "chance roll 5 4", "chance roll 4 4")  # broken, 8: KO
    assert s.team("p2").where["1"] == "ko" and s.active == "p1"  # P1's turn goes on


def test_a_spiked_pit_with_the_ball_drops_it_and_ends_the_turn():
    """ "If a spiked pit the player makes an injury roll and does cause a turnover if on his
    turn.\""""
    s = to_first_turn()
    find_ball(s, "p1#1")
    play(s, "p1 trap", "p1 trap-counter 1", "p1 victim p1#1", "p1 how moved", "chance roll 6")
    assert prompt(s).kind == "injury" and s.ball == "ground"  # no armour roll
    play(s, "chance roll 1 2")
    assert prompt(s).kind == "scatter"
    events = play(s, "chance roll 1", "p1 lands")
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_a_leap_goes_over_pit_traps_or_unflipped_counters_not_a_flipped_fake():
    """ "can attempt to leap over pit traps or unflipped trap counters\""""
    s = to_first_turn()
    play(s, "p1 trap", "p1 trap-counter 1", "p1 victim p1#1", "p1 how moved", "chance roll 2")  # fake
    play(
        s,
        "p1 trap",
        "p1 trap-counter 2",
        "p1 victim p1#2",
        "p1 how moved",
        "chance roll 5",
        "p1 av 9",
        "chance roll 1 1",
    )  # a pit, armour holds
    play(s, "p1 leap", "p1 leaper p1#3")
    options = prompt(s).options
    assert "p1 over 1" not in options and "p1 over 2" in options and "p1 over 3" in options
    refused(s, "p1 over 1", "not a legal choice", "PIT TRAPS")
    play(s, "p1 over 2", "p1 landed")
    assert s.traps[1].face == "pit" and prompt(s).kind == "turn"


def test_wizards_are_not_available_as_an_inducement():
    """ "Due to the nature of the game, wizards are not available.\""""
    s = new()
    play(s, "chance roll 5 2", "p1 end-zone left")
    assert not any("wizard" in o for o in prompt(s).options)
    refused(s, "p1 buy wizard", "not a legal choice", "INDUCEMENTS")


def test_extra_pit_counters_come_in_pairs():
    """ "new inducements for DB are extra pit counters (50g for 2, max 8)\""""
    s = new()
    play(s, "chance roll 5 2", "p1 end-zone left", "p1 buy pits")
    assert s.team("p1").extra_pits == 2 and ENGINE.pack.inducements.pit_pair_price == 50


def test_an_incomplete_pass_scatters_never_into_a_wall_and_is_a_turnover():
    """ "the ball can't scatter into a wall; roll for scatter again if this happens\""""
    s = to_first_turn()
    find_ball(s, "p1#2")
    play(s, "p1 pass", "p1 range short", "p1 incomplete")
    assert s.ball == "ground" and prompt(s).kind == "scatter"
    play(s, "chance roll 8", "p1 wall")
    assert prompt(s).kind == "scatter" and s.active == "p1"
    events = play(s, "chance roll 3", "p1 lands")
    assert [e["direction"] for e in events if e["event"] == "ball_lands"] == ["up-right"]
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_a_ball_carrier_hurt_by_a_second_teleport_drops_the_ball_a_turnover():
    """ "the huge strain on his body causes dreadful internal injuries; roll on the injury table
    immediately ... without making an armour roll\" (the rulebook says of the spiked pit's injury
    roll without armour that it \"does cause a turnover if on his turn\": docs/dungeonbowl.md
    reads the strain so)"""
    s = to_first_turn()
    find_ball(s, "p1#2")
    play(s, "p1 pad", "p1 onto-pad 1", "p1 mover p1#2", "chance roll 2", "p1 pad-free")
    play(s, "p1 pad", "p1 onto-pad 2", "p1 mover p1#2", "chance roll 3", "p1 pad-free", "chance roll 2 2")
    assert s.ball == "ground"
    events = play(s, "chance roll 1", "p1 lands")
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_the_strain_of_a_second_teleport_ends_the_turn_of_a_player_without_the_ball():
    """The strain's injury roll on his own turn is a turnover, as a spiked pit's is, ball or none."""
    s = to_first_turn()
    play(s, "p1 pad", "p1 onto-pad 1", "p1 mover p1#4", "chance roll 2", "p1 pad-free")
    events = play(
        s, "p1 pad", "p1 onto-pad 2", "p1 mover p1#4", "chance roll 3", "p1 pad-free", "chance roll 1 2"
    )  # stunned: still an injury
    assert "teleport_strain" in kinds(events)
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_an_opponent_hurt_by_a_second_chain_teleport_is_no_turnover():
    """Turnovers are the moving team's: the opponent's chain victim, teleported twice in this
    turn and hurt, does not end it."""
    s = to_first_turn()
    play(
        s,
        "p1 pad",
        "p1 onto-pad 1",
        "p1 mover p1#3",
        "chance roll 2",
        "p1 occupied p2#5",
        "chance roll 4",
        "p1 pad-free",
    )  # P2 #5 sent from pad 2 to pad 4
    events = play(
        s,
        "p1 pad",
        "p1 onto-pad 5",
        "p1 mover p1#4",
        "chance roll 4",
        "p1 occupied p2#5",
        "chance roll 6",
        "p1 pad-free",
        "chance roll 1 2",
    )  # and again: the strain
    assert [e["player"] for e in events if e["event"] == "teleport_strain"] == ["p2#5"]
    assert "turnover" not in kinds(events) and s.active == "p1" and prompt(s).kind == "turn"
