"""Simulate whole games of any registered game with its computer players and digital dice.

The summary's keys are the same for every game, in this order: ``game``, ``seed``, ``policy``,
``players``, ``games``, ``seconds``, ``games_per_second``, ``actions_per_second``,
``mean_actions_per_game``, ``wins`` (per seat), ``draws``, ``decision_ms`` (per seat: the
``mean``, ``p95`` and ``max`` milliseconds a computer took to choose), then the game's own
statistics.

A game's own statistics come from its registry entry (``GameType.stats``, a function
``(engine, state) -> dict`` called on each finished game) and are combined over the games by
their names: a key starting with ``mean_`` is averaged over the games (3 decimals), a key
ending in ``_rate`` too (a fraction of games, 4 decimals), any other number is summed, and any
other value (a level's name) is kept when every game agrees on it.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import GameType, get_game, load_object
from companion.engine.runner import play_out

SCHEMA = (
    "game",
    "seed",
    "policy",
    "players",
    "games",
    "seconds",
    "games_per_second",
    "actions_per_second",
    "mean_actions_per_game",
    "wins",
    "draws",
    "decision_ms",
)

MIXED = object()  # a statistic the games disagree on: left out of the summary


@dataclass
class SimSummary:
    game: str
    policy: str
    seed: int
    players: int = 2
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)  # seat -> seconds per decision
    own: dict[str, Any] = field(default_factory=dict)  # the game's statistics, combined so far

    def add_own(self, stats: dict[str, Any]) -> None:
        """Combine one game's own statistics into the totals (see the module's docstring)."""
        for key, value in stats.items():
            if isinstance(value, bool):
                value = int(value)
            if key not in self.own:
                self.own[key] = value
            elif isinstance(value, (int, float)) and isinstance(self.own[key], (int, float)):
                self.own[key] += value
            elif self.own[key] != value:
                self.own[key] = MIXED

    def own_stats(self) -> dict[str, Any]:
        games = max(self.games, 1)
        out: dict[str, Any] = {}
        for key, value in self.own.items():
            if value is MIXED:
                continue
            if key.startswith("mean_"):
                out[key] = round(value / games, 3)
            elif key.endswith("_rate"):
                out[key] = round(value / games, 4)
            else:
                out[key] = value
        return out

    def as_dict(self) -> dict:
        secs = max(self.seconds, 1e-9)
        out = {
            "game": self.game,
            "seed": self.seed,
            "policy": self.policy,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / secs, 2),
            "actions_per_second": round(self.actions / secs, 1),
            "mean_actions_per_game": round(self.actions / max(self.games, 1), 1),
            "wins": dict(self.wins),
            "draws": self.draws,
            "decision_ms": {seat: decision_ms(times) for seat, times in self.times.items()},
        }
        for key, value in self.own_stats().items():
            out.setdefault(key, value)
        return out

    def text(self) -> str:
        d = self.as_dict()
        wins = ", ".join(f"{seat} {n}" for seat, n in d["wins"].items())
        own = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in d.items() if k not in SCHEMA)
        times = ", ".join(
            f"{seat} {t['mean']:.2f}/{t['p95']:.2f}/{t['max']:.2f}" for seat, t in d["decision_ms"].items()
        )
        return (
            f"{d['games']} games of {d['game']} ({d['players']} players, {d['policy']} policy, seeds "
            f"{self.seed}..{self.seed + self.games - 1}) in {d['seconds']:.2f} s: "
            f"{d['games_per_second']} games/s, {d['actions_per_second']:.0f} actions/s, "
            f"{d['mean_actions_per_game']} actions per game\n"
            f"wins {wins}, draws {d['draws']}\n"
            f"decision ms (mean/p95/max): {times}" + (f"\n{own}" if own else "")
        )


def decision_ms(times: list[float]) -> dict[str, float]:
    """The mean, 95th percentile and longest of a seat's decision times, in milliseconds."""
    if not times:
        return {"mean": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "mean": round(1000 * sum(ordered) / len(ordered), 3),
        "p95": round(1000 * p95, 3),
        "max": round(1000 * ordered[-1], 3),
    }


