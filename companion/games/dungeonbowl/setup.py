"""Dungeonbowl's set-up as steps: the roll-off for the end zones, inducements, the counters
(chests, pads, pit traps; the device keeps count and shows where each may go) and the six
players each coach starts with in his end zone.

Decisions where the rulebook is silent (docs/dungeonbowl.md): the roll-off is a d6 each,
ties rolled again; its winner chooses the end zone and takes the first turn; the other coach
places the first chest, and the coaches alternate through the chests, the pads and the traps."""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, Prompt
from companion.engine.steps import Frame, Step, StepMachine
from companion.games.dungeonbowl.rolls import D6, stat
from companion.games.dungeonbowl.state import DUNGEON, RESERVES, BowlState, Trap, other

goto = StepMachine.goto
ROLL_OFF = ChanceSpec("roll", D6, 2, die="d6", ordered=True)  # P1's d6, then P2's


def begin(s: BowlState, step: str, seat: str) -> None:
    goto(s, step)
    s.frames[0].data = {"seat": seat}


class RollOff(Step):
    rule = "DUNGEON SET-UP (roll a d6 to determine who chooses which end zone)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        return Prompt(CHANCE, "roll_off", "roll-off: P1, then P2", chance=ROLL_OFF)

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.roll_off = [int(w[2]), int(w[3])]
        tie = s.roll_off[0] == s.roll_off[1]
        s.last = {
            "what": "roll-off P1 P2",
            "dice": list(s.roll_off),
            "result": "TIE: AGAIN"
            if tie
            else ("P1 CHOOSES" if s.roll_off[0] > s.roll_off[1] else "P2 CHOOSES"),
        }
        winner = None if tie else ("p1" if s.roll_off[0] > s.roll_off[1] else "p2")
        decided = (
            "a tie: the rulebook does not say; the device has both coaches roll again"
            if tie
            else f"{winner.upper()} chooses the end zone and takes the first turn, and {other(winner).upper()} "
            "places the first chest: the rulebook does not say who moves or places first, the device decides"
        )
        ev.append({"event": "roll_off", "dice": list(s.roll_off), "winner": winner, "decided": decided})
        if not tie:
            s.chooser = "p1" if s.roll_off[0] > s.roll_off[1] else "p2"
            begin(s, "end_zone", s.chooser)


class EndZone(Step):
    rule = "DUNGEON SET-UP (the roll-off's winner chooses the end zone)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        seat = f.data["seat"]
        return Prompt(seat, "end_zone", "your end zone?", (f"{seat} end-zone left", f"{seat} end-zone right"))

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.team(w[0]).end_zone = w[2]
        s.team(other(w[0])).end_zone = "right" if w[2] == "left" else "left"
        ev.append({"event": "end_zone", "seat": w[0], "end_zone": w[2]})
        begin(s, "inducements", s.chooser)


def inducement_options(g, s: BowlState, seat: str) -> tuple[str, ...]:
    i, team = g.pack.inducements, s.team(seat)
    out = []
    if team.extra_pits + i.pit_pair_size <= i.max_extra_pits:
        out.append(f"{seat} buy pits")
    if team.apothecaries < i.max_apothecaries:
        out.append(f"{seat} buy apothecary")
    if team.igors < i.max_igors:
        out.append(f"{seat} buy igor")
    return (*out, f"{seat} done")


def inducements_text(team) -> str:
    """What the coach has bought so far, in words: ``bought: 2 extra pits, 1 apothecary, 1 Igor``."""
    bought = [
        f"{n} {word}"
        for n, word in (
            (team.extra_pits, "extra pits"),
            (team.apothecaries, "apothecary" if team.apothecaries == 1 else "apothecaries"),
            (team.igors, "Igor"),
        )
        if n
    ]
    return "bought: " + ", ".join(bought) if bought else "inducements: none bought yet"


