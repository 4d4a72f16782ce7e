"""Dungeonbowl's state: plain data (msgspec Structs) that round-trips through JSON.

Nothing here holds a chest's content before it is opened: a closed chest is only "closed", and
what it holds is drawn by the device from the chests still closed at the moment it opens. So
there is no secret to leak before then, in any view, event, file or line."""

from __future__ import annotations

import msgspec

from companion.engine.steps import Frame

# where a player is: in the dungeon, or in one of the dug-out's boxes
DUNGEON, RESERVES, KO, CAS = "dungeon", "reserves", "ko", "cas"
BADLY_HURT = "badly hurt"  # the casualty an apothecary or the Magic Sponge sends to the reserves
BOXES = (RESERVES, KO, CAS)


class Team(msgspec.Struct):
    seat: str
    where: dict[str, str] = {}  # player number -> DUNGEON, RESERVES, KO or CAS
    hurt: dict[str, str] = {}  # casualty results, player number -> "badly hurt", "dead", ...
    end_zone: str = ""  # "left" or "right", as seen from the device
    extra_pits: int = 0  # extra pit counters bought
    apothecaries: int = 0  # apothecaries left to use
    igors: int = 0  # Igors left to use
    apothecaries_used: int = 0
    igors_used: int = 0
    regeneration: bool = False  # the team has players with Regeneration (a game option)
    traps_placed: int = 0
    touchdowns: int = 0

    def in_box(self, box: str) -> list[str]:
        return sorted((n for n, w in self.where.items() if w == box), key=int)


class Chest(msgspec.Struct):
    no: int
    state: str = "closed"  # closed, ball or blast (known only once opened)
    opener: str = ""


class Trap(msgspec.Struct):
    no: int
    owner: str
    face: str = ""  # "" unflipped; fake, pit or spiked once flipped


class BowlState(msgspec.Struct):
    teams: list[Team]
    chests: list[Chest]
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("roll_off")])
    roll_off: list[int] = []  # the last roll-off: p1's die, p2's die
    chooser: str = ""  # who won the roll-off and chose the end zone
    chests_placed: int = 0
    pads_placed: int = 0
    traps: list[Trap] = []
    active: str = ""  # whose turn it is
    turn: int = 0  # turns played so far, counting both coaches
    acted: bool = False  # an event was reported this turn (the dug-out is past)
    dugout: str = ""  # this turn's dug-out action: "" , "teleport" or "sponge"
    teleports: dict[str, int] = {}  # player -> times teleported this turn
    turnover: bool = False  # the turn ends once the current event is resolved
    turnover_why: str = ""  # what caused it (the first cause)
    last_turn: dict = {}  # why the last turn ended: {"seat", "turn", "why"}
    down: dict[str, str] = {}  # players in the dungeon not standing: player -> prone | stunned | pit
    stunned_turn: dict[str, int] = {}  # the turn a stunned player was stunned in
    ball: str = "chest"  # "chest" (not found), "ground", or the player holding it
    held_since: int = 0  # the turn the team holding the ball came to hold it (hand-offs keep it)
    actors: list[str] = []  # the players reported acting this turn (blocking, opening, moving, leaping)
    down_since: dict[str, int] = {}  # the turn each player not standing went down (or turned face up)
    av: dict[str, int] = {}  # the armour value last entered for each player
    last: dict = {}  # the last roll and what it meant, for the big result screen
    over: bool = False
    winner: str = ""
    stats: dict[str, int] = {}

    @property
    def step(self) -> str:
        return self.frames[0].step

    def team(self, seat: str) -> Team:
        return self.teams[int(seat[1:]) - 1]


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def player_id(seat: str, number: str) -> str:
    """A player as actions and events name him: ``p2#5``."""
    return f"{seat}#{number}"


def split_player(pid: str) -> tuple[str, str]:
    seat, _, number = pid.partition("#")
    return seat, number


def where(s: BowlState, pid: str) -> str:
    seat, number = split_player(pid)
    return s.team(seat).where.get(number, "")


def in_dungeon(s: BowlState, seat: str | None = None) -> list[str]:
    """The players in the dungeon, of one team or both."""
    seats = [seat] if seat else ["p1", "p2"]
    return [player_id(t, n) for t in seats for n in s.team(t).in_box(DUNGEON)]
