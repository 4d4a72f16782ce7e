"""The events a coach reports during a turn, each a step: a chest opened, a teleport pad, a pit
trap, a push into a wall, a block's result, a player falling, who holds the ball.

A chest's content is drawn by the device from the chests still closed, at the moment it opens
(``by="device"``, ``unseeded``: no seed predicts it), so it exists nowhere before then."""

from __future__ import annotations

from companion.engine.core import CHANCE, DEVICE, ChanceSpec, Prompt
from companion.engine.steps import Frame, Step
from companion.games.dungeonbowl.rolls import (
    ONE_D6,
    acts,
    armour_roll,
    goes_down,
    hold,
    injury_roll,
    knock_down,
    name,
    pop,
    push,
    show,
    stat,
    turnover,
    up,
)
from companion.games.dungeonbowl.state import KO, BowlState, in_dungeon, other, split_player

CHESTS = "OPENING TREASURE CHESTS"
TELEPORT = "TELEPORTING"
PITS = "PIT TRAPS OR BOTTOMLESS PITS"
WALLS = "PUSHING INTO WALLS"


def chest_spec(g, s: BowlState) -> ChanceSpec:
    """What the chest holds: a draw from the chests still closed, by the device."""
    found = sum(c.state == "ball" for c in s.chests)
    closed = sum(c.state == "closed" for c in s.chests)
    balls = g.pack.dungeon.ball_chests - found
    return ChanceSpec(
        "open", ("ball",) * balls + ("blast",) * (closed - balls), 1, die="chest", by=DEVICE, unseeded=True
    )


class ChestStep(Step):
    rule = CHESTS

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a, d = s.active, f.data
        if "chest" not in d:
            return Prompt(
                a,
                "chest",
                "open which chest?",
                tuple(f"{a} open {c.no}" for c in s.chests if c.state == "closed"),
            )
        if "opener" not in d:
            return Prompt(
                a,
                "opener",
                f"who opens chest {d['chest']}?",
                tuple(f"{a} opener {p}" for p in in_dungeon(s, a)),
            )
        if "content" not in d:
            return Prompt(CHANCE, "chest_open", f"chest {d['chest']} opens", chance=chest_spec(g, s))
        items = [p for p in in_dungeon(s) if p != d["opener"]]
        return Prompt(
            a,
            "adjacent",
            "adjacent to the chest?",
            choice={
                "multi": {
                    "items": items,
                    "labels": [name(p) for p in items],
                    "min": 0,
                    "max": len(items),
                    "verb": "adjacent",
                    "none": "nobody",
                }
            },
        )

    def explain(self, g, s: BowlState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) == 3 and w[1] == "open":
            chest = next((c for c in s.chests if str(c.no) == w[2]), None)
            if chest is None:
                return f"there is no chest {w[2]} (chests 1 to {len(s.chests)})", self.rule
            if chest.state != "closed":
                return (
                    f"chest {w[2]} is already open (it held {'the ball' if chest.state == 'ball' else 'an explosion'})",
                    self.rule,
                )
        return None

    def check(self, g, s: BowlState, f: Frame, w: list[str]) -> str | None:
        items = [p for p in in_dungeon(s) if p != f.data["opener"]]
        if w[1:] == ["nobody"]:
            return None
        if w[1] != "adjacent" or not w[2:]:
            return f"say who is adjacent: '{w[0]} adjacent P2#5 ...' or '{w[0]} nobody'"
        bad = [p for p in w[2:] if p not in items]
        if bad:
            return f"{bad[0]} is not a player in the dungeon beside the opener"
        if len(set(w[2:])) != len(w[2:]):
            return "a player is named twice"
        return None

    def auto(self, g, s: BowlState, f: Frame, ev: list[dict]) -> bool:
        d = f.data
        if d.get("content") == "blast" and not [p for p in in_dungeon(s) if p != d["opener"]]:
            self._explode(s, f, [], ev)
            return True
        return False

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        if w[0] == CHANCE:
            content = w[2]
            d["content"] = content
            chest = s.chests[d["chest"] - 1]
            chest.state, chest.opener = content, d["opener"]
            stat(s, "chests_opened")
            show(s, f"chest {chest.no}", [], "THE BALL!" if content == "ball" else "BOOM!")
            ev.append({"event": "chest_opened", "chest": chest.no, "player": d["opener"], "content": content})
            if content == "ball":
                s.ball = "ground"
                s.stats.setdefault("ball_found_turn", s.turn)
                pop(s)
            return
        if w[1] == "open":
            d["chest"] = int(w[2])
        elif w[1] == "opener":
            d["opener"] = w[2]
            acts(s, w[2])
        else:
            self._explode(s, f, w[2:] if w[1] == "adjacent" else [], ev)

    def _explode(self, s: BowlState, f: Frame, adjacent: list[str], ev: list[dict]) -> None:
        opener = f.data["opener"]
        ev.append({"event": "explosion", "chest": f.data["chest"], "knocked": [opener, *adjacent]})
        pop(s)
        for pid in reversed(adjacent):
            knock_down(s, pid, ev, "chest explosion")
        knock_down(s, opener, ev, "chest explosion")
        turnover(s, f"chest {f.data['chest']} exploded")


