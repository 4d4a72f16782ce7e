"""Scoring: rulebook "PUNTING", "SCORING", "FIELD GOALS", "EXTRA POINTS", "HOW TO KICK",
"TWO-POINT CONVERSIONS" and "ONSIDE KICKS". p1 attacks the low end zone (finals 0-2);
p2 defends it and restarts on its football circle at space 4."""

import pytest

from companion.engine.core import IllegalAction
from tests.games.dungeon_ball_table import act, at_down, find, new_game, pass_windows, play_down, snapshot


def touchdown_from_4(g, s):
    """A red play from space 4: the next red space is the final space 2."""
    s.ball = 4
    return play_down(g, s, "blue-1", "left", "cleat*")


def test_touchdown_on_a_final_space_is_six_and_asks_for_the_conversion():
    g, s = new_game()
    events = touchdown_from_4(g, s)
    assert find(events, "play_result")[0]["touchdown"] and s.ball == 2
    assert s.player("p1").score == 6 and s.stats["p1"]["touchdowns"] == 1
    assert g.prompt(s).options == ("p1 extra-point", "p1 two-point")


def test_touchdown_when_no_space_of_the_colour_is_left_ahead():
    g, _ = new_game()
    # "or what would be beyond": a field whose last blue space is behind the ball.
    field = g.field
    assert field.advance(3, "blue", "low") == (0, True)  # lands on the final blue space
    assert field.advance(14, "red", "low") == (12, False)
    assert field.advance(25, "red", "high") == (26, True)  # no red ahead of 25: beyond


def test_luck_extra_point_is_four_dice_any_ball():
    g, s = new_game()
    touchdown_from_4(g, s)
    events = g.apply(s, "p1 extra-point")
    assert find(events, "kick")[0]["dice"] == 4
    events = g.apply(s, "chance roll time cleat lightning ball")
    assert find(events, "kick_result")[0]["good"] and s.player("p1").score == 7
    assert (s.offense, s.ball, s.down) == ("p2", 4, 1)  # new drive from p2's circle


def test_missed_extra_point_still_gives_the_ball_away():
    g, s = new_game()
    touchdown_from_4(g, s)
    act(g, s, "p1 extra-point", "chance roll time cleat lightning cleat")
    assert s.player("p1").score == 6 and (s.offense, s.ball) == ("p2", 4)


def test_skill_extra_point_takes_the_toss_verdict():
    g, s = new_game(kicking=("skill", "luck"))
    touchdown_from_4(g, s)
    g.apply(s, "p1 extra-point")
    p = g.prompt(s)
    assert p.is_chance and p.chance.verb == "toss" and p.chance.faces == ("good", "no-good")
    g.apply(s, "chance toss no-good")
    assert s.player("p1").score == 6 and s.offense == "p2"


def test_two_point_conversion_is_a_play_from_the_opponents_circle_from_the_same_pawn():
    g, s = new_game()
    touchdown_from_4(g, s)  # scored with the pawn on b1
    g.apply(s, "p1 two-point")
    assert s.ball == 4 and s.conversion
    pass_windows(g, s)
    g.apply(s, "p2 defend blue-1")
    assert set(g.prompt(s).options) == {"p1 move up", "p1 move down", "p1 move right"}  # from b1
    act(g, s, "p1 move right", "chance roll cleat ball ball ball ball ball", "p1 stop")
    pass_windows(g, s)
    assert s.player("p1").score == 8 and s.stats["p1"]["touchdowns"] == 1 and s.stats["p1"]["two_points"] == 1
    assert (s.offense, s.ball, s.down) == ("p2", 4, 1)


def test_failed_two_point_conversion():
    g, s = new_game()
    touchdown_from_4(g, s)
    g.apply(s, "p1 two-point")
    events = play_down(g, s, "blue-1", "right", "ball*")
    assert find(events, "two_point_failed")
    assert s.player("p1").score == 6 and s.offense == "p2"


def test_field_goal_only_from_on_or_past_the_circle():
    g, s = new_game()
    at_down(g, s, 8, 4)
    assert g.prompt(s).options == ("p1 run", "p1 punt")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="field-goal circle"):
        g.apply(s, "p1 field-goal")
    assert snapshot(s) == before
    at_down(g, s, 7, 1)  # on the circle, first down: instead of a play
    assert g.prompt(s).options == ("p1 run", "p1 field-goal")


