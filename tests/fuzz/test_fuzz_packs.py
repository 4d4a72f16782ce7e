"""The packs of all five games, mutated: each mutant is refused as a pack error naming the file,
or accepted and then a whole game with computer players ends. No other exception, no hang.
(FUZZ_CASES sets the mutants per game; the failing ones are kept for a rerun.)"""
from __future__ import annotations

import os
import random
import traceback

import pytest

from companion.engine.registry import get_game
from companion.packs import CONFIG_DIR, PackError
from companion.sim import simulate
from tests.fuzz.mutate import Hang, mutate, time_limit
from tests.fuzz.packs import GAMES

CASES = int(os.environ.get("FUZZ_CASES", "60"))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_pack_is_refused_naming_the_file_or_plays_to_an_end(tmp_path, game):
    text = (CONFIG_DIR / f"{game}.toml").read_text(encoding="utf-8")
    rng = random.Random(f"pack {game}")
    failures, refused, played = [], 0, 0
    for case in range(CASES):
        path = tmp_path / f"{game}-{case}.toml"
        path.write_bytes(mutate(text, rng))
        try:
            with time_limit(60):
                try:
                    get_game(game).load_engine(str(path))
                except PackError as exc:
                    assert str(exc).startswith(f"{path}"), f"the error does not name the file: {exc}"
                    refused += 1
                    path.unlink()
                    continue
                simulate(game, 1, case, policy="random", pack=str(path), progress=False)
                played += 1
                path.unlink()
        except (Exception, Hang) as exc:  # noqa: BLE001 - every other outcome is a finding
            failures.append(f"{path}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
    print(f"{game}: {CASES} mutants, {refused} refused, {played} played to an end, {len(failures)} failures")
    assert not failures, "\n".join(failures[:5])
