"""The command line as a new user meets it, with only README.md, docs/game-files.md and the
help texts: every example printed there works as written, and bad input on every command (wrong
or missing arguments, unknown games and options, broken game files, unreadable paths, bytes that
are not text, photos that are not images) gets one clear error naming what and where, a
non-zero exit, no traceback, and nothing changed on disk."""

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine.gamefile import load

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "short-game.game"
GAMES = ("dodgeball", "dungeon-allies", "dungeon-ball", "dungeon-days", "dungeonbowl")


def snapshot(folder: Path) -> dict:
    """Every file under ``folder`` with its bytes: what 'nothing changed on disk' compares."""
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def refused(capsys, argv, code=2) -> str:
    """``companion ARGV`` returns ``code`` (not 0) with no traceback; its stderr."""
    assert main(argv) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip()
    return err


def usage_error(capsys, argv) -> str:
    """An argparse refusal: exit 2 and the usage line; its stderr."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "usage: companion" in err and "Traceback" not in err
    return err


def stdin_bytes(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


# --- the top level and `games` ---------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        (["bogus"], "argument COMMAND: invalid choice: 'bogus'"),
        (["games", "--bogus"], "unrecognized arguments: --bogus"),
        (["games", "extra"], "unrecognized arguments: extra"),
        (["doctor", "extra"], "unrecognized arguments: extra"),
        (["replay"], "the following arguments are required: gamefile"),
        (["sim", "dungeon-ball", "dodgeball"], "unrecognized arguments: dodgeball"),
        (["sim", "--seed", "abc"], "argument --seed: invalid int value: 'abc'"),
        (["sim", "--level", "IX"], "argument --level: invalid choice: 'IX'"),
        (["sim", "--option", "=3"], "argument --option: expected KEY=VALUE, got '=3'"),
        (["replay", str(EXAMPLE), "--upto", "abc"], "argument --upto: expected a whole number, got 'abc'"),
        (["run", "--seed", "abc"], "argument --seed: invalid int value: 'abc'"),
        (["doctor", "--look"], "argument --look: expected one argument"),
    ],
)
def test_a_mistyped_command_line_gets_the_usage_and_the_argument_named(capsys, argv, message):
    """The user typed an unknown command, an unknown flag, a stray word or a flag without its
    value."""
    assert message in usage_error(capsys, argv)


def test_companion_alone_and_games_list_what_there_is(capsys):
    """The user ran `companion` with nothing, then `companion games` and `companion games --json`
    as the README shows."""
    assert main([]) == 0
    assert "COMMAND" in capsys.readouterr().out
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert all(game in out for game in GAMES)
    assert main(["games", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted(r["id"] for r in rows) == list(GAMES)


@pytest.mark.parametrize("command", ["play", "sim"])
def test_an_unknown_game_is_refused_with_the_known_ones(capsys, home, command):
    """The user named a game that does not exist (`companion play chess`)."""
    before = snapshot(home)
    err = refused(capsys, [command, "chess", "--games", "1"] if command == "sim" else [command, "chess"])
    assert "companion: unknown game 'chess'; known games: " + ", ".join(GAMES) in err
    assert snapshot(home) == before


# --- replay and broken game files ------------------------------------------------------------

BROKEN = {
    "empty": (b"", ":1: no '---' line between the header and the actions"),
    "header cut short": (EXAMPLE.read_bytes()[:90], ":5: no '---' line between the header and the actions"),
    "binary garbage": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8, ":1: not UTF-8 text (byte 0x89)"),
    "latin-1 in an action": (
        b'game = "dungeon-ball"\n---\np1 team goblins\np2 team orc\xe9s\n',
        ":4: not UTF-8 text (byte 0xe9)",
    ),
    "NUL bytes in an action": (
        b'game = "dungeon-ball"\n---\np1 team goblins\n\x00\x00\n',
        ":4: not an action line (control characters)",
    ),
    "unknown game": (
        EXAMPLE.read_bytes().replace(b'game = "dungeon-ball"', b'game = "chess"'),
        ":2: unknown game 'chess'; known games: ",
    ),
    "misspelt header key": (
        EXAMPLE.read_bytes().replace(b'game = "dungeon-ball"', b'gaem = "dungeon-ball"'),
        ":2: unknown header key(s): gaem",
    ),
    "no header": (
        b"\n".join(EXAMPLE.read_bytes().split(b"\n")[6:]),
        ":1: header key 'game' is missing or not a string",
    ),
    "header not TOML": (
        EXAMPLE.read_bytes().replace(b"seed = 369", b"seed = 369 oops"),
        ":4: header is not valid TOML",
    ),
    "seed not a number": (
        EXAMPLE.read_bytes().replace(b"seed = 369", b'seed = "abc"'),
        ":4: header key 'seed' must be an integer",
    ),
    "bad option": (
        b'game = "dungeon-ball"\nseed = 1\noptions = { solo = "yes" }\n---\n',
        ":3: options.solo: 'yes' is not a level",
    ),
    "seat the game lacks": (
        b'game = "dungeon-days"\noptions = { players = 3, seats = { p4 = "computer" } }\n---\n',
        ":2: options.seats.p4: not a seat of a 3-player Dungeon Days (seats: p1, p2, p3)",
    ),
    "missing pack": (
        b'game = "dungeon-ball"\npack = "/no/such/pack.toml"\n---\n',
        ":2: /no/such/pack.toml: cannot read: No such file or directory",
    ),
    "illegal action in the middle": (
        EXAMPLE.read_bytes().replace(b"p2 move down", b"p2 move sideways"),
        ":22: action 15 ('p2 move sideways') was refused: ",
    ),
    "wrong actor": (
        EXAMPLE.read_bytes().replace(b"p1 call tails", b"p9 call tails"),
        ":10: action 3 ('p9 call tails') was refused: it is p1's turn",
    ),
    "a die face the coin lacks": (
        EXAMPLE.read_bytes().replace(b"chance coin tails", b"chance coin edge"),
        ":11: action 4 ('chance coin edge') was refused: 'edge' is not a face",
    ),
}


@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_game_file_is_refused_naming_file_and_line(capsys, monkeypatch, home, command, case):
    """The user replayed (or resumed) a game file that is empty, cut short, binary, not UTF-8,
    not TOML in its header, of an unknown game, or with an illegal action in the middle."""
    content, where = BROKEN[case]
    path = home / "bug.game"
    path.write_bytes(content)
    before = snapshot(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    err = refused(capsys, ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)])
    assert f"companion: {path}{where}" in err
    assert snapshot(home) == before


def test_replay_json_of_an_illegal_action_prints_one_error_object(capsys, home):
    """The user replayed a file with an illegal action in the middle, with --json as
    docs/game-files.md shows."""
    path = home / "bug.game"
    path.write_bytes(BROKEN["illegal action in the middle"][0])
    assert main(["replay", str(path), "--json"]) == 2
    out = capsys.readouterr().out
    error = json.loads(out)
    assert error["error"] == "illegal" and error["index"] == 15 and error["action"] == "p2 move sideways"
    assert error["reason"] and error["rule"]


@pytest.mark.parametrize(
    "target, reason", [("folder.game", "Is a directory"), ("missing.game", "No such file")]
)
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_game_file_that_is_a_folder_or_missing_is_named(capsys, home, target, reason, command):
    """The user gave a folder, or a path with a typo, as the game file."""
    (home / "folder.game").mkdir()
    before = snapshot(home)
    path = home / target
    err = refused(capsys, ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)])
    assert f"companion: {path}: cannot read game file: {reason}" in err
    assert snapshot(home) == before


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_game_file_is_named(capsys, home):
    """The user replayed a game file they may not read."""
    path = home / "locked.game"
    path.write_bytes(EXAMPLE.read_bytes())
    path.chmod(0)
    try:
        err = refused(capsys, ["replay", str(path)])
    finally:
        path.chmod(0o644)
    assert f"companion: {path}: cannot read game file: Permission denied" in err


def test_a_game_file_cut_in_its_last_line_replays_with_a_warning(capsys, home):
    """The user replayed a file whose last write was cut short (a pulled plug), as
    docs/game-files.md describes."""
    path = home / "cut.game"
    path.write_bytes(EXAMPLE.read_bytes()[:700])
    before = snapshot(home)
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert (
        f"warning: {path}:31: ignored the last line 'chance roll cleat lightning': it has no line end" in err
    )
    assert "after 23 actions; next: " in out
    assert snapshot(home) == before


@pytest.mark.parametrize("kind", ["crlf", "bom"])
def test_a_game_file_edited_on_windows_replays(capsys, home, kind):
    """The user annotated a bug report's game file in Notepad (CRLF line ends, or a BOM) and
    replayed it."""
    raw = EXAMPLE.read_bytes()
    path = home / "windows.game"
    path.write_bytes(raw.replace(b"\n", b"\r\n") if kind == "crlf" else b"\xef\xbb\xbf" + raw)
    assert main(["replay", str(path)]) == 0
    assert "game over: p2 wins 3-7" in capsys.readouterr().out


def test_replay_upto_beyond_the_end_replays_the_whole_file(capsys):
    """The user asked for --upto a huge number; the JSON says how many actions there were."""
    assert main(["replay", str(EXAMPLE), "--json", "--upto", "99999999999999999999"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["actions"] == 69 and summary["over"] is True


# --- play ------------------------------------------------------------------------------------


def test_play_save_over_an_existing_game_file_is_refused(capsys, monkeypatch, home):
    """The user started a new game with --save naming a file that already holds a game."""
    save = home / "mine.game"
    save.write_bytes(EXAMPLE.read_bytes())
    before = snapshot(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    err = refused(capsys, ["play", "--seed", "1", "--save", str(save)])
    assert (
        f"companion: --save {save}: a game file is already there; continue it with "
        f"`companion play --resume {save}`" in err
    )
    assert snapshot(home) == before


def test_two_games_started_in_the_same_second_get_a_file_each(capsys, monkeypatch, home):
    """The user started two games one after the other, without --save, within one second."""
    import companion.cli

    monkeypatch.setattr(
        companion.cli.time, "strftime", lambda pattern: pattern.replace("%Y%m%d-%H%M%S", "20260101-120000")
    )
    for seed in ("1", "2"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
        assert main(["play", "--seed", seed]) == 0
    capsys.readouterr()
    folder = home / "data" / "dungeon-companion" / "games"
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["20260101-120000-dungeon-ball-2.game", "20260101-120000-dungeon-ball.game"]
    assert load(folder / files[1]).header.seed == 1 and load(folder / files[0]).header.seed == 2


@pytest.mark.parametrize(
    "extra, named",
    [
        (["dodgeball"], "dodgeball (the file is a dungeon-ball game)"),
        (["--seed", "5"], "--seed"),
        (["--players", "1", "--option", "clock_start=10"], "--players, --option"),
        (["--save", "other.game"], "--save"),
        (["--solo", "--level", "III"], "--solo, --level"),
    ],
)
def test_resume_refuses_what_the_file_already_says(capsys, monkeypatch, home, extra, named):
    """The user resumed a saved game and also named a game, a seed, options or another file,
    which the header decides (they would have been ignored)."""
    save = home / "mine.game"
    save.write_bytes(EXAMPLE.read_bytes()[:700])
    before = snapshot(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    err = refused(capsys, ["play", *extra, "--resume", str(save)])
    assert (
        f"companion: --resume {save}: the file's header says the game" in err and f"leave out {named}" in err
    )
    assert snapshot(home) == before


def test_resume_naming_the_files_own_game_is_fine(capsys, monkeypatch, home):
    """The user typed `companion play dungeon-ball --resume FILE` for a Dungeon Ball file."""
    save = home / "mine.game"
    save.write_bytes(EXAMPLE.read_bytes())
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "dungeon-ball", "--resume", str(save)]) == 0
    assert "GAME OVER: p2 wins 3-7" in capsys.readouterr().out


def test_play_stdin_that_is_not_utf8_stops_naming_the_line_and_keeps_the_game(capsys, monkeypatch, home):
    """The user piped keystrokes into `companion play` whose second line is not UTF-8."""
    save = home / "g.game"
    stdin_bytes(monkeypatch, b"1\n\xff\xfe\x80\n1\n")
    err = refused(capsys, ["play", "--seed", "1", "--save", str(save)])
    assert (
        "companion: standard input:2: not UTF-8 text (byte 0xff); the game so far is saved: "
        f"companion play --resume {save}" in err
    )
    assert load(save).actions == ["p1 team goblins"]


def test_ctrl_d_at_a_prompt_stops_and_says_how_to_resume(capsys, monkeypatch, home):
    """The user pressed Ctrl-D (end of input) at the second prompt: the game stops, saved, as
    `q` does."""
    save = home / "g.game"
    stdin_bytes(monkeypatch, b"1\n")
    assert main(["play", "--seed", "1", "--save", str(save)]) == 0
    out, err = capsys.readouterr()
    assert f"stopped; resume with: companion play --resume {save}" in out and "Traceback" not in err
    assert load(save).actions == ["p1 team goblins"]


def test_a_save_path_in_a_missing_folder_is_made(capsys, monkeypatch, home):
    """The user gave --save in a folder that does not exist yet."""
    save = home / "new" / "folder" / "g.game"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "1", "--save", str(save)]) == 0
    capsys.readouterr()
    assert load(save).header.seed == 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--level", "III"], "--level III: only with --solo"),
        (["--ai-teams", "mimic,skull"], "--ai-teams mimic,skull: only with --solo"),
        (["dodgeball", "--kicking", "luck"], "--kicking: Dodgeball Card Game has no option 'kicking'"),
        (["dodgeball", "--solo"], "--solo: Dodgeball Card Game has no option 'solo'"),
        (["--players", "7"], "Dungeon Ball takes 1 to 2 players, not 7"),
        (
            ["--option", "solo=XI"],
            "--option solo=XI: option solo: 'XI' is not one of off, I, II, III, IV, V, VI",
        ),
        (["--option", "clock_start="], "--option clock_start=: option clock_start: '' is not a whole number"),
        (["--seat", "p2=computer:nope"], "--seat p2: Dungeon Ball has no policy 'nope'"),
        (["--pack", "/no/such/pack.toml"], "/no/such/pack.toml: cannot read: No such file or directory"),
    ],
)
@pytest.mark.parametrize("command", ["play", "sim"])
def test_a_flag_that_does_not_fit_the_game_is_refused_by_name(
    capsys, monkeypatch, home, argv, message, command
):
    """The user gave --level or --ai-teams without --solo (else ignored), Dungeon Ball's
    --kicking/--solo to Dodgeball, too many players, an unknown option value or pack."""
    save = home / "g.game"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    extra = ["--games", "1"] if command == "sim" else ["--save", str(save)]
    err = refused(capsys, [command, *argv, *extra])
    assert f"companion: {message}" in err
    assert not save.exists()


def test_a_pack_that_is_a_folder_is_refused(capsys, home):
    """The user gave a folder as --pack."""
    err = refused(capsys, ["sim", "--games", "1", "--pack", str(home)])
    assert f"companion: {home}: cannot read: Is a directory" in err


def test_option_clock_start_takes_what_a_game_file_takes(capsys):
    """The user read the options table and ran `companion sim --option clock_start=2`; 0 and 100
    are refused with the range."""
    assert main(["sim", "--option", "clock_start=2", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
    for wrong in ("0", "100"):
        err = refused(capsys, ["sim", "--option", f"clock_start={wrong}", "--games", "1"])
        assert f"option clock_start: {wrong} is not a whole number from 1 to 99" in err


# --- sim --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["99999999999999999999999999999", "-5"])
def test_sim_takes_any_whole_seed(capsys, seed):
    """The user gave a huge or a negative --seed."""
    assert main(["sim", "--games", "1", "--seed", seed, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == int(seed)


@pytest.mark.slow  # a sim in a Python of its own, left running until Ctrl-C: 1.5 s
def test_sim_with_a_huge_count_of_games_stops_on_ctrl_c(tmp_path):
    """The user asked for --games 99999999999999999999 and pressed Ctrl-C: no traceback, exit 130."""
    import time

    # Started as from a terminal: a shell's background job (a suite run with `&`) ignores
    # SIGINT, and a child inherits that, so it is put back to the default here.
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "sim", "--games", "99999999999999999999"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # say what the process made of the signal
        status = (
            Path(f"/proc/{proc.pid}/status").read_text() if Path(f"/proc/{proc.pid}/status").exists() else ""
        )
        masks = [
            line for line in status.splitlines() if line.startswith(("State", "SigIgn", "SigCgt", "SigPnd"))
        ]
        proc.kill()
        pytest.fail(
            f"no exit 60 s after Ctrl-C; {masks}; the test's own SIGINT handler: "
            f"{signal.getsignal(signal.SIGINT)!r}"
        )
    assert proc.returncode == 130 and b"Traceback" not in err


def test_ctrl_c_while_the_command_line_is_still_starting_is_as_quiet(monkeypatch):
    """Ctrl-C while the command line builds itself (imports take seconds on a Pi Zero, and a
    loaded machine here): exit 130, as later, not a traceback."""
    import companion.cli as cli

    def interrupted(argv):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    try:
        code = cli.main(["games"])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C while starting escaped main() as a traceback")
    assert code == 130


def test_ctrl_c_while_python_imports_the_command_line_is_as_quiet():
    """``python -m companion`` interrupted while it imports companion.cli: exit 130, no traceback."""
    code = (
        "import builtins, runpy, sys\n"
        "real = builtins.__import__\n"
        "def slow_import(name, *args, **kw):\n"
        "    if name == 'companion.cli':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *args, **kw)\n"
        "builtins.__import__ = slow_import\n"
        "sys.argv = ['companion', 'games']\n"
        "runpy.run_module('companion', run_name='__main__')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 130 and "Traceback" not in done.stderr, done.stderr


# --- run and doctor ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "cannot read: No such file or directory"),
        (b"[display\n", "not valid TOML"),
        (b"\xea\x00\xff garbage", "not UTF-8 text (byte 0xea at offset 0)"),
        (b"[display]\nbogus = 1\n", "display.bogus: unknown key"),
        ("folder", "cannot read: Is a directory"),
    ],
)
@pytest.mark.parametrize("command", ["run", "doctor"])
def test_a_bad_config_layer_stops_run_and_doctor_naming_it(capsys, home, content, message, command):
    """The user passed --config a missing file, a folder, broken TOML, binary or a misspelt key."""
    layer = home / "layer.toml"
    if content == "folder":
        layer.mkdir()
    elif content is not None:
        layer.write_bytes(content)
    keys = home / "keys.txt"
    keys.write_text("ok\n")
    journal = home / "j.sqlite"
    before = snapshot(home)
    argv = ["run", "--emulate", "--headless", "--keys", str(keys)] if command == "run" else ["doctor"]
    err = refused(capsys, [*argv, "--config", str(layer), "--journal", str(journal)])
    assert f"{layer}: {message}" in err
    assert snapshot(home) == before


@pytest.mark.parametrize(
    "what, message",
    [
        ("garbage", "the file is not a journal (not an SQLite database)"),
        ("folder", "it is a directory, not a file"),
    ],
)
@pytest.mark.parametrize("command", ["run", "doctor"])
def test_a_journal_that_is_not_one_is_refused(capsys, home, what, message, command):
    """The user pointed --journal at a game file (binary garbage) or a folder."""
    journal = home / "j"
    if what == "folder":
        journal.mkdir()
    else:
        journal.write_bytes(bytes(range(256)) * 4)
    keys = home / "keys.txt"
    keys.write_text("ok\n")
    before = snapshot(home)
    argv = ["run", "--emulate", "--headless", "--keys", str(keys)] if command == "run" else ["doctor"]
    err = refused(capsys, [*argv, "--journal", str(journal)])
    assert f"journal {journal}: cannot open: {message}" in err
    assert snapshot(home) == before


def test_doctor_look_without_a_camera_says_so(capsys, home):
    """The user ran `companion doctor --look DIR` (README) on a machine with no camera configured."""
    err = refused(capsys, ["doctor", "--look", str(home / "look")])
    assert "camera look: no camera configured" in err
    assert not (home / "look").exists()


# --- dice and kick ----------------------------------------------------------------------------


def _dice_photo(path: Path, values=(1, 6)) -> Path:
    import cv2
    import numpy as np

    from vision import synth

    img = np.full((240, 150 * (len(values) + 1), 3), 150, np.uint8)
    for k, v in enumerate(values):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 15.0 * k, c, 1e6)
    cv2.imwrite(str(path), img)
    return path


@pytest.mark.parametrize(
    "content, message",
    [
        (b"this is a text file, not a photo", "not a JPEG or PNG OpenCV can decode"),
        (b"", "not a JPEG or PNG OpenCV can decode"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a JPEG or PNG OpenCV can decode"),
        ("folder", "is a folder, not an image"),
        (None, "no such image"),
    ],
)
def test_dice_read_of_a_photo_that_is_not_an_image_names_it(capsys, home, content, message):
    """The user ran `companion dice read` on a text file, an empty file, a truncated PNG, a
    folder or a path with a typo; with --json too."""
    photo = home / "photo.jpg"
    if content == "folder":
        photo.mkdir()
    elif content is not None:
        photo.write_bytes(content)
    before = snapshot(home)
    err = refused(capsys, ["dice", "read", str(photo)], code=1)
    assert f"{photo}: " in err and message in err
    assert main(["dice", "read", str(photo), "--json"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["image"] == str(photo) and message in line["error"]
    assert snapshot(home) == before


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "--tray {}: No such file or directory"),
        (b'{"foo": 1}', "--tray {}: not a file saved by `companion dice tray`"),
        (b"[1, 2]", "--tray {}: not a file saved by `companion dice tray`"),
        (b'{"corners": "x"}', "--tray {}: not a file saved by `companion dice tray`"),
        (bytes(range(128, 256)), "--tray {}: not a file saved by `companion dice tray`"),
    ],
)
def test_dice_read_with_a_tray_file_that_is_not_one_names_it(capsys, home, content, message):
    """The user gave --tray a missing file, JSON of another kind, or binary garbage."""
    tray = home / "tray.json"
    if content is not None:
        tray.write_bytes(content)
    photo = _dice_photo(home / "photo.png")
    before = snapshot(home)
    err = refused(capsys, ["dice", "read", str(photo), "--tray", str(tray)])
    assert message.format(tray) in err
    assert snapshot(home) == before


@pytest.mark.parametrize("flag", ["--gallery", "--custom-faces"])
def test_dice_read_with_a_gallery_that_is_not_one_names_it(capsys, home, flag):
    """The user gave --gallery or --custom-faces a folder whose gallery.npz is garbage, or none."""
    photo = _dice_photo(home / "photo.png")
    (home / "bad").mkdir()
    (home / "bad" / "gallery.npz").write_bytes(bytes(range(256)))
    before = snapshot(home)
    err = refused(capsys, ["dice", "read", str(photo), flag, str(home / "bad")])
    assert f"{flag} {home / 'bad'}: not a file saved by `companion dice calibrate`" in err
    err = refused(capsys, ["dice", "read", str(photo), flag, str(home / "none")])
    assert "No such file or directory" in err and "dice calibrate" in err
    assert snapshot(home) == before


@pytest.mark.parametrize(
    "argv, message",
    [
        (["dice", "read"], "the following arguments are required: IMAGE"),
        (["dice", "read", "x.png", "--expected", "0"], "argument --expected: expected 1 or more dice, got 0"),
        (["dice", "read", "x.png", "--rotate", "5"], "argument --rotate: invalid choice: 5"),
        (["dice", "read", "x.png", "--reader", "magic"], "argument --reader: invalid choice: 'magic'"),
        (["dice", "markers", "--dpi", "0"], "argument --dpi: must be from 50 to 600 dpi, not 0"),
        (
            ["dice", "markers", "--dpi", "999999999"],
            "argument --dpi: must be from 50 to 600 dpi, not 999999999",
        ),
        (["dice", "calibrate", "--face"], "argument --face: expected at least one argument"),
        (["dice", "tray"], "the following arguments are required: IMAGE"),
        (["kick", "judge"], "the following arguments are required: --before, --after"),
        (["kick", "calibrate"], "the following arguments are required: --reference, --camera-height"),
        (
            ["kick", "calibrate", "--reference", "r.png", "--camera-height", "abc"],
            "argument --camera-height: expected a number of pixels, got 'abc'",
        ),
        (
            ["kick", "calibrate", "--reference", "r.png", "--camera-height", "-5"],
            "argument --camera-height: must be a number of pixels above 0, not -5",
        ),
        (
            ["kick", "calibrate", "--reference", "r.png", "--camera-height", "nan"],
            "argument --camera-height: must be a number of pixels above 0, not nan",
        ),
        (
            ["kick", "calibrate", "--reference", "r.png", "--camera-height", "1e400"],
            "argument --camera-height: must be a number of pixels above 0, not 1e400",
        ),
    ],
)
def test_camera_commands_refuse_bad_arguments_by_name(capsys, home, monkeypatch, argv, message):
    """The user left out an image, or gave 0 dice, a fifth quarter turn, a 0 or huge dpi, a
    negative or not-a-number camera height."""
    monkeypatch.chdir(home)
    assert message in usage_error(capsys, argv)
    assert snapshot(home) == {}


def test_kick_calibrate_on_a_photo_without_the_lid_names_it(capsys, home):
    """The user gave `kick calibrate` a photo of dice instead of the empty lid."""
    photo = _dice_photo(home / "photo.png")
    before = snapshot(home)
    err = refused(
        capsys,
        [
            "kick",
            "calibrate",
            "--reference",
            str(photo),
            "--camera-height",
            "1000",
            "--out",
            str(home / "lid.json"),
        ],
    )
    assert f"{photo}: no green lid in view (the reference is a frame of the empty lid)" in err
    assert snapshot(home) == before


@pytest.mark.parametrize("command", [["dice"], ["kick"]])
def test_dice_or_kick_alone_shows_its_subcommands_and_fails(capsys, command):
    """The user typed `companion dice` (or `kick`) with no subcommand."""
    assert main(command) == 2
    assert "{" in capsys.readouterr().out


@pytest.mark.parametrize("out, make", [("sheet.txt", None), ("folder", "dir"), ("notes.png/", "dir")])
def test_dice_markers_refuses_a_sheet_that_is_not_an_image_file(capsys, home, monkeypatch, out, make):
    """The user gave `companion dice markers` a .txt name or a folder for the sheet."""
    monkeypatch.chdir(home)
    if make:
        (home / out.rstrip("/")).mkdir()
    before = snapshot(home)
    err = refused(capsys, ["dice", "markers", out])
    assert f"{out}: name a .png (or .jpg) file for the sheet" in err
    assert snapshot(home) == before


def test_dice_calibrate_and_tray_with_no_images_or_bad_ones(capsys, home, monkeypatch):
    """The user ran `dice calibrate` without faces, with a face and no image, with a text file
    as a shot, and `dice tray` on a text file."""
    monkeypatch.chdir(home)
    (home / "s1.jpg").write_text("not a photo")
    before = snapshot(home)
    assert "give at least one --face NAME IMAGE" in refused(capsys, ["dice", "calibrate"])
    assert "--face 1 needs at least one image" in refused(capsys, ["dice", "calibrate", "--face", "1"])
    err = refused(capsys, ["dice", "calibrate", "--gallery", "g", "--face", "1", "s1.jpg"])
    assert "cannot read image s1.jpg: not a JPEG or PNG" in err
    assert "cannot read image s1.jpg" in refused(capsys, ["dice", "tray", "s1.jpg"])
    assert "cannot read image s1.jpg" in refused(
        capsys, ["kick", "calibrate", "--reference", "s1.jpg", "--camera-height", "900"]
    )
    assert snapshot(home) == before


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "--calibration {}: No such file or directory"),
        (b'{"foo": 1}', "--calibration {}: not a file saved by `companion kick calibrate`"),
        (b"[1]", "--calibration {}: not a file saved by `companion kick calibrate`"),
        (bytes(range(128, 256)), "--calibration {}: not a file saved by `companion kick calibrate`"),
    ],
)
def test_kick_judge_with_a_calibration_that_is_not_one_names_it(capsys, home, content, message):
    """The user ran `kick judge` with no lid calibration yet, or a wrong file as --calibration."""
    lid = home / "lid.json"
    if content is not None:
        lid.write_bytes(content)
    photo = _dice_photo(home / "p.png")
    before = snapshot(home)
    err = refused(
        capsys, ["kick", "judge", "--before", str(photo), "--after", str(photo), "--calibration", str(lid)]
    )
    assert message.format(lid) in err and "kick calibrate" in err
    assert snapshot(home) == before


# --- the examples as written ------------------------------------------------------------------

README_PLAYS = [
    ["play", "dungeon-ball"],
    ["play", "dungeon-ball", "--seat", "p2=computer"],
    ["play", "dungeon-ball", "--dice", "manual"],
    ["play", "dungeon-ball", "--option", "solo=III"],
    ["play", "dodgeball", "--seat", "p2=computer"],
    ["play", "dodgeball", "--option", "cards=table"],
    ["play", "dungeon-days", "--players", "3", "--seat", "p3=computer"],
    ["play", "dungeon-days", "--players", "4", "--option", "mode=score"],
    ["play", "dungeon-allies", "--players", "3", "--seat", "p2=computer", "--seat", "p3=computer"],
    ["play", "dungeon-allies", "--players", "4", "--option", "board=real"],
    ["play", "dungeonbowl"],
    ["play", "--solo", "--level", "V", "--ai-teams", "mimic,skull"],  # play --help's shortcuts
    ["play", "--seat", "p2=computer:random"],  # p2=computer:POLICY
]


def test_every_play_example_in_the_readme_starts_a_game(capsys, monkeypatch, home):
    """The user copied each `companion play ...` line of README.md (and play --help's forms),
    then left at the first prompt with Ctrl-D: each starts, saves its game file under the data
    folder with the options asked for, and says how to resume it."""
    readme = (ROOT / "README.md").read_text()
    folder = home / "data" / "dungeon-companion" / "games"
    for argv in README_PLAYS[:11]:
        assert "python3 dev.py companion " + " ".join(argv) in readme, argv
    for argv in README_PLAYS:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        seen = set(folder.iterdir()) if folder.exists() else set()
        assert main(argv) == 0, argv
        out = capsys.readouterr().out
        (saved,) = set(folder.iterdir()) - seen
        assert f"stopped; resume with: companion play --resume {saved}" in out
        header = load(saved).header
        assert header.game == (argv[1] if not argv[1].startswith("-") else "dungeon-ball")
        for flag, value in zip(argv, argv[1:]):
            if flag == "--option":
                key, _, wanted = value.partition("=")
                assert str(header.options[key]) == wanted, argv
            if flag == "--players":
                assert header.options["players"] == int(value)
            if flag == "--seat":
                seat, _, kind = value.partition("=")
                assert header.options["seats"][seat].startswith(kind)
        if "--solo" in argv:
            assert header.options["solo"] == {"level": "V", "teams": ["mimic", "skull"]}


def test_solo_level_vii_from_the_shortcut_seats_the_planner(capsys, monkeypatch, home):
    """docs/planner.md offers level VII; `play --solo --level VII` was refused as an invalid
    choice while `--option solo=VII` worked."""
    from companion.games.dungeon_ball.options import computers

    folder = home / "data" / "dungeon-companion" / "games"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--solo", "--level", "VII"]) == 0
    (saved,) = folder.iterdir()
    header = load(saved).header
    assert header.options["solo"] == {"level": "VII"}
    assert computers(header.options) == {"p2": "planner"}


def test_the_readme_replay_examples_work_as_written(capsys):
    """The user ran README's `replay docs/examples/short-game.game --json --upto 20` (from the
    checkout) and docs/game-files.md's replay forms."""
    assert (
        "companion replay docs/examples/short-game.game --json --upto 20" in (ROOT / "README.md").read_text()
    )
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        assert main(["replay", "docs/examples/short-game.game", "--json", "--upto", "20"]) == 0
    finally:
        os.chdir(cwd)
    assert json.loads(capsys.readouterr().out)["actions"] == 20
    assert main(["replay", str(EXAMPLE)]) == 0
    assert "game over: p2 wins 3-7" in capsys.readouterr().out
    assert main(["replay", str(EXAMPLE), "--json", "--upto", "7"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == 7


@pytest.mark.slow
@pytest.mark.parametrize(
    "line, games, players",
    [
        ("companion sim dungeon-ball --games 1000 --seed 1 --json", 1000, 2),
        ("companion sim dungeon-days --players 4 --games 100 --seed 1 --json", 100, 4),
    ],
)
def test_the_readme_sim_examples_work_as_written(capsys, line, games, players):
    """The user ran README's two `sim` lines (one test each: the workers share them)."""
    assert line in (ROOT / "README.md").read_text()
    assert main(line.split()[1:]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == games and summary["seed"] == 1 and summary["players"] == players


def test_the_readme_headless_run_example_works(capsys, home, monkeypatch):
    """The user ran `companion run --emulate --headless --keys keys.txt --frames frames/ --seed 7`
    from README.md, then `companion doctor`."""
    monkeypatch.chdir(home)
    assert (
        "--emulate --headless --keys keys.txt --frames\nframes/ --seed 7" in (ROOT / "README.md").read_text()
    )
    (home / "keys.txt").write_text("ok\nok\nup\nok\n")
    assert (
        main(["run", "--emulate", "--headless", "--keys", "keys.txt", "--frames", "frames/", "--seed", "7"])
        == 0
    )
    assert sorted((home / "frames").glob("*.png"))
    assert main(["doctor"]) == 0
    assert "would use:" in capsys.readouterr().out


def test_the_readme_dice_examples_work_as_written(capsys, home, monkeypatch):
    """The user ran README's `dice read docs/examples/dice-photo.jpg --json` (the photo the
    repository ships), `dice calibrate --gallery galleries/skull-d6 --face 1 s1.jpg s2.jpg
    s3.jpg` with shots of their own, `dice read ... --custom-faces galleries/skull-d6` (here on
    a photo of their own), and `dice markers` as its help says."""
    import cv2

    monkeypatch.chdir(home)
    readme = (ROOT / "README.md").read_text()
    for line in (
        "companion dice read docs/examples/dice-photo.jpg --json",
        "companion dice calibrate --gallery galleries/skull-d6 --face 1 s1.jpg s2.jpg s3.jpg",
        "companion dice read docs/examples/dice-photo.jpg --custom-faces galleries/skull-d6",
    ):
        assert line in readme
    assert main(["dice", "read", str(ROOT / "docs" / "examples" / "dice-photo.jpg"), "--json"]) == 0
    shipped = json.loads(capsys.readouterr().out)  # the photo the repository ships
    assert sorted(d["value"] for d in shipped["dice"]) == [1, 2, 3, 4, 5]
    cv2.imwrite("photo.jpg", cv2.imread(str(_dice_photo(home / "photo.png", (2, 5)))))
    for k, name in enumerate(("s1.jpg", "s2.jpg", "s3.jpg")):
        cv2.imwrite(name, cv2.imread(str(_dice_photo(home / f"shot{k}.png", (1,)))))
    assert main(["dice", "read", "photo.jpg", "--json"]) == 0
    reading = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in reading["dice"]) == [2, 5]
    assert (
        main(
            [
                "dice",
                "calibrate",
                "--gallery",
                "galleries/skull-d6",
                "--face",
                "1",
                "s1.jpg",
                "s2.jpg",
                "s3.jpg",
            ]
        )
        == 0
    )
    assert "saved under galleries/skull-d6" in capsys.readouterr().out
    assert main(["dice", "read", "photo.jpg", "--custom-faces", "galleries/skull-d6"]) == 0
    assert capsys.readouterr().out.startswith("photo.jpg: ")
    assert main(["dice", "markers"]) == 0
    assert (home / "tray-markers.png").is_file()
