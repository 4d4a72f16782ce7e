"""What one seat may believe about the hidden parts of a Dungeonbowl game: nothing is hidden.

A closed chest holds nothing yet (its content is drawn when it opens) and a trap's face is
set only when it is flipped, so every seat sees the whole state."""

from __future__ import annotations

import random

from companion.search.hidden import copy


def sample_state(engine, state, seat: str, rng: random.Random):
    """A copy of the state: there is nothing for ``seat`` to redraw."""
    return copy(engine, state)
