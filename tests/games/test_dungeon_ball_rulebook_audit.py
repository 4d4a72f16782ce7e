"""A rulebook audit of Dungeon Ball: scenarios a careful player with only the rulebook would
check, written from the rulebook's text (../shared/seeds/000_038407609722c176.txt) and aimed at
rules the other test files leave out. Readings the docs name as deliberate choices
(docs/dungeon-ball.md, "Readings of the rulebook") are taken as the docs say.

new_game(): p1 (orcs) won the toss and is on offense, attacking the low end zone (finals 0-2)
from its circle at 22; p2 (goblins) defends it and restarts on its circle at 4.
"""

import pytest

from companion.engine.core import Header, IllegalAction
from tests.games.dungeon_ball_table import (
    act,
    at_down,
    engine,
    find,
    new_game,
    pass_windows,
    play_down,
    snapshot,
)

BASE = [f"ai-{i:02d}" for i in range(1, 25)]


# ------------------------------------------------------------------ helpers


def first_move(g, s):
    """The first legal pawn move for the offense (the pawn may sit on an edge)."""
    return g.prompt(s).options[0].split(" ", 2)[2]


def roll_all(g, s, *faces):
    """Answer the roll prompt: the faces given first, then cleats for the rest of the dice."""
    n = len(s.play.pending)
    return g.apply(s, "chance roll " + " ".join((list(faces) + ["cleat"] * n)[:n]))


def run_out(g, s):
    """Set the clock to 1 and run a non-red play whose one time icon takes the last time: one
    time die and cleats (no progress, no lightning, no guess by a red card)."""
    s.clock = 1
    pass_windows(g, s)
    if g.prompt(s).kind == "huddle":
        g.apply(s, f"{s.offense} run")
    g.apply(s, f"{s.defense} defend red-1")
    pawn = s.player(s.offense).pawn
    move = next(m for m, cell in g.neighbours[pawn].items() if g.cell_colour[cell] != "red")
    g.apply(s, f"{s.offense} move {move}")
    events = roll_all(g, s, "time")
    if g.prompt(s).kind == "keep":
        events += g.apply(s, f"{s.offense} stop")
    return events + pass_windows(g, s)


def roll_yellow(g, s, faces="ball ball ball cleat lightning time"):
    """p1 runs a yellow play (pawn down to c2) against a red card: six dice, stop after one roll."""
    pass_windows(g, s)
    act(
        g,
        s,
        f"{s.defense} defend red-1",
        f"{s.offense} move down",
        f"chance roll {faces}",
        f"{s.offense} stop",
    )


def tied_at_the_end(g, s):
    s.half = 2
    run_out(g, s)
    return g.apply(s, "p1 kneel")


# ------------------------------------------------------------------ setup


