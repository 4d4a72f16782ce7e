"""The computer players' carrier's run (companion.games.dungeonbowl.carry): the public view
says since when the ball's team holds it, who has acted this turn and since when a player is
down; the coach and the random reporter score only after a whole turn of the other team; a
table still reports a touchdown whenever it sees one."""

from __future__ import annotations

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games.dungeonbowl.carry import blockers, may_score
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.policies import RandomReporter
from tests.games.dungeonbowl.table import ENGINE, play, to_first_turn

FOUND = ("p1 chest", "p1 open 5", "p1 opener p1#2", "chance open ball")


def view(s, seat="p1"):
    return ENGINE.public_view(s, seat)


def holds(s):
    """Every armour roll pending holds (AV 9, a roll of 2)."""
    while ENGINE.prompt(s).kind in ("armour_value", "armour"):
        p = ENGINE.prompt(s)
        play(s, f"{p.actor} av 9" if p.kind == "armour_value" else "chance roll 1 1")


def test_the_view_says_since_which_turn_the_balls_team_holds_it():
    s = to_first_turn()
    assert view(s)["ball_held_since"] is None  # in a chest
    play(s, *FOUND)
    assert view(s)["ball_held_since"] is None  # on the ground
    play(s, "p1 holder", "p1 holds p1#2")
    assert view(s)["ball_held_since"] == 1 == s.turn
    play(s, "p1 end-turn", "p2 end-turn")
    play(s, "p1 holder", "p1 holds p1#3")  # a hand-off keeps the team's hold
    assert view(s)["ball_held_since"] == 1
    play(s, "p1 pass", "p1 range quick", "p1 caught p1#4")  # so does a pass to a team-mate
    assert view(s)["ball_held_since"] == 1 and s.ball == "p1#4"
    play(s, "p1 pass", "p1 range quick", "p1 caught p2#1")  # intercepted: P2 holds it from now
    assert view(s)["ball_held_since"] == 3 and s.ball == "p2#1"


def test_the_view_lists_this_turns_actors_and_since_when_a_player_is_down():
    s = to_first_turn()
    play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result down")
    holds(s)
    play(s, "p1 chest", "p1 open 2", "p1 opener p1#3", "chance open blast", "p1 adjacent p2#2")
    holds(s)
    v = view(s, "p2")
    assert v["turn"] == 2 and v["actors"] == []  # the turnover: P2's turn, nobody acted yet
    assert v["down_since"] == {"p2#1": 1, "p2#2": 1, "p1#3": 1}
    play(s, "p2 block", "p2 attacker p2#1", "p2 defender p1#1", "p2 result push")
    v = view(s, "p2")
    assert v["actors"] == ["p2#1"] and "p2#1" not in v["down_since"]  # he stood up to block


def test_a_stunned_player_counts_from_the_turn_he_turns_face_up():
    s = to_first_turn()
    play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result down")
    play(s, "p2 av 8", "chance roll 6 6", "chance roll 3 3")  # armour broken, stunned
    assert view(s)["teams"][1]["status"]["1"] == "stunned" and view(s)["down_since"]["p2#1"] == 1
    play(s, "p1 end-turn", "p2 end-turn")  # face up at the end of P2's turn 2
    assert view(s)["teams"][1]["status"]["1"] == "prone" and view(s)["down_since"]["p2#1"] == 2


def test_a_carrier_may_score_only_after_a_whole_turn_of_the_other_team():
    s = to_first_turn()
    play(s, *FOUND, "p1 holder", "p1 holds p1#2")
    assert not may_score(view(s), "p1")
    play(s, "p1 end-turn")
    assert not may_score(view(s, "p2"), "p2")  # P2 does not hold it
    play(s, "p2 end-turn")
    assert may_score(view(s), "p1")


def test_a_table_still_reports_a_touchdown_whenever_it_sees_one():
    s = to_first_turn()
    events = play(s, *FOUND, "p1 holder", "p1 holds p1#2", "p1 touchdown")
    assert s.over and s.winner == "p1" and events[-1]["event"] == "touchdown"


def test_who_may_block_the_carrier():
    """Standing and not yet acted; a player down since turn d from turn d + 3 (his team has
    had a turn to stand up); never a stunned one."""
    s = to_first_turn()
    play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result down")
    holds(s)
    play(s, "p1 block", "p1 attacker p1#2", "p1 defender p2#2", "p1 result down")
    play(s, "p2 av 8", "chance roll 6 6", "chance roll 3 3")  # stunned
    assert blockers(view(s), "p1") == ["p1#3", "p1#4", "p1#5", "p1#6"]
    play(s, "p1 end-turn")
    assert blockers(view(s, "p2"), "p2") == ["p2#3", "p2#4", "p2#5", "p2#6"]  # turn 2: both down
    assert blockers(view(s, "p2"), "p2", turn=4) == ["p2#1", "p2#3", "p2#4", "p2#5", "p2#6"]
    play(s, "p2 end-turn", "p1 end-turn")
    assert blockers(view(s, "p2"), "p2") == ["p2#1", "p2#3", "p2#4", "p2#5", "p2#6"]  # #2: face up at 2
    play(s, "p2 end-turn", "p1 end-turn", "p2 end-turn", "p1 end-turn")
    assert "p2#2" in blockers(view(s, "p2"), "p2")  # turn 6: up since 2 + 3 = 5


def test_the_coach_blocks_the_carrier_only_with_a_player_who_may():
    s = to_first_turn()
    play(s, *FOUND, "p1 holder", "p1 holds p1#2")
    play(s, "p1 block", "p1 attacker p1#1", "p1 defender p2#1", "p1 result down")
    holds(s)
    play(s, "p1 end-turn")
    coach = CoachPolicy(3)
    picked = []
    while blockers(view(s, "p2"), "p2"):
        may = blockers(view(s, "p2"), "p2")
        assert coach(ENGINE, view(s, "p2"), ENGINE.prompt(s)) == "p2 block"
        play(s, "p2 block")
        picked.append(coach(ENGINE, view(s, "p2"), ENGINE.prompt(s)).split()[-1])
        assert picked[-1] in may
        play(s, f"p2 attacker {picked[-1]}")
        assert coach(ENGINE, view(s, "p2"), ENGINE.prompt(s)) == "p2 defender p1#2"
        play(s, "p2 defender p1#2", "p2 result push")
    assert sorted(picked) == ["p2#2", "p2#3", "p2#4", "p2#5", "p2#6"]  # not #1, knocked down in turn 1
    assert "p2 block" not in {coach(ENGINE, view(s, "p2"), ENGINE.prompt(s)) for _ in range(5)}


def scored_after_a_turn(policy, seeds):
    """Play whole games; each touchdown's team held the ball since before the turn."""
    finder_scored_at_once = 0
    for seed in seeds:
        state = ENGINE.new_state(Header("dungeonbowl", seed=seed))
        play_out(ENGINE, state, {"p1": policy(seed), "p2": policy(seed + 1)}, SeededDice(seed))
        assert state.over
        if state.team(state.winner).touchdowns:
            assert state.held_since < state.turn, seed
            finder_scored_at_once += state.turn == state.stats.get("ball_found_turn")
    return finder_scored_at_once


def test_coaches_and_random_reporters_score_only_after_the_other_teams_turn():
    assert scored_after_a_turn(CoachPolicy, range(20)) == 0
    assert scored_after_a_turn(RandomReporter, range(20)) == 0
