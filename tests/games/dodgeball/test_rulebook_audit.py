"""A rulebook audit: scenarios written from the rulebook alone, each quoting the rule it checks,
driven through the engine's public API as a player at the table would.

Harbor Falcons (p1): Rita THR 6 CTH 3 SPD 4, Tomas THR 5 SPD 5, Ines Hook THR 4 ("+1 THR while
holding two balls"). Night Foxes (p2): Vix DOD 6 CTH 3, Wisp DOD 3, Lena COU 3 DOD 4, Sly CTH 4."""

import pytest

from companion.engine.core import IllegalAction
from tests.games.dodgeball.court import court, new, outcome, play, refused, reveal

THROW = "Throw balls"


def balls_in_game(s) -> int:
    return sum(c.balls_on_side() for c in s.coaches)


# ---------------------------------------------------------------- setting the game


def test_each_coach_has_twelve_intensity_cards_and_draws_three():
    """ "Each coach then shuffles their own deck of 12 intensity cards and draws three cards"
    (nine BOOST cards: two +1, +2, +3, +4 and one +5; CONSISTENCY; SUPERSHOT; DECEIVE)."""
    g, s = new()
    deck = sorted(g.pack.deck)
    assert deck == sorted(["+1", "+1", "+2", "+2", "+3", "+3", "+4", "+4", "+5", "CON", "SUPER", "DECEIVE"])
    play(g, s, "chance deal +1 +5 SUPER", "chance deal +2 CON DECEIVE")
    for c in s.coaches:
        assert len(c.hand) == 3 and len(c.deck) == 9


# ---------------------------------------------------------------- turns and organising


def test_the_coach_who_is_not_playing_cannot_move_players_or_balls():
    """ "The coach who has lost the opening rush must keep their two players in the offensive
    zone and can not move their players around.\""""
    g, s = court(p2_off=("vix", "rune"))
    before = g.to_json(s)
    for action in ("p2 forward lena", "p2 back vix", "p2 give vix"):
        with pytest.raises(IllegalAction):
            g.apply(s, action)
    assert g.to_json(s) == before
    assert sorted(s.coach("p2").in_zone("off")) == ["rune", "vix"]


def test_there_is_no_minimum_offensive_line():
    """ "There is no minimum number of players for the offensive line.\""""
    g, s = court(p1_off=("rita",), strays=(2, 3))
    play(g, s, "p1 back rita", "p1 end")
    assert s.coach("p1").in_zone("off") == []
    assert s.active == "p2"  # nobody to retreat: the turn passed


def test_eliminated_players_take_no_action_and_cannot_be_targeted():
    """ "Eliminated players are removed from the court and are not allowed to execute any
    actions.\""""
    g, s = court(strays=(3, 3))
    p1, p2 = s.coach("p1"), s.coach("p2")
    p1.zone["pip"], p1.out = "out", ["pip"]
    p2.zone["wisp"], p2.out = "out", ["wisp"]
    refused(g, s, "p1 forward pip", "pip is not a player of p1 on the court", "Organize")
    refused(g, s, "p1 give pip", "pip is not a player of p1 on the court", "Organize")
    play(g, s, "p1 give rita")
    refused(g, s, "p1 throw rita wisp", "wisp is not a player of p2 on the court", THROW)
    assert not any(o.endswith(" wisp") for o in g.prompt(s).options)


def test_a_player_holding_two_balls_may_throw_twice_and_keeps_the_second_ball():
    """ "The coach is allowed to attempt as many throws as they wish." "A player is allowed to
    have up to two balls in their possession.\""""
    g, s = court(strays=(3, 3))
    ev = play(
        g, s, "p1 give rita", "p1 give rita", "p1 throw rita vix", "p1 play +1", "p2 play +3", "p2 dodge"
    )
    assert outcome(ev)["result"] == "dodged"  # THR 6+1=7 vs DOD 6+3=9
    assert s.coach("p1").balls["rita"] == 1
    play(g, s, "chance draw +4", "chance draw +4")
    assert "p1 throw rita vix" in g.prompt(s).options
    ev = play(g, s, "p1 throw rita vix", "p1 play +4", "p2 play +1", "p2 dodge")
    assert outcome(ev)["result"] == "hit" and s.coach("p1").balls["rita"] == 0  # 10 vs 7


