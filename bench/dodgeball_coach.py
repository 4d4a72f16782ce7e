#!/usr/bin/env python3
"""Benchmark: the Dodgeball computer coach's win rate against random legal play, on either
side, for the basic game, all the advanced rules and table cards; games per second.

    .venv/bin/python bench/dodgeball_coach.py [--games 500] [--seed 1] [--json]

The aim is a win rate of at least 80% against random play. Each game i uses seed+i; the
95% interval is the normal approximation. A Pi Zero 2 W is about ten times slower.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sim import simulate  # noqa: E402

ADVANCED = {k: True for k in ("abilities", "group_throws", "counter_attack", "mascots", "coach_cards")}
RULESETS = {
    "basic": {},
    "advanced": ADVANCED,
    "table cards": {"cards": "table"},
    "draft + advanced": {**ADVANCED, "draft": True},
}


def win_rate(games: int, seed: int, options: dict, coach_seat: str) -> dict:
    other = "p2" if coach_seat == "p1" else "p1"
    seats = {coach_seat: "computer:coach", other: "computer:random"}
    started = time.perf_counter()
    summary = simulate("dodgeball", games, seed, options={**options, "seats": seats}, progress=False)
    seconds = time.perf_counter() - started
    wins = summary.wins[coach_seat]
    p = wins / games
    return {
        "coach": coach_seat,
        "games": games,
        "wins": wins,
        "rate": round(p, 3),
        "ci95": round(1.96 * math.sqrt(p * (1 - p) / games), 3),
        "games_per_second": round(games / seconds, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = {
        name: [win_rate(args.games, args.seed, options, seat) for seat in ("p1", "p2")]
        for name, options in RULESETS.items()
    }
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for name, rows in results.items():
        for r in rows:
            print(
                f"{name:17} coach as {r['coach']}: {r['wins']}/{r['games']} = {r['rate']:.1%} "
                f"(+/- {r['ci95']:.1%}), {r['games_per_second']} games/s"
            )


if __name__ == "__main__":
    main()
