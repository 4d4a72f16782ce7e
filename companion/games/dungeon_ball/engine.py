"""The Dungeon Ball engine: prompts, legal actions, ``apply``, views.

    >>> from companion.games.dungeon_ball.engine import DungeonBall
    >>> from companion.engine.core import Header
    >>> g = DungeonBall()
    >>> s = g.new_state(Header("dungeon-ball", seed=1))
    >>> g.prompt(s).options
    ('p1 team goblins', 'p1 team orcs', 'p1 team skeletons', 'p1 team trolls', 'p1 team slimes', 'p1 team minotaurs')
    >>> events = g.apply(s, "p1 team orcs")

Every decision goes through ``apply``: it checks the action against the current prompt, raises
``IllegalAction`` naming the rule and leaves the state untouched, or mutates the state and
returns the events. Steps that need nobody's decision run by themselves before ``apply``
returns, so ``prompt`` always names the next decision.
"""

from __future__ import annotations

import msgspec

from companion.engine.core import ChanceSpec, Header, Prompt
from companion.games.dungeon_ball import flow, rolls, solo
from companion.games.dungeon_ball.abilities import Abilities
from companion.games.dungeon_ball.field import Field
from companion.games.dungeon_ball.options import PLANNED, normalise
from companion.games.dungeon_ball.pack import (
    LETTER_TO_COLOUR,
    MAX_CLOCK,
    DungeonBallPack,
    board_cells,
    load_pack,
)
from companion.games.dungeon_ball.state import GameState, Play, PlayerState, dumps, loads
from companion.games.dungeon_ball.steps import DungeonBallMachine

GAME = "dungeon-ball"
STAT_KEYS = (
    "touchdowns",
    "field_goals",
    "fg_attempts",
    "extra_points",
    "two_points",
    "punts",
    "turnovers",
    "hail_marys",
    "onside_kicks",
    "onside_recovered",
)


def _check_option_types(options: dict) -> None:
    """Header options come from a file a person may edit: refuse a wrong shape by its key
    (``options.solo: must be a table``) before anything reads it."""
    tables = {"teams": ("p1", "p2"), "kicking": ("p1", "p2"), "solo": ("level", "teams")}
    for name, keys in tables.items():
        if name not in options:
            continue
        value = options[name]
        if not isinstance(value, dict):
            raise ValueError(f"options.{name}: must be a table like {{ {keys[0]} = ... }}, not {value!r}")
        for key, item in value.items():
            if key not in keys:
                raise ValueError(f"options.{name}.{key}: unknown key (known: {', '.join(keys)})")
            if name == "solo" and key == "teams":
                if not isinstance(item, list) or not all(isinstance(t, str) for t in item):
                    raise ValueError(f"options.solo.teams: must be a list of team names, not {item!r}")
            elif not isinstance(item, str):
                raise ValueError(f"options.{name}.{key}: must be a string, not {item!r}")


