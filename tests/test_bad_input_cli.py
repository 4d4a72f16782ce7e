"""Bad input at the command line: a clear error naming what and where, exit code 2, never a
traceback or a hang, and nothing changed."""

import pytest

from companion.cli import main
from companion.journal import Journal


def refused(capsys, argv) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    "content, where",
    [
        (None, ": cannot read the key script: No such file or directory"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff", ":1: not UTF-8 text (byte 0x89)"),
        (b"ok\ndown\n\xff\xfe\n", ":3: not UTF-8 text (byte 0xff)"),
        (b"ok\ndown\njump\n", ":3: unknown key or command: 'jump'"),
        (b"ok\nlong\n", ":2: expected 'long BUTTON'"),
        (b"wait forever\n", ":1: bad number of seconds"),
        (b"repeat up 5000000\n", ":1: repeat count must be 1..1000"),
    ],
)
def test_a_bad_key_script_stops_run_with_file_and_line(capsys, home, content, where):
    keys = home / "keys.txt"
    if content is not None:
        keys.write_bytes(content)
    journal = home / "j.sqlite"
    err = refused(capsys, ["run", "--emulate", "--headless", "--keys", str(keys), "--journal", str(journal)])
    assert f"--keys {keys}{where}" in err
    assert not journal.exists()  # nothing was started


def test_a_key_script_that_is_a_folder_is_refused(capsys, home):
    err = refused(
        capsys, ["run", "--emulate", "--headless", "--keys", str(home), "--journal", str(home / "j")]
    )
    assert f"--keys {home}: cannot read the key script: Is a directory" in err


def test_frames_pointing_at_a_file_is_refused(capsys, home):
    keys = home / "keys.txt"
    keys.write_text("ok\n")
    target = home / "frames.png"
    target.write_bytes(b"not a folder")
    err = refused(
        capsys,
        [
            "run",
            "--emulate",
            "--headless",
            "--keys",
            str(keys),
            "--frames",
            str(target),
            "--journal",
            str(home / "j.sqlite"),
        ],
    )
    assert f"--frames {target}: is a file; give a folder" in err
    assert target.read_bytes() == b"not a folder"
    err = refused(
        capsys,
        [
            "run",
            "--emulate",
            "--headless",
            "--keys",
            str(keys),
            "--frames",
            str(target / "sub"),
            "--journal",
            str(home / "j.sqlite"),
        ],
    )
    assert (
        f"--frames {target / 'sub'}: cannot write the frames there: {target} is a file, not a folder" in err
    )


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
    keys.write_text("ok\nok\nup\nok\n" + "ok\nright\nok\n" * 6)  # new game: the first game, Start; then plays
    actions = []
    for attempt in range(2):
        journal = home / f"j{attempt}.sqlite"
        assert (
            main(
                [
                    "run",
                    "--emulate",
                    "--headless",
                    "--keys",
                    str(keys),
                    "--journal",
                    str(journal),
                    "--menu",
                    "--seed",
                    "4242",
                ]
            )
            == 0
        )
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
    assert sorted(p.name for p in home.iterdir()) == ["afile", "folder"]  # no .tmp left behind


def test_a_pack_that_is_not_text_names_the_file_and_line(capsys, home):
    pack = home / "pack.toml"
    pack.write_bytes(b"[pack]\n\x89PNG\x00")
    err = refused(capsys, ["sim", "--games", "1", "--pack", str(pack)])
    assert f"{pack}:2: not UTF-8 text (byte 0x89)" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--option", "rounds=5"], "--option rounds=5: option rounds: 5 is not one of 1, 2, 3"),
        (["--option", "rounds=many"], "--option rounds=many: option rounds: 'many' is not a whole number"),
        (
            ["--option", "colour=red"],
            "--option colour=red: Crystal Auction has no option 'colour' (options: rounds)",
        ),
        (["--option", "players=3"], "--option players=...: use --players N instead"),
        (["--players", "5"], "Crystal Auction takes 2 to 3 players, not 5"),
        (["--seat", "p3=computer"], "--seat p3: not a seat of a 2-player Crystal Auction (seats: p1, p2)"),
        (["--seat", "p2=robot"], '--seat p2: \'robot\' is not "human", "computer" or "computer:POLICY"'),
        (
            ["--seat", "p2=computer:clever"],
            "--seat p2: Crystal Auction has no policy 'clever' (policies: random, greedy)",
        ),
        (["--policy", "clever"], "Crystal Auction has no policy 'clever' (policies: random, greedy)"),
        (["--seat", "p2=human"], "--seat p2=human: a simulation has no person at the table"),
    ],
)
def test_sim_refuses_bad_seats_options_and_policies_naming_them(capsys, monkeypatch, argv, message):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    err = refused(capsys, ["sim", "toy", "--games", "1", *argv])
    assert f"companion: {message}" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["--seat", "p3=computer:clever", "--players", "3"],
            "--seat p3: Crystal Auction has no policy 'clever'",
        ),
        (["--option", "rounds=0"], "--option rounds=0: option rounds: 0 is not one of 1, 2, 3"),
        (["--players", "1"], "Crystal Auction takes 2 to 3 players, not 1"),
    ],
)
def test_play_refuses_bad_seats_and_options_before_writing_anything(capsys, monkeypatch, home, argv, message):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    save = home / "toy.game"
    err = refused(capsys, ["play", "toy", "--save", str(save), *argv])
    assert f"companion: {message}" in err and not save.exists()


@pytest.mark.parametrize(
    "argv, message",
    [
        (["sim", "--seat", "p2"], "argument --seat: expected SEAT=human or SEAT=computer[:POLICY], got 'p2'"),
        (["sim", "--option", "clock_start"], "argument --option: expected KEY=VALUE, got 'clock_start'"),
        (["replay", "x.game", "--upto", "-1"], "argument --upto: must be 0 or more, not -1"),
        (["sim", "--players", "0"], "argument --players: must be 1 or more, not 0"),
    ],
)
def test_malformed_flags_exit_2_naming_the_flag(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_a_header_with_a_bad_seat_is_named_file_and_line(capsys, monkeypatch, tmp_path):
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    path = tmp_path / "seat.game"
    path.write_text('game = "toy"\nseed = 1\noptions = { seats = { p2 = "computer:clever" } }\n---\n')
    for argv in (["replay", str(path)], ["play", "--resume", str(path)]):
        err = refused(capsys, argv)
        assert f"companion: {path}:3: options.seats.p2: " in err and "'clever'" in err
