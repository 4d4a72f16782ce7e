"""``companion odds FILE [--upto N] [--json]``: an answer at every decision of each game's
example file, the JSON the way it is documented, and bad input refused by name."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.engine.gamefile import load
from tests.odds.helpers import EXAMPLES, decisions

FILES = [
    "short-game.game",
    pytest.param("dodgeball.game", marks=pytest.mark.slow),
    pytest.param("dungeon-allies.game", marks=pytest.mark.slow),
    "dungeon-days.game",
    "dungeonbowl.game",
]


def odds(capsys, *argv):
    code = main(["odds", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", FILES)
def test_odds_answers_at_every_decision_of_the_example_file(name, capsys):
    record = load(EXAMPLES / name)
    seen = 0
    for upto, _engine, _s in decisions(name):
        code, out, err = odds(capsys, EXAMPLES / name, "--upto", upto, "--json")
        assert code == 0, err
        advice = json.loads(out)
        assert set(advice) == {"seat", "prompt", "options", "best", "why", "exact", "samples"}
        actions = [o["action"] for o in advice["options"]]
        assert len(actions) == len(set(actions)) and advice["best"] in actions
        taken = sorted(record.actions[upto].split())
        assert taken in [sorted(a.split()) for a in actions], record.actions[upto]
        for o in advice["options"]:
            assert set(o) <= {"action", "p", "mean", "what", "error"} and o["what"]
            assert o["p"] is None or 0 <= o["p"] <= 1
        assert advice["exact"] == (advice["samples"] == 0)
        seen += 1
    assert seen > 5


def test_the_text_names_the_best_option_and_whether_it_is_exact(capsys):
    code, out, _ = odds(capsys, EXAMPLES / "short-game.game", "--upto", 22)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "p2, final play: run a play or kick?"
    assert "best: p2 hail-mary:" in out and lines[-1] == "exact"
    assert any("p2 hail-mary" in line and "23.7%" in line for line in lines)


def test_a_card_window_whose_chances_tie_says_the_mean_decided(capsys):
    """Every card leaves the play's chance at 100 %; the best is the one that meets it fewest
    times, and the reason says so (it named the chance alone)."""
    code, out, _ = odds(capsys, EXAMPLES / "short-game.game", "--upto", 20, "--json")
    answer = json.loads(out)
    assert code == 0 and len({o["p"] for o in answer["options"]}) == 1
    best = next(o for o in answer["options"] if o["action"] == answer["best"])
    assert best["mean"] == min(o["mean"] for o in answer["options"])
    assert "then the fewest times" in answer["why"]


def test_a_chance_to_come_or_a_finished_game_has_no_decision(capsys):
    code, out, err = odds(capsys, EXAMPLES / "short-game.game", "--upto", 3, "--json")
    assert code == 1 and json.loads(out)["error"] == "no decision" and "chance decides next" in err
    code, out, err = odds(capsys, EXAMPLES / "short-game.game")
    assert code == 1 and "the game is over" in err


def test_upto_past_the_end_is_refused_by_name(capsys):
    code, out, err = odds(capsys, EXAMPLES / "short-game.game", "--upto", 999)
    assert code == 2 and "--upto 999" in err and "has only" in err and out == ""


def test_a_refused_action_names_its_line(capsys, tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text((EXAMPLES / "short-game.game").read_text().replace("p1 call tails", "p1 call edge"))
    code, out, err = odds(capsys, bad, "--json")
    assert code == 2 and f"{bad}:" in err and "call edge" in err and out == ""


def test_the_documented_example_is_what_the_command_says(capsys):
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "odds.md").read_text()
    shown = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    code, out, _ = odds(capsys, EXAMPLES / "short-game.game", "--upto", 22, "--json")
    real = json.loads(out)
    assert code == 0 and shown["best"] == real["best"] and shown["seat"] == real["seat"]
    assert [(o["action"], o["p"], o["mean"]) for o in shown["options"]] == [
        (o["action"], o["p"], o["mean"]) for o in real["options"]
    ]


@pytest.mark.slow
def test_a_sampled_answer_is_the_same_in_every_process():
    """Dungeon Days is sampled: two processes with different hash seeds print the same JSON."""
    import os
    import subprocess
    import sys

    outs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "companion",
                "odds",
                str(EXAMPLES / "dungeon-days.game"),
                "--upto",
                "11",
                "--json",
            ],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outs.add(done.stdout)
    assert len(outs) == 1 and json.loads(outs.pop())["exact"] is False
