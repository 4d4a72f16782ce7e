"""Where a seat's dice may go now, every action space at once: the placement prompt's options.

``placement.refusal`` judges one space and says why it is refused (the checked path's words);
asking it of each space for each die read the dice on the board again every time, the better
part of a turn's cost. This reads the board once. The rules are the same ones, space by space,
and a test holds the two to the same verdicts on random games
(tests/games/dungeon_allies/test_open_spaces.py).
"""

from __future__ import annotations

from functools import cache

from .state import AlliesState, Seat


@cache
def numbered(word: str, count: int) -> tuple[str, ...]:
    """``treasure1`` ... ``treasure<count>``: the spaces' words, made once."""
    return tuple(f"{word}{n}" for n in range(1, count + 1))


def live_squares(g, s: AlliesState) -> list[str]:
    """The squares whose monster is still on the board, in the board's order: kept on the
    engine while the state's tiles are the same list and its count of removed tiles is the same
    (a tile leaves the board through ``rules.remove_tile``, which counts it). Do not change it."""
    tiles, removed = s.tiles, s.removed
    kept_tiles, kept_removed, live = g.live_squares
    if kept_tiles is tiles and kept_removed == removed:
        return live
    live = [t.square for t in tiles if not t.removed]
    g.live_squares = (tiles, removed, live)
    return live


def open_spaces(g, s: AlliesState, seat: Seat, dice: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Each of ``dice`` (die kinds) -> the spaces ``seat`` may put it on, in the board's order;
    and every space one of them may take, in that order. Dice that may go to the same spaces
    share one list: read them, do not change them.

    Plain loops, not comprehensions: each comprehension is a call of its own, and the lists
    filtered here are a handful of spaces long."""
    me = seat.id
    dice_on: dict[str, int] = {}  # space -> dice on it
    others = set()  # the spaces with a die of another seat
    my_order = my_trade = False  # this seat has a die on the turn order spaces, on trade
    top = None  # the standing tavern bid: the first of the highest
    for p in s.placed:
        space = p.space
        if space in dice_on:
            dice_on[space] += 1
        else:
            dice_on[space] = 1
        if p.seat != me:
            others.add(space)
        elif space == "order":
            my_order = True
        elif space == "trade":
            my_trade = True
        if space == "tavern" and (top is None or p.gold > top.gold):
            top = p
    out = live_squares(g, s).copy()
    tiles, index = s.tiles, g.square_index
    for space in others:  # one player a tile
        at = index.get(space)
        if at is not None and not tiles[at].removed:
            out.remove(space)
    if not my_order and dice_on.get("order", 0) < len(s.seats):
        out.append("order")
    for space in numbered("treasure", len(s.treasure)):
        if space not in dice_on:
            out.append(space)
    if "gold" not in dice_on:
        out.append("gold")
    after_train = []
    gold = seat.gold
    if s.follower_top and (top is None or (top.seat != me and gold > top.gold)):
        after_train.append("tavern")
    for space, offering in g.prisoner_spaces:
        if gold >= offering and space not in dice_on:
            after_train.append(space)
    if not my_trade:
        after_train.append("trade")
    for space, card in zip(numbered("sorcerer", len(s.row)), s.row):
        if card and space not in dice_on:
            after_train.append(space)
    # the trainer: a free space, and a higher die on the ladder than the one trained
    without = out + after_train
    trainable = g.trainable  # every die but the top of the ladder
    if dice_on.get("train", 0) >= g.pack.trainer_spaces:
        return dict.fromkeys(dice, without), without
    out.append("train")
    trained = out + after_train
    each, spaces = {}, without
    for die in dice:
        if die in trainable:
            each[die] = spaces = trained
        else:
            each[die] = without
    return each, spaces  # they differ by the trainer alone
