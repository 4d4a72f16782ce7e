#!/usr/bin/env python3
"""Set-up and entry point behind the README's two quick-start commands.

    python3 dev.py run     # the companion with emulated hardware (real hardware on a Pi)
    python3 dev.py test    # the test suite

Needs only Python 3.11+. It makes `.venv/` beside this file, installs the project into it
(again whenever pyproject.toml changes) and runs the command there. Any further arguments
are passed on: `python3 dev.py test -k dungeon`, `python3 dev.py run --solo --level III`.

    python3 dev.py test --quick    # the inner loop: all but the slow tier and the Chromium tests
    python3 dev.py lint            # ruff (lint and format) and mypy, as CI runs them
    python3 dev.py fix             # let ruff mend what it can and format the tree
    python3 dev.py companion ARGS  # any companion subcommand
    python3 dev.py bench NAME      # bench/NAME.py

The whole suite and the quick tier run on several worker processes (pytest-xdist); naming
test files, `-k`, or `-n 0` runs in one process as plain pytest does. Tests keep compiled
modules (pytest's rewritten test files too) in `.venv/pycache`, even where the shell says
PYTHONDONTWRITEBYTECODE: the suite starts hundreds of Pythons, and each would compile the
project again. Their temporary files go to /dev/shm (memory) when it has room and TMPDIR is
not set.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


def _requirements_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create the venv and install the project (editable, with test extras) when stale."""
    if sys.version_info < (3, 11):  # noqa: UP036 - what a user with an older Python runs first: it says why
        sys.exit(f"Dungeon Companion needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    digest = _requirements_digest()
    if STAMP.exists() and STAMP.read_text().strip() == digest and PY.exists():
        return
    if not PY.exists():
        print("dev.py: creating .venv ...", flush=True)
        # On a Pi, system site packages let the venv see apt's picamera2 and lgpio.
        venv.EnvBuilder(with_pip=True, system_site_packages=_on_pi()).create(VENV)
    print("dev.py: installing the project into .venv (first run takes a minute) ...", flush=True)
    pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.check_call(pip + ["-e", f"{ROOT}[dev]"])
    STAMP.write_text(digest)


def _on_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text().lower()
    except OSError:
        return False


def _workers() -> int:
    """Workers for a whole run: two per core (the suite mostly waits on subprocesses, ptys and
    sockets), at most eight, and no more than one per 400 MB of free memory (a Pi has little)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    workers = min(8, 2 * cores)
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                workers = min(workers, max(1, int(line.split()[1]) // 400_000))
    except OSError:
        pass
    return max(1, workers)


RAM_FOLDER = Path("/dev/shm")  # tmpfs on Linux, Raspberry Pi OS included


def test_environment() -> dict[str, str]:
    """The environment of a test run: compiled modules kept in the venv's own cache folder, and
    temporary files (every test's tmp_path, its journals and frames) in memory where the
    machine has a tmpfs: the suite writes and fsyncs thousands of small SQLite journals, and a
    busy disk made each commit wait milliseconds. The files and SQLite are as real there."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(VENV / "pycache"))
    if "TMPDIR" not in env and _roomy(RAM_FOLDER):
        env["TMPDIR"] = str(RAM_FOLDER)
    return env


def _roomy(folder: Path, need: int = 512 << 20) -> bool:
    """A folder we may write, with ``need`` bytes free (the whole suite keeps about 50 MB)."""
    try:
        stat = os.statvfs(folder)
    except OSError:
        return False
    return os.access(folder, os.W_OK) and stat.f_bavail * stat.f_frsize >= need


QUICK = "not slow and not browser"  # the inner loop: no long runs, no Chromium


def pytest_args(rest: list[str]) -> list[str]:
    """The pytest command line for `dev.py test [--quick] ARGS...`."""
    quick = "--quick" in rest
    rest = [a for a in rest if a != "--quick"]
    args = ["-m", QUICK] if quick else []
    no_xdist = any(a in ("no:xdist", "-pno:xdist") for a in rest)
    chosen = no_xdist or any(a == "-n" or a.startswith(("-n=", "--numprocesses")) for a in rest)
    values = {
        "-k",
        "-m",
        "-n",
        "-p",
        "-o",
        "-W",
        "--dist",
        "--durations",
        "--maxfail",
        "--deselect",
        "--ignore",
    }
    named = any(not a.startswith("-") and (i == 0 or rest[i - 1] not in values) for i, a in enumerate(rest))
    if not chosen and not named:
        # loadfile: a module's tests share a worker, so its module fixtures (calibrated galleries,
        # lids) are built once, and modules that mostly wait (serial peers, sockets) wait beside
        # other workers' computing rather than on every worker at once: quick tier 53 -> 46 s
        args += ["-n", str(_workers()), "--dist", "loadfile"]
    return args + rest


LINT = (
    ["ruff", "check", "."],
    ["ruff", "format", "--check", "."],
    ["mypy"],
)
FIX = (
    ["ruff", "check", "--fix", "."],
    ["ruff", "format", "."],
)


def _run_all(commands) -> int:
    worst = 0
    for command in commands:
        print("dev.py:", " ".join(command), flush=True)
        worst = max(worst, subprocess.call([str(BIN / command[0]), *command[1:]], cwd=ROOT))
    return worst


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    ensure_venv()
    env = None
    if command == "run":
        args = [str(PY), "-m", "companion", "run", *rest]
    elif command == "test":
        args = [str(PY), "-m", "pytest", *pytest_args(rest)]
        env = test_environment()
    elif command == "lint":
        return _run_all(LINT)
    elif command == "fix":
        return _run_all(FIX)
    elif command == "companion":
        args = [str(PY), "-m", "companion", *rest]
    elif command == "bench":
        if not rest:
            print("usage: python3 dev.py bench NAME [ARGS...]  (scripts in bench/)")
            return 2
        args = [str(PY), str(ROOT / "bench" / f"{rest[0]}.py"), *rest[1:]]
    else:
        print(f"dev.py: unknown command {command!r}; try: run, test, lint, fix, companion, bench")
        return 2
    return subprocess.call(args, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
