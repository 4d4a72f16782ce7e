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

from collections.abc import Callable
from functools import lru_cache

import msgspec

from companion.engine.core import ChanceSpec, Header, IllegalAction, Prompt
from companion.games.dungeon_ball import flow, solo
from companion.games.dungeon_ball.abilities import Abilities
from companion.games.dungeon_ball.field import Field
from companion.games.dungeon_ball.pack import LETTER_TO_COLOUR, MAX_CLOCK, DungeonBallPack, board_cells, load_pack
from companion.games.dungeon_ball.state import GameState, PlayerState, dumps, loads

GAME = "dungeon-ball"
STAT_KEYS = ("touchdowns", "field_goals", "fg_attempts", "extra_points", "two_points", "punts",
             "turnovers", "hail_marys", "onside_kicks", "onside_recovered")

# step -> (prompt, act, rule quoted when an action is refused)
Step = tuple[Callable, Callable, str]
STEPS: dict[str, Step] = {
    "team": (flow.team_prompt, flow.team_act, "Setup, 4: choose a team"),
    "call_coin": (flow.call_coin_prompt, flow.call_coin_act, "Setup, 5: the younger player calls the toss"),
    "coin": (flow.coin_prompt, flow.coin_act, "Setup, 5: flip a coin"),
    "elect": (flow.elect_prompt, flow.elect_act, "Setup, 5: the toss winner chooses offense or defense"),
    "endzone": (flow.endzone_prompt, flow.endzone_act, "Setup, 6: the player starting on defense picks the end zone"),
    "kicking": (flow.kicking_prompt, flow.kicking_act, "How to kick: choose skill or luck before the game"),
    "huddle": (flow.huddle_prompt, flow.huddle_act, "Punting / Field goals / Hail Mary passes"),
    "defense_card": (flow.defense_card_prompt, flow.defense_card_act, "On a turn, 1: the defense selects a card"),
    "pawn": (flow.pawn_prompt, flow.pawn_act,
             "On a turn, 2: move the pawn to a directly adjacent play; never stay, never diagonally"),
    "roll": (flow.roll_prompt, flow.roll_act, "On a turn, 4: roll the offense dice"),
    "keep": (flow.keep_prompt, flow.keep_act, "On a turn, 5: at most two rolls; time icons cannot be rerolled"),
    "conversion": (flow.conversion_prompt, flow.conversion_act, "Extra points"),
    "toss": (flow.toss_prompt, flow.toss_act, "How to kick: skill-based"),
    "onside_choice": (flow.onside_prompt, flow.onside_act, "Onside kicks"),
    "ai_teams": (solo.teams_prompt, solo.teams_act, "Solo mode, level V: any two teams"),
    "ai_remove": (solo.remove_prompt, solo.remove_act, "Solo mode: randomly remove six cards per team"),
    "ai_draw": (solo.draw_prompt, solo.draw_act, "Solo mode: draw the top card of the AI deck"),
}


def _ai(pid_of: Callable[[GameState], str]) -> Callable[[GameState], bool]:
    return lambda s: bool(s.solo) and s.solo["ai"] == pid_of(s)


