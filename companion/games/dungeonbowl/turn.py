"""A Dungeonbowl turn: the dug-out at its start, then the events the coach reports until the
turn ends (by the coach, or a turnover once the event causing it is resolved), and the
touchdown that ends the game.

The referee does not move miniatures: the coach says what happened (a chest opened, a pad
stepped on, a block's result), the device rolls or asks for the rolls, keeps what the dungeon
hides and does the bookkeeping."""

from __future__ import annotations

from companion.engine.core import Prompt
from companion.engine.steps import Frame, Step, StepMachine
from companion.games.dungeonbowl.rolls import name, push, stat, turnover, up
from companion.games.dungeonbowl.state import (
    BADLY_HURT,
    CAS,
    DUNGEON,
    KO,
    RESERVES,
    BowlState,
    in_dungeon,
    other,
    split_player,
)

DUGOUT = "DUG-OUT TELEPORTERS"
SPONGE = "INJURED PLAYERS (Ed'e Warring's Magic Sponge)"
TOUCHDOWN = "RULES OF PLAY (a standing player holding the ball in the opposing end zone)"


def spongeable(team) -> list[str]:
    """Whom the Magic Sponge may treat: "an injured player", but it "has no effect on players
    that have been seriously injured or killed": the KO'd and the badly hurt."""
    return [
        n
        for n in (*team.in_box(KO), *team.in_box(CAS))
        if team.where[n] == KO or team.hurt.get(n) == BADLY_HURT
    ]


def turn_options(g, s: BowlState) -> tuple[str, ...]:
    a = s.active
    team = s.team(a)
    own, opp = in_dungeon(s, a), in_dungeon(s, other(a))
    out = []
    if not s.acted and not s.dugout:
        out += [f"{a} teleport-in {n}" for n in team.in_box(RESERVES)]
        out += [f"{a} sponge {n}" for n in spongeable(team)]
    if own and any(c.state == "closed" for c in s.chests):
        out.append(f"{a} chest")
    if own:
        out.append(f"{a} pad")
    if s.traps and (own or opp):
        out.append(f"{a} trap")
    if own or opp:
        out.append(f"{a} wall")
    if own and opp:
        out.append(f"{a} block")
    if own:
        out.append(f"{a} falls")
    if own and any(tr.face != "fake" for tr in s.traps):
        out.append(f"{a} leap")
    if split_player(s.ball)[0] == a:
        out.append(f"{a} pass")
    if s.ball != "chest" and (own or opp):
        out.append(f"{a} holder")
    if s.ball != "chest":
        out.append(f"{a} bounce")
    if split_player(s.ball)[0] == a:
        out.append(f"{a} touchdown")
    return (*out, f"{a} end-turn", f"{a} concede")


def pass_turn(s: BowlState, ev: list[dict], turnover: bool, why: str = "the coach ended the turn") -> None:
    """The turn passes; a stunned player of the team whose turn ends, stunned before it began,
    turns face up (prone), as in Blood Bowl."""
    if turnover:
        stat(s, "turnovers")
        ev.append({"event": "turnover", "seat": s.active, "turn": s.turn, "why": s.turnover_why})
    s.last_turn = {"seat": s.active, "turn": s.turn, "why": s.turnover_why if turnover else why}
    for pid, when in list(s.stunned_turn.items()):
        if split_player(pid)[0] == s.active and when < s.turn:
            del s.stunned_turn[pid]
            if s.down.get(pid) == "stunned":
                s.down[pid] = "prone"
                s.down_since[pid] = s.turn
    s.active = other(s.active)
    s.turn += 1
    s.acted, s.dugout, s.teleports, s.turnover, s.turnover_why = False, "", {}, False, ""
    s.actors = []
    stat(s, "turns")
    ev.append({"event": "turn", "seat": s.active, "turn": s.turn})


