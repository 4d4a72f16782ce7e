"""What one seat may believe about the hidden parts of a Dungeon Allies game: a face-down
monster that another seat looked under (with a red crystal) and this seat did not is redrawn
from the monsters nobody has seen. The other draws (characters, followers, sorcerer cards,
monsters) happen when they are made, from piles every seat knows the contents of."""

from __future__ import annotations

import random

from companion.search.hidden import copy, deal


def sample_state(engine, state, seat: str, rng: random.Random):
    """A full state consistent with what ``seat`` has seen, the rest redrawn."""
    s = copy(engine, state)
    hidden = [t for t in s.tiles if t.monster and not t.revealed and seat not in t.known]
    piles = deal(rng, [t.monster for t in hidden] + s.monster_pool, [1] * len(hidden))
    for tile, pile in zip(hidden, piles):
        tile.monster = pile[0]
    s.monster_pool = sorted(piles[-1])
    for pool in ("character_pool", "follower_pool", "deck"):
        setattr(s, pool, sorted(getattr(s, pool)))
    return s
