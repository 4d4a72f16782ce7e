"""Where a seat's dice may go now, every action space at once: the placement prompt's options.

``placement.refusal`` judges one space and says why it is refused (the checked path's words);
asking it of each space for each die read the dice on the board again every time, the better
part of a turn's cost. This walks the board once. The rules are the same ones, space by space,
and a test holds the two to the same verdicts on random games
(tests/games/dungeon_allies/test_open_spaces.py).
"""

from __future__ import annotations

from .state import AlliesState, Placed, Seat


def open_spaces(g, s: AlliesState, seat: Seat, dice: list[str]) -> dict[str, list[str]]:
    """Each of ``dice`` (die kinds) -> the spaces ``seat`` may put it on, in the board's order."""
    here: dict[str, list[Placed]] = {}
    for p in s.placed:
        here.setdefault(p.space, []).append(p)
    me = seat.id
    empty: list[Placed] = []
    # the excursion squares: one player per tile
    out = [
        t.square for t in s.tiles if not t.removed and all(p.seat == me for p in here.get(t.square, empty))
    ]
    order = here.get("order", empty)
    if len(order) < len(s.seats) and all(p.seat != me for p in order):
        out.append("order")
    out += [f"treasure{i}" for i in range(1, len(s.treasure) + 1) if f"treasure{i}" not in here]
    if "gold" not in here:
        out.append("gold")
    before_train, after_train = out, []
    tavern = here.get("tavern")
    if s.follower_top:
        top = max(tavern, key=lambda p: p.gold) if tavern else None
        if top is None or (top.seat != me and seat.gold > top.gold):
            after_train.append("tavern")
    for n, prisoner in enumerate(g.pack.prisoners, 1):
        space = f"prisoner{n}"
        if space not in here and seat.gold >= prisoner.offering:
            after_train.append(space)
    if all(p.seat != me for p in here.get("trade", empty)):
        after_train.append("trade")
    after_train += [f"sorcerer{n}" for n, card in enumerate(s.row, 1) if card and f"sorcerer{n}" not in here]
    # the trainer: a free space, and a higher die on the ladder than the one trained
    ladder = g.pack.rules.ladder
    train_free = len(here.get("train", empty)) < g.pack.trainer_spaces
    return {
        die: before_train
        + (["train"] if train_free and ladder.index(die) + 1 < len(ladder) else [])
        + after_train
        for die in dict.fromkeys(dice)
    }
