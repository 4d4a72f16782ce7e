#!/usr/bin/env python3
"""Benchmark: how long a hint takes, at every decision of whole games.

    python3 dev.py bench odds [--games 3] [--seed 1] [--game GAME ...] [--players N] [--json]

For each game: its example file (docs/examples) and ``--games`` games played by the game's
first computer policy from seeds ``seed, seed+1, ...``; at every decision a seat makes, the
odds advisor's answer is timed (CPU time of this process, steadier on a busy machine; wall
time too). Reports per game the decisions, mean, 95th percentile and worst in milliseconds,
and the worst decision kind. The aim is 200 ms or less here (a Pi Zero 2 W is about ten times
slower: 2 s).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.engine.core import Header  # noqa: E402
from companion.engine.dice import SeededDice  # noqa: E402
from companion.engine.gamefile import load  # noqa: E402
from companion.engine.registry import get_game  # noqa: E402
from companion.engine.runner import replay  # noqa: E402
from companion.odds import advise  # noqa: E402

GAMES = {
    "dungeon-ball": "short-game.game",
    "dodgeball": "dodgeball.game",
    "dungeon-allies": "dungeon-allies.game",
    "dungeon-days": "dungeon-days.game",
    "dungeonbowl": "dungeonbowl.game",
}
MAX_ACTIONS = 3000


def timed(engine, state, times: dict) -> None:
    prompt = engine.prompt(state)
    cpu, wall = time.process_time(), time.perf_counter()
    advise(engine, state)
    times[prompt.kind].append(((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000))


def example(game_id: str, times: dict) -> int:
    record = load(ROOT / "docs" / "examples" / GAMES[game_id])
    engine, state = replay(record, upto=0)
    n = 0
    for action in record.actions:
        if not engine.is_over(state) and not engine.prompt(state).is_chance:
            timed(engine, state, times)
            n += 1
        engine.apply(state, action)
    return n


def played(game_id: str, seed: int, times: dict, players: int | None = None) -> int:
    """One game of the game's first policy for every seat, its hints timed at each decision."""
    game = get_game(game_id)
    engine = game.load_engine()
    players = game.default_players() if players is None else game.check_players(players)
    options = {} if players == game.default_players() else {"players": players}
    state = engine.new_state(Header(game_id, seed=seed, options=options, pack_digest=engine.digest))
    policy = game.load_policy()
    seats = {s: policy(seed * 31 + i) for i, s in enumerate(game.seats(players))}
    dice = SeededDice(seed)
    n = 0
    for _ in range(MAX_ACTIONS):
        if engine.is_over(state):
            break
        prompt = engine.prompt(state)
        if prompt.is_chance:
            action = dice.answer(prompt)
        else:
            timed(engine, state, times)
            n += 1
            action = seats[prompt.actor](engine, engine.public_view(state, prompt.actor), prompt)
        engine.apply(state, action)
    return n


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def summary(game_id: str, times: dict) -> dict:
    cpu = [c for v in times.values() for c, _ in v]
    wall = [w for v in times.values() for _, w in v]
    worst_kind = max(times, key=lambda k: max(c for c, _ in times[k])) if times else ""
    return {
        "game": game_id,
        "decisions": len(cpu),
        "mean_ms": round(sum(cpu) / max(1, len(cpu)), 2),
        "p95_ms": round(percentile(cpu, 0.95), 2),
        "max_ms": round(max(cpu, default=0.0), 2),
        "max_wall_ms": round(max(wall, default=0.0), 2),
        "worst_kind": worst_kind,
        "by_kind_max_ms": {k: round(max(c for c, _ in v), 2) for k, v in sorted(times.items())},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="a game (repeatable; default all)"
    )
    parser.add_argument("--games", type=int, default=3, help="whole games played per game (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--players", type=int, help="seats in the games played (default: each game's usual table)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_id in args.game or list(GAMES):
        times: dict = defaultdict(list)
        advise_warm = example(game_id, times)  # the example file first: imports and caches warm here too
        for i in range(args.games):
            played(game_id, args.seed + i, times, args.players)
        row = summary(game_id, times)
        row["example_decisions"] = advise_warm
        rows.append(row)
        print(f"{game_id}: {row['decisions']} decisions timed", file=sys.stderr, flush=True)
    report = {
        "machine": platform.machine(),
        "python": platform.python_version(),
        "games": args.games,
        "seed": args.seed,
        "players": args.players,
        "results": rows,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for r in rows:
            print(
                f"{r['game']:<15} {r['decisions']:>5} decisions  mean {r['mean_ms']:>7.2f} ms  "
                f"p95 {r['p95_ms']:>7.2f} ms  max {r['max_ms']:>7.2f} ms ({r['worst_kind']})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