def test_setup_gives_three_momentum_tokens_each_before_the_first_drive():
    """Setup 9: "Give each player three lightning bolt-shaped momentum tokens." (then one more
    each "at the beginning of every drive", the first included)."""
    g = engine()
    s = g.new_state(
        Header(
            "dungeon-ball",
            options={"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}},
        )
    )
    assert [p.momentum for p in s.players] == [3, 3]
    for a in ("p1 call heads", "chance coin tails", "p2 start defense", "p2 endzone high"):
        g.apply(s, a)
    assert [p.momentum for p in s.players] == [4, 4]
    # p2 won the toss and chose defense: p1 is on offense from the circle nearest its own end zone.
    assert s.offense == "p1" and s.player("p1").end_zone == "low" and s.ball == g.field.start["low"]


def test_the_fields_landmarks_have_the_rulebooks_colours():
    """Setup 7: "the red circle with the football icon"; Field goals: "the red circle near your
    opponent's end zone with the field goal post icon"; Onside kicks: "the blue space at
    midfield"; Scoring: "one of the final spaces on the board (blue, red, or yellow)"."""
    g = engine()
    f = g.field
    assert f.colours[f.start["low"]] == f.colours[f.start["high"]] == "red"
    assert f.colours[f.field_goal["low"]] == f.colours[f.field_goal["high"]] == "red"
    assert f.colours[f.midfield] == "blue"
    assert f.midfield == (f.n - 1) // 2
    assert sorted(f.colours[: f.final]) == sorted(f.colours[f.n - f.final :]) == ["blue", "red", "yellow"]


# ------------------------------------------------------------------ a down


def test_red_play_three_cleats_moves_three_red_spaces():
    """On a turn, 7: "Red plays need one cleat ... Move the football die to the next space on
    the field, matching the selected play's color, once for each time you meet the play's
    requirements."""
    g, s = new_game()
    events = play_down(g, s, "blue-1", "left", "cleat cleat cleat ball ball lightning")
    assert find(events, "play_result")[0]["met"] == 3
    assert s.ball == 14  # reds ahead of 22: 19, 17, 14


def test_five_balls_meet_a_blue_play_only_once():
    """On a turn, 7: "Blue plays need three balls" - five balls meet it once, not twice."""
    g, s = new_game()
    events = play_down(g, s, "red-1", "up", "ball ball ball ball ball cleat")
    assert find(events, "play_result")[0]["met"] == 1
    assert s.ball == 21  # the next blue space only


def test_a_die_rerolled_into_a_time_icon_is_set_aside_and_costs_time():
    """On a turn, 5 and 8: "Set aside all dice showing time icons." / "Reduce the time track by
    one for every time icon that was set aside in step 5." (the reroll is part of step 5)."""
    g, s = new_game()
    play_down(
        g, s, "red-1", "down", "ball ball ball cleat lightning lightning", keep="5 6", second="time time"
    )
    assert s.clock == 27


def test_the_clock_stops_at_zero_and_the_next_down_is_the_final_play():
    """Time / Halftime: "subtract one time from the time track for every time icon" and "When
    time hits zero ... the offensive player may choose to run one more play"."""
    g, s = new_game()
    s.clock = 2
    events = play_down(g, s, "red-1", "down", "time time time ball ball cleat")
    assert find(events, "clock")[-1]["to"] == 0 and s.clock == 0
    assert s.final_play and s.offense == "p1"
    assert "p1 hail-mary" in g.prompt(s).options


def test_the_defense_chooses_among_its_six_cards_every_down():
    """On a turn, 1: "The defense selects a defense card from their hand of six"."""
    g, s = new_game()
    pass_windows(g, s)
    assert len(g.prompt(s).options) == 6
    play_down(g, s, "red-1", "down", "cleat*")
    pass_windows(g, s)
    p = g.prompt(s)
    assert p.kind == "defense_card" and "p2 defend red-1" in p.options and len(p.options) == 6


def test_a_successful_play_still_uses_a_down():
    """On a turn, 9: "Increase the value of the football die by one to indicate the next down."
    (four downs per drive, whatever the gain)."""
    g, s = new_game()
    play_down(g, s, "red-1", "down", "ball ball ball ball cleat cleat")  # yellow met twice
    assert s.ball == 18 and s.down == 2
    play_down(g, s, "red-1", "left", "ball ball ball ball ball ball")  # c1 blue, met twice: 16, 13
    assert s.ball == 13 and s.down == 3 and s.offense == "p1"


# ------------------------------------------------------------------ momentum


def test_lightning_gives_momentum_to_the_offense_only():
    """Momentum: "On offense, gain one every time you finish a roll with a lightning icon
    showing. Gain one per icon." - the defense gains nothing from them."""
    g, s = new_game()
    s.player("p1").momentum = 1  # room in the supply of ten for all three
    events = play_down(g, s, "red-1", "down", "lightning lightning lightning ball ball cleat")
    assert s.player("p1").momentum == 1 + 3
    assert s.player("p2").momentum == 4
    assert not [e for e in find(events, "momentum") if e["player"] == "p2"]


def test_a_punt_starts_a_drive_and_both_players_gain_one():
    """Momentum: "You gain one token at the beginning of every drive. (Offense and defense.)"
    Punting: "You're now on defense, and they're now on offense."."""
    g, s = new_game()
    at_down(g, s, 15, 4)
    g.apply(s, "p1 punt")
    assert (s.offense, s.down) == ("p2", 1)
    assert [p.momentum for p in s.players] == [5, 5]


def test_a_field_goal_then_a_new_drive_gives_both_players_one():
    """Field goals: "the defensive player becomes the offensive player and begins a new drive"
    and Momentum: one token "at the beginning of every drive. (Offense and defense.)"."""
    g, s = new_game()
    at_down(g, s, 6, 2)
    act(g, s, "p1 field-goal", "chance roll ball cleat time")
    assert s.player("p1").score == 3
    assert (s.offense, s.ball, s.down) == ("p2", 4, 1)
    assert [p.momentum for p in s.players] == [5, 5]


# ------------------------------------------------------------------ ability cards


def test_the_defense_may_only_play_defensive_cards():
    """Ability cards: "If you're on DEFENSE you may only play defensive cards."."""
    g, s = new_game()
    roll_yellow(g, s)
    assert g.prompt(s).actor == "p2"
    assert "p2 card gob-handoff" not in g.prompt(s).options
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="is an offense card and p2 is on defense"):
        g.apply(s, "p2 card gob-handoff")
    assert snapshot(s) == before


