#!/usr/bin/env python3
"""Engine speed of every game against an earlier commit, in one run: same seeds, identical games.

    python3 dev.py bench engine_speed [--base COMMIT] [--rules-base GAME=COMMIT ...] [--seconds 6]
        [--rounds 3] [--game GAME] [--json]

Each game is played at its usual table (Dungeon Days six players, Dungeon Allies three, the
others two) by its ``random`` policy in every seat with seeded dice, through ``play_out`` (the
trusted fast path), as ``companion sim`` plays it. The base commit's ``companion/`` and
``config/`` are exported (``git archive``) into a temporary folder; round by round each game's
next seeds are played by the base code and by this tree, each in a fresh process, alternating
which goes first so a busy machine slows both alike. Every game's actions are hashed: the two
trees must play identical games, or the run fails (exit 1). Reports actions per CPU second
(the game loop only; imports and pack loading are not counted) for each, the speed-up, and
each game's speed as a share of Dungeon Ball's in the same run.

A game whose rules changed after ``--base`` plays other games there, so it cannot be timed
against it: ``--rules-base GAME=COMMIT`` times that game against a later commit whose rules
are the same (its games must still be identical); the table names each game's base.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from sim_compare import export  # bench/ is the script's folder

ROOT = Path(__file__).resolve().parent.parent
TABLES = {
    "dungeon-ball": {},
    "dodgeball": {},
    "dungeonbowl": {},
    "dungeon-days": {"players": 6},
    "dungeon-allies": {"players": 3},
}

# Runs inside each tree, through the public API only (play_out, the policies, SeededDice).
WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.engine.runner import play_out
game_id, first, seconds, count = sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
options = json.loads(sys.argv[6])
game = get_game(game_id)
engine = game.load_engine()
policy = game.load_policy("random")
digest, actions, games, cpu, seed = hashlib.sha256(), 0, 0, 0.0, first
while (games < count) if count else (cpu < seconds):
    state = engine.new_state(Header(game_id, seed=seed, options=options))
    seats = {seat: policy(seed * 7 + i) for i, seat in enumerate(engine.summary(state)["players"])}
    started = time.process_time()
    taken = play_out(engine, state, seats, SeededDice(seed))
    cpu += time.process_time() - started
    digest.update("\n".join(taken).encode())
    actions += len(taken)
    games += 1
    seed += 1
print(json.dumps({"digest": digest.hexdigest(), "actions": actions, "games": games, "cpu": cpu}))
"""


def run(tree: Path, game: str, first: int, seconds: float = 0.0, count: int = 0) -> dict:
    """``count`` games from seed ``first`` (or as many as ``seconds`` of CPU time take)."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            WORKER,
            str(tree),
            game,
            str(first),
            str(seconds),
            str(count),
            json.dumps(TABLES[game]),
        ],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the commit to compare against")
    parser.add_argument(
        "--seconds",
        type=float,
        default=6.0,
        help="CPU seconds per game, round and side (sets each game's count of games)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--rules-base",
        action="append",
        default=[],
        metavar="GAME=COMMIT",
        help="time GAME against COMMIT instead (its rules changed after --base)",
    )
    parser.add_argument("--game", choices=sorted(TABLES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [args.game] if args.game else list(TABLES)
    bases = dict.fromkeys(names, args.base)
    for pair in args.rules_base:
        game, _, commit = pair.partition("=")
        if game not in TABLES or not commit:
            parser.error(f"--rules-base {pair!r}: say GAME=COMMIT, GAME one of {', '.join(TABLES)}")
        if game in bases:
            bases[game] = commit
    totals = {g: {side: {"cpu": 0.0, "actions": 0, "games": 0} for side in ("base", "new")} for g in names}
    with tempfile.TemporaryDirectory(prefix="speed-base-") as tmp:
        exported = {c: export(c, Path(tmp) / c) for c in sorted(set(bases.values()))}
        counts = {game: max(1, run(ROOT, game, 1, seconds=args.seconds)["games"]) for game in names}
        for r in range(args.rounds):
            for game in names:
                first = 1 + 100_000 * r
                order = ("base", "new") if r % 2 == 0 else ("new", "base")
                trees = {"base": exported[bases[game]], "new": ROOT}
                results = {side: run(trees[side], game, first, count=counts[game]) for side in order}
                if results["base"]["digest"] != results["new"]["digest"]:
                    print(
                        f"{game} seeds {first}..{first + counts[game] - 1}: the games differ from "
                        f"{bases[game]}'s (if its rules changed since, time it with --rules-base)",
                        file=sys.stderr,
                    )
                    return 1
                for side, res in results.items():
                    t = totals[game][side]
                    t["cpu"] += res["cpu"]
                    t["actions"] += res["actions"]
                    t["games"] += res["games"]
    report = {"base": args.base, "games": {}}
    for game in names:
        row = {side: round(t["actions"] / t["cpu"]) for side, t in totals[game].items()}
        row["speedup"] = round(row["new"] / row["base"], 3)
        row["players"] = TABLES[game].get("players", 2)
        row["base_commit"] = bases[game]
        report["games"][game] = row
    if "dungeon-ball" in report["games"]:
        ball = report["games"]["dungeon-ball"]["new"]
        for row in report["games"].values():
            row["share_of_dungeon_ball"] = round(row["new"] / ball, 3)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"actions per CPU second, random play at each game's usual table; base {args.base}")
    print(f"{'game':15} {'seats':>5} {'base':>9} {'new':>9} {'speed-up':>9} {'of ball':>8}  base commit")
    for game, row in report["games"].items():
        print(
            f"{game:15} {row['players']:>5} {row['base']:>9} {row['new']:>9} {row['speedup']:>8.2f}x "
            f"{row.get('share_of_dungeon_ball', 0):>7.2f}  {row['base_commit']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
