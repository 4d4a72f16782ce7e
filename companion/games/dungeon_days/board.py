"""One player's board: seven piles in a line, Monday to Sunday, and how a board scores.

Pure functions over piles (lists of card ids, bottom to top) and the pack's card facts. The
days run in a line: Monday's only neighbour is Tuesday, Sunday's only Saturday.

Scoring (docs/dungeon-days.md, Scoring):

* a day is read from the top card down: a card ON TOP OF another covers its score and all
  under it; a Halfling (0 points) so zeroes what it covers, and a creature a Transformation put
  on top of another covers it too;
* a Sprite adds its 6 to the day (it covers nothing);
* an Invisibility shields what it lies on: the creature played on it later covers nothing under
  the Invisibility, so both count;
* a Mimic scores the printed points of the best creature no card covers on a day beside it
  (both creatures of an Invisibility day; never another Mimic, which has no points of its
  own); none: 0.
"""

from __future__ import annotations

from companion.games.dungeon_days.pack import CREATURES, DaysPack

BOULDER, INVISIBILITY, HALFLING, MIMIC, DRAGON, SPRITE = (
    "boulder",
    "invisibility",
    "halfling",
    "mimic",
    "dragon",
    "sprite",
)


def neighbours(day: int) -> list[int]:
    """The days beside ``day``: the week is a line, not a ring."""
    return [d for d in (day - 1, day + 1) if 0 <= d < 7]


def blocked(pile: list[str]) -> bool:
    """A Boulder Trap blocks the day for the whole game."""
    return BOULDER in pile


def has_creature(pack: DaysPack, pile: list[str]) -> bool:
    return any(pack.is_creature(c) for c in pile)


def top_creature(pack: DaysPack, pile: list[str]) -> str | None:
    """The creature seen on the day (under an Invisibility, the creature it lies on)."""
    return next((c for c in reversed(pile) if pack.is_creature(c)), None)


def has_room(pile: list[str]) -> bool:
    """A creature may be played here: the day is empty, or Invisibility made room on it."""
    return not pile or pile[-1] == INVISIBILITY


def creature_on_top(pack: DaysPack, pile: list[str]) -> bool:
    """A card played ON TOP OF a creature may go here."""
    return bool(pile) and pack.is_creature(pile[-1])


def holds(pile: list[str], kinds: tuple[str, ...]) -> bool:
    return any(c in kinds for c in pile)


def week_done(pack: DaysPack, board: list[list[str]]) -> bool:
    """A creature on every day of the week not blocked by a Boulder Trap. (Every pack's
    creatures are the same kinds, ``CREATURES``: its check holds each card to its type.) An
    empty day is seen first without a loop: after every play every board is asked."""
    return [] not in board and all(BOULDER in p or not CREATURES.isdisjoint(p) for p in board)


def tidy(pack: DaysPack, pile: list[str]) -> list[str]:
    """A pile after creatures left it: an Invisibility lies only on a creature (one left with
    nothing under it goes to the discard with them). Returns the cards dropped."""
    dropped = []
    i = 0
    while i < len(pile):
        if pile[i] == INVISIBILITY and (i == 0 or not pack.is_creature(pile[i - 1])):
            dropped.append(pile.pop(i))
        else:
            i += 1
    return dropped


def clear(pile: list[str]) -> list[str]:
    """Remove every creature (and the Invisibility lying on them) from a day; a Boulder Trap
    stays. Returns the cards removed."""
    if blocked(pile):
        return []
    gone = list(pile)
    pile.clear()
    return gone


def stack_tops(pack: DaysPack, pile: list[str]) -> list[str]:
    """The creature on top of each stack of a day: an Invisibility starts a new stack, so a day
    with one holds two creatures that score, the one under it and the one played on it."""
    tops, top = [], None
    for card in pile:
        if card == INVISIBILITY:
            tops.append(top)
            top = None
        elif pack.is_creature(card):
            top = card
    return [t for t in [*tops, top] if t is not None]


def mimic_points(pack: DaysPack, board: list[list[str]], day: int) -> tuple[int, str]:
    """The best printed points among the creatures beside ``day`` that no card covers (the top
    of each stack: both of an Invisibility day), never a Mimic's."""
    best, what = 0, ""
    for top in (t for n in neighbours(day) for t in stack_tops(pack, board[n])):
        if top == MIMIC:
            continue
        points = pack.cards[top].points
        if not what or points > best:
            best, what = points, top
    return best, what


def mimic_decisions(pack: DaysPack, board: list[list[str]], sid: str) -> list[str]:
    """The choices the device made for a board's scoring Mimics, in words for the table: "you
    choose which creature to the immediate left or right is the mimic's score", and with two
    to choose from the device takes the better for the player."""
    out = []
    for day, pile in enumerate(board):
        if MIMIC not in stack_tops(pack, pile):
            continue
        beside = [t for n in neighbours(day) for t in stack_tops(pack, board[n]) if t != MIMIC]
        if len(set(beside)) < 2:
            continue
        points, copied = mimic_points(pack, board, day)
        names = ", ".join(c.capitalize() for c in dict.fromkeys(beside))
        out.append(
            f"{sid.upper()}'s Mimic on {pack.days[day].capitalize()} copies the {copied.capitalize()} "
            f"({points}), the best of {names}: the player chooses, and the device chose the best for them"
        )
    return out


def day_score(pack: DaysPack, board: list[list[str]], day: int) -> tuple[int, str]:
    """A day's points and the reason, in the short words the screens show (top card first)."""
    pile = board[day]
    if blocked(pile):
        return 0, "blocked (BLD)"
    if not has_creature(pack, pile):
        return 0, "empty"
    segments: list[list[str]] = [[]]
    for card in pile:  # an Invisibility starts a new stack: nothing above it covers below it
        if card == INVISIBILITY:
            segments.append([])
        else:
            segments[-1].append(card)
    parts: list[tuple[int, str]] = []
    for segment in reversed(segments):
        parts += _segment_parts(pack, board, day, segment)
    total = sum(p for p, _ in parts)
    words = " + ".join(w for _, w in parts)
    return total, words + (f" = {total}" if len(parts) > 1 else "")


def _segment_parts(
    pack: DaysPack, board: list[list[str]], day: int, cards: list[str]
) -> list[tuple[int, str]]:
    """One stack read from the top: a Sprite adds and reads on; any other creature covers what
    is under it (a Halfling's 0 included)."""
    parts: list[tuple[int, str]] = []
    for i in range(len(cards) - 1, -1, -1):
        card = cards[i]
        under = "+".join(pack.code(c) for c in reversed(cards[:i]) if pack.is_creature(c))
        if card == HALFLING:
            parts.append((0, f"HAL on {under}: 0" if under else "HAL 0"))
            break
        if card == MIMIC:
            points, copied = mimic_points(pack, board, day)
            said = f"MIM={pack.code(copied)} {points}" if copied else "MIM 0"
        else:
            points = pack.cards[card].points
            said = f"{pack.code(card)} {points}"
        if card == SPRITE or not under:
            parts.append((points, said))
            continue
        parts.append((points, f"{said} (on {under})"))
        break
    return parts


def board_score(pack: DaysPack, board: list[list[str]]) -> int:
    return sum(day_score(pack, board, d)[0] for d in range(7))


def cards_on(board: list[list[str]]) -> int:
    """Every card lying on a board (the first tie-break): creatures, Invisibility, Boulders."""
    return sum(len(p) for p in board)
