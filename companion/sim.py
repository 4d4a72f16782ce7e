"""Simulate whole games with built-in policies and digital dice, and summarise them."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games import get_engine


@dataclass
class SimSummary:
    game: str
    policy: str
    seed: int
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    points: int = 0
    touchdowns: int = 0
    field_goals: int = 0
    overtime_games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {"p1": 0, "p2": 0})
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        secs = max(self.seconds, 1e-9)
        games = max(self.games, 1)
        out = {
            "game": self.game,
            "policy": self.policy,
            "seed": self.seed,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / secs, 2),
            "actions_per_second": round(self.actions / secs, 1),
            "mean_actions_per_game": round(self.actions / games, 1),
            "mean_points_per_game": round(self.points / games, 3),
            "touchdowns": self.touchdowns,
            "field_goals": self.field_goals,
            "overtime_games": self.overtime_games,
            "wins": self.wins,
        }
        out.update(self.extra)
        return out

    def text(self) -> str:
        d = self.as_dict()
        who = f"{d['policy']} player vs the level {d['level']} AI deck" if "level" in d else f"{d['policy']} players"
        text = (f"{d['games']} games of {d['game']} ({who}, seeds {self.seed}..{self.seed + self.games - 1})"
                f" in {d['seconds']:.2f} s: {d['games_per_second']} games/s, {d['actions_per_second']:.0f} actions/s\n"
                f"points per game {d['mean_points_per_game']}, touchdowns {d['touchdowns']}, "
                f"field goals {d['field_goals']}, overtime games {d['overtime_games']}, "
                f"wins p1 {self.wins['p1']} p2 {self.wins['p2']}")
        if "ai_win_rate" in d:
            text += f"\nAI win rate {d['ai_win_rate']:.1%}"
        return text


def simulate(game: str, games: int, seed: int, policy: str = "random", pack: str = "default",
             options: dict | None = None, on_game=None) -> SimSummary:
    """Play ``games`` games, game i with seed ``seed + i``; ``on_game(engine, state, actions)``
    sees each finished game (the conformance tests check invariants through it)."""
    from companion.games.dungeon_ball.policies import POLICIES

    if games < 1:
        raise ValueError(f"games: must be 1 or more, not {games}")
    engine = get_engine(game, pack)
    make_policy = POLICIES[policy]
    summary = SimSummary(game=game, policy=policy, seed=seed)
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        header = Header(game, pack=pack, seed=game_seed, options=dict(options or {}))
        state = engine.new_state(header)
        player = make_policy(game_seed)
        actions = play_out(engine, state, {"p1": player, "p2": player}, SeededDice(game_seed))
        summary.games += 1
        summary.actions += len(actions)
        summary.points += sum(p.score for p in state.players)
        summary.touchdowns += sum(v["touchdowns"] for v in state.stats.values())
        summary.field_goals += sum(v["field_goals"] for v in state.stats.values())
        summary.overtime_games += state.overtime > 0
        summary.wins[state.winner] += 1
        if on_game is not None:
            on_game(engine, state, header, actions)
    summary.seconds = time.perf_counter() - started
    solo = (options or {}).get("solo")
    if solo:
        summary.extra["level"] = str(solo.get("level", "I")).upper()
        summary.extra["ai_win_rate"] = round(summary.wins["p2"] / max(1, summary.games), 4)
    return summary
