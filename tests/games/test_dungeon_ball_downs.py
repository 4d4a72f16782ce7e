"""A down: rulebook "ON A TURN" steps 1-9, "TIME", and both of its examples."""

import pytest

from companion.engine.core import IllegalAction
from tests.games.dungeon_ball_table import act, find, new_game, pass_windows, play_down, snapshot


def test_rulebook_example_yellow_play_met_once_by_three_balls():
    g, s = new_game()
    # p1 attacks the low end from 22; the yellow spaces ahead are 20, 18, 15, ...
    events = play_down(g, s, "red-1", "down", "ball ball ball cleat lightning lightning")
    result = find(events, "play_result")[0]
    assert result["colour"] == "yellow" and result["met"] == 1
    assert s.ball == 20  # the next yellow space, once
    assert s.down == 2


def test_rulebook_example_blue_play_met_twice_by_six_balls():
    g, s = new_game()
    events = play_down(g, s, "yellow-2", "up", "ball ball ball ball ball ball time")
    assert find(events, "reveal")[0]["dice"] == 7  # no match: five plus the card's two
    result = find(events, "play_result")[0]
    assert result["colour"] == "blue" and result["met"] == 2
    assert s.ball == 16  # blue spaces ahead of 22: 21, then 16
    assert s.clock == 28  # one time icon


def test_red_play_moves_once_per_cleat():
    g, s = new_game()
    play_down(g, s, "blue-1", "left", "cleat cleat ball ball time lightning")
    assert s.ball == 17  # reds ahead of 22: 19, 17


def test_requirement_not_met_leaves_the_ball():
    g, s = new_game()
    events = play_down(g, s, "blue-1", "down", "ball cleat time time lightning lightning")
    assert find(events, "play_result")[0]["met"] == 0
    assert s.ball == 22 and s.clock == 27 and s.down == 2


def test_colour_match_costs_dice_and_earns_the_defense_momentum():
    g, s = new_game()
    act(g, s, "p2 defend yellow-2", "p1 move down")  # yellow play, yellow card
    assert s.play.matched
    assert len(s.play.dice) == 3  # five less the card's two
    assert s.player("p2").momentum == 5


def test_no_match_adds_dice_and_no_momentum():
    g, s = new_game()
    act(g, s, "p2 defend red-1", "p1 move down")
    assert not s.play.matched and len(s.play.dice) == 6
    assert s.player("p2").momentum == 4


def test_the_pawn_never_stays_nor_moves_diagonally():
    g, s = new_game()
    g.apply(s, "p2 defend red-1")
    before = snapshot(s)
    for bad in ("p1 move-to b2", "p1 move-to a1", "p1 move upleft", "p1 move"):
        with pytest.raises(IllegalAction) as err:
            g.apply(s, bad)
        assert "On a turn, 2" in err.value.rule
        assert snapshot(s) == before
    g.apply(s, "p1 move up")
    assert s.player("p1").pawn == "a2"


def test_pawn_at_an_edge_cannot_move_off_the_board():
    g, s = new_game()
    play_down(g, s, "red-1", "up", "ball*")
    g.apply(s, "p2 defend red-1")
    assert "p1 move up" not in g.prompt(s).options
    with pytest.raises(IllegalAction, match="cannot move up"):
        g.apply(s, "p1 move up")


def test_time_icons_are_set_aside_and_never_rerolled():
    g, s = new_game()
    act(g, s, "p2 defend red-1", "p1 move down", "chance roll time ball ball cleat lightning lightning")
    assert s.play.locked == [True, False, False, False, False, False]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="time icons cannot be rerolled"):
        g.apply(s, "p1 reroll 1 4")
    assert snapshot(s) == before
    assert g.prompt(s).choice["rerollable"] == [2, 3, 4, 5, 6]


