"""Armour, injury, casualty, the apothecary, Regeneration and Igor, and the ball's scatter: the
Blood Bowl procedures the dungeon's rules call on, as steps of the shared step machine.

The tables come from the pack (the edition it names). The device asks the armour value at each
roll, so no roster sheet is needed; it remembers the last value entered for each player as the
next default. Helpers here push these steps; the steps pop themselves when done."""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, DieSpec, Prompt
from companion.engine.steps import Frame, Step, StepMachine
from companion.games.dungeonbowl.state import (
    BADLY_HURT,
    CAS,
    DUNGEON,
    KO,
    RESERVES,
    BowlState,
    split_player,
    where,
)

D6 = tuple("123456")
D8 = tuple("12345678")
TWO_D6 = ChanceSpec("roll", D6, 2, die="d6")
ONE_D6 = ChanceSpec("roll", D6, 1, die="d6")
SCATTER = ChanceSpec("roll", D8, 1, die="d8")
D68 = ChanceSpec("roll", tuple("12345678"), 2, dice=(DieSpec("d6", D6), DieSpec("d8", D8)))

push, pop = StepMachine.push, StepMachine.pop
INJURED = "INJURED PLAYERS"
EDITION = "Blood Bowl armour and injury (the pack's edition)"


def name(pid: str) -> str:
    """``p2#5`` as the screens say it: ``P2 #5``."""
    seat, number = split_player(pid)
    return f"{seat.upper()} #{number}"


def stat(s: BowlState, key: str, n: int = 1) -> None:
    s.stats[key] = s.stats.get(key, 0) + n


def show(s: BowlState, what: str, dice: list[int], result: str) -> None:
    """The last roll, for the result screen read across the table."""
    s.last = {"what": what, "dice": dice, "result": result}


def turnover(s: BowlState, why: str) -> None:
    """The turn ends once the current event is resolved; the first cause is kept, for the
    referee's view of why the turn ended."""
    s.turnover = True
    s.turnover_why = s.turnover_why or why


def up(s: BowlState, pid: str) -> None:
    """The player is no longer down: he stands (reported acting: moving, blocking, opening a
    chest, holding the ball), or he left the dungeon."""
    s.down.pop(pid, None)
    s.down_since.pop(pid, None)
    s.stunned_turn.pop(pid, None)


def acts(s: BowlState, pid: str) -> None:
    """The player is reported taking his action this turn (blocking, opening a chest, moving
    onto a pad, leaping): he stands, and the view lists him among this turn's actors."""
    up(s, pid)
    if pid not in s.actors:
        s.actors.append(pid)


def goes_down(s: BowlState, pid: str, how: str) -> None:
    """The player is no longer standing (``prone``, ``stunned`` or ``pit``); the view says
    since which turn."""
    s.down[pid] = how
    s.down_since.setdefault(pid, s.turn)


def hold(s: BowlState, pid: str) -> None:
    """The player holds the ball now; his team has held it since this turn unless it held it
    already (a hand-off or a pass between team-mates keeps the team's possession)."""
    before = s.ball if s.ball not in ("chest", "ground") else ""
    if not before or split_player(before)[0] != split_player(pid)[0]:
        s.held_since = s.turn
    s.ball = pid


def move(s: BowlState, pid: str, box: str, ev: list[dict], why: str) -> None:
    """Put a player in the dungeon or a dug-out box; a ball he held drops where he was."""
    seat, number = split_player(pid)
    s.team(seat).where[number] = box
    up(s, pid)
    ev.append({"event": "moved", "player": pid, "to": box, "why": why})
    if box != DUNGEON and s.ball == pid:
        drop_ball(s, pid, ev, "from his square")


def drop_ball(s: BowlState, pid: str, ev: list[dict], where_from: str) -> None:
    """The ball a player held drops and scatters (its own step, pushed on top)."""
    if s.ball != pid:
        return
    s.ball = "ground"
    ev.append({"event": "ball_dropped", "player": pid})
    push(s, "scatter", origin=where_from)


def knock_down(s: BowlState, pid: str, ev: list[dict], why: str, unmodified: bool = False) -> None:
    """A player knocked over: placed prone, drops the ball, armour roll. A player of the coach
    whose turn it is being knocked over is a turnover."""
    ev.append({"event": "knocked_down", "player": pid, "why": why})
    if pid not in s.down:
        goes_down(s, pid, "prone")
    if split_player(pid)[0] == s.active:
        turnover(s, f"{name(pid)} was knocked down ({why})")
    # the bounce comes after the armour roll: push it first
    drop_ball(s, pid, ev, "from his square")
    push(s, "armour", player=pid, why=why, unmodified=unmodified, prone=True)


