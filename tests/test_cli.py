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


def test_two_players_finish_a_whole_game_at_the_terminal(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.game"
    # A patient but simple-minded pair of players: option or die 1, else stop, else 2, 3, ...
    keys = "\n".join(["1", "stop", "2", "3", "4", "5", "6", "7"] * 2500) + "\n"
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--seed", "3", "--kicking", "luck", "--save", str(save)], keys)
    assert code == 0
    assert "GAME OVER" in out
    assert "H1 clock 29 | down 1" in out                    # the status line is shown
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
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--dice", "manual", "--seed", "1", "--save", str(save)], keys)
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
    code, out, _ = run_cli(monkeypatch, capsys, ["sim", "dungeon-ball", "--games", "20", "--seed", "7", "--json"])
    assert code == 0
    d = json.loads(out)
    for key in ("games", "seconds", "games_per_second", "actions_per_second", "mean_points_per_game",
                "touchdowns", "field_goals", "overtime_games"):
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
    out = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True, check=True)
    assert "play" in out.stdout and "replay" in out.stdout and "sim" in out.stdout


# ---------------------------------------------------------------- what a new user typed
def test_help_prints_the_whole_explanation(monkeypatch, capsys, tmp_path):
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--seed", "1", "--save", str(tmp_path / "h.game")], "help\n")
    assert code == 0
    assert "Type the number of an option" in out and "companion play --resume FILE continues the game." in out
    assert "undo (or u)" in out and "Case does not matter" in out


def test_quit_at_a_dice_prompt_stops_the_game(monkeypatch, capsys, tmp_path):
    save = tmp_path / "q.game"
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--dice", "manual", "--seed", "1", "--save", str(save)],
                           "1\n1\n1\nquit\n")
    assert code == 0 and "enter 1 value(s) [heads tails]" in out
    assert "stopped; resume with" in out and "!" not in out.split("enter 1 value(s)")[1]
    assert load(save).actions == ["p1 team goblins", "p2 team orcs", "p1 call heads"]


def test_input_is_not_case_sensitive(monkeypatch, capsys, tmp_path):
    save = tmp_path / "case.game"
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--dice", "manual", "--seed", "1", "--save", str(save)],
                           "ORCS\nP2 TEAM Goblins\nHEADS\nTails\n")
    assert code == 0 and "!" not in out
    assert load(save).actions == ["p1 team orcs", "p2 team goblins", "p1 call heads", "chance coin tails"]


def test_the_last_word_of_an_option_is_enough(monkeypatch, capsys, tmp_path):
    """`right` is `p1 move right` at the pawn prompt; a word that names two options is not guessed."""
    from companion.terminal import match_option

    save = tmp_path / "pawn.game"
    keys = "1\n1\n1\noffense\nhigh\nluck\nluck\npass\nred-1\n"   # teams, call, start, end zone, kicking, whistle, defense
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--seed", "2", "--save", str(save)], keys + "right\n")
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
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), COMPANION_CONFIG=str(tmp_path / "none.toml"),
               COLUMNS="140", LINES="40")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--emulate", "--menu",
                             "--journal", str(tmp_path / "j.sqlite")],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    shown = bytearray()
    drawn = threading.Event()

    def drain():
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                return
            if not chunk:
                return
            shown.extend(chunk)
            if len(shown) > 500:
                drawn.set()

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
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
    code, out, _ = run_cli(monkeypatch, capsys, ["play", "--seed", "1", "--save", str(save)], "1\n2\n1\nundo\n")
    assert "no undo: the dice have answered it" in out
    assert load(save).actions[-1].startswith("chance coin ")
