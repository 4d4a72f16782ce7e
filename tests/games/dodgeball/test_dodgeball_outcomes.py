"""Every outcome and tie rule of block, dodge and catch, where every ball goes, the cards of a
throw (SUPERSHOT, CONSISTENCY, DECEIVE), the -1 THR penalty and the end of the game.

Rita (p1) throws with THR 6; Vix (p2) defends with BLO 3, DOD 6, CTH 3."""

import pytest

from tests.games.dodgeball.court import court, outcome, play, refused, reveal

HANDS = (("+1", "+2", "+5"), ("+4", "+2", "+5"))


def throw(g, s, card1, card2, action, thrower="rita", target="vix"):
    ev = play(g, s, f"p1 throw {thrower} {target}", f"p1 play {card1}", f"p2 play {card2}", f"p2 {action}")
    return ev


def setup(target_balls=0, thrower_balls=1, hands=HANDS, **kw):
    g, s = court(hands=hands, strays=(3, 3), **kw)
    play(g, s, *["p1 give rita"] * thrower_balls)
    s.coach("p2").balls["vix"] = target_balls
    s.coach("p2").strays -= target_balls
    return g, s


def test_block_needs_a_ball_and_a_catch_empty_hands():
    g, s = setup(target_balls=0)
    play(g, s, "p1 throw rita vix", "p1 play +1", "p2 play +4")
    assert g.prompt(s).options == ("p2 dodge", "p2 catch")
    refused(g, s, "p2 block", "vix holds no ball: a block needs one", "Defending thrown balls")
    g, s = setup(target_balls=1)
    play(g, s, "p1 throw rita vix", "p1 play +1", "p2 play +4")
    refused(g, s, "p2 catch", "vix holds 1 ball: a catch needs empty hands", "Defending thrown balls")


def test_block_tie_the_ball_bounces_back_to_the_throwers_strays():
    g, s = setup(target_balls=1)
    ev = throw(g, s, "+1", "+4", "block")  # THR 6+1=7 vs BLO 3+4=7
    o = outcome(ev)
    assert (o["result"], o["tie"], o["ball_to"]) == ("blocked_tie", True, "p1")
    assert s.coach("p2").zone["vix"] == "off" and s.coach("p1").strays == 3 and s.coach("p2").strays == 2


def test_block_won_the_ball_goes_to_the_targets_strays():
    g, s = setup(target_balls=1)
    ev = throw(g, s, "+1", "+5", "block")  # 7 vs 8
    assert outcome(ev)["result"] == "blocked" and outcome(ev)["ball_to"] == "p2"
    assert s.coach("p2").strays == 3 and s.coach("p2").balls["vix"] == 1 and s.coach("p1").strays == 2


def test_dodge_tie_the_thrower_has_the_advantage():
    g, s = setup(target_balls=2)
    ev = throw(g, s, "+2", "+2", "dodge")  # 8 vs DOD 6+2=8
    assert outcome(ev)["result"] == "hit" and outcome(ev)["tie"] is True
    p2 = s.coach("p2")
    assert p2.zone["vix"] == "out" and p2.out == ["vix"]
    assert p2.strays == 1 + 1 + 2 and p2.balls["vix"] == 0  # the thrown ball and both held


def test_dodge_won_the_ball_goes_to_the_targets_strays():
    g, s = setup()
    ev = throw(g, s, "+1", "+2", "dodge")  # 7 vs 8
    assert outcome(ev)["result"] == "dodged" and s.coach("p2").strays == 4 and s.coach("p1").strays == 2


def test_catch_tie_the_target_is_out():
    g, s = setup()
    ev = throw(g, s, "+1", "+4", "catch")  # 7 vs CTH 3+4=7
    assert outcome(ev)["result"] == "hit" and s.coach("p2").zone["vix"] == "out"
    assert s.coach("p2").strays == 4


def test_a_caught_ball_puts_the_thrower_out_and_brings_back_the_first_out():
    g, s = setup(thrower_balls=2)
    p2 = s.coach("p2")
    for p in ("wisp", "lena"):
        p2.zone[p] = "out"
        p2.out.append(p)
    ev = throw(g, s, "+1", "+5", "catch")  # 7 vs 8
    o = outcome(ev)
    assert (o["result"], o["out"], o["back"], o["ball_to"]) == ("caught", ["rita"], "wisp", "vix")
    assert p2.balls["vix"] == 1 and p2.strays == 3  # the caught ball is held
    p1 = s.coach("p1")
    assert p1.zone["rita"] == "out" and p1.balls["rita"] == 0 and p1.strays == 2  # 1 left + rita's other
    assert p2.zone["wisp"] == "def" and p2.out == ["lena"] and p2.protected == ["wisp"]
    play(g, s, "chance draw +4", "chance draw +4")
    assert not any(a.endswith(" wisp") for a in g.prompt(s).options if " throw " in a)
    play(g, s, "p1 end")
    assert p2.protected == []  # safe only that turn