def armour_roll(s: BowlState, pid: str, why: str, unmodified: bool = True) -> None:
    """An armour roll on a player left standing (a push into a wall)."""
    push(s, "armour", player=pid, why=why, unmodified=unmodified, prone=False)


def injury_roll(s: BowlState, pid: str, why: str) -> None:
    push(s, "injury", player=pid, why=why)


class Armour(Step):
    """2d6 against the armour value the owner enters; broken: an injury roll."""

    rule = EDITION

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        pid = f.data["player"]
        seat = split_player(pid)[0]
        if "av" not in f.data:
            a = g.pack.armour
            return Prompt(
                seat,
                "armour_value",
                f"AV of {name(pid)}?",
                choice={
                    "number": {
                        "min": a.av_min,
                        "max": a.av_max,
                        "verb": "av",
                        "default": s.av.get(pid, a.av_default),
                    }
                },
            )
        return Prompt(CHANCE, "armour", f"armour {name(pid)} AV{f.data['av']}: 2d6", chance=TWO_D6)

    def check(self, g, s: BowlState, f: Frame, w: list[str]) -> str | None:
        a = g.pack.armour
        if len(w) != 3 or w[1] != "av" or not w[2].isdigit() or not a.av_min <= int(w[2]) <= a.av_max:
            return f"the armour value is '{w[0]} av N' with N from {a.av_min} to {a.av_max}"
        return None

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        pid = f.data["player"]
        if w[0] != CHANCE:
            f.data["av"] = s.av[pid] = int(w[2])
            return
        dice = [int(v) for v in w[2:]]
        broken = sum(dice) > f.data["av"]
        stat(s, "armour_rolls")
        stat(s, "armour_broken", broken)
        result = "BROKEN" if broken else "HOLDS"
        show(s, f"armour {name(pid)} AV{f.data['av']}", dice, result)
        ev.append(
            {
                "event": "armour",
                "player": pid,
                "av": f.data["av"],
                "dice": dice,
                "broken": broken,
                "why": f.data["why"],
            }
        )
        pop(s)
        if broken and where(s, pid) == DUNGEON:
            injury_roll(s, pid, f.data["why"])


class Injury(Step):
    """2d6 on the injury table: stunned stays in the dungeon face down, KO and casualty go to
    the dug-out (the owner may treat them)."""

    rule = EDITION

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        return Prompt(CHANCE, "injury", f"injury {name(f.data['player'])}: 2d6", chance=TWO_D6)

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        pid = f.data["player"]
        dice = [int(v) for v in w[2:]]
        result = g.pack.band("injury", sum(dice))
        stat(s, f"injury_{result}")
        show(s, f"injury {name(pid)}", dice, {"ko": "KO", "casualty": "CASUALTY"}.get(result, "STUNNED"))
        ev.append({"event": "injury", "player": pid, "dice": dice, "result": result, "why": f.data["why"]})
        pop(s)
        drop_ball(s, pid, ev, "from his square")
        if result == "stunned":  # face down; in a pit he stays in the pit
            goes_down(s, pid, "pit" if s.down.get(pid) == "pit" else "stunned")
            s.stunned_turn[pid] = s.turn
        seat = split_player(pid)[0]
        if result == "ko":
            if s.team(seat).apothecaries > 0:
                push(s, "treat", player=pid, kind="ko")
            else:
                move(s, pid, KO, ev, "knocked out")
        elif result == "casualty":
            push(s, "treat", player=pid, kind="casualty")


def treat_options(s: BowlState, f: Frame) -> tuple[str, ...]:
    d = f.data
    seat = split_player(d["player"])[0]
    team = s.team(seat)
    if d["kind"] == "ko":
        return (f"{seat} apothecary", f"{seat} accept")
    if "second" in d:
        return (f"{seat} keep first", f"{seat} keep second")
    out = []
    if team.apothecaries > 0 and not d.get("apothecary"):
        out.append(f"{seat} apothecary")
    if not d.get("regen") and team.regeneration:
        out.append(f"{seat} regenerate")
    elif d.get("regen") == "failed" and team.igors > 0 and not d.get("igor"):
        out.append(f"{seat} igor")
    out.append(f"{seat} accept")
    return tuple(out)


