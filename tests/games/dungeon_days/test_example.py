"""A whole game (docs/examples/dungeon-days.game, greedy against greedy) replays to its stated
result, at the command line too; the computer players see only their own hand."""

import json
import subprocess
import sys
from pathlib import Path

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.gamefile import load
from companion.engine.registry import get_game
from companion.engine.runner import play_out, replay

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "dungeon-days.game"


def test_the_example_game_replays_to_its_stated_result():
    engine, state = replay(load(EXAMPLE))
    summary = engine.summary(state)
    assert summary["over"] and summary["winner"] == "p1" and summary["scores"] == {"p1": 18, "p2": 5}
    assert summary["ended"] == "p1 filled the week"
    assert [d["points"] for d in summary["days"]["p1"]] == [5, 0, 5, 1, 3, 3, 1]


def test_replay_at_the_command_line():
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(EXAMPLE), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == "p1"


class Spy:
    """A policy that checks it never receives another seat's hand."""

    def __init__(self, inner):
        self.inner, self.seen = inner, 0

    def __call__(self, engine, view, prompt):
        hands = [seat["id"] for seat in view["seats"] if "hand" in seat]
        assert hands == [prompt.actor]
        self.seen += 1
        return self.inner(engine, view, prompt)


def test_computer_players_see_only_their_own_hand_at_every_player_count():
    game = get_game("dungeon-days")
    engine = game.load_engine()
    for players in range(2, 7):
        state = engine.new_state(Header("dungeon-days", seed=players, options={"players": players}))
        seats = {f"p{i}": Spy(game.load_policy("greedy")(i)) for i in range(1, players + 1)}
        play_out(engine, state, seats, SeededDice(players), check=True)
        assert state.over and all(spy.seen for spy in seats.values())


def test_the_sim_at_four_players_gives_the_platforms_keys_then_the_games_own():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "sim",
            "dungeon-days",
            "--players",
            "4",
            "--games",
            "8",
            "--seed",
            "5",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    keys = list(result)
    assert keys[:12] == [
        "game",
        "seed",
        "policy",
        "players",
        "games",
        "seconds",
        "games_per_second",
        "actions_per_second",
        "mean_actions_per_game",
        "wins",
        "draws",
        "decision_ms",
    ]
    assert result["players"] == 4 and set(result["wins"]) == set(result["decision_ms"]) == {
        "p1",
        "p2",
        "p3",
        "p4",
    }
    assert keys[12:] == [
        "mean_turns",
        "mean_draws",
        "mean_plays",
        "mean_reshuffles",
        "mean_creatures_removed",
        "mean_winning_score",
        "mean_margin",
        "mean_blocked_days",
        "own_week_end_rate",
        "other_week_end_rate",
        "stalemate_rate",
        "tie_break_rate",
    ]
    assert result["own_week_end_rate"] + result["other_week_end_rate"] + result["stalemate_rate"] == 1
    assert result["mean_winning_score"] > 0
