"""Rounds change at 8 and 16 monsters removed, at once, even inside a resolution; the game
ends with the turn in which the last monster goes; the tie-breaks."""

from companion.games.dungeon_allies.scoring import ranking

from .table import engine, give, kinds, play, set_up


def clear_tiles(s, n: int, keep: tuple[str, ...] = (), spare: tuple[str, ...] = ("goblin", "dragon")) -> None:
    """Take ``n`` monster tiles off the board from the red end (as earlier turns would have)."""
    gone = [m for m in s.monster_pool if m not in spare]
    for tile in [t for t in reversed(s.tiles) if t.square not in keep][:n]:
        tile.removed = True
        s.monster_pool.remove(gone.pop())
    s.removed = n


def test_the_round_changes_inside_a_resolution_and_its_effects_follow_at_once():
    g = engine()
    s = set_up(g)
    clear_tiles(s, 7)
    give(s, "p1", yellow=1, blue=1)
    give(s, "p2", white=1)
    play(g, s, "p1 place d6 y1", "p2 place d6 b1", "p1 place d4 sorcerer1", "p2 place d4 b1")
    events = play(g, s, "chance reveal goblin", "p1 roll", "chance roll 1")
    assert s.round == 1 and s.removed == 7
    events = play(g, s, "p1 stand")  # the 8th monster leaves: round 2
    assert {"event": "round", "round": 2, "removed": 8} in events
    play(g, s, "chance reveal dragon")
    assert "p2 hammer" in g.prompt(s).options  # white now reaches the blue section
    events = play(g, s, "p2 hammer")
    assert {"event": "sorcerer card", "seat": "p1", "card": "staff-of-embers", "cost": "yellow"} in events
    assert s.seat("p1").crystals["yellow"] == 0 and s.seat("p1").crystals["blue"] == 1


def test_round_three_begins_at_sixteen_and_sorcerer_cards_then_cost_green():
    g = engine()
    s = set_up(g)
    clear_tiles(s, 16)
    assert s.round == 1  # the count, not the round, was set
    from companion.games.dungeon_allies.rules import round_for

    assert [round_for(g, n) for n in (7, 8, 15, 16, 27)] == [1, 2, 2, 3, 3]


def test_the_last_monster_ends_the_game_with_its_turn_and_frees_the_treasure():
    g = engine()
    s = set_up(g, crystals="green red red red")
    clear_tiles(s, 27, keep=("y1",), spare=("dragon",))
    play(g, s, "p1 place d6 y1", "p2 place d6 gold", "p1 place d4 y1", "p2 place d4 treasure1")
    events = play(g, s, "chance reveal dragon", "chance roll 1 1")  # p1 loses: the last tile is gone
    assert "monsters gone" in kinds(events)
    assert {"event": "treasure", "seat": "p2", "space": "gold", "gold": 1} in events
    assert {"event": "treasure", "seat": "p2", "space": "treasure1", "crystals": ["green"]} in events
    over = events[-1]
    assert over == {
        "event": "over",
        "winner": "p2",
        "draw": False,
        "tie_break": "",
        "scores": {"p1": 0, "p2": 1},
    }
    assert g.is_over(s) and s.turn == 1 and s.treasure[1] == ["red"]  # no refill after the end


def test_points_are_gold_plus_sorcerer_cards_with_their_conditions():
    g = engine()
    s = set_up(g)
    p1 = s.seat("p1")
    p1.gold = 5
    p1.cards = ["crown-of-echoes", "red-prism", "flame-charm", "trophy-staff"]
    p1.crystals["red"] = 3
    p1.monsters = ["rat-swarm", "slime", "goblin"]  # two weak to fire
    assert g.summary(s)["scores"]["p1"] == 5 + 5 + 3 + 4 + 3


def tie(s, **crystals):
    for seat in s.seats:
        seat.gold = 10
    for sid, colours in crystals.items():
        for colour, n in colours.items():
            s.seat(sid).crystals[colour] = n


def test_ties_go_to_white_then_green_yellow_blue_red_then_a_draw():
    g = engine()
    s = set_up(g, players=3)
    tie(s, p1={"white": 1}, p2={"white": 1, "green": 1}, p3={"red": 9})
    assert ranking(g, s) == (["p2"], "most green crystals")
    tie(
        s,
        p1={"white": 0, "green": 0, "yellow": 0, "blue": 0, "red": 2},
        p2={"white": 0, "green": 0, "red": 1},
        p3={"red": 0},
    )
    assert ranking(g, s) == (["p1"], "most red crystals")
    for seat in s.seats:
        seat.crystals = {c: 1 for c in seat.crystals}
    assert ranking(g, s) == (["p1", "p2", "p3"], "")
    s.seat("p3").gold = 11
    assert ranking(g, s) == (["p3"], "")


def test_a_tie_through_every_crystal_is_a_draw_at_the_end():
    g = engine()
    s = set_up(g)
    clear_tiles(s, 27, keep=("y1",), spare=("goblin",))
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 train", "p2 place d4 train")
    events = play(g, s, "chance reveal goblin", "chance roll 1")
    assert events[-1]["event"] == "over" and events[-1]["draw"] is True
    assert g.summary(s)["winner"] is None and g.summary(s)["draw"] is True
    assert g.status_line(s).startswith("game over | a draw")


def test_in_round_three_white_reaches_the_red_section_and_cards_cost_green():
    g = engine()
    s = set_up(g)
    clear_tiles(s, 15, keep=("y1", "r1"))
    s.round = 2
    give(s, "p1", green=1, yellow=1)
    give(s, "p2", white=1)
    play(g, s, "p1 place d6 y1", "p2 place d6 r1", "p1 place d4 sorcerer1", "p2 place d4 r1")
    events = play(g, s, "chance reveal goblin", "p1 roll", "chance roll 6")
    assert {"event": "round", "round": 3, "removed": 16} in events
    play(g, s, "chance reveal dragon")
    assert "p2 hammer" in g.prompt(s).options
    events = play(g, s, "p2 hammer")
    assert {"event": "sorcerer card", "seat": "p1", "card": "staff-of-embers", "cost": "green"} in events
    assert s.seat("p1").crystals["green"] == 0 and s.seat("p1").crystals["yellow"] == 1
    assert s.seat("p2").gold == 16  # the dragon's red-level gold