class Treat(Step):
    """After a KO or a casualty: the owner's apothecary, Regeneration and Igor, or accept.

    KO: the apothecary sends the player to the reserves. Casualty: first the D68 casualty roll;
    then the apothecary rolls it again and the coach keeps one (badly hurt: to the reserves);
    Regeneration on 4+ sends the player to the KO box (Dungeonbowl's rule), Igor re-rolls a
    failed Regeneration once. Accept: the player goes to his box."""

    rule = INJURED

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        d = f.data
        pid = d["player"]
        if d["kind"] == "casualty" and "roll" not in d:
            return Prompt(CHANCE, "casualty", f"casualty {name(pid)}: D68", chance=D68)
        if d.get("rolling") == "apothecary":
            return Prompt(CHANCE, "casualty", f"apothecary {name(pid)}: D68", chance=D68)
        if d.get("rolling") in ("regen", "igor"):
            return Prompt(CHANCE, "regeneration", f"regenerate {name(pid)}: d6", chance=ONE_D6)
        what = "KO" if d["kind"] == "ko" else d["result"]
        text = f"{name(pid)} {what}" if "second" not in d else f"{d['result']} or {d['second']}?"
        return Prompt(split_player(pid)[0], "treat", text, treat_options(s, f))

    def auto(self, g, s: BowlState, f: Frame, ev: list[dict]) -> bool:
        """No question with one answer: a team with no apothecary left and no Regeneration (or
        none left to try) is not asked; the injury stands."""
        d = f.data
        if "roll" not in d and d["kind"] == "casualty" or d.get("rolling"):
            return False
        seat = split_player(d["player"])[0]
        if treat_options(s, f) != (f"{seat} accept",):
            return False
        self.act(g, s, f, [seat, "accept"], ev)
        return True

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        pid = d["player"]
        team = s.team(split_player(pid)[0])
        if w[0] == CHANCE:
            dice = [int(v) for v in w[2:]]
            rolling = d.pop("rolling", "")
            if rolling in ("regen", "igor"):
                ok = dice[0] >= g.pack.regeneration.success_from
                d["regen"] = "done" if ok else "failed"
                show(s, f"regenerate {name(pid)}", dice, "REGENERATES" if ok else "FAILS")
                ev.append(
                    {
                        "event": "regeneration",
                        "player": pid,
                        "dice": dice,
                        "success": ok,
                        "igor": rolling == "igor",
                    }
                )
                if ok:
                    pop(s)
                    move(s, pid, KO, ev, "regenerated")
                return
            roll = dice[0] * 10 + dice[1]
            result = g.pack.band("casualty", roll)
            show(s, f"casualty {name(pid)}", dice, result.upper())
            ev.append(
                {
                    "event": "casualty",
                    "player": pid,
                    "dice": dice,
                    "result": result,
                    "apothecary": rolling == "apothecary",
                }
            )
            if rolling == "apothecary":
                d["second"] = result
            else:
                d["roll"], d["result"] = roll, result
            return
        verb = w[1]
        ev.append({"event": "treat", "player": pid, "choice": verb + (f" {w[2]}" if len(w) > 2 else "")})
        if verb == "apothecary":
            team.apothecaries -= 1
            team.apothecaries_used += 1
            stat(s, "apothecaries_used")
            if d["kind"] == "ko":
                pop(s)
                move(s, pid, RESERVES, ev, "apothecary")
                return
            d["apothecary"], d["rolling"] = True, "apothecary"
        elif verb == "keep":
            if w[2] == "second":
                d["result"] = d["second"]
            del d["second"]
            if d["result"] == BADLY_HURT:
                pop(s)
                move(s, pid, RESERVES, ev, "apothecary")
        elif verb in ("regenerate", "igor"):
            if verb == "igor":
                team.igors -= 1
                team.igors_used += 1
                d["igor"] = True
            d["rolling"] = verb if verb == "igor" else "regen"
        else:  # accept
            pop(s)
            if d["kind"] == "ko":
                move(s, pid, KO, ev, "knocked out")
            else:
                team.hurt[split_player(pid)[1]] = d["result"]
                move(s, pid, CAS, ev, d["result"])


class Scatter(Step):
    """The loose ball scatters one square (d8); a square behind a wall is rolled again."""

    rule = "THROWING RESTRICTIONS (scatter)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        if "direction" not in f.data:
            return Prompt(CHANCE, "scatter", f"ball scatters {f.data['origin']}: d8", chance=SCATTER)
        a = s.active
        return Prompt(
            a, "scatter_wall", f"ball goes {f.data['direction']}: a wall?", (f"{a} lands", f"{a} wall")
        )

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        if w[0] == CHANCE:
            direction = g.pack.scatter.directions[int(w[2]) - 1]
            f.data["direction"] = direction
            show(s, "scatter", [int(w[2])], direction.upper())
            ev.append({"event": "scatter", "dice": [int(w[2])], "direction": direction})
            return
        if w[1] == "wall":
            stat(s, "scatter_rerolls")
            ev.append({"event": "scatter_again", "why": "the ball cannot scatter into a wall"})
            del f.data["direction"]
            return
        pop(s)
        s.ball = "ground"
        ev.append({"event": "ball_lands", "direction": f.data["direction"]})


ROLL_STEPS = {"armour": Armour(), "injury": Injury(), "treat": Treat(), "scatter": Scatter()}
