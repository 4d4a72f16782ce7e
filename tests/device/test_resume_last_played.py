"""The next start brings back the game in which the last action was taken, not the game started
last: played through the device's own menus, then a restart on the same journal file without
closing it (as after a crash or a pulled plug)."""

from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import open_display

TWO_PLAYER = {"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}}


def device(path):
    session = RefereeSession(Journal(path), dice_mode="manual")
    session.journal.set_setting("dice", "manual")
    return DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)


def leave(app):
    app.open_game_menu()
    app.menu_choice("leave")
    assert app.menu_kind == "main"


def a_game_with_a_move(app) -> int:
    app.menu_choice("new")
    if app.menu_kind == "confirm-new":
        app.menu_choice("new")
    app.start_game("dungeon-ball", dict(TWO_PLAYER))
    app.act("p1 call heads")
    gid = app.session.game_id
    leave(app)
    return gid


def test_a_restart_resumes_the_game_last_played_not_the_one_started_last(tmp_path):
    path = tmp_path / "journal.sqlite"
    app = device(path)
    older = a_game_with_a_move(app)
    newer = a_game_with_a_move(app)
    assert older != newer
    app.menu_choice("resume")  # Main menu > Resume > the older game
    assert app.menu_kind == "resume"
    assert [it["id"] for it in app.menu.menu["items"]][:2] == [str(newer), str(older)]
    app.menu_choice(str(older))
    assert app.session.game_id == older
    app.act("chance coin heads")  # a move in the older game, then the plug is pulled
    again = device(path)  # the same file, never closed
    assert again.session.journal.unfinished() == older
    assert again.resume()  # what `companion run` does at start
    assert again.session.game_id == older
    assert again.session.actions[-1] == "chance coin heads"
    again.show_main_menu()
    again.menu_choice("resume")  # and Resume lists it first
    assert [it["id"] for it in again.menu.menu["items"]][0] == str(older)


def test_a_game_started_after_the_last_move_is_the_one_resumed(tmp_path):
    path = tmp_path / "journal.sqlite"
    app = device(path)
    a_game_with_a_move(app)
    app.menu_choice("new")
    app.menu_choice("new")
    app.start_game("dungeon-ball", dict(TWO_PLAYER))
    started = app.session.game_id
    assert device(path).session.journal.unfinished() == started


def saved(path, game_id) -> int:
    """The actions of a game in the journal file, read without writing to it."""
    import sqlite3

    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
    finally:
        db.close()


def test_after_a_pulled_plug_the_service_resumes_the_game_last_played(tmp_path):
    """As a process: Resume > the older game, a move in it, then SIGKILL; the next start opens
    that game (checked on the journal file the killed process wrote)."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from companion.engine.core import Header

    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "journal.sqlite"
    journal = Journal(path)
    games = []
    for seed in (1, 2):  # an older and a newer game, a move in each
        session = RefereeSession(journal)
        session.new_game(Header("dungeon-ball", seed=seed, options=dict(TWO_PLAYER)))
        session.submit("p1 call heads")
        games.append(session.game_id)
    older, newer = games
    assert journal.unfinished() == newer
    moves = journal.count(older)
    journal.close()
    keys = tmp_path / "keys.txt"  # Resume, the second game listed, OK on "resumed", a team
    keys.write_text("down\nok\ndown\nok\nok\nok\n" + "down\n" * 200)  # then it waits, unkilled
    env = dict(os.environ, PYTHONPATH=str(root), COMPANION_CONFIG=str(root / "no-such-system-config.toml"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--emulate",
            "--headless",
            "--menu",
            "--keys",
            str(keys),
            "--journal",
            str(path),
        ],
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while saved(path, older) <= moves:  # the move in the older game is saved
            assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the move never reached the journal"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert Journal(path).unfinished() == older
    again = device(path)
    assert again.resume() and again.session.game_id == older