# Steps that run by themselves when their condition holds: nobody is asked.
AUTO_STEPS: dict[str, tuple[Callable[[DungeonBall, GameState], bool], Callable]] = {
    "resolve": (lambda g, s: True, flow.resolve_auto),
    "ai_resolve": (lambda g, s: True, solo.resolve_auto),
    "ai_deck": (lambda g, s: True, solo.deck_auto),
    "huddle": (lambda g, s: _AI_OFFENSE(s) or len(flow.huddle_options(g, s)) == 1, flow.huddle_decide),
    "elect": (lambda g, s: _AI_SCORER(s), flow.elect_auto),
    "endzone": (lambda g, s: _AI_DEFENSE_STARTER(s), flow.endzone_auto),
    "keep": (lambda g, s: _AI_OFFENSE(s), solo.keep_auto),
    "conversion": (lambda g, s: _AI_SCORER(s), solo.conversion_auto),
    "onside_choice": (lambda g, s: _AI_SCORER(s), flow.onside_auto),
}
_AI_OFFENSE = _ai(lambda s: s.offense)
_AI_SCORER = _ai(lambda s: s.scorer)
_AI_DEFENSE_STARTER = _ai(lambda s: s.started_on_defense)
PARAMETRIC_CHECKS = {"keep": flow.keep_check}


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
        self.toss_spec = ChanceSpec("toss", ("good", "no-good"), 1, die="toss", weights=(p, 1.0 - p))
        self.abilities = Abilities(self)
        self._white_faces = tuple(loaded.dice["white"].faces)

    # ------------------------------------------------------------------ helpers for procedures
    @lru_cache(maxsize=16)
    def white_spec(self, count: int) -> ChanceSpec:
        return ChanceSpec("roll", self._white_faces, count, die="white")

    def attacking(self, s: GameState) -> str:
        return Field.attacking(s.player(s.offense).end_zone)

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
        self._apply_options(s, header.options)
        if "solo" in header.options:
            solo.setup(self, s, header.options["solo"])
            if s.player(solo.HUMAN).team:
                s.step = solo.after_teams(s)
        self._settle(s, [])
        return s

    def _apply_options(self, s: GameState, options: dict) -> None:
        """Header options: teams and kicking modes settled in advance, and ``clock_start``, a
        shorter clock for a quick game (a house rule; the pack's clock otherwise)."""
        unknown = set(options) - {"teams", "kicking", "clock_start", "solo"}
        if unknown:
            raise ValueError(f"options: unknown option(s) {', '.join(sorted(unknown))} "
                             "(known: teams, kicking, clock_start, solo)")
        _check_option_types(options)
        if "clock_start" in options:
            clock = options["clock_start"]
            if not isinstance(clock, int) or isinstance(clock, bool) or not 1 <= clock <= MAX_CLOCK:
                raise ValueError(f"options.clock_start: must be a whole number from 1 to {MAX_CLOCK}, not {clock!r}")
            s.clock = s.clock_start = clock
        teams = options.get("teams", {})
        kicking = options.get("kicking", {})
        for pid in ("p1", "p2"):
            if pid in teams:
                team = teams[pid]
                if team not in self.pack.teams_by_id:
                    raise ValueError(f"options.teams.{pid}: no team {team!r} in the pack "
                                     f"(teams: {', '.join(self.pack.teams_by_id)})")
                if any(p.team == team for p in s.players):
                    raise ValueError(f"options.teams.{pid}: both players cannot take team {team!r}")
                flow.set_team(self, s, pid, team, [])
            if pid in kicking:
                if kicking[pid] not in ("skill", "luck"):
                    raise ValueError(f"options.kicking.{pid}: must be 'skill' or 'luck', not {kicking[pid]!r}")
                s.player(pid).kicking = kicking[pid]
        if all(p.team for p in s.players):
            s.step = "call_coin"
        if "solo" in options and "p2" in teams:
            raise ValueError("options.teams.p2: the solo AI has no team of ability cards")

    def prompt(self, s: GameState) -> Prompt:
        if s.stack:
            return self._frame_prompt(s, s.stack[-1])
        if s.over:
            return Prompt("", "over", f"game over: {s.winner} wins", ())
        p = STEPS[s.step][0](self, s)
        assert p is not None, f"step {s.step} has no decision"
        return p

    def _frame_prompt(self, s: GameState, frame: dict) -> Prompt:
        proc = frame["proc"]
        a = self.abilities
        if proc == "window":
            p = a.window_prompt(s, frame)
            assert p is not None
            return p
        if proc == "pick":
            return a.pick_prompt(s, frame)
        if proc == "effect_roll":
            return a.effect_roll_prompt(s, frame)
        return a.defense_roll_prompt(s, frame)

    def apply(self, s: GameState, action: str, prompt: Prompt | None = None) -> list[dict]:
        """Apply one action. ``prompt`` may pass in ``self.prompt(s)`` just computed, to save
        computing it twice in tight loops."""
        return self.apply_and_prompt(s, action, prompt)[0]

    def apply_and_prompt(self, s: GameState, action: str, prompt: Prompt | None = None
                         ) -> tuple[list[dict], Prompt | None]:
        """``apply``, then the next prompt (None when the game is over), in one step: the
        prompt is what ``self.prompt(s)`` would return, computed once. For simulation loops."""
        words = action.split()
        if len(action) != sum(map(len, words)) + len(words) - 1:
            action = " ".join(words)   # extra spaces typed or read from a file
        if s.over:
            raise IllegalAction(action, "the game is over", "Final play of a half, end of game")
        p = prompt or self.prompt(s)
        if not words:
            raise IllegalAction(action, "empty action")
        if words[0] != p.actor:
            raise IllegalAction(action, f"it is {p.actor}'s turn: {p.text}", "turn order")
        self._check(s, p, words, action)
        ev: list[dict] = []
        if s.stack:
            self._frame_act(s, s.stack[-1], words, ev)
        else:
            STEPS[s.step][1](self, s, words, ev)
        window_options = self._settle(s, ev)
        if s.over:
            return ev, None
        if window_options:
            return ev, self.abilities.window_prompt(s, s.stack[-1], window_options)
        return ev, self.prompt(s)

    def _check(self, s: GameState, p: Prompt, words: list[str], action: str) -> None:
        """Raise IllegalAction unless ``action`` answers prompt ``p``; nothing is changed."""
        if p.options is not None:
            if action in p.options:
                return
            raise IllegalAction(action, self._explain(s, p, words), self._rule(s))
        if p.chance is not None:
            spec = p.chance
            if len(words) < 2 or words[1] != spec.verb:
                raise IllegalAction(action, f"chance must answer with '{spec.verb}': {p.text}", self._rule(s))
            values = words[2:]
            if len(values) != spec.count:
                raise IllegalAction(action, f"expected {spec.count} value(s) for {p.text}, got {len(values)}",
                                    self._rule(s))
            faces = set(spec.faces)
            if spec.distinct and len(set(values)) != len(values):
                raise IllegalAction(action, f"each {spec.die} card can be named once", self._rule(s))
            for v in values:
                if v not in faces and spec.die == "ai-deck":
                    raise IllegalAction(action, f"{v!r} is not among the AI cards that can be taken now "
                                                f"({len(faces)} available)", self._rule(s))
                if v not in faces:
                    raise IllegalAction(action, f"{v!r} is not a face of the {spec.die} die "
                                                f"({', '.join(sorted(faces))})", self._rule(s))
            return
        if s.stack:
            reason = self.abilities.pick_check(s, s.stack[-1], words)
        else:
            reason = PARAMETRIC_CHECKS[s.step](self, s, words)
        if reason:
            raise IllegalAction(action, reason, self._rule(s))

    def _rule(self, s: GameState) -> str:
        if s.stack:
            return "When to play a card" if s.stack[-1]["proc"] == "window" else "Ability cards"
        return STEPS[s.step][2]

    def _explain(self, s: GameState, p: Prompt, words: list[str]) -> str:
        verb = words[1] if len(words) > 1 else ""
        if s.stack and s.stack[-1]["proc"] == "window":
            frame = s.stack[-1]
            if verb == "card" and len(words) == 3:
                why = self.abilities.why_not(s, words[0], words[2], frame["kind"])
                if why:
                    return why[0]
            if verb in ("juke", "big-hit"):
                if frame["kind"] == "whistle":
                    return "Juke and Big Hit are played after the offense rolls"
                return f"{verb} is not available now (once per play, paid in momentum, offense Juke, defense Big Hit)"
        if s.step == "pawn" and not s.stack and verb == "move" and len(words) == 3:
            here = s.player(s.offense).pawn
            return f"the pawn on {here} cannot move {words[2]}: that is off the board or not a direction"
        if s.step == "huddle" and not s.stack:
            if verb == "punt":
                return "a punt is chosen on fourth down only, before selecting a play"
            if verb == "field-goal":
                return "field goals are kicked from on or past the field-goal circle near the opponent's end zone"
            if verb in ("hail-mary", "kneel"):
                return "only the one more play after time runs out can be a Hail Mary or a kneel"
        shown = ", ".join(p.options[:12]) + (" ..." if len(p.options) > 12 else "")
        return f"not a legal choice now ({p.text}); legal: {shown}"

    def _frame_act(self, s: GameState, frame: dict, w: list[str], ev: list[dict]) -> None:
        a = self.abilities
        proc = frame["proc"]
        if proc == "window":
            a.window_act(s, frame, w, ev)
        elif proc == "pick":
            a.pick_act(s, frame, w, ev)
        elif proc == "effect_roll":
            a.effect_roll_act(s, frame, w, ev)
        else:
            a.defense_roll_act(s, frame, w, ev)

    def _settle(self, s: GameState, ev: list[dict]) -> list[str] | None:
        """Run the steps that need no decision until someone must decide; return the options
        of the card window where it stopped, if it stopped at one."""
        while not s.over:
            if s.stack:
                frame = s.stack[-1]
                if frame["proc"] == "window":
                    options = self.abilities.window_options(s, frame)
                    if not options:
                        self.abilities.window_pass(s, frame, ev)
                        continue
                    return options
                return None
            step = s.step
            auto = AUTO_STEPS.get(step)
            if auto is not None and auto[0](self, s):
                auto[1](self, s, ev)
            else:
                return None
        return None

    def legal_actions(self, s: GameState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        if p.chance is not None:
            spec = p.chance
            faces = sorted(set(spec.faces))
            return [spec.outcome(list(c)) for c in _products(faces, spec.count)]
        if s.stack:
            return self.abilities.pick_legal(s, s.stack[-1])
        return flow.keep_legal(self, s)

    def is_over(self, s: GameState) -> bool:
        return s.over

    # ------------------------------------------------------------------ serialisation and views
    def to_json(self, s: GameState) -> bytes:
        return dumps(s)

    def from_json(self, data: bytes | str) -> GameState:
        return loads(data)

    def public_view(self, s: GameState, viewer: str | None) -> dict:
        """The state as ``viewer`` may see it: the unrevealed defense card and the other
        player's face-down ability cards are hidden (``viewer=None``: a spectator)."""
        view = msgspec.to_builtins(s)
        play = view.get("play")
        if play and play["defense_card"] and not play["revealed"] and viewer != s.defense:
            play["defense_card"] = "hidden"
        for p in view["players"]:
            if p["id"] != viewer:
                p["hand"] = len(p["hand"])
        if view.get("solo"):
            view["solo"] = self.solo_public(s)
        return view

    def solo_public(self, s: GameState) -> dict:
        """The AI deck as the player may see it: how many cards are left, not their order."""
        d = s.solo
        card = self.pack.ai_cards.get(d["card"])
        return {"ai": d["ai"], "level": d["level"], "teams": d["teams"], "draw": len(d["draw"]),
                "discard": list(d["discard"]), "last_card": msgspec.to_builtins(card) if card else None}

    def summary(self, s: GameState) -> dict:
        return {
            "game": GAME,
            "score": {p.id: p.score for p in s.players},
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
        return (f"{period} | {down} | ball {s.ball} ({to_go} to go, {self.field.colours[s.ball]}) | "
                f"{s.offense} has the ball | score p1 {p1.score} - {p2.score} p2 | "
                f"momentum p1 {p1.momentum} p2 {p2.momentum}")


def _products(faces: list[str], count: int) -> list[tuple[str, ...]]:
    """Distinct multisets of ``count`` faces: enough to enumerate every chance outcome's kind."""
    from itertools import combinations_with_replacement

    return list(combinations_with_replacement(faces, count))


__all__ = ["DungeonBall", "GAME"]
