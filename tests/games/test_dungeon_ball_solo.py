"""Solo mode: the AI deck (rulebook "SOLO MODE" to "AI TEAM ICONS"), with forced draws."""

import random

import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.dice import SeededDice
from companion.engine.gamefile import GameRecord, loads
from companion.engine.runner import play_out, replay
from companion.games.dungeon_ball.policies import RandomPolicy
from tests.games.dungeon_ball_table import act, at_down, engine, find, pass_windows, snapshot

BASE = [f"ai-{i:02d}" for i in range(1, 25)]


def new_solo(level="I", start="offense", teams=None, removed=None):
    """p1 (orcs, luck kicks) against the AI. start="offense": p1 attacks low from 22;
    start="defense": the AI attacks high from its circle at 4."""
    g = engine()
    solo = {"level": level}
    if teams:
        solo["teams"] = teams
    s = g.new_state(
        Header(
            "dungeon-ball", seed=3, options={"solo": solo, "teams": {"p1": "orcs"}, "kicking": {"p1": "luck"}}
        )
    )
    if g.prompt(s).kind == "ai_remove":
        count = g.prompt(s).chance.count
        g.apply(s, "chance remove " + " ".join((removed or BASE)[:count]))
    act(g, s, "p1 call heads", "chance coin heads", f"p1 start {start}")
    if start == "defense":
        g.apply(s, "p1 endzone high")
    return g, s


def test_level_compositions():
    sizes = {}
    for level, teams in (
        ("I", None),
        ("II", None),
        ("III", None),
        ("IV", None),
        ("V", ["mimic", "skull"]),
        ("VI", None),
    ):
        g, s = new_solo(level, teams=teams)
        deck = [g.pack.ai_cards[c] for c in s.solo["draw"]]
        sizes[level] = (
            len(deck),
            sum(c.set == "base" for c in deck),
            sorted({c.set for c in deck} - {"base"}),
        )
    assert sizes == {
        "I": (24, 24, []),
        "II": (24, 18, ["mimic"]),
        "III": (24, 18, ["spider"]),
        "IV": (24, 18, ["skull"]),
        "V": (24, 12, ["mimic", "skull"]),
        "VI": (24, 6, ["mimic", "skull", "spider"]),
    }


def test_level_v_asks_for_two_teams_and_removed_cards_are_random_base_cards():
    g = engine()
    s = g.new_state(Header("dungeon-ball", options={"solo": {"level": "V"}, "teams": {"p1": "orcs"}}))
    assert g.prompt(s).options == (
        "p1 ai-teams mimic spider",
        "p1 ai-teams mimic skull",
        "p1 ai-teams spider skull",
    )
    g.apply(s, "p1 ai-teams spider skull")
    p = g.prompt(s)
    assert p.chance.verb == "remove" and p.chance.count == 12 and p.chance.distinct
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="named once"):
        g.apply(s, "chance remove " + " ".join(["ai-01"] * 12))
    with pytest.raises(IllegalAction, match="not among the AI cards"):
        g.apply(s, "chance remove ai-25 " + " ".join(BASE[:11]))  # a team card is not a base card
    assert snapshot(s) == before
    g.apply(s, "chance remove " + " ".join(BASE[12:]))
    assert sorted(s.solo["removed"]) == BASE[12:]
    # a seeded source takes distinct cards
    outcome = SeededDice(5).answer(
        engine().prompt(
            engine().new_state(
                Header("dungeon-ball", options={"solo": {"level": "VI"}, "teams": {"p1": "orcs"}})
            )
        )
    )
    assert len(set(outcome.split()[2:])) == 18


def test_bad_solo_options_are_refused():
    g = engine()
    with pytest.raises(ValueError, match="options.solo.level"):
        g.new_state(Header("dungeon-ball", options={"solo": {"level": "VIII"}}))
    with pytest.raises(ValueError, match="options.solo.teams"):
        g.new_state(Header("dungeon-ball", options={"solo": {"level": "V", "teams": ["mimic", "mimic"]}}))


def test_the_ai_winning_the_toss_takes_the_ball_and_the_ai_never_gets_a_prompt():
    g = engine()
    s = g.new_state(
        Header(
            "dungeon-ball",
            options={"solo": {"level": "I"}, "teams": {"p1": "orcs"}, "kicking": {"p1": "luck"}},
        )
    )
    act(g, s, "p1 call heads", "chance coin tails")
    assert s.started_on_defense == "p1"  # the AI elected offense by itself
    assert g.prompt(s).options == ("p1 endzone low", "p1 endzone high")
    g.apply(s, "p1 endzone low")
    assert (s.offense, s.ball) == ("p2", 22) and g.prompt(s).actor == "p1"


# ------------------------------------------------------------------ the AI on offense


def ai_down(g, s, defend, card):
    pass_windows(g, s)
    return act(g, s, f"p1 defend {defend}", f"chance draw {card}")


