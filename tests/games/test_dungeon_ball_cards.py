"""Ability cards, Juke and Big Hit: rulebook "MOMENTUM", "ABILITY CARDS", "WHEN TO PLAY A CARD",
"ABILITIES" and "PLAYER BOARD ABILITIES"."""

import pytest

from companion.engine.core import IllegalAction
from tests.games.dungeon_ball_table import act, find, new_game, pass_windows, play_down, snapshot


def roll_yellow(g, s, faces="ball ball ball cleat lightning time"):
    """p1 runs a yellow play against a red card (six dice) and stops after the first roll."""
    pass_windows(g, s)
    act(g, s, "p2 defend red-1", "p1 move down", f"chance roll {faces}", "p1 stop")


def test_defense_acts_first_then_the_offense_and_a_decline_ends_the_window():
    g, s = new_game()
    roll_yellow(g, s)
    p = g.prompt(s)
    assert p.actor == "p2" and p.kind == "ability_window"
    assert {"p2 card gob-tripwire", "p2 card gob-swarm", "p2 big-hit push", "p2 pass"} <= set(p.options)
    g.apply(s, "p2 pass")  # the defense's opening decline ...
    assert g.prompt(s).actor == "p1"  # ... still gives the offense its chance
    events = g.apply(s, "p1 pass")
    assert find(events, "play_result")  # window over: the ball moved
    assert s.ball == 20


def test_players_alternate_and_nobody_plays_two_in_a_row():
    g, s = new_game()
    roll_yellow(g, s, "ball ball cleat cleat lightning time")  # two balls: yellow met once
    g.apply(s, "p2 card gob-tripwire")
    p = g.prompt(s)
    assert p.kind == "pick" and p.actor == "p2"
    g.apply(s, "p2 pick 1")  # discards a ball: yellow no longer met
    assert g.prompt(s).actor == "p1"  # the offense's turn, not the defense's again
    g.apply(s, "p1 card orc-smash")  # a cleat does not help a yellow play
    assert g.prompt(s).actor == "p2"
    events = g.apply(s, "p2 pass")  # any later decline ends the window
    assert find(events, "play_result")[0]["met"] == 0
    assert s.ball == 22
    assert s.player("p2").momentum == 4 - 2 and s.player("p1").momentum == 4 + 1 - 2


def test_after_the_defense_declines_and_offense_plays_the_defense_may_answer():
    g, s = new_game()
    roll_yellow(g, s)
    act(g, s, "p2 pass", "p1 card orc-smash")
    assert g.prompt(s).actor == "p2"
    assert "p2 card gob-tripwire" in g.prompt(s).options


def test_a_card_costs_its_momentum_and_is_refused_when_unaffordable():
    g, s = new_game()
    s.player("p2").momentum = 1
    roll_yellow(g, s, "ball ball ball cleat time time")
    # p2 can afford nothing, so it declines without being asked.
    assert g.prompt(s).actor == "p1"
    s.player("p1").momentum = 1
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="costs 2 momentum and p1 has 1"):
        g.apply(s, "p1 card orc-smash")
    assert snapshot(s) == before


def test_offense_may_only_play_offense_cards():
    g, s = new_game()
    roll_yellow(g, s)
    g.apply(s, "p2 pass")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="Crunch is a defense card and p1 is on offense"):
        g.apply(s, "p1 card orc-crunch")
    assert snapshot(s) == before


def test_star_cards_once_a_game():
    g, s = new_game()
    s.player("p1").momentum = 8
    s.player("p2").momentum = 0
    roll_yellow(g, s, "ball cleat cleat cleat time time")
    g.apply(s, "p1 card orc-bullrush")  # two ball icons: yellow met once (3 balls)
    assert "orc-bullrush" in s.player("p1").discarded
    assert s.ball == 20
    pass_windows(g, s)
    act(g, s, "p2 defend blue-1", "p1 move up", "chance roll ball ball ball ball cleat time", "p1 stop")
    with pytest.raises(IllegalAction, match="has been discarded"):
        g.apply(s, "p1 card orc-bullrush")


def test_juke_rerolls_one_die_once_per_play():
    g, s = new_game()
    roll_yellow(g, s, "ball cleat cleat cleat lightning time")
    g.apply(s, "p2 pass")
    g.apply(s, "p1 juke")
    p = g.prompt(s)
    assert p.kind == "pick" and p.choice["eligible"] == [1, 2, 3, 4, 5]  # not the time die
    with pytest.raises(IllegalAction, match="choose 1 die"):
        g.apply(s, "p1 pick 2 3")
    act(g, s, "p1 pick 2", "chance roll ball")
    assert s.play.dice[1] == "ball" and s.play.juke_used
    g.apply(s, "p2 card gob-tripwire")
    g.apply(s, "p2 pick 3")
    assert g.prompt(s).actor == "p1"
    assert "p1 juke" not in g.prompt(s).options
    with pytest.raises(IllegalAction, match="once per play"):
        g.apply(s, "p1 juke")


def test_big_hit_pushes_the_ball_back_before_it_moves_forward():
    g, s = new_game()
    roll_yellow(g, s)  # three balls: yellow met once
    events = g.apply(s, "p2 big-hit push")
    # Two spaces back would reach p1's own final spaces (24-26): the push stops at 23.
    assert find(events, "ball_moved_back")[0] == {"event": "ball_moved_back", "from": 22, "to": 23}
    g.apply(s, "p1 pass")
    assert s.ball == 20  # from 23 the next yellow space ahead is 20
    assert s.player("p2").momentum == 2


