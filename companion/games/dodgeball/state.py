"""The Dodgeball state: plain data that round-trips through JSON (msgspec Structs).

Secret fields (a coach's hand, the deck's order, a card or a rush line chosen face down) are
kept here but shown only through ``Dodgeball.public_view``'s allow-list."""

from __future__ import annotations

import msgspec

from companion.engine.steps import Frame

OFF, DEF, OUT = "off", "def", "out"
ON_COURT = frozenset((OFF, DEF))


class Coach(msgspec.Struct):
    """One coach's side of the table."""

    id: str  # the seat, "p1" or "p2"
    team: str = ""  # the pack's team id ("" while drafting a team)
    players: list[str] = []  # the six player ids, in team order
    zone: dict[str, str] = {}  # player -> off | def | out
    balls: dict[str, int] = {}  # player -> balls held
    strays: int = 0  # stray balls behind the defensive zone
    out: list[str] = []  # eliminated players, first out first
    hand: list[str] = []  # secret: intensity cards in hand (digital cards)
    deck: list[str] = []  # secret: digital: the deck; table: cards not yet seen
    discard: list[str] = []  # public: the discard pile since the last reshuffle
    pick: str = ""  # secret until the reveal: the card chosen face down
    extras: list[str] = []  # secret until the reveal: mascot/coach played with it
    rush: list[str] = []  # secret until the reveal: the two rushing players
    mascot: str = ""  # the mascot card still in hand ("" used or off)
    coach: str = ""  # the coach card still in hand
    protected: list[str] = []  # revived this turn: no throw may target them
    counter_used: bool = False  # this opposing turn's counter-attack is spent

    def on_court(self) -> list[str]:
        where = self.zone.get  # looked up once: the rules ask this many times an action
        return [p for p in self.players if where(p) in ON_COURT]

    def in_zone(self, zone: str) -> list[str]:
        where = self.zone.get
        return [p for p in self.players if where(p) == zone]

    def balls_on_side(self) -> int:
        return self.strays + sum(self.balls.values())


class Duel(msgspec.Struct):
    """The duel being played: the opening rush, its tie replay, a throw or a counter-attack."""

    kind: str  # rush | tie | throw | counter
    attacker: str = ""  # the throwing seat
    thrower: str = ""
    target: str = ""
    supporters: list[str] = []  # group throw supporters
    action: str = ""  # the target's block | dodge | catch
    active: dict[str, list[str]] = {}  # seat -> mascot/coach cards in effect for this duel
    deceived: int = 0  # reveals cancelled by DECEIVE so far


class DodgeState(msgspec.Struct):
    coaches: list[Coach]
    cards: str = "digital"  # digital | table
    abilities: bool = False
    group_throws: bool = False
    counter_attack: bool = False
    mascots: bool = False
    coach_cards: bool = False
    draft: bool = False
    build: bool = False
    star_limit: int = 20
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("setup")])
    active: str = ""  # the seat whose turn it is
    turn: int = 0  # turns played (the rush is turn 0)
    must_throw: bool = False  # 3+ balls at the start of this turn
    throws: int = 0  # throws attempted this turn
    duel: Duel | None = None
    pool: list[str] = []  # draft: athletes still to pick
    last: dict = {}  # the last duel's public result (for the screens)
    duels: list[dict] = []  # every duel's public result and arithmetic, in order (the referee's log)
    over: bool = False
    winner: str = ""
    stats: dict[str, int] = {}

    @property
    def step(self) -> str:
        return self.frames[-1].step

    def coach(self, seat: str) -> Coach:
        return self.coaches[0] if seat == "p1" else self.coaches[1]

    def other(self, seat: str) -> Coach:
        return self.coaches[1] if seat == "p1" else self.coaches[0]

    def owner(self, player: str) -> Coach:
        return self.coaches[0] if player in self.coaches[0].zone else self.coaches[1]
