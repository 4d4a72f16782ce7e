"""Seeded mutations of a text file (a pack, a configuration, a game file), the kinds a careless
editor or a hostile sharer makes: numbers far out of range or of the wrong type, strings
emptied, spaced or foreign, lines dropped, doubled, swapped or cut, a byte flipped, a
byte-order mark, arrays nested thousands deep, unknown keys. And a time limit that turns a
hang into a failure."""

from __future__ import annotations

import os
import random
import re
import signal
from contextlib import contextmanager

NUMBER = re.compile(r"(?<![\w.\"'-])-?\d+(?:\.\d+)?(?![\w.\"'])")
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
NUMBERS = [
    "0",
    "-1",
    "1",
    "2",
    "-1000000000",
    "10000000",
    "1000000000000000000",
    "99999999999999999999999",
    "nan",
    "inf",
    "-inf",
    "1.5",
    "1e308",
    '"7"',
    "true",
    "[]",
    "{}",
    "[1, 2, 3]",
]
STRINGS = [
    '""',
    '" "',
    '"a b"',
    '"é"',
    '"０１２３"',
    '"' + "x" * 300 + '"',
    '"/dev/zero"',
    '"\\u0000"',
    "1",
    '"p1"',
    '"default"',
    '"-"',
    "[]",
]


def numbered_lines(text: str) -> list[str]:
    return text.split("\n")


def mutate(text: str, rng: random.Random) -> bytes:
    """``text`` with one to three mutations, as bytes (a flipped byte may not be UTF-8)."""
    for _ in range(rng.randint(1, 3)):
        text = one(text, rng)
    raw = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.08 and raw:  # a flipped byte
        i = rng.randrange(len(raw))
        raw = raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1 :]
    if rng.random() < 0.05:
        raw = b"\xef\xbb\xbf" + raw
    return raw


def one(text: str, rng: random.Random) -> str:
    kind = rng.choice(
        [
            "number",
            "number",
            "number",
            "string",
            "string",
            "drop",
            "double",
            "swap",
            "cut",
            "deep",
            "unknown",
            "rename",
        ]
    )
    lines = numbered_lines(text)
    code = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    if not code:
        return text
    i = rng.choice(code)
    if kind in ("number", "string"):
        spans = [
            (m.start(), m.end(), i)
            for i in code
            for m in (NUMBER if kind == "number" else STRING).finditer(lines[i])
        ]
        if not spans:
            return text
        start, end, i = rng.choice(spans)
        pick = rng.choice(NUMBERS if kind == "number" else STRINGS)
        lines[i] = lines[i][:start] + pick + lines[i][end:]
    elif kind == "drop":
        del lines[i]
    elif kind == "double":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = rng.choice(code)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "cut":
        return text[: rng.randrange(len(text) + 1)]
    elif kind == "deep":
        depth = rng.choice([40, 500, 5000])
        m = re.match(r"(\s*[\w\"-]+\s*=\s*)", lines[i])
        if m:
            lines[i] = m.group(1) + "[" * depth + "1" + "]" * depth
    elif kind == "unknown":
        lines.insert(i, "surprise = 1")
    else:
        lines[i] = re.sub(r"^(\s*)([A-Za-z_]+)", r"\1\2x", lines[i], count=1)
    return "\n".join(lines)


class Hang(Exception):
    """The code under test ran past its time limit."""


@contextmanager
def time_limit(seconds: float):
    """Raise Hang in this (the main) thread after ``seconds``."""

    def expired(signum, frame):
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def fuzz(folder, name: str, cases: int, make, check, seconds: float = 60) -> tuple[dict[str, int], list[str]]:
    """Write ``cases`` files ``make(rng, case)`` (bytes) into ``folder`` and run ``check(path,
    case)`` on each under a time limit; it returns what happened ("refused", "played", ...).
    Returns the count of each outcome and the findings: any exception or hang, with its
    traceback. A file that passed is removed; a finding's file is kept for a rerun."""
    import traceback
    from collections import Counter

    rng = random.Random(os.environ.get("FUZZ_SEED", "") + name)  # FUZZ_SEED: other mutants
    outcomes: Counter = Counter()
    failures: list[str] = []
    for case in range(cases):
        path = folder / f"{case}-{name}"
        path.write_bytes(make(rng, case))
        try:
            with time_limit(seconds):
                outcomes[check(path, case)] += 1
            path.unlink()
        except (Exception, Hang) as exc:  # noqa: BLE001 - every other outcome is a finding
            failures.append(f"{path}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
    print(f"{name}: {cases} mutants, {dict(outcomes)}, {len(failures)} failures")
    return dict(outcomes), failures
