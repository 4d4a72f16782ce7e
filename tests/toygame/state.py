"""Crystal Auction's state: plain data that round-trips through JSON (msgspec Structs)."""

from __future__ import annotations

import msgspec

from companion.engine.steps import Frame


class SeatState(msgspec.Struct):
    id: str
    coins: int
    hand: list[str] = []  # secret: only this seat may see it
    pick: str = ""  # secret: the card chosen face down, until all have chosen
    bid: int = -1  # this round's bid, public once made (-1: not yet)
    crystals: list[str] = []
    score: int = 0


class ToyState(msgspec.Struct):
    seats: list[SeatState]
    deck: list[str]  # cards not dealt: secret, only its size is shown
    bag: list[str]  # crystals still in the bag (a colour repeated per crystal)
    rounds: int
    round: int = 1
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("deal")])
    turn: int = 0  # seats that acted in this step (deal, bid, pick)
    lot: list[str] = []  # crystals up for auction this round
    high: str = ""  # the seat holding the highest bid
    roll: list[str] = []  # the last d4, d6, d12
    revealed: dict[str, str] = {}  # the last duel's cards, shown together
    over: bool = False
    winner: str = ""
    draw: bool = False
    stats: dict[str, int] = {}

    @property
    def phase(self) -> str:
        """The main line's step: deal, draw, bid, roll, pick or over."""
        return self.frames[0].step

    def seat(self, sid: str) -> SeatState:
        return self.seats[int(sid[1:]) - 1]
