"""Setting the game and the opening rush, with the rulebook's example (12 against 11): Iron Moles
(p1: Bruno SPD 4, Clay SPD 3) against Harbor Falcons (p2: Tomas SPD 5, Rita SPD 4)."""

from tests.games.dodgeball.court import deal, new, play, refused, reveal

RUSH = "Opening rush"


def rush_to_reveal(g, s, line1="brick clay", card1="+5", line2="tomas rita", card2="+2"):
    return play(g, s, f"p1 forward {line1}", f"p1 play {card1}", f"p2 forward {line2}", f"p2 play {card2}")


def test_each_coach_is_dealt_three_cards_privately():
    g, s = new("moles", "falcons")
    p = g.prompt(s)
    assert (p.chance.private, p.chance.count, p.chance.by) == ("p1", 3, "device")
    deal(g, s, ("+5", "+1", "DECEIVE"), ("+2", "+3", "CON"))
    assert s.coach("p1").hand == ["+1", "+5", "DECEIVE"] and len(s.coach("p1").deck) == 9
    assert g.prompt(s).private and g.prompt(s).kind == "line"


def test_the_rulebook_example_team_a_12_beats_team_b_11():
    """Team A: SPD 3 and 4 (7) + a +5 card = 12; team B: SPD 4 and 5 (9) + a +2 = 11: A begins."""
    g, s = new("moles", "falcons")
    deal(g, s, ("+5", "+1", "+1"), ("+2", "+3", "+3"))
    assert [g.pack.by_player[p].attrs["SPD"] for p in ("clay", "brick")] == [3, 4]
    assert [g.pack.by_player[p].attrs["SPD"] for p in ("rita", "tomas")] == [4, 5]
    ev = rush_to_reveal(g, s)
    r = reveal(ev)
    assert r["powers"]["p1"]["total"] == 12 and r["powers"]["p2"]["total"] == 11
    assert r["powers"]["p1"]["text"] == "SPD 4+3+5=12"
    assert r["winner"] == "p1" and s.active == "p1"
    # both discard the rush card and draw: p1 then p2
    assert s.coach("p1").discard == ["+5"] and s.coach("p2").discard == ["+2"]
    assert g.prompt(s).chance.private == "p1"


def test_after_the_rush_each_coach_has_three_stray_balls_and_the_line_is_set():
    g, s = new("moles", "falcons")
    deal(g, s, ("+5", "+1", "+1"), ("+2", "+3", "+3"))
    rush_to_reveal(g, s)
    play(g, s, "chance draw +2", "chance draw +4")
    assert [c.strays for c in s.coaches] == [3, 3]
    p2 = s.coach("p2")
    assert sorted(p2.in_zone("off")) == ["rita", "tomas"] and len(p2.in_zone("def")) == 4
    assert s.must_throw is True and g.prompt(s).actor == "p1"


def test_a_rush_tie_is_replayed_with_another_card_the_value_alone_counting():
    g, s = new("moles", "falcons")
    deal(g, s, ("+4", "+1", "+3"), ("+2", "+3", "+1"))
    ev = rush_to_reveal(g, s, card1="+4", card2="+2")  # 7+4 = 9+2: a tie
    assert reveal(ev)["winner"] is None and s.duel.kind == "tie"
    play(g, s, "chance draw +2", "chance draw +5")
    ev = play(g, s, "p1 play +1", "p2 play +1")  # 1 = 1: tie again
    assert reveal(ev)["winner"] is None
    play(g, s, "chance draw +4", "chance draw +4")
    ev = play(g, s, "p1 play +2", "p2 play +3")  # the value alone: SPD no longer counts
    assert reveal(ev)["winner"] == "p2" and s.active == "p2"


def test_consistency_in_the_rush_adds_the_higher_con_of_the_two_forward_players():
    g, s = new("moles", "falcons")
    deal(g, s, ("CON", "+1", "+1"), ("+1", "+3", "+3"))
    ev = rush_to_reveal(g, s, card1="CON", card2="+1")
    assert reveal(ev)["powers"]["p1"]["text"] == "SPD 4+3+3=10"  # Bruno's CON 3 beats Clay's 2


