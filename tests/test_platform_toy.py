"""Crystal Auction, the tests' three-seat toy game, through every layer of the companion with
no shared module naming it: registered only by COMPANION_GAMES (child processes) or in-process
for one test. Its features: a hidden hand, secret choices made at once, a bag draw with
repeats, a d4 + d6 + d12 roll, a bid, and a computer seat (p3, the greedy policy)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine.core import Header
from companion.engine.gamefile import GameRecord, load
from companion.engine.runner import replay
from companion.journal import Journal
from companion.session import RefereeSession, UndoRefused
from tests.toygame.policies import GreedyPolicy, RandomPolicy
from tests.toygame.testing import ROOT, use_toy

SEED = 5
OPTIONS = {"players": 3, "seats": {"p3": "computer:greedy"}}
EXAMPLE = ROOT / "docs" / "examples" / "toy.game"


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    return use_toy(monkeypatch)


def companion(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``companion ARGS`` in a child process that finds the toy game by COMPANION_GAMES."""
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], input=stdin, capture_output=True, text=True, cwd=cwd
    )


def assert_greedy_moves(record: GameRecord, seat: str = "p3") -> int:
    """Every action of ``seat`` is what the greedy policy chooses from that seat's view."""
    engine, state = replay(GameRecord(record.header, []))
    moves = 0
    for action in record.actions:
        prompt = engine.prompt(state)
        if prompt.actor == seat:
            assert action == GreedyPolicy(0)(engine, engine.public_view(state, seat), prompt)
            moves += 1
        engine.apply(state, action, prompt)
    return moves


# ---------------------------------------------------------------------- the command line
def test_companion_games_lists_the_toy_game_with_its_seats():
    done = companion("games", "--json")
    assert done.returncode == 0, done.stderr
    toy = next(g for g in json.loads(done.stdout) if g["id"] == "toy")
    assert toy["title"] == "Crystal Auction" and list(toy["players"]) == [2, 3]