def test_a_half_card_is_played_once_per_half():
    """Ability cards: "Cards with a 1/2 icon may only be played once per half. After playing
    them in the first half, place them face down in front of you."."""
    g, s = new_game(p1_team="goblins", p2_team="orcs")
    s.player("p2").momentum = 8
    roll_yellow(g, s, "ball ball ball ball cleat time")
    g.apply(s, "p2 card orc-wall")  # cancels two balls
    assert "orc-wall" in s.player("p2").spent_half and "orc-wall" not in s.player("p2").hand
    pass_windows(g, s)
    pass_windows(g, s)
    g.apply(s, "p2 defend red-1")
    g.apply(s, f"p1 move {first_move(g, s)}")
    roll_all(g, s, "ball", "ball", "ball")
    g.apply(s, "p1 stop")
    assert "p2 card orc-wall" not in g.prompt(s).options
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="already played this half"):
        g.apply(s, "p2 card orc-wall")
    assert snapshot(s) == before


def test_a_half_card_played_in_the_second_half_is_discarded_from_the_game():
    """Ability cards: "After playing them in the second half, discard them from the game."."""
    g, s = new_game(p1_team="goblins", p2_team="orcs")
    s.half = 2
    roll_yellow(g, s, "ball ball ball ball cleat time")
    g.apply(s, "p2 card orc-wall")
    p2 = s.player("p2")
    assert "orc-wall" in p2.discarded and "orc-wall" not in p2.spent_half and "orc-wall" not in p2.hand


def test_a_star_card_played_in_the_first_half_does_not_come_back_at_halftime():
    """Ability cards: "Cards with a star icon may only be played once during the game. Discard
    them after use." (halftime returns only the 1/2 cards)."""
    g, s = new_game()
    s.player("p1").momentum = 8
    s.player("p2").momentum = 0
    roll_yellow(g, s, "ball cleat cleat cleat time time")
    g.apply(s, "p1 card orc-bullrush")
    run_out(g, s)
    events = g.apply(s, "p1 kneel")
    assert find(events, "halftime")
    p1 = s.player("p1")
    assert "orc-bullrush" in p1.discarded and "orc-bullrush" not in p1.hand


def test_big_hit_only_once_per_play():
    """Player board abilities: "Big Hit gives the defense a chance to either discard one of the
    offense's dice or move the offense back ... These abilities may only be used once per play."."""
    g, s = new_game()
    s.player("p2").momentum = 8
    roll_yellow(g, s)
    g.apply(s, "p2 big-hit push")
    g.apply(s, "p1 card orc-smash")  # the offense answers, so the defense is asked again
    p = g.prompt(s)
    assert p.actor == "p2" and not [o for o in p.options if "big-hit" in o]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="once per play"):
        g.apply(s, "p2 big-hit discard")
    assert snapshot(s) == before


def test_big_hit_is_available_again_on_the_next_play():
    """Player board abilities: "always available to play after the offense finishes rolling
    their dice, assuming you're able to pay the momentum cost"."""
    g, s = new_game()
    s.player("p2").momentum = 8
    roll_yellow(g, s)
    act(g, s, "p2 big-hit push", "p1 pass")
    pass_windows(g, s)
    g.apply(s, "p2 defend red-1")
    g.apply(s, f"p1 move {first_move(g, s)}")
    roll_all(g, s, "ball", "ball", "ball")
    g.apply(s, "p1 stop")
    assert "p2 big-hit push" in g.prompt(s).options


# ------------------------------------------------------------------ scores


def test_a_blue_play_reaching_the_final_blue_space_is_a_touchdown():
    """Scoring: "Whenever the football die lands on (or what would be beyond) one of the final
    spaces on the board ... this is considered to be a touchdown, and the offense gains six
    points."."""
    g, s = new_game()
    s.ball = 5
    events = play_down(g, s, "red-1", "up", "ball ball ball ball ball ball")  # met twice: stops at 0
    result = find(events, "play_result")[0]
    assert result["touchdown"] and s.ball == 0 and s.player("p1").score == 6
    assert g.prompt(s).kind == "conversion"