def test_supershot_counts_nothing_in_the_rush_and_in_the_tie_replay():
    g, s = new("moles", "falcons")
    deal(g, s, ("SUPER", "+1", "+2"), ("+1", "+3", "+3"))
    ev = rush_to_reveal(g, s, line1="brick anvil", card1="SUPER", card2="+1")
    assert reveal(ev)["powers"]["p1"]["total"] == 8 and reveal(ev)["powers"]["p2"]["total"] == 10


def test_deceive_in_the_rush_cancels_both_and_both_play_again_after_drawing():
    g, s = new("moles", "falcons")
    deal(g, s, ("DECEIVE", "+1", "+2"), ("+5", "+3", "+3"))
    ev = rush_to_reveal(g, s, card1="DECEIVE", card2="+5")
    r = reveal(ev)
    assert r["deceive"] == ["p1"] and r["lines"]["p1"] == ["brick", "clay"]
    assert s.coach("p1").zone["brick"] == "off"  # the line is revealed and stands
    assert s.coach("p1").discard == ["DECEIVE"] and s.coach("p2").discard == ["+5"]
    assert g.prompt(s).chance.private == "p1"  # both draw before playing again
    play(g, s, "chance draw +4", "chance draw +1")
    assert [g.prompt(s).actor, g.prompt(s).kind] == ["p1", "card"]  # no new line
    ev = play(g, s, "p1 play +4", "p2 play +1")
    assert reveal(ev)["powers"]["p1"]["total"] == 11 and reveal(ev)["winner"] == "p1"


def test_both_coaches_playing_deceive_cancel_each_other():
    g, s = new("moles", "falcons", cards="table")
    ev = play(
        g, s, "p1 forward brick clay", "p1 reveal DECEIVE", "p2 forward tomas rita", "p2 reveal DECEIVE"
    )
    assert reveal(ev)["deceive"] == ["p1", "p2"]
    refused(g, s, "p1 reveal DECEIVE", "every DECEIVE of p1's deck is in the discard pile", "Intensity cards")
    ev = play(g, s, "p1 reveal +4", "p2 reveal +1")  # 7+4 against 9+1
    assert reveal(ev)["winner"] == "p1"


def test_the_rush_line_is_two_different_players_of_ones_own_team():
    g, s = new("moles", "falcons")
    deal(g, s)
    refused(g, s, "p1 forward brick", "exactly 2 different players", RUSH)
    refused(g, s, "p1 forward brick rita", "'rita' is not a player of p1's team", RUSH)
    refused(g, s, "p1 forward brick brick", "exactly 2 different players", RUSH)
    refused(g, s, "p1 play +5", "exactly 2 different players", RUSH)


def test_a_card_not_in_hand_is_refused():
    g, s = new("moles", "falcons")
    deal(g, s, ("+1", "+1", "+2"), ("+2", "+3", "+3"))
    play(g, s, "p1 forward brick clay")
    refused(g, s, "p1 play +5", "+5 is not in p1's hand", "Intensity cards")


def test_consistency_in_the_tie_replay_counts_the_higher_con_of_the_rushers():
    g, s = new("moles", "falcons")
    deal(g, s, ("+4", "CON", "+1"), ("+2", "+3", "+1"))
    rush_to_reveal(g, s, card1="+4", card2="+2")  # 11 = 11
    play(g, s, "chance draw +2", "chance draw +5")
    ev = play(g, s, "p1 play CON", "p2 play +1")  # Bruno's CON 3 against +1
    assert reveal(ev)["powers"]["p1"]["text"] == "CON = 3" and reveal(ev)["winner"] == "p1"


def test_the_rush_line_is_chosen_as_two_of_six_in_any_order():
    g, s = new("moles", "falcons")
    deal(g, s)
    p = g.prompt(s)
    assert p.options is None and p.choice["multi"]["items"] == s.coach("p1").players and p.private
    assert len(g.legal_actions(s)) == 15
    play(g, s, "p1 forward clay brick")
    assert s.coach("p1").rush == ["brick", "clay"]
