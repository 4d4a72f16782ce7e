#!/usr/bin/env python3
"""Set-up and entry point behind the README's two quick-start commands.

    python3 dev.py run     # the companion with emulated hardware (real hardware on a Pi)
    python3 dev.py test    # the test suite

Needs only Python 3.11+. It makes `.venv/` beside this file, installs the project into it
(again whenever pyproject.toml changes) and runs the command there. Any further arguments
are passed on: `python3 dev.py test -k dungeon`, `python3 dev.py run --solo --level III`.
Other commands: `python3 dev.py companion ARGS...` runs any companion subcommand,
`python3 dev.py bench NAME` runs bench/NAME.py.
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
    if sys.version_info < (3, 11):
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


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    ensure_venv()
    if command == "run":
        args = [str(PY), "-m", "companion", "run", *rest]
    elif command == "test":
        args = [str(PY), "-m", "pytest", *rest]
    elif command == "companion":
        args = [str(PY), "-m", "companion", *rest]
    elif command == "bench":
        if not rest:
            print("usage: python3 dev.py bench NAME [ARGS...]  (scripts in bench/)")
            return 2
        args = [str(PY), str(ROOT / "bench" / f"{rest[0]}.py"), *rest[1:]]
    else:
        print(f"dev.py: unknown command {command!r}; try: run, test, companion, bench")
        return 2
    return subprocess.call(args, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
