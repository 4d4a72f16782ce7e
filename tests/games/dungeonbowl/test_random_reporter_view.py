"""The random reporter names the few view keys it reads (``view_keys``), so the sim builds no
view for most of its decisions: with only those keys it plays exactly the games it plays with
the whole view. The coach built on it reads the whole view."""

from __future__ import annotations

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.engine.runner import play_out
from companion.games.dungeonbowl.coach import CoachPolicy
from companion.games.dungeonbowl.policies import RandomReporter


def test_the_random_reporter_plays_the_same_games_with_only_the_keys_it_names():
    engine = get_game("dungeonbowl").load_engine()
    asked = []

    class Counting(RandomReporter):
        def view_keys(self, prompt):
            keys = super().view_keys(prompt)
            asked.append(keys)
            return keys

    def whole_view(player):
        return lambda engine, view, prompt: player(engine, view, prompt)  # no view_keys: every key

    for seed in range(1, 11):
        header = Header("dungeonbowl", seed=seed)
        few = play_out(
            engine,
            engine.new_state(header),
            {f"p{i}": Counting(seed * 7 + i) for i in (1, 2)},
            SeededDice(seed),
        )
        seats = {f"p{i}": whole_view(RandomReporter(seed * 7 + i)) for i in (1, 2)}
        assert few == play_out(engine, engine.new_state(header), seats, SeededDice(seed)), seed
    assert asked.count(()) > 100 and asked.count(("teams",)) >= 1


def test_the_coach_reads_the_whole_view():
    assert CoachPolicy(1).view_keys is None


def test_a_view_of_keys_has_those_keys_alone_and_an_unknown_key_is_refused():
    engine = get_game("dungeonbowl").load_engine()
    s = engine.new_state(Header("dungeonbowl", seed=1))
    assert engine.public_view(s, "p1", ("teams", "ball")) == {
        key: engine.public_view(s, "p1")[key] for key in ("teams", "ball")
    }
    with pytest.raises(ValueError, match="no public key 'hand'"):
        engine.public_view(s, "p1", ("teams", "hand"))