class PadStep(Step):
    """A player on a pad: d6 to the pad of that number; his own pad's number: lost in space;
    an occupied pad teleports its occupant away in turn; a second teleport in a turn is an
    injury roll without armour."""

    rule = TELEPORT

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a, d = s.active, f.data
        if "pad" not in d:
            return Prompt(a, "pad", "onto which pad?", tuple(f"{a} onto-pad {n}" for n in range(1, 7)))
        if "player" not in d:
            return Prompt(
                a, "mover", f"who steps on pad {d['pad']}?", tuple(f"{a} mover {p}" for p in in_dungeon(s, a))
            )
        if "to" not in d:
            return Prompt(
                CHANCE, "teleport", f"teleport {name(d['player'])} from pad {d['pad']}: d6", chance=ONE_D6
            )
        others = [p for p in in_dungeon(s) if p != d["player"]]
        return Prompt(
            a,
            "occupied",
            f"is pad {d['to']} occupied?",
            (f"{a} pad-free", *(f"{a} occupied {p}" for p in others)),
        )

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        if w[0] != CHANCE:
            if w[1] == "onto-pad":
                d["pad"] = int(w[2])
            elif w[1] == "mover":
                d["player"] = w[2]
                acts(s, w[2])
            else:
                self._arrive(s, f, w[2] if w[1] == "occupied" else "", ev)
            return
        roll, pid, pad = int(w[2]), d["player"], d["pad"]
        if roll == pad:
            stat(s, "lost_in_space")
            show(s, f"teleport {name(pid)} pad {pad}", [roll], "LOST IN SPACE")
            held = s.ball == pid
            ev.append({"event": "lost_in_space", "player": pid, "pad": pad, "dice": [roll], "ball": held})
            pop(s)
            seat, number = split_player(pid)
            s.team(seat).where[number] = KO
            ev.append({"event": "moved", "player": pid, "to": KO, "why": "lost in space"})
            if g.pack.teleport.lost_in_space_turnover == "always":
                turnover(s, f"{name(pid)} was lost in space")
            if held:
                s.ball = "ground"
                turnover(s, f"the ball was lost in space with {name(pid)}")
                push(s, "scatter", origin=f"from pad {pad}")
            return
        d["to"] = roll
        s.teleports[pid] = s.teleports.get(pid, 0) + 1
        stat(s, "teleports")
        show(s, f"teleport {name(pid)} pad {pad}", [roll], f"TO PAD {roll}")
        ev.append(
            {
                "event": "teleported",
                "player": pid,
                "from": pad,
                "to": roll,
                "dice": [roll],
                "times": s.teleports[pid],
                "chain": bool(d.get("chain")),
            }
        )

    def _arrive(self, s: BowlState, f: Frame, victim: str, ev: list[dict]) -> None:
        d = f.data
        pid, to = d["player"], d["to"]
        ev.append({"event": "pad_occupied" if victim else "pad_free", "pad": to, "player": victim or None})
        pop(s)
        if victim:
            stat(s, "chain_reactions")
            push(s, "pad", pad=to, player=victim, chain=True)
        if s.teleports[pid] >= 2:
            stat(s, "double_teleport_injuries")
            ev.append({"event": "teleport_strain", "player": pid, "times": s.teleports[pid]})
            if split_player(pid)[0] == s.active:  # an injury roll without armour, as a spiked pit's:
                turnover(s, f"{name(pid)} was teleported twice in the turn")  # a turnover on his own turn
            injury_roll(s, pid, "teleported twice in a turn")


