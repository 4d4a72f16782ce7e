"""The clock: rulebook "TIME", "HALFTIME", "FINAL PLAY OF A HALF, END OF GAME",
"HAIL MARY PASSES" and "OVERTIME"."""

import pytest

from companion.engine.core import IllegalAction
from tests.games.dungeon_ball_table import act, at_down, find, new_game, pass_windows, play_down, snapshot


def run_out_the_clock(g, s):
    """p1's play takes the last time: the next down is the one more play."""
    s.clock = 1
    return play_down(g, s, "red-1", "down", "time ball ball ball cleat cleat")


def test_time_running_out_gives_the_offense_one_more_play():
    g, s = new_game()
    events = run_out_the_clock(g, s)
    assert s.clock == 0 and find(events, "final_play") and s.final_play
    assert g.prompt(s).options == ("p1 run", "p1 hail-mary", "p1 kneel")


def test_final_play_ignores_time_icons_but_they_stay_set_aside():
    g, s = new_game()
    run_out_the_clock(g, s)
    act(g, s, "p1 run", "p2 defend blue-1", "p1 move up", "chance roll time time ball ball ball ball")
    assert g.prompt(s).choice["rerollable"] == [3, 4, 5, 6]
    g.apply(s, "p1 stop")
    events = pass_windows(g, s)
    assert find(events, "time_ignored")[0]["time"] == 2
    assert find(events, "halftime")  # after the one more play, the half is over


def test_halftime_resets_the_clock_returns_half_cards_and_gives_the_ball_to_the_defense_starter():
    g, s = new_game()
    p1 = s.player("p1")
    p1.hand.remove("orc-wall")
    p1.spent_half.append("orc-wall")  # a half card played in the first half
    run_out_the_clock(g, s)
    events = g.apply(s, "p1 kneel")
    assert find(events, "halftime")
    assert (s.half, s.clock) == (2, 29)
    assert (s.offense, s.ball, s.down) == ("p2", 4, 1)  # p2 started on defense
    assert "orc-wall" in p1.hand and not p1.spent_half


def test_hail_mary_five_balls_is_a_touchdown_time_rerollable_no_cards():
    g, s = new_game()
    s.player("p2").momentum = 6
    run_out_the_clock(g, s)
    events = g.apply(s, "p1 hail-mary")
    assert find(events, "hail_mary") and len(s.play.pending) == 5
    g.apply(s, "chance roll ball time ball ball cleat")
    assert g.prompt(s).choice["rerollable"] == [1, 2, 3, 4, 5]  # time icons may be rerolled
    events = act(g, s, "p1 reroll 2 5", "chance roll ball ball")
    assert not find(events, "card") and g.prompt(s).kind == "conversion"  # no ability window
    assert s.player("p1").score == 6
    events = act(g, s, "p1 extra-point", "chance roll ball ball ball ball")
    assert s.player("p1").score == 7 and find(events, "halftime")


def test_hail_mary_incomplete_ends_the_half():
    g, s = new_game()
    run_out_the_clock(g, s)
    events = act(
        g, s, "p1 hail-mary", "chance roll ball ball ball ball time", "p1 reroll 5", "chance roll cleat"
    )
    assert find(events, "hail_mary_incomplete") and find(events, "halftime")
    assert s.player("p1").score == 0


def test_hail_mary_only_on_the_final_play():
    g, s = new_game()
    at_down(g, s, 6, 1)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="only the one more play"):
        g.apply(s, "p1 hail-mary")
    assert snapshot(s) == before


def test_touchdown_on_the_last_play_of_the_clock_then_the_other_team_runs_the_final_play():
    g, s = new_game()
    s.clock, s.ball = 1, 4
    play_down(g, s, "blue-1", "left", "time cleat cleat cleat cleat cleat")
    assert s.clock == 0 and s.player("p1").score == 6
    act(g, s, "p1 extra-point", "chance roll ball ball ball ball")
    assert s.offense == "p2" and s.final_play  # p2 gets the one more play
    assert "p2 hail-mary" in g.prompt(s).options


def test_a_turnover_on_downs_that_takes_the_last_time_gives_the_new_offense_the_final_play():
    """ "the offensive player may choose to run one more play": the offense when time runs out,
    which after a failed fourth down is the other player (docs/dungeon-ball.md, The final play)."""
    g, s = new_game()
    s.clock = 1
    at_down(g, s, s.ball, down=4)
    events = play_down(g, s, "red-1", "down", "time ball ball ball cleat cleat")
    assert [e["event"] for e in events].index("turnover_on_downs") < [e["event"] for e in events].index(
        "final_play"
    )
    assert s.clock == 0 and s.offense == "p2" and s.final_play and s.down == 1
    assert g.prompt(s).options == ("p2 run", "p2 field-goal", "p2 hail-mary", "p2 kneel")