def test_onside_kick_after_a_field_goal_when_still_losing():
    """Onside kicks: "If the time track is at five or less in the second half, and the offense
    scores but is still losing, they may choose to do an onside kick"."""
    g, s = new_game()
    s.half, s.clock = 2, 5
    s.player("p2").score = 14
    at_down(g, s, 6, 1)
    act(g, s, "p1 field-goal", "chance roll ball ball ball")
    assert s.player("p1").score == 3
    assert g.prompt(s).options == ("p1 onside-kick", "p1 kick-off")


def test_no_onside_kick_when_the_score_ties_the_game():
    """Onside kicks: only when "the offense scores but is still losing"."""
    g, s = new_game()
    s.half, s.clock, s.ball = 2, 4, 4
    s.player("p2").score = 7
    play_down(g, s, "blue-1", "left", "cleat*")
    act(g, s, "p1 extra-point", "chance roll ball ball ball ball")
    assert s.player("p1").score == 7
    assert g.prompt(s).kind != "onside_choice" and (s.offense, s.ball) == ("p2", 4)


def test_a_failed_onside_kick_restarts_at_midfield_with_a_new_drive():
    """Onside kicks: "subtract one from the time track, and the player that was just on defense
    begins a new drive on offense from the blue space at midfield"."""
    g, s = new_game()
    s.half, s.clock, s.ball = 2, 3, 4
    s.player("p2").score = 14
    play_down(g, s, "blue-1", "left", "cleat*")
    act(g, s, "p1 extra-point", "chance roll ball ball ball ball")
    act(g, s, "p1 onside-kick", "chance roll ball ball ball ball cleat", "p1 reroll 5", "chance roll time")
    assert (s.offense, s.ball, s.down, s.clock) == ("p2", g.field.midfield, 1, 2)


# ------------------------------------------------------------------ ends of halves and the game


def test_final_play_short_of_the_end_zone_ends_the_game():
    """Final play: "After this play, the half is over." / "If the second half has just ended,
    the game is over. The player with the most points wins."."""
    g, s = new_game()
    s.half = 2
    s.player("p1").score = 3
    run_out(g, s)
    g.apply(s, "p1 run")
    g.apply(s, "p2 defend red-1")
    g.apply(s, f"p1 move {first_move(g, s)}")
    roll_all(g, s)
    g.apply(s, "p1 stop")
    events = pass_windows(g, s)
    assert find(events, "game_over") and s.over and s.winner == "p1"
    assert not find(events, "drive")


def test_final_play_of_the_game_may_be_a_winning_field_goal():
    """Final play: "the offensive player may choose to run one more play per the normal rules"
    and Field goals: from on or past the circle, "you may attempt a field goal ... instead of
    selecting a play"."""
    g, s = new_game()
    s.half, s.ball = 2, 6
    s.player("p2").score = 2
    run_out(g, s)
    assert s.final_play and "p1 field-goal" in g.prompt(s).options
    events = g.apply(s, "p1 field-goal") + roll_all(g, s, "ball")
    assert s.player("p1").score == 3 and s.over and s.winner == "p1" and find(events, "game_over")


def test_hail_mary_at_the_end_of_the_game_then_the_conversion_decides_it():
    """Hail Mary passes: "If there is no time left on the clock at the end of the half or the end
    of the game ... If all five dice show the ball icon after the rolls, the pass scores a
    touch-down and is followed by an extra point or two-point conversion attempt"."""
    g, s = new_game()
    s.half = 2
    s.player("p2").score = 6
    run_out(g, s)
    act(g, s, "p1 hail-mary", "chance roll ball ball ball ball ball", "p1 stop")
    assert s.player("p1").score == 6 and not s.over
    assert g.prompt(s).kind == "conversion"
    events = act(g, s, "p1 extra-point", "chance roll cleat ball time cleat")
    assert s.player("p1").score == 7 and s.over and s.winner == "p1" and find(events, "game_over")


def test_the_second_half_clock_starts_full_and_the_defense_starter_has_the_ball():
    """Halftime: "The player who started the game on defense now gets the ball on offense from
    their starting space. Place the white cube back on the 20 and the black cube back on the 9."."""
    g, s = new_game()
    s.ball = 10
    run_out(g, s)
    events = g.apply(s, "p1 kneel")
    assert find(events, "halftime")
    assert (s.half, s.clock, s.offense, s.ball, s.down) == (2, 29, "p2", 4, 1)
    assert not s.final_play and [p.momentum for p in s.players] == [5, 5]  # a new drive: one each


