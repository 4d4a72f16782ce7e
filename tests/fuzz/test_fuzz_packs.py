"""The packs of all five games, mutated: each mutant is refused as a pack error naming the file,
or accepted and then a whole game with computer players ends. No other exception, no hang.
(FUZZ_CASES sets the mutants per game; the failing ones are kept for a rerun.)"""

from __future__ import annotations

import os

import pytest

from companion.engine.registry import get_game
from companion.packs import CONFIG_DIR, PackError
from companion.sim import simulate
from tests.fuzz.mutate import fuzz, mutate
from tests.fuzz.packs import GAMES

CASES = int(os.environ.get("FUZZ_CASES", "60"))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_pack_is_refused_naming_the_file_or_plays_to_an_end(tmp_path, game):
    text = (CONFIG_DIR / f"{game}.toml").read_text(encoding="utf-8")

    def check(path, case):
        try:
            get_game(game).load_engine(str(path))
        except PackError as exc:
            assert str(exc).startswith(f"{path}"), f"the error does not name the file: {exc}"
            return "refused"
        simulate(game, 1, case, policy="random", pack=str(path), progress=False)
        return "played to an end"

    _outcomes, failures = fuzz(tmp_path, f"{game}.toml", CASES, lambda rng, case: mutate(text, rng), check)
    assert not failures, "\n".join(failures[:5])
