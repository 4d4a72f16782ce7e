"""Excursions with forced dice: the section's number, the sum of the dice, vulnerability,
and the crystal spells (blue reroll, yellow bless, green extra die, white victory)."""

from .table import engine, give, kinds, play, refused, set_up

# p1: pyra (fire) d6, tidus (water) d4; p2: fern (nature) d6, mortar (potions) d4.


def to_combat(g, s, p1=("y1", "y1"), p2=("train", "train")):
    return play(
        g, s, f"p1 place d6 {p1[0]}", f"p2 place d6 {p2[0]}", f"p1 place d4 {p1[1]}", f"p2 place d4 {p2[1]}"
    )


def test_excursions_resolve_first_in_the_boards_order():
    g = engine()
    s = set_up(g)
    events = to_combat(g, s, p1=("b1", "y3"), p2=("y2", "order"))
    assert events[-1] == {"event": "resolution", "turn": 1}
    assert g.prompt(s).text == "turn over the monster on y2"


def test_the_roll_is_the_sum_of_the_dice_against_the_sections_number_and_gold():
    g = engine()
    s = set_up(g)
    to_combat(g, s)
    events = play(g, s, "chance reveal goblin")  # yellow: need 4, gold 1
    assert events[0] == {
        "event": "revealed",
        "square": "y1",
        "monster": "goblin",
        "weak": "melee",
        "need": 4,
        "gold": 1,
    }
    spec = g.prompt(s).chance
    assert [d.kind for d in spec.dice] == ["d6", "d4"]
    events = play(g, s, "chance roll 2 2")
    assert events[0]["total"] == 4 and events[1]["won"] is True
    assert s.seat("p1").gold == 1 and s.seat("p1").monsters == ["goblin"] and s.removed == 1


def test_a_roll_below_the_number_loses_and_the_tile_is_out_of_the_game():
    g = engine()
    s = set_up(g)
    to_combat(g, s, p1=("b1", "b1"))
    play(g, s, "chance reveal goblin")  # blue: need 7
    events = play(g, s, "chance roll 4 2")
    combat = next(e for e in events if e["event"] == "combat")
    assert combat == {
        "event": "combat",
        "seat": "p1",
        "square": "b1",
        "monster": "goblin",
        "dice": ["d6", "d4"],
        "values": [4, 2],
        "doubled": ["", ""],
        "total": 6,
        "need": 7,
        "won": False,
        "gold": 0,
    }
    assert s.seat("p1").monsters == [] and s.tile("b1").removed and "goblin" not in s.monster_pool


def test_the_die_of_the_character_with_the_monsters_vulnerability_counts_double():
    g = engine()
    s = set_up(g)
    to_combat(g, s, p1=("r1", "r1"))
    play(g, s, "chance reveal rat-swarm")  # red: need 10, weak to fire (pyra's d6)
    events = play(g, s, "chance roll 4 2")
    assert events[0]["doubled"] == ["weak", ""] and events[0]["total"] == 10
    assert s.seat("p1").gold == 4


def test_blue_rerolls_one_die_per_crystal_after_the_roll():
    g = engine()
    s = set_up(g)
    give(s, "p1", blue=2)
    to_combat(g, s)
    play(g, s, "chance reveal goblin")  # yellow: need 4
    play(g, s, "chance roll 1 1")
    assert g.prompt(s).options == ("p1 reroll d6", "p1 reroll d4", "p1 stand")
    play(g, s, "p1 reroll d4")
    assert g.prompt(s).chance.dice[0].kind == "d4"
    events = play(g, s, "chance roll 2")
    assert events[0] == {"event": "rerolled", "seat": "p1", "die": "d4", "value": 2, "total": 3}
    play(g, s, "p1 reroll d4", "chance roll 3")
    assert s.seat("p1").crystals["blue"] == 0 and s.seat("p1").monsters == ["goblin"]


