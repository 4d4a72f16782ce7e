"""Where each play card may go and what it does: the rulebook's "Playing a card" and "The
Cards". A play is ``<seat> play <card> <board> <day>``; Transformation adds the creature taken
from the day and the creature given from the hand (``p1 play transformation p2 tue elf human``);
Transportation's board is the other board, whose day swaps with the player's own.

``refusal`` says why a play is illegal (reason, rule) and changes nothing; ``apply_play`` does
it. Every check reads the state; every effect moves cards between boards, hands and the discard.
"""

from __future__ import annotations

from functools import cache

from companion.engine.words import a_or_an
from companion.games.dungeon_days import board as B
from companion.games.dungeon_days.fits import fits
from companion.games.dungeon_days.pack import CREATURES, DaysPack
from companion.games.dungeon_days.state import DaysState

PLAYING = "Playing a card"
# the boards a card may be played on: the player's own, any, or another player's only
OWN = (
    "human",
    "dwarf",
    "elf",
    "pixie",
    "orc",
    "troll",
    "goblin",
    "mimic",
    "sprite",
    "invisibility",
    "terror",
)
ANY = ("dragon", "medusa", "halfling", "lava", "transformation")
OTHERS = {
    "boulder": "a Boulder Trap goes on an opponent's board",
    "transportation": "Transportation swaps your day with the same day on another board, not your own",
}
ON_CREATURE = ("sprite", "halfling", "invisibility")
Refusal = tuple[str, str]


@cache
def rule_of(kind: str) -> str:
    """The rulebook section a card's rule is in (made once a kind, as ``a``)."""
    name = {
        "terror": "SPELL OF TERROR",
        "transportation": "SPELL OF TRANSPORTATION",
        "transformation": "SPELL OF TRANSFORMATION",
        "invisibility": "SPELL OF INVISIBILITY",
        "lava": "LAVA TRAP",
        "boulder": "BOULDER TRAP",
    }.get(kind, kind.upper())
    return f"The Cards: {name}"


def _name(kind: str) -> str:
    return {"lava": "Lava Trap", "boulder": "Boulder Trap"}.get(kind, kind.capitalize())


@cache
def a(kind: str) -> str:
    """The card's name after its article: "an Elf", "a Troll" (made once a kind: refusals and
    the idle cards' reasons ask it every turn)."""
    return a_or_an(_name(kind))


def refusal(pack: DaysPack, s: DaysState, w: list[str]) -> Refusal | None:
    """Why ``w`` (an action's words, ``p1 play ...``) is not a legal play now, or None."""
    seat = s.actor()
    if len(w) < 5:
        return "a play is '<seat> play <card> <board> <day>'", PLAYING
    kind, target, day_name = w[2], w[3], w[4]
    if kind not in pack.cards:
        return f"{kind!r} is not a Dungeon Days card", PLAYING
    if kind not in seat.hand:
        return f"{seat.id} has no {_name(kind)} in hand", PLAYING
    want = 7 if kind == "transformation" else 5
    if len(w) != want:
        shape = (
            "'<seat> play transformation <board> <day> <creature taken> <creature given>'"
            if kind == "transformation"
            else f"'<seat> play {kind} <board> <day>'"
        )
        return f"{a(kind)} play is {shape}", rule_of(kind)
    if target not in [x.id for x in s.seats]:
        return f"{target!r} is not a board in this game", PLAYING
    if day_name not in pack.days:
        return f"{day_name!r} is not a day (days: {', '.join(pack.days)})", PLAYING
    other = target != seat.id
    if kind in OWN and other:
        return (
            f"{a(kind)} goes on your own board: only a card that says ON ANY BOARD goes on another player's",
            PLAYING,
        )
    if kind in OTHERS and not other:
        return OTHERS[kind], rule_of(kind)
    return CHECKS.get(kind, check_room)(pack, s, kind, s.seat(target).board, pack.days.index(day_name), w)


# ---------------------------------------------------------------------------- the checks


def check_room(pack, s, kind, board, day, w) -> Refusal | None:
    """A creature that does not say ON TOP OF goes on an eligible empty day."""
    pile = board[day]
    if B.blocked(pile):
        return f"{pack.days[day]} is blocked by a Boulder Trap for the whole game", rule_of("boulder")
    if not B.has_room(pile):
        return (
            f"{pack.days[day]} is not empty: {a(kind)} goes on an empty day "
            "(or one Invisibility made room on)",
            PLAYING,
        )
    return PLACEMENT.get(kind, lambda *a: None)(pack, s, kind, board, day)


def _not_next_to(enemy: str):
    def check(pack, s, kind, board, day) -> Refusal | None:
        if any(B.holds(board[n], (enemy,)) for n in B.neighbours(day)):
            return f"{a(kind)} is not placed next to {a(enemy)}", rule_of(kind)
        return None

    return check


