"""The command line: play at a terminal from a script of keystrokes, replay, sim."""

import io
import json
import subprocess
import sys

from companion.cli import main
from companion.engine.gamefile import load
from companion.engine.runner import replay


def run_cli(monkeypatch, capsys, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def drain_pty(master: int, shown: bytearray, enough=None):
    """Read what a pty shows into ``shown`` until it closes, in a thread (returned, started);
    ``enough`` (an Event) is set once 500 bytes have come."""
    import os
    import threading

    def drain():
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            shown.extend(chunk)
            if enough is not None and len(shown) > 500:
                enough.set()

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    return reader


def test_two_players_finish_a_whole_game_at_the_terminal(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.game"
    # A patient but simple-minded pair of players: option or die 1, else stop, else 2, 3, ...
    keys = "\n".join(["1", "stop", "2", "3", "4", "5", "6", "7"] * 2500) + "\n"
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--seed", "3", "--kicking", "luck", "--save", str(save)], keys
    )
    assert code == 0
    assert "GAME OVER" in out
    assert "H1 clock 29 | down 1" in out  # the status line is shown
    record = load(save)
    _, state = replay(record)
    assert state.over and f"GAME OVER: {state.winner} wins" in out


def test_replay_json_has_the_summary_fields(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.game"
    keys = "\n".join(["1", "stop", "2", "3", "4", "5", "6", "7"] * 2500) + "\n"
    run_cli(monkeypatch, capsys, ["play", "--seed", "5", "--kicking", "luck", "--save", str(save)], keys)
    code, out, _ = run_cli(monkeypatch, capsys, ["replay", str(save), "--json"])
    assert code == 0
    summary = json.loads(out)
    for key in ("score", "half", "clock", "down", "ball", "possession", "momentum", "over", "winner"):
        assert key in summary
    assert summary["over"] is True and summary["winner"] in ("p1", "p2")
    assert set(summary["score"]) == {"p1", "p2"} and set(summary["momentum"]) == {"p1", "p2"}


def test_manual_dice_asks_for_every_face_and_refuses_a_wrong_one(monkeypatch, capsys, tmp_path):
    save = tmp_path / "manual.game"
    keys = "\n".join(["1", "1", "1", "dragon", "heads", "1", "1", "1", "1"]) + "\n"
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--dice", "manual", "--seed", "1", "--save", str(save)], keys
    )
    assert code == 0
    assert "'dragon' is not a face of the coin die" in out
    assert "chance coin heads" in load(save).actions
    assert "stopped; resume with" in out


def test_undo_takes_back_the_last_decision(monkeypatch, capsys, tmp_path):
    save = tmp_path / "undo.game"
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--seed", "1", "--save", str(save)], "1\n2\nundo\n")
    assert "undone: p2 team skeletons" in out
    assert load(save).actions == ["p1 team goblins"]


def test_resume_continues_a_saved_game(monkeypatch, capsys, tmp_path):
    save = tmp_path / "resume.game"
    run_cli(monkeypatch, capsys, ["play", "--seed", "1", "--save", str(save)], "1\n1\n")
    assert len(load(save).actions) == 2
    run_cli(monkeypatch, capsys, ["play", "--resume", str(save)], "1\n")
    actions = load(save).actions
    assert actions[:3] == ["p1 team goblins", "p2 team orcs", "p1 call heads"]
    # Digital dice depend on the seed and the action number only: the same coin as without a break.
    straight = tmp_path / "straight.game"
    run_cli(monkeypatch, capsys, ["play", "--seed", "1", "--save", str(straight)], "1\n1\n1\n")
    assert load(straight).actions[:4] == actions[:4]


def test_sim_json_reports_the_numbers(monkeypatch, capsys):
    code, out, _ = run_cli(
        monkeypatch, capsys, ["sim", "dungeon-ball", "--games", "20", "--seed", "7", "--json"]
    )
    assert code == 0
    d = json.loads(out)
    for key in (
        "games",
        "seconds",
        "games_per_second",
        "actions_per_second",
        "mean_points_per_game",
        "touchdowns",
        "field_goals",
        "overtime_games",
    ):
        assert key in d
    assert d["games"] == 20 and d["wins"]["p1"] + d["wins"]["p2"] == 20
    again = json.loads(run_cli(monkeypatch, capsys, ["sim", "--games", "20", "--seed", "7", "--json"])[1])
    assert (again["touchdowns"], again["field_goals"]) == (d["touchdowns"], d["field_goals"])  # same seeds


def test_errors_are_one_clear_line_and_exit_2(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text('game = "dungeon-ball"\nseed = 1\n---\np1 team orcs\np1 team orcs\n')
    code, _, err = run_cli(monkeypatch, capsys, ["replay", str(bad)])
    assert code == 2 and "action 2 ('p1 team orcs') was refused" in err
    code, _, err = run_cli(monkeypatch, capsys, ["sim", "chess"])
    assert code == 2 and "unknown game 'chess'" in err


def test_the_console_script_runs():
    out = subprocess.run(
        [sys.executable, "-m", "companion", "--help"], capture_output=True, text=True, check=True
    )
    assert "play" in out.stdout and "replay" in out.stdout and "sim" in out.stdout


# ---------------------------------------------------------------- what a new user typed
def test_help_prints_the_whole_explanation(monkeypatch, capsys, tmp_path):
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--seed", "1", "--save", str(tmp_path / "h.game")], "help\n"
    )
    assert code == 0
    assert "Type the number of an option" in out and "companion play --resume FILE continues the game." in out
    assert "undo (or u)" in out and "Case does not matter" in out


def test_quit_at_a_dice_prompt_stops_the_game(monkeypatch, capsys, tmp_path):
    save = tmp_path / "q.game"
    code, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "--dice", "manual", "--seed", "1", "--save", str(save)],
        "1\n1\n1\nquit\n",
    )
    assert code == 0 and "enter 1 value [heads tails]" in out
    assert "stopped; resume with" in out and "!" not in out.split("enter 1 value")[1]
    assert load(save).actions == ["p1 team goblins", "p2 team orcs", "p1 call heads"]