class Turn(Step):
    rule = "RULES OF PLAY"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        return Prompt(
            s.active, "turn", f"{s.active.upper()} turn {s.turn}: what happened?", turn_options(g, s)
        )

    def auto(self, g, s: BowlState, f: Frame, ev: list[dict]) -> bool:
        if not s.turnover:
            return False
        pass_turn(s, ev, True)
        return True

    def explain(self, g, s: BowlState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        a, verb, arg = w[0], w[1] if len(w) > 1 else "", w[2] if len(w) > 2 else ""
        team = s.team(a)
        if verb == "teleport-in":
            if s.dugout == "sponge":
                return "the Magic Sponge was used this turn instead of teleporting a player in", SPONGE
            if s.dugout == "teleport":
                return "one player may be teleported in per turn", DUGOUT
            if s.acted:
                return "a player is teleported in at the start of the turn only", DUGOUT
            if not team.in_box(RESERVES):
                return "the reserves box is empty: nobody to teleport in", DUGOUT
            return f"#{arg} is not in {a.upper()}'s reserves box", DUGOUT
        if verb == "sponge":
            if s.dugout == "teleport":
                return "a player was teleported in this turn: the sponge is used instead of that", SPONGE
            if s.dugout == "sponge":
                return "the sponge treats one player per turn", SPONGE
            if s.acted:
                return "the sponge is used at the start of the turn only", SPONGE
            if team.where.get(arg) == CAS:
                return (
                    f"#{arg} is a casualty ({team.hurt.get(arg, 'not badly hurt')}): the sponge has no "
                    "effect on players seriously injured or killed",
                    SPONGE,
                )
            return f"#{arg} is not in {a.upper()}'s KO box", SPONGE
        if verb in ("teleport-out", "return", "dugout"):
            return "you can't teleport players from the dungeon back to the dug-out", DUGOUT
        if verb == "touchdown":
            holder = "nobody holds it" if s.ball in ("chest", "ground") else f"{name(s.ball)} holds it"
            return (
                f"no {a.upper()} player holds the ball ({holder}): a touchdown needs a standing "
                "player holding the ball in the opposing end zone",
                TOUCHDOWN,
            )
        if verb == "chest":
            if not any(c.state == "closed" for c in s.chests):
                return "every chest is open", "OPENING TREASURE CHESTS"
            return f"{a.upper()} has no player in the dungeon to open a chest", "OPENING TREASURE CHESTS"
        return None

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        a, verb = w[0], w[1]
        team = s.team(a)
        if verb == "teleport-in":
            team.where[w[2]] = DUNGEON
            up(s, f"{a}#{w[2]}")
            s.dugout = "teleport"
            stat(s, "teleported_in")
            ev.append({"event": "teleport_in", "player": f"{a}#{w[2]}"})
            return
        if verb == "sponge":
            team.where[w[2]] = RESERVES
            team.hurt.pop(w[2], None)
            s.dugout = "sponge"
            stat(s, "sponges")
            ev.append({"event": "sponge", "player": f"{a}#{w[2]}"})
            return
        if verb == "end-turn":
            pass_turn(s, ev, False)
            return
        if verb in ("touchdown", "concede"):
            winner = a if verb == "touchdown" else other(a)
            s.over, s.winner = True, winner
            s.team(winner).touchdowns += verb == "touchdown"
            s.last_turn = {
                "seat": a,
                "turn": s.turn,
                "why": f"{name(s.ball)} scored a touchdown"
                if verb == "touchdown"
                else f"{a.upper()} conceded",
            }
            StepMachine.goto(s, "over")
            ev.append(
                {
                    "event": verb,
                    "seat": a,
                    "player": s.ball if verb == "touchdown" else None,
                    "winner": winner,
                    "turn": s.turn,
                }
            )
            return
        s.acted = True
        if verb == "bounce":
            held = s.ball not in ("ground", "chest")
            ev.append({"event": "bounce", "player": s.ball if held else None})
            s.ball = "ground"
            turnover(s, "the ball bounced loose")
            push(s, "scatter", origin="from where it was")
            return
        push(s, verb)


class Over(Step):
    rule = "RULES OF PLAY (play is continuous until a team scores)"
