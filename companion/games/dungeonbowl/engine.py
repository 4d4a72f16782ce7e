"""Dungeonbowl's engine: the Engine contract (companion/engine/core.py) over the shared step
machine. The rules are steps: set-up (setup.py), the turn (turn.py), the dungeon's events
(events.py) and the Blood Bowl rolls they call on (rolls.py).

    >>> from companion.engine.core import Header
    >>> g = Dungeonbowl()
    >>> s = g.new_state(Header("dungeonbowl", seed=1))
    >>> g.prompt(s).text
    'roll-off: P1, then P2'
    >>> g.apply(s, "chance roll 5 2")[0]["winner"]
    'p1'
    >>> g.prompt(s).options
    ('p1 end-zone left', 'p1 end-zone right')
"""

from __future__ import annotations

from companion.engine.core import Header
from companion.engine.steps import StepEngine
from companion.games.dungeonbowl.events import EVENT_STEPS
from companion.games.dungeonbowl.pack import BowlPack, load_pack
from companion.games.dungeonbowl.plays import PLAY_STEPS
from companion.games.dungeonbowl.rolls import ROLL_STEPS
from companion.games.dungeonbowl.setup import SETUP_STEPS, begin, why_not_now
from companion.games.dungeonbowl.state import BOXES, DUNGEON, BowlState, Chest, Team, player_id
from companion.games.dungeonbowl.turn import Over, Turn

GAME = "dungeonbowl"
STEPS = {**SETUP_STEPS, "turn": Turn(), "over": Over(), **EVENT_STEPS, **PLAY_STEPS, **ROLL_STEPS}
KNOWN_OPTIONS = ("players", "seats", "roster", "rosters", "playoff", "regeneration")
REGENERATION = {"none": (), "p1": ("p1",), "p2": ("p2",), "both": ("p1", "p2")}


