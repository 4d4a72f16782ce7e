"""The retreat (with the rulebook's example: a 3-SPD player and a +2 card), the hand of three
with its draws and reshuffle, table cards, and views that never show the other coach's hand."""

from companion.engine.core import Header
from tests.games.dodgeball.court import ENGINE, court, play, refused

RETREAT = "Retreating"


def at_retreat(hand=("+1", "+2", "CON"), forward=("pip", "tomas")):
    g, s = court(p1_off=forward, hands=(hand, ("+1", "+2", "+3")), strays=(0, 3))
    play(g, s, "p1 end")
    return g, s


def test_the_rulebook_example_a_3_spd_player_retreats_with_a_plus_2_card():
    g, s = at_retreat()
    assert g.pack.by_player["pip"].attrs["SPD"] == 3
    refused(g, s, "p1 retreat pip +1", "pip's SPD 3 and +1 make 4: a retreat needs 5 or more", RETREAT)
    ev = play(g, s, "p1 retreat pip +2")
    assert s.coach("p1").zone["pip"] == "def" and s.coach("p1").discard == ["+2"]
    assert {"event": "retreat", "seat": "p1", "player": "pip", "card": "+2"} in ev
    assert g.prompt(s).chance.private == "p1"  # the card is replaced
    play(g, s, "chance draw +4")
    assert s.active == "p2" and len(s.coach("p1").hand) == 3


def test_consistency_retreats_a_3_spd_player_whose_con_is_2_or_more():
    g, s = at_retreat()
    assert g.pack.by_player["pip"].attrs["CON"] == 2
    play(g, s, "p1 retreat pip CON")
    assert s.coach("p1").zone["pip"] == "def"


def test_a_5_spd_player_still_spends_a_card_and_deceive_is_never_spent():
    g, s = at_retreat(hand=("DECEIVE", "SUPER", "+1"))
    assert "p1 retreat tomas SUPER" in g.prompt(s).options
    refused(g, s, "p1 retreat tomas DECEIVE", "DECEIVE cannot be discarded to retreat", RETREAT)
    refused(g, s, "p1 retreat tomas", "", "Throw balls")
    play(g, s, "p1 retreat tomas SUPER")
    assert s.coach("p1").discard == ["SUPER"]


def test_one_retreat_a_turn_and_only_from_the_offensive_zone():
    g, s = at_retreat()
    refused(g, s, "p1 retreat rita +2", "rita is not in p1's offensive zone", RETREAT)
    play(g, s, "p1 retreat pip +2", "chance draw +4")
    assert s.active == "p2"  # the turn ended with the retreat


def test_no_possible_retreat_ends_the_turn_by_itself():
    g, s = at_retreat(hand=("+1", "+1", "DECEIVE"), forward=("pip",))
    assert s.active == "p2" and g.prompt(s).kind == "turn"


def test_staying_ends_the_turn_and_the_other_coach_plays():
    g, s = at_retreat()
    ev = play(g, s, "p1 stay")
    assert s.active == "p2" and ev[-1]["event"] == "turn" and ev[-1]["must_throw"] is True


def test_the_discard_pile_is_reshuffled_when_the_last_card_is_drawn():
    g, s = ENGINE, ENGINE.new_state(Header("dodgeball", options={"teams": {"p1": "falcons", "p2": "foxes"}}))
    p1 = s.coach("p1")
    play(g, s, "chance deal +1 +1 +2", "chance deal +1 +2 +3")
    p1.deck, p1.discard = ["+5"], ["+2", "+3", "+3", "+4", "+4", "CON", "SUPER", "DECEIVE"]
    p1.hand.remove("+2")
    p1.discard.append("+2")
    from companion.games.dodgeball.cards import push_draws

    push_draws(s, ["p1"])
    ev = g.apply(s, "chance draw +5")
    assert {"event": "reshuffle", "seat": "p1"} in ev
    assert len(p1.deck) == 9 and p1.discard == [] and len(p1.hand) == 3


def test_table_cards_are_recorded_as_revealed_and_nothing_is_dealt():
    g, s = (
        ENGINE,
        ENGINE.new_state(
            Header("dodgeball", options={"teams": {"p1": "falcons", "p2": "foxes"}, "cards": "table"})
        ),
    )
    p = g.prompt(s)
    assert (p.actor, p.kind, p.private) == ("p1", "line", False)
    play(g, s, "p1 forward rita pip")
    assert "p1 reveal +5" in g.prompt(s).options and "p1 play +5" not in g.prompt(s).options
    play(g, s, "p1 reveal +5", "p2 forward vix rune", "p2 reveal +2")
    assert s.active == "p1" and s.coach("p1").discard == ["+5"]
    refused(g, s, "p1 retreat rita +5", "", "Throw balls")
    view = g.public_view(s, "p2")["coaches"]["p1"]
    assert view["deck"] == 8 and view["cards"] == 3 and view["discard"] == ["+5"]


def test_table_cards_a_card_all_of_whose_copies_are_discarded_cannot_be_revealed():
    g, s = court(cards="table", strays=(3, 3))
    s.coach("p1").deck.remove("+5")
    s.coach("p1").discard.append("+5")
    play(g, s, "p1 give rita", "p1 throw rita vix", "p2 dodge")
    refused(g, s, "p1 reveal +5", "every +5 of p1's deck is in the discard pile", "Intensity cards")


def test_table_cards_the_throw_asks_the_defensive_action_before_the_reveal():
    g, s = court(cards="table", strays=(3, 3))
    play(g, s, "p1 give rita", "p1 throw rita vix")
    assert g.prompt(s).kind == "defend"


def test_no_view_shows_the_other_coachs_hand_or_face_down_card():
    g, s = court(hands=(("+1", "+2", "+5"), ("+4", "CON", "DECEIVE")), strays=(3, 3))
    play(g, s, "p1 give rita", "p1 throw rita vix", "p1 play +5")
    for viewer, other in (("p1", "p2"), ("p2", "p1"), (None, "p1"), (None, "p2")):
        view = g.public_view(s, viewer)
        theirs = view["coaches"][other]
        assert not {"hand", "pick", "extras", "rush", "mascot_card", "coach_card"} & set(theirs)
        assert "+5" not in str(theirs) and "DECEIVE" not in str(theirs)
    mine = g.public_view(s, "p1")["coaches"]["p1"]
    assert mine["hand"] == ["+1", "+2"] and mine["pick"] == "+5"
    theirs = g.public_view(s, "p2")["coaches"]["p1"]
    assert theirs["picked"] is True and theirs["cards"] == 2
