"""Armour and injury by the pack's edition (LRB6): armour breaks on more than the armour value;
2-7 stunned, 8-9 KO, 10-12 casualty (a D68); Regeneration on 4+ goes to the KO box; Igor
re-rolls a failed Regeneration; the apothecary sends a KO'd player to the reserves and re-rolls
a casualty (badly hurt: to the reserves)."""

from tests.games.dungeonbowl.table import ENGINE, new, play, prompt, refused, to_first_turn


def hurt(s, target="p2#2"):
    """Push ``target`` into a wall and break his armour: the injury roll is next."""
    play(s, "p1 wall", f"p1 pushed {target}", f"{target[:2]} av 7", "chance roll 4 4")


def test_the_pack_names_the_edition():
    assert "Living Rulebook 6" in ENGINE.pack.pack.edition
    assert ENGINE.public_view(to_first_turn(), None)["edition"] == ENGINE.pack.pack.edition


def test_armour_breaks_only_on_more_than_the_armour_value():
    s = to_first_turn()
    play(s, "p1 wall", "p1 pushed p2#2", "p2 av 8")
    events = play(s, "chance roll 4 4")
    assert [e["broken"] for e in events if e["event"] == "armour"] == [False]
    play(s, "p1 wall", "p1 pushed p2#2", "p2 av 8")
    events = play(s, "chance roll 4 5")
    assert [e["broken"] for e in events if e["event"] == "armour"] == [True]


def test_the_injury_table():
    for dice, box in (("3 4", "dungeon"), ("4 4", "ko"), ("5 4", "ko"), ("5 5", None)):
        s = to_first_turn()
        hurt(s)
        play(s, f"chance roll {dice}")
        if box is None:
            assert prompt(s).kind == "casualty"
        else:
            assert s.team("p2").where["2"] == box and prompt(s).kind == "turn"


def test_a_casualty_goes_to_the_casualty_box_with_its_d68_result():
    s = to_first_turn(regeneration="p2")
    hurt(s)
    play(s, "chance roll 6 6", "chance roll 6 1")
    assert prompt(s).options == ("p2 regenerate", "p2 accept")  # no apothecary bought
    play(s, "p2 accept")
    assert s.team("p2").where["2"] == "cas" and s.team("p2").hurt == {"2": "dead"}


def test_a_team_with_no_apothecary_and_no_regeneration_is_asked_nothing():
    """The question was put to every team, Regeneration or not ("P2 #2 dead: regenerate or
    accept?"); a team with neither has no choice to make: the casualty stands."""
    s = to_first_turn()
    hurt(s)
    events = play(s, "chance roll 6 6", "chance roll 6 1")
    assert prompt(s).kind == "turn" and s.team("p2").where["2"] == "cas"
    assert {"event": "treat", "player": "p2#2", "choice": "accept"} in events
    s = to_first_turn(regeneration="p1", inducements=["p1 buy apothecary"])  # P1's, not P2's
    hurt(s)
    play(s, "chance roll 6 6", "chance roll 6 1")
    assert prompt(s).kind == "turn" and s.team("p2").where["2"] == "cas"


def test_only_the_team_with_regeneration_is_offered_it_and_its_own_coach_is_asked():
    for regen, offered in (("p2", True), ("both", True), ("p1", False), ("none", False)):
        s = to_first_turn(regeneration=regen)
        s.team("p2").apothecaries = 1
        hurt(s)
        play(s, "chance roll 6 6", "chance roll 6 1")
        p = prompt(s)
        assert p.actor == "p2" and ("p2 regenerate" in p.options) == offered, regen  # P2's player, P2 decides


def test_regeneration_on_4_or_more_goes_to_the_ko_box():
    s = to_first_turn(regeneration="p2")
    hurt(s)
    play(s, "chance roll 6 6", "chance roll 2 3", "p2 regenerate", "chance roll 4")
    assert s.team("p2").where["2"] == "ko"


def test_igor_rerolls_a_failed_regeneration_once():
    s = to_first_turn(regeneration="both")
    s.team("p2").igors = 1
    hurt(s)
    play(s, "chance roll 6 6", "chance roll 2 3", "p2 regenerate", "chance roll 3")
    assert prompt(s).options == ("p2 igor", "p2 accept")
    play(s, "p2 igor", "chance roll 3")  # nothing left to try: no question
    assert prompt(s).kind == "turn" and s.team("p2").igors == 0
    assert s.team("p2").where["2"] == "cas"


def test_the_apothecary_sends_a_ko_to_the_reserves():
    s = to_first_turn()
    s.team("p2").apothecaries = 1
    hurt(s)
    play(s, "chance roll 4 4")
    assert prompt(s).options == ("p2 apothecary", "p2 accept")
    play(s, "p2 apothecary")
    assert s.team("p2").where["2"] == "reserves" and s.team("p2").apothecaries == 0


def test_the_apothecary_rerolls_a_casualty_and_badly_hurt_goes_to_the_reserves():
    s = to_first_turn(inducements=["p1 buy apothecary"], regeneration="p1")
    play(s, "p1 end-turn")
    play(s, "p2 wall", "p2 pushed p1#2", "p1 av 7", "chance roll 4 4", "chance roll 6 6", "chance roll 6 2")
    assert prompt(s).options == ("p1 apothecary", "p1 regenerate", "p1 accept")
    play(s, "p1 apothecary", "chance roll 1 1")
    assert prompt(s).options == ("p1 keep first", "p1 keep second")
    refused(s, "p1 keep third", "not a legal choice", "INJURED PLAYERS")
    play(s, "p1 keep second")
    assert s.team("p1").where["2"] == "reserves"


def test_the_teams_with_regeneration_are_a_checked_option():
    import pytest

    with pytest.raises(ValueError, match="options.regeneration: the teams with Regeneration players"):
        new(regeneration="p3")


def test_inducement_caps_are_refused_with_the_rule():
    s = new()
    play(s, "chance roll 5 2", "p1 end-zone left", "p1 buy pits", "p1 buy pits", "p1 buy pits", "p1 buy pits")
    assert s.team("p1").extra_pits == 8
    refused(s, "p1 buy pits", "at most 8 extra pit counters per coach", "INDUCEMENTS")
    play(s, "p1 buy igor")
    refused(s, "p1 buy igor", "at most 1 Igor", "INDUCEMENTS")
