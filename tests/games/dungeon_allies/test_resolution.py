"""The resolution after the excursions, in the board's order: turn order, treasure, trainer,
tavern, free the prisoner, trade, sorcerer; and the refill at the end of the turn."""

from companion.games.dungeon_allies.state import Ally

from .table import engine, give, kinds, play, refused, set_up
from .test_rulebook_audit import event


def place_all(g, s, *spaces: str) -> list[dict]:
    """Each prompt's player puts the die the option names on the next space."""
    events = []
    for space in spaces:
        p = g.prompt(s)
        option = next(o for o in p.options if o.endswith(f" {space}"))
        events += play(g, s, option)
    return events


def test_the_resolution_runs_in_the_boards_order():
    g = engine()
    s = set_up(g, players=4, follower="squire")
    give(s, "p1", blue=1)
    s.seat("p3").gold = 2
    s.seat("p1").allies[1].die = "d8"  # lowest d6: a d4 follower may join
    events = place_all(g, s, "sorcerer1", "trade", "prisoner1", "train", "tavern", "order", "treasure1", "y1")
    play(g, s, "chance reveal goblin")
    events = play(g, s, "chance roll 1")
    order = [e["event"] for e in events]
    wanted = [
        "combat",
        "turn order",
        "treasure",
        "trained",
        "follower gained",
        "prisoner freed",
        "nothing to trade",
        "sorcerer card",
    ]  # p2, on the trade space, has no crystal
    assert [e for e in order if e in wanted] == wanted


def test_the_turn_order_spaces_take_their_places_and_crystals_the_others_move_right():
    g = engine()
    s = set_up(g, players=4)
    events = place_all(g, s, "train", "train", "order", "order", "train", "train", "train", "train")
    turn = next(e for e in events if e["event"] == "turn order")
    assert turn == {
        "event": "turn order",
        "order": ["p3", "p4", "p1", "p2"],
        "crystals": {"p3": ["red"], "p4": ["red"]},
    }
    assert g.prompt(s).chance is not None  # the refill
    play(g, s, "chance draw red red red red")
    assert g.prompt(s).actor == "p3"  # the next turn follows the new order


def test_unguarded_treasure_is_free_and_takes_everything_on_the_space():
    g = engine()
    s = set_up(g, crystals="red blue green white")
    s.treasure[0] += ["red", "yellow"]
    events = place_all(g, s, "treasure1", "treasure2", "train", "train")
    got = [e for e in events if e["event"] == "treasure"]
    assert got == [
        {"event": "treasure", "seat": "p1", "space": "treasure1", "crystals": ["red", "red", "yellow"]},
        {"event": "treasure", "seat": "p2", "space": "treasure2", "crystals": ["blue"]},
    ]
    assert s.treasure[0] == [] and s.seat("p1").crystals["yellow"] == 1


def test_green_white_and_gold_are_guarded_and_need_a_victory_this_turn():
    g = engine()
    s = set_up(g, crystals="red blue green white")
    place_all(g, s, "treasure3", "gold", "y1", "train")
    play(g, s, "chance reveal goblin")
    events = play(g, s, "chance roll 4")  # p1 wins y1 with the d4
    assert {"event": "treasure guarded", "seat": "p2", "space": "gold"} in events
    assert {"event": "treasure", "seat": "p1", "space": "treasure3", "crystals": ["green"]} in events
    assert s.gold_pile == 1 and s.seat("p1").crystals["green"] == 1


def test_a_lost_combat_leaves_the_guarded_treasure_with_no_reward():
    g = engine()
    s = set_up(g, crystals="red blue green white")
    place_all(g, s, "treasure4", "train", "y1", "train")
    play(g, s, "chance reveal dragon")
    events = play(g, s, "chance roll 4")
    assert {"event": "treasure guarded", "seat": "p1", "space": "treasure4"} in events
    assert s.treasure[3] == ["white"]


