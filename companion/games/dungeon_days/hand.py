"""Why a card in hand cannot be played now, in a line a player reads on the device or the
phone: the one reason every place gives when there is one ("a Lava Trap cannot remove the
Dragon"), else the card's rule and that no day fits it now."""

from __future__ import annotations

from companion.games.dungeon_days import rules
from companion.games.dungeon_days.pack import DaysPack
from companion.games.dungeon_days.state import DaysState


def why_not(pack: DaysPack, s: DaysState, kind: str) -> str:
    """Why no play of ``kind`` is legal now (the actor holds one)."""
    seat = s.actor()
    if kind == "transformation":
        if not any(pack.is_creature(k) for k in seat.hand):
            return "you hold no creature for a Transformation to give"
        return "no board has a creature for a Transformation to take"
    seats = s.seats
    targets = (
        (seat,)
        if kind in rules.OWN
        else [x for x in seats if x is not seat]
        if kind in rules.OTHERS
        else seats
    )
    reasons = set()
    check = rules.CHECKS.get(kind, rules.check_room)  # refusal's verdict: the play's shape is right
    for x in targets:
        board = x.board
        for d, day in enumerate(pack.days):
            reasons.add(check(pack, s, kind, board, d, [seat.id, "play", kind, x.id, day])[0])
            if len(reasons) > 1:  # no one reason: the card's rule says it
                break
        if len(reasons) > 1:
            break
    else:
        return next(iter(reasons))
    where = "your board" if kind in rules.OWN else "any board"
    return f"no day on {where} fits it: {pack.cards[kind].text}"


def why_not_all(pack: DaysPack, s: DaysState, plays: dict[str, list[str]]) -> dict[str, str]:
    """Each card in hand that cannot be played now, with why (``Prompt.choice["why_not"]``);
    ``plays`` is ``rules.plays_by_kind``."""
    return {kind: why_not(pack, s, kind) for kind, lines in plays.items() if not lines}