class Timed:
    """A computer player that keeps how long each of its decisions took (``times``, seconds);
    it offers ``view_keys`` and ``choose`` exactly when the player it wraps does."""

    def __init__(self, policy, times: list[float]):
        self.policy, self.times = policy, times
        if hasattr(policy, "view_keys"):
            self.view_keys = policy.view_keys
        if hasattr(policy, "choose"):
            self.choose = self._choose

    def __call__(self, engine, view, prompt) -> str:
        started = time.perf_counter()
        action = self.policy(engine, view, prompt)
        self.times.append(time.perf_counter() - started)
        return action

    def _choose(self, engine, state, prompt) -> str:
        started = time.perf_counter()
        action = self.policy.choose(engine, state, prompt)
        self.times.append(time.perf_counter() - started)
        return action


def computer_seats(game: GameType, seats: dict[str, str], default: str) -> dict[str, str]:
    """Seat -> policy name for a game with no person at the table: every seat in ``seats``
    (already checked by ``GameType.seat_kinds``) a computer, playing ``default`` unless it
    names another policy."""
    if default not in game.policy_names():
        game.load_policy(default)  # raises, naming the game's policies
    chosen = {}
    for seat, kind in seats.items():
        if kind == "human":
            raise ValueError(
                f"--seat {seat}=human: a simulation has no person at the table; "
                f"give {seat}=computer or {seat}=computer:POLICY"
            )
        chosen[seat] = kind.partition(":")[2] or default
    return chosen


def simulate(
    game: str,
    games: int,
    seed: int,
    policy: str | None = None,
    pack: str = "default",
    options: dict | None = None,
    on_game=None,
    progress: bool | None = None,
) -> SimSummary:
    """Play ``games`` games, game i with seed ``seed + i`` and every seat a computer player;
    ``on_game(engine, state, header, actions)`` sees each finished game (the conformance tests
    check invariants through it). Seats that play the same policy share one player per game,
    so a game's moves depend only on its seed. ``progress``: a bar on stderr (default: when
    stderr is a terminal)."""
    if games < 1:
        raise ValueError(f"games: must be 1 or more, not {games}")
    kind = get_game(game)
    options = dict(options or {})
    players = options.get("players", kind.default_players())
    seat_names = kind.seats(kind.check_players(players))
    named = kind.seat_kinds(options.get("seats", {}), players)
    default = policy or (kind.policy_names() or ("",))[0]
    chosen = computer_seats(kind, named, default)
    per_seat = {seat: chosen.get(seat, default) for seat in seat_names} | kind.implied_computers(options)
    engine = kind.load_engine(pack)
    stats = load_object(kind.stats) if kind.stats else None
    label = default if len(set(per_seat.values())) == 1 else " ".join(f"{s}={p}" for s, p in per_seat.items())
    summary = SimSummary(
        game=game,
        policy=label,
        seed=seed,
        players=players,
        wins={seat: 0 for seat in seat_names},
        times={seat: [] for seat in per_seat},
    )
    classes = {name: kind.load_policy(name) for name in dict.fromkeys(per_seat.values())}
    bar = _progress_bar(games, game, progress)
    started = time.perf_counter()
    try:
        for i in range(games):
            game_seed = seed + i
            header = Header(game, pack=pack, seed=game_seed, options=dict(options))
            state = engine.new_state(header)
            made = {name: cls(game_seed) for name, cls in classes.items()}
            actions = play_out(
                engine,
                state,
                {seat: Timed(made[name], summary.times[seat]) for seat, name in per_seat.items()},
                SeededDice(game_seed),
            )
            result = engine.summary(state)
            summary.games += 1
            summary.actions += len(actions)
            winner = result.get("winner")
            if winner is None or result.get("draw"):
                summary.draws += 1
            else:
                summary.wins[winner] = summary.wins.get(winner, 0) + 1
            if stats is not None:
                summary.add_own(stats(engine, state))
            if on_game is not None:
                on_game(engine, state, header, actions)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - started
    return summary


def _progress_bar(games: int, game: str, wanted: bool | None):
    """A tqdm bar on stderr when stderr is a terminal (or when asked); None otherwise."""
    if wanted is None:
        wanted = sys.stderr.isatty()
    if not wanted:
        return None
    from tqdm import tqdm

    return tqdm(total=games, desc=game, unit="game", file=sys.stderr, dynamic_ncols=True)
