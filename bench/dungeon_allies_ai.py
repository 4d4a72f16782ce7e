#!/usr/bin/env python3
"""Dungeon Allies: the sensible computer player's win rate against random legal players.

    python3 dev.py bench dungeon_allies_ai [--players 3] [--games 600] [--seed 1] [--json]

One seat plays the sensible policy, every other seat the random legal policy; the sensible
seat rotates through p1..pN so that no seat number is favoured (turn order comes from the
percentile roll anyway). Prints the sensible player's win rate (a draw counts as no win),
what a seat wins by chance (1/N), the mean scores, and games per second.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.core import Header  # noqa: E402
from companion.engine.dice import SeededDice  # noqa: E402
from companion.engine.registry import get_game  # noqa: E402
from companion.engine.runner import play_out  # noqa: E402
from companion.games.dungeon_allies.policies import RandomPolicy, SensiblePolicy  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    engine = get_game("dungeon-allies").load_engine()
    wins = draws = 0
    mine = others = 0.0
    started = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        smart = f"p{n % args.players + 1}"
        state = engine.new_state(Header("dungeon-allies", seed=seed, options={"players": args.players}))
        seats = {
            f"p{i}": (SensiblePolicy if f"p{i}" == smart else RandomPolicy)(seed * 10 + i)
            for i in range(1, args.players + 1)
        }
        play_out(engine, state, seats, SeededDice(seed))
        summary = engine.summary(state)
        wins += summary["winner"] == smart
        draws += summary["draw"]
        mine += summary["scores"][smart]
        others += sum(v for k, v in summary["scores"].items() if k != smart) / (args.players - 1)
    seconds = time.perf_counter() - started
    result = {
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "sensible_win_rate": round(wins / args.games, 3),
        "chance_win_rate": round(1 / args.players, 3),
        "draws": draws,
        "mean_score_sensible": round(mine / args.games, 1),
        "mean_score_random": round(others / args.games, 1),
        "games_per_second": round(args.games / seconds, 1),
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