def test_the_treasure_refills_every_turn_onto_what_is_left():
    g = engine()
    s = set_up(g, crystals="red blue green white")
    place_all(g, s, "train", "train", "train", "train")
    events = play(g, s, "chance draw red red blue yellow")
    assert s.treasure == [["red", "red"], ["blue", "red"], ["green", "blue"], ["white", "yellow"]]
    assert s.gold_pile == 2 and events[0] == {
        "event": "treasure",
        "crystals": ["red", "red", "blue", "yellow"],
        "gold": 2,
    }
    assert kinds(events)[-1] == "turn" and s.turn == 2


def test_training_raises_the_die_to_the_next_on_the_ladder_top_to_bottom():
    g = engine()
    s = set_up(g)
    events = place_all(g, s, "train", "y1", "train", "train")  # p1: d6 then d4; p2: d4
    play(g, s, "chance reveal goblin")
    events = play(g, s, "chance roll 1")
    trained = [e for e in events if e["event"] in ("trained", "training forfeited")]
    assert trained == [
        {"event": "trained", "seat": "p1", "ally": "pyra", "from": "d6", "to": "d8"},
        {"event": "trained", "seat": "p1", "ally": "tidus", "from": "d4", "to": "d6"},
        {"event": "training forfeited", "seat": "p2", "ally": "mortar", "why": "fern already has the d6"},
    ]
    assert [a.die for a in s.seat("p1").allies] == ["d8", "d6"]
    assert [a.die for a in s.seat("p2").allies] == ["d6", "d4"]


def test_a_duplicate_training_is_accepted_and_forfeited_not_refused():
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 y1", "p2 place d6 y2")
    events = play(g, s, "p1 place d4 train")  # d4 -> d6 duplicates pyra's d6: accepted
    assert events[-1] == {"event": "placed", "seat": "p1", "die": "d4", "space": "train"}
    play(
        g,
        s,
        "p2 place d4 y2",
        "chance reveal goblin",
        "chance roll 1",
        "chance reveal kobold",
        "chance roll 1 1",
    )
    assert s.seat("p1").allies[1].die == "d4" and s.stats["trainings_forfeited"] == 1


def test_tavern_gold_outbids_and_all_gold_bid_goes_to_the_supply():
    g = engine()
    s = set_up(g, players=3)
    s.seat("p2").gold, s.seat("p3").gold = 5, 5
    for seat in s.seats:  # an archer (d6) needs a lowest die above d6
        seat.allies[0].die, seat.allies[1].die = "d10", "d8"
    play(g, s, "p1 place d10 tavern", "p2 place d10 tavern")
    p = g.prompt(s)
    assert p.kind == "bid" and p.choice["number"] == {"min": 1, "max": 5, "verb": "bid", "default": 1}
    refused(g, s, "p2 bid 0", "Tavern", "does not beat the standing 0")
    refused(g, s, "p2 bid 6", "Tavern", "p2 has 5 gold")
    play(g, s, "p2 bid 2")
    play(g, s, "p3 place d10 tavern")
    refused(g, s, "p3 bid 2", "Tavern", "does not beat the standing 2")
    play(g, s, "p3 bid 3")
    refused(g, s, "p1 place d8 tavern", "Tavern", "p1 has 0 gold: outbidding p3's 3 needs more")
    events = place_all(g, s, "y1", "y2", "y3")
    assert s.seat("p2").gold == 3 and s.seat("p3").gold == 2  # the losing bid is gone too
    play(g, s, "chance reveal goblin", "chance roll 1")
    play(g, s, "chance reveal kobold", "chance roll 1")
    events = play(g, s, "chance reveal rat-swarm", "chance roll 1")
    gained = next(e for e in events if e["event"] == "follower gained")
    assert gained == {
        "event": "follower gained",
        "seat": "p3",
        "follower": "archer",
        "die": "d6",
        "bid": 3,
        "bids": {"p1": 0, "p2": 2, "p3": 3},
    }
    assert s.seat("p3").allies[-1] == Ally("archer", "d6", follower=True)
    assert g.prompt(s).chance.verb == "draw"  # the refill: crystals first