def _pixie(pack, s, kind, board, day) -> Refusal | None:
    if not any(B.holds(board[n], ("human", "halfling")) for n in B.neighbours(day)):
        return "a Pixie goes immediately left or right of a Human or a Halfling", rule_of(kind)
    return None


def _beside(offset: int, side: str):
    def check(pack, s, kind, board, day) -> Refusal | None:
        n = day + offset
        if not 0 <= n < 7 or not B.has_creature(pack, board[n]):
            return (
                f"{a(kind)} goes immediately {side} of another creature"
                + (
                    " (the days run in a line: nothing is beyond " + pack.days[day] + ")"
                    if not 0 <= n < 7
                    else ""
                ),
                rule_of(kind),
            )
        return None

    return check


PLACEMENT = {
    "dwarf": _not_next_to("elf"),
    "elf": _not_next_to("dwarf"),
    "pixie": _pixie,
    "orc": _beside(1, "left"),
    "troll": _beside(-1, "right"),
}


def _check_on_creature(pack, s, kind, board, day, w) -> Refusal | None:
    """Sprite, Halfling and Invisibility go ON TOP OF a creature."""
    if not B.creature_on_top(pack, board[day]):
        return f"{a(kind)} is played on top of a creature; {pack.days[day]} has none on top", rule_of(kind)
    return None


def _check_lava(pack, s, kind, board, day, w) -> Refusal | None:
    pile = board[day]
    if not B.creature_on_top(pack, pile):
        return f"a Lava Trap goes on a top creature; {pack.days[day]} has none on top", rule_of(kind)
    if pile[-1] == B.DRAGON:
        return "a Lava Trap cannot remove the Dragon", rule_of(kind)
    return None


def _check_boulder(pack, s, kind, board, day, w) -> Refusal | None:
    if board[day]:
        return f"a Boulder Trap goes on an empty day; {pack.days[day]} is not empty", rule_of(kind)
    return None


def _check_terror(pack, s, kind, board, day, w) -> Refusal | None:
    return None  # any day of the week, full or empty


def _check_transportation(pack, s, kind, board, day, w) -> Refusal | None:
    mine = s.actor().board[day]
    if B.blocked(mine) or B.blocked(board[day]):
        return f"{pack.days[day]} is blocked by a Boulder Trap: nothing moves onto it", rule_of(kind)
    if not B.has_creature(pack, mine) and not B.has_creature(pack, board[day]):
        return f"there are no creatures on {pack.days[day]} on either board to swap", rule_of(kind)
    return None


def _check_transformation(pack, s, kind, board, day, w) -> Refusal | None:
    take, give = w[5], w[6]
    if take not in board[day] or not pack.is_creature(take):
        return f"there is no {_name(take)} on that {pack.days[day]} to take", rule_of(kind)
    if give not in pack.cards or not pack.is_creature(give):
        return f"{give!r} is not a creature: only a creature in hand is swapped in", rule_of(kind)
    if give not in s.actor().hand:
        return f"{s.actor().id} has no {_name(give)} in hand", rule_of(kind)
    return None


CHECKS = {
    "sprite": _check_on_creature,
    "halfling": _check_on_creature,
    "invisibility": _check_on_creature,
    "lava": _check_lava,
    "boulder": _check_boulder,
    "terror": _check_terror,
    "transportation": _check_transportation,
    "transformation": _check_transformation,
}


# ---------------------------------------------------------------------------- what play leaves


def may_lie_on(pack: DaysPack, pile: list[str], kind: str) -> bool:
    """Whether play can leave ``kind`` on top of ``pile`` (bottom to top): what the scorer
    accepts. It is the play's own checks widened by what the effects leave behind:

    * a Boulder Trap goes on an empty day (``_check_boulder``) and nothing moves onto it;
    * an Invisibility goes ON TOP OF a creature (``_check_on_creature``); when the creature
      under it leaves, it leaves too (``board.tidy``);
    * a creature is played on an empty day or an Invisibility (``check_room``), a Sprite or
      a Halfling ON TOP OF a creature; a Transformation swaps any creature in wherever a
      creature lies, and Medusa takes Humans and Halflings out from under the cards on them
      (a Sprite left alone on its day): so any creature may lie on an empty day, a creature
      or an Invisibility;
    * every other card is discarded after use.

    tests/games/dungeon_days/test_scorer.py plays random games and enters every pile they
    make, holding this to the play rules."""
    if B.blocked(pile):
        return False
    if kind == "boulder":
        return _check_boulder(pack, None, kind, [pile], 0, []) is None
    if kind in ON_CREATURE and not pack.is_creature(kind):
        return _check_on_creature(pack, None, kind, [pile], 0, []) is None
    return pack.is_creature(kind)