def test_replay_of_the_example_prints_the_summary_and_the_public_state():
    done = companion("replay", str(EXAMPLE), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    summary = out["summary"] if "summary" in out else out
    assert summary["scores"] == {"p1": 11, "p2": 4, "p3": 4} and summary["winner"] == "p1"
    assert "warning" not in done.stderr


def test_replay_upto_and_a_refused_action_as_one_json_object(tmp_path):
    done = companion("replay", str(EXAMPLE), "--json", "--upto", "1")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    public = json.dumps(state.get("state", state))
    assert not any(f'"{card}"' in public for card in ("1", "5", "9"))  # p1's hand is no public state
    bad = tmp_path / "bad.game"
    bad.write_text(EXAMPLE.read_text().replace("p2 bid 2", "p2 bid 9"))
    done = companion("replay", str(bad), "--json")
    assert done.returncode == 2
    refusal = json.loads(done.stdout)
    assert refusal["error"] == "illegal" and refusal["action"] == "p2 bid 9" and refusal["rule"] == "Bidding"
    assert refusal["reason"] == "p2 has 5 coins: a bid of 9 is more than that"


def test_sim_plays_three_seats_with_the_fixed_keys(tmp_path):
    done = companion("sim", "toy", "--players", "3", "--games", "100", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert list(out)[:11] == [
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
    ]
    assert set(out["wins"]) == {"p1", "p2", "p3"} and sum(out["wins"].values()) + out["draws"] == 100
    assert out["draws"] > 0  # equal top scores happen
    assert {"doubled", "free_lots"} <= set(out)  # the game's own statistics
    again = companion("sim", "toy", "--players", "3", "--games", "100", "--seed", "3", "--json")
    timing = ("seconds", "games_per_second", "actions_per_second", "decision_ms")
    assert {k: v for k, v in json.loads(again.stdout).items() if k not in timing} == {
        k: v for k, v in out.items() if k not in timing
    }


def test_play_at_the_terminal_with_a_computer_seat_and_resume(tmp_path):
    """Two people and the computer: each private choice is passed on with Enter; the game file
    is cut short by quitting, then resumed, and ends as the uninterrupted game does."""
    decisions = "\n1\n" * 12  # an Enter for each pass-it-on, then option or bid 1
    whole = tmp_path / "whole.game"
    done = companion(
        "play",
        "toy",
        "--players",
        "3",
        "--seat",
        "p3=computer:greedy",
        "--seed",
        str(SEED),
        "--save",
        str(whole),
        stdin=decisions,
    )
    assert done.returncode == 0, done.stderr
    record = load(whole)
    _, state = replay(record)
    assert state.over and record.header.options == OPTIONS
    assert "pass" in done.stdout.lower()
    for deal in (a for a in record.actions if a.startswith("chance deal")):  # hands are dealt unseen
        assert deal.removeprefix("chance ") not in done.stdout
    assert assert_greedy_moves(record) == 6  # p3 bid and played each round
    cut = tmp_path / "cut.game"
    done = companion(
        "play",
        "toy",
        "--players",
        "3",
        "--seat",
        "p3=computer:greedy",
        "--seed",
        str(SEED),
        "--save",
        str(cut),
        stdin="\n1\n" * 5 + "quit\n",
    )
    assert done.returncode == 0, done.stderr
    assert not replay(load(cut))[1].over
    done = companion("play", "--resume", str(cut), stdin=decisions)
    assert done.returncode == 0, done.stderr
    assert load(cut).actions == record.actions


# ---------------------------------------------------------------------- the session and journal
def session_game(tmp_path: Path) -> RefereeSession:
    session = RefereeSession(Journal(tmp_path / "journal.sqlite"))
    session.new_game(Header("toy", seed=SEED, options=dict(OPTIONS)))
    return session


def play_humans(session: RefereeSession, until=lambda s: False) -> None:
    """The two people decide at random (from their own view) until the game ends or ``until``."""
    rng = RandomPolicy(SEED)
    while not session.engine.is_over(session.state) and not until(session):
        p = session.prompt()
        assert p.actor in ("p1", "p2"), p  # the device and p3 answer themselves
        session.submit(rng(session.engine, session.engine.public_view(session.state, p.actor), p))


def test_the_session_plays_the_device_dice_and_the_computer_seat_and_journals_the_result(tmp_path):
    session = session_game(tmp_path)
    assert session.prompt().kind == "bid"  # three hands dealt, a lot drawn
    play_humans(session)
    journal = Journal(tmp_path / "journal.sqlite")
    (game,) = journal.games()
    assert game["finished"] and game["result"]["scores"] == session.engine.summary(session.state)["scores"]
    record = journal.record(game["id"])
    assert record.actions == session.actions and assert_greedy_moves(record) == 6
    assert [a.split()[1] for a in record.actions if a.startswith("chance")][:5] == ["deal"] * 3 + [
        "draw",
        "roll",
    ]


def test_resume_rebuilds_the_game_and_undo_takes_back_a_bid_but_not_a_computers_public_one(tmp_path):
    session = session_game(tmp_path)
    play_humans(session, until=lambda s: s.prompt().kind == "bid" and s.state.round == 3)
    assert session.prompt().actor == "p1" and session.actions[-1].startswith("p3 bid")  # p3 leads round 3
    before = session.engine.to_json(session.state)
    resumed = RefereeSession(Journal(tmp_path / "journal.sqlite"))
    assert resumed.resume()
    assert resumed.engine.to_json(resumed.state) == before and resumed.actions == session.actions
    with pytest.raises(UndoRefused, match="the computer has answered it"):
        resumed.undo()
    resumed.submit("p1 bid 1")
    after_bid = resumed.engine.to_json(resumed.state)
    assert resumed.undo() == ["p1 bid 1"]
    assert resumed.engine.to_json(resumed.state) == before
    resumed.submit("p1 bid 1")
    assert resumed.engine.to_json(resumed.state) == after_bid  # made again: the same game


def test_undo_steps_back_over_the_computers_secret_choice_but_not_over_a_reveal(tmp_path):
    """Round 2: p2 chooses face down, the computer (p3) at once after it; undo takes back both.
    Round 1 ended with the reveal: that stands."""
    session = session_game(tmp_path)
    play_humans(session, until=lambda s: s.prompt().kind == "pick" and s.state.round == 2)
    assert session.prompt().actor == "p2"
    before = session.engine.to_json(session.state)
    mine = session.prompt().options[0]
    session.submit(mine)
    assert session.prompt().actor == "p1" and session.actions[-1].startswith("p3 play")
    assert session.undo()[0] == mine
    assert session.engine.to_json(session.state) == before
    with pytest.raises(UndoRefused):
        session.undo()  # the roll before it answered


# ---------------------------------------------------------------------- the device
def test_the_device_plays_the_toy_game_on_its_buttons_and_the_key_script_replays(tmp_path):
    from tests.toygame.device_driver import play_on_device

    keys, seen, app = play_on_device(tmp_path / "in-process", SEED)
    assert seen["decided"] == {"number": 6, "list": 6}  # p1 and p2: a bid and a card a round
    assert {seat for seat, _, _ in seen["passes"]} == {"p1", "p2"}
    assert {(screen, title) for seat, screen, title in seen["passes"]} == {
        ("pass_to", "Pass to P1"),
        ("pass_to", "Pass to P2"),
    }
    assert seen["hidden"] == 0  # each secret here is followed by its public result, which hides it
    assert "toy_result" in seen["screens"]  # the game's own result screen
    assert seen["leaks"] == []
    journal = app.session.journal
    (game,) = journal.games()
    assert game["finished"]
    record = journal.record(game["id"])
    assert record.header.options == OPTIONS and assert_greedy_moves(record) == 6

    script = tmp_path / "keys.txt"
    script.write_text("\n".join(keys) + "\n")
    frames, cli_journal = tmp_path / "frames", tmp_path / "cli.sqlite"
    done = companion(
        "run",
        "--emulate",
        "--headless",
        "--keys",
        str(script),
        "--frames",
        str(frames),
        "--journal",
        str(cli_journal),
        "--menu",
        "--seed",
        str(SEED),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(list(frames.glob("*.png"))) > 20
    theirs = Journal(cli_journal)
    (g2,) = theirs.games()
    assert theirs.actions(g2["id"]) == journal.actions(game["id"])
