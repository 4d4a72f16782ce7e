"""Dungeon Days' engine: the Engine contract (companion/engine/core.py) over the shared step
machine. Its rules: steps.py (turns, draws, the end), rules.py (each card), board.py (scoring),
scorer.py (boards of a game played with the real cards, entered day by day).

    >>> from companion.engine.core import Header
    >>> g = DungeonDays()
    >>> s = g.new_state(Header("dungeon-days", options={"players": 3}))
    >>> len(s.deck), g.prompt(s).options
    (78, ('p1 draw',))
    >>> g.apply(s, "p1 draw"); g.apply(s, "chance draw elf")
    []
    [{'event': 'drew', 'seat': 'p1', 'deck': 77}]
"""

from __future__ import annotations

from companion.engine.core import Header, Prompt
from companion.engine.steps import QUIET, StepEngine, StepMachine
from companion.games.dungeon_days import board as B
from companion.games.dungeon_days.pack import GAME, DaysPack, load_pack
from companion.games.dungeon_days.scorer import SCORER_STEPS
from companion.games.dungeon_days.state import DaysState, Seat
from companion.games.dungeon_days.steps import END_RULE, Deal, Draw, Over, Turn

STEPS = {"deal": Deal(), "turn": Turn(), "draw": Draw(), "over": Over(), **SCORER_STEPS}
MODES = ("play", "score")


