"""An action in the table's words, from one place per game: the device's lists, the phones'
buttons and log, and an undo's notice all say the same thing for the same action.

A game names its function in its registry entry, ``GameType.words = "module:describe"``:

    def describe(action: str, view: dict) -> str    # "p1 throw rita vix" -> "Rita throws at Vix"

``view`` is the viewer's public view (``engine.public_view``); when the caller has the game's
pack content (the screens' ``pack_info``, with the page's ``page_pack`` on the phones) it is
under ``view["pack"]``. The function returns "" (or None) for an action it leaves to the
generic words, which never show an engine verb as it is written: ``p1 teleport-in 3`` ->
"teleport in 3", ``p2 defend red-1`` -> "defend red 1".

    >>> plain("p1 teleport-in 3")
    'teleport in 3'
    >>> plain("p2 victim p2#4")
    'victim P2 #4'
    >>> plain("chance roll 3 5")
    'rolled 3 5'
    >>> counted(1, "die"), counted(3, "die"), a_or_an("Elf"), a_or_an("Dwarf"), a_or_an("8")
    ('1 die', '3 dice', 'an Elf', 'a Dwarf', 'an 8')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from companion.engine.registry import UnknownGame, get_game, load_object

_SEAT = re.compile(r"^p\d+$")
_PIECE = re.compile(r"^(p\d+)#(\w+)$")  # a seat's piece: p2#4
_NUMBER = re.compile(r"^[+-]?\d+$")
CHANCE = {"roll": "rolled", "draw": "drew", "deal": "dealt", "toss": "tossed"}


def plain(action: str) -> str:
    """The generic words for an action: without its actor, a piece as "P2 #4", a seat as "P2",
    joined words apart (``end-turn`` -> "end turn"), a chance outcome as what it was."""
    words = str(action).split()
    if not words:
        return ""
    head, rest = words[0], words[1:]
    if head == "chance" and rest:
        rest = [CHANCE.get(rest[0], rest[0]), *rest[1:]]
    elif not _SEAT.match(head):
        rest = words
    return " ".join(_word(w) for w in rest) or head.upper()


def _word(word: str) -> str:
    piece = _PIECE.match(word)
    if piece:
        return f"{piece.group(1).upper()} #{piece.group(2)}"
    if _SEAT.match(word):
        return word.upper()
    if _NUMBER.match(word):
        return word
    return word.replace("-", " ").replace("_", " ")


@cache
def words_function(game_id: str | None) -> Callable[[str, dict], str | None] | None:
    """The game's ``describe`` (its registry entry's ``words``), or None."""
    if not game_id:
        return None
    try:
        target = get_game(game_id).words
    except UnknownGame:
        return None
    return load_object(target) if target else None


def describe(game_id: str | None, action: str, view: dict | None = None, pack: dict | None = None) -> str:
    """``action`` in the game's words, else in the generic words (never "" for an action)."""
    own = words_function(game_id)
    if own is not None:
        seen = dict(view or {})
        if pack is not None:
            seen["pack"] = pack
        said = own(action, seen)
        if said:
            return str(said)
    return plain(action)


IRREGULAR = {"die": "dice", "ally": "allies", "life": "lives", "catch": "catches"}


def counted(n: int, word: str) -> str:
    """``n`` and the word in its number: ``counted(1, "card")`` -> "1 card", ``counted(2,
    "die")`` -> "2 dice"."""
    return f"{n} {word if n == 1 else IRREGULAR.get(word, word + 's')}"


def a_or_an(word: str) -> str:
    """The word with its article by its first sound: "an Elf", "a Dwarf", "an 8", "a unicorn"."""
    low = str(word).lower()
    first = low.split(" ", 1)[0]
    vowel = (low[:1] in "aeiou8" and not low.startswith(("one", "uni", "use", "eu"))) or first in ("11", "18")
    return f"{'an' if vowel else 'a'} {word}"


__all__ = ["a_or_an", "counted", "describe", "plain", "words_function"]