def test_the_followers_die_is_checked_when_he_is_gained_after_the_trainer():
    """ "When a follower is gained, he must have a die token lower than the lowest die of the
    other characters tiles", and he is gained "during the resolution phase": 4. Trainer comes
    before 5. Tavern, so a d4 trained this turn lets a d4 follower join."""
    g = engine()
    s = set_up(g, follower="squire")  # a d4 follower; p1 holds a d8 and a d4
    s.seat("p1").allies[0].die = "d8"
    play(g, s, "p1 place d4 train", "p2 place d6 treasure1", "p1 place d8 tavern")
    events = play(g, s, "p2 place d4 treasure2")
    assert kinds(events)[kinds(events).index("trained") + 1] == "follower gained"
    assert event(events, "follower gained")["seat"] == "p1"
    assert s.seat("p1").allies[-1] == Ally("squire", "d4", follower=True)


def test_a_follower_whose_die_is_not_lower_is_forfeited_at_the_tavern_step():
    """Placing on the tavern is allowed; at step 5 a follower whose die is not lower than the
    player's lowest is forfeited, as the trainer forfeits a duplicate, and stays on the stack."""
    g = engine()
    s = set_up(g, follower="squire")  # p1's lowest is a d4
    play(g, s, "p1 place d6 tavern", "p2 place d6 treasure1", "p1 place d4 treasure2")
    events = play(g, s, "p2 place d4 gold")
    assert event(events, "follower forfeited") == {
        "event": "follower forfeited",
        "seat": "p1",
        "follower": "squire",
        "why": "the Squire's d4 is not lower than p1's lowest die d4",
        "bid": 0,
        "bids": {"p1": 0},
    }
    assert len(s.seat("p1").allies) == 2 and "follower gained" not in kinds(events)
    assert s.stats["followers_forfeited"] == 1


def test_an_outbid_is_checked_at_the_tavern_step_too():
    """ "Other players may outbid previous players with more gold, the size of the die is
    irrelevant": the outbid is taken at placement; at step 5 the outbidder whose lowest die is
    not above the follower's forfeits him, and the player he outbid gains nothing (only the last
    to outbid gains the follower)."""
    g = engine()
    s = set_up(g, follower="squire")
    s.seat("p1").allies[1].die = "d8"  # p1 could take the squire; p2 (a d4) cannot
    s.seat("p2").gold = 2
    play(g, s, "p1 place d6 tavern", "p2 place d4 tavern", "p2 bid 1", "p1 place d8 treasure1")
    events = play(g, s, "p2 place d6 treasure2")
    assert event(events, "follower forfeited")["seat"] == "p2" and s.seat("p2").gold == 1
    assert [len(x.allies) for x in s.seats] == [2, 2] and s.follower_top == "squire"


def test_a_follower_brings_one_more_die_placed_after_the_characters():
    g = engine()
    s = set_up(g)
    s.seat("p1").allies.append(Ally("squire", "d4", follower=True))
    s.seat("p1").allies[1].die = "d8"
    assert [p.actor for p in [g.prompt(s)]] == ["p1"]
    place_all(g, s, "train", "train", "train", "train")
    assert g.prompt(s).actor == "p1" and {o.split()[2] for o in g.prompt(s).options if "place" in o} == {"d4"}


def test_freeing_a_prisoner_pays_the_offering_with_the_die_and_gives_the_reward():
    g = engine()
    s = set_up(g)
    s.seat("p1").gold = 3
    play(g, s, "p1 place d6 prisoner3")
    assert s.seat("p1").gold == 0
    refused(g, s, "p2 place d6 prisoner3", "Free prisoner", "one die per space")
    events = place_all(g, s, "train", "train", "train")
    assert {"event": "prisoner freed", "seat": "p1", "offering": 3, "crystals": ["red", "yellow"]} in events


def test_trades_go_both_ways_at_the_boards_rates_as_many_as_wanted():
    g = engine()
    s = set_up(g)
    give(s, "p1", red=5, yellow=1)
    place_all(g, s, "trade", "train", "train", "train")
    p = g.prompt(s)
    assert "p1 trade red blue" in p.options and "p1 trade yellow blue" in p.options
    assert "p1 trade yellow green" not in p.options  # three yellow for a green
    events = play(g, s, "p1 trade red blue", "p1 trade red blue", "p1 trade blue red")
    assert events[0] == {"event": "traded", "seat": "p1", "gave": ["red", "red"], "got": ["blue"]}
    assert events[2] == {"event": "traded", "seat": "p1", "gave": ["blue"], "got": ["red", "red"]}
    assert s.seat("p1").crystals == {"red": 3, "blue": 1, "yellow": 1, "green": 0, "white": 0}
    refused(g, s, "p1 trade red white", "Trade", "the merchants do not trade red for white")
    refused(g, s, "p1 trade blue yellow", "Trade", "2 blue for 1 yellow: p1 has 1 blue")
    play(g, s, "p1 done")
    assert g.prompt(s).chance is not None