# ------------------------------------------------------------------ overtime


def test_overtime_third_round_returns_to_the_first_rounds_starter():
    """Overtime: "repeat the process until there is a winner. However, the starting player
    alternates."."""
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")
    starters = []
    for _ in range(3):
        starters.append(s.offense)
        for _ in range(2):
            spot = 15 if s.offense == "p1" else 11
            at_down(g, s, spot, 4)
            g.apply(s, f"{s.offense} punt")
    assert starters == ["p1", "p2", "p1"] and s.overtime == 4 and not s.over


def test_overtime_the_second_drive_can_win_with_a_touchdown():
    """Overtime: "When their drive is over, the other player gets one drive to either tie or
    win."."""
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")
    at_down(g, s, 6, 1)
    act(g, s, "p1 field-goal", "chance roll ball ball ball")
    assert s.offense == "p2" and s.ball == 4
    at_down(g, s, 22, 1)  # p2 attacks high: the next red space, 24, is final
    play_down(g, s, "blue-1", "left", "cleat*")
    assert s.player("p2").score == 6
    act(g, s, "p2 extra-point", "chance roll ball ball ball ball")
    assert s.over and s.winner == "p2" and (s.player("p1").score, s.player("p2").score) == (3, 7)


def test_overtime_has_no_final_play_even_with_the_clock_at_zero():
    """Overtime: "time icons on the dice do not matter" - there is no clock to run out, so no
    one-more-play or Hail Mary."""
    g, s = new_game()
    tied_at_the_end(g, s)
    act(g, s, "p1 call heads", "chance coin heads")
    assert s.clock == 0 and not s.final_play
    at_down(g, s, 6, 1)
    assert "p1 hail-mary" not in g.prompt(s).options and "p1 kneel" not in g.prompt(s).options


# ------------------------------------------------------------------ solo mode


def new_solo(level="I", start="defense"):
    """p1 (orcs, luck kicks) against the AI. start="defense": the AI attacks high from 4."""
    g = engine()
    s = g.new_state(
        Header(
            "dungeon-ball",
            seed=3,
            options={"solo": {"level": level}, "teams": {"p1": "orcs"}, "kicking": {"p1": "luck"}},
        )
    )
    if g.prompt(s).kind == "ai_remove":
        g.apply(s, "chance remove " + " ".join(BASE[: g.prompt(s).chance.count]))
    act(g, s, "p1 call heads", "chance coin heads", f"p1 start {start}")
    if start == "defense":
        g.apply(s, "p1 endzone high")
    return g, s


def ai_down(g, s, defend, card):
    pass_windows(g, s)
    return act(g, s, f"p1 defend {defend}", f"chance draw {card}")


def test_solo_ai_blue_play_uses_the_ball_number():
    """Solo, how to play: "If the play is blue or yellow, use the number next to the ball icon."
    and "subtract the indicated number of time (next to the stopwatch icon) from the clock"."""
    g, s = new_solo()
    ai_down(g, s, "red-1", "ai-05")  # up first: a2, blue; ball 2, time 1
    assert s.player("p2").pawn == "a2"
    assert s.ball == 10 and s.clock == 28  # blue spaces ahead of 4: 5, 10


def test_solo_ai_card_without_time_leaves_the_clock():
    """Solo: "Whether the AI player moves down the field or not, subtract the indicated number of
    time (next to the stopwatch icon) from the clock." - zero takes nothing."""
    g, s = new_solo()
    ai_down(g, s, "blue-1", "ai-04")  # left first: b1, red; cleat 2, time 0
    assert s.ball == 9 and s.clock == 29  # reds ahead of 4: 7, 9


def test_solo_ai_field_goal_with_a_cross_is_no_good():
    """Solo: "To attempt a field goal (or extra point) draw the top card of the AI deck. If
    there is a checkmark in the top right corner, the kick is good. If there is an X, the kick is
    no good."."""
    g, s = new_solo()
    at_down(g, s, 20, 4)
    assert g.prompt(s).kind == "ai_draw"
    g.apply(s, "chance draw ai-01")  # a cross
    assert s.player("p2").score == 0 and (s.offense, s.ball, s.down) == ("p1", 22, 1)


