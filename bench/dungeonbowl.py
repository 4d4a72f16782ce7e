"""Dungeonbowl on a budget: how long the referee takes to answer one reported event, how big a
game's state and record are, and the memory a game needs, for a Pi Zero 2 W (about 10x slower
than a laptop).

    python bench/dungeonbowl.py                 # 300 random games, seed 1
    python bench/dungeonbowl.py --games 1000 --json

* per action: the checked path (``apply``, what the device and the terminal use) and the screen
  (``build_model`` + ``render``) for every turn prompt of the games;
* the state's JSON size and the game file's size at the end of each game;
* the peak memory of one whole game (tracemalloc) and the engine's import time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

t0 = time.perf_counter()
from companion.games.dungeonbowl.engine import Dungeonbowl  # noqa: E402

IMPORT_S = time.perf_counter() - t0

from companion.engine.core import Header  # noqa: E402
from companion.engine.dice import SeededDice  # noqa: E402
from companion.engine.gamefile import GameRecord  # noqa: E402
from companion.games.dungeonbowl.policies import RandomReporter  # noqa: E402
from companion.ui import build_model, render  # noqa: E402


def one_game(
    engine: Dungeonbowl, seed: int, timings: dict[str, list[float]], screens: bool
) -> tuple[int, int, int]:
    header = Header("dungeonbowl", seed=seed)
    s = engine.new_state(header)
    dice, seats = SeededDice(seed), {"p1": RandomReporter(seed), "p2": RandomReporter(seed + 1)}
    actions = []
    while not engine.is_over(s):
        p = engine.prompt(s)
        action = dice.answer(p) if p.is_chance else seats[p.actor](engine, engine.public_view(s, p.actor), p)
        t = time.perf_counter()
        engine.apply(s, action)
        timings["apply"].append(time.perf_counter() - t)
        actions.append(action)
        if screens and not engine.is_over(s) and engine.prompt(s).kind == "turn":
            t = time.perf_counter()
            render(build_model(engine, s, viewer=None))
            timings["screen"].append(time.perf_counter() - t)
    return len(actions), len(engine.to_json(s)), len(GameRecord(header, actions).dumps().encode())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    engine = Dungeonbowl()
    timings: dict[str, list[float]] = {"apply": [], "screen": []}
    sizes = [one_game(engine, args.seed + i, timings, screens=i < 50) for i in range(args.games)]
    tracemalloc.start()
    one_game(engine, args.seed, {"apply": [], "screen": []}, screens=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    def ms(xs: list[float], q: float) -> float:
        return round(statistics.quantiles(xs, n=100)[int(q) - 1] * 1000, 3) if len(xs) > 1 else 0.0

    out = {
        "games": args.games,
        "seed": args.seed,
        "engine_import_ms": round(IMPORT_S * 1000, 1),
        "actions_per_game_mean": round(statistics.mean(a for a, _, _ in sizes), 1),
        "apply_ms_mean": round(statistics.mean(timings["apply"]) * 1000, 4),
        "apply_ms_p99": ms(timings["apply"], 99),
        "turn_screen_ms_mean": round(statistics.mean(timings["screen"]) * 1000, 3),
        "turn_screen_ms_p95": ms(timings["screen"], 95),
        "state_json_bytes_max": max(b for _, b, _ in sizes),
        "game_file_bytes_mean": round(statistics.mean(f for _, _, f in sizes)),
        "game_file_bytes_max": max(f for _, _, f in sizes),
        "peak_kib_one_game": round(peak / 1024, 1),
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k:24} {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