def test_big_hit_discards_one_offense_die_but_never_a_time_die():
    g, s = new_game()
    roll_yellow(g, s, "ball ball ball time lightning lightning")
    g.apply(s, "p2 big-hit discard")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="cannot be chosen"):
        g.apply(s, "p2 pick 4")
    assert snapshot(s) == before
    g.apply(s, "p2 pick 1")
    assert s.play.gone[0]
    events = g.apply(s, "p1 pass")
    assert find(events, "play_result")[0]["met"] == 1  # two balls left: still met once


def test_whistle_cards_only_in_the_whistle_window():
    g, s = new_game(p1_team="goblins", p2_team="orcs")
    p = g.prompt(s)  # before the play: the whistle window
    assert p.kind == "whistle_window" and p.actor == "p2"
    assert "p2 card orc-grind" in p.options and "p2 card orc-crunch" not in p.options
    with pytest.raises(IllegalAction, match="after the offense rolls"):
        g.apply(s, "p2 card orc-crunch")
    g.apply(s, "p2 card orc-grind")
    assert s.clock == 27 and "orc-grind" in s.player("p2").spent_half
    g.apply(s, "p1 card gob-hurry")  # the offense answers
    assert s.clock == 29
    # p2's only whistle card is spent for the half: it declines unasked, the window closes.
    assert g.prompt(s).kind == "defense_card"
    assert "gob-hurry" in s.player("p1").spent_half and "gob-hurry" not in s.player("p1").hand


def test_a_whistle_card_cannot_be_played_after_the_roll():
    g, s = new_game(p1_team="minotaurs", p2_team="orcs")
    g.apply(s, "p2 pass")  # p2's whistle window: Grind the Clock declined
    assert g.prompt(s).options[0] == "p1 card mino-runner"
    g.apply(s, "p1 pass")
    act(g, s, "p2 defend red-1", "p1 move down", "chance roll ball ball ball ball ball ball", "p1 stop")
    g.apply(s, "p2 pass")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="has a whistle: only before a play") as err:
        g.apply(s, "p1 card mino-runner")
    assert err.value.rule == "When to play a card"
    assert snapshot(s) == before


def test_maze_runner_lets_the_pawn_go_anywhere_but_where_it_is():
    g, s = new_game(p1_team="minotaurs", p2_team="orcs")
    act(g, s, "p2 pass", "p1 card mino-runner", "p2 pass", "p2 defend red-1")
    options = g.prompt(s).options
    assert "p1 move-to c3" in options and "p1 move-to b2" not in options and len(options) == 8
    g.apply(s, "p1 move-to a1")
    assert s.play.colour == "yellow"


def test_defense_die_effect_only_on_a_matching_icon():
    g, s = new_game()
    roll_yellow(g, s)
    act(g, s, "p2 card gob-swarm")
    assert g.prompt(s).chance.die == "black"
    events = g.apply(s, "chance roll shield")
    assert find(events, "defense_roll")[0]["hit"] is False and s.ball == 22
    g, s = new_game()
    roll_yellow(g, s)
    act(g, s, "p2 card gob-swarm")
    events = g.apply(s, "chance roll fist")
    assert find(events, "ball_moved_back")[0]["to"] == 23  # three back, stopped before the final spaces


def test_added_and_removed_icons_count():
    g, s = new_game()
    s.player("p1").momentum = 6
    roll_yellow(g, s, "cleat cleat cleat cleat time time")
    act(g, s, "p2 pass", "p1 card orc-smash")  # a fifth cleat: but this is a yellow play
    events = g.apply(s, "p2 pass")
    assert find(events, "play_result")[0]["met"] == 0


def test_momentum_comes_from_a_supply_of_ten():
    g, s = new_game()
    s.player("p1").momentum = 5
    s.player("p2").momentum = 4  # nine of ten bolts in hand
    events = play_down(g, s, "red-1", "down", "lightning lightning lightning ball ball time")
    gains = [e for e in find(events, "momentum") if e["reason"] == "lightning"]
    assert gains[0]["gain"] == 1 and s.player("p1").momentum == 6


@pytest.mark.parametrize(
    ("p1_team", "p2_team", "played", "mod"),
    [
        ("minotaurs", "orcs", ("p2 pass", "p1 card mino-runner"), "free_pawn"),
        ("trolls", "orcs", ("p2 pass", "p1 card troll-lumber"), "extra_dice"),
        ("goblins", "skeletons", ("p2 card skel-chill",), "fewer_dice"),
    ],
)
def test_a_whistle_cards_effect_lasts_for_its_down_only(p1_team, p2_team, played, mod):
    g, s = new_game(p1_team=p1_team, p2_team=p2_team)
    act(g, s, *played)
    pass_windows(g, s)
    assert getattr(s.mods, mod)
    o = s.offense
    act(g, s, f"{s.defense} defend red-1", f"{o} move-to a1" if mod == "free_pawn" else f"{o} move down")
    g.apply(s, f"chance roll {' '.join(['cleat'] * len(s.play.pending))}")
    if g.prompt(s).kind == "keep":
        g.apply(s, f"{o} stop")
    pass_windows(g, s)
    assert s.down == 2 and not (s.mods.extra_dice or s.mods.fewer_dice or s.mods.free_pawn), s.mods
