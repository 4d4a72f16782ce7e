"""Organising, the throw's legality and the compulsory throw: refusals name the rule and
change nothing."""

from tests.games.dodgeball.court import court, play, refused

ORG, THROW = "Organize", "Throw balls"


def test_at_most_four_players_in_the_offensive_zone():
    """ "Up to four players can be placed in the offensive zone": held when organising is done.
    The coach "can freely move around all their players", so a fifth may go forward on the way."""
    g, s = court(p1_off=("rita", "tomas", "hook", "nets"), strays=(3, 3))
    play(g, s, "p1 forward kit", "p1 give kit")
    assert not any(o.split()[1] in ("throw", "end") for o in g.prompt(s).options)
    assert g.prompt(s).text == "5 forward, max 4"  # the panel says why no throw is offered
    refused(
        g,
        s,
        "p1 throw kit vix",
        "the offensive zone holds 5 players of p1: at most 4 when organising is done",
        ORG,
    )
    play(g, s, "p1 back nets", "p1 throw kit vix")
    assert sorted(s.coach("p1").in_zone("off")) == ["hook", "kit", "rita", "tomas"]


def test_at_most_two_balls_a_player_and_only_stray_balls_are_given():
    g, s = court(strays=(4, 3))
    play(g, s, "p1 give rita", "p1 give rita", "p1 give rita")  # free while organising
    assert g.prompt(s).text == "rita: 3 balls, max 2"
    refused(g, s, "p1 throw rita vix", "rita holds 3 balls: at most 2 a player when organising is done", ORG)
    play(g, s, "p1 drop rita", "p1 give tomas", "p1 give tomas")
    refused(g, s, "p1 give hook", "p1 has no stray ball to give", ORG)
    play(g, s, "p1 drop tomas")
    assert s.coach("p1").strays == 1 and s.coach("p1").balls_on_side() == 4
    refused(g, s, "p1 drop hook", "hook holds no ball", ORG)


def test_only_ones_own_players_on_the_court_move():
    g, s = court()
    refused(g, s, "p1 forward vix", "vix is not a player of p1 on the court", ORG)
    refused(g, s, "p1 forward rita", "rita is already in the offensive zone", ORG)
    refused(g, s, "p1 back pip", "pip is already in the defensive zone", ORG)


def test_throws_only_from_the_offensive_zone_by_a_player_holding_a_ball():
    g, s = court()
    refused(g, s, "p1 throw rita vix", "rita holds no ball", THROW)
    play(g, s, "p1 give pip")
    refused(
        g,
        s,
        "p1 throw pip vix",
        "pip is in the defensive zone: throws are made from the offensive zone only",
        THROW,
    )
    refused(g, s, "p1 throw pip tomas", "", THROW)
    play(g, s, "p1 give rita")
    refused(g, s, "p1 throw rita tomas", "tomas is not a player of p2 on the court", THROW)
    refused(g, s, "p1 group rita vix pip", "group throws are an advanced rule not in play", "Group throws")


def test_no_moving_cards_or_balls_after_the_first_throw():
    g, s = court(strays=(3, 3))
    play(g, s, "p1 give rita", "p1 give rita", "p1 throw rita vix", "p1 play +3", "p2 play +1", "p2 dodge")
    play(g, s, "chance draw +4", "chance draw +4")
    after = "after the first throw no player or ball may move"
    refused(g, s, "p1 give tomas", after, THROW)
    refused(g, s, "p1 forward tomas", after, THROW)
    refused(g, s, "p1 back rita", after, THROW)
    refused(g, s, "p1 drop rita", after, THROW)
    assert "p1 throw rita vix" in g.prompt(s).options or "p1 throw rita rune" in g.prompt(s).options


def test_three_balls_at_the_start_of_the_turn_make_a_throw_compulsory():
    g, s = court(strays=(3, 3))
    assert s.must_throw
    refused(
        g, s, "p1 end", "p1 began the turn with 3 or more balls: at least one throw must be attempted", THROW
    )
    play(g, s, "p1 give rita", "p1 throw rita wisp", "p1 play +1", "p2 play +1", "p2 dodge")
    play(g, s, "chance draw +4", "chance draw +4")
    play(g, s, "p1 end")  # one throw was attempted: the step may end


def test_balls_held_count_too_and_two_balls_make_no_obligation():
    g, s = court(strays=(2, 3))
    assert not s.must_throw
    play(g, s, "p1 end")
    g, s = court(strays=(1, 3))
    s.coach("p1").balls["rita"] = 2
    from companion.games.dodgeball.turns import start_turn

    start_turn(g, s, "p1", [])
    assert s.must_throw


def test_the_compulsory_throw_lapses_when_no_opposing_player_may_be_targeted():
    g, s = court(strays=(3, 3))
    s.coach("p2").protected = list(s.coach("p2").on_court())
    assert "p1 end" in g.prompt(s).options
    play(g, s, "p1 end")


def test_a_player_brought_back_by_a_catch_cannot_be_targeted_that_turn():
    g, s = court(strays=(3, 3))
    s.coach("p2").protected = ["vix"]
    play(g, s, "p1 give rita")
    refused(
        g,
        s,
        "p1 throw rita vix",
        "vix came back after a catch: no throw may target them this turn",
        "Catching",
    )
