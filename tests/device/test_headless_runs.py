"""A key-script run is a rehearsal: without --journal it plays in a fresh journal of its own
(and says where), the saved games are left as they were, and the phones' page stays off in a
headless run unless --web asks for it."""

import hashlib
import os
import socket
import subprocess
import sys
from pathlib import Path

from companion.engine.core import Header
from companion.journal import Journal
from companion.session import RefereeSession

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, *args):
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        COMPANION_CONFIG=str(ROOT / "no-such-system-config.toml"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        TMPDIR=str(tmp_path / "tmp"),
    )
    env.pop("STATE_DIRECTORY", None)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "companion", "run", *args],
        cwd=ROOT,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
    )


def test_a_key_script_without_a_journal_leaves_the_saved_games_untouched(tmp_path):
    saved = tmp_path / "data" / "dungeon-companion" / "journal.sqlite"
    journal = Journal(saved)  # a real game, unfinished, in the saved games
    session = RefereeSession(journal)
    session.new_game(Header("dungeon-ball", seed=3, options={"teams": {"p1": "orcs", "p2": "goblins"}}))
    moves = list(session.actions)
    journal.close()
    before = hashlib.sha256(saved.read_bytes()).hexdigest()
    script = tmp_path / "keys.txt"
    script.write_text("ok\nok\nup\nok\nok\n")  # would press on in the saved game if it resumed
    r = run(
        tmp_path,
        "--emulate",
        "--headless",
        "--keys",
        str(script),
        "--frames",
        str(tmp_path / "frames"),
        "--seed",
        "7",
    )
    assert r.returncode == 0, r.stderr
    assert "a fresh journal of its own" in r.stdout and "saved games are not touched" in r.stdout, r.stdout
    fresh = Path(r.stdout.split("a fresh journal of its own: ")[1].split()[0])
    assert fresh.exists() and fresh != saved and fresh.is_relative_to(tmp_path / "tmp")
    assert hashlib.sha256(saved.read_bytes()).hexdigest() == before
    again = Journal(saved)
    assert again.unfinished_games()[0]["actions"] == len(moves) and again.actions(again.unfinished()) == moves
    played = Journal(fresh)
    assert played.unfinished() is not None and played.unfinished() != 0
    assert "phones' page" not in r.stdout  # headless: no page unless asked


def test_a_headless_run_serves_the_phones_page_only_when_asked_and_says_where(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("down\n")
    any_port = tmp_path / "any-port.toml"
    with socket.socket() as free:  # a free port (the page tries the next ones if taken)
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    any_port.write_text(f"[web]\nport = {port}\n")
    r = run(
        tmp_path,
        "--emulate",
        "--headless",
        "--keys",
        str(script),
        "--journal",
        str(tmp_path / "j.sqlite"),
        "--config",
        str(any_port),
        "--web",
    )
    assert r.returncode == 0, r.stderr
    assert "a fresh journal" not in r.stdout  # --journal given: that one is used
    line = next(x for x in r.stdout.splitlines() if "phones' page" in x)
    assert "http://127.0.0.1:" in line, r.stdout