def trap_effect(s: BowlState, pid: str, how: str, face: str, ev: list[dict]) -> None:
    """What a pit trap's face does to the player who entered it (``how``: moved, pushed or
    knocked down into it)."""
    own = split_player(pid)[0] == s.active
    held = s.ball == pid
    if face == "fake":
        if how == "knocked":
            knock_down(s, pid, ev, "knocked down")
        return
    stat(s, f"trap_{face}_falls")
    if face == "pit":
        goes_down(s, pid, "pit")
        if own and (how == "knocked" or held):
            turnover(s, f"{name(pid)} fell in a pit trap" + (" with the ball" if held else ""))
        if held:
            s.ball = "ground"
            ev.append({"event": "ball_dropped", "player": pid})
            push(s, "scatter", origin="from the pit")
        ev.append({"event": "placed_prone", "player": pid, "why": "pit trap"})
        push(s, "armour", player=pid, why="pit trap", unmodified=True, prone=True)
        return
    goes_down(s, pid, "pit")
    if own:  # spiked: a turnover if it is his own turn
        turnover(s, f"{name(pid)} fell in a spiked pit")
    if held:
        s.ball = "ground"
        ev.append({"event": "ball_dropped", "player": pid})
        push(s, "scatter", origin="from the spiked pit")
    injury_roll(s, pid, "spiked pit")


class TrapStep(Step):
    rule = PITS

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a, d = s.active, f.data
        if "trap" not in d:
            return Prompt(
                a, "trap", "which trap counter?", tuple(f"{a} trap-counter {t.no}" for t in s.traps)
            )
        if "player" not in d:
            return Prompt(
                a, "victim", f"who entered trap {d['trap']}?", tuple(f"{a} victim {p}" for p in in_dungeon(s))
            )
        if "how" not in d:
            return Prompt(
                a,
                "how",
                f"how did {name(d['player'])} enter?",
                (f"{a} how moved", f"{a} how pushed", f"{a} how knocked"),
            )
        return Prompt(CHANCE, "pit", f"trap {d['trap']} flips: d6", chance=ONE_D6)

    def auto(self, g, s: BowlState, f: Frame, ev: list[dict]) -> bool:
        d = f.data
        if "how" not in d or "trap" not in d:
            return False
        trap = s.traps[d["trap"] - 1]
        if not trap.face:
            return False
        # a flipped trap stays where it is and does what its face says, without a new roll
        ev.append({"event": "trap_again", "trap": trap.no, "player": d["player"], "face": trap.face})
        show(s, f"trap {trap.no} (flipped)", [], trap.face.upper())
        pop(s)
        trap_effect(s, d["player"], d["how"], trap.face, ev)
        return True

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        if w[0] != CHANCE:
            key = {"trap-counter": "trap", "victim": "player", "how": "how"}[w[1]]
            d[key] = int(w[2]) if key == "trap" else w[2]
            if w[1:] == ["how", "moved"]:
                up(s, d["player"])
            return
        roll = int(w[2])
        face = g.pack.pit_face(roll)
        trap = s.traps[d["trap"] - 1]
        trap.face = face
        stat(s, f"pit_{face}")
        show(s, f"trap {trap.no}", [roll], {"fake": "FAKE", "pit": "PIT!", "spiked": "SPIKED PIT!"}[face])
        ev.append(
            {
                "event": "trap",
                "trap": trap.no,
                "player": d["player"],
                "how": d["how"],
                "dice": [roll],
                "face": face,
            }
        )
        pop(s)
        trap_effect(s, d["player"], d["how"], face, ev)


