"""Dungeon Days' state: plain data that round-trips through JSON (msgspec Structs).

A board is seven piles, Monday to Sunday; a pile lists its cards bottom to top (card ids from
the pack). A Boulder Trap lies alone on the day it blocks; an Invisibility lies on the creature
it was played on."""

from __future__ import annotations

import msgspec

from companion.engine.steps import Frame


class Seat(msgspec.Struct):
    id: str
    board: list[list[str]]
    hand: list[str] = []  # secret: only this seat may see it


class DaysState(msgspec.Struct):
    seats: list[Seat]
    deck: list[str]  # the cards left to draw (their order is chance's): only the size is shown
    mode: str = "play"  # "play" a game, or "score" a game played with the real cards
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("turn")])
    turn: int = 0  # the seat to act (index)
    day: int = 0  # the scorer: the day being entered
    discard: list[str] = []  # face up
    passes: int = 0  # players in a row who could neither draw nor play
    last: str = ""  # the last play, as its action line (public)
    over: bool = False
    winner: str = ""
    draw: bool = False
    ended: str = ""  # why the game ended: a seat's full week, or no one could act
    stats: dict[str, int] = {}

    @property
    def step(self) -> str:
        return self.frames[-1].step

    def seat(self, sid: str) -> Seat:
        return self.seats[int(sid[1:]) - 1]

    def actor(self) -> Seat:
        return self.seats[self.turn]