def test_yellow_doubles_a_die_the_vulnerability_does_not():
    g = engine()
    s = set_up(g)
    give(s, "p1", yellow=1)
    to_combat(g, s, p1=("r1", "r1"))
    play(g, s, "chance reveal rat-swarm")  # the d6 (fire) is already doubled
    assert g.prompt(s).options == ("p1 roll", "p1 bless d4")
    refused(g, s, "p1 bless d6", "Crystal spells: yellow", "already doubled")
    play(g, s, "p1 bless d4")  # no spell left: the roll follows
    events = play(g, s, "chance roll 3 2")
    assert events[0]["doubled"] == ["weak", "bless"] and events[0]["total"] == 10


def test_green_rolls_one_extra_die_not_assigned_to_the_players_characters():
    g = engine()
    s = set_up(g)
    give(s, "p1", green=2)
    to_combat(g, s, p1=("y1", "b1"))
    play(g, s, "chance reveal dragon")
    events = play(g, s, "p1 enhance")
    assert events == [{"event": "enhance", "seat": "p1", "die": "d20"}]
    assert play(g, s, "p1 enhance") == [{"event": "enhance", "seat": "p1", "die": "d12"}]
    assert [d.kind for d in g.prompt(s).chance.dice] == ["d6", "d20", "d12"]
    events = play(g, s, "chance roll 1 20 12")
    assert events[0]["total"] == 33 and s.seat("p1").gold == 7


def test_white_is_victory_at_the_level_the_round_allows():
    g = engine()
    s = set_up(g)
    give(s, "p1", white=2, yellow=1)
    to_combat(g, s, p1=("y1", "b1"))
    play(g, s, "chance reveal dragon")
    events = play(g, s, "p1 hammer")
    assert kinds(events)[:2] == ["hammer", "combat"] and events[1]["won"] and s.seat("p1").gold == 7
    play(g, s, "chance reveal lich")  # b1 in round 1: yellow only, and a
    assert g.prompt(s).chance is not None  # blessed d4 never makes 16: no question
    refused(g, s, "p1 hammer", "Rounds: white crystals", "round 1")


def test_spells_that_cost_a_crystal_the_player_lacks_are_refused():
    g = engine()
    s = set_up(g)
    give(s, "p1", yellow=1)
    to_combat(g, s)
    play(g, s, "chance reveal goblin")
    refused(g, s, "p1 enhance", "Excursion", "enhance costs a green crystal and p1 has none")
    refused(g, s, "p2 roll", "turn order", "it is p1's turn")


def test_no_spell_is_asked_for_when_it_cannot_change_the_fight():
    """No question with one answer: a yellow crystal that cannot lift a d4 to the 16 needed,
    or any spell when the dice cannot lose, leaves ``roll`` alone, so the dice are rolled; a
    spell typed anyway is refused saying why."""
    g = engine()
    s = set_up(g)
    give(s, "p1", yellow=1)
    to_combat(g, s, p1=("y1", "b1"))
    play(g, s, "chance reveal goblin", "p1 roll", "chance roll 6")  # y1 first
    play(g, s, "chance reveal lich")  # the d4 alone against 16
    assert g.prompt(s).chance is not None
    refused(g, s, "p1 bless d4", "Crystal spells used in combat", "at most 8 against 16")
    t = set_up(g)
    give(t, "p1", yellow=1, white=1)
    to_combat(g, t)  # Pyra's d6 (fire) and the d4 on y1
    play(g, t, "chance reveal rat-swarm")  # weak to fire: 2 + 1 at least against 3
    assert g.prompt(t).chance is not None
    refused(g, t, "p1 hammer", "Crystal spells used in combat", "cannot lose")


def test_a_hammer_without_a_white_crystal_is_refused_under_the_spells_rule():
    """A spell typed when none is asked names what it costs, not the turn order."""
    g = engine()
    s = set_up(g)
    refused(
        g, s, "p2 hammer", "Crystal spells used in combat", "hammer costs a white crystal and p2 has none"
    )
    refused(
        g, s, "p1 hammer", "Crystal spells used in combat", "hammer costs a white crystal and p1 has none"
    )