class WallStep(Step):
    """A player pushed into a wall stays in his square; the opponent rolls an unmodified armour
    roll (and injury if it breaks)."""

    rule = WALLS

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a = s.active
        return Prompt(
            a, "wall", "who was pushed into a wall?", tuple(f"{a} pushed {p}" for p in in_dungeon(s))
        )

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        pop(s)
        stat(s, "wall_pushes")
        ev.append({"event": "wall", "player": w[2]})
        armour_roll(s, w[2], "pushed into a wall")


BLOCK_RESULTS = ("push", "push-wall", "push-trap", "down", "down-trap", "attacker-down", "both-down")


class BlockStep(Step):
    """A block's result, as the block dice and the coaches settled it on the table."""

    rule = "Blood Bowl blocks (standard rules), PUSHING INTO WALLS"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a, d = s.active, f.data
        if "attacker" not in d:
            return Prompt(a, "attacker", "who blocks?", tuple(f"{a} attacker {p}" for p in in_dungeon(s, a)))
        if "defender" not in d:
            return Prompt(
                a,
                "defender",
                f"{name(d['attacker'])} blocks whom?",
                tuple(f"{a} defender {p}" for p in in_dungeon(s, other(a))),
            )
        return Prompt(a, "block_result", "block result?", tuple(f"{a} result {r}" for r in BLOCK_RESULTS))

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        d = f.data
        if w[1] in ("attacker", "defender"):
            d[w[1]] = w[2]
            if w[1] == "attacker":
                acts(s, w[2])
            return
        result, att, dfd = w[2], d["attacker"], d["defender"]
        pop(s)
        stat(s, "blocks")
        ev.append({"event": "block", "attacker": att, "defender": dfd, "result": result})
        if result == "push-wall":
            stat(s, "wall_pushes")
            armour_roll(s, dfd, "pushed into a wall")
        elif result in ("push-trap", "down-trap"):
            push(s, "trap", player=dfd, how="pushed" if result == "push-trap" else "knocked")
        elif result == "down":
            knock_down(s, dfd, ev, "block")
        elif result == "attacker-down":
            knock_down(s, att, ev, "block")
        elif result == "both-down":
            knock_down(s, att, ev, "block")
            knock_down(s, dfd, ev, "block")


class FallsStep(Step):
    """One of the coach's players falls (a failed dodge, leap or going for it): a turnover."""

    rule = "Blood Bowl turnovers (a player of the moving team knocked down)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a = s.active
        return Prompt(a, "falls", "who fell over?", tuple(f"{a} fell {p}" for p in in_dungeon(s, a)))

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        pop(s)
        knock_down(s, w[2], ev, "fell over")


class HolderStep(Step):
    """The ball was picked up, caught or handed off: who holds it now. An opponent catching it
    on this coach's turn is a turnover."""

    rule = "THROWING RESTRICTIONS (quick and short passes; Strong Arm: long)"

    def prompt(self, g, s: BowlState, f: Frame) -> Prompt:
        a = s.active
        return Prompt(a, "holder", "who holds the ball now?", tuple(f"{a} holds {p}" for p in in_dungeon(s)))

    def act(self, g, s: BowlState, f: Frame, w: list[str], ev: list[dict]) -> None:
        pop(s)
        hold(s, w[2])
        stat(s, "ball_changes")
        ev.append({"event": "ball_held", "player": w[2]})
        up(s, w[2])
        if split_player(w[2])[0] != s.active:
            turnover(s, f"{name(w[2])} of the other team holds the ball")


EVENT_STEPS = {
    "chest": ChestStep(),
    "pad": PadStep(),
    "trap": TrapStep(),
    "wall": WallStep(),
    "block": BlockStep(),
    "falls": FallsStep(),
    "holder": HolderStep(),
}
