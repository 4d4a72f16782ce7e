"""Helpers for a game's belief module (``companion/games/<game>/belief.py``): a copy of the
state to redraw in, and a deal of what a seat has not seen.

A belief module's ``sample_state(engine, state, seat, rng)`` returns a full state that agrees
with everything ``seat`` has seen and redraws the rest. It must read the hidden parts only as
an unordered pool (sorted here before the shuffle), so two states that differ only in what the
seat cannot see give the same sample under the same random state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence


def copy(engine, state):
    """A deep copy through the engine's own serialisation (plain msgspec data)."""
    return engine.from_json(engine.to_json(state))


def deal(rng: random.Random, pool: Iterable[str], sizes: Sequence[int]) -> list[list[str]]:
    """``pool`` shuffled and cut into piles of ``sizes`` (the rest last): a fair redeal that
    depends on the pool's contents only, never on its order."""
    cards = sorted(pool)
    rng.shuffle(cards)
    piles, at = [], 0
    for n in sizes:
        piles.append(cards[at : at + n])
        at += n
    piles.append(cards[at:])
    return piles
