"""Where a card fits on a board, yes or no: the play list's form of the rules' checks.

The checks in rules.py say why a play is refused, so each builds a sentence for every day a
card does not fit; listing a turn's plays asked them of every card, board and day, and most of
its time went on sentences nobody read. These are the same conditions without the words, one
per card as ``rules.CHECKS`` and ``rules.PLACEMENT`` have them, each asked of a whole board at
once (a turn's plays are listed for every board, and one pass over its seven piles costs less
than seven calls). A test holds them to the checks' verdicts on random games
(tests/games/dungeon_days/test_fits.py).

Each takes the board the card goes on, the player's own board (which Transportation swaps
with) and the days' names, and returns the names of the days the card fits, in order: with
``pack.days`` for a play line, with ``range(7)`` for the days' indices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.dungeon_days.board import BOULDER, DRAGON, INVISIBILITY
from companion.games.dungeon_days.pack import CREATURES

Board = list[list[str]]
Days = Callable[[Board, Board, Sequence], list]


def room(board: Board, mine: Board, days: Sequence) -> list:
    """A creature may be played here: not blocked, and empty or Invisibility made room on it."""
    return [
        day
        for day, pile in zip(days, board)
        if not pile or (pile[-1] == INVISIBILITY and BOULDER not in pile)
    ]


def on_top(board: Board, mine: Board, days: Sequence) -> list:
    """A creature lies on top: a card played ON TOP OF one may go here."""
    return [day for day, pile in zip(days, board) if pile and pile[-1] in CREATURES]


def lava(board: Board, mine: Board, days: Sequence) -> list:
    """A creature other than the Dragon lies on top."""
    return [day for day, pile in zip(days, board) if pile and pile[-1] in CREATURES and pile[-1] != DRAGON]


def boulder(board: Board, mine: Board, days: Sequence) -> list:
    """An empty day."""
    return [day for day, pile in zip(days, board) if not pile]


def terror(board: Board, mine: Board, days: Sequence) -> list:
    """Any day, full or empty."""
    return list(days)


def transportation(board: Board, mine: Board, days: Sequence) -> list:
    """Neither day blocked, and a creature on one of them to swap."""
    return [
        day
        for day, pile, own in zip(days, board, mine)
        if BOULDER not in own
        and BOULDER not in pile
        and not (CREATURES.isdisjoint(own) and CREATURES.isdisjoint(pile))  # a creature on either
    ]


def _creature(pile: list[str]) -> bool:
    return not CREATURES.isdisjoint(pile)


def _beside_holds(board: Board, day: int, kinds: frozenset[str]) -> bool:
    return (day > 0 and not kinds.isdisjoint(board[day - 1])) or (
        day < 6 and not kinds.isdisjoint(board[day + 1])
    )


def _room_and(beside: Callable[[Board, int], bool]) -> Days:
    """Room (as ``room``, inline), and ``beside(board, day)``: asked only of the days with room."""

    def fits(board: Board, mine: Board, days: Sequence) -> list:
        return [
            days[d]
            for d, pile in enumerate(board)
            if (not pile or (pile[-1] == INVISIBILITY and BOULDER not in pile)) and beside(board, d)
        ]

    return fits


ELF, DWARF, HUMANS = frozenset(("elf",)), frozenset(("dwarf",)), frozenset(("human", "halfling"))
FITS: dict[str, Days] = {
    "sprite": on_top,
    "halfling": on_top,
    "invisibility": on_top,
    "lava": lava,
    "boulder": boulder,
    "terror": terror,
    "transportation": transportation,
    "dwarf": _room_and(lambda board, day: not _beside_holds(board, day, ELF)),
    "elf": _room_and(lambda board, day: not _beside_holds(board, day, DWARF)),
    "pixie": _room_and(lambda board, day: _beside_holds(board, day, HUMANS)),
    "orc": _room_and(lambda board, day: day < 6 and _creature(board[day + 1])),
    "troll": _room_and(lambda board, day: day > 0 and _creature(board[day - 1])),
}


def fits(kind: str) -> Days:
    """The days of a board ``kind`` may be played on (not Transformation, whose plays
    rules.legal_plays lists by the creatures to swap)."""
    return FITS.get(kind, room)