class DungeonBall:
    """One engine object per content pack; game states are separate plain data."""

    name = GAME

    def __init__(self, pack: str = "default", loaded: DungeonBallPack | None = None, digest: str = ""):
        if loaded is None:
            loaded, digest = load_pack(pack, GAME)
        self.pack = loaded
        self.pack_name = pack
        self.digest = digest
        self.rules = loaded.rules
        self.field = Field(loaded)
        self.face_icons = loaded.face_icons
        self.defense_by_id = loaded.defense_by_id  # read each play: a plain attribute is quicker
        # faces showing a time icon: set aside when rolled on a play
        self.time_faces = frozenset(face for face, icons in self.face_icons.items() if "time" in icons)
        # icon -> {face: how many of that icon the face shows}, for every icon a rule counts
        counted = {icon for icons in self.face_icons.values() for icon in icons}
        counted |= {req.icon for req in loaded.requirements.values()} | {"time", "lightning", "ball"}
        self.icon_tables = {
            icon: {face: icons.count(icon) for face, icons in self.face_icons.items()} for icon in counted
        }
        # icon -> ((face, how many of that icon it shows), ...) for the faces showing it (rolls.icon_count)
        self.icon_faces = {
            icon: tuple((f, n) for f, n in table.items() if n) for icon, table in self.icon_tables.items()
        }
        # requirement icon -> {face: its count of that icon + rolls.PAIR * its count of time}: a
        # play's result and its clock counted in one pass (rolls.icon_pair)
        time_table = self.icon_tables["time"]
        self.pair_tables = {
            icon: {face: n + rolls.PAIR * time_table[face] for face, n in self.icon_tables[icon].items()}
            for icon in {req.icon for req in loaded.requirements.values()}
        }
        # colour -> the icon its plays need (roll_need), read at every keep and pick of a player
        self.need_of_colour = {colour: req.icon for colour, req in loaded.requirements.items()}
        # the offense's roll, by kind and count of dice (keys a string and an int: no tuple built)
        self.roll_prompts: dict[str, dict[int, Prompt]] = {kind: {} for kind in flow.ROLLED_FOR}
        self.defense_card_prompts: dict[str, Prompt] = {}  # by seat
        self.pawn_prompts: dict[str, dict[str, Prompt]] = {"p1": {}, "p2": {}}  # by seat and cell
        # the huddle: by seat, whether in range, final play and down; None where it asks nobody
        self.huddle_prompts: dict[tuple[str, bool, bool, int], Prompt | None] = {}
        self.first_moves: dict[tuple[str, str], str] = {}  # solo: an AI card's move from a cell
        self.ai_texts: dict[tuple[str, str, str], str] = {}  # solo: a drawn AI card in words
        rows = loaded.board.rows
        self.board_cells = board_cells(rows)
        self.cell_colour = {cell: LETTER_TO_COLOUR[rows[r][c]] for cell, (r, c) in self.board_cells.items()}
        by_pos = {rc: cell for cell, rc in self.board_cells.items()}
        self.neighbours: dict[str, dict[str, str]] = {}
        for cell, (r, c) in self.board_cells.items():
            moves = {"up": (r - 1, c), "down": (r + 1, c), "left": (r, c - 1), "right": (r, c + 1)}
            self.neighbours[cell] = {d: by_pos[rc] for d, rc in moves.items() if rc in by_pos}
        self.black_spec = ChanceSpec("roll", tuple(loaded.dice["black"].faces), 1, die="black")
        p = loaded.rules.skill_kick_success
        # the skill toss is a real die thrown at the lid: the camera or a person judges it, no
        # digital die decides it (a simulation still answers it by these weights)
        self.toss_spec = ChanceSpec(
            "toss", ("good", "no-good"), 1, die="toss", weights=(p, 1.0 - p), digital=False
        )
        self.abilities = Abilities(self)
        self.machine = DungeonBallMachine()
        # the methods below, without a layer
        self.apply_trusted, self.advance = self.machine.fast_paths(self)
        self._white_faces = tuple(loaded.dice["white"].faces)
        # made once and kept by this engine (a cache on the class would keep every engine alive)
        self._white_specs: dict[int, ChanceSpec] = {}
        self._defense_options: dict[str, tuple[str, ...]] = {}
        self._move_options: dict[tuple[str, str], tuple[str, ...]] = {}

    # ------------------------------------------------------------------ helpers for procedures
    def white_spec(self, count: int) -> ChanceSpec:
        spec = self._white_specs.get(count)
        if spec is None:
            spec = self._white_specs[count] = ChanceSpec("roll", self._white_faces, count, die="white")
        return spec

    def defense_options(self, seat: str) -> tuple[str, ...]:
        """``<seat> defend <card>`` for every defense card: the same all game, made once."""
        options = self._defense_options.get(seat)
        if options is None:
            options = self._defense_options[seat] = tuple(
                f"{seat} defend {card.id}" for card in self.pack.defense_cards
            )
        return options

    def move_options(self, seat: str, cell: str) -> tuple[str, ...]:
        """``<seat> move <direction>`` for each way off ``cell``, made once per cell."""
        options = self._move_options.get((seat, cell))
        if options is None:
            options = self._move_options[seat, cell] = tuple(
                f"{seat} move {d}" for d in self.neighbours[cell]
            )
        return options

    def attacking(self, s: GameState) -> str:
        """The end zone the offense attacks (Field.attacking of the one it defends)."""
        players = s.players
        return "high" if (players[0] if s.offense == "p1" else players[1]).end_zone == "low" else "low"

    # ------------------------------------------------------------------ the contract
    def new_state(self, header: Header) -> GameState:
        r = self.rules
        start = self.pack.board.start
        s = GameState(
            players=[PlayerState(id=pid, momentum=r.momentum_start, pawn=start) for pid in ("p1", "p2")],
            clock=r.clock_start,
            clock_start=r.clock_start,
            stats={pid: dict.fromkeys(STAT_KEYS, 0) for pid in ("p1", "p2")},
        )
        options = normalise(header.options)
        self._apply_options(s, options)
        if "solo" in options and str(options["solo"].get("level", "")).upper() == PLANNED:
            pass  # level VII: a two-player game, the other side a computer seat (options.computers)
        elif "solo" in options:
            solo.setup(self, s, options["solo"])
            if s.player(solo.HUMAN).team:
                s.step = solo.after_teams(s)
        self._settle(s, [])
        return s

    def _apply_options(self, s: GameState, options: dict) -> None:
        """Header options (made into tables by options.normalise): teams and kicking modes
        settled in advance, and ``clock_start``, a shorter clock for a quick game (a house rule;
        the pack's clock otherwise)."""
        _check_option_types(options)
        if "clock_start" in options:
            clock = options["clock_start"]
            if not isinstance(clock, int) or isinstance(clock, bool) or not 1 <= clock <= MAX_CLOCK:
                raise ValueError(
                    f"options.clock_start: must be a whole number from 1 to {MAX_CLOCK}, not {clock!r}"
                )
            s.clock = s.clock_start = clock
        teams = options.get("teams", {})
        kicking = options.get("kicking", {})
        for pid in ("p1", "p2"):
            if pid in teams:
                team = teams[pid]
                if team not in self.pack.teams_by_id:
                    raise ValueError(
                        f"options.teams.{pid}: no team {team!r} in the pack "
                        f"(teams: {', '.join(self.pack.teams_by_id)})"
                    )
                if any(p.team == team for p in s.players):
                    raise ValueError(f"options.teams.{pid}: both players cannot take team {team!r}")
                flow.set_team(self, s, pid, team, [])
            if pid in kicking:
                s.player(pid).kicking = kicking[pid]
        if all(p.team for p in s.players):
            s.step = "call_coin"
        if "solo" in options and "p2" in teams and options["solo"].get("level") != PLANNED:
            raise ValueError("options.teams.p2: the solo AI has no team of ability cards")

    def prompt(self, s: GameState) -> Prompt:
        return self.machine.prompt(self, s)

    def apply(self, s: GameState, action: str, prompt: Prompt | None = None) -> list[dict]:
        """Apply one action. ``prompt`` may pass in ``self.prompt(s)`` just computed, to save
        computing it twice in tight loops."""
        return self.machine.apply(self, s, action, prompt)[0]

    def apply_and_prompt(
        self, s: GameState, action: str, prompt: Prompt | None = None
    ) -> tuple[list[dict], Prompt | None]:
        """``apply``, then the next prompt (None when the game is over), in one step: the
        prompt is what ``self.prompt(s)`` would return, computed once."""
        return self.machine.apply(self, s, action, prompt)

    def apply_trusted(self, s: GameState, action: str, prompt: Prompt) -> tuple[list[dict], Prompt | None]:
        """The fast path: ``action`` answers ``prompt`` by construction (one of its options, a
        built-in policy's choice, a dice source's outcome), so it is not checked."""
        return self.machine.apply_trusted(self, s, action, prompt)

    def advance(self, s: GameState, action: str, prompt: Prompt) -> Prompt | None:
        """``apply_trusted`` without the events, for a simulation that reads none: the same
        state and next prompt, no event built."""
        return self.machine.apply_trusted(self, s, action, prompt)[1]

    def _settle(self, s: GameState, ev: list[dict]) -> Prompt | None:
        """Run the steps that need no decision; the next prompt (None when the game is over)."""
        return self.machine.settle(self, s, ev)

    def legal_actions(self, s: GameState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        if p.chance is not None:
            return p.chance.outcomes()
        top = s.frames[-1]
        if top.step == "pick":
            return self.abilities.pick_legal(s, top.data)
        return flow.keep_legal(self, s)

    def die_faces(self, kind: str) -> tuple[str, ...]:
        """The faces of one of the pack's dice (``white``, ``black``), each once: what the
        camera's calibration asks for, face by face."""
        return tuple(dict.fromkeys(self.pack.dice[kind].faces))

    def is_over(self, s: GameState) -> bool:
        return s.over

    def automatic_seats(self, s: GameState) -> set[str]:
        """Seats no person holds: the solo opponent's AI deck (the device then has one person
        at the table, with nothing to pass)."""
        return {s.solo["ai"]} if s.solo else set()

    # ------------------------------------------------------------------ serialisation and views
    def to_json(self, s: GameState) -> bytes:
        return dumps(s)

    def from_json(self, data: bytes | str) -> GameState:
        return loads(data)

    def public_view(self, s: GameState, viewer: str | None, keys: tuple[str, ...] | None = None) -> dict:
        """The state as ``viewer`` may see it (``viewer=None``: a spectator), built key by key
        from ``VIEW`` (what may be seen), so a new field stays out until it is added there: the
        defense card is "hidden" from all but the defense until revealed, the other player's
        hand is a count, the AI deck's order is not shown. ``keys`` builds only those keys (a
        computer player reads a few, many times a game)."""
        if keys is None:
            keys = VIEW_KEYS
        try:
            view = {}
            for key in keys:  # a loop, not a comprehension: no call of its own for a key or two
                view[key] = VIEW[key](self, s, viewer)
            return view
        except KeyError:
            unknown = [key for key in keys if key not in VIEW]
            if not unknown:
                raise  # a KeyError inside a view builder: a bug, not a wrong key
            raise ValueError(f"public_view: no public key {unknown[0]!r} (keys: {', '.join(VIEW)})") from None

    def solo_public(self, s: GameState) -> dict:
        """The AI deck as the player may see it: how many cards are left, not their order."""
        d = s.solo
        card = self.pack.ai_cards.get(d["card"])
        return {
            "ai": d["ai"],
            "level": d["level"],
            "teams": d["teams"],
            "draw": len(d["draw"]),
            "discard": list(d["discard"]),
            "last_card": msgspec.to_builtins(card) if card else None,
        }

    def summary(self, s: GameState) -> dict:
        """Public: the common keys (``players``, ``scores``, ``over``, ``winner``, ``draw``: a
        Dungeon Ball game never ends drawn), then the game's own."""
        scores = {p.id: p.score for p in s.players}
        return {
            "game": GAME,
            "players": [p.id for p in s.players],
            "scores": scores,
            "draw": False,
            "score": dict(scores),
            "half": s.half,
            "overtime": s.overtime,
            "clock": s.clock,
            "down": s.down,
            "ball": s.ball,
            "possession": s.offense,
            "momentum": {p.id: p.momentum for p in s.players},
            "over": s.over,
            "winner": s.winner or None,
            "step": "over" if s.over else s.step,
            "stats": s.stats,
        }

    def status_line(self, s: GameState) -> str:
        p1, p2 = s.players
        if s.overtime:
            period = f"OT{s.overtime}"
        else:
            period = f"H{s.half} clock {s.clock}" + (" FINAL PLAY" if s.final_play else "")
        if not s.offense:
            return f"setup | {period} | p1 {p1.score} - {p2.score} p2"
        attacking = self.attacking(s)
        to_go = self.field.to_go(s.ball, attacking)
        down = "2-pt try" if s.conversion else f"down {s.down}"
        return (
            f"{period} | {down} | ball {s.ball} ({to_go} to go, {self.field.colours[s.ball]}) | "
            f"{s.offense} has the ball | score p1 {p1.score} - {p2.score} p2 | "
            f"momentum p1 {p1.momentum} p2 {p2.momentum}"
        )


def _player_view(p: PlayerState, own: bool) -> dict:
    return {
        "id": p.id,
        "momentum": p.momentum,
        "pawn": p.pawn,
        "team": p.team,
        "score": p.score,
        "hand": list(p.hand) if own else len(p.hand),
        "spent_half": list(p.spent_half),
        "discarded": list(p.discarded),
        "kicking": p.kicking,
        "end_zone": p.end_zone,
    }


def _play_view(play: Play, sees_defense: bool) -> dict:
    card = play.defense_card
    return {
        "kind": play.kind,
        "colour": play.colour,
        "defense_card": card if sees_defense or not card else "hidden",
        "revealed": play.revealed,
        "matched": play.matched,
        "dice": list(play.dice),
        "locked": list(play.locked),
        "gone": list(play.gone),
        "pending": list(play.pending),
        "rolls": play.rolls,
        "added": dict(play.added),
        "removed": dict(play.removed),
        "cancel_time": play.cancel_time,
        "juke_used": play.juke_used,
        "big_hit_used": play.big_hit_used,
        "touchdown": play.touchdown,
    }


def _field(name: str):
    return lambda g, s, viewer: getattr(s, name)


def _play_part(g: DungeonBall, s: GameState, viewer: str | None) -> dict | None:
    play = s.play
    return None if play is None else _play_view(play, play.revealed or viewer == s.defense)


# The public state, key by key, in the order views have always had (the allow-list).
VIEW = {
    "players": lambda g, s, viewer: [_player_view(p, p.id == viewer) for p in s.players],
    "step": _field("step"),
    "stack": lambda g, s, viewer: s.stack,
    **{
        name: _field(name)
        for name in (
            "half",
            "clock",
            "clock_start",
            "overtime",
            "ot_first",
            "ot_drives",
            "final_play",
            "offense",
            "ball",
            "down",
            "conversion",
            "scorer",
            "coin_call",
            "started_on_defense",
        )
    },
    "play": _play_part,
    "mods": lambda g, s, viewer: {
        "extra_dice": s.mods.extra_dice,
        "fewer_dice": s.mods.fewer_dice,
        "free_pawn": s.mods.free_pawn,
    },
    "winner": _field("winner"),
    "over": _field("over"),
    "stats": lambda g, s, viewer: {pid: dict(v) for pid, v in s.stats.items()},
    "solo": lambda g, s, viewer: g.solo_public(s) if s.solo else {},
}
VIEW_KEYS = tuple(VIEW)


def _roll_part(g: DungeonBall, s: GameState, viewer: str | None) -> dict | None:
    play = s.play
    return None if play is None else {"kind": play.kind, "colour": play.colour, "dice": list(play.dice)}


# A part of a public key that a computer player may ask for by name (``keys``), cheaper to
# build than the whole: not in the whole view, where its key holds it all. ``roll``: what kind
# of roll the play is, its colour and the dice showing (of ``play``).
VIEW["roll"] = _roll_part


def roll_need(g: DungeonBall, kind: str, colour: str) -> str | None:
    """The icon a roll of ``kind`` and ``colour`` needs: the ball for a Hail Mary or an onside
    kick, else its colour's (None before a colour is selected)."""
    return "ball" if kind in BALL_ROLLS else g.need_of_colour.get(colour)


BALL_ROLLS = frozenset(("hail_mary", "onside"))  # the rolls that need the ball


def _need_part(g: DungeonBall, s: GameState, viewer: str | None) -> str | None:
    play = s.play
    if play is None:
        return None
    return "ball" if play.kind in BALL_ROLLS else g.need_of_colour.get(play.colour)  # roll_need, inline


# ``need``: the icon the play's roll needs (of ``play``), all a computer player choosing dice
# reads besides the dice its prompt shows.
VIEW["need"] = _need_part


__all__ = ["DungeonBall", "GAME", "roll_need"]
