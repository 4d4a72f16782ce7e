#!/usr/bin/env python3
"""Dungeon Days: the win rate of one computer player (greedy) against random legal players.

    python3 dev.py bench dungeon_days_ai [--games 2000] [--seed 1] [--json]

At 2 and at 4 players, the greedy player takes each seat in turn (the same number of games in
each, so going first is neither its help nor its handicap); every other seat plays uniformly
random legal moves. Prints the win rate with a 95% interval, the draw rate and the rate a random
seat would win by chance (1/players). ``--timing``: how long the greedy player takes to choose
(median, p99, max over every decision of 30 six-player games; a Pi Zero 2 W is about 10x slower).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sim import simulate  # noqa: E402


def win_rate(players: int, games: int, seed: int) -> dict:
    wins = draws = played = 0
    seconds = 0.0
    for i in range(players):
        seat = f"p{i + 1}"
        n = games // players + (i < games % players)
        d = simulate(
            "dungeon-days",
            n,
            seed + i * n,
            policy="random",
            options={"players": players, "seats": {seat: "computer:greedy"}},
        ).as_dict()
        wins += d["wins"][seat]
        draws += d["draws"]
        played += d["games"]
        seconds += d["seconds"]
    p = wins / played
    return {
        "players": players,
        "games": played,
        "greedy_win_rate": round(p, 4),
        "ci95": round(1.96 * math.sqrt(p * (1 - p) / played), 4),
        "draw_rate": round(draws / played, 4),
        "chance_win_rate": round(1 / players, 4),
        "seconds": round(seconds, 2),
    }


def decision_times(games: int = 30, players: int = 6) -> dict:
    import time

    from companion.engine.core import Header
    from companion.engine.dice import SeededDice
    from companion.engine.registry import get_game
    from companion.engine.runner import play_out

    game = get_game("dungeon-days")
    engine, greedy = game.load_engine(), game.load_policy("greedy")
    times: list[float] = []

    def timed(policy):
        def choose(engine, view, prompt):
            started = time.perf_counter()
            action = policy(engine, view, prompt)
            times.append(time.perf_counter() - started)
            return action

        return choose

    for seed in range(games):
        state = engine.new_state(Header("dungeon-days", seed=seed, options={"players": players}))
        play_out(
            engine, state, {f"p{i}": timed(greedy(seed + i)) for i in range(1, players + 1)}, SeededDice(seed)
        )
    times.sort()
    return {
        "players": players,
        "decisions": len(times),
        "median_ms": round(times[len(times) // 2] * 1e3, 2),
        "p99_ms": round(times[int(len(times) * 0.99)] * 1e3, 2),
        "max_ms": round(times[-1] * 1e3, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--timing", action="store_true", help="time the greedy player's decisions instead")
    args = parser.parse_args()
    if args.timing:
        print(json.dumps(decision_times()))
        return 0
    rows = [win_rate(n, args.games, args.seed) for n in args.players]
    if args.json:
        print(json.dumps(rows))
        return 0
    print("| players | games | greedy wins | 95% | draws | by chance |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['players']} | {r['games']} | {r['greedy_win_rate']:.1%} | ±{r['ci95']:.1%} | "
            f"{r['draw_rate']:.1%} | {r['chance_win_rate']:.0%} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
