"""What one seat may believe about the hidden parts of a Dungeon Days game: the other hands
and the deck are one pool of unseen cards (the boards and the discard pile are face up), dealt
again to the same sizes."""

from __future__ import annotations

import random

from companion.search.hidden import copy, deal


def sample_state(engine, state, seat: str, rng: random.Random):
    """A full state consistent with what ``seat`` has seen, the rest redrawn."""
    s = copy(engine, state)
    others = [x for x in s.seats if x.id != seat]
    piles = deal(rng, [c for x in others for c in x.hand] + s.deck, [len(x.hand) for x in others])
    for x, hand in zip(others, piles):
        x.hand = sorted(hand)
    s.deck = sorted(piles[-1])
    return s
