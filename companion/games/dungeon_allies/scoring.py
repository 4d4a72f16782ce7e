"""The end: gold plus sorcerer points; ties go to the most white crystals, then green, yellow,
blue and red; still tied, the game is a draw."""

from __future__ import annotations

from companion.engine.steps import StepMachine

from .state import AlliesState, Seat


def card_points(g, seat: Seat, card: str) -> int:
    c = g.cards[card]
    if c.kind == "points":
        return c.points
    if c.kind == "crystal":
        return c.points * seat.crystals[c.colour]
    if c.kind == "weak":
        return c.points * sum(g.monsters[m].weak == c.skill for m in seat.monsters)
    return c.points * len(seat.monsters)


def score(g, seat: Seat) -> int:
    return seat.gold + sum(card_points(g, seat, card) for card in seat.cards)


def ranking(g, s: AlliesState) -> tuple[list[str], str]:
    """The leaders after the tie-breaks (one: the winner) and what decided it."""
    top = max(score(g, seat) for seat in s.seats)
    leaders = [seat for seat in s.seats if score(g, seat) == top]
    decided = ""
    for colour in g.pack.rules.tie_breaks:
        if len(leaders) == 1:
            break
        most = max(seat.crystals[colour] for seat in leaders)
        fewer = [seat for seat in leaders if seat.crystals[colour] == most]
        if len(fewer) < len(leaders):
            decided = f"most {colour} crystals"
        leaders = fewer
    return [seat.id for seat in leaders], decided


def finish_game(g, s: AlliesState, ev: list[dict]) -> None:
    leaders, decided = ranking(g, s)
    s.over = True
    s.draw = len(leaders) > 1
    s.winner = "" if s.draw else leaders[0]
    s.tie_break = "still tied: a draw" if s.draw else decided
    StepMachine.goto(s, "over")
    ev.append(
        {
            "event": "over",
            "winner": s.winner or None,
            "draw": s.draw,
            "tie_break": s.tie_break,
            "scores": {seat.id: score(g, seat) for seat in s.seats},
        }
    )
