"""The state's quick reads (the monsters left, a seat by its id, the dice by space) and the
treasure's guard say what a plain reading of the tiles, seats and dice says, on boards with
every count of tiles gone and on random games."""

from __future__ import annotations

import pytest

from companion.engine.core import Header
from companion.engine.registry import get_game
from companion.games.dungeon_allies.resolution import guarded
from companion.games.dungeon_allies.rules import dice_by_space, on_space
from tests.games.dungeon_allies.test_open_spaces import fast_games


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


def test_the_dice_by_space_the_engine_keeps_are_the_dice_on_each_space():
    """At every action of a random game (its dice grow in place), then of two games played in
    turn on one engine (two states' dice of the same count meet), the kept dice by space are
    ``on_space`` of each space with dice."""
    game = get_game("dungeon-allies")
    engine = game.load_engine()

    def states():
        for s, _ in fast_games(game, engine, [3], engine.advance):
            yield s
        for (s, _), (t, _) in zip(*(fast_games(game, engine, [seed], engine.advance) for seed in (4, 5))):
            yield s
            yield t

    asked = 0
    for s in states():
        expected = {p.space: on_space(s, p.space) for p in s.placed}
        assert dice_by_space(engine, s) == expected
        asked += bool(expected)
    assert asked > 300, asked
