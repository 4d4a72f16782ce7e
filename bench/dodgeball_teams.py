#!/usr/bin/env python3
"""Benchmark: how balanced the pack's teams are: every pair of teams, computer coaches on both
sides, each team playing both seats; prints each team's share of its games won.

    .venv/bin/python bench/dodgeball_teams.py [--games 200] [--seed 1] [--option abilities=true ...]
"""

from __future__ import annotations

import argparse
import sys
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dodgeball.pack import load_pack  # noqa: E402
from companion.sim import simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], help="KEY=true for an advanced rule")
    args = ap.parse_args()
    extra = {k: v == "true" for k, _, v in (o.partition("=") for o in args.option)}
    teams = [t.id for t in load_pack()[0].teams]
    won = {t: 0 for t in teams}
    played = {t: 0 for t in teams}
    for p1, p2 in permutations(teams, 2):
        wins = simulate(
            "dodgeball",
            args.games,
            args.seed,
            options={"teams": {"p1": p1, "p2": p2}, **extra},
            progress=False,
        ).wins
        won[p1] += wins["p1"]
        won[p2] += wins["p2"]
        played[p1] += args.games
        played[p2] += args.games
    for t in teams:
        print(f"{t:10} {won[t]}/{played[t]} = {won[t] / played[t]:.1%}")


if __name__ == "__main__":
    main()
