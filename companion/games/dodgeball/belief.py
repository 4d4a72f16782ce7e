"""What one seat may believe about the hidden parts of a Dodgeball game.

Hidden from a seat: the other coach's intensity cards in hand and in the deck (digital cards:
their pool is the pack's deck less the public discard pile), the card he played face down and
whether he added his mascot or coach card to it, and his rushing line before the reveal. The
mascot and coach cards themselves are known (they come with the team, and the table shows
whether each is still held)."""

from __future__ import annotations

import random

from companion.search.hidden import copy, deal

EXTRA = 0.25  # how likely a held mascot or coach card is believed played with a card


def sample_state(engine, state, seat: str, rng: random.Random):
    """A full state consistent with what ``seat`` has seen, the rest redrawn."""
    s = copy(engine, state)
    for c in s.coaches:
        if c.id == seat:
            continue
        if s.cards == "digital":
            picked = [c.pick] if c.pick else []
            hand, pick, deck = deal(rng, c.hand + c.deck + picked, [len(c.hand), len(picked)])
            c.hand, c.deck = sorted(hand), sorted(deck)
            c.hand.sort(key=lambda card: (0, card) if card.startswith("+") else (1, card))
            if picked:
                c.pick = pick[0]
        else:
            c.deck = sorted(c.deck)
        if c.pick:  # whether a mascot or coach card went with it is not seen either
            held = [x for x in (c.mascot if s.mascots else "", c.coach if s.coach_cards else "") if x]
            c.extras = [x for x in held if rng.random() < EXTRA]
        if c.rush:
            line = sorted(c.players)
            chosen = set(rng.sample(line, len(c.rush)))
            c.rush = [p for p in c.players if p in chosen]
    return s