def test_solo_player_may_play_a_whistle_card_before_the_ai_play():
    """Solo, ability cards: "A card with a whistle may be played before or after an offensive
    play."."""
    g, s = new_solo()
    p = g.prompt(s)
    assert p.kind == "whistle_window" and p.actor == "p1" and "p1 card orc-grind" in p.options
    g.apply(s, "p1 card orc-grind")
    assert s.clock == 27


def test_solo_move_back_happens_before_the_roll_and_the_play_starts_from_there():
    """AI team icons: "All AI abilities happen before you roll the dice for a play." / "Move the
    football die back the indicated number of spaces before you roll the offensive dice."."""
    g, s = new_solo("IV", start="offense")
    pass_windows(g, s)
    events = act(g, s, "p1 move down", "chance draw ai-39")  # yellow play; back 1 yellow; blue 2 card
    assert find(events, "ball_moved_back")[0]["to"] == 23
    assert len(s.play.pending) == 7  # no match: five plus two
    act(g, s, "chance roll ball ball cleat cleat time lightning lightning", "p1 stop")
    pass_windows(g, s)
    assert s.ball == 20  # from 23, the next yellow space


def test_solo_matched_guess_still_advances_the_down():
    """Solo: "If you played a defense card that is the same color as the offensive play, then
    the AI does not advance on offense, and the football die increases by one."."""
    g, s = new_solo()
    at_down(g, s, 10, 2)
    ai_down(g, s, "red-2", "ai-04")  # left: b1, a red play; guessed
    pass_windows(g, s)
    assert (s.ball, s.down, s.offense) == (10, 3, "p2")


def test_solo_ai_skips_moves_that_leave_the_board():
    """Solo: "use the icons in the top left corner to determine which offensive play the AI
    selects by taking the first valid movement"."""
    g, s = new_solo()
    s.player("p2").pawn = "a1"  # up and left are off the board from a corner
    ai_down(g, s, "blue-1", "ai-01")  # up, left, down: down to b1, red, cleat 2
    assert s.player("p2").pawn == "b1" and s.ball == 9


def solo_overtime_last_chance(p1_score):
    """The AI's drive in the second half of an overtime round, fourth down in field-goal range."""
    g, s = new_solo()
    s.clock, s.overtime, s.ot_first, s.ot_drives = 0, 1, "p1", 1
    s.player("p1").score = p1_score
    at_down(g, s, 20, 4)
    return g, s


def test_solo_ai_goes_for_the_touchdown_when_a_field_goal_cannot_win():
    """Solo: "Whenever it is fourth down, if the AI is in field goal range, it will always
    attempt a field goal. (Unless it could score a touchdown to win the game.)" - on its last
    overtime drive, three behind, a field goal only ties (docs: "Policies where the rulebook is
    silent")."""
    g, s = solo_overtime_last_chance(3)
    assert g.prompt(s).kind == "defense_card"  # a play, not the kick's card
    g, s = solo_overtime_last_chance(2)
    assert g.prompt(s).kind == "ai_draw" and s.play.kind == "field_goal"


def test_two_point_play_sets_time_dice_aside_like_any_play():
    """Two-point conversions: "run a play like normal" - On a turn, 5: "Time icons cannot be
    rerolled."."""
    g, s = new_game()
    s.ball = 4
    play_down(g, s, "blue-1", "left", "cleat*")
    g.apply(s, "p1 two-point")
    pass_windows(g, s)
    act(g, s, "p2 defend blue-1", "p1 move right", "chance roll time ball ball ball ball cleat")
    assert 1 not in g.prompt(s).choice["rerollable"]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="time icons cannot be rerolled"):
        g.apply(s, "p1 reroll 1")
    assert snapshot(s) == before


def test_onside_kick_recovered_on_the_first_roll():
    """Onside kicks: "If all five dice show the ball icon after one or two rolls, that player
    continues as the offensive player and starts a new drive with a new set of downs"."""
    g, s = new_game()
    s.half, s.clock, s.ball = 2, 5, 4
    s.player("p2").score = 14
    play_down(g, s, "blue-1", "left", "cleat*")
    act(g, s, "p1 extra-point", "chance roll ball ball ball ball")
    act(g, s, "p1 onside-kick", "chance roll ball ball ball ball ball", "p1 stop")
    assert (s.offense, s.ball, s.down, s.clock) == ("p1", g.field.midfield, 1, 5)
