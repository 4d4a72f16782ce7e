"""The advanced rules, each switched on by its own option: abilities, group throws, the
counter-attack, mascot and coach cards, team building and the draft."""

import pytest

from companion.engine.core import Header
from tests.games.dodgeball.court import ENGINE, court, outcome, play, refused, reveal


def test_group_throw_plus_one_thr_a_supporter_and_their_balls_go_to_the_targets_strays():
    g, s = court(
        p1_off=("rita", "tomas", "hook"),
        strays=(4, 3),
        group_throws=True,
        hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")),
    )
    play(g, s, "p1 give rita", "p1 give tomas", "p1 give hook")
    refused(g, s, "p1 group rita vix pip", "pip cannot support", "Group throws")
    ev = play(g, s, "p1 group rita vix tomas hook")
    assert (
        s.coach("p2").strays == 5 and s.coach("p1").balls["tomas"] == 0 and s.coach("p1").balls["hook"] == 0
    )
    ev = play(g, s, "p1 play +1", "p2 play +2", "p2 dodge")
    assert reveal(ev)["thrower"]["text"] == "THR 6+2+1=9"
    assert outcome(ev)["result"] == "hit"  # 9 vs DOD 6+2=8


def test_a_supporter_adds_only_one_even_holding_two_balls():
    g, s = court(p1_off=("rita", "tomas"), strays=(4, 3), group_throws=True)
    play(g, s, "p1 give rita", "p1 give tomas", "p1 give tomas", "p1 group rita vix tomas")
    assert s.coach("p1").balls["tomas"] == 1
    ev = play(g, s, "p1 play +1", "p2 play +1", "p2 dodge")
    assert reveal(ev)["thrower"]["text"] == "THR 6+1+1=8"