def test_input_is_not_case_sensitive(monkeypatch, capsys, tmp_path):
    save = tmp_path / "case.game"
    code, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "--dice", "manual", "--seed", "1", "--save", str(save)],
        "ORCS\nP2 TEAM Goblins\nHEADS\nTails\n",
    )
    assert code == 0 and "!" not in out
    assert load(save).actions == ["p1 team orcs", "p2 team goblins", "p1 call heads", "chance coin tails"]


def test_the_last_word_of_an_option_is_enough(monkeypatch, capsys, tmp_path):
    """`right` is `p1 move right` at the pawn prompt; a word that names two options is not guessed."""
    from companion.terminal import match_option

    save = tmp_path / "pawn.game"
    keys = "1\n1\n1\noffense\nhigh\nluck\nluck\n\npass\n\nred-1\n"  # teams, call, start, end zone, kicking, whistle and defence (each passed)
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--seed", "2", "--save", str(save)], keys + "right\n"
    )
    assert code == 0 and "move your pawn" in out
    assert "p1 move right" in load(save).actions
    assert match_option("right", "p1", ("p1 move up", "p1 move right")) == "p1 move right"
    assert match_option("p1 right", "p1", ("p1 move up", "p1 move right")) == "p1 move right"
    assert match_option("1", "p1", ("p1 reroll 1", "p1 pick 1")) is None


def test_q_on_the_keyboard_sets_quit_and_still_reaches_the_callback():
    import os
    import queue

    from drivers.inputs.keyboard import KeyboardInput

    r, w = os.pipe()
    other: list[str] = []
    kb = KeyboardInput(queue.Queue(), fd=r, threaded=False, on_other_key=other.append)
    try:
        os.write(w, b"w")
        kb.pump(1.0)
        assert not kb.quit_pressed.is_set()
        os.write(w, b"q")
        assert kb.pump(1.0) == [] and kb.quit_pressed.is_set() and other == ["q"]
    finally:
        kb.close()
        os.close(r)
        os.close(w)


