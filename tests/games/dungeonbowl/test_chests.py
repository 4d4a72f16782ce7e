"""OPENING TREASURE CHESTS: the content is a device draw from the chests still closed, made
when the chest opens; the ball appears there, or the chest explodes, knocking over the opener
and every adjacent player (armour rolls), and the turn ends in a turnover."""

from companion.engine.core import DEVICE
from tests.games.dungeonbowl.table import ENGINE, kinds, play, prompt, refused, to_first_turn


def open_chest(s, chest, opener):
    play(s, "p1 chest", f"p1 open {chest}", f"p1 opener {opener}")


def test_the_chest_is_a_device_draw_from_the_closed_chests_made_when_it_opens():
    s = to_first_turn()
    open_chest(s, 3, "p1#2")
    p = prompt(s)
    assert p.is_chance and p.chance.by == DEVICE and p.chance.unseeded
    assert sorted(p.chance.faces) == ["ball"] + ["blast"] * 5  # six closed chests, one ball
    assert all(c.state == "closed" for c in s.chests)  # nothing decided yet


def test_the_ball_appears_in_the_chest_and_the_turn_goes_on():
    s = to_first_turn()
    open_chest(s, 3, "p1#2")
    events = play(s, "chance open ball")
    assert {"event": "chest_opened", "chest": 3, "player": "p1#2", "content": "ball"} in events
    assert s.chests[2].state == "ball" and s.ball == "ground"
    assert prompt(s).kind == "turn" and s.active == "p1" and not s.turnover
    # once the ball is found, every closed chest can only explode
    open_chest(s, 1, "p1#2")
    assert set(prompt(s).chance.faces) == {"blast"}
    refused(s, "chance open ball", "'ball' is not a face", "OPENING TREASURE CHESTS")


def test_an_explosion_knocks_over_the_opener_and_the_adjacent_players_then_a_turnover():
    s = to_first_turn()
    open_chest(s, 4, "p1#1")
    events = play(s, "chance open blast")
    assert s.chests[3].state == "blast" and prompt(s).kind == "adjacent"
    events = play(s, "p1 adjacent p2#3 p1#5")
    knocked = [e["player"] for e in events if e["event"] == "knocked_down"]
    assert set(knocked) == {"p1#1", "p2#3", "p1#5"}
    # armour rolls, the opener's first: each asks the owner for the armour value
    assert prompt(s).kind == "armour_value" and prompt(s).text == "AV of P1 #1?"
    play(s, "p1 av 8", "chance roll 4 4")  # 8 is not more than 8: the armour holds
    assert prompt(s).text == "AV of P2 #3?"
    play(s, "p2 av 9", "chance roll 5 5")  # 10 > 9: broken, an injury roll
    assert prompt(s).kind == "injury"
    play(s, "chance roll 3 3")  # 6: stunned, he stays in the dungeon
    assert s.team("p2").where["3"] == "dungeon"
    events = play(s, "p1 av 7", "chance roll 1 1")  # P1 #5 holds; then the turnover
    assert kinds(events)[-2:] == ["turnover", "turn"] and s.active == "p2"


def test_an_explosion_with_nobody_adjacent_still_ends_the_turn():
    s = to_first_turn()
    open_chest(s, 1, "p1#1")
    play(s, "chance open blast", "p1 nobody", "p1 av 8")
    events = play(s, "chance roll 2 3")
    assert "turnover" in kinds(events) and s.active == "p2"


def test_a_chest_already_open_is_refused_and_nothing_changes():
    s = to_first_turn()
    open_chest(s, 2, "p1#1")
    play(s, "chance open ball")
    play(s, "p1 chest")
    refused(s, "p1 open 2", "chest 2 is already open", "OPENING TREASURE CHESTS")
    refused(s, "p1 open 9", "there is no chest 9", "OPENING TREASURE CHESTS")


def test_the_last_closed_chest_holds_the_ball_after_five_explosions():
    s = to_first_turn()
    for chest in range(1, 6):
        seat = s.active
        play(
            s,
            f"{seat} chest",
            f"{seat} open {chest}",
            f"{seat} opener {seat}#1",
            "chance open blast",
            f"{seat} nobody",
            f"{seat} av 11",
            "chance roll 1 1",
        )
    seat = s.active
    play(s, f"{seat} chest", f"{seat} open 6", f"{seat} opener {seat}#1")
    assert prompt(s).chance.faces == ("ball",)
    play(s, "chance open ball")
    assert s.ball == "ground" and ENGINE.summary(s)["chests_closed"] == 0


def test_the_draw_is_fair_the_ball_is_equally_likely_in_any_opening_order():
    """Drawing from the closed chests at each opening puts the ball at the k-th opening with
    probability 1/6 for every k, as shuffled counters would."""
    from types import SimpleNamespace

    from companion.engine.dice import SeededDice
    from companion.games.dungeonbowl.events import chest_spec

    dice = SeededDice(5)
    found_at = [0] * 6
    games = 6000
    for _ in range(games):
        chests = ["closed"] * 6
        for k in range(6):
            state = SimpleNamespace(chests=[SimpleNamespace(state=c) for c in chests])
            outcome = dice.draw(chest_spec(ENGINE, state))[0]
            chests[k] = outcome
            if outcome == "ball":
                found_at[k] += 1
                break
    assert sum(found_at) == games
    assert all(abs(n / games - 1 / 6) < 0.025 for n in found_at), found_at