def test_a_catch_with_nobody_out_brings_nobody_back():
    g, s = setup()
    ev = throw(g, s, "+1", "+5", "catch")
    assert "back" not in outcome(ev) and s.coach("p2").out == []


def test_a_hit_puts_the_target_out_with_its_balls_to_its_strays():
    g, s = setup(target_balls=2)
    ev = throw(g, s, "+5", "+4", "dodge")  # 11 vs 10
    assert outcome(ev)["result"] == "hit" and s.coach("p2").strays == 1 + 1 + 2


def test_a_target_in_the_defensive_zone_costs_one_thr_shown_as_arithmetic():
    g, s = setup()
    ev = throw(g, s, "+2", "+2", "dodge", target="lena")  # 6+2-1=7 vs DOD 4+2=6
    r = reveal(ev)
    assert r["thrower"]["text"] == "THR 6+2-1=7" and r["target"]["text"] == "DOD 4+2=6"
    assert outcome(ev)["result"] == "hit"


@pytest.mark.parametrize("action, thrower_total", [("catch", 12), ("dodge", 6)])
def test_supershot_is_plus_six_against_a_catch_and_nothing_otherwise(action, thrower_total):
    g, s = setup(hands=(("SUPER", "+1", "+2"), ("+4", "+2", "+5")))
    ev = throw(g, s, "SUPER", "+5", action)
    assert reveal(ev)["thrower"]["total"] == thrower_total


def test_supershot_played_by_the_target_counts_nothing():
    g, s = setup(hands=(("+1", "+2", "+3"), ("SUPER", "+2", "+5")))
    ev = throw(g, s, "+1", "SUPER", "catch")
    assert reveal(ev)["target"]["total"] == 3


def test_consistency_adds_the_con_of_the_player_it_is_played_for():
    g, s = setup(hands=(("CON", "+1", "+2"), ("CON", "+2", "+5")))
    ev = throw(g, s, "CON", "CON", "dodge", target="lena")
    r = reveal(ev)
    assert r["thrower"]["text"] == "THR 6+3-1=8"  # Rita's CON 3
    assert r["target"]["text"] == "DOD 4+2=6"  # Lena's CON 2


def test_deceive_in_a_throw_both_play_again_and_the_action_stands():
    g, s = setup(hands=(("DECEIVE", "+1", "+2"), ("+5", "+2", "+4")))
    ev = throw(g, s, "DECEIVE", "+5", "dodge")
    assert reveal(ev)["deceive"] == ["p1"] and not any(e["event"] == "outcome" for e in ev)
    assert s.coach("p1").discard == ["DECEIVE"] and s.coach("p2").discard == ["+5"]
    play(g, s, "chance draw +4", "chance draw +1")
    again = g.prompt(s)
    assert again.kind == "card" and again.text == "DECEIVE: play again"  # whole in the panel's title bar
    from companion.ui import fonts
    from companion.ui.draw import W

    assert fonts.small().measure(again.text + "  P1") <= W - 2
    ev = play(g, s, "p1 play +4", "p2 play +1")  # no new defensive action is asked
    assert outcome(ev)["action"] == "dodge" and outcome(ev)["result"] == "hit"  # 10 vs 7


def test_both_coaches_deceive_in_a_throw():
    g, s = court(strays=(3, 3), cards="table")
    play(g, s, "p1 give rita", "p1 throw rita vix", "p2 dodge", "p1 reveal DECEIVE", "p2 reveal DECEIVE")
    assert s.duel.deceived == 1 and s.duel.action == "dodge"
    ev = play(g, s, "p1 reveal +1", "p2 reveal +2")  # 7 vs 8
    assert outcome(ev)["result"] == "dodged"


def test_the_game_ends_when_a_team_has_no_players_left():
    g, s = setup()
    p2 = s.coach("p2")
    for p in p2.players[1:]:
        p2.zone[p] = "out"
        p2.out.append(p)
    ev = throw(g, s, "+5", "+2", "dodge")
    assert s.over and s.winner == "p1" and g.summary(s)["winner"] == "p1"
    assert ev[-1] == {"event": "game_over", "winner": "p1"}
    refused(g, s, "p1 end", "the game is over", "End of game")
