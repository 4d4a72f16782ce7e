"""Set-up: characters with different symbols, the d6 and d4 tokens, the percentile roll for
turn order (ties roll again), four crystals and one gold on the treasure spaces."""

from companion.engine.core import DEVICE

from .table import engine, kinds, new_game, play, refused, set_up


def test_two_characters_each_and_a_same_symbol_pair_is_traded_for_a_random_tile():
    g = engine()
    s = new_game(g)
    assert g.prompt(s).chance.count == 2 and g.prompt(s).chance.by == DEVICE
    events = play(g, s, "chance deal pyra ember")  # both fire
    assert g.prompt(s).chance.verb == "swap" and "ember" not in g.prompt(s).chance.faces
    events = play(g, s, "chance swap blade")
    assert events == [{"event": "swapped", "seat": "p1", "out": "ember", "in": "blade"}]
    assert [a.name for a in s.seat("p1").allies] == ["pyra", "blade"]
    assert "ember" in s.character_pool and "blade" not in s.character_pool
    refused(g, s, "chance deal pyra tidus", "Game setup: character tiles", "not in the character")


def test_a_swap_that_draws_the_same_symbol_again_draws_again():
    g = engine()
    s = new_game(g)
    play(g, s, "chance deal brand blade", "chance swap pyra")  # melee+melee -> melee+fire
    assert g.prompt(s).text == "deal p2 2 character tiles"
    s = new_game(g)
    play(g, s, "chance deal pyra ember", "chance swap tidus")
    assert g.prompt(s).text == "deal p2 2 character tiles"


def test_each_player_puts_the_d6_on_the_character_he_chooses_and_the_d4_on_the_other():
    g = engine()
    s = new_game(g)
    play(g, s, "chance deal pyra tidus", "chance deal fern mortar")
    assert g.prompt(s).options == ("p1 d6 pyra", "p1 d6 tidus")
    play(g, s, "p1 d6 tidus", "p2 d6 fern")
    assert {a.name: a.die for a in s.seat("p1").allies} == {"pyra": "d4", "tidus": "d6"}
    assert {a.name: a.die for a in s.seat("p2").allies} == {"fern": "d6", "mortar": "d4"}


def test_the_highest_percentile_roll_goes_first_and_ties_roll_again_among_themselves():
    g = engine()
    s = new_game(g, players=4)
    play(
        g,
        s,
        *(
            f"chance deal {a} {b}"
            for a, b in [("pyra", "tidus"), ("fern", "mortar"), ("runa", "hawk"), ("brand", "bastion")]
        ),
    )
    play(g, s, "p1 d6 pyra", "p2 d6 fern", "p3 d6 runa", "p4 d6 brand")
    spec = g.prompt(s).chance
    assert [d.kind for d in spec.dice] == ["d%"] * 4 and "00" in spec.dice[0].faces
    tied = play(g, s, "chance roll 30 70 30 00")  # p1 and p3 tie on 30
    assert tied[-1]["decided"] == (
        "P1 and P3 tied: the rulebook does not say; the device has them roll again among themselves"
    )
    from companion.games.dungeon_allies.page import page_event

    assert page_event(tied[-1], {}) == (
        "First player roll (d%): P1 30, P2 70, P3 30, P4 0; P1 and P3 tied: the "
        "rulebook does not say; the device has them roll again among themselves"
    )
    p = g.prompt(s)
    assert p.text == "d% for p1 p3 again" and p.chance.count == 2
    events = play(g, s, "chance roll 10 60")
    assert events[-1] == {"event": "turn order", "order": ["p2", "p3", "p1", "p4"]}


def test_four_crystals_and_one_gold_go_on_the_treasure_spaces():
    g = engine()
    s = set_up(g, crystals="red green blue white")
    assert s.treasure == [["red"], ["green"], ["blue"], ["white"]] and s.gold_pile == 1
    assert s.bag == {"red": 23, "blue": 15, "yellow": 10, "green": 5, "white": 3}
    assert len([c for c in s.row if c]) == 5 and s.follower_top == "archer"
    assert g.prompt(s).actor == "p1" and s.turn == 1


def test_the_set_up_events_say_what_happened():
    g = engine()
    s = new_game(g)
    assert kinds(play(g, s, "chance deal pyra tidus")) == ["dealt"]


def test_with_no_tile_left_to_draw_the_trade_is_with_another_player():
    g = engine()
    s = new_game(g, players=5)
    play(
        g,
        s,
        "chance deal tidus fern",
        "chance deal mortar runa",
        "chance deal hawk brand",
        "chance deal bastion blade",
    )
    play(g, s, "chance deal pyra ember")  # the last two tiles, both fire
    spec = g.prompt(s).chance
    assert spec.verb == "swap" and "tidus" in spec.faces and "pyra" not in spec.faces
    events = play(g, s, "chance swap hawk")
    assert events[0] == {"event": "exchanged", "seat": "p5", "with": "p3", "out": "ember", "in": "hawk"}
    assert [a.name for a in s.seat("p3").allies] == ["ember", "brand"]
    assert [a.name for a in s.seat("p5").allies] == ["pyra", "hawk"] and g.prompt(s).kind == "tokens"


def test_the_legal_draws_of_the_bag_are_each_multiset_once():
    g = engine()
    s = set_up(g)
    s.frames[0].data = {"crystals": False}
    from companion.engine.steps import StepMachine

    StepMachine.goto(s, "refill")
    s.bag = {"red": 3, "blue": 1, "yellow": 0, "green": 0, "white": 1}
    legal = g.legal_actions(s)
    assert "chance draw red red red white" in legal and "chance draw blue red red red" in legal
    assert not any(a.count("blue") > 1 or a.count("white") > 1 for a in legal) and len(legal) == len(
        set(legal)
    )
    assert len(legal) == 3  # rrrb, rrrw, rrbw: four of the five
