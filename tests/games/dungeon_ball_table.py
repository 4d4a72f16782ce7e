"""A test table for Dungeon Ball: set up a game quickly and play downs with forced dice.

Positions are built by editing the plain-data state (as loading a saved game would) and then
only legal actions are applied, so every rule still goes through the engine.
"""

from __future__ import annotations

import msgspec

from companion.engine.core import Header
from companion.games.dungeon_ball.engine import DungeonBall

_ENGINE: DungeonBall | None = None


def engine() -> DungeonBall:
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = DungeonBall()
    return _ENGINE


def new_game(p1_team="orcs", p2_team="goblins", kicking=("luck", "luck"), seed=1):
    """p1 wins the toss and takes offense; p2 picks the low end zone, so p1 attacks low
    from its starting circle at space 22."""
    g = engine()
    options = {"teams": {"p1": p1_team, "p2": p2_team}}
    if kicking:
        options["kicking"] = {"p1": kicking[0], "p2": kicking[1]}
    s = g.new_state(Header("dungeon-ball", seed=seed, options=options))
    for action in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        g.apply(s, action)
    return g, s


def at_down(g, s, ball, down=1):
    """Put the ball on ``ball`` at the start of down ``down`` and pass any whistle window."""
    from companion.games.dungeon_ball import flow

    s.ball, s.down, s.play = ball, down, None
    del s.frames[1:]  # no card window or pick left open
    events: list[dict] = []
    flow.start_down(g, s, events)
    g._settle(s, events)
    return events + pass_windows(g, s)


def snapshot(s) -> bytes:
    return msgspec.json.encode(s)


def act(g, s, *actions):
    """Apply actions in order; return all events."""
    events = []
    for a in actions:
        events += g.apply(s, a)
    return events


def pass_windows(g, s):
    """Decline every open card window (whoever is asked)."""
    events = []
    while s.frames[-1].step == "window":
        events += g.apply(s, f"{g.prompt(s).actor} pass")
    return events


def play_down(g, s, card, move, first, keep=None, second=None, windows="pass"):
    """One down: defense card, pawn move, the first roll, optionally a reroll, then the windows.

    ``first`` and ``second`` are space-separated faces; ``keep`` the positions to reroll."""
    events = pass_windows(g, s)
    if g.prompt(s).kind == "huddle":
        events += g.apply(s, f"{s.offense} run")
    d, o = s.defense, s.offense
    events += act(g, s, f"{d} defend {card}", f"{o} move {move}")
    events += g.apply(s, f"chance roll {fill(first, len(s.play.pending))}")
    if g.prompt(s).kind == "keep":
        if keep:
            events += g.apply(s, f"{o} reroll {keep}")
            events += g.apply(s, f"chance roll {fill(second, len(s.play.pending))}")
            if g.prompt(s).kind == "keep":
                raise AssertionError("a third roll was offered")
        else:
            events += g.apply(s, f"{o} stop")
    if windows == "pass":
        events += pass_windows(g, s)
    return events


def fill(faces: str, count: int) -> str:
    """``"cleat*"`` means every die shows a cleat; anything else is taken as written."""
    if faces.endswith("*"):
        return " ".join([faces[:-1]] * count)
    return faces


def kinds(events):
    return [e["event"] for e in events]


def find(events, kind):
    return [e for e in events if e["event"] == kind]
