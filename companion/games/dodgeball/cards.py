"""Intensity cards in hand: dealing, playing face down, discarding and drawing, reshuffling.

Digital cards: the device deals each coach's hand as a private draw and keeps it. Table cards:
the coaches hold the real cards and the device records each as it is revealed; it keeps the
cards not yet seen since the last reshuffle in ``Coach.deck``, so a card whose every copy lies
in the discard pile cannot be revealed."""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, Prompt
from companion.engine.steps import Frame, Step, StepMachine
from companion.games.dodgeball.state import Coach, DodgeState


def playable(s: DodgeState, coach: Coach) -> list[str]:
    """The distinct cards this coach may play now (in hand, or not yet seen at the table)."""
    return sorted(set(coach.hand if s.cards == "digital" else coach.deck), key=_order)


def _order(card: str) -> tuple[int, str]:
    return (0, card) if card.startswith("+") else (1, card)


def why_not_card(g, s: DodgeState, coach: Coach, card: str) -> str | None:
    """Why ``card`` cannot be played by this coach now, or None."""
    if card not in g.pack.by_card:
        return f"{card!r} is not an intensity card ({', '.join(g.pack.by_card)})"
    if s.cards == "digital" and card not in coach.hand:
        return f"{card} is not in {coach.id}'s hand"
    if s.cards == "table" and card not in coach.deck:
        return f"every {card} of {coach.id}'s deck is in the discard pile"
    return None


def discard(g, s: DodgeState, coach: Coach, card: str, ev: list[dict]) -> bool:
    """Discard a played card (already out of a digital hand: face down, or spent). Returns True
    when the device must deal its replacement (digital cards); at the table the coach draws
    and, when the deck runs out, reshuffles the discard."""
    coach.discard.append(card)
    if s.cards == "digital":
        return True
    coach.deck.remove(card)
    if len(coach.deck) <= g.pack.rules.hand_size:  # the last card drawn: reshuffle
        coach.deck.extend(coach.discard)
        coach.discard = []
        ev.append({"event": "reshuffle", "seat": coach.id})
    return False


def take_from_hand(s: DodgeState, coach: Coach, card: str) -> None:
    """A digital card leaves the hand when it is played face down or spent."""
    if s.cards == "digital":
        coach.hand.remove(card)


def push_draws(s: DodgeState, seats: list[str]) -> None:
    """The device deals one card to each of ``seats`` (digital cards), in order."""
    if seats:
        StepMachine.push(s, "draw", queue=list(seats))


class Deal(Step):
    """Setting the game: each coach shuffles 12 intensity cards and draws three."""

    rule = "Setting the game"

    def prompt(self, g, s: DodgeState, f: Frame) -> Prompt:
        seat = f.data["queue"][0]
        coach = s.coach(seat)
        spec = ChanceSpec(
            "deal",
            tuple(coach.deck),
            g.pack.rules.hand_size,
            die="deck",
            distinct=True,
            by="device",
            private=seat,
        )
        return Prompt(CHANCE, "deal", f"deal {seat} {g.pack.rules.hand_size} cards", chance=spec)

    def act(self, g, s: DodgeState, f: Frame, w: list[str], ev: list[dict]) -> None:
        _take(s.coach(f.data["queue"][0]), w[2:], ev)
        f.data["queue"].pop(0)
        if not f.data["queue"]:
            StepMachine.pop(s)


class Draw(Deal):
    """Intensity cards: a used card is discarded and a new one drawn at once; when the last
    card has been drawn the discard pile is shuffled into a new deck."""

    rule = "Intensity cards"

    def prompt(self, g, s: DodgeState, f: Frame) -> Prompt:
        seat = f.data["queue"][0]
        spec = ChanceSpec(
            "draw", tuple(s.coach(seat).deck), 1, die="deck", distinct=True, by="device", private=seat
        )
        return Prompt(CHANCE, "draw", f"{seat} draws a card", chance=spec)


def _take(coach: Coach, cards: list[str], ev: list[dict]) -> None:
    for card in cards:
        coach.deck.remove(card)
        coach.hand.append(card)
    coach.hand.sort(key=_order)
    ev.append({"event": "drew", "seat": coach.id, "cards": len(cards)})
    if not coach.deck:
        coach.deck, coach.discard = coach.discard, []
        ev.append({"event": "reshuffle", "seat": coach.id})
