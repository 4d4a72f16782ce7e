"""Whether a card fits a day, yes or no: the play list's form of the rules' checks.

The checks in rules.py say why a play is refused, so each builds a sentence for every day a
card does not fit; listing a turn's plays asked them of every card, board and day, and most of
its time went on sentences nobody read. These are the same conditions without the words, one
per card as ``rules.CHECKS`` and ``rules.PLACEMENT`` have them. A test holds the two to the
same verdicts on random games (tests/games/dungeon_days/test_fits.py).

Each takes the board the card goes on, the day's index and the player's own board (which
Transportation swaps with).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games.dungeon_days.board import BOULDER, DRAGON, INVISIBILITY
from companion.games.dungeon_days.pack import CREATURES

Board = list[list[str]]
Fits = Callable[[Board, int, Board], bool]


def _creature(pile: list[str]) -> bool:
    return not CREATURES.isdisjoint(pile)


def _beside_holds(board: Board, day: int, kinds: tuple[str, ...]) -> bool:
    return any(c in kinds for n in (day - 1, day + 1) if 0 <= n < 7 for c in board[n])


def room(board: Board, day: int, mine: Board) -> bool:
    """A creature may be played here: not blocked, and empty or Invisibility made room on it."""
    pile = board[day]
    return not pile or (pile[-1] == INVISIBILITY and BOULDER not in pile)


def on_top(board: Board, day: int, mine: Board) -> bool:
    """A creature lies on top: a card played ON TOP OF one may go here."""
    pile = board[day]
    return bool(pile) and pile[-1] in CREATURES


def _room_and(beside: Callable[[Board, int], bool]) -> Fits:
    def fits(board: Board, day: int, mine: Board) -> bool:
        pile = board[day]  # room(), inline: asked of every day of every board each turn
        return (not pile or (pile[-1] == INVISIBILITY and BOULDER not in pile)) and beside(board, day)

    return fits


FITS: dict[str, Fits] = {
    "sprite": on_top,
    "halfling": on_top,
    "invisibility": on_top,
    "lava": lambda board, day, mine: on_top(board, day, mine) and board[day][-1] != DRAGON,
    "boulder": lambda board, day, mine: not board[day],
    "terror": lambda board, day, mine: True,
    "transportation": lambda board, day, mine: (
        BOULDER not in mine[day]
        and BOULDER not in board[day]
        and (_creature(mine[day]) or _creature(board[day]))
    ),
    "dwarf": _room_and(lambda board, day: not _beside_holds(board, day, ("elf",))),
    "elf": _room_and(lambda board, day: not _beside_holds(board, day, ("dwarf",))),
    "pixie": _room_and(lambda board, day: _beside_holds(board, day, ("human", "halfling"))),
    "orc": _room_and(lambda board, day: day + 1 < 7 and _creature(board[day + 1])),
    "troll": _room_and(lambda board, day: day > 0 and _creature(board[day - 1])),
}


def fits(kind: str) -> Fits:
    """Whether ``kind`` may be played on a day of a board it may go on (not Transformation,
    whose plays rules.legal_plays lists by the creatures to swap)."""
    return FITS.get(kind, room)