def test_ai_takes_the_first_valid_move_and_advances_its_number_of_spaces():
    g, s = new_solo(start="defense")
    assert (s.offense, s.ball) == ("p2", 4)
    events = ai_down(g, s, "red-1", "ai-01")  # up first: a2, a blue play, ball 1
    assert "AI: UP, blue play, 1 blue space, clock -1" in find(events, "ai_card")[0]["text"]
    assert s.player("p2").pawn == "a2" and s.ball == 5 and s.clock == 28 and s.down == 2
    before = snapshot(s)
    pass_windows(g, s)
    g.apply(s, "p1 defend red-1")
    with pytest.raises(IllegalAction, match="not among the AI cards that can be taken now"):
        g.apply(s, "chance draw ai-01")  # already drawn
    g.apply(s, "chance draw ai-13")  # up is off the board from a2: right, a3
    assert s.player("p2").pawn == "a3" and s.ball == 6 and before != snapshot(s)


def test_an_ai_card_without_time_says_so_in_words():
    g, s = new_solo(start="defense")
    events = ai_down(g, s, "yellow-1", "ai-04")  # left first: b1, a red play, cleat 2, time 0
    assert (
        find(events, "ai_card")[0]["text"] == "AI: LEFT, red play, 2 red spaces, no time off"
    )  # not "clock -0"
    assert s.clock == 29


def test_red_plays_use_the_cleat_number():
    g, s = new_solo(start="defense")
    ai_down(g, s, "yellow-1", "ai-02")  # right: b3, red, cleat 1
    assert s.ball == 7
    ai_down(g, s, "yellow-1", "ai-03")  # down from b3: c3 blue, ball 1
    assert s.player("p2").pawn == "c3" and s.ball == 10


def test_a_matching_defense_card_stops_the_ai_and_still_costs_time():
    g, s = new_solo(start="defense")
    momentum = s.player("p1").momentum
    ai_down(g, s, "blue-2", "ai-03")  # ai-03 moves down first: c2, a yellow play
    assert s.player("p2").pawn == "c2" and s.ball == 6  # not guessed: one yellow space
    g, s = new_solo(start="defense")
    events = ai_down(g, s, "blue-1", "ai-01")  # blue play guessed
    assert find(events, "reveal")[0]["matched"]
    pass_windows(g, s)  # the player's card window after a guess
    assert s.ball == 4 and s.down == 2 and s.clock == 28
    assert s.player("p1").momentum == momentum + 1


def test_defensive_cards_only_after_a_correct_guess_and_never_on_dice():
    g, s = new_solo(start="defense")
    s.player("p1").momentum = 6
    ai_down(g, s, "blue-1", "ai-01")  # guessed: the player's card window
    p = g.prompt(s)
    assert p.actor == "p1" and p.kind == "ability_window"
    assert "p1 big-hit push" in p.options
    assert "p1 card orc-wall" not in p.options and "p1 card orc-crunch" not in p.options
    with pytest.raises(IllegalAction, match="no effect against the AI"):
        g.apply(s, "p1 card orc-wall")
    g.apply(s, "p1 big-hit push")
    assert s.ball == 3  # pushed back toward the AI's end zone
    ai_down(g, s, "red-1", "ai-13")  # not guessed: no window at all
    assert g.prompt(s).kind in ("defense_card", "whistle_window")


def test_ai_kicks_a_field_goal_on_fourth_down_in_range_decided_by_the_next_card():
    g, s = new_solo(start="defense")
    at_down(g, s, 20, 4)
    assert g.prompt(s).kind == "ai_draw"  # no play: the kick's card
    g.apply(s, "chance draw ai-02")  # a check
    assert s.player("p2").score == 3 and (s.offense, s.ball) == ("p1", 22)


def test_ai_punts_on_fourth_down_out_of_range():
    g, s = new_solo(start="defense")
    at_down(g, s, 12, 4)
    assert (s.offense, s.ball, s.player("p2").score) == ("p1", 22, 0)


def test_ai_extra_point_by_the_next_card_and_two_when_two_behind():
    g, s = new_solo(start="defense")
    s.ball = 23
    s.player("p1").score = 8
    ai_down(g, s, "red-1", "ai-01")  # blue from 23: 26 is final: touchdown
    assert s.player("p2").score == 6
    # trailing by two: the AI goes for two, a play from p1's circle at 22
    assert s.conversion and s.ball == 22
    ai_down(g, s, "red-1", "ai-02")  # b3 red, the final red 24
    assert s.player("p2").score == 8


def test_ai_extra_point_card_cross_misses():
    g, s = new_solo(start="defense")
    s.ball = 23
    ai_down(g, s, "red-1", "ai-01")
    g.apply(s, "chance draw ai-03")  # the extra point: a cross
    assert s.player("p2").score == 6 and s.offense == "p1"


# ------------------------------------------------------------------ the AI on defense


def player_down(g, s, move, card):
    pass_windows(g, s)
    return act(g, s, f"p1 move {move}", f"chance draw {card}")