class Inducements(Step):
    """Each coach in turn: extra pit counters (a pair each), apothecaries, Igor. Rerolls, mercs,
    star players and cards are the coaches' own to keep; wizards are not available."""

    rule = "INDUCEMENTS"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        seat = f.data["seat"]
        team = s.team(seat)
        return Prompt(seat, "inducements", inducements_text(team), inducement_options(g, s, seat))

    def explain(self, g, s: BowlState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        i = g.pack.inducements
        if w[1:] == ["buy", "pits"]:
            return (
                f"at most {i.max_extra_pits} extra pit counters per coach ({i.pit_pair_price}g for "
                f"{i.pit_pair_size})",
                self.rule,
            )
        if w[1:] == ["buy", "apothecary"]:
            return f"at most {i.max_apothecaries} apothecaries", self.rule
        if w[1:] == ["buy", "igor"]:
            return f"at most {i.max_igors} Igor", self.rule
        return None

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat, team = w[0], s.team(w[0])
        if w[1] == "buy":
            if w[2] == "pits":
                team.extra_pits += g.pack.inducements.pit_pair_size
            elif w[2] == "apothecary":
                team.apothecaries += 1
            else:
                team.igors += 1
            ev.append({"event": "inducement", "seat": seat, "bought": w[2]})
            return
        ev.append({"event": "inducements_done", "seat": seat})
        if seat == s.chooser:
            f.data["seat"] = other(seat)
        else:
            begin(s, "place_chests", other(s.chooser))


class PlaceChests(Step):
    rule = "TREASURE CHESTS & TELEPORT PADS (take it in turn to place them)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        seat = f.data["seat"]
        n = s.chests_placed + 1
        return Prompt(
            seat,
            "place_chest",
            f"chest {n} of {len(s.chests)}: {g.pack.placement.chest}",
            (f"{seat} place-chest {n}",),
        )

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.chests_placed += 1
        ev.append({"event": "placed", "seat": w[0], "counter": "chest", "no": s.chests_placed})
        if s.chests_placed == len(s.chests):
            begin(s, "place_pads", other(w[0]))
        else:
            f.data["seat"] = other(w[0])


class PlacePads(Step):
    rule = "TREASURE CHESTS & TELEPORT PADS (next place the Teleport Pad counters)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        seat = f.data["seat"]
        n = s.pads_placed + 1
        return Prompt(seat, "place_pad", f"pad {n} of 6: {g.pack.placement.pad}", (f"{seat} place-pad {n}",))

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.pads_placed += 1
        ev.append({"event": "placed", "seat": w[0], "counter": "pad", "no": s.pads_placed})
        if s.pads_placed == g.pack.dungeon.pads:
            begin(s, "place_traps", other(w[0]))
        else:
            f.data["seat"] = other(w[0])


def traps_left(g, s: BowlState, seat: str) -> int:
    team = s.team(seat)
    return g.pack.dungeon.traps_per_coach + team.extra_pits - team.traps_placed


def why_not_now(g, s: BowlState, w: list[str]) -> tuple[str, str] | None:
    """An action asked for when none is offered: the rule it breaks (a counter spent, an
    inducement at its limit or after the set-up, an apothecary or Igor spent, Regeneration for a
    team without it)."""
    if len(w) < 2 or w[0] not in ("p1", "p2"):
        return None
    team, i = s.team(w[0]), g.pack.inducements
    if w[1] == "place-trap" and traps_left(g, s, w[0]) <= 0:
        return (
            f"{w[0]} has placed all {team.traps_placed} of its pit trap counters",
            "PIT TRAPS OR BOTTOMLESS PITS (each coach's counters)",
        )
    if w[1] == "buy" and s.step != "inducements":
        return (
            "inducements are bought once, after the end zones are chosen and before the counters are placed",
            Inducements.rule,
        )
    if w[1:] == ["buy", "apothecary"] and team.apothecaries >= i.max_apothecaries:
        return f"at most {i.max_apothecaries} apothecaries: {w[0]} has them", Inducements.rule
    if w[1:] == ["buy", "igor"] and team.igors >= i.max_igors:
        return f"at most {i.max_igors} Igor: {w[0]} has him", Inducements.rule
    if w[1] in ("regenerate", "igor") and not team.regeneration:
        return (
            (
                f"{w[0]}'s team has no players with Regeneration (the game's regeneration option names the "
                "teams that do)"
            ),
            "INJURED PLAYERS (Regeneration)",
        )
    for verb, left, used, word in (
        ("apothecary", team.apothecaries, team.apothecaries_used, "apothecary"),
        ("igor", team.igors, team.igors_used, "Igor"),
    ):
        if w[1] == verb and not left:
            return (
                f"{w[0]} has no {word} left ({used} used, {used + left} bought)",
                "INJURED PLAYERS (apothecaries and Igors)",
            )
    return None


class PlaceTraps(Step):
    rule = "PIT TRAPS OR BOTTOMLESS PITS (each coach's counters)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        seat = f.data["seat"]
        left = traps_left(g, s, seat)
        return Prompt(
            seat,
            "place_trap",
            f"{left} trap{'s' if left > 1 else ''} left: {g.pack.placement.trap}",
            (f"{seat} place-trap {len(s.traps) + 1}",),
        )

    def auto(self, g, s: BowlState, f: Frame, ev: list[dict]) -> bool:
        seat = f.data["seat"]
        if traps_left(g, s, seat) > 0:
            return False
        if traps_left(g, s, other(seat)) > 0:
            f.data["seat"] = other(seat)
        else:
            begin(s, "starters", s.chooser)
        return True

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.team(w[0]).traps_placed += 1
        s.traps.append(Trap(len(s.traps) + 1, w[0]))
        ev.append({"event": "placed", "seat": w[0], "counter": "trap", "no": len(s.traps)})
        if traps_left(g, s, other(w[0])) > 0:
            f.data["seat"] = other(w[0])


class Starters(Step):
    """Each coach picks the six players who start in his end zone; the rest are reserves."""

    rule = "THE PLAYERS (six players in his end zone)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        seat = f.data["seat"]
        roster = sorted(s.team(seat).where, key=int)
        n = g.pack.dungeon.starters
        return Prompt(
            seat,
            "starters",
            f"your {n} starters",
            choice={
                "multi": {
                    "items": roster,
                    "labels": [f"#{x}" for x in roster],
                    "min": n,
                    "max": n,
                    "verb": "start",
                }
            },
        )

    def check(self, g, s: BowlState, f: Frame, w: list[str]) -> str | None:
        n = g.pack.dungeon.starters
        roster = s.team(w[0]).where
        if w[1] != "start":
            return f"name the starters: '{w[0]} start' and {n} player numbers"
        picked = w[2:]
        unknown = [x for x in picked if x not in roster]
        if unknown:
            return f"#{unknown[0]} is not on {w[0].upper()}'s roster ({', '.join(sorted(roster, key=int))})"
        if len(set(picked)) != len(picked) or len(picked) != n:
            return f"exactly {n} different players start in the end zone, not {len(set(picked))}"
        return None

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        team = s.team(w[0])
        for number in team.where:
            team.where[number] = DUNGEON if number in w[2:] else RESERVES
        ev.append({"event": "starters", "seat": w[0], "players": sorted(w[2:], key=int)})
        if w[0] == s.chooser:
            f.data["seat"] = other(w[0])
            return
        goto(s, "turn")
        s.active, s.turn = s.chooser, 1
        stat(s, "turns")
        ev.append({"event": "turn", "seat": s.active, "turn": s.turn})


SETUP_STEPS = {
    "roll_off": RollOff(),
    "end_zone": EndZone(),
    "inducements": Inducements(),
    "place_chests": PlaceChests(),
    "place_pads": PlacePads(),
    "place_traps": PlaceTraps(),
    "starters": Starters(),
}