# ---------------------------------------------------------------------------- legal plays


def legal_plays(pack: DaysPack, s: DaysState) -> list[str]:
    """Every legal play line for the seat to act, in a fixed order."""
    return [line for plays in plays_by_kind(pack, s).values() for line in plays]


def plays_by_kind(pack: DaysPack, s: DaysState) -> dict[str, list[str]]:
    """Each kind of card in the actor's hand, in the pack's order -> its legal play lines (none:
    the card is idle now). The play's shape is right by construction; whether the card fits the
    day is ``fits``, the checks' verdict without their words, asked of a whole board at once."""
    seat = s.actor()
    hand = seat.hand
    out: dict[str, list[str]] = {}
    if not hand:
        return out
    sid, mine, seats, days = seat.id, seat.board, s.seats, pack.days
    for kind in sorted(set(hand), key=_order(pack).__getitem__):
        plays = out[kind] = []
        targets = (seat,) if kind in OWN else [x for x in seats if x is not seat] if kind in OTHERS else seats
        if kind == "transformation":
            gives = [c for c in dict.fromkeys(hand) if c in CREATURES]
            if gives:
                for x in targets:
                    head = f"{sid} play {kind} {x.id} "
                    for day, pile in zip(days, x.board):
                        if pile and not CREATURES.isdisjoint(pile):
                            plays += _swaps(head + day, pile, gives)
            continue
        on = fits(kind)
        for x in targets:
            plays += map(f"{sid} play {kind} {x.id} ".__add__, on(x.board, mine, days))
    return out


_ORDERS: dict[int, tuple[DaysPack, dict[str, int]]] = {}


def _order(pack: DaysPack) -> dict[str, int]:
    """Each kind's place in the pack's order of cards, made once per pack."""
    kept = _ORDERS.get(id(pack))
    if kept is None or kept[0] is not pack:
        kept = _ORDERS[id(pack)] = (pack, {kind: i for i, kind in enumerate(pack.cards)})
    return kept[1]


def _transformations(pack: DaysPack, s: DaysState, words: list[str]) -> list[str]:
    """The Transformation plays ``words`` (``<seat> play transformation <board> <day>``) begins."""
    pile = s.seat(words[3]).board[pack.days.index(words[4])]
    gives = [c for c in dict.fromkeys(s.actor().hand) if c in CREATURES]
    return _swaps(" ".join(words), pile, gives)


def _swaps(play: str, pile: list[str], gives: list[str]) -> list[str]:
    """A Transformation's lines on one day: each creature there taken, each one in hand given."""
    takes = [c for c in dict.fromkeys(pile) if c in CREATURES]
    return [f"{play} {take} {give}" for take in takes for give in gives]


# ---------------------------------------------------------------------------- effects


def apply_play(pack: DaysPack, s: DaysState, w: list[str], ev: list[dict]) -> None:
    """Do a legal play: the card leaves the hand, goes where it was played, and acts."""
    seat = s.actor()
    kind, target, day = w[2], s.seat(w[3]), pack.days.index(w[4])
    seat.hand.remove(kind)
    pile = target.board[day]
    removed: list[str] = []
    play = {"event": "play", "seat": seat.id, "card": kind, "board": target.id, "day": w[4]}
    if kind == "terror":
        for x in s.seats:
            removed += B.clear(x.board[day])
        s.discard.append(kind)
    elif kind == "transportation":
        mine = seat.board
        mine[day], target.board[day] = target.board[day], mine[day]
        s.discard.append(kind)
    elif kind == "transformation":
        take, give = w[5], w[6]
        at = len(pile) - 1 - pile[::-1].index(take)  # the topmost of that kind
        pile[at] = give
        seat.hand.remove(give)
        seat.hand.append(take)
        s.discard.append(kind)
        play.update(took=take, gave=give)
    elif kind == "lava":
        removed.append(pile.pop())
        s.discard.append(kind)
    else:
        pile.append(kind)
        if kind == "dragon":
            for n in B.neighbours(day):
                removed += B.clear(target.board[n])
        elif kind == "goblin":
            for x in s.seats:
                if x is not target:
                    removed += B.clear(x.board[day])
        elif kind == "medusa":
            for p in target.board:
                gone = [c for c in p if c in ("human", "halfling")]
                p[:] = [c for c in p if c not in ("human", "halfling")]
                removed += gone + B.tidy(pack, p)
    seat.hand.sort()
    if removed:
        s.discard.extend(removed)
        play["removed"] = sorted(removed)
        s.stats["removed"] = s.stats.get("removed", 0) + sum(pack.is_creature(c) for c in removed)
    ev.append(play)