def test_a_trade_is_offered_down_to_the_last_crystal_of_the_supply_and_each_rate_at_its_count():
    """The trade prompt lists the board's rates in order, both ways, each one the player can pay
    (at least the count he gives) and the supply can pay (at least one crystal left, the last
    included), then ``done``; its text is what he holds, colour by colour."""
    g = engine()
    s = set_up(g)
    give(s, "p1", red=2, blue=1, yellow=3)
    s.bag["red"], s.bag["blue"], s.bag["yellow"], s.bag["green"] = 1, 1, 3, 0
    place_all(g, s, "trade", "train", "train", "train")
    p = g.prompt(s)
    assert p.text == "7 trade: 2R 1B 3Y 0G 0W"
    # the last blue is taken for two red; one yellow would take two blue, one blue two red
    assert p.options == ("p1 trade red blue", "p1 done")
    s.bag["red"], s.bag["green"] = 2, 1
    p = g.prompt(s)
    assert p.options == ("p1 trade red blue", "p1 trade blue red", "p1 trade yellow green", "p1 done")


def test_a_sorcerer_card_costs_blue_in_round_one_and_is_forfeited_without_it():
    g = engine()
    s = set_up(g)
    give(s, "p1", blue=1)
    events = place_all(g, s, "sorcerer2", "sorcerer3", "train", "train")
    assert {"event": "sorcerer card", "seat": "p1", "card": "crown-of-echoes", "cost": "blue"} in events
    assert {"event": "sorcerer forfeited", "seat": "p2", "card": "orb-of-ages", "cost": "blue"} in events
    assert s.seat("p1").cards == ["crown-of-echoes"] and s.row[1] == "" and s.row[2] == "orb-of-ages"
    play(g, s, "chance draw red red red red")
    assert g.prompt(s).text == "deal 1 sorcerer card"
    play(g, s, "chance deal blue-lantern")
    assert s.row[1] == "blue-lantern"


def test_a_sorcerer_deck_shorter_than_the_rows_gaps_deals_what_it_holds():
    g = engine()
    s = set_up(g)
    give(s, "p1", blue=1)
    give(s, "p2", blue=1)
    place_all(g, s, "sorcerer2", "sorcerer3", "train", "train")
    assert s.row[1] == s.row[2] == ""
    s.deck = s.deck[:1]
    play(g, s, "chance draw red red red red")
    assert g.prompt(s).text == "deal 1 sorcerer card"


def test_the_status_line_gives_each_players_points_gold_crystals_and_dice_in_turn_order():
    g = engine()
    s = set_up(g, players=3, rolls=["10", "90", "50"])
    give(s, "p2", red=2, blue=1)
    s.seat("p2").gold = 4
    assert g.status_line(s) == (
        "round 1 turn 1 | place | 28 monsters left | p2 4pt 4g 2r1b d6/d4 ; p3 0pt 0g d6/d4 ; p1 0pt 0g d6/d4"
    )


def test_a_trader_with_nothing_to_trade_is_not_asked():
    """No question with one answer: a player on the trade space who holds no crystal the
    merchants take is passed over; one who can trade is asked, and ``done`` ends his trades."""
    g = engine()
    s = set_up(g)
    give(s, "p2", red=2)
    events = play(g, s, "p1 place d6 trade", "p2 place d6 trade", "p1 place d4 train", "p2 place d4 train")
    assert {"event": "nothing to trade", "seat": "p1"} in events
    p = g.prompt(s)
    assert (p.actor, p.kind) == ("p2", "trade") and "p2 trade red blue" in p.options
