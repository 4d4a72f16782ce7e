"""Whether a card fits a day, yes or no: the play list's form of the rules' checks.

The checks in rules.py say why a play is refused, so each builds a sentence for every day a
card does not fit; listing a turn's plays asked them of every card, board and day, and most of
its time went on sentences nobody read. These are the same conditions without the words. A
test holds the two to the same verdicts on random games (tests/games/dungeon_days/test_fits.py).
"""

from __future__ import annotations

from companion.games.dungeon_days.board import BOULDER, DRAGON, INVISIBILITY
from companion.games.dungeon_days.pack import CREATURES


def _creature(pile: list[str]) -> bool:
    return any(c in CREATURES for c in pile)


def _on_top(pile: list[str]) -> bool:
    """A creature lies on top: a card played ON TOP OF one may go here."""
    return bool(pile) and pile[-1] in CREATURES


def _beside_holds(board: list[list[str]], day: int, kinds: tuple[str, ...]) -> bool:
    return any(c in kinds for n in (day - 1, day + 1) if 0 <= n < 7 for c in board[n])


def _room(pile: list[str]) -> bool:
    """A creature may be played here: not blocked, and empty or Invisibility made room on it."""
    return not pile or (pile[-1] == INVISIBILITY and BOULDER not in pile)


def fits(kind: str, board: list[list[str]], day: int, mine: list[list[str]]) -> bool:
    """Whether ``kind`` may be played on ``day`` of ``board`` (``mine``: the player's own
    board, which Transportation swaps with); the board is one the card may go on."""
    pile = board[day]
    if kind in ("sprite", "halfling", "invisibility"):
        return _on_top(pile)
    if kind == "lava":
        return _on_top(pile) and pile[-1] != DRAGON
    if kind == "boulder":
        return not pile
    if kind == "terror":
        return True
    if kind == "transportation":
        own = mine[day]
        return BOULDER not in own and BOULDER not in pile and (_creature(own) or _creature(pile))
    if not _room(pile):
        return False
    if kind == "dwarf":
        return not _beside_holds(board, day, ("elf",))
    if kind == "elf":
        return not _beside_holds(board, day, ("dwarf",))
    if kind == "pixie":
        return _beside_holds(board, day, ("human", "halfling"))
    if kind == "orc":
        return day + 1 < 7 and _creature(board[day + 1])
    if kind == "troll":
        return day > 0 and _creature(board[day - 1])
    return True
