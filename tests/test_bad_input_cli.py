"""Bad input at the command line: a clear error naming what and where, exit code 2, never a
traceback or a hang, and nothing changed."""
import pytest

from companion.cli import main
from companion.journal import Journal
from tests.test_doctor import home  # noqa: F401 - the fixture: a data folder of our own, no system layer


def refused(capsys, argv) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("content, where", [
    (None, ": cannot read the key script: No such file or directory"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff", ":1: not UTF-8 text (byte 0x89)"),
    (b"ok\ndown\n\xff\xfe\n", ":3: not UTF-8 text (byte 0xff)"),
    (b"ok\ndown\njump\n", ":3: unknown key or command: 'jump'"),
    (b"ok\nlong\n", ":2: expected 'long BUTTON'"),
    (b"wait forever\n", ":1: bad number of seconds"),
    (b"repeat up 5000000\n", ":1: repeat count must be 1..1000"),
])
def test_a_bad_key_script_stops_run_with_file_and_line(capsys, home, content, where):
    keys = home / "keys.txt"
    if content is not None:
        keys.write_bytes(content)
    journal = home / "j.sqlite"
    err = refused(capsys, ["run", "--emulate", "--headless", "--keys", str(keys), "--journal", str(journal)])
    assert f"--keys {keys}{where}" in err
    assert not journal.exists()                              # nothing was started


def test_a_key_script_that_is_a_folder_is_refused(capsys, home):
    err = refused(capsys, ["run", "--emulate", "--headless", "--keys", str(home), "--journal", str(home / "j")])
    assert f"--keys {home}: cannot read the key script: Is a directory" in err


def test_frames_pointing_at_a_file_is_refused(capsys, home):
    keys = home / "keys.txt"
    keys.write_text("ok\n")
    target = home / "frames.png"
    target.write_bytes(b"not a folder")
    err = refused(capsys, ["run", "--emulate", "--headless", "--keys", str(keys), "--frames", str(target),
                           "--journal", str(home / "j.sqlite")])
    assert f"--frames {target}: is a file; give a folder" in err
    assert target.read_bytes() == b"not a folder"
    err = refused(capsys, ["run", "--emulate", "--headless", "--keys", str(keys), "--frames", str(target / "sub"),
                           "--journal", str(home / "j.sqlite")])
    assert f"--frames {target / 'sub'}: cannot write the frames there: {target} is a file, not a folder" in err


@pytest.mark.parametrize("games", ["-5", "0", "many"])
def test_sim_refuses_a_count_of_games_that_is_not_positive(capsys, games):
    with pytest.raises(SystemExit) as exit_:
        main(["sim", "--games", games])
    assert exit_.value.code == 2
    assert "argument --games:" in capsys.readouterr().err


def test_simulate_itself_refuses_no_games():
    from companion.sim import simulate

    with pytest.raises(ValueError, match="games: must be 1 or more, not -5"):
        simulate("dungeon-ball", -5, 1)


def test_run_seed_makes_a_key_script_reproducible(capsys, home):
    keys = home / "keys.txt"
    keys.write_text("ok\ndown\nok\nok\nok\n" + "ok\nright\nok\n" * 6)   # a solo game at level I, a team, plays
    actions = []
    for attempt in range(2):
        journal = home / f"j{attempt}.sqlite"
        assert main(["run", "--emulate", "--headless", "--keys", str(keys), "--journal", str(journal),
                     "--menu", "--seed", "4242"]) == 0
        j = Journal(journal)
        game = j.games(1)[0]["id"]
        assert j.header(game).seed == 4242
        actions.append(j.actions(game))
        j.close()
    assert any(a.startswith("chance ") for a in actions[0]) and actions[0] == actions[1]


@pytest.mark.parametrize("target, reason", [("folder", "Is a directory"), ("afile/x.game", "File exists")])
def test_play_refuses_a_save_path_it_cannot_write(capsys, monkeypatch, home, target, reason):
    import io
    import sys

    (home / "folder").mkdir()
    (home / "afile").write_text("x")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    err = refused(capsys, ["play", "--seed", "1", "--save", str(home / target)])
    assert f"companion: {home / target}: cannot save the game: {reason}" in err
    assert sorted(p.name for p in home.iterdir()) == ["afile", "folder"]        # no .tmp left behind


def test_a_pack_that_is_not_text_names_the_file_and_line(capsys, home):
    pack = home / "pack.toml"
    pack.write_bytes(b"[pack]\n\x89PNG\x00")
    err = refused(capsys, ["sim", "--games", "1", "--pack", str(pack)])
    assert f"{pack}:2: not UTF-8 text (byte 0x89)" in err