def test_each_coach_always_has_three_cards_after_a_throw():
    """ "Once an intensity card has been used, it is immediately discarded and a new one is drawn,
    so each coach always has three cards in their hands.\""""
    g, s = court(strays=(3, 3))
    play(
        g,
        s,
        "p1 give rita",
        "p1 throw rita vix",
        "p1 play +2",
        "p2 play +3",
        "p2 dodge",
        "chance draw +5",
        "chance draw CON",
    )
    assert s.coach("p1").hand == ["+1", "+3", "+5"] and s.coach("p1").discard == ["+2"]
    assert s.coach("p2").hand == ["+1", "+2", "CON"] and s.coach("p2").discard == ["+3"]


def test_the_compulsory_throw_counts_the_balls_at_the_start_of_that_coachs_turn():
    """ "If the coach has 3 or more balls on their side of the court at the beginning of the turn,
    at least one throw must be attempted in the coach's turn.\""""
    g, s = court(strays=(3, 2))
    assert s.must_throw
    play(
        g,
        s,
        "p1 give rita",
        "p1 throw rita vix",
        "p1 play +1",
        "p2 play +3",
        "p2 dodge",
        "chance draw +4",
        "chance draw +4",
    )
    assert s.coach("p2").balls_on_side() == 3  # the dodged ball joined p2's two
    play(g, s, "p1 end", "p1 stay")
    assert s.active == "p2" and s.must_throw
    refused(g, s, "p2 end", "p2 began the turn with 3 or more balls", THROW)


# ---------------------------------------------------------------- defending and stray balls


def test_a_successful_dodge_keeps_the_ball_the_target_holds():
    """DODGING: "This option can be used with or without the possession of a ball." "TARGET WINS:
    the ball has been successfully dodged. The thrown ball is moved to the target player's
    coach's stray ball area.\""""
    g, s = court(strays=(3, 2))
    s.coach("p2").balls["vix"] = 1
    play(g, s, "p1 give rita")
    assert "p2 dodge" in play_to_defend(g, s)
    ev = play(g, s, "p2 dodge")  # 6+1 vs 6+2
    assert outcome(ev)["result"] == "dodged"
    assert s.coach("p2").balls["vix"] == 1 and s.coach("p2").strays == 3


def play_to_defend(g, s, thrower="rita", target="vix", c1="+1", c2="+2"):
    play(g, s, f"p1 throw {thrower} {target}", f"p1 play {c1}", f"p2 play {c2}")
    return g.prompt(s).options


def test_a_lost_block_sends_the_thrown_ball_and_both_held_balls_to_the_targets_strays():
    """ "Stray ball kept by the target's team: A thrown ball that has successfully eliminated the
    target; Any ball(s) in possession of the player that has just been eliminated by a throw.\""""
    g, s = court(strays=(3, 1), hands=(("+1", "+2", "+5"), ("+1", "+2", "+3")))
    s.coach("p2").balls["vix"] = 2
    play(g, s, "p1 give rita")
    assert play_to_defend(g, s, c1="+5", c2="+1") == ("p2 block", "p2 dodge")  # no catch with balls
    ev = play(g, s, "p2 block")  # THR 6+5=11 vs BLO 3+1=4
    assert outcome(ev)["result"] == "hit" and s.coach("p2").zone["vix"] == "out"
    assert s.coach("p2").strays == 1 + 1 + 2 and s.coach("p2").balls["vix"] == 0
    assert balls_in_game(s) == 6


def test_eliminated_players_are_kept_in_order_and_a_catch_brings_back_the_first_out():
    """ "The coach must keep them in order of elimination, as caught balls bring back players
    eliminated first." "(in the order of first out, first in)\""""
    g, s = court(p1_off=("rita", "tomas"), strays=(3, 3), hands=(("+1", "+4", "+5"), ("+1", "+1", "+5")))
    play(g, s, "p1 give rita", "p1 give rita", "p1 give tomas")
    ev = play(
        g,
        s,
        "p1 throw rita wisp",
        "p1 play +5",
        "p2 play +1",
        "p2 dodge",  # 6+5-1 vs 3+1
        "chance draw +2",
        "chance draw +2",
    )
    assert outcome(ev)["out"] == ["wisp"]
    ev = play(
        g,
        s,
        "p1 throw rita lena",
        "p1 play +4",
        "p2 play +1",
        "p2 dodge",  # 6+4-1 vs 4+1
        "chance draw +3",
        "chance draw +3",
    )
    assert outcome(ev)["out"] == ["lena"] and s.coach("p2").out == ["wisp", "lena"]
    ev = play(g, s, "p1 throw tomas sly", "p1 play +1", "p2 play +5", "p2 catch")  # 5+1-1 vs CTH 4+5
    o = outcome(ev)
    assert o["result"] == "caught" and o["back"] == "wisp"
    assert s.coach("p2").out == ["lena"] and s.coach("p2").zone["wisp"] == "def"
    assert s.coach("p1").zone["tomas"] == "out" and s.coach("p2").balls["sly"] == 1
    assert balls_in_game(s) == 6


