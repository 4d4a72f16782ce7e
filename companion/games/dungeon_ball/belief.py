"""What one seat may believe about the hidden parts of a Dungeon Ball game.

Hidden from a seat: the defense card chosen face down by the other player until it is
revealed, and in solo the AI deck (which base cards the level took out, and the order of the
draw pile). The hands are not hidden in substance: a team's ability cards are public, and so
are the cards spent and discarded, so what the other player holds follows from the table.
"""

from __future__ import annotations

import random

from companion.search.hidden import copy, deal


def sample_state(engine, state, seat: str, rng: random.Random):
    """A full state consistent with what ``seat`` has seen, the rest redrawn."""
    s = copy(engine, state)
    play = s.play
    if play is not None and play.defense_card and not play.revealed and seat != s.defense:
        cards = sorted(card.id for card in engine.pack.defense_cards)
        play.defense_card = cards[int(rng.random() * len(cards))]
    solo = s.solo
    if solo and solo.get("removed"):  # no seat saw which base cards went out
        base = {c.id for c in engine.pack.solo.cards if c.set == "base"}
        unseen = solo["draw"] + solo["removed"]
        removed, rest = deal(rng, [c for c in unseen if c in base], [len(solo["removed"])])
        solo["removed"] = sorted(removed)
        solo["draw"] = sorted(rest + [c for c in unseen if c not in base])
    elif solo:
        solo["draw"] = sorted(solo["draw"])
    return s
