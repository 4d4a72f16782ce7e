"""The scorer: a game played with the real cards, entered board by board and day by day on
the buttons, then scored with the reason for every day (board.day_score).

Each day's pile is entered bottom to top (``p2 add elf``, ``p2 add invisibility``, ``p2 add
orc``), then ``p2 next`` goes to the next day; after the last board's Sunday the boards are
scored. Only piles play can make are offered (``rules.may_lie_on``: a creature anywhere but on a
Boulder Trap, an Invisibility on a creature, a Boulder Trap alone), and no more copies of a card
than the decks hold.
"""

from __future__ import annotations

from collections import Counter

from companion.engine.core import Prompt
from companion.engine.steps import Frame, Step
from companion.games.dungeon_days import board as B
from companion.games.dungeon_days.rules import a, may_lie_on
from companion.games.dungeon_days.state import DaysState
from companion.games.dungeon_days.steps import end

ENTER_RULE = "The Cards"


def addable(g, s: DaysState) -> list[str]:
    """The cards that may go on top of the pile being entered."""
    pack, pile = g.pack, s.actor().board[s.day]
    if B.blocked(pile):
        return []
    used = Counter(c for x in s.seats for p in x.board for c in p)
    left = Counter(pack.deck(len(s.seats)))
    return [kind for kind in pack.cards if used[kind] < left[kind] and may_lie_on(pack, pile, kind)]


class Enter(Step):
    rule = ENTER_RULE

    def prompt(self, g, s: DaysState, f: Frame) -> Prompt:
        sid = s.actor().id
        day = g.pack.days[s.day]
        options = (f"{sid} next",) + tuple(f"{sid} add {k}" for k in addable(g, s))  # next first: one press
        pile = s.actor().board[s.day]
        text = f"{sid.upper()} {day.capitalize()}: " + ("bottom card" if not pile else "card on top")
        return Prompt(sid, "enter", text, options, choice={"boards": [x.id for x in s.seats]})

    def explain(self, g, s: DaysState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) != 3 or w[1] != "add":
            return f"enter a card with '{w[0]} add <card>', or '{w[0]} next' for the next day", self.rule
        kind = w[2]
        if kind not in g.pack.cards:
            return f"{kind!r} is not a Dungeon Days card", self.rule
        pile = s.actor().board[s.day]
        if not g.pack.is_creature(kind) and kind not in ("boulder", "invisibility"):
            return f"{a(kind)} is discarded after use: it never stays on a board", self.rule
        if B.blocked(pile):
            return "a Boulder Trap lies alone: nothing goes on a blocked day", "The Cards: BOULDER TRAP"
        if kind == "invisibility" and not may_lie_on(g.pack, pile, kind):
            return (
                "an Invisibility lies ON TOP OF a creature; there is none on top here",
                "The Cards: SPELL OF INVISIBILITY",
            )
        if kind == "boulder" and pile:
            return "a Boulder Trap goes on an empty day", "The Cards: BOULDER TRAP"
        return f"every {kind} the decks hold is already on a board", "Set Up"

    def act(self, g, s: DaysState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.actor()
        if w[1] == "add":
            seat.board[s.day].append(w[2])
            ev.append({"event": "entered", "seat": seat.id, "day": g.pack.days[s.day], "card": w[2]})
            return
        points, why = B.day_score(g.pack, seat.board, s.day)
        ev.append({"event": "day", "seat": seat.id, "day": g.pack.days[s.day], "points": points, "why": why})
        s.day += 1
        if s.day < 7:
            return
        rows = [[g.pack.days[d], *B.day_score(g.pack, seat.board, d)] for d in range(7)]
        board = {"event": "board", "seat": seat.id, "days": rows, "total": sum(r[1] for r in rows)}
        decided = B.mimic_decisions(g.pack, seat.board, seat.id)
        if decided:
            board["decided"] = "; ".join(decided)
        ev.append(board)
        s.day = 0
        s.turn += 1
        if s.turn == len(s.seats):
            s.turn = 0
            end(g, s, ev, "boards scored")


SCORER_STEPS = {"enter": Enter()}