def test_a_catch_that_puts_out_the_throwers_last_player_ends_the_game():
    """ "Also, if a thrown ball is caught, the thrower is eliminated." "After all the players of one
    of the teams have been eliminated, the other team is declared the winner of the game.\""""
    g, s = court(strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    p1 = s.coach("p1")
    for p in p1.players[1:]:
        p1.zone[p] = "out"
        p1.out.append(p)
    play(g, s, "p1 give rita")
    ev = play(g, s, "p1 throw rita vix", "p1 play +1", "p2 play +5", "p2 catch")  # 7 vs CTH 3+5
    assert outcome(ev)["result"] == "caught"
    assert s.over and s.winner == "p2" and g.summary(s)["winner"] == "p2"


# ---------------------------------------------------------------- retreat


def test_a_retreating_player_keeps_its_balls_and_the_throw_step_may_be_skipped():
    """ "This player will keep carrying any balls in their possession, if they have any." "some
    steps may be skipped, but the order must be respected\""""
    g, s = court(p1_off=("rita", "tomas"), strays=(2, 3))
    play(g, s, "p1 give tomas", "p1 give tomas", "p1 end")
    play(g, s, "p1 retreat tomas +1")  # SPD 5 + 1
    assert s.coach("p1").zone["tomas"] == "def" and s.coach("p1").balls["tomas"] == 2
    assert s.coach("p1").strays == 0


# ---------------------------------------------------------------- advanced rules


def test_a_group_throw_of_four_players_adds_three_thr():
    """GROUP THROWS: "coordinated attacks executed by two or more players (up to four)" "For each
    supporting player, the thrower receives +1 THR.\""""
    g, s = court(p1_off=("rita", "tomas", "hook", "nets"), strays=(4, 2), group_throws=True)
    play(g, s, "p1 give rita", "p1 give tomas", "p1 give hook", "p1 give nets")
    ev = play(g, s, "p1 group rita vix tomas hook nets", "p1 play +1", "p2 play +3", "p2 dodge")
    assert reveal(ev)["thrower"]["total"] == 6 + 3 + 1
    assert outcome(ev)["result"] == "hit"  # 10 vs DOD 6+3=9
    assert s.coach("p2").strays == 2 + 3 + 1 and balls_in_game(s) == 6


def test_a_caught_group_throw_keeps_every_ball_in_the_game():
    """ "Discard one ball from each supporting player – these balls will become stray balls
    possessed by the target's team." Caught: "the thrown ball is immediately possessed by the
    target player. The thrower is eliminated.\""""
    g, s = court(
        p1_off=("rita", "tomas", "hook"),
        strays=(3, 3),
        group_throws=True,
        hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")),
    )
    play(g, s, "p1 give rita", "p1 give tomas", "p1 give hook")
    ev = play(g, s, "p1 group rita sly tomas hook", "p1 play +1", "p2 play +5", "p2 catch")
    assert reveal(ev)["thrower"]["total"] == 6 + 2 + 1 - 1 and outcome(ev)["result"] == "caught"  # 8 vs 9
    assert s.coach("p1").zone["rita"] == "out" and s.coach("p2").balls["sly"] == 1
    assert s.coach("p2").strays == 3 + 2 and balls_in_game(s) == 6


def counter_court(p2_hand=("+1", "+2", "+5"), p1_hand=("+1", "+2", "+3"), holders=("lena",), strays=(3, 3)):
    """P1's Rita throws at Wisp (defensive zone): 6+1-1=6 against DOD 3+5=8, dodged; both draw."""
    g, s = court(strays=strays, counter_attack=True, hands=(p1_hand, p2_hand))
    for p in holders:
        s.coach("p2").balls[p] = 1
        s.coach("p2").strays -= 1
    return g, s


def test_a_counter_attack_is_offered_after_a_throw_that_eliminated_a_teammate():
    """ "after an opponent's throw is fully executed (whether or not it eliminates someone from
    your team), the defending team may immediately choose a player in possession of at least
    one ball\""""
    g, s = counter_court(p1_hand=("+5", "+2", "+3"), p2_hand=("+1", "+2", "+3"))
    play(g, s, "p1 give rita")
    ev = play(
        g, s, "p1 throw rita wisp", "p1 play +5", "p2 play +1", "p2 dodge", "chance draw +4", "chance draw +4"
    )
    assert outcome(ev)["result"] == "hit"
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p2", "counter") and "p2 counter lena rita" in p.options


def test_no_counter_attack_without_a_player_holding_a_ball():
    """ "the defending team may immediately choose a player in possession of at least one ball"
    (stray balls behind the defensive zone are not held)."""
    g, s = counter_court(holders=())
    play(
        g,
        s,
        "p1 give rita",
        "p1 throw rita wisp",
        "p1 play +1",
        "p2 play +5",
        "p2 dodge",
        "chance draw +4",
        "chance draw +4",
    )
    assert s.coach("p2").strays == 4
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p1", "turn")


def test_only_one_counter_attack_in_the_whole_opposing_turn():
    """ "Each coach may perform only one counter-attack during the entire opposing attack turn.\""""
    g, s = counter_court(holders=("lena", "vix"), strays=(4, 3))
    play(
        g,
        s,
        "p1 give rita",
        "p1 give rita",
        "p1 throw rita wisp",
        "p1 play +1",
        "p2 play +5",
        "p2 dodge",
        "chance draw +4",
        "chance draw +4",
    )
    ev = play(
        g,
        s,
        "p2 counter lena tomas",
        "p2 play +1",
        "p1 play +2",
        "p1 dodge",  # COU 3+1-1 vs DOD 4+2
        "chance draw +3",
        "chance draw +5",
    )
    assert outcome(ev)["result"] == "dodged"
    assert (g.prompt(s).actor, g.prompt(s).kind) == ("p1", "turn")  # the attacking turn resumes
    ev = play(g, s, "p1 throw rita wisp", "p1 play +5", "p2 play +2", "p2 dodge")  # 6+5-1 vs 3+2
    assert outcome(ev)["result"] == "hit" and s.coach("p2").balls["vix"] == 1
    play(g, s, "chance draw +1", "chance draw +1")
    assert (g.prompt(s).actor, g.prompt(s).kind) == ("p1", "turn")  # Vix holds a ball: no 2nd counter


def test_a_caught_counter_attack_brings_back_the_attacking_teams_first_out_and_the_turn_resumes():
    """Counter-attack: "The results follow the same rules as a normal throw." "Regardless of the
    outcome of the counter-attack, the opponent resumes their attacking turn as usual.\""""
    g, s = counter_court(p1_hand=("+1", "+2", "+5"))
    p1 = s.coach("p1")
    p1.zone["pip"], p1.out = "out", ["pip"]
    play(
        g,
        s,
        "p1 give rita",
        "p1 throw rita wisp",
        "p1 play +1",
        "p2 play +5",
        "p2 dodge",
        "chance draw +4",
        "chance draw +4",
    )
    ev = play(g, s, "p2 counter lena rita", "p2 play +1", "p1 play +5", "p1 catch")  # COU 3+1 vs CTH 3+5
    o = outcome(ev)
    assert (o["result"], o["out"], o["back"]) == ("caught", ["lena"], "pip")
    assert p1.balls["rita"] == 1 and p1.zone["pip"] == "def" and s.coach("p2").zone["lena"] == "out"
    play(g, s, "chance draw +3", "chance draw +3")
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p1", "turn") and "p1 throw rita vix" in p.options


def test_supershot_is_plus_six_in_a_counter_attack_against_a_catch():
    """SUPERSHOT: "gives your player no boost, except when the opponent attempts a catch, becoming
    a +6 THR boost"; a counter-attack "is resolved similarly to a regular throw\""""
    g, s = counter_court()
    play(
        g,
        s,
        "p1 give rita",
        "p1 throw rita wisp",
        "p1 play +1",
        "p2 play +5",
        "p2 dodge",
        "chance draw +4",
        "chance draw SUPER",
    )
    ev = play(g, s, "p2 counter lena rita", "p2 play SUPER", "p1 play +2", "p1 catch")
    assert reveal(ev)["thrower"]["total"] == 3 + 6  # COU 3 + 6, Rita in offence
    assert outcome(ev)["result"] == "hit" and s.coach("p1").zone["rita"] == "out"  # 9 vs CTH 3+2


def test_an_eliminated_players_ability_no_longer_applies():
    """ "Players who have been eliminated can not use their ability unless they are brought back
    to the game due to a throw being caught." (Clay Dunn: teammates in the offensive zone +1 THR)"""

    def anvil_throws(clay_out: bool) -> int:
        g, s = court(p1="moles", p2="foxes", p1_off=("anvil", "clay"), strays=(3, 3), abilities=True)
        if clay_out:
            s.coach("p1").zone["clay"], s.coach("p1").out = "out", ["clay"]
        ev = play(g, s, "p1 give anvil", "p1 throw anvil vix", "p1 play +1", "p2 play +1", "p2 dodge")
        return reveal(ev)["thrower"]["total"]

    assert anvil_throws(clay_out=False) == 5 + 1 + 1 + 1  # Heavy Ball, Front Line, +1
    assert anvil_throws(clay_out=True) == 5 + 1 + 1


def test_an_ability_holding_two_balls_counts_for_the_throw_of_one_of_them():
    """ABILITIES: "As long as the described conditions of the ability are met, they are
    automatically activated." (Ines Hook, Double Up: "+1 THR while holding two balls")"""
    g, s = court(p1_off=("hook",), strays=(3, 3), abilities=True)
    ev = play(
        g, s, "p1 give hook", "p1 give hook", "p1 throw hook vix", "p1 play +1", "p2 play +1", "p2 dodge"
    )
    assert reveal(ev)["thrower"]["total"] == 4 + 1 + 1
    g, s = court(p1_off=("hook",), strays=(3, 3), abilities=True)
    ev = play(g, s, "p1 give hook", "p1 throw hook vix", "p1 play +1", "p2 play +1", "p2 dodge")
    assert reveal(ev)["thrower"]["total"] == 4 + 1  # one ball: no Double Up


def test_a_player_brought_back_by_a_catch_cannot_be_the_target_of_a_group_throw_either():
    """ "This returning player goes immediately to the defensive zone and throws can not be
    attempted at them during the thrower's coach's current turn." Group throws: "The rest of the
    process follows the same procedure as a regular throw.\""""
    g, s = court(
        p1_off=("rita", "tomas", "hook"),
        strays=(3, 3),
        group_throws=True,
        hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")),
    )
    p2 = s.coach("p2")
    p2.zone["wisp"], p2.out = "out", ["wisp"]
    play(g, s, "p1 give rita", "p1 give tomas", "p1 give hook")
    ev = play(
        g,
        s,
        "p1 throw rita vix",
        "p1 play +1",
        "p2 play +5",
        "p2 catch",  # 7 vs CTH 3+5
        "chance draw +4",
        "chance draw +4",
    )
    assert outcome(ev)["back"] == "wisp"
    assert not any(" wisp" in o for o in g.prompt(s).options)
    refused(g, s, "p1 group tomas wisp hook", "wisp came back after a catch", "Catching")


def test_the_catcher_may_counter_attack_with_the_ball_just_caught():
    """Catch: "the thrown ball is immediately possessed by the target player." Counter-attack:
    "choose a player in possession of at least one ball to make a throw against any opposing
    player\""""
    g, s = counter_court(holders=())
    play(
        g,
        s,
        "p1 give rita",
        "p1 give tomas",
        "p1 throw rita vix",
        "p1 play +1",
        "p2 play +5",
        "p2 catch",
        "chance draw +4",
        "chance draw +4",
    )
    assert s.coach("p2").balls["vix"] == 1 and s.coach("p1").zone["rita"] == "out"
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p2", "counter") and p.options == (
        "p2 counter vix tomas",
        "p2 counter vix hook",
        "p2 counter vix nets",
        "p2 counter vix kit",
        "p2 counter vix pip",
        "p2 pass",
    )