def test_at_most_two_rolls_keeping_any_dice():
    g, s = new_game()
    act(g, s, "p2 defend red-1", "p1 move down", "chance roll ball ball cleat cleat lightning lightning")
    act(g, s, "p1 reroll 3 4", "chance roll ball time")
    assert s.play.dice == ["ball", "ball", "ball", "time", "lightning", "lightning"]
    assert g.prompt(s).kind != "keep"  # no third roll
    assert s.play.rolls == 2


def test_reroll_must_name_dice_that_exist():
    g, s = new_game()
    act(g, s, "p2 defend red-1", "p1 move down", "chance roll ball ball cleat cleat lightning lightning")
    before = snapshot(s)
    for bad, why in (
        ("p1 reroll 9", "cannot be chosen"),
        ("p1 reroll 2 2", "named twice"),
        ("p1 reroll x", "not a die position"),
        ("p1 reroll", "say 'reroll'"),
    ):
        with pytest.raises(IllegalAction, match=why):
            g.apply(s, bad)
        assert snapshot(s) == before


def test_chance_outcomes_are_checked_against_the_die():
    g, s = new_game()
    act(g, s, "p2 defend red-1", "p1 move down")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="not a face of the white die"):
        g.apply(s, "chance roll ball ball ball ball ball skull")
    with pytest.raises(IllegalAction, match="expected 6 value"):
        g.apply(s, "chance roll ball ball")
    assert snapshot(s) == before


def test_lightning_showing_at_the_end_of_the_roll_gives_momentum():
    g, s = new_game()
    events = play_down(g, s, "red-1", "down", "lightning lightning ball ball cleat time")
    gains = [e for e in find(events, "momentum") if e["reason"] == "lightning"]
    assert gains == [{"event": "momentum", "player": "p1", "gain": 2, "reason": "lightning"}]


def test_lightning_rerolled_away_gives_nothing():
    g, s = new_game()
    events = play_down(g, s, "red-1", "down", "lightning ball ball ball cleat time", keep="1", second="ball")
    assert not [e for e in find(events, "momentum") if e["reason"] == "lightning"]


def test_fourth_down_failure_is_a_turnover_at_the_spot():
    g, s = new_game()
    # Yellow and blue plays rolling only cleats: no progress, four times.
    for move in ("down", "left", "right"):
        play_down(g, s, "red-1", move, "cleat*")
    assert s.down == 4 and s.ball == 22
    pass_windows(g, s)
    assert g.prompt(s).options == ("p1 run", "p1 punt")
    events = play_down(g, s, "red-1", "left", "cleat*")
    assert find(events, "turnover_on_downs")
    assert s.offense == "p2" and s.ball == 22 and s.down == 1
    assert [p.momentum for p in s.players] == [5, 5]  # a new drive: one each


@pytest.mark.parametrize(("extra", "fewer", "dice"), [(9, 0, 7), (0, 9, 1), (0, 6, 1), (1, 0, 7), (0, 1, 5)])
def test_a_play_rolls_at_least_one_die_and_at_most_the_seven_in_the_box(extra, fewer, dice):
    g, s = new_game()
    pass_windows(g, s)
    s.mods.extra_dice, s.mods.fewer_dice = extra, fewer  # as whistle cards would leave them
    act(g, s, "p2 defend red-1", "p1 move down")
    assert len(s.play.dice) == len(s.play.pending) == dice


def test_the_ball_moves_back_by_its_spaces_but_never_onto_the_offenses_final_spaces():
    g, _ = new_game()
    field = g.field
    first, last = field.final, field.n - 1 - field.final  # the spaces just off each end's final ones
    for pos in range(first, last + 1):
        for spaces in (1, 2, 3):
            # attacking high, back is toward the low end; attacking low, toward the high end
            high, low = field.move_back(pos, spaces, "high"), field.move_back(pos, spaces, "low")
            assert high == (pos - spaces if pos - spaces >= first else first), (pos, spaces)
            assert low == (pos + spaces if pos + spaces <= last else last), (pos, spaces)
