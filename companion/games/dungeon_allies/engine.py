"""Dungeon Allies' engine: the Engine contract (companion/engine/core.py) over the shared step
machine. The rules are the steps: setup.py, placement.py, combat.py, resolution.py, scoring.py.

    >>> from companion.engine.core import Header
    >>> from companion.games.dungeon_allies.engine import DungeonAllies
    >>> g = DungeonAllies()
    >>> s = g.new_state(Header("dungeon-allies", options={"players": 3}))
    >>> g.prompt(s).text
    'deal p1 2 character tiles'
    >>> g.apply(s, "chance deal pyra tidus")
    [{'event': 'dealt', 'seat': 'p1', 'characters': ['pyra', 'tidus']}]
"""

from __future__ import annotations

from companion.engine.core import ChanceSpec, Header, Prompt
from companion.engine.steps import QUIET, Step, StepEngine

from .combat import Excursion, Fight, why_not_now
from .pack import AlliesPack, load_pack
from .placement import Bid, Peek, Place
from .resolution import EndTurn, Prisoner, Sorcerer, Tavern, Trade, Train, Treasure, TurnOrder, trade_rates
from .rules import slug
from .scoring import score
from .setup import Deal, Order, Refill, Tokens
from .state import AlliesState, Seat, Tile
from .view import public_view, referee_view, summary

GAME = "dungeon-allies"


class Over(Step):
    rule = "End of the game"


STEPS = {
    "deal": Deal(),
    "tokens": Tokens(),
    "percentile": Order(),
    "refill": Refill(),
    "place": Place(),
    "bid": Bid(),
    "peek": Peek(),
    "excursion": Excursion(),
    "combat": Fight(),
    "turnorder": TurnOrder(),
    "treasure": Treasure(),
    "train": Train(),
    "tavern": Tavern(),
    "prisoner": Prisoner(),
    "trade": Trade(),
    "sorcerer": Sorcerer(),
    "endturn": EndTurn(),
    "over": Over(),
}


