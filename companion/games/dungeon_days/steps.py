"""Dungeon Days' turns as steps of the shared step machine (companion/engine/steps.py).

A turn is one action: draw a card, or play one (rules.py). A draw is a chance prompt the
device answers, seen only by the drawer. The game ends after any play that leaves some player
with a creature on every day not blocked (their own play or another's), or when no one can
draw or play. The scorer (mode "score") asks for each board day by day instead (scorer.py).
"""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, Prompt
from companion.engine.steps import QUIET, Frame, Step, StepMachine
from companion.games.dungeon_days import board as B
from companion.games.dungeon_days import hand, rules
from companion.games.dungeon_days.state import DaysState

goto = StepMachine.goto
TURN_RULE = "Playing the Game"
END_RULE = "Game End"


def bump(s: DaysState, key: str, by: int = 1) -> None:
    s.stats[key] = s.stats.get(key, 0) + by


def turn_options(s: DaysState, plays: dict[str, list[str]]) -> list[str]:
    """The seat's legal lines: a draw while cards are left to draw, every legal play
    (``plays``: ``rules.plays_by_kind``), and a pass only when neither is possible."""
    sid = s.actor().id
    out = [f"{sid} draw"] if s.deck or s.discard else []
    for lines in plays.values():
        out += lines
    return out or [f"{sid} pass"]


class Deal(Step):
    """A starting hand, when the pack deals one (the rulebook deals none)."""

    rule = "Set Up"

    def prompt(self, g, s: DaysState, f: Frame) -> Prompt:
        sid = s.actor().id
        spec = ChanceSpec(
            "draw", tuple(s.deck), g.pack.starting_hand, die="deck", distinct=True, by="device", private=sid
        )
        return Prompt(CHANCE, "deal", f"deal {sid} {g.pack.starting_hand} cards", chance=spec)

    def act(self, g, s: DaysState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.actor()
        for card in w[2:]:
            s.deck.remove(card)
            seat.hand.append(card)
        seat.hand.sort()
        ev.append({"event": "dealt", "seat": seat.id, "cards": len(w) - 2})
        s.turn = (s.turn + 1) % len(s.seats)
        if s.turn == 0:
            goto(s, "turn")


class Turn(Step):
    """Draw a card OR play a card."""

    rule = TURN_RULE

    def prompt(self, g, s: DaysState, f: Frame) -> Prompt:
        seat = s.actor()
        plays = rules.plays_by_kind(g.pack, s)
        options = tuple(turn_options(s, plays))
        return Prompt(
            seat.id,
            "turn",
            f"{seat.id.upper()}: draw or play",
            options,
            choice={"words": g.words(s), "why_not": hand.why_not_all(g.pack, s, plays)},
            shows_hand=True,
        )

    def explain(self, g, s: DaysState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) >= 2 and w[1] == "play":
            return rules.refusal(g.pack, s, w)
        if len(w) == 2 and w[1] == "draw":
            return "the deck and the discard pile are both empty: there is nothing to draw", TURN_RULE
        if len(w) == 2 and w[1] == "pass":
            return "a player passes only when they can neither draw nor play", TURN_RULE
        return f"a turn is '{w[0]} draw' or '{w[0]} play <card> <board> <day>'", TURN_RULE

    def act(self, g, s: DaysState, f: Frame, w: list[str], ev: list[dict]) -> None:
        verb = w[1]
        if verb == "draw":
            if not s.deck:
                s.deck, s.discard = sorted(s.discard), []
                bump(s, "reshuffles")
                ev.append({"event": "reshuffled", "cards": len(s.deck)})
            s.passes = 0
            StepMachine.push(s, "draw")
            return
        if verb == "pass":
            s.passes += 1
            ev.append({"event": "pass", "seat": w[0]})
            if s.passes >= len(s.seats):
                end(g, s, ev, "no one can draw or play")
            else:
                next_turn(s)
            return
        s.passes = 0
        rules.apply_play(g.pack, s, w, ev)
        s.last = " ".join(w)
        bump(s, "plays")
        done = [x for x in s.seats if B.week_done(g.pack, x.board)]
        if done:
            bump(s, "ended_by_own_play" if s.actor() in done else "ended_by_other_play")
            end(g, s, ev, f"{'+'.join(x.id for x in done)} filled the week")
        else:
            next_turn(s)


class Draw(Step):
    """The card is drawn from the top of the deck: chance, seen by the drawer alone."""

    rule = TURN_RULE

    def prompt(self, g, s: DaysState, f: Frame) -> Prompt:
        sid = s.actor().id
        spec = ChanceSpec("draw", tuple(s.deck), 1, die="deck", distinct=True, by="device", private=sid)
        return Prompt(CHANCE, "draw", f"{sid} draws a card", chance=spec)

    def act(self, g, s: DaysState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.actor()
        s.deck.remove(w[2])
        seat.hand.append(w[2])
        seat.hand.sort()
        bump(s, "draws")
        if ev is not QUIET:
            ev.append({"event": "drew", "seat": seat.id, "deck": len(s.deck)})
        StepMachine.pop(s)
        next_turn(s)


def next_turn(s: DaysState) -> None:
    s.turn = (s.turn + 1) % len(s.seats)
    bump(s, "turns")


def end(g, s: DaysState, ev: list[dict], why: str) -> None:
    """Add up the scores; a tie goes to the most cards on the board, then it is a draw."""
    scores = {x.id: B.board_score(g.pack, x.board) for x in s.seats}
    ranked = sorted(s.seats, key=lambda x: (scores[x.id], B.cards_on(x.board)), reverse=True)
    best = (scores[ranked[0].id], B.cards_on(ranked[0].board))
    leaders = [x.id for x in ranked if (scores[x.id], B.cards_on(x.board)) == best]
    s.over, s.ended = True, why
    s.draw = len(leaders) > 1
    s.winner = "" if s.draw else leaders[0]
    tied = sum(1 for v in scores.values() if v == best[0]) > 1
    if tied:
        bump(s, "tie_breaks")
    goto(s, "over")
    if ev is QUIET:  # advance: no event, so no day's points to list
        return
    days = {x.id: [B.day_score(g.pack, x.board, d)[0] for d in range(7)] for x in s.seats}
    over = {
        "event": "over",
        "why": why,
        "winner": s.winner or None,
        "draw": s.draw,
        "scores": scores,
        "tie_break": tied,
        "days": days,
        "cards": {x.id: B.cards_on(x.board) for x in s.seats},
    }
    decided = [d for x in s.seats for d in B.mimic_decisions(g.pack, x.board, x.id)]
    if decided:
        over["decided"] = "; ".join(decided)
    ev.append(over)


class Over(Step):
    rule = END_RULE
