"""Dungeon Ball game state: plain data that round-trips through JSON (msgspec Structs).

Everything the rules need to continue is here and nothing else: no pack, no RNG, no UI. The
pack is loaded from the game's header; chance comes in as actions.
"""

from __future__ import annotations

import msgspec

from companion.engine.steps import Frame


class PlayerState(msgspec.Struct):
    id: str
    momentum: int
    pawn: str
    team: str = ""
    score: int = 0
    hand: list[str] = []  # ability cards that can be played now
    spent_half: list[str] = []  # half cards used this half, face down until halftime
    discarded: list[str] = []  # star cards used, half cards used in the second half
    kicking: str = ""  # "skill" or "luck", chosen before the game
    end_zone: str = ""  # "low" or "high": the end zone this player defends


class Play(msgspec.Struct):
    """What is being rolled now: a play, a two-point play, a Hail Mary, an onside kick or a kick."""

    kind: str  # play | two_point | hail_mary | onside | field_goal | extra_point
    colour: str = ""
    defense_card: str = ""  # hidden from the offense until revealed
    revealed: bool = False
    matched: bool = False
    dice: list[str] = []  # face shown by each die, by position
    locked: list[bool] = []  # time dice set aside: never rerolled
    gone: list[bool] = []  # dice discarded by the defense
    pending: list[int] = []  # positions waiting for a chance outcome
    rolls: int = 0
    added: dict[str, int] = {}
    removed: dict[str, int] = {}
    cancel_time: int = 0
    juke_used: bool = False
    big_hit_used: bool = False
    touchdown: bool = False  # the AI's play reached the end zone (solo)


class DownMods(msgspec.Struct):
    """Whistle-card effects that last for one down."""

    extra_dice: int = 0
    fewer_dice: int = 0
    free_pawn: bool = False


class GameState(msgspec.Struct):
    players: list[PlayerState]
    # the step machine's stack: the main line at the bottom, then nested procedures (card
    # windows, picks, effect rolls), top last
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("team")])
    half: int = 1
    clock: int = 0
    clock_start: int = 0  # what the clock reads at the start of each half
    overtime: int = 0  # 0 in regulation, else the overtime round
    ot_first: str = ""  # who had the ball first in overtime round 1
    ot_drives: int = 0  # drives finished in the current overtime round
    final_play: bool = False  # this down is the one more play after time ran out
    offense: str = ""
    ball: int = 0
    down: int = 1
    conversion: bool = False  # the current play is a two-point conversion
    scorer: str = ""  # who just scored (for the conversion and onside kick)
    coin_call: str = ""
    started_on_defense: str = ""
    play: Play | None = None
    mods: DownMods = msgspec.field(default_factory=DownMods)
    winner: str = ""
    over: bool = False
    stats: dict[str, dict[str, int]] = {}
    solo: dict = {}  # solo-mode data (AI deck), empty in two-player games

    @property
    def step(self) -> str:
        """The main line's step (the bottom frame)."""
        return self.frames[0].step

    @step.setter
    def step(self, name: str) -> None:
        self.frames[0] = Frame(name)

    @property
    def stack(self) -> list[dict]:
        """The nested procedures above the main line as ``{"proc": step, **data}`` copies: the
        shape views and older callers read."""
        return [{"proc": f.step, **f.data} for f in self.frames[1:]]

    @stack.setter
    def stack(self, frames: list) -> None:
        """Only clearing is allowed: ``s.stack = []`` drops every nested procedure."""
        if frames:
            raise ValueError("push nested procedures as Frames on state.frames")
        del self.frames[1:]

    def player(self, pid: str) -> PlayerState:
        return self.players[0] if pid == "p1" else self.players[1]

    @property
    def defense(self) -> str:
        return "p2" if self.offense == "p1" else "p1"


def other(pid: str) -> str:
    return "p2" if pid == "p1" else "p1"


_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(GameState)


def dumps(state: GameState) -> bytes:
    return _ENCODER.encode(state)


def loads(data: bytes | str) -> GameState:
    return _DECODER.decode(data)
