"""The rulings docs/dungeon-allies.md makes where the rulebook is silent or garbled, one test
each (the percentile tie, the sum, green's die, lost bids and the sorcerer row are tested with
their rules in test_setup, test_excursions and test_resolution)."""

from companion.games.dungeon_allies.state import Ally

from .table import engine, give, play, set_up


def test_an_empty_bag_fills_the_treasure_with_what_is_left_and_gains_of_a_missing_colour_are_lost():
    g = engine()
    s = set_up(g, crystals="red red blue blue")
    s.bag = {"red": 1, "blue": 0, "yellow": 0, "green": 0, "white": 1}
    events = play(g, s, "p1 place d6 order", "p2 place d6 order", "p1 place d4 train", "p2 place d4 train")
    turn = next(e for e in events if e["event"] == "turn order")
    assert turn["crystals"] == {"p1": ["red"], "p2": []}  # space 2's red: none left
    p = g.prompt(s)
    assert p.chance.count == 1 and sorted(p.chance.faces) == ["white"]
    events = play(g, s, "chance draw white")
    assert s.treasure[0] == ["red", "white"] and s.gold_pile == 2
    s2 = set_up(g)
    s2.bag = {c: 0 for c in s2.bag}
    play(g, s2, "p1 place d6 train", "p2 place d6 train", "p1 place d4 train", "p2 place d4 train")
    assert g.prompt(s2).kind == "place" and s2.gold_pile == 2  # no draw at all, the gold still comes


def test_a_trade_needs_the_crystal_in_the_supply():
    g = engine()
    s = set_up(g)
    give(s, "p1", red=2)
    s.bag["blue"] = 0
    events = play(g, s, "p1 place d6 trade", "p2 place d6 train", "p1 place d4 train", "p2 place d4 train")
    assert {"event": "nothing to trade", "seat": "p1"} in events  # 2 red buy no blue: not asked
    assert g.prompt(s).kind == "refill"


def test_followers_train_like_characters_and_count_for_the_duplicate_rule():
    g = engine()
    s = set_up(g)
    s.seat("p1").allies[1].die = "d8"
    s.seat("p1").allies.append(Ally("squire", "d4", follower=True))
    events = play(
        g,
        s,
        "p1 place d8 train",
        "p2 place d6 train",
        "p1 place d6 train",
        "p2 place d4 train",
        "p1 place d4 train",
    )
    trained = {(e["ally"], e["event"]) for e in events if e["event"].startswith("train")}
    assert (
        ("tidus", "trained") in trained
        and ("pyra", "trained") in trained
        and ("squire", "trained") in trained
    )
    assert [a.die for a in s.seat("p1").allies] == ["d8", "d10", "d6"]


def test_the_percentile_00_is_zero_the_lowest_roll():
    g = engine()
    s = set_up(g, players=3, rolls=["00", "10", "90"])
    assert s.order == ["p3", "p2", "p1"]


def test_the_offering_is_paid_when_the_die_is_placed_and_lost_even_if_the_reward_ran_out():
    g = engine()
    s = set_up(g)
    s.seat("p2").gold = 6
    s.bag["green"] = 0
    play(g, s, "p1 place d6 train", "p2 place d6 prisoner4")
    assert s.seat("p2").gold == 1
    events = play(g, s, "p1 place d4 train", "p2 place d4 train")
    assert {"event": "prisoner freed", "seat": "p2", "offering": 5, "crystals": []} in events


def test_the_seats_are_keyed_by_seat_with_each_characters_die_followers_and_monsters():
    """A referee checks one seat alone: ``seats["p2"]`` with its characters' dice, its
    followers and the monsters it kept."""
    g = engine()
    s = set_up(g)
    s.seat("p2").allies.append(Ally("squire", "d4", follower=True))
    s.seat("p2").monsters = ["goblin"]
    seats = g.public_view(s, None)["seats"]
    assert list(seats) == ["p1", "p2"] and seats["p2"]["id"] == "p2"
    assert [(a["die"], a["follower"]) for a in seats["p2"]["allies"]] == [
        ("d6", False),
        ("d4", False),
        ("d4", True),
    ]
    assert seats["p2"]["monsters"] == ["goblin"]
