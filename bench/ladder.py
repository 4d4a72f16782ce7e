#!/usr/bin/env python3
"""Strength ladder: random, the game's heuristic, planner and planner-strong, head to head.

    python3 dev.py bench ladder --game dodgeball [--minutes 60] [--out FILE.jsonl]
    python3 dev.py bench ladder --report FILE.jsonl [FILE.jsonl ...]

Plays two-seat games of one game between pairs of computer players, each pair's games in
twos with the seats swapped (the same seed both ways), until every pair reaches its target or
the time is up; the pair furthest from its target plays next, so a run cut short is still
balanced. Each game is one line of ``--out`` (JSON), so a run can be resumed (same file) and
reported while it goes on. The report gives each pair's win share with a 95% interval
(Wilson) and an Elo-style rating per player (random fixed at 0; 95% interval by bootstrap
over the games), and the mean decision time of each player.

Targets (games): planner vs heuristic 100, planner-strong vs heuristic 40, each planner vs
random 40, heuristic vs random 40.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.engine.runner import play_out
from companion.sim import Timed

HEURISTIC = {
    "dungeon-ball": "coach",
    "dodgeball": "coach",
    "dungeonbowl": "coach",
    "dungeon-days": "greedy",
    "dungeon-allies": "sensible",
}


def pairs(game_id: str) -> dict[tuple[str, str], int]:
    h = HEURISTIC[game_id]
    return {
        ("planner", h): 100,
        ("planner-strong", h): 40,
        ("planner", "random"): 40,
        ("planner-strong", "random"): 40,
        (h, "random"): 40,
    }


def play_pair(game, engine, a: str, b: str, seed: int) -> list[dict]:
    """Two games with the same seed, ``a`` in p1 then in p2."""
    out = []
    for a_seat in ("p1", "p2"):
        b_seat = "p2" if a_seat == "p1" else "p1"
        times = {a_seat: [], b_seat: []}
        players = {
            a_seat: Timed(game.load_policy(a)(seed), times[a_seat]),
            b_seat: Timed(game.load_policy(b)(seed + 1), times[b_seat]),
        }
        state = engine.new_state(Header(game.id, seed=seed))
        actions = play_out(engine, state, players, SeededDice(seed))
        result = engine.summary(state)
        winner = result.get("winner")
        score = 0.5 if winner is None or result.get("draw") else float(winner == a_seat)
        out.append(
            {
                "a": a,
                "b": b,
                "a_seat": a_seat,
                "seed": seed,
                "score": score,
                "actions": len(actions),
                "ms": {a: _ms(times[a_seat]), b: _ms(times[b_seat])},
            }
        )
    return out


def _ms(times: list[float]) -> list[float]:
    return [round(1000 * sum(times), 3), len(times), round(1000 * max(times, default=0.0), 3)]


def run(game_id: str, out: Path, minutes: float, seed: int, only: list[str] | None = None) -> None:
    game = get_game(game_id)
    engine = game.load_engine()
    done = defaultdict(int)
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                g = json.loads(line)
                done[(g["a"], g["b"])] += 1
    every = pairs(game_id)
    targets = {p: n for p, n in every.items() if not only or " vs ".join(p) in only}
    stop = time.monotonic() + 60 * minutes
    while time.monotonic() < stop:
        left = [p for p, n in targets.items() if done[p] < n]
        if not left:
            break
        a, b = min(left, key=lambda p: done[p] / targets[p])
        games = play_pair(game, engine, a, b, seed + 1000 * list(every).index((a, b)) + done[(a, b)])
        with out.open("a") as f:
            for g in games:
                f.write(json.dumps(g) + "\n")
        done[(a, b)] += len(games)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(games: list[dict], anchor: str = "random") -> dict[str, float]:
    """Ratings by maximum likelihood (Bradley-Terry, fitted by Hunter's MM updates, on the Elo
    scale), ``anchor`` at 0, with a prior of one drawn game between every two players, which
    keeps a player who won or lost every game finite. A draw is half a win each."""
    names = sorted({g["a"] for g in games} | {g["b"] for g in games})
    if anchor not in names:
        anchor = names[0]
    wins = dict.fromkeys(names, 0.0)
    played: dict[tuple[str, str], float] = defaultdict(float)
    results = [(g["a"], g["b"], g["score"]) for g in games]
    results += [(a, b, 0.5) for i, a in enumerate(names) for b in names[i + 1 :]]
    for a, b, s in results:
        wins[a] += s
        wins[b] += 1.0 - s
        played[a, b] += 1.0
        played[b, a] += 1.0
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(500):
        gamma = {
            n: wins[n] / sum(played[n, m] / (gamma[n] + gamma[m]) for m in names if (n, m) in played)
            for n in names
        }
        norm = gamma[anchor]
        gamma = {n: v / norm for n, v in gamma.items()}
    return {n: 400.0 * math.log10(v) for n, v in gamma.items()}


def report(files: list[Path], seed: int = 1) -> str:
    lines = []
    for path in files:
        games = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        if not games:
            continue
        by_pair = defaultdict(list)
        for g in games:
            by_pair[(g["a"], g["b"])].append(g)
        lines.append(f"{path.stem}: {len(games)} games")
        lines.append(f"  {'pair':34} {'games':>5} {'A wins':>7} {'95% interval':>14}")
        for (a, b), gs in by_pair.items():
            score = sum(g["score"] for g in gs)
            lo, hi = wilson(score, len(gs))
            lines.append(
                f"  {a + ' vs ' + b:34} {len(gs):>5} {100 * score / len(gs):>6.1f}% "
                f"{100 * lo:>6.1f}-{100 * hi:.1f}%"
            )
        rating = elo(games)
        rng = random.Random(seed)
        boot = defaultdict(list)
        for _ in range(200):
            sample = [g for gs in by_pair.values() for g in rng.choices(gs, k=len(gs))]
            for n, v in elo(sample).items():
                boot[n].append(v)
        ms = defaultdict(lambda: [0.0, 0, 0.0])
        for g in games:
            for n, (total, count, most) in g["ms"].items():
                ms[n][0] += total
                ms[n][1] += count
                ms[n][2] = max(ms[n][2], most)
        lines.append(f"  {'player':16} {'rating':>7} {'95% interval':>15} {'mean ms':>8} {'max ms':>8}")
        for n in sorted(rating, key=rating.get, reverse=True):
            vals = sorted(boot[n]) or [rating[n]]
            lo, hi = vals[int(0.025 * len(vals))], vals[max(0, int(0.975 * len(vals)) - 1)]
            mean = ms[n][0] / ms[n][1] if ms[n][1] else 0.0
            lines.append(f"  {n:16} {rating[n]:>7.0f} {lo:>7.0f} to {hi:<5.0f} {mean:>8.2f} {ms[n][2]:>8.1f}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(HEURISTIC))
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--report", type=Path, nargs="+")
    parser.add_argument(
        "--only", nargs="+", metavar="PAIR", help='play only these pairs ("planner vs coach")'
    )
    args = parser.parse_args()
    if args.report:
        print(report(args.report))
        return 0
    if not args.game:
        parser.error("--game or --report")
    out = args.out or Path(f"ladder-{args.game}.jsonl")
    run(args.game, out, args.minutes, args.seed, args.only)
    print(report([out]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
