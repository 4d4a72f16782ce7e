"""Game files of all five games, mutated (header and actions): `replay` answers each with its
result (exit 0) or a message naming the file (exit 2). No traceback, no hang."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from companion.cli import main
from tests.fuzz.mutate import fuzz, mutate

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FILES = ["dodgeball.game", "dungeon-allies.game", "short-game.game", "dungeon-days.game", "dungeonbowl.game"]
CASES = int(os.environ.get("FUZZ_CASES", "80"))


def action_mutation(text: str, rng: random.Random) -> str:
    """A word of one action line swapped for a word of another, or a number made extreme."""
    head, sep, body = text.partition("\n---\n")
    lines = body.split("\n")
    code = [i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")]
    if not sep or not code:
        return text
    words = [w for i in code for w in lines[i].split()]
    i = rng.choice(code)
    parts = lines[i].split()
    k = rng.randrange(len(parts))
    parts[k] = rng.choice(words + ["-1", "99999999999999999999", "０", "é", "p9", "nan", ""])
    lines[i] = " ".join(parts)
    if rng.random() < 0.2:
        lines.insert(rng.choice(code), lines[i])
    return head + sep + "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_a_mutated_game_file_is_replayed_or_refused_naming_the_file(tmp_path, capsys, name):
    text = (EXAMPLES / name).read_text(encoding="utf-8")

    def make(rng, case):
        mutant = action_mutation(text, rng) if rng.random() < 0.6 else text
        return mutate(mutant, rng) if rng.random() < 0.6 else mutant.encode()

    def check(path, case):
        code = main(["replay", str(path)])
        _, err = capsys.readouterr()
        assert code in (0, 2), f"exit {code}"
        if code == 2:
            assert re.search(rf"{re.escape(str(path))}|companion: ", err) and "Traceback" not in err, err
        return "replayed" if code == 0 else "refused"

    _outcomes, failures = fuzz(tmp_path, name, CASES, make, check)
    assert not failures, "\n".join(failures[:5])
