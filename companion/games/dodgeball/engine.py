"""The Dodgeball Card Game's engine: the Engine contract (companion/engine/core.py) over the
shared step machine. The rules are the steps: setup.py (teams, draft, deal), duel.py and
reveal.py (cards face down, DECEIVE, the rush), throws.py (outcomes and stray balls),
turns.py (organise, throw, retreat, counter-attack), cards.py (hands and draws).

    >>> from companion.engine.core import Header
    >>> g = Dodgeball()
    >>> s = g.new_state(Header("dodgeball", options={"teams": {"p1": "falcons", "p2": "moles"}}))
    >>> g.prompt(s).chance.private
    'p1'
"""

from __future__ import annotations

from itertools import combinations

from companion.engine.core import Header, Prompt
from companion.engine.steps import QUIET, StepEngine
from companion.games.dodgeball import cards, duel, setup, turns
from companion.games.dodgeball.pack import DodgeballPack, load_pack
from companion.games.dodgeball.state import OUT, Coach, DodgeState
from companion.games.dodgeball.view import public_view, referee_view

GAME = "dodgeball"
FLAGS = ("abilities", "group_throws", "counter_attack", "mascots", "coach_cards", "draft", "build")
STEPS = {
    "setup": setup.Setup(),
    "deal": cards.Deal(),
    "draw": cards.Draw(),
    "duel": duel.DuelChoices(),
    "turn": turns.Turn(),
    "counter": turns.Counter(),
    "over": turns.Over(),
}


class Dodgeball(StepEngine):
    """One engine per content pack; states are separate plain data."""

    name = GAME
    state_type = DodgeState
    steps = STEPS
    load_pack = staticmethod(load_pack)
    over_rule = STEPS["over"].rule
    pack: DodgeballPack

    def __init__(self, pack: str = "default", loaded: DodgeballPack | None = None, digest: str = ""):
        super().__init__(pack, loaded, digest)
        self._acts = {name: step.act for name, step in self.machine.steps.items()}  # looked up once
        self._settle = self.machine.settle

    def advance(self, s: DodgeState, action: str, prompt: Prompt) -> Prompt | None:
        """``apply_trusted`` without the events, for a simulation that reads none: the same
        state and next prompt. The steps are handed ``QUIET`` and skip their costlier events."""
        f = s.frames[-1]
        self._acts[f.step](self, s, f, action.split(), QUIET)
        return self._settle(self, s, QUIET)

    # ------------------------------------------------------------------ the contract
    def new_state(self, header: Header) -> DodgeState:
        o = dict(header.options)
        players = o.pop("players", 2)
        o.pop("seats", None)
        if players != 2 or isinstance(players, bool):
            raise ValueError(f"options.players: the Dodgeball Card Game is for 2 coaches, not {players!r}")
        cards_mode = o.pop("cards", "digital")
        if cards_mode not in ("digital", "table"):
            raise ValueError(f'options.cards: must be "digital" or "table", not {cards_mode!r}')
        flags = {}
        for key in FLAGS:
            flags[key] = o.pop(key, False)
            if not isinstance(flags[key], bool):
                raise ValueError(f"options.{key}: must be true or false, not {flags[key]!r}")
        limit = o.pop("star_limit", self.pack.rules.star_limit)
        if not isinstance(limit, int) or isinstance(limit, bool) or not 6 <= limit <= 60:
            raise ValueError(f"options.star_limit: must be a whole number from 6 to 60, not {limit!r}")
        teams = o.pop("teams", None)
        if isinstance(teams, str):  # --option teams=falcons,moles
            named = [t.strip() for t in teams.split(",")]
            teams = dict(zip(("p1", "p2"), named)) if len(named) == 2 else teams
        if o:
            raise ValueError(
                f"options: unknown option(s) {', '.join(sorted(o))} (known: players, seats, "
                f"cards, {', '.join(FLAGS)}, star_limit, teams)"
            )
        s = DodgeState([Coach("p1"), Coach("p2")], cards=cards_mode, star_limit=limit, **flags)
        self._check_teams(s, teams)
        if teams:
            for seat in ("p1", "p2"):
                setup.set_team(self, s, seat, teams[seat])
            setup.begin(self, s)
        elif s.draft and s.build:
            raise ValueError("options.build: teams are either drafted or built, not both")
        elif s.draft:
            s.frames[0].data = {"stage": "captain", "turn": 0}
        elif s.build:
            s.pool = [p.id for p in self.pack.players]
            s.frames[0].data = {"stage": "pick", "turn": 0}
        elif not any(setup.team_fits(self, s, t.id) for t in self.pack.teams):
            raise ValueError(f"options.star_limit: no team of the pack fits {limit} stars; draft the teams")
        return s

    def _check_teams(self, s: DodgeState, teams) -> None:
        if teams is None:
            return
        if s.draft or s.build:
            raise ValueError(
                "options.teams: teams are drafted or built (options draft, build); do not name them"
            )
        if not isinstance(teams, dict) or sorted(teams) != ["p1", "p2"]:
            raise ValueError(f"options.teams: must name a team for p1 and p2, not {teams!r}")
        for seat, team in teams.items():
            if not isinstance(team, str) or team not in self.pack.by_team:
                raise ValueError(
                    f"options.teams.{seat}: no team {team!r} (teams: {', '.join(self.pack.by_team)})"
                )
            if not setup.team_fits(self, s, team):
                raise ValueError(f"options.teams.{seat}: {team} is over the star limit of {s.star_limit}")
        if teams["p1"] == teams["p2"]:
            raise ValueError("options.teams.p2: both coaches cannot play the same team")

    def legal_actions(self, s: DodgeState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        multi = p.choice.get("multi")
        if multi:  # the rush line: every pair of players
            return [
                " ".join((p.actor, multi["verb"], *c)) for c in combinations(multi["items"], multi["max"])
            ]
        return p.chance.outcomes()

    def public_view(self, s: DodgeState, viewer: str | None, keys=None) -> dict:
        return public_view(self, s, viewer)

    def referee_view(self, s: DodgeState) -> dict:
        return referee_view(self, s)

    def why_not_now(self, s: DodgeState, words: list[str]) -> tuple[str, str] | None:
        return turns.why_not_now(self, s, words)

    def summary(self, s: DodgeState) -> dict:
        return {
            "game": GAME,
            "players": ["p1", "p2"],
            "scores": {
                c.id: sum(s.other(c.id).zone.get(p) == OUT for p in s.other(c.id).players) for c in s.coaches
            },
            "over": s.over,
            "winner": s.winner or None,
            "draw": False,
            "turn": s.turn,
            "teams": {c.id: c.team for c in s.coaches},
            "on_court": {c.id: len(c.on_court()) for c in s.coaches},
        }

    def status_line(self, s: DodgeState) -> str:
        court = " - ".join(
            f"{c.id} {len(c.on_court())} on court, {c.balls_on_side()} balls" for c in s.coaches
        )
        if s.over:
            return f"game over | {s.winner} wins | {court}"
        if not s.active:
            return "setting the game" if s.step == "setup" else "opening rush"
        return f"turn {s.turn}: {s.active} | {court}"

    def die_faces(self, kind: str) -> tuple[str, ...]:
        if kind == "draft":
            return tuple(p.id for p in self.pack.players)
        return tuple(self.pack.by_card)