class DungeonAllies(StepEngine):
    """One engine per content pack; states are separate plain data."""

    name = GAME
    state_type = AlliesState
    steps = STEPS
    load_pack = staticmethod(load_pack)
    over_rule = Over.rule
    pack: AlliesPack

    def __init__(self, pack: str = "default", loaded: AlliesPack | None = None, digest: str = ""):
        super().__init__(pack, loaded, digest)
        self.monsters = {slug(m.name): m for m in self.pack.monsters}
        self.characters = {slug(c.name): c for c in self.pack.characters}
        self.followers = {slug(f.name): f for f in self.pack.followers}
        self.cards = {slug(c.name): c for c in self.pack.sorcerer}
        # where each square's tile sits in a state's ``tiles`` (built in this order by new_state)
        self.square_index = {square: i for i, (square, _) in enumerate(self.pack.squares())}
        self.advance = self._advance()
        # a fight's dice -> its roll (combat.roll_spec), made once
        self.roll_specs: dict[tuple[str, ...], ChanceSpec] = {}
        # (seat, die) -> its placement lines by space (placement.Lines), made once
        self.place_lines: dict[tuple[str, str], dict[str, str]] = {}
        # (a state's tiles, its count of removed tiles, the squares still on the board): the
        # last state's (open_spaces.live_squares)
        self.live_squares: tuple = (None, -1, [])
        # (a state's dice, how many, the dice by space): the last state's (rules.dice_by_space)
        self.dice_by_space: tuple = (None, -1, {})
        # the dice the trainer takes: every die but the top of the ladder (open_spaces)
        self.trainable = frozenset(self.pack.rules.ladder[:-1])
        # every trade rate, both ways (resolution.Trade)
        self.rates = tuple(trade_rates(self))
        # each prisoner's space and offering (open_spaces)
        self.prisoner_spaces = tuple(
            (f"prisoner{i}", p.offering) for i, p in enumerate(self.pack.prisoners, 1)
        )

    def _advance(self):
        """``advance(state, action, prompt)``: ``apply_trusted`` without the events (a
        simulation reads none), the next prompt alone. The steps are handed ``QUIET`` and skip
        building their costlier events for it."""
        machine, g = self.machine, self
        settle = machine.settle
        acts = {name: step.act for name, step in machine.steps.items()}

        def advance(s: AlliesState, action: str, prompt: Prompt) -> Prompt | None:
            f = s.frames[-1]
            acts[f.step](g, s, f, action.split(), QUIET)
            return settle(g, s, QUIET)

        return advance

    def result(self, s: AlliesState) -> str:
        return result(s)

    def apply(self, s: AlliesState, action: str, prompt: Prompt | None = None) -> list[dict]:
        """A real board's resolution step done, as games saved before a person said it recorded
        it: the OK of the seat first in turn order, a computer's (they still replay)."""
        p = prompt or self.prompt(s)
        if (
            p.kind == "resolve"
            and s.order
            and s.order[0] in s.computers
            and action.split() == [s.order[0], "ok"]
        ):
            action = p.options[0] if p.options else action
        return super().apply(s, action, p)

    # ------------------------------------------------------------------ the contract
    def new_state(self, header: Header) -> AlliesState:
        options = dict(header.options)
        players = options.pop("players", 2)
        board = options.pop("board", "digital")
        seats = options.pop("seats", None)
        seats = seats if isinstance(seats, dict) else {}
        if options:
            raise ValueError(
                f"options: unknown option(s) {', '.join(sorted(options))} (known: players, seats, board)"
            )
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
            raise ValueError(f"options.players: Dungeon Allies takes 2 to 5 players, not {players!r}")
        if board not in ("digital", "real"):
            raise ValueError(f"options.board: 'digital' or 'real', not {board!r}")
        p = self.pack
        return AlliesState(
            seats=[Seat(f"p{i}") for i in range(1, players + 1)],
            board=board,
            computers=sorted(k for k, v in seats.items() if str(v).startswith("computer")),
            tiles=[Tile(square, section) for square, section in p.squares()],
            monster_pool=list(self.monsters),
            character_pool=list(self.characters),
            follower_pool=list(self.followers),
            deck=list(self.cards),
            row=[""] * p.rules.sorcerer_row,
            bag={c: p.crystals.get(c, 0) for c in ("red", "blue", "yellow", "green", "white")},
            treasure=[[] for _ in range(p.rules.treasure_crystals)],
        )

    def legal_actions(self, s: AlliesState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        if p.chance is not None:
            return p.chance.outcomes()
        number = p.choice["number"]
        return [f"{p.actor} {number['verb']} {n}" for n in range(number["min"], number["max"] + 1)]

    def public_view(self, s: AlliesState, viewer: str | None) -> dict:
        return public_view(self, s, viewer)

    def referee_view(self, s: AlliesState) -> dict:
        return referee_view(self, s)

    def why_not_now(self, s: AlliesState, words: list[str]) -> tuple[str, str] | None:
        return why_not_now(self, s, words)

    def summary(self, s: AlliesState) -> dict:
        return summary(self, s)

    def status_line(self, s: AlliesState) -> str:
        """Round, turn, step and monsters left, then each player in turn order: points, gold,
        the crystals he holds and his dice (``p1 7pt 5g 2r1b d6/d4``)."""
        if s.over:
            scores = " - ".join(f"{seat.id} {score(self, seat)}" for seat in s.seats)
            return f"game over | {result(s)} | {scores}"
        seats = " ; ".join(seat_line(self, s.seat(sid)) for sid in (s.order or [x.id for x in s.seats]))
        return f"round {s.round} turn {s.turn} | {s.step} | {s.monsters_left} monsters left | {seats}"

    def die_faces(self, kind: str) -> tuple[str, ...]:
        """The faces of one of the game's die kinds (for manual entry and calibration)."""
        named = {
            "monster": self.monsters,
            "character": self.characters,
            "follower": self.followers,
            "sorcerer": self.cards,
        }
        if kind in named:
            return tuple(named[kind])
        if kind == "bag":
            return ("red", "blue", "yellow", "green", "white")
        if kind == "d%":
            return tuple(f"{n:02d}" for n in range(0, 100, 10))
        if kind[:1] == "d" and kind[1:].isdigit():
            return tuple(str(n) for n in range(1, int(kind[1:]) + 1))
        return ()


def seat_line(g: DungeonAllies, seat: Seat) -> str:
    crystals = "".join(f"{n}{c[0]}" for c, n in seat.crystals.items() if n)
    dice = "/".join(a.die for a in seat.allies if a.die)
    return " ".join(w for w in (seat.id, f"{score(g, seat)}pt", f"{seat.gold}g", crystals, dice) if w)


def result(s: AlliesState) -> str:
    if s.draw:
        return "a draw"
    return f"{s.winner} wins" + (f" on {s.tie_break}" if s.tie_break else "")
