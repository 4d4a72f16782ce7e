"""Every game's belief module (``companion/games/<game>/belief.py``): a sample agrees with all
that the seat has seen, redraws all that it has not, and is a state the engine plays on.

The hidden parts are changed by hand here (an opponent's card swapped with the deck, a face-
down card replaced, a looked-at monster swapped with the pool), independently of the belief
module, so a module that read a secret would give a different sample and fail."""

from __future__ import annotations

import random
from importlib import import_module

import pytest

from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from tests.conformance.harness import copy, play

GAMES = ("dungeon-ball", "dodgeball", "dungeonbowl", "dungeon-days", "dungeon-allies")


def belief(game_id: str):
    return import_module(get_game(game_id).engine.partition(":")[0].rpartition(".")[0] + ".belief")


def snapshots(game_id: str, seeds=range(1, 7), every: int = 7):
    """(engine, state, actor) at every ``every``-th decision of a few random games."""
    game = get_game(game_id)
    engine = game.load_engine()
    found = []
    for seed in seeds:
        count = [0]

        def keep(before, prompt, action, events, state, count=count):
            count[0] += 1
            if not prompt.is_chance and count[0] % every == 0:
                found.append((before, prompt.actor))

        play(game, engine, seed, policy="random", after=keep)
    return engine, found


def perturb(game_id: str, engine, state, seat: str, rng: random.Random):
    """Two states that differ only in something ``seat`` cannot see (``state`` itself and a
    copy changed, or two changed copies), or None if nothing is hidden from it now. Written
    without the belief module."""
    s = copy(engine, state)
    if game_id == "dungeon-ball":
        play_ = s.play
        if play_ is None or not play_.defense_card or play_.revealed or seat == s.defense:
            return None
        others = [c.id for c in engine.pack.defense_cards if c.id != play_.defense_card]
        play_.defense_card = rng.choice(others)
    elif game_id == "dodgeball":
        c = next(x for x in s.coaches if x.id != seat)
        if s.cards != "digital" or not c.hand or not c.deck:
            return None
        i, j = rng.randrange(len(c.hand)), rng.randrange(len(c.deck))
        if c.hand[i] == c.deck[j]:
            return None
        c.hand[i], c.deck[j] = c.deck[j], c.hand[i]
    elif game_id == "dungeon-days":
        other = [x for x in s.seats if x.id != seat and x.hand]
        if not other or not s.deck:
            return None
        x = other[0]
        i, j = rng.randrange(len(x.hand)), rng.randrange(len(s.deck))
        if x.hand[i] == s.deck[j]:
            return None
        x.hand[i], s.deck[j] = s.deck[j], x.hand[i]
    elif game_id == "dungeon-allies":
        tiles = [t for t in s.tiles if not t.revealed and not t.removed and seat not in t.known]
        others = [x.id for x in s.seats if x.id != seat]
        if not tiles or len(s.monster_pool) < 2:
            return None
        tile = tiles[0]
        if not tile.monster:  # another seat looks under it: both states so
            tile.monster = s.monster_pool.pop(0)
            tile.known = [others[0]]
            state, s = s, copy(engine, s)
            tile = next(t for t in s.tiles if t.square == tile.square)
        tile.monster, s.monster_pool[0] = s.monster_pool[0], tile.monster
    else:
        return None
    return state, s


def same(engine, a, b) -> bool:
    return engine.to_json(a) == engine.to_json(b)


@pytest.mark.parametrize("game_id", GAMES)
def test_states_differing_only_in_what_the_seat_cannot_see_give_the_same_sample(game_id):
    engine, found = snapshots(game_id)
    sample = belief(game_id).sample_state
    rng = random.Random(3)
    compared = 0
    for state, seat in found:
        pair = perturb(game_id, engine, state, seat, rng)
        if pair is None:
            continue
        state, changed = pair
        assert not same(engine, state, changed)
        for k in range(3):
            assert same(
                engine,
                sample(engine, state, seat, random.Random(k)),
                sample(engine, changed, seat, random.Random(k)),
            ), (seat, k)
        compared += 1
    if game_id == "dungeonbowl":
        assert compared == 0  # nothing is hidden: nothing to change
    else:
        assert compared >= 5, f"only {compared} states with something hidden"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_agrees_with_the_seats_view_and_plays_to_the_end(game_id):
    engine, found = snapshots(game_id, seeds=range(1, 4), every=11)
    sample = belief(game_id).sample_state
    redrawn = 0
    for n, (state, seat) in enumerate(found):
        got = sample(engine, state, seat, random.Random(n))
        assert engine.public_view(got, seat) == engine.public_view(state, seat)
        assert engine.summary(got) == engine.summary(state)
        redrawn += not same(engine, got, state)
        prompt = engine.prompt(got)
        assert prompt.actor == engine.prompt(state).actor
        if n % 4 == 0:  # a random playout from the sample finishes
            policy, dice = get_game(game_id).load_policy("random")(n), SeededDice(n)
            for _ in range(20_000):
                if prompt is None:
                    break
                action = (
                    dice.answer(prompt)
                    if prompt.is_chance
                    else policy(engine, engine.public_view(got, prompt.actor), prompt)
                )
                engine.apply(got, action, prompt)
                prompt = None if engine.is_over(got) else engine.prompt(got)
            assert engine.is_over(got)
    if game_id == "dungeonbowl":
        assert redrawn == 0
    else:
        assert redrawn > 0, "the sample never differed from the truth: nothing was redrawn"
