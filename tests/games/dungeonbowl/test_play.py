"""RULES OF PLAY: the game ends at the first touchdown, by a standing player holding the ball
in the opposing end zone (claimed without the ball: refused); the scatter that would go into a
wall is rolled again; passes underground; every roll and reveal is in the record."""

from companion.engine.core import Header
from companion.engine.gamefile import GameRecord, loads
from companion.engine.runner import replay
from tests.games.dungeonbowl.table import ENGINE, SETUP, kinds, play, prompt, refused, to_first_turn

TOUCHDOWN = "RULES OF PLAY"


def find_ball(s, player="p1#2"):
    play(
        s,
        "p1 chest",
        "p1 open 5",
        f"p1 opener {player}",
        "chance open ball",
        "p1 holder",
        f"p1 holds {player}",
    )


def test_a_touchdown_by_the_player_holding_the_ball_ends_the_game():
    s = to_first_turn()
    find_ball(s)
    events = play(s, "p1 touchdown")
    assert s.over and s.winner == "p1" and events[-1]["player"] == "p1#2"
    summary = ENGINE.summary(s)
    assert summary["winner"] == "p1" and summary["scores"] == {"p1": 1, "p2": 0}
    refused(s, "p2 end-turn", "the game is over", "play is continuous until a team scores")


def test_a_touchdown_without_the_ball_is_refused():
    s = to_first_turn()
    refused(s, "p1 touchdown", "no P1 player holds the ball (nobody holds it)", TOUCHDOWN)
    find_ball(s)
    play(s, "p1 end-turn")
    refused(s, "p2 touchdown", "no P2 player holds the ball (P1 #2 holds it)", TOUCHDOWN)


def test_the_scatter_into_a_wall_is_rolled_again():
    s = to_first_turn()
    find_ball(s)
    play(s, "p1 bounce", "chance roll 2")
    assert prompt(s).options == ("p1 lands", "p1 wall")
    events = play(s, "p1 wall")
    assert kinds(events) == ["scatter_again"] and prompt(s).kind == "scatter"
    events = play(s, "chance roll 5", "p1 lands")
    assert events[0]["direction"] == "right" and kinds(events)[-2:] == ["turnover", "turn"]
    assert s.stats["scatter_rerolls"] == 1


def test_only_quick_and_short_passes_and_strong_arm_for_a_long_one():
    s = to_first_turn()
    find_ball(s)
    play(s, "p1 pass")
    refused(s, "p1 range long", "a long pass needs Strong Arm", "THROWING RESTRICTIONS")
    refused(s, "p1 range bomb", "no long bombs underground", "THROWING RESTRICTIONS")
    play(s, "p1 range long-strong-arm", "p1 caught p1#5")
    assert s.ball == "p1#5" and not s.turnover


def test_an_interception_is_a_turnover():
    s = to_first_turn()
    find_ball(s)
    events = play(s, "p1 pass", "p1 range short", "p1 caught p2#3")
    assert s.ball == "p2#3" and s.active == "p2" and "turnover" in kinds(events)


def test_a_knocked_down_ball_carrier_drops_the_ball_and_it_scatters_after_the_armour_roll():
    s = to_first_turn()
    find_ball(s)
    play(s, "p1 end-turn", "p2 block", "p2 attacker p2#1", "p2 defender p1#2", "p2 result down")
    assert s.ball == "ground" and prompt(s).kind == "armour_value"
    play(s, "p1 av 8", "chance roll 1 1")
    assert prompt(s).kind == "scatter"
    events = play(s, "chance roll 1", "p2 lands")
    assert "turnover" not in kinds(events) and s.active == "p2"  # the opponent's player fell


def test_every_roll_and_reveal_is_in_the_record_and_replays():
    record = GameRecord(Header("dungeonbowl", seed=1))
    actions = [*SETUP]
    s2 = ENGINE.new_state(record.header)
    play(s2, *SETUP)
    while prompt(s2).kind == "place_trap":
        actions.append(prompt(s2).options[0])
        play(s2, actions[-1])
    actions += [
        "p1 start 1 2 3 4 5 6",
        "p2 start 1 2 3 4 5 6",
        "p1 chest",
        "p1 open 5",
        "p1 opener p1#2",
        "chance open blast",
        "p1 nobody",
        "p1 av 8",
        "chance roll 6 6",
        "chance roll 4 4",
    ]
    record.actions = actions
    text = record.dumps()
    assert "chance open blast" in text and "chance roll 6 6" in text
    _, again = replay(loads(text))
    assert again.chests[4].state == "blast" and again.team("p1").where["2"] == "ko"
