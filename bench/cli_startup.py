"""How fast ``companion --help`` starts, and which heavy modules its parser pulls in.

    python bench/cli_startup.py             # wall time over 20 runs, and the modules imported
    python bench/cli_startup.py --runs 50 --json
    python bench/cli_startup.py --against 75c304f   # that commit and this tree, runs interleaved

The parser should import no service, configuration, engine or Pillow module: a player typing
``companion --help`` on a Pi Zero should not wait for the whole program to load. The wall time
is the median of ``--runs`` fresh interpreters (``python -m companion --help``); the import
cost is the sum of the cumulative times ``python -X importtime`` reports for the top-level
imports of the program and its libraries.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = (
    "companion.device.service",
    "companion.device.doctor",
    "companion.device.config",
    "companion.device.app",
    "companion.session",
    "companion.games.dungeon_ball.engine",
    "companion.engine.steps",
    "PIL",
    "numpy",
    "cv2",
)
OWN = ("companion", "drivers", "vision", "PIL", "numpy", "cv2", "msgspec", "argparse")


def wall_times(argv: list[str], runs: int, trees: list[Path]) -> list[list[float]]:
    """Seconds for each of ``runs`` fresh interpreters running ``python -m companion ARGV`` in
    each tree, the trees taking turns so that a busy machine slows them alike."""
    times: list[list[float]] = [[] for _ in trees]
    for _ in range(runs):
        for tree, spent in zip(trees, times):
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "companion", *argv],
                cwd=tree,
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            spent.append(time.perf_counter() - started)
    return times


def exported(rev: str, into: Path) -> Path:
    """The files of commit ``rev`` in a folder of their own (git archive: no worktree made)."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def imported(argv: list[str], tree: Path = ROOT) -> dict[str, tuple[int, int]]:
    """Module -> (nesting depth, cumulative import microseconds), from ``python -X importtime``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", *argv],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, tuple[int, int]] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.removeprefix("import time:").split("|")
        if cumulative.strip().isdigit():
            depth = (len(name) - len(name.lstrip()) - 1) // 2
            found[name.strip()] = (depth, int(cumulative))
    return found


def figures(label: str, times: list[float], modules: dict[str, tuple[int, int]]) -> dict:
    return {
        "tree": label,
        "median_ms": round(statistics.median(times) * 1000, 1),
        "program_imports_ms": round(
            sum(us for m, (depth, us) in modules.items() if depth == 0 and m.startswith(OWN)) / 1000, 1
        ),
        "heavy_modules_imported": sorted(m for m in modules if m.startswith(HEAVY)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="fresh interpreters to time (default 20)")
    parser.add_argument("--args", default="--help", help="the companion arguments to time (default --help)")
    parser.add_argument("--against", metavar="REV", help="also time this commit, interleaved with this tree")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    cli_args = args.args.split()
    with tempfile.TemporaryDirectory() as tmp:
        trees = [ROOT] + ([exported(args.against, Path(tmp))] if args.against else [])
        labels = ["this tree"] + ([args.against] if args.against else [])
        times = wall_times(cli_args, args.runs, trees)
        rows = [
            figures(label, spent, imported(cli_args, tree))
            for label, spent, tree in zip(labels, times, trees)
        ]
    bare = []
    for _ in range(args.runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - started)
    result = {
        "command": f"companion {args.args}",
        "runs": args.runs,
        "python_alone_median_ms": round(statistics.median(bare) * 1000, 1),
        "trees": rows,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{result['command']}, median of {args.runs} runs each (python alone {result['python_alone_median_ms']} ms):"
    )
    for row in rows:
        print(
            f"  {row['tree']:>10}: {row['median_ms']} ms; the program's imports {row['program_imports_ms']} ms; "
            f"heavy modules: {', '.join(row['heavy_modules_imported']) or 'none'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
