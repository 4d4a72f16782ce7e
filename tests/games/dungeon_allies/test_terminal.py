"""Dungeon Allies at the terminal and in the sim, through the command line as a person uses it."""

import io
import json
import sys

from companion.cli import main
from companion.engine.gamefile import load
from companion.engine.runner import replay


def run(monkeypatch, capsys, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def test_one_person_and_two_computers_finish_a_game_at_the_terminal(monkeypatch, capsys, tmp_path):
    save = tmp_path / "allies.game"
    code, out = run(
        monkeypatch,
        capsys,
        [
            "play",
            "dungeon-allies",
            "--players",
            "3",
            "--seat",
            "p2=computer",
            "--seat",
            "p3=computer",
            "--seed",
            "4",
            "--save",
            str(save),
        ],
        "1\n" * 3000,
    )  # always the first option
    assert code == 0 and "GAME OVER: " in out
    assert "round 1 turn 1 | place |" in out and "place a die (d6/d4)" in out
    engine, state = replay(load(save))
    assert engine.is_over(state) and state.removed == 28
    assert out.rstrip().endswith(
        f"GAME OVER: {engine.summary(state)['winner']} wins "
        + "-".join(str(v) for v in engine.summary(state)["scores"].values())
    )


def test_the_sim_gives_the_platforms_keys_then_the_games_own(monkeypatch, capsys):
    code, out = run(
        monkeypatch,
        capsys,
        ["sim", "dungeon-allies", "--players", "4", "--games", "5", "--seed", "3", "--json"],
    )
    result = json.loads(out)
    assert code == 0 and result["players"] == 4 and result["games"] == 5
    assert list(result)[:3] == ["game", "seed", "policy"] and result["policy"] == "sensible"
    assert {"mean_turns", "mean_combats", "victory_rate", "mean_gold_bid", "tie_break_rate"} <= set(result)
    assert result["mean_combats"] == 28.0  # every monster is fought once


def test_a_typed_placement_is_refused_with_its_rule_and_asked_again(monkeypatch, capsys, tmp_path):
    code, out = run(
        monkeypatch,
        capsys,
        [
            "play",
            "dungeon-allies",
            "--players",
            "2",
            "--seat",
            "p2=computer",
            "--seed",
            "3",
            "--save",
            str(tmp_path / "typed.game"),
        ],
        "1\nd4 sorcerer9\nd6 y1\n",
    )
    assert code == 0
    assert "! no sorcerer card on 'sorcerer9'  (rule: Sorcerer)" in out
    assert "* placed: seat=p1, die=d6, space=y1" in out
