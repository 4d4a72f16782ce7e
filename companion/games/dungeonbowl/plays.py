"""Two events where Dungeonbowl bends Blood Bowl's own moves: passing underground (quick and
short passes only; Strong Arm allows a long pass) and leaping over a pit trap.

Where Strong Arm and Leap stand (the rulebook's wording is short; docs/dungeonbowl.md):
* a long pass needs Strong Arm; a long bomb is never allowed (the ceiling is too low, and
  Strong Arm is named for long passes only);
* any player may try to leap over a pit trap or an unflipped counter: the rulebook says
  "players without the Leap skill can attempt", at -1 per tackle zone leapt into or out of,
  and players with Leap leap as Blood Bowl's Leap says. The coaches roll the leap; a leap over
  a counter never flips it; a failed leap is a fall in the landing square (armour, turnover)."""

from __future__ import annotations

from companion.engine.core import Prompt
from companion.engine.steps import Frame, Step
from companion.games.dungeonbowl.rolls import acts, hold, knock_down, name, pop, push, stat, turnover, up
from companion.games.dungeonbowl.state import BowlState, in_dungeon, split_player

THROWING = "THROWING RESTRICTIONS"
RANGES = ("quick", "short", "long-strong-arm")


class PassStep(Step):
    rule = THROWING

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a, d = s.active, f.data
        if "range" not in d:
            return Prompt(
                a, "pass_range", f"{name(s.ball)} passes: range?", tuple(f"{a} range {r}" for r in RANGES)
            )
        catchers = [p for p in in_dungeon(s) if p != s.ball]
        return Prompt(
            a,
            "pass_result",
            f"{d['range']} pass: caught by?",
            (*(f"{a} caught {p}" for p in catchers), f"{a} incomplete"),
        )

    def explain(self, g, s: BowlState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if w[1:2] == ["range"] and w[2:] == ["long"]:
            return (
                "only quick and short passes underground: a long pass needs Strong Arm "
                f"('{w[0]} range long-strong-arm')",
                self.rule,
            )
        if w[1:2] == ["range"] and w[2:] in (["bomb"], ["long-bomb"]):
            return (
                "no long bombs underground: the ceiling is too low (Strong Arm allows long passes only)",
                self.rule,
            )
        return None

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        if w[1] == "range":
            d["range"] = w[2]
            return
        thrower = s.ball
        pop(s)
        stat(s, "passes")
        if w[1] == "caught":
            hold(s, w[2])
            up(s, w[2])
            ev.append({"event": "pass", "thrower": thrower, "range": d["range"], "caught": w[2]})
            if split_player(w[2])[0] != s.active:  # intercepted or caught by the opponent
                turnover(s, f"the pass was caught by {name(w[2])} of the other team")
            return
        ev.append({"event": "pass", "thrower": thrower, "range": d["range"], "caught": None})
        s.ball = "ground"
        turnover(s, "the pass was not caught")
        push(s, "scatter", origin="where the pass fell")


class LeapStep(Step):
    rule = "PIT TRAPS OR BOTTOMLESS PITS (leaping over pit traps)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a, d = s.active, f.data
        if "player" not in d:
            return Prompt(
                a, "leaper", "who leaps a trap?", tuple(f"{a} leaper {p}" for p in in_dungeon(s, a))
            )
        if "trap" not in d:
            return Prompt(
                a,
                "leap_trap",
                "over which trap?",
                tuple(f"{a} over {t.no}" for t in s.traps if t.face != "fake"),
            )
        return Prompt(
            a,
            "leap_result",
            f"{name(d['player'])} leaps trap {d['trap']}: landed?",
            (f"{a} landed", f"{a} failed"),
        )

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        if w[1] == "leaper":
            d["player"] = w[2]
            acts(s, w[2])
            return
        if w[1] == "over":
            d["trap"] = int(w[2])
            return
        pop(s)
        stat(s, "leaps")
        ev.append({"event": "leap", "player": d["player"], "trap": d["trap"], "landed": w[1] == "landed"})
        if w[1] == "failed":
            knock_down(s, d["player"], ev, "failed leap")


PLAY_STEPS = {"pass": PassStep(), "leap": LeapStep()}
