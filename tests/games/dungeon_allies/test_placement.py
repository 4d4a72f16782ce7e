"""Placement: one die at a time in turn order, then the followers' dice; every illegal
placement refused naming its rule, with the state unchanged."""

from .table import engine, give, kinds, play, refused, set_up


def test_one_die_at_a_time_in_turn_order_then_the_followers_dice():
    g = engine()
    s = set_up(g, players=3, rolls=["20", "90", "50"])  # p2, p3, p1
    assert s.order == ["p2", "p3", "p1"]
    from companion.games.dungeon_allies.state import Ally

    s.seat("p3").allies.append(Ally("squire", "d4", follower=True))
    s.seat("p3").allies[1].die = "d8"  # so the follower's d4 is not a duplicate
    actors = []
    for space in ("y1", "y2", "y3", "y1", "y2", "y3", "y2"):
        p = g.prompt(s)
        actors.append(p.actor)
        die = next(o.split()[2] for o in p.options if o.endswith(f" {space}"))
        play(g, s, f"{p.actor} place {die} {space}")
    assert actors == ["p2", "p3", "p1", "p2", "p3", "p1", "p3"]
    assert [(p.seat, p.die) for p in s.placed][-1] == ("p3", "d4")
    assert s.step == "combat"  # every die is down: resolution


def test_the_second_die_is_the_other_characters():
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 y1", "p2 place d6 y2")
    assert {o.split()[2] for o in g.prompt(s).options if " place " in o} == {"d4"}
    refused(g, s, "p1 place d6 y3", "The turn: placing dice", "not a die to place now")
    refused(g, s, "p1 place d12 y3", "The turn: placing dice", "p1 has no d12 die")


def test_out_of_turn_is_refused():
    g = engine()
    s = set_up(g)
    refused(g, s, "p2 place d6 y1", "turn order", "it is p1's turn")


def test_one_player_per_tile_but_any_number_of_his_own_dice():
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 y1")
    refused(g, s, "p2 place d6 y1", "Excursion", "p1 has a die on y1: one player per tile")
    play(g, s, "p2 place d6 y2", "p1 place d4 y1")
    assert [p.space for p in s.placed if p.seat == "p1"] == ["y1", "y1"]


def test_the_turn_order_spaces_fill_from_one_one_die_each():
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 order")
    play(g, s, "p2 place d6 order")
    refused(g, s, "p1 place d4 order", "Turn order", "every turn order space is taken")
    s2 = set_up(g, players=3)
    play(g, s2, "p1 place d6 order", "p2 place d6 y1", "p3 place d6 y2")
    refused(g, s2, "p1 place d4 order", "Turn order", "already has a die on the turn order spaces")


def test_one_die_per_treasure_prisoner_and_sorcerer_space():
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 treasure1")
    refused(g, s, "p2 place d6 treasure1", "Treasure", "p1 has a die on treasure1")
    play(g, s, "p2 place d6 sorcerer1")
    refused(g, s, "p1 place d4 sorcerer1", "Sorcerer", "p2 has a die on sorcerer1")
    refused(g, s, "p1 place d4 sorcerer9", "Sorcerer", "no sorcerer card")
    refused(g, s, "p1 place d4 treasure7", "Treasure", "no treasure space")
    refused(g, s, "p1 place d4 prisoner1", "Free prisoner", "the offering is 1 gold and p1 has 0")
    refused(g, s, "p1 place d4 library", "The turn: placing dice", "'library' is not an action space")


def test_the_top_of_the_ladder_cannot_train():
    g = engine()
    s = set_up(g)
    s.seat("p1").allies[0].die = "d20"
    refused(g, s, "p1 place d20 train", "Trainer", "d20 is the top of the ladder")


def test_the_trainer_has_nine_spaces():
    g = engine()
    s = set_up(g, players=5)
    from companion.games.dungeon_allies.state import Placed

    s.placed = [Placed("p5", 0, "d6", "train")] * 9
    refused(g, s, "p1 place d6 train", "Trainer", "all 9 training spaces are taken")


def test_a_red_crystal_peeks_under_two_tiles_that_only_its_player_sees():
    g = engine()
    s = set_up(g)
    refused(g, s, "p1 place red peek", "Crystal spells: red (Illuminate)", "no red crystal")
    give(s, "p1", red=1)
    events = play(g, s, "p1 place red peek", "p1 look y3")
    assert kinds(events) == ["illuminate", "looked"] and s.seat("p1").crystals["red"] == 0
    p = g.prompt(s)
    assert p.chance.private == "p1" and p.chance.verb == "reveal"
    play(g, s, "chance reveal dragon", "p1 look b2", "chance reveal goblin")
    seen = g.prompt(s)
    assert (seen.kind, seen.text, seen.options, seen.private) == ("seen", "you saw y3 b2", ("p1 ok",), True)
    play(g, s, "p1 ok")
    assert g.prompt(s).kind == "place" and g.prompt(s).actor == "p1"  # still p1's placement
    mine = {t["square"]: t["monster"] for t in g.public_view(s, "p1")["tiles"] if t["monster"]}
    assert mine == {"y3": "dragon", "b2": "goblin"}
    assert not any(t["monster"] for t in g.public_view(s, "p2")["tiles"])
    assert not any(t["monster"] for t in g.public_view(s, None)["tiles"])
    assert "dragon" not in g.public_view(s, "p2").__repr__()


def test_a_peeked_tile_is_revealed_as_seen_with_no_new_draw():
    g = engine()
    s = set_up(g)
    give(s, "p1", red=1)
    play(
        g,
        s,
        "p1 place red peek",
        "p1 look y1",
        "chance reveal rat-swarm",
        "p1 look y2",
        "chance reveal dragon",
        "p1 ok",
    )
    events = play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 y1", "p2 place d4 train")
    assert events[-1]["event"] == "revealed" and events[-1]["monster"] == "rat-swarm"
    assert g.prompt(s).chance.dice is not None  # straight to the roll


def test_the_device_builds_a_placement_word_by_word_die_then_space():
    g = engine()
    s = set_up(g)
    give(s, "p1", red=1)
    p = g.prompt(s)
    dice, spaces = p.choice["words"]
    assert p.choice["verb"] == "place" and dice == ["d6", "d4", "red"]
    assert spaces[:2] == ["y1", "y2"] and spaces[-1] == "peek" and "tavern" in spaces  # checked at step 5
    assert all(o.split()[2] in dice and o.split()[3] in spaces for o in p.options)
