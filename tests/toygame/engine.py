"""Crystal Auction's engine: the Engine contract (companion/engine/core.py) over the shared
step machine; its rules are the steps in tests/toygame/steps.py.

    >>> from companion.engine.core import Header
    >>> from tests.toygame.engine import CrystalAuction
    >>> g = CrystalAuction()
    >>> s = g.new_state(Header("toy", seed=1))
    >>> p = g.prompt(s)
    >>> p.chance.private, p.chance.by, p.chance.count
    ('p1', 'device', 3)
    >>> g.apply(s, "chance deal 4 9 12")
    [{'event': 'dealt', 'seat': 'p1', 'cards': 3}]
    >>> g.public_view(s, "p2")["seats"][0]
    {'id': 'p1', 'coins': 5, 'bid': None, 'crystals': [], 'score': 0, 'cards': 3, 'picked': False}
"""

from __future__ import annotations

from collections import Counter

from companion.engine.core import ChanceSpec, DieSpec, Header
from companion.engine.steps import StepEngine
from tests.toygame.pack import ToyPack, load_pack
from tests.toygame.state import SeatState, ToyState
from tests.toygame.steps import STEPS

GAME = "toy"


class CrystalAuction(StepEngine):
    """One engine per content pack; states are separate plain data."""

    name = GAME
    state_type = ToyState
    steps = STEPS
    load_pack = staticmethod(load_pack)
    over_rule = STEPS["over"].rule
    pack: ToyPack

    def __init__(self, pack: str = "default", loaded: ToyPack | None = None, digest: str = ""):
        super().__init__(pack, loaded, digest)
        self.bag = self.pack.bag
        self.dice = tuple(DieSpec(kind, tuple(self.pack.dice[kind])) for kind in ("d4", "d6", "d12"))
        self.roll_spec = ChanceSpec(
            "roll",
            tuple(dict.fromkeys(f for d in self.dice for f in d.faces)),
            len(self.dice),
            dice=self.dice,
        )

    def result(self, s: ToyState) -> str:
        return _result(s)

    # ------------------------------------------------------------------ the contract
    def new_state(self, header: Header) -> ToyState:
        options = dict(header.options)
        players = options.pop("players", 2)
        rounds = options.pop("rounds", self.pack.hand_size)
        options.pop("seats", None)
        if options:
            raise ValueError(
                f"options: unknown option(s) {', '.join(sorted(options))} (known: players, seats, rounds)"
            )
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 3:
            raise ValueError(f"options.players: Crystal Auction takes 2 to 3 players, not {players!r}")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= self.pack.hand_size:
            raise ValueError(
                f"options.rounds: must be a whole number from 1 to {self.pack.hand_size}, not {rounds!r}"
            )
        return ToyState(
            seats=[SeatState(f"p{i}", self.pack.coins) for i in range(1, players + 1)],
            deck=list(self.pack.cards),
            bag=list(self.bag),
            rounds=rounds,
            stats={"doubled": 0, "free_lots": 0, "crystal_points": 0, "duel_points": 0},
        )

    def legal_actions(self, s: ToyState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        if p.chance is not None:  # every distinct outcome, for tests that enumerate
            return p.chance.outcomes()
        number = p.choice["number"]
        return [f"{p.actor} {number['verb']} {n}" for n in range(number["min"], number["max"] + 1)]

    def public_view(self, s: ToyState, viewer: str | None) -> dict:
        """What ``viewer`` may see, built from an allow-list: another seat's hand and face-down
        card are a count and a flag; the deck is its size."""
        seats = []
        for seat in s.seats:
            shown = {
                "id": seat.id,
                "coins": seat.coins,
                "bid": None if seat.bid < 0 else seat.bid,
                "crystals": list(seat.crystals),
                "score": seat.score,
                "cards": len(seat.hand),
                "picked": bool(seat.pick),
            }
            if seat.id == viewer:
                shown["hand"] = list(seat.hand)
                shown["pick"] = seat.pick
            seats.append(shown)
        return {
            "game": GAME,
            "round": s.round,
            "rounds": s.rounds,
            "phase": s.phase,
            "seats": seats,
            "deck": len(s.deck),
            "bag": dict(sorted(Counter(s.bag).items())),
            "lot": list(s.lot),
            "high": s.high,
            "roll": list(s.roll),
            "revealed": dict(s.revealed),
            "over": s.over,
            "winner": s.winner or None,
            "draw": s.draw,
        }

    def summary(self, s: ToyState) -> dict:
        return {
            "game": GAME,
            "players": [seat.id for seat in s.seats],
            "scores": {seat.id: seat.score for seat in s.seats},
            "over": s.over,
            "winner": s.winner or None,
            "draw": s.draw,
            "round": s.round,
            "coins": {seat.id: seat.coins for seat in s.seats},
            "crystals": {seat.id: len(seat.crystals) for seat in s.seats},
        }

    def status_line(self, s: ToyState) -> str:
        scores = " - ".join(f"{seat.id} {seat.score}" for seat in s.seats)
        if s.over:
            return f"game over | {_result(s)} | {scores}"
        return f"round {s.round}/{s.rounds} | {s.phase} | {scores}"

    def die_faces(self, kind: str) -> tuple[str, ...]:
        """The faces of one of the game's die kinds (for calibration and manual entry)."""
        if kind == "bag":
            return tuple(self.pack.crystals)
        if kind == "deck":
            return tuple(self.pack.cards)
        return tuple(self.pack.dice[kind])


def _result(s: ToyState) -> str:
    return "a draw" if s.draw else f"{s.winner} wins"


def sim_stats(engine: CrystalAuction, state: ToyState) -> dict:
    """The game's own sim statistics for one finished game: lots doubled, lots won for nothing,
    points from crystals and from duels."""
    return dict(state.stats)
