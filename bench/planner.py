#!/usr/bin/env python3
"""Benchmark: how long a planner takes to decide, and the memory a decision holds.

    python3 dev.py bench planner [--game dungeon-ball] [--policy planner] [--decisions 30] [--against random] [--json]

For each game (or the one named), plays seeded games with the planner in seat p1 and the
game's best heuristic player elsewhere (``--against random`` for the random player), and times ``decisions`` of the planner's decisions that have a
real choice (two or more answers): mean, p95 and max CPU milliseconds (steadier than the wall
clock on a busy machine), with the budget in simulations. Memory: the peak that tracemalloc sees during a decision, beyond the game's state
(the tree, the sampled states, the rollouts). A Pi Zero 2 W is about ten times slower.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ladder import HEURISTIC
from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.search.mcts import candidates
from companion.sim import decision_ms

TABLES = {
    "dungeon-ball": {},
    "dodgeball": {},
    "dungeonbowl": {},
    "dungeon-days": {"players": 6},
    "dungeon-allies": {"players": 3},
}


def measure(
    game_id: str, policy: str, decisions: int, memory: bool, against: str | None = None, players: int = 0
) -> dict:
    game = get_game(game_id)
    engine = game.load_engine()
    planner_class, random_class = game.load_policy(policy), game.load_policy(against or HEURISTIC[game_id])
    table = {"players": players} if players else TABLES[game_id]
    times, peaks, seed = [], [], 0
    while len(times) < decisions:
        seed += 1
        state = engine.new_state(Header(game_id, seed=seed, options=table))
        dice, other, planner = SeededDice(seed), random_class(seed), planner_class(seed)
        prompt = engine.prompt(state)
        while prompt is not None and len(times) < decisions:
            if prompt.is_chance:
                action = dice.answer(prompt)
            elif prompt.actor == "p1" and len(candidates(engine, state, prompt, other)) > 1:
                if memory:
                    tracemalloc.start()
                    base = tracemalloc.get_traced_memory()[0]
                started = time.process_time()
                action = planner.choose(engine, state, prompt)
                times.append(time.process_time() - started)
                if memory:
                    peaks.append(tracemalloc.get_traced_memory()[1] - base)
                    tracemalloc.stop()
            else:
                action = other(engine, engine.public_view(state, prompt.actor), prompt)
            prompt = engine.apply_trusted(state, action, prompt)[1]
    out = {
        "game": game_id,
        "policy": policy,
        "players": table.get("players", 2),
        "against": against or HEURISTIC[game_id],
        "iterations": planner_class.iterations,
        "decisions": len(times),
        "ms": decision_ms(times),
    }
    if memory:
        out["peak_mb"] = round(max(peaks) / 1e6, 2)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(TABLES))
    parser.add_argument("--policy", default="planner", choices=["planner", "planner-strong"])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--memory", action="store_true", help="also the peak memory (tracemalloc: slower)")
    parser.add_argument("--against", help="the other seats' player (default: the game's heuristic)")
    parser.add_argument("--players", type=int, default=0, help="seats at the table (default: the usual)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [
        measure(g, args.policy, args.decisions, args.memory, args.against, args.players)
        for g in ([args.game] if args.game else TABLES)
    ]
    if args.json:
        print(json.dumps(results))
        return 0
    print(
        f"{'game':15} {'policy':15} {'seats':>5} {'sims':>5} {'mean ms':>8} {'p95 ms':>7} {'max ms':>7}  (CPU)"
        + (f" {'peak MB':>8}" if args.memory else "")
    )
    for r in results:
        ms = r["ms"]
        print(
            f"{r['game']:15} {r['policy']:15} {r['players']:>5} {r['iterations']:>5} {ms['mean']:>8.1f} "
            f"{ms['p95']:>7.1f} {ms['max']:>7.1f}" + (f" {r['peak_mb']:>8.2f}" if args.memory else "")
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
