"""Every game's action vocabulary is documented with an example line each, and each example is
a line the engine accepted: seeded games (random legal play, no concession) and the game's
example file are replayed, and every documented line must be among their actions, every verb
they used among the documented ones."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from pathlib import Path

import pytest

from companion.engine.core import CHANCE, Header
from companion.engine.dice import SeededDice
from companion.engine.gamefile import load
from companion.engine.registry import get_game

ROOT = Path(__file__).resolve().parents[1]
ALL = {"abilities": True, "group_throws": True, "counter_attack": True, "mascots": True, "coach_cards": True}
# game: (its doc, its example file, [(options, how many seeded games)])
GAMES = {
    "dodgeball": (
        "docs/dodgeball.md",
        "docs/examples/dodgeball.game",
        [
            (ALL, 4),
            ({"draft": True, "mascots": True, "coach_cards": True}, 3),
            (
                {
                    "build": True,
                    "cards": "table",
                    "mascots": True,
                    "coach_cards": True,
                    "counter_attack": True,
                },
                3,
            ),
        ],
    ),
    "dungeon-days": (
        "docs/dungeon-days.md",
        "docs/examples/dungeon-days.game",
        [({"players": 3}, 5), ({"players": 2, "mode": "score"}, 2)],
    ),
    "dungeon-allies": (
        "docs/dungeon-allies.md",
        "docs/examples/dungeon-allies.game",
        [({"players": 3}, 3), ({"players": 2, "board": "real"}, 2)],
    ),
    # Regeneration is offered only to the teams the option names (none by default)
    "dungeonbowl": (
        "docs/dungeonbowl.md",
        "docs/examples/dungeonbowl.game",
        [({}, 6), ({"regeneration": "both"}, 6)],
    ),
    "dungeon-ball": (
        "docs/game-files.md",
        "docs/examples/short-game.game",
        [({}, 12), ({"players": 1, "solo": "III"}, 2)],
    ),
}


def documented(doc: str) -> list[str]:
    """The example lines of a doc's vocabulary table (its ``example`` column: one line a row, or
    two for a row of two verbs)."""
    text = (ROOT / doc).read_text()
    table = text.split("<!-- vocabulary:start -->")[1].split("<!-- vocabulary:end -->")[0]
    rows = [
        [c.strip() for c in re.split(r"(?<!\\)\|", line.strip()[1:-1])] for line in table.strip().splitlines()
    ]
    column = rows[0].index("example")
    return [line for row in rows[2:] for line in re.findall(r"`([^`]+)`", row[column])]


def played(game_id: str, example: str, runs) -> set[str]:
    """Every action of the example file and of seeded games of random legal play (a coach
    concedes only in one game in four, or the games would be short)."""
    game = get_game(game_id)
    engine = game.load_engine()
    lines = set(load(str(ROOT / example)).actions)
    for options, count in runs:
        for seed in range(count):
            s = engine.new_state(Header(game_id, seed=seed, options=options))
            dice, rng = SeededDice(seed), random.Random(seed)
            for _ in range(3000):
                if engine.is_over(s):
                    break
                p = engine.prompt(s)
                if p.actor == CHANCE:
                    action = dice.answer(p)
                else:
                    options_now = list(p.options) if p.options else engine.legal_actions(s)
                    keep = [o for o in options_now if seed % 4 == 3 or o.split()[1:2] != ["concede"]]
                    action = rng.choice(keep or options_now)
                engine.apply(s, action)
                lines.add(action)
    return lines


def verb(line: str) -> tuple[str, str]:
    words = line.split()
    return ("chance" if words[0] == CHANCE else "pN", words[1])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_example_line_was_played_and_every_verb_played_is_documented(game_id):
    doc, example, runs = GAMES[game_id]
    examples = documented(doc)
    lines = played(game_id, example, runs)
    assert [e for e in examples if e not in lines] == []
    verbs = defaultdict(list)
    for line in lines:
        verbs[verb(line)].append(line)
    missing = {v: min(ls, key=len) for v, ls in verbs.items() if v not in {verb(e) for e in examples}}
    assert missing == {}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_documents_its_vocabulary_one_example_a_row(game_id):
    examples = documented(GAMES[game_id][0])
    assert len(examples) >= 6 and len(set(examples)) == len(examples)