@pytest.mark.parametrize("ball, dice", [(7, 3), (5, 3), (3, 4)])
def test_luck_field_goal_dice_are_five_less_the_red_spaces_to_the_posts(ball, dice):
    g, s = new_game()
    at_down(g, s, ball)
    events = g.apply(s, "p1 field-goal")
    assert find(events, "kick")[0]["dice"] == dice
    assert len(s.play.pending) == dice


def test_good_field_goal_is_three_and_the_defense_restarts_from_its_circle():
    g, s = new_game()
    at_down(g, s, 6)
    act(g, s, "p1 field-goal", "chance roll time cleat ball")
    assert s.player("p1").score == 3 and s.stats["p1"]["field_goals"] == 1
    assert (s.offense, s.ball, s.down) == ("p2", 4, 1)


def test_missed_field_goal():
    g, s = new_game()
    at_down(g, s, 6)
    act(g, s, "p1 field-goal", "chance roll time cleat lightning")
    assert s.player("p1").score == 0 and (s.offense, s.ball) == ("p2", 4)


def test_punt_only_on_fourth_down_to_the_opponents_starting_space():
    g, s = new_game()
    at_down(g, s, 7, 3)
    with pytest.raises(IllegalAction, match="fourth down only"):
        g.apply(s, "p1 punt")
    at_down(g, s, 15, 4)
    events = g.apply(s, "p1 punt")
    assert find(events, "punt") and (s.offense, s.ball, s.down) == ("p2", 4, 1)


def late_trailing_touchdown(g, s, clock=5, p2_score=14, half=2):
    s.half, s.clock = half, clock
    s.player("p2").score = p2_score
    touchdown_from_4(g, s)
    act(g, s, "p1 extra-point", "chance roll ball ball ball ball")


def test_onside_kick_recovered_keeps_the_ball_at_midfield():
    g, s = new_game()
    late_trailing_touchdown(g, s)
    assert g.prompt(s).options == ("p1 onside-kick", "p1 kick-off")
    act(g, s, "p1 onside-kick", "chance roll ball ball ball time ball")
    assert g.prompt(s).choice["rerollable"] == [1, 2, 3, 4, 5]  # time may be rerolled here
    act(g, s, "p1 reroll 4", "chance roll ball")
    assert (s.offense, s.ball, s.down, s.clock) == ("p1", 13, 1, 5)


def test_onside_kick_failed_costs_a_time_and_gives_the_ball_at_midfield():
    g, s = new_game()
    late_trailing_touchdown(g, s)
    act(
        g,
        s,
        "p1 onside-kick",
        "chance roll ball cleat ball time ball",
        "p1 reroll 2 4",
        "chance roll ball cleat",
    )
    assert (s.offense, s.ball, s.clock) == ("p2", 13, 4)


@pytest.mark.parametrize("clock, p2_score, half", [(6, 14, 2), (5, 3, 2), (5, 14, 1)])
def test_no_onside_kick_unless_late_in_the_second_half_and_losing(clock, p2_score, half):
    g, s = new_game()
    late_trailing_touchdown(g, s, clock, p2_score, half)
    assert g.prompt(s).kind != "onside_choice"
    assert (s.offense, s.ball) == ("p2", 4)


def lightning_gains(events, player="p1"):
    return [
        e["gain"] for e in find(events, "momentum") if e["reason"] == "lightning" and e["player"] == player
    ]


def test_lightning_on_a_luck_extra_point_gives_momentum():
    # [Momentum] "On offense, gain one every time you finish a roll with a lightning icon showing."
    g, s = new_game()
    touchdown_from_4(g, s)
    before = s.player("p1").momentum
    events = act(g, s, "p1 extra-point", "chance roll time cleat lightning lightning")
    assert lightning_gains(events) == [2] and s.player("p1").momentum == before + 2


def test_lightning_on_a_luck_field_goal_gives_momentum():
    g, s = new_game()
    at_down(g, s, 6)
    events = act(g, s, "p1 field-goal", "chance roll time lightning ball")
    assert lightning_gains(events) == [1] and s.player("p1").score == 3


def test_lightning_on_an_onside_kick_goes_to_the_kicking_side():
    g, s = new_game()
    late_trailing_touchdown(g, s)
    events = act(g, s, "p1 onside-kick", "chance roll ball lightning ball time ball", "p1 stop")
    assert lightning_gains(events) == [1] and not lightning_gains(events, "p2")


def test_a_skill_kick_rolls_no_dice_and_gives_no_lightning():
    g, s = new_game(kicking=("skill", "luck"))
    touchdown_from_4(g, s)
    events = act(g, s, "p1 extra-point", "chance toss good")
    assert lightning_gains(events) == []