def test_end_of_game_the_most_points_wins():
    g, s = new_game()
    s.half = 2
    s.player("p1").score = 10
    run_out_the_clock(g, s)
    events = g.apply(s, "p1 kneel")
    assert find(events, "game_over") and s.over and s.winner == "p1"
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(s, "p1 kneel")


def tied_at_the_end(g, s):
    s.half = 2
    run_out_the_clock(g, s)
    return g.apply(s, "p1 kneel")


def test_tied_game_goes_to_overtime_with_a_coin_flip_for_the_first_drive():
    g, s = new_game()
    events = tied_at_the_end(g, s)
    assert find(events, "overtime") and s.overtime == 1 and not s.over
    act(g, s, "p1 call heads", "chance coin tails")  # p2 wins the flip
    assert (s.offense, s.ball, s.down) == ("p2", 4, 1)


def test_overtime_one_drive_each_then_another_round_with_the_first_player_alternating():
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")  # p1 has the ball first in round 1
    assert s.offense == "p1"
    at_down(g, s, 15, 4)
    g.apply(s, "p1 punt")  # p1's drive is over
    assert (s.offense, s.ball) == ("p2", 4)  # p2's drive starts on its own circle
    at_down(g, s, 11, 4)
    events = g.apply(s, "p2 punt")
    assert find(events, "overtime")[0]["round"] == 2
    assert s.offense == "p2"  # round 2: the other player starts


def test_overtime_ends_when_a_round_ends_with_a_leader():
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")
    at_down(g, s, 6, 1)
    act(g, s, "p1 field-goal", "chance roll ball ball ball")
    assert s.player("p1").score == 3 and not s.over  # p2 still gets its drive
    assert s.offense == "p2"
    at_down(g, s, 11, 4)
    events = g.apply(s, "p2 punt")
    assert s.over and s.winner == "p1" and find(events, "game_over")


def test_overtime_time_icons_do_not_count_but_cannot_be_rerolled():
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")
    act(g, s, "p2 defend blue-1", "p1 move up", "chance roll time ball ball ball ball ball")
    assert 1 not in g.prompt(s).choice["rerollable"]
    g.apply(s, "p1 stop")
    events = pass_windows(g, s)
    assert find(events, "time_ignored") and not find(events, "clock")


def test_overtime_does_not_refresh_half_cards():
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")
    s.player("p1").momentum = 5
    act(g, s, "p2 defend blue-1", "p1 move up", "chance roll ball ball ball ball ball cleat", "p1 stop")
    act(g, s, "p2 pass")
    s.player("p2").momentum = 5
    # p1 is on offense: its half card Orc Wall is defensive; use p2's view on the next drive.
    assert "orc-wall" in s.player("p1").hand
    s.play.juke_used = True
    g.apply(s, "p1 pass")
    at_down(g, s, 11, 4)
    g.apply(s, "p1 punt")
    act(g, s, "p1 defend red-1", "p2 move up", "chance roll ball ball ball ball ball cleat", "p2 stop")
    act(g, s, "p1 card orc-wall")
    assert "orc-wall" in s.player("p1").discarded and "orc-wall" not in s.player("p1").spent_half


def test_a_short_game_option_sets_both_halves_clock():
    from companion.engine.core import Header
    from tests.games.dungeon_ball_table import engine

    g = engine()
    s = g.new_state(Header("dungeon-ball", options={"clock_start": 3}))
    assert (s.clock, s.clock_start) == (3, 3)
    with pytest.raises(ValueError, match="options.clock_start"):
        g.new_state(Header("dungeon-ball", options={"clock_start": 0}))
    with pytest.raises(ValueError, match="unknown option"):
        g.new_state(Header("dungeon-ball", options={"clock": 3}))


def test_lightning_finishing_a_hail_mary_roll_gives_momentum():
    # [Momentum] every roll the offense finishes counts; "No ability cards" forbids spending only.
    g, s = new_game()
    run_out_the_clock(g, s)
    before = s.player("p1").momentum
    events = act(g, s, "p1 hail-mary", "chance roll ball ball lightning lightning time", "p1 stop")
    gains = [e["gain"] for e in find(events, "momentum") if e["reason"] == "lightning"]
    assert gains == [2] and s.player("p1").momentum == before + 2
    assert find(events, "hail_mary_incomplete")


@pytest.mark.parametrize(("clock", "left"), [(3, 1), (2, 0), (1, 0)])
def test_time_icons_run_the_clock_down_to_zero_and_no_further(clock, left):
    g, s = new_game()
    s.clock = clock
    play_down(g, s, "red-1", "down", "time time ball ball cleat cleat")
    assert s.clock == left
