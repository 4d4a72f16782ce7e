"""A text checker for rendered frames: what the renderer recorded drawing (companion.ui.recording),
read as a person reads the panel, gives the faults of one frame:

* ``cut``: a string shortened to fit (its end is lost: "or takes the.");
* ``off``: text whose ink runs off the screen;
* ``over``: text drawn over text, or a box filled over part of a text already drawn;
* ``grammar``: "a" before a vowel sound or "an" before a consonant ("a Elf"), a count with
  the wrong number ("choose 1 dice", "2 point"), thousands for the rulebook's gold ("50k").

    with recording() as drawn:
        render(model)
    assert frame_faults(drawn) == []

``grammar_faults(text)`` checks any string (a phone page's texts too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from companion.ui.draw import H, W
from companion.ui.recording import Drawn

# a/an: the sound, not the letter
_AN_EXCEPTIONS = ("one", "once", "uni", "use", "usu", "euro", "eu", "ewe", "ufo", "uk", "us")
_A_EXCEPTIONS = ("hour", "honest", "honou", "heir")
_VOWEL_LETTERS = set("AEFHILMNORSX")  # letters said with a vowel sound: "an F", "an SPD"
_AN_NUMBERS = re.compile(r"^(8|11|18|8\d|8\d\d|11\d\d|18\d\d)$")

# counted nouns: singular -> plural
NOUNS = {
    "die": "dice",
    "point": "points",
    "card": "cards",
    "fight": "fights",
    "monster": "monsters",
    "player": "players",
    "turn": "turns",
    "round": "rounds",
    "space": "spaces",
    "crystal": "crystals",
    "coin": "coins",
    "ball": "balls",
    "down": "downs",
    "yard": "yards",
    "minute": "minutes",
    "tile": "tiles",
    "chest": "chests",
    "star": "stars",
    "action": "actions",
    "seat": "seats",
    "reroll": "rerolls",
    "ally": "allies",
    "day": "days",
    "block": "blocks",
    "step": "steps",
    "square": "squares",
    "team": "teams",
    "game": "games",
    "face": "faces",
    "time": "times",
    "hit": "hits",
    "catch": "catches",
    "throw": "throws",
    "wound": "wounds",
    "life": "lives",
    "gem": "gems",
    "token": "tokens",
    "worker": "workers",
    "pawn": "pawns",
    "move": "moves",
}
_PLURALS = {p: s for s, p in NOUNS.items() if p != s}
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*|[^\sA-Za-z0-9]")
_THOUSANDS = re.compile(r"\b\d+k\b")


def _an_wanted(word: str) -> bool | None:
    """True when ``word`` takes "an", False for "a", None when it cannot be told."""
    if word.isdigit():
        return bool(_AN_NUMBERS.match(word))
    if len(word) > 1 and word.isupper():  # an abbreviation, said letter by letter
        return word[0] in _VOWEL_LETTERS if word[0] not in "AEIOU" else True
    low = word.lower()
    if len(low) == 1:
        return low.upper() in _VOWEL_LETTERS
    if low.startswith(_AN_EXCEPTIONS):
        return False
    if low.startswith(_A_EXCEPTIONS):
        return True
    return low[0] in "aeiou"


def grammar_faults(text: str) -> list[str]:
    """The grammar slips in one string (a line, a sentence, a label)."""
    out = []
    tokens = _WORD.findall(text)
    for i, tok in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        low = tok.lower()
        if low in ("a", "an") and tok in ("a", "an", "A", "An"):
            want = _an_wanted(nxt)
            if want is True and low == "a" or want is False and low == "an":
                out.append(f"{tok} {nxt!r}: {'an' if want else 'a'} before {nxt!r} in {text!r}")
        if tok.isdigit() and not (len(nxt) > 1 and nxt.isupper()):
            noun = nxt.lower()
            n = int(tok)
            if n == 1 and noun in _PLURALS and not _after_a_score(tokens, i):
                out.append(f"'1 {nxt}' should be '1 {_PLURALS[noun]}' in {text!r}")
            elif n != 1 and noun in NOUNS and NOUNS[noun] != noun and not _after_a_score(tokens, i):
                out.append(f"'{tok} {nxt}' should be '{tok} {NOUNS[noun]}' in {text!r}")
    for hit in _THOUSANDS.findall(text):
        out.append(f"{hit!r}: the rulebook counts gold in g ({hit[:-1]}g) in {text!r}")
    return out


def _after_a_score(tokens: list[str], i: int) -> bool:
    """ "3-1 down", "2 of 3 rounds", "#4 chest": the number before the noun is not its count."""
    return i > 0 and tokens[i - 1].lower() in ("of", "to", "vs", "v", "x", "#", "-", "/")


def _meets(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _covers(outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]


def frame_faults(drawn: Iterable[Drawn]) -> list[str]:
    """Every fault of one frame from what was recorded drawing it, in drawing order."""
    out: list[str] = []
    live: list[Drawn] = []  # texts still on the screen
    for d in drawn:
        if d.kind == "cut":
            out.append(f"cut: {d.text!r} shown as {d.shown!r}")
            out += grammar_faults(d.text)
        elif d.kind == "fill":
            kept = []
            for t in live:
                if _covers(d.box, t.box):
                    continue  # wiped whole: a new layer
                underline = d.box[1] == d.box[3] and d.fill == t.fill  # a rule under a word, in its ink
                if _meets(d.box, t.box) and not underline:
                    out.append(f"over: a box filled over part of {t.text!r}")
                kept.append(t)
            live = kept
        elif d.kind == "text":
            x0, y0, x1, y1 = d.box
            if x0 < 0 or y0 < 0 or x1 >= W or y1 >= H:
                out.append(f"off: {d.text!r} runs off the screen at {d.box}")
            for t in live:
                if _meets(d.box, t.box):
                    out.append(f"over: {d.text!r} drawn over {t.text!r}")
            live.append(d)
            out += grammar_faults(d.text)
    return out


def texts(drawn: Iterable[Drawn]) -> list[str]:
    """The strings drawn, in order."""
    return [d.text for d in drawn if d.kind == "text"]
