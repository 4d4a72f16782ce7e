"""TELEPORTING: the d6 sends the player to the pad of that number; an occupied pad teleports
its occupant away (a chain reaction); the pad's own number is lost in space (KO box, a carried
ball scatters from the pad, a turnover); a second teleport in one turn is an injury roll
without an armour roll."""

from pathlib import Path

from companion.packs import CONFIG_DIR
from tests.games.dungeonbowl.table import ENGINE, kinds, play, prompt, to_first_turn

ENGINE_PACK = CONFIG_DIR / "dungeonbowl.toml"


def step_on(s, pad, player):
    play(s, "p1 pad", f"p1 onto-pad {pad}", f"p1 mover {player}")


def test_the_d6_sends_the_player_to_that_pad_and_the_device_asks_if_it_is_occupied():
    s = to_first_turn()
    step_on(s, 3, "p1#4")
    events = play(s, "chance roll 5")
    assert {
        "event": "teleported",
        "player": "p1#4",
        "from": 3,
        "to": 5,
        "dice": [5],
        "times": 1,
        "chain": False,
    } in events
    assert prompt(s).text == "is pad 5 occupied?" and "p1 pad-free" in prompt(s).options
    play(s, "p1 pad-free")
    assert prompt(s).kind == "turn" and not s.turnover and s.teleports == {"p1#4": 1}


def test_an_occupied_pad_sets_off_a_chain_reaction():
    s = to_first_turn()
    step_on(s, 3, "p1#4")
    play(s, "chance roll 5", "p1 occupied p2#2")
    assert prompt(s).text == "teleport P2 #2 from pad 5: d6"
    events = play(s, "chance roll 1")
    assert events[0]["chain"] is True and events[0]["to"] == 1
    play(s, "p1 occupied p1#6")  # and on: pad 1 held P1 #6
    play(s, "chance roll 2", "p1 pad-free")
    assert s.teleports == {"p1#4": 1, "p2#2": 1, "p1#6": 1} and s.stats["chain_reactions"] == 2
    assert prompt(s).kind == "turn"


def test_lost_in_space_goes_to_the_ko_box_without_a_turnover_when_no_ball_is_carried():
    s = to_first_turn()
    step_on(s, 3, "p1#4")
    events = play(s, "chance roll 3")
    assert "lost_in_space" in kinds(events)
    assert s.team("p1").where["4"] == "ko" and not s.turnover and s.active == "p1"


def test_lost_in_space_with_the_ball_scatters_it_from_the_pad_and_is_a_turnover():
    s = to_first_turn()
    play(s, "p1 chest", "p1 open 1", "p1 opener p1#4", "chance open ball", "p1 holder", "p1 holds p1#4")
    step_on(s, 6, "p1#4")
    play(s, "chance roll 6")
    assert s.team("p1").where["4"] == "ko" and s.ball == "ground"
    assert prompt(s).text == "ball scatters from pad 6: d8"
    play(s, "chance roll 2")
    events = play(s, "p1 lands")
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_a_second_teleport_in_the_turn_is_an_injury_roll_without_armour():
    s = to_first_turn()
    step_on(s, 1, "p1#4")
    play(s, "chance roll 2", "p1 pad-free")
    step_on(s, 2, "p1#4")
    events = play(s, "chance roll 4")
    assert events[0]["times"] == 2
    events = play(s, "p1 pad-free")
    assert "teleport_strain" in kinds(events)
    assert prompt(s).kind == "injury"  # no armour value asked, no armour roll
    play(s, "chance roll 4 5")  # 9: KO
    assert s.team("p1").where["4"] == "ko" and s.stats.get("armour_rolls", 0) == 0


def test_a_chain_victim_teleported_twice_is_injured_too():
    s = to_first_turn()
    step_on(s, 1, "p1#4")
    play(s, "chance roll 2", "p1 occupied p2#1", "chance roll 3", "p1 pad-free")  # P2 #1 to pad 3
    step_on(s, 4, "p1#5")
    play(s, "chance roll 3", "p1 occupied p2#1", "chance roll 5")  # P2 #1 again
    play(s, "p1 pad-free")
    assert prompt(s).text == "injury P2 #1: 2d6"


def test_the_teleport_count_starts_again_each_turn():
    s = to_first_turn()
    step_on(s, 1, "p1#4")
    play(s, "chance roll 2", "p1 pad-free", "p1 end-turn", "p2 end-turn")
    step_on(s, 2, "p1#4")
    play(s, "chance roll 1", "p1 pad-free")
    assert s.teleports == {"p1#4": 1} and prompt(s).kind == "turn"


def test_a_pack_may_make_every_loss_in_space_a_turnover(tmp_path):
    import msgspec

    from companion.games.dungeonbowl.engine import Dungeonbowl

    assert ENGINE.pack.teleport.lost_in_space_turnover == "ball"  # the rulebook's reading
    strict = Dungeonbowl(
        loaded=msgspec.structs.replace(
            ENGINE.pack,
            teleport=msgspec.structs.replace(ENGINE.pack.teleport, lost_in_space_turnover="always"),
        )
    )
    s = to_first_turn()
    for action in ("p1 pad", "p1 onto-pad 3", "p1 mover p1#4", "chance roll 3"):
        events = strict.apply(s, action)
    assert "turnover" in kinds(events) and s.active == "p2"
    bad = tmp_path / "bad.toml"
    bad.write_text(
        Path(ENGINE_PACK)
        .read_text()
        .replace('lost_in_space_turnover = "ball"', 'lost_in_space_turnover = "never"')
    )
    try:
        Dungeonbowl(str(bad))
    except ValueError as exc:
        assert "teleport.lost_in_space_turnover" in str(exc)
    else:
        raise AssertionError("a bad value was accepted")
