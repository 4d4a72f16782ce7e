#!/usr/bin/env python3
"""Simulation speed against an earlier commit, in one run: same seeds, identical games.

    python3 dev.py bench sim_compare [--base 75c304f] [--games 300] [--rounds 4] [--policy random]
                                     [--solo LEVEL] [--json]

The base commit's ``companion/`` and ``config/`` are exported (``git archive``) into a temporary
folder. Then, round by round, the same chunk of seeds is played by the base code and by the
code in this tree, each in its own fresh process, alternating which goes first so that a busy
machine slows both alike. Every game's actions and final summary are hashed: the two codes
must play identical games, or the run fails (exit 1). Reports games per CPU second for each
and the speed-up (CPU time of the game loop only; imports and pack loading are not counted).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BASE = "75c304fa625aaf09a3ee05b60cfec4b386e2798e"  # the commit before the step machine

# Runs inside each tree: the same code drives the old and the new engine through their
# public API (play_out, the policies, SeededDice), so only the engine and runner differ.
WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games import get_engine
from companion.games.dungeon_ball.policies import POLICIES
first, count, policy, options = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], json.loads(sys.argv[5])
engine = get_engine("dungeon-ball", "default")
digest, actions, cpu = hashlib.sha256(), 0, 0.0
for seed in range(first, first + count):
    state = engine.new_state(Header("dungeon-ball", seed=seed, options=json.loads(sys.argv[5])))
    player = POLICIES[policy](seed)
    started = time.process_time()
    taken = play_out(engine, state, {"p1": player, "p2": player}, SeededDice(seed))
    cpu += time.process_time() - started
    s = engine.summary(state)
    digest.update("\n".join(taken).encode())
    digest.update(json.dumps([s["score"], s["winner"], s["overtime"], s["stats"]], sort_keys=True).encode())
    actions += len(taken)
print(json.dumps({"digest": digest.hexdigest(), "actions": actions, "cpu": cpu}))
"""


def export(commit: str, into: Path) -> Path:
    """The base commit's companion/ and config/ in ``into`` (no checkout: the work tree is shared)."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "companion", "config"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def run(tree: Path, first: int, count: int, policy: str, options: dict) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", WORKER, str(tree), str(first), str(count), policy, json.dumps(options)],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=DEFAULT_BASE, help="the commit to compare against")
    parser.add_argument("--games", type=int, default=300, help="games per round, per side")
    parser.add_argument("--rounds", type=int, default=4, help="rounds, each on new seeds")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument(
        "--policy", choices=["random", "uniform"], default="random", help="the built-in player"
    )
    parser.add_argument("--solo", metavar="LEVEL", help="play against the AI deck at this level (I..VI)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    options = {"solo": {"level": args.solo}, "kicking": {"p1": "luck"}} if args.solo else {}
    totals = {"base": {"cpu": 0.0, "games": 0, "actions": 0}, "new": {"cpu": 0.0, "games": 0, "actions": 0}}
    with tempfile.TemporaryDirectory(prefix="sim-base-") as tmp:
        trees = {"base": export(args.base, Path(tmp)), "new": ROOT}
        for r in range(args.rounds):
            first = args.seed + r * args.games
            order = ("base", "new") if r % 2 == 0 else ("new", "base")
            results = {side: run(trees[side], first, args.games, args.policy, options) for side in order}
            if results["base"]["digest"] != results["new"]["digest"]:
                print(f"seeds {first}..{first + args.games - 1}: the games differ", file=sys.stderr)
                return 1
            for side, res in results.items():
                totals[side]["cpu"] += res["cpu"]
                totals[side]["games"] += args.games
                totals[side]["actions"] += res["actions"]
    report = {"base": args.base, "policy": args.policy, "solo": args.solo, "identical": True}
    for side, t in totals.items():
        report[side] = {
            "games": t["games"],
            "cpu_seconds": round(t["cpu"], 3),
            "games_per_second": round(t["games"] / t["cpu"], 1),
            "actions_per_second": round(t["actions"] / t["cpu"]),
        }
    report["speedup"] = round(report["new"]["games_per_second"] / report["base"]["games_per_second"], 3)
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"identical games: {totals['new']['games']} ({args.policy}{', solo ' + args.solo if args.solo else ''})"
        )
        for side in ("base", "new"):
            r = report[side]
            print(f"{side:5} {r['games_per_second']:8.1f} games/s  {r['actions_per_second']:8d} actions/s")
        print(f"speed-up {report['speedup']:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
