"""The state's quick reads (the monsters left, a seat by its id) and the treasure's guard say
what a plain reading of the tiles and seats says, on boards with every count of tiles gone."""

from __future__ import annotations

import pytest

from companion.engine.core import Header
from companion.engine.registry import get_game
from companion.games.dungeon_allies.resolution import guarded


def fresh(players: int = 5):
    engine = get_game("dungeon-allies").load_engine()
    return engine.new_state(Header("dungeon-allies", options={"players": players}))


def boards():
    """A board with no tile gone, each single tile gone, the first n gone for every n, and the
    last tile alone left."""
    s = fresh()
    yield s
    for at in range(len(s.tiles)):
        s = fresh()
        s.tiles[at].removed = True
        yield s
    for n in range(1, len(s.tiles) + 1):
        s = fresh()
        for t in s.tiles[:n]:
            t.removed = True
        yield s
    s = fresh()
    for t in s.tiles[1:]:
        t.removed = True
    yield s


def test_the_monsters_left_are_the_tiles_not_removed():
    seen = set()
    for s in boards():
        left = len([t for t in s.tiles if not t.removed])
        assert s.monsters_left == left
        assert s.monsters_remain is (left > 0)
        seen.add(left)
    assert {0, 1, len(fresh().tiles)} <= seen


def test_the_treasure_is_guarded_by_gold_green_or_white_while_a_monster_remains():
    for s in boards():
        remain = any(not t.removed for t in s.tiles)
        assert guarded(s, "gold", ["gold"]) is remain
        assert guarded(s, "treasure1", ["red", "green"]) is remain
        assert guarded(s, "treasure2", ["white"]) is remain
        assert guarded(s, "treasure3", ["red", "blue", "yellow"]) is False
        assert guarded(s, "treasure4", []) is False


def test_a_seat_is_found_by_its_number():
    s = fresh()
    for n in range(1, 6):
        assert s.seat(f"p{n}") is s.seats[n - 1]
    assert s.seat("p02") is s.seats[1]  # any way of writing the number, as before
    with pytest.raises(IndexError):
        fresh(3).seat("p4")
    with pytest.raises(ValueError):
        s.seat("px")