def test_q_quits_the_terminal_emulator(tmp_path):
    """`companion run` in a real terminal (a pty): the panel is drawn, q ends it with exit 0."""
    import os
    import threading

    master, slave = os.openpty()
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path),
        COMPANION_CONFIG=str(tmp_path / "none.toml"),
        COLUMNS="140",
        LINES="40",
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--emulate",
            "--menu",
            "--journal",
            str(tmp_path / "j.sqlite"),
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    shown = bytearray()
    drawn = threading.Event()
    drain_pty(master, shown, drawn)
    try:
        assert drawn.wait(60), bytes(shown[-300:])
        os.write(master, b"q")
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def test_undo_stops_where_the_dice_answered(monkeypatch, capsys, tmp_path):
    save = tmp_path / "undo.game"
    # teams, then the coin call: the digital coin answers it at once
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--seed", "1", "--save", str(save)], "1\n2\n1\nundo\n"
    )
    assert "no undo: the dice have answered it" in out
    assert load(save).actions[-1].startswith("chance coin ")


# ---------------------------------------------------------------- any registered game
def test_games_lists_every_registered_game_with_its_seats(monkeypatch, capsys):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    code, out, _ = run_cli(monkeypatch, capsys, ["games"])
    assert code == 0
    lines = {line.split()[0]: " ".join(line.split()[1:]) for line in out.splitlines() if line.strip()}
    assert lines["dungeon-ball"] == (
        "Dungeon Ball (1-2 players; computer players: random, uniform, coach, planner, planner-strong)"
    )
    assert lines["toy"] == "Crystal Auction (2-3 players; computer players: random, greedy)"
    titles = [line.index(" ".join(line.split()[1:])) for line in out.splitlines() if line.strip()]
    assert len(set(titles)) == 1  # the titles line up, whatever the longest id
    code, out, _ = run_cli(monkeypatch, capsys, ["games", "--json"])
    toy = {g["id"]: g for g in json.loads(out)}["toy"]
    assert (
        toy["players"] == [2, 3]
        and toy["policies"] == ["random", "greedy"]
        and toy["options"] == {"rounds": 3}
    )


def test_sim_json_keys_are_fixed_for_every_game_and_a_drawn_game_counts_as_a_draw(monkeypatch, capsys):
    from companion.sim import SCHEMA
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    for argv in (["sim", "dungeon-ball", "--games", "5"], ["sim", "toy", "--players", "3", "--games", "60"]):
        code, out, _ = run_cli(monkeypatch, capsys, argv + ["--seed", "3", "--json"])
        assert code == 0
        d = json.loads(out)
        assert tuple(d)[: len(SCHEMA)] == SCHEMA
        assert (
            set(d["wins"]) == {"p1", "p2", "p3"}.intersection(d["wins"])
            and sum(d["wins"].values()) + d["draws"] == d["games"]
        )
    assert d["players"] == 3 and set(d["wins"]) == {"p1", "p2", "p3"} and d["draws"] > 0
    assert tuple(d)[len(SCHEMA) :] == ("doubled", "free_lots", "crystal_points", "duel_points")


def test_sim_seats_play_their_own_policy(monkeypatch, capsys):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    code, out, _ = run_cli(
        monkeypatch, capsys, ["sim", "toy", "--seat", "p2=computer:greedy", "--games", "30", "--json"]
    )
    d = json.loads(out)
    assert code == 0 and d["policy"] == "p1=random p2=greedy" and d["players"] == 2
    code, out, _ = run_cli(
        monkeypatch, capsys, ["sim", "toy", "--policy", "greedy", "--games", "30", "--json"]
    )
    assert json.loads(out)["policy"] == "greedy" and json.loads(out)["wins"] != d["wins"]


def test_sim_text_names_the_seats_wins_draws_and_the_games_own_numbers(monkeypatch, capsys):
    code, out, _ = run_cli(monkeypatch, capsys, ["sim", "--games", "3", "--seed", "2"])
    assert code == 0
    assert out.startswith("3 games of dungeon-ball (2 players, random policy, seeds 2..4)")
    assert "wins p1 " in out and ", draws 0" in out and "touchdowns" in out


