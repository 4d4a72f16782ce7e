#!/usr/bin/env python3
"""Benchmark: whole simulated games per second on one core.

    python3 dev.py bench sim [--games 2000] [--seed 1] [--policy random|uniform|both] [--json]

Reports wall and CPU time (CPU time is steadier on a busy machine), games and actions per
second. The aim for Dungeon Ball is at least 200 random-policy games a second on the
development machine; a Pi Zero 2 W is about ten times slower.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sim import simulate  # noqa: E402


def measure(game: str, games: int, seed: int, policy: str) -> dict:
    cpu = time.process_time()
    summary = simulate(game, games, seed, policy=policy)
    cpu = time.process_time() - cpu
    d = summary.as_dict()
    d["cpu_seconds"] = round(cpu, 3)
    d["games_per_cpu_second"] = round(games / cpu, 1)
    d["actions_per_cpu_second"] = round(summary.actions / cpu, 1)
    return d


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dungeon-ball")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=["random", "uniform", "both"], default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    policies = ["random", "uniform"] if args.policy == "both" else [args.policy]
    results = []
    for policy in policies:
        games = args.games if policy == "random" else max(1, args.games // 10)
        results.append(measure(args.game, games, args.seed, policy))
    if args.json:
        print(
            json.dumps(
                {"python": platform.python_version(), "machine": platform.machine(), "results": results}
            )
        )
        return 0
    print(
        f"{'policy':8} {'games':>6} {'wall s':>7} {'games/s':>8} {'games/cpu s':>11} {'actions/cpu s':>13} {'actions/game':>12}"
    )
    for r in results:
        print(
            f"{r['policy']:8} {r['games']:>6} {r['seconds']:>7.2f} {r['games_per_second']:>8.1f} "
            f"{r['games_per_cpu_second']:>11.1f} {r['actions_per_cpu_second']:>13.0f} {r['mean_actions_per_game']:>12.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
