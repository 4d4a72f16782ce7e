#!/usr/bin/env python3
"""AI win rate by solo level: the built-in `random` player against the AI deck.

    python3 dev.py bench solo_levels [--games 10000] [--seed 1] [--json]

Prints a Markdown table (the one in docs/dungeon-ball.md). The levels must get harder from I to
VI; when the reconstructed deck does not make them so, tune config/dungeon-ball.toml, not the
engine. A 95% interval is given for each rate.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sim import simulate  # noqa: E402

LEVELS = ["I", "II", "III", "IV", "V", "VI"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for level in LEVELS:
        summary = simulate(
            "dungeon-ball",
            args.games,
            args.seed,
            policy="random",
            options={"solo": {"level": level}, "kicking": {"p1": "luck"}},
        )
        d = summary.as_dict()
        p = d["ai_win_rate"]
        d["ci95"] = round(1.96 * math.sqrt(p * (1 - p) / max(1, d["games"])), 4)
        rows.append(d)
    if args.json:
        print(json.dumps(rows))
        return 0
    print("| level | AI deck | games | AI win rate | 95% interval | points per game | overtime games |")
    print("|---|---|---|---|---|---|---|")
    decks = {
        "I": "base 24",
        "II": "18 base + Mimic",
        "III": "18 base + Spider",
        "IV": "18 base + Skull",
        "V": "12 base + two teams",
        "VI": "6 base + all three",
    }
    for d in rows:
        print(
            f"| {d['level']} | {decks[d['level']]} | {d['games']} | {d['ai_win_rate']:.1%} | "
            f"±{d['ci95']:.1%} | {d['mean_points_per_game']:.1f} | {d['overtime_games']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