class Dungeonbowl(StepEngine):
    """One engine per content pack; states are separate plain data."""

    name = GAME
    state_type = BowlState
    steps = STEPS
    load_pack = staticmethod(load_pack)
    over_rule = Over.rule
    pack: BowlPack

    # ------------------------------------------------------------------ a new game
    def rosters(self, options: dict) -> dict[str, list[str]]:
        """Each team's player numbers: ``rosters = {p1 = [1, 4, 7, ...]}`` for a team, else 1 to
        ``roster`` (the pack's roster_size by default)."""
        d = self.pack.dungeon
        size = options.get("roster", d.roster_size)
        if not isinstance(size, int) or isinstance(size, bool) or not d.starters <= size <= d.roster_max:
            raise ValueError(
                f"options.roster: must be a whole number from {d.starters} to {d.roster_max}, not {size!r}"
            )
        given = options.get("rosters") or {}
        if not isinstance(given, dict) or set(given) - {"p1", "p2"}:
            raise ValueError(
                "options.rosters: must be a table like { p1 = [1, 2, 3, 4, 5, 6, 7] } (seats p1, p2)"
            )
        out = {}
        for seat in ("p1", "p2"):
            numbers = given.get(seat, list(range(1, size + 1)))
            if not isinstance(numbers, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 99 for n in numbers
            ):
                raise ValueError(f"options.rosters.{seat}: player numbers are whole numbers from 1 to 99")
            if len(set(numbers)) != len(numbers):
                raise ValueError(f"options.rosters.{seat}: a number is listed twice")
            if not d.starters <= len(numbers) <= d.roster_max:
                raise ValueError(
                    f"options.rosters.{seat}: a roster holds {d.starters} to {d.roster_max} players, "
                    f"not {len(numbers)}"
                )
            out[seat] = [str(n) for n in sorted(numbers)]
        return out

    def new_state(self, header: Header) -> BowlState:
        options = dict(header.options)
        unknown = sorted(set(options) - set(KNOWN_OPTIONS))
        if unknown:
            raise ValueError(
                f"options: unknown option(s) {', '.join(unknown)} (known: {', '.join(KNOWN_OPTIONS)})"
            )
        players = options.get("players", 2)
        if players != 2:
            raise ValueError(f"options.players: Dungeonbowl takes 2 players, not {players!r}")
        rosters = self.rosters(options)
        playoff = options.get("playoff", "off")
        if playoff not in ("off", "p1", "p2"):
            raise ValueError(f"options.playoff: the highest rated team, p1 or p2 (or off), not {playoff!r}")
        regen = options.get("regeneration", "none")
        if regen not in REGENERATION:
            raise ValueError(
                f"options.regeneration: the teams with Regeneration players, "
                f"{', '.join(REGENERATION)}; not {regen!r}"
            )
        teams = [
            Team(seat, where={n: "reserves" for n in rosters[seat]}, regeneration=seat in REGENERATION[regen])
            for seat in ("p1", "p2")
        ]
        s = BowlState(teams=teams, chests=[Chest(i + 1) for i in range(self.pack.dungeon.chests)])
        if playoff != "off":  # "During a playoff the highest rated team picks first"
            s.chooser = playoff
            begin(s, "end_zone", playoff)
        return s

    # ------------------------------------------------------------------ the contract
    def legal_actions(self, s: BowlState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        if p.chance is not None:
            return p.chance.outcomes(ordered=True)  # a roll-off's two d6 are each player's own
        if "number" in p.choice:
            n = p.choice["number"]
            return [f"{p.actor} {n['verb']} {v}" for v in range(n["min"], n["max"] + 1)]
        multi = p.choice["multi"]
        items, k = multi["items"], multi
        if multi["min"] == multi["max"]:  # the starters: too many to list; a few examples
            return [
                f"{p.actor} {multi['verb']} {' '.join(items[i : i + k['min']])}"
                for i in range(len(items) - k["min"] + 1)
            ]
        out = [f"{p.actor} {multi['none']}"] if multi["min"] == 0 else []
        return out + [f"{p.actor} {multi['verb']} {x}" for x in items]

    def die_faces(self, kind: str) -> tuple[str, ...]:
        return {"d6": tuple("123456"), "d8": tuple("12345678")}.get(kind, ("ball", "blast"))

    # ------------------------------------------------------------------ what may be seen
    def public_view(self, s: BowlState, viewer: str | None, keys: tuple[str, ...] | None = None) -> dict:
        """Everything on the table; the dungeon hides nothing in the state (a chest's content
        does not exist until it opens), and the view is built from an allow-list all the same.
        ``keys``: only these (a computer seat that reads the teams alone)."""
        if keys is not None:
            whole = self.public_view(s, viewer)
            unknown = [key for key in keys if key not in whole]
            if unknown:
                raise ValueError(f"public_view: no public key {unknown[0]!r} (keys: {', '.join(whole)})")
            return {key: whole[key] for key in keys}
        teams = []
        for t in s.teams:
            teams.append(
                {
                    "seat": t.seat,
                    "end_zone": t.end_zone,
                    "touchdowns": t.touchdowns,
                    "dungeon": t.in_box(DUNGEON),
                    **{box: t.in_box(box) for box in BOXES},
                    "hurt": dict(t.hurt),
                    "apothecaries": t.apothecaries,
                    "igors": t.igors,
                    "apothecaries_used": t.apothecaries_used,
                    "igors_used": t.igors_used,
                    "extra_pits": t.extra_pits,
                    "traps_placed": t.traps_placed,
                    "status": {n: status(s, t, n) for n in sorted(t.where, key=int)},
                }
            )
        f = s.frames[-1]
        return {
            "game": GAME,
            "step": s.step,
            "doing": f.step,
            "turn": s.turn,
            "active": s.active or None,
            "chooser": s.chooser or None,
            "roll_off": list(s.roll_off),
            "teams": teams,
            "chests": [{"no": c.no, "state": c.state, "opener": c.opener or None} for c in s.chests],
            "chests_placed": s.chests_placed,
            "pads_placed": s.pads_placed,
            "traps": [{"no": t.no, "owner": t.owner, "face": t.face or "hidden"} for t in s.traps],
            "ball": s.ball,
            "ball_at": ball_at(s),
            "ball_held_since": s.held_since if s.ball not in ("chest", "ground") else None,
            "actors": list(s.actors),
            "down_since": dict(s.down_since),
            "last_turn": dict(s.last_turn),
            "dugout": s.dugout or None,
            "acted": s.acted,
            "turnover": s.turnover,
            "teleports": dict(s.teleports),
            "last": dict(s.last),
            "edition": self.pack.pack.edition,
            "over": s.over,
            "winner": s.winner or None,
        }

    def why_not_now(self, s: BowlState, words: list[str]) -> tuple[str, str] | None:
        return why_not_now(self, s, words)

    def referee_view(self, s: BowlState) -> dict:
        """Everything: the dungeon hides nothing in the state, so it is the public view."""
        return self.public_view(s, None)

    def summary(self, s: BowlState) -> dict:
        return {
            "game": GAME,
            "players": ["p1", "p2"],
            "scores": {t.seat: t.touchdowns for t in s.teams},
            "over": s.over,
            "winner": s.winner or None,
            "draw": False,
            "turn": s.turn,
            "active": s.active or None,
            "ball": s.ball,
            "chests_closed": sum(c.state == "closed" for c in s.chests),
            "traps_hidden": sum(not t.face for t in s.traps),
            "dugout": {t.seat: {box: len(t.in_box(box)) for box in (DUNGEON, *BOXES)} for t in s.teams},
        }

    def status_line(self, s: BowlState) -> str:
        if s.over:
            return f"game over | {s.winner} wins | turn {s.turn}"
        if not s.active:
            return f"set-up: {s.step.replace('_', ' ')}"
        closed = sum(c.state == "closed" for c in s.chests)
        dug = " ".join(
            f"{t.seat} {len(t.in_box(DUNGEON))}/{len(t.in_box('reserves'))}r/{len(t.in_box('ko'))}ko/"
            f"{len(t.in_box('cas'))}cas"
            for t in s.teams
        )
        return f"turn {s.turn} {s.active} | ball {s.ball} | chests closed {closed} | {dug}"


DOWN = {"prone": "prone", "stunned": "stunned", "pit": "in a pit"}


def status(s: BowlState, team, number: str) -> str:
    """A player as the referee sees him: standing, prone, stunned or in a pit in the dungeon,
    else the dug-out box he is in (reserves, ko, cas)."""
    box = team.where[number]
    if box != DUNGEON:
        return box
    return DOWN.get(s.down.get(player_id(team.seat, number), ""), "standing")


def ball_at(s: BowlState) -> dict:
    """Where the ball is: in one of the closed chests (not found yet), on the ground (the
    coaches know the square; the device keeps no board), or held, and by whom."""
    if s.ball == "chest":
        return {"where": "chest", "holder": None, "chests": [c.no for c in s.chests if c.state == "closed"]}
    if s.ball == "ground":
        return {"where": "ground", "holder": None, "chests": []}
    return {"where": "held", "holder": s.ball, "chests": []}


STAT_KEYS = (
    "turns",
    "turnovers",
    "chests_opened",
    "teleports",
    "chain_reactions",
    "lost_in_space",
    "double_teleport_injuries",
    "pit_fake",
    "pit_pit",
    "pit_spiked",
    "armour_rolls",
    "armour_broken",
    "injury_stunned",
    "injury_ko",
    "injury_casualty",
    "scatter_rerolls",
    "teleported_in",
    "sponges",
)


def sim_stats(engine: Dungeonbowl, state: BowlState) -> dict:
    """One finished game's own statistics for the sim: chests opened, teleports, lost in space,
    pit results and the rest, plus the turn the ball was found."""
    out = {key: state.stats.get(key, 0) for key in STAT_KEYS}
    out["mean_turns"] = state.turn
    out["mean_chests_opened"] = state.stats.get("chests_opened", 0)
    out["mean_ball_found_turn"] = state.stats.get("ball_found_turn", 0)
    out["concede_rate"] = int(state.over and state.team(state.winner).touchdowns == 0)
    return out
