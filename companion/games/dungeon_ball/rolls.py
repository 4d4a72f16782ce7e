"""The offense's dice pool during a roll: what each die shows, which are set aside or gone.

These run after every roll and in every card window: plain loops (no comprehension, no
``zip``/``enumerate``) are the quickest way through a pool of a few dice.
"""

from __future__ import annotations

from companion.games.dungeon_ball.pack import MAX_DICE
from companion.games.dungeon_ball.state import Play


def live_positions(play: Play) -> list[int]:
    """Positions of dice still in the pool (not discarded), 0-based."""
    return [i for i, gone in enumerate(play.gone) if not gone]


def rerollable(play: Play) -> list[int]:
    """Dice that may be rerolled: in the pool and not a time die set aside."""
    locked = play.locked
    out = []
    i = 0
    for gone in play.gone:
        if not gone and not locked[i]:
            out.append(i)
        i += 1
    return out


def any_rerollable(play: Play) -> bool:
    """Whether any die may be rerolled (``bool(rerollable(play))``, without the list). With no
    die gone (the usual case), whether any is not set aside: one scan in C."""
    if True not in play.gone:
        return False in play.locked
    locked = play.locked
    i = 0
    for gone in play.gone:
        if not gone and not locked[i]:
            return True
        i += 1
    return False


def icon_total(play: Play, icon: str, per_face: dict[str, int]) -> int:
    """How many ``icon`` the pool shows plus those cards added, less those cards removed;
    ``per_face`` says how many ``icon`` each face shows (the engine's ``icon_tables[icon]``)."""
    n = 0
    gone = play.gone
    if True in gone:
        i = 0
        for face in play.dice:
            if not gone[i]:
                n += per_face[face]
            i += 1
    else:
        for face in play.dice:
            n += per_face[face]
    if play.added:
        n += play.added.get(icon, 0)
    removed = play.removed.get(icon)
    if removed:
        n = max(0, n - removed)
    return n


def icon_count(play: Play, icon: str, faces: tuple[tuple[str, int], ...]) -> int:
    """``icon_total`` counted face by face: ``faces`` are the faces showing ``icon`` and how many
    each shows (the engine's ``icon_faces[icon]``), few, each counted over the pool at once."""
    dice = play.dice
    gone = play.gone
    if True in gone:
        dice = [face for face, out in zip(dice, gone) if not out]
    n = 0
    for face, per in faces:
        n += per * dice.count(face)
    if play.added:
        n += play.added.get(icon, 0)
    removed = play.removed
    if removed and removed.get(icon):
        n = max(0, n - removed[icon])
    return n


PAIR = 256  # icon_pair's second count sits above this: more icons than a pool can show


def icon_pair(play: Play, first: str, second: str, per_face: dict[str, int]) -> tuple[int, int]:
    """``icon_total`` of two icons in one pass over the pool; ``per_face`` says per face how many
    ``first`` it shows plus PAIR times how many ``second`` (the engine's ``pair_tables``)."""
    n = 0
    gone = play.gone
    if True in gone:
        for face, out in zip(play.dice, gone):
            if not out:
                n += per_face[face]
    else:
        for face in play.dice:
            n += per_face[face]
    a, b = n % PAIR, n // PAIR
    if play.added:
        a += play.added.get(first, 0)
        b += play.added.get(second, 0)
    removed = play.removed
    if removed:
        if removed.get(first):
            a = max(0, a - removed[first])
        if removed.get(second):
            b = max(0, b - removed[second])
    return a, b


def rerollable_positions(play: Play) -> list[int]:
    """``rerollable`` numbered from 1, as prompts show them."""
    locked = play.locked
    out = []
    i = 0
    for gone in play.gone:
        if not gone and not locked[i]:
            out.append(i + 1)
        i += 1
    return out


def dice_showing(play: Play, icon: str, face_icons: dict[str, tuple[str, ...]]) -> int:
    """How many dice in the pool show ``icon`` (for "five balls on five dice")."""
    return sum(1 for i, face in enumerate(play.dice) if not play.gone[i] and icon in face_icons[face])


def new_pool(play: Play, count: int) -> None:
    """``count`` dice, none rolled yet, all pending. A play starts with no pool (a new Play's
    lists are empty and its own): they are filled in place, as setting a state field anew costs
    more than filling a list."""
    if play.dice or play.rolls:  # a pool there already: start from empty lists
        play.dice, play.locked, play.gone, play.pending = [], [], [], []
        play.rolls = 0
    play.dice.extend([""] * count)
    play.locked.extend([False] * count)
    play.gone.extend([False] * count)
    play.pending.extend(range(count))


class _Indexes(dict):
    """A die's position as prompts show it ("1") -> its index in the pool (0), for positions
    already checked: a lookup in C per die rather than ``int(word) - 1``, which a word written
    some other way that the check let through ("01") still gets."""

    def __missing__(self, word: str) -> int:
        return int(word) - 1


POSITIONS = list(range(1, MAX_DICE + 1))  # every die's position, numbered from 1: sliced, never changed
INDEX_OF = _Indexes((str(i + 1), i) for i in range(MAX_DICE))
index_of = INDEX_OF.__getitem__  # a position word's index, the method bound once for map()
# a position's word (positions numbered from 1), the method bound once for map(): str() is a
# type's call per position
word_of = tuple(str(i) for i in range(MAX_DICE + 1)).__getitem__


def parse_positions(words: list[str], allowed: list[int]) -> list[int] | str:
    """1-based positions typed by a player -> 0-based indexes, or the reason they are wrong."""
    out: list[int] = []
    for word in words:
        if not word.isdigit():
            return f"{word!r} is not a die position (dice are numbered from 1)"
        index = int(word) - 1
        if index not in allowed:
            shown = " ".join(str(i + 1) for i in allowed) or "none"
            return f"die {word} cannot be chosen; choose among: {shown}"
        if index in out:
            return f"die {word} is named twice"
        out.append(index)
    return out