class DungeonDays(StepEngine):
    """One engine per content pack; states are separate plain data."""

    name = GAME
    state_type = DaysState
    steps = STEPS
    load_pack = staticmethod(load_pack)
    over_rule = END_RULE
    pack: DaysPack

    def __init__(self, pack: str = "default", loaded: DaysPack | None = None, digest: str = ""):
        super().__init__(pack, loaded, digest)
        self._creatures = [k for k in self.pack.cards if self.pack.is_creature(k)]
        self.advance = self._advance()

    def _advance(self):
        """``advance(s, action, prompt)``: ``apply_trusted`` without the events, for simulations
        that read none (runner.play_out). The steps are handed ``QUIET`` and skip building the
        events of a draw and a play; the conformance tests hold it to ``apply``."""
        acts = {name: step.act for name, step in self.steps.items()}
        settle = self.machine.settle

        def advance(s: DaysState, action: str, prompt: Prompt) -> Prompt | None:
            f = s.frames[-1]
            acts[f.step](self, s, f, action.split(), QUIET)
            return settle(self, s, QUIET)

        return advance

    def result(self, s: DaysState) -> str:
        return result_text(s)

    # ------------------------------------------------------------------ the contract
    def new_state(self, header: Header) -> DaysState:
        options = dict(header.options)
        players = options.pop("players", 2)
        mode = options.pop("mode", "play")
        seats_option = options.pop("seats", None) or {}
        if options:
            raise ValueError(
                f"options: unknown option(s) {', '.join(sorted(options))} (known: players, seats, mode)"
            )
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError(f"options.players: Dungeon Days takes 2 to 6 players, not {players!r}")
        if mode not in MODES:
            raise ValueError(f"options.mode: must be 'play' or 'score', not {mode!r}")
        computers = sorted(k for k, v in seats_option.items() if str(v).startswith("computer"))
        if mode == "score" and computers:
            raise ValueError(
                f"options.seats.{computers[0]}: the scorer enters boards played with the real "
                "cards: every seat is a person"
            )
        seats = [Seat(f"p{i}", [[] for _ in range(7)]) for i in range(1, players + 1)]
        first = "enter" if mode == "score" else "deal" if self.pack.starting_hand else "turn"
        s = DaysState(seats=seats, deck=self.pack.deck(players), mode=mode)
        StepMachine.goto(s, first)
        return s

    def legal_actions(self, s: DaysState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        return p.chance.outcomes()

    def words(self, s: DaysState) -> list[list[str]]:
        """The word chooser's steps for a turn: what, the card, the board, the day, and for a
        Transformation the creature taken and the one given."""
        return [
            ["play", "draw", "pass"],
            list(self.pack.cards),
            [x.id for x in s.seats],
            list(self.pack.days),
            self._creatures,
            self._creatures,
        ]

    # ------------------------------------------------------------------ what may be seen
    def public_view(self, s: DaysState, viewer: str | None) -> dict:
        """What ``viewer`` may see, built from an allow-list: every board with each day's points
        and reason, each hand's size, the viewer's own hand; the deck is its size, the discard
        pile is face up, also split into the spells and traps used and the cards removed from
        the boards."""
        seats = []
        for seat in s.seats:
            days = self.days(s, seat.id)
            shown = {
                "id": seat.id,
                "board": [list(p) for p in seat.board],
                "cards": len(seat.hand),
                "score": sum(d["points"] for d in days),
                "on_board": B.cards_on(seat.board),
                "week": B.week_done(self.pack, seat.board),
                "days": [{"points": d["points"], "why": d["why"]} for d in days],
            }
            if seat.id == viewer:
                shown["hand"] = list(seat.hand)
            seats.append(shown)
        removed = [c for c in s.discard if self.pack.is_creature(c) or c == B.INVISIBILITY]
        return {
            "game": GAME,
            "mode": s.mode,
            "step": s.step,
            "turn": s.actor().id,
            "day": s.day,
            "seats": seats,
            "deck": len(s.deck),
            "discard": list(s.discard),
            "spells_used": [c for c in s.discard if not self.pack.is_creature(c) and c != B.INVISIBILITY],
            "removed": removed,
            "last": s.last,
            "over": s.over,
            "winner": s.winner or None,
            "draw": s.draw,
            "ended": s.ended,
        }

    def referee_view(self, s: DaysState) -> dict:
        """Everything, for checking a game and for bug reports: every hand and the cards left in
        the deck."""
        view = self.public_view(s, None)
        for shown, seat in zip(view["seats"], s.seats):
            shown["hand"] = list(seat.hand)
        view["deck_cards"] = list(s.deck)
        return view

    def days(self, s: DaysState, sid: str) -> list[dict]:
        """One board's seven days with their points and the reason for each."""
        board = s.seat(sid).board
        out = []
        for d, name in enumerate(self.pack.days):
            points, why = B.day_score(self.pack, board, d)
            out.append({"day": name, "cards": list(board[d]), "points": points, "why": why})
        return out

    def table_text(self, s: DaysState, viewer: str | None) -> list[str]:
        """Every board as a row of seven days (each pile bottom to top, in card codes), then the
        viewer's own hand: what the terminal shows before a turn."""
        code = self.pack.code
        lines = ["       " + "".join(f"{d.capitalize():<12}" for d in self.pack.days)]
        for seat in s.seats:
            cells = ["+".join(code(c) for c in pile) or "-" for pile in seat.board]
            lines.append(
                f"  {seat.id:<4} "
                + "".join(f"{c:<12}" for c in cells)
                + f"= {B.board_score(self.pack, seat.board)}"
                + (f"  ({len(seat.hand)} in hand)" if s.mode == "play" else "")
            )
        if viewer is not None and not s.over and s.mode == "play":
            hand = s.seat(viewer).hand
            lines.append(f"  {viewer} hand: " + (", ".join(hand) if hand else "empty"))
        return lines

    def summary(self, s: DaysState) -> dict:
        return {
            "game": GAME,
            "players": [x.id for x in s.seats],
            "scores": {x.id: B.board_score(self.pack, x.board) for x in s.seats},
            "over": s.over,
            "winner": s.winner or None,
            "draw": s.draw,
            "mode": s.mode,
            "ended": s.ended,
            "cards_on_board": {x.id: B.cards_on(x.board) for x in s.seats},
            "days": {x.id: self.days(s, x.id) for x in s.seats} if s.over else {},
        }

    def status_line(self, s: DaysState) -> str:
        scores = " - ".join(f"{x.id} {B.board_score(self.pack, x.board)}" for x in s.seats)
        if s.over:
            return f"game over | {result_text(s)} | {scores}"
        if s.mode == "score":
            return f"scoring {s.actor().id} {self.pack.days[s.day]} | {scores}"
        return f"{s.actor().id} to act | deck {len(s.deck)} | {scores}"

    def die_faces(self, kind: str) -> tuple[str, ...]:
        """The deck's cards (for entering a draw by hand)."""
        return tuple(self.pack.cards)


def result_text(s: DaysState) -> str:
    return "a draw" if s.draw else f"{s.winner} wins"


def sim_stats(engine: DungeonDays, s: DaysState) -> dict:
    """The game's own sim statistics for one finished game (``mean_`` keys are averaged over the
    games, ``_rate`` keys are the fraction of games)."""
    pack, st = engine.pack, s.stats
    scores = sorted((B.board_score(pack, x.board) for x in s.seats), reverse=True)
    return {
        "mean_turns": st.get("turns", 0),
        "mean_draws": st.get("draws", 0),
        "mean_plays": st.get("plays", 0),
        "mean_reshuffles": st.get("reshuffles", 0),
        "mean_creatures_removed": st.get("removed", 0),
        "mean_winning_score": scores[0],
        "mean_margin": scores[0] - scores[1],
        "mean_blocked_days": sum(B.blocked(p) for x in s.seats for p in x.board),
        "own_week_end_rate": st.get("ended_by_own_play", 0),
        "other_week_end_rate": st.get("ended_by_other_play", 0),
        "stalemate_rate": int(s.ended.startswith("no one")),
        "tie_break_rate": st.get("tie_breaks", 0),
    }