def test_player_selects_then_the_ai_card_adds_or_takes_dice():
    g, s = new_solo()
    assert g.prompt(s).kind == "pawn"  # no defense card to wait for
    events = player_down(g, s, "down", "ai-02")  # yellow play vs yellow 1: match
    assert find(events, "reveal")[0]["dice"] == 4 and len(s.play.pending) == 4
    assert s.player("p2").momentum == 0  # the AI takes no momentum
    g, s = new_solo()
    player_down(g, s, "down", "ai-01")  # vs red 1: no match
    assert len(s.play.pending) == 6


def test_double_defense_counts_as_both_cards():
    g, s = new_solo("II")
    events = player_down(g, s, "up", "ai-26")  # blue play vs yellow 2 + blue
    assert find(events, "reveal")[0]["matched"] and len(s.play.pending) == 3
    g, s = new_solo("II")
    player_down(g, s, "left", "ai-26")  # red play: neither
    assert len(s.play.pending) == 7


def test_lose_n_dice_whatever_the_play():
    g, s = new_solo("III")
    player_down(g, s, "left", "ai-32")
    assert len(s.play.pending) == 3


def test_turnover_gives_the_ai_the_ball_at_the_spot_without_a_roll():
    g, s = new_solo("IV")
    s.ball = 15
    events = player_down(g, s, "down", "ai-37")
    assert find(events, "ai_turnover") and not find(events, "roll")
    assert (s.offense, s.ball, s.down) == ("p2", 15, 1)


def test_move_back_spaces_of_a_colour_before_the_roll():
    g, s = new_solo("IV")
    events = player_down(g, s, "down", "ai-39")  # back one yellow space: 22 -> 23
    assert find(events, "ball_moved_back")[0] == {"event": "ball_moved_back", "from": 22, "to": 23}
    g, s = new_solo("IV")
    player_down(g, s, "down", "ai-38")  # back one red: 24 is p1's final space
    assert s.ball == 22


def test_offensive_cards_after_rolling_as_usual():
    g, s = new_solo()
    player_down(g, s, "left", "ai-02")  # red play vs yellow 1: six dice
    act(g, s, "chance roll ball ball ball ball time lightning", "p1 stop")
    p = g.prompt(s)
    assert p.actor == "p1" and "p1 card orc-smash" in p.options  # the AI declined first
    events = g.apply(s, "p1 card orc-smash")  # a cleat: red met once
    assert s.ball == 19 and find(events, "play_result")


# ------------------------------------------------------------------ the deck itself


def test_draws_go_to_the_discard_and_the_discard_is_reshuffled_when_the_deck_runs_out():
    g, s = new_solo(start="defense")
    s.solo["discard"] = [c for c in s.solo["draw"] if c != "ai-01"]
    s.solo["draw"] = ["ai-01"]
    events = ai_down(g, s, "red-1", "ai-01")
    assert find(events, "ai_reshuffle")[0]["cards"] == 24
    assert len(s.solo["draw"]) == 24 and s.solo["discard"] == []
    before = snapshot(s)
    pass_windows(g, s)
    g.apply(s, "p1 defend red-1")
    with pytest.raises(IllegalAction):
        g.apply(s, "chance draw ai-25")  # not in this deck
    g.apply(s, "chance draw ai-01")
    assert "ai-01" in s.solo["discard"] and before != snapshot(s)


def test_public_view_hides_the_deck_order_and_shows_the_last_card():
    g, s = new_solo(start="defense")
    ai_down(g, s, "red-1", "ai-01")
    view = g.public_view(s, "p1")["solo"]
    assert view["draw"] == 23 and view["discard"] == ["ai-01"]
    assert view["last_card"]["id"] == "ai-01" and view["last_card"]["moves"] == ["up", "left", "down"]


def play_solo(seed, level):
    g = engine()
    header = Header("dungeon-ball", seed=seed, options={"solo": {"level": level}, "kicking": {"p1": "luck"}})
    s = g.new_state(header)
    record = GameRecord(header)
    play_out(g, s, {"p1": RandomPolicy(seed)}, SeededDice(seed), record)
    return g, s, record


def test_saving_and_replaying_a_solo_game_draws_the_same_cards():
    for seed, level in ((1, "I"), (2, "III"), (3, "V"), (4, "VI")):
        g, s, record = play_solo(seed, level)
        draws = [a for a in record.actions if a.startswith("chance draw")]
        assert len(draws) > 20
        _, again = replay(loads(record.dumps()))
        assert g.to_json(again) == g.to_json(s)


def test_solo_games_keep_every_invariant():
    rng = random.Random(9)
    for seed in range(300):
        level = rng.choice(["I", "II", "III", "IV", "V", "VI"])
        g, s, _ = play_solo(1000 + seed, level)
        assert s.over and s.winner in ("p1", "p2")
        assert s.player("p2").momentum == 0 and not s.player("p2").team
        assert 0 <= s.clock <= s.clock_start and 1 <= s.down <= 4
