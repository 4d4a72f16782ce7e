"""Dungeon Days at the terminal: the keyboard is passed before each turn, the boards are printed
as a table with the player's own hand, never another's; a whole game ends."""

import io
import sys

from companion.cli import main
from companion.engine.gamefile import load
from companion.engine.runner import replay


def run(monkeypatch, capsys, argv, stdin):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def test_a_whole_game_against_two_computers(monkeypatch, capsys, tmp_path):
    save = tmp_path / "days.game"
    # pass the keyboard (Enter), then the last option offered (usually a play), many times over
    keys = "\n".join(["", "2", "1"] * 400) + "\n"
    code, out = run(
        monkeypatch,
        capsys,
        [
            "play",
            "dungeon-days",
            "--players",
            "3",
            "--seat",
            "p2=computer",
            "--seat",
            "p3=computer",
            "--seed",
            "2",
            "--save",
            str(save),
        ],
        keys,
    )
    assert code == 0 and "GAME OVER" in out
    assert "Hand for P1: pass to P1" in out
    assert "p1 hand:" in out and "p2 hand:" not in out and "p3 hand:" not in out
    assert "  p2   " in out and "Mon         Tue" in out  # every board in the table
    _, state = replay(load(save))
    assert state.over


def test_the_scorer_at_the_terminal(monkeypatch, capsys, tmp_path):
    days = ["add elf", "add invisibility", "add orc", "next", "add mimic", "next"] + ["next"] * 5
    keys = "\n".join(days + ["add dragon", "next"] + ["next"] * 6) + "\n"
    code, out = run(
        monkeypatch,
        capsys,
        [
            "play",
            "dungeon-days",
            "--option",
            "mode=score",
            "--seed",
            "1",
            "--save",
            str(tmp_path / "score.game"),
        ],
        keys,
    )
    assert code == 0
    assert "why=MIM=ELF 4" in out and "GAME OVER: p1 wins 11-7" in out  # the Elf under the Invisibility