def counter_court(holders=("lena",), **kw):
    g, s = court(strays=(3, 3), counter_attack=True, hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")), **kw)
    for p in holders:
        s.coach("p2").balls[p] = 1
        s.coach("p2").strays -= 1
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
    return g, s


def test_a_counter_attack_uses_cou_from_either_zone_once_per_opposing_turn():
    g, s = counter_court()
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p2", "counter") and "p2 counter lena rita" in p.options
    ev = play(g, s, "p2 counter lena tomas")
    assert s.coach("p2").zone["lena"] == "off"  # moved forward to throw
    ev = play(g, s, "p2 play +1", "p1 play +2", "p1 dodge")
    assert reveal(ev)["thrower"]["text"] == "COU 3+1-1=3"  # lena's COU 3, tomas in defence
    assert outcome(ev)["result"] == "dodged"
    play(g, s, "chance draw +4", "chance draw +4")
    assert g.prompt(s).actor == "p1" and s.coach("p2").counter_used


def test_passing_keeps_the_counter_attack_for_a_later_throw_of_that_turn():
    g, s = counter_court()
    play(g, s, "p2 pass")
    assert g.prompt(s).actor == "p1" and not s.coach("p2").counter_used


def test_a_counter_attack_from_defence_cannot_break_the_four_in_offence_limit():
    g, s = counter_court(holders=("lena", "vix"), p2_off=("vix", "rune", "dart", "sly"))
    assert g.prompt(s).kind == "counter" and not any(" lena " in o for o in g.prompt(s).options)
    refused(
        g, s, "p2 counter lena rita", "lena would join a full offensive zone (4 players)", "Counter-attack"
    )


def test_abilities_add_to_the_printed_attribute_and_show_in_the_sum():
    g, s = court(abilities=True, strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    ev = play(g, s, "p1 give rita", "p1 throw rita lena", "p1 play +2", "p2 play +1", "p2 dodge")
    assert reveal(ev)["thrower"]["text"] == "THR 6+1+2-1=8"  # Long Arm against the defensive zone


def test_abilities_are_off_in_the_basic_game():
    g, s = court(strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    ev = play(g, s, "p1 give rita", "p1 throw rita lena", "p1 play +2", "p2 play +1", "p2 dodge")
    assert reveal(ev)["thrower"]["text"] == "THR 6+2-1=7"


def test_a_base_attribute_ability_reads_the_printed_value():
    from companion.games.dodgeball.power import Context, attribute

    g = ENGINE
    s = g.new_state(Header("dodgeball", options={"teams": {"p1": "moles", "p2": "foxes"}, "abilities": True}))
    moles = s.coach("p1")
    for p in moles.players:
        moles.zone[p] = "def"
    assert attribute(g, s, moles, "moss", "COU", Context("counter")).arithmetic() == "COU 3+1=4"
    assert attribute(g, s, moles, "moss", "COU", Context("throw")).arithmetic() == "COU 3"


def test_con_is_untouched_by_abilities_unless_they_name_it():
    from companion.games.dodgeball.power import Context, con_of

    g = ENGINE
    s = g.new_state(
        Header("dodgeball", options={"teams": {"p1": "falcons", "p2": "bears"}, "abilities": True})
    )
    for coach in s.coaches:
        for i, p in enumerate(coach.players):
            coach.zone[p] = "def" if i >= 3 else "out"  # three left: Last Stand and Steady apply
    assert con_of(g, s, s.coach("p1"), "pip", Context("defend")) == 2  # "every attribute but CON"
    assert con_of(g, s, s.coach("p2"), "ted", Context("defend")) == 3  # Steady names CON


def test_a_mascot_is_played_with_the_card_and_survives_a_deceive():
    g, s = court(mascots=True, strays=(3, 3), hands=(("+1", "+2", "+3"), ("DECEIVE", "+2", "+5")))
    play(g, s, "p1 give rita", "p1 throw rita vix")
    assert "p1 play +1 gull" in g.prompt(s).options
    ev = play(g, s, "p1 play +1 gull", "p2 play DECEIVE", "p2 dodge")
    assert reveal(ev)["active"] == {"p1": ["gull"]} and s.coach("p1").mascot == ""
    play(g, s, "chance draw +4", "chance draw +1")
    assert "p1 play +2 gull" not in g.prompt(s).options  # out of the game once played
    ev = play(g, s, "p1 play +2", "p2 play +1")
    assert reveal(ev)["thrower"]["text"] == "THR 6+2+2=10"  # the mascot still counts


def test_a_mascot_boosts_only_its_own_teams_players():
    g, s = court(mascots=True, strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    play(g, s, "p1 give rita", "p1 throw rita vix", "p1 play +1", "p2 play +1 fox", "p2 dodge")
    assert s.last["target"]["text"] == "DOD 6+2+1=9"  # Flick the Fox: foxes' DOD +2


def test_a_coach_card_adds_in_its_situation_then_leaves_the_game():
    g, s = court(coach_cards=True, strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    ev = play(g, s, "p1 give rita", "p1 throw rita lena", "p1 play +1 dana", "p2 play +1", "p2 dodge")
    assert reveal(ev)["thrower"]["text"] == "THR 6+3+1-1=9" and s.coach("p1").coach == ""


def test_mascot_and_coach_cards_are_refused_when_their_rule_is_off():
    g, s = court(strays=(3, 3))
    play(g, s, "p1 give rita", "p1 throw rita vix")
    refused(
        g,
        s,
        "p1 play +1 gull",
        "mascot cards are an advanced rule not in play (option mascots)",
        "Mascot cards",
    )


def test_a_spent_mascot_is_refused_as_spent():
    """ "it must remain in their hand until it is used": once played, the refusal says so."""
    g, s = court(mascots=True, strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    play(
        g,
        s,
        "p1 give rita",
        "p1 give tomas",
        "p1 forward tomas",
        "p1 throw rita vix",
        "p1 play +1 gull",
        "p2 play +5",
        "p2 dodge",
        "chance draw +4",
        "chance draw +1",
        "p1 throw tomas vix",
    )
    refused(
        g, s, "p1 play +2 gull", "p1 has used its mascot card: once played it leaves the game", "Mascot cards"
    )


def test_teams_over_the_star_limit_are_refused():
    with pytest.raises(ValueError, match="options.teams.p1: falcons is over the star limit of 18"):
        ENGINE.new_state(
            Header("dodgeball", options={"teams": {"p1": "falcons", "p2": "moles"}, "star_limit": 18})
        )
    with pytest.raises(ValueError, match="options.star_limit: no team of the pack fits 18 stars"):
        ENGINE.new_state(Header("dodgeball", options={"star_limit": 18}))


def test_choosing_teams_at_the_table():
    g = ENGINE
    s = g.new_state(Header("dodgeball"))
    play(g, s, "p1 team moles")
    refused(g, s, "p2 team moles", "the other coach already plays moles", "Creating teams")
    play(g, s, "p2 team bears")
    assert s.coach("p2").players[0] == "ursa" and g.prompt(s).chance.verb == "deal"


def test_the_draft_captains_then_ten_athletes_picked_in_turn_within_the_star_limit():
    g = ENGINE
    s = g.new_state(Header("dodgeball", options={"draft": True, "mascots": True}))
    play(g, s, "p1 captain vix")
    assert "p2 captain rune" not in g.prompt(s).options  # captains only, one team each
    play(g, s, "p2 captain brick")
    spec = g.prompt(s).chance
    assert spec.count == 10 and "rita" not in spec.faces
    pool = ["tomas", "hook", "nets", "kit", "pip", "anvil", "clay", "moss", "tuck", "gus"]
    drawn = play(g, s, "chance draft " + " ".join(pool))[-1]
    assert (
        drawn["decided"]
        == "P1 picks first: the rulebook says only that the coaches take turns, the device decides"
    )
    assert drawn["text"].endswith(drawn["decided"])  # the screens show the told text
    refused(g, s, "p1 pick rune", "'rune' is not among the athletes left to pick", "Creating teams")
    picks = ["tomas", "anvil", "hook", "clay", "nets", "moss", "kit", "tuck", "pip", "gus"]
    for i, athlete in enumerate(picks):
        play(g, s, f"p{i % 2 + 1} pick {athlete}")
    assert s.coach("p1").players == ["vix", "tomas", "hook", "nets", "kit", "pip"]
    assert s.coach("p1").mascot == "fox"  # the captain's team's mascot
    assert g.prompt(s).chance.verb == "deal"


def test_a_draft_pick_over_the_star_limit_is_refused():
    g = ENGINE
    s = g.new_state(Header("dodgeball", options={"draft": True, "star_limit": 18}))
    play(
        g,
        s,
        "p1 captain vix",
        "p2 captain brick",
        "chance draft tomas anvil hook clay nets moss kit tuck pip gus",
    )
    # Vix (5) + Tomas (4) + the four cheapest left (2+2+3+3) = 19: no way to finish within 18
    refused(
        g, s, "p1 pick tomas", "after tomas, p1's team could not reach six within 18 stars", "Creating teams"
    )
    play(g, s, "p1 pick hook")
    s.coach("p1").players += ["nets", "kit", "moss"]  # 5+3+3+3+3 = 17 with one pick to go
    s.pool = [p for p in s.pool if p not in ("nets", "kit", "moss")]
    play(g, s, "p2 pick pip")  # none fits P2 either: the fewest stars
    refused(g, s, "p1 pick anvil", "anvil would take p1's team over 18 stars", "Creating teams")
    assert g.prompt(s).options == ("p1 pick gus",)  # none fits: the fewest stars left


def test_mascot_and_coach_cards_sit_outside_the_hand_of_three_and_not_in_the_rush():
    g, s = court(
        mascots=True, coach_cards=True, strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5"))
    )
    assert len(s.coach("p1").hand) == 3 and s.coach("p1").mascot == "gull" and s.coach("p1").coach == "dana"
    play(g, s, "p1 give rita", "p1 throw rita vix", "p1 play +1 gull dana", "p2 play +1", "p2 dodge")
    play(g, s, "chance draw +4", "chance draw +4")
    assert len(s.coach("p1").hand) == 3 and s.coach("p1").discard == ["+1"]  # one card drawn, for +1
    g2 = ENGINE
    s2 = g2.new_state(
        Header("dodgeball", options={"teams": {"p1": "falcons", "p2": "foxes"}, "mascots": True})
    )
    play(g2, s2, "chance deal +1 +2 +3", "chance deal +1 +2 +3", "p1 forward rita pip")
    assert not any("gull" in o for o in g2.prompt(s2).options)


def test_a_counter_attack_may_be_a_group_throw_when_group_throws_are_on():
    """Group throws: "This action can be used whenever a throw attempt is made", a
    counter-attack included: ``p2 counter THROWER TARGET SUPPORTER...``."""
    g, s = counter_court(holders=("lena", "vix"), group_throws=True)
    assert "p2 counter lena rita vix" in g.prompt(s).options
    strays = s.coach("p1").strays
    ev = play(g, s, "p2 counter lena rita vix", "p2 play +2", "p1 play +2", "p1 dodge")
    assert ["group", 1] in reveal(ev)["thrower"]["terms"] and s.coach("p1").strays >= strays + 1
    h, t = counter_court(holders=("lena", "vix"))  # group throws off: one player's throw
    assert all(len(o.split()) == 4 for o in h.prompt(t).options if " counter " in o)
    refused(h, t, "p2 counter lena rita vix", "group throws are not in play", "Group throws")


def test_building_teams_from_every_player_one_captain_within_the_star_limit_then_mascot_and_coach():
    g = ENGINE
    s = g.new_state(Header("dodgeball", options={"build": True, "mascots": True, "coach_cards": True}))
    assert len(g.prompt(s).options) == len(g.pack.players)
    play(g, s, "p1 pick vix", "p2 pick rita")
    refused(g, s, "p1 pick ursa", "p1's team has its captain: a team has only one", "Creating teams")
    refused(g, s, "p1 pick rita", "'rita' is not among the athletes left to pick", "Creating teams")
    for a, b in (("rune", "tomas"), ("lena", "hook"), ("dart", "nets"), ("sly", "kit"), ("wisp", "pip")):
        play(g, s, f"p1 pick {a}", f"p2 pick {b}")
    assert [len(c.players) for c in s.coaches] == [6, 6]
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p1", "kit") and "p1 mascot bear" in p.options
    play(g, s, "p1 mascot bear", "p1 coach rook", "p2 mascot gull", "p2 coach dana")
    assert (s.coach("p1").mascot, s.coach("p1").coach) == ("bear", "rook")
    assert g.prompt(s).chance.verb == "deal"


def test_teams_are_drafted_or_built_not_both():
    with pytest.raises(ValueError, match="options.build: teams are either drafted or built"):
        ENGINE.new_state(Header("dodgeball", options={"build": True, "draft": True}))