def test_a_long_sim_shows_a_progress_bar_on_a_terminal_only(tmp_path):
    """stderr a real terminal (a pty): the bar is drawn there; stderr a pipe: nothing."""
    import fcntl
    import os
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal's size
    argv = [sys.executable, "-m", "companion", "sim", "--games", "40", "--json"]
    drawn = bytearray()
    reader = drain_pty(master, drawn)
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    reader.join()
    os.close(master)
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 40
    assert b"dungeon-ball" in drawn and b"40/40" in drawn and b"game/s" in drawn
    piped = subprocess.run(argv, capture_output=True, text=True)
    assert piped.returncode == 0 and piped.stderr == ""


def test_help_starts_without_the_service_config_engines_or_pillow():
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    modules = {
        line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")
    }
    assert "companion.cli" in modules and "play" in done.stdout and "run" in done.stdout
    heavy = {
        m
        for m in modules
        if m.startswith(
            (
                "companion.device.service",
                "companion.device.doctor",
                "companion.device.config",
                "companion.session",
                "companion.device.app",
                "companion.engine.runner",
                "PIL",
                "numpy",
            )
        )
        or m.endswith(".engine")
        and m.startswith("companion.games")
    }
    assert heavy == set()
    assert not any(m.startswith("companion.games") for m in modules)  # no game is even looked up


def test_every_argument_has_a_help_text():
    import argparse

    from companion.cli import build_parser

    def walk(parser, path):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help for a in action._choices_actions}
                for name, sub in action.choices.items():
                    assert helps.get(name), f"{path} {name}: no help"
                    yield from walk(sub, f"{path} {name}")
            elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                yield path, action

    missing = set()
    for command in ("games", "play", "sim", "replay", "run", "doctor", "dice", "kick"):
        missing |= {
            f"{path} {'/'.join(a.option_strings) or a.dest}"
            for path, a in walk(build_parser([command]), "companion")
            if not a.help
        }
    assert sorted(missing) == []


def test_replay_json_has_the_whole_public_state_and_upto_stops_early(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, ["replay", "docs/examples/short-game.game", "--json"])
    d = json.loads(out)
    assert code == 0 and err == ""  # no "another version of pack" warning
    assert (
        d["actions"] == len(load("docs/examples/short-game.game").actions)
        and d["winner"] == "p2"
        and d["scores"] == {"p1": 3, "p2": 7}
    )
    state = d["state"]
    assert state["over"] is True and isinstance(state["players"][0]["hand"], int)  # hands as counts
    assert {"ball", "play", "players", "final_play"} <= set(state)
    assert {"pawn", "hand", "discarded", "kicking", "momentum"} <= set(state["players"][0])
    code, out, _ = run_cli(
        monkeypatch, capsys, ["replay", "docs/examples/short-game.game", "--json", "--upto", "7"]
    )
    d = json.loads(out)
    assert code == 0 and d["actions"] == 7 and d["over"] is False
    assert d["state"]["play"]["defense_card"] == "hidden"  # p1's face-down red-2, not yet revealed
    code, out, _ = run_cli(monkeypatch, capsys, ["replay", "docs/examples/short-game.game", "--upto", "7"])
    assert "after 7 actions; next: p2: move your pawn" in out


def test_replay_of_a_refused_action_prints_one_json_object_and_exits_2(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text('game = "dungeon-ball"\nseed = 1\n---\np1 team orcs\n# a note\np1 team orcs\n')
    code, out, err = run_cli(monkeypatch, capsys, ["replay", str(bad), "--json"])
    assert code == 2
    refusal = json.loads(out)
    assert list(refusal) == ["error", "index", "action", "reason", "rule"]
    assert refusal["error"] == "illegal" and refusal["index"] == 2 and refusal["action"] == "p1 team orcs"
    assert refusal["reason"] and f"{bad}:6: action 2 ('p1 team orcs') was refused" in err


# ---------------------------------------------------------------- the terminal, any game
def test_a_secret_choice_is_passed_on_first_and_cleared_after(monkeypatch, capsys, tmp_path):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    save = tmp_path / "toy.game"
    keys = "2\n1\n4\n1\n1\n\n1\n\n1\nquit\n"  # bids, the roll's three dice, then the duel
    code, out, _ = run_cli(
        monkeypatch, capsys, ["play", "toy", "--dice", "manual", "--seed", "5", "--save", str(save)], keys
    )
    assert code == 0
    actions = load(save).actions
    assert actions[actions.index("p1 play 5") + 1] == "p2 play 2"
    for deal in (a for a in actions if a.startswith("chance deal")):  # the device deals unseen
        assert deal.removeprefix("chance ") not in out
    assert "[deal: 3 to p1, hidden]" in out
    before, after = out.split("Secret choice for P1: pass to P1 and press Enter", 1)
    assert "p1 play" not in before  # nothing secret before the pass
    shown, rest = after.split("P1 has chosen.", 1)
    assert "p1 play 5" in shown and shown.endswith("\n" * 40)  # the screen is cleared after
    assert "p1 play" not in rest and "Secret choice for P2: pass to P2" in rest


def test_mixed_dice_are_entered_die_by_die_each_from_its_own_faces(monkeypatch, capsys, tmp_path):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    save = tmp_path / "toy.game"
    code, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "toy", "--dice", "manual", "--seed", "5", "--save", str(save)],
        "2\n1\n4\n9\n6\n12\nquit\n",
    )
    assert code == 0
    assert "d4 [1 2 3 4]: " in out and "! '9' is not a face of the d6" in out and "d12 [1 2 3" in out
    assert load(save).actions[-1] == "chance roll 4 6 12"


def test_a_computer_seat_plays_from_its_own_view_and_undo_stops_at_its_public_move(
    monkeypatch, capsys, tmp_path
):
    from companion.engine.runner import replay as rebuild
    from tests.toygame.policies import GreedyPolicy
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    save = tmp_path / "toy.game"
    code, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "toy", "--players", "3", "--seat", "p2=computer:greedy", "--seed", "5", "--save", str(save)],
        "1\nundo\nquit\n",
    )
    assert code == 0
    record = load(save)
    assert record.header.options == {"players": 3, "seats": {"p2": "computer:greedy"}}
    bid = record.actions.index("p1 bid 1")
    engine, state = rebuild(type(record)(record.header, record.actions[: bid + 1]))
    prompt = engine.prompt(state)
    assert prompt.actor == "p2"
    expected = GreedyPolicy(5 * 1_000_003 + bid + 1)(engine, engine.public_view(state, "p2"), prompt)
    assert record.actions[bid + 1] == expected and f"p2 (computer) > {expected}" in out
    assert "no undo: a computer player has answered it" in out


def test_output_into_a_closed_pipe_ends_quietly(tmp_path):
    """`companion play ... | head -3`: the reader goes away; no error, no traceback, exit 0."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--seed", "3", "--save", str(tmp_path / "g.game")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.readline()
    proc.stdout.close()  # the reader is gone
    _, err = proc.communicate("1\n".join([""] * 3000).encode())
    assert proc.returncode == 0 and err == b""


def test_undo_takes_a_computers_secret_choice_back_with_the_decision_before_it(monkeypatch, capsys, tmp_path):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    save = tmp_path / "toy.game"
    keys = "1\n1\n\n1\n\nundo\nquit\n"  # bids; P1's duel card; P3 undoes instead of choosing
    code, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "toy", "--players", "3", "--seat", "p2=computer", "--seed", "5", "--save", str(save)],
        keys,
    )
    assert code == 0
    assert "p2 (computer) chose, face down" in out
    assert "undone: p1 play 5 (and 1 computer choice)" in out
    actions = load(save).actions
    assert not any(" play " in a for a in actions) and actions[-1].startswith("chance roll")


def test_with_no_game_named_the_configured_default_is_played_not_the_first_by_name(monkeypatch, tmp_path):
    from companion.device.config import default_game_id

    known = ["dungeon-allies", "dungeon-ball"]
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    assert default_game_id(known) == "dungeon-ball"  # config/device.toml's [game] default
    local = tmp_path / "device.toml"
    local.write_text('[game]\ndefault = "dungeon-allies"\n')
    monkeypatch.setenv("COMPANION_CONFIG", str(local))
    assert default_game_id(known) == "dungeon-allies"
    assert default_game_id(["toy"]) == "toy" and default_game_id([]) == ""
