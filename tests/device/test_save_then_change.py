"""Save, then change: a journal that cannot save (a full disk, a deleted or replaced file) changes
nothing, the panel says "cannot save", and the game goes on once the journal can save again.
A journal that no longer replays is resumed up to its last good action, never a crash loop."""

import json
import logging
import os
import sqlite3
import subprocess
import sys

import pytest

from companion.device.app import DeviceApp
from companion.engine.core import Header
from companion.engine.runner import replay
from companion.journal import Journal
from companion.session import RefereeSession, SaveFailed
from drivers import ButtonEvent, open_display

HEADER = dict(
    game="dungeon-ball",
    seed=1,
    options={"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}},
)
OPENING = ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low")


def manual_session(path):
    s = RefereeSession(Journal(path), dice_mode="manual")
    s.new_game(Header(**HEADER))
    for a in OPENING:
        s.submit(a)
    return s


def fill_sqlite(journal: Journal) -> None:
    """SQLite's own "database or disk is full": no page may be added beyond those in use."""
    pages = journal.db.execute("PRAGMA page_count").fetchone()[0]
    journal.db.execute(f"PRAGMA max_page_count = {pages}")


def free_sqlite(journal: Journal) -> None:
    journal.db.execute("PRAGMA max_page_count = 1073741823")


def state_json(s):
    return s.engine.to_json(s.state)


def next_action(s, rng):
    p = s.prompt()
    if p.options:
        return rng.choice(p.options)
    return rng.choice(s.engine.legal_actions(s.state))


def test_a_full_disk_changes_nothing_and_a_retry_saves_the_same_action(tmp_path):
    import random

    rng = random.Random(2)
    s = manual_session(tmp_path / "j.sqlite")
    fill_sqlite(s.journal)
    for _ in range(3000):  # until the journal's last page is full
        saved, before = list(s.actions), state_json(s)
        action = next_action(s, rng)
        try:
            s.submit(action)
        except SaveFailed as exc:
            assert exc.reason == "the disk is full" and exc.action == action
            break
    else:
        pytest.fail("the journal never filled up")
    assert state_json(s) == before and s.actions == saved
    assert s.journal.actions(s.game_id) == saved
    with pytest.raises(SaveFailed):  # nothing else is taken while one waits
        s.submit(action)
    with pytest.raises(SaveFailed):
        s.retry_save()  # still full
    free_sqlite(s.journal)
    s.retry_save()
    assert s.actions == saved + [action] and s.journal.actions(s.game_id) == s.actions
    _, replayed = replay(s.journal.record(s.game_id))
    assert s.engine.to_json(replayed) == state_json(s)


def test_a_deleted_journal_is_noticed_and_the_whole_game_is_written_again(tmp_path):
    path = tmp_path / "j.sqlite"
    s = manual_session(path)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.remove(f"{path}{suffix}")
    before = state_json(s)
    with pytest.raises(SaveFailed, match="deleted"):
        s.submit("p2 defend red-1")
    assert state_json(s) == before
    s.retry_save()
    fresh = Journal(path)
    gid = fresh.unfinished()
    assert fresh.actions(gid) == list(OPENING) + ["p2 defend red-1"] == s.actions
    _, replayed = replay(fresh.record(gid))
    assert s.engine.to_json(replayed) == state_json(s)


def test_a_journal_replaced_by_an_older_copy_gets_the_missing_actions_back(tmp_path):
    path = tmp_path / "j.sqlite"
    s = RefereeSession(Journal(path), dice_mode="manual")
    s.new_game(Header(**HEADER))
    s.submit(OPENING[0])
    old = tmp_path / "old.sqlite"
    s.journal.db.execute(f"VACUUM INTO '{old}'")  # a backup with one action
    for a in OPENING[1:]:
        s.submit(a)
    os.replace(old, path)
    with pytest.raises(SaveFailed, match="replaced"):
        s.submit("p2 defend red-1")
    s.retry_save()
    assert Journal(path).actions(s.game_id) == list(OPENING) + ["p2 defend red-1"]


def press(app, *buttons):
    for b in buttons:
        app.handle(ButtonEvent(b, "press", 0.0))
        app.handle(ButtonEvent(b, "release", 0.0))


def text_on_screen(app) -> str:
    model = app.model()
    message = model.get("message") or {}
    return json.dumps(message) if isinstance(message, dict) else str(message)


def play_on_buttons(app, steps: int, seed: int = 4) -> None:
    """OK through any screen in the way, then a legal choice as the buttons would send it."""
    import random

    rng = random.Random(seed + len(app.session.actions))
    for _ in range(steps):
        if app.save_failure or app.interstitial or app.session.engine.is_over(app.session.state):
            press(app, "ok")
            continue
        p = app.session.prompt()
        app.act(
            rng.choice(p.options)
            if p.options
            else rng.choice(app.session.engine.legal_actions(app.session.state))
        )


def play_until_the_save_fails(app, most: int) -> None:
    for _ in range(most):
        play_on_buttons(app, 1)
        if app.save_failure:
            return


def test_the_panel_says_cannot_save_and_takes_no_game_input_until_a_retry_saves(tmp_path):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 3)
    app.start_game("dungeon-ball", {"solo": {"level": "I"}})
    fill_sqlite(session.journal)
    play_until_the_save_fails(app, 3000)
    assert app.save_failure == "the disk is full"
    assert "cannot save: the disk is full" in text_on_screen(app)
    kept, state = list(session.actions), state_json(session)
    press(app, "down", "up", "left", "back")
    app.handle(ButtonEvent("back", "long", 0.0))  # not even an undo
    app.link_action(session.prompt().options[0] if session.prompt().options else "p1 stop")
    assert session.actions == kept and state_json(session) == state
    press(app, "ok")  # still full
    assert app.save_failure and session.actions == kept
    free_sqlite(session.journal)
    press(app, "ok")
    assert app.save_failure is None and len(session.actions) > len(kept)
    assert session.journal.actions(session.game_id) == session.actions
    assert "cannot save" not in text_on_screen(app)


def test_a_small_filesystem_fills_mid_game_and_the_game_resumes_once_space_returns(tmp_path):
    """A real full disk: a 1 MB tmpfs holds the journal while a filler file takes the rest."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here (needs root): {done.stderr.decode().strip()}")
    try:
        journal_path = mnt / "j.sqlite"
        session = RefereeSession(Journal(journal_path))
        app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 9)
        app.start_game("dungeon-ball", {"solo": {"level": "II"}})
        play_on_buttons(app, 10)
        filler = mnt / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)  # take every free byte
        try:
            for block in (65536, 512):
                try:
                    while True:
                        os.write(fd, b"\0" * block)
                except OSError:
                    pass
        finally:
            os.close(fd)
        play_until_the_save_fails(app, 400)
        assert app.save_failure == "the disk is full"
        assert "cannot save" in text_on_screen(app)
        kept = list(session.actions)
        press(app, "down", "ok")
        assert session.actions == kept
        os.remove(filler)
        press(app, "ok")
        assert app.save_failure is None
        play_on_buttons(app, 10)
        accepted = list(session.actions)
        app.session.journal.close()
        again = RefereeSession(Journal(journal_path))
        assert again.resume() and again.actions == accepted  # nothing lost, nothing invented
        assert again.engine.to_json(again.state) == state_json(session)
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_a_journal_that_stops_replaying_is_resumed_up_to_its_last_good_action(tmp_path, caplog):
    path = tmp_path / "j.sqlite"
    s = manual_session(path)
    s.submit("p2 defend red-1")
    gid = s.game_id
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = 'p1 endzone sideways' WHERE game_id = ? AND seq = 3", (gid,))
    db.commit()
    db.close()
    again = RefereeSession(Journal(path), dice_mode="manual")
    with caplog.at_level(logging.WARNING, logger="companion.session"):
        assert again.resume()
    assert again.actions == list(OPENING[:3])
    assert "replays up to action 3 of 5" in caplog.text and "set aside" in caplog.text
    assert again.resume_note == "resumed at action 3; 2 set aside"
    assert again.journal.actions(gid) == list(OPENING[:3])
    assert [a for _, a, _ in again.journal.aside(gid)] == ["p1 endzone sideways", "p2 defend red-1"]
    again.submit("p2 endzone high")  # and the game goes on from there
    assert again.journal.actions(gid)[-1] == "p2 endzone high"


def test_a_game_whose_header_no_longer_loads_is_closed_and_the_device_starts(tmp_path):
    path = tmp_path / "j.sqlite"
    s = manual_session(path)
    db = sqlite3.connect(path)
    header = json.loads(db.execute("SELECT header FROM games").fetchone()[0])
    header["options"] = {"solo": "yes"}
    db.execute("UPDATE games SET header = ?", (json.dumps(header),))
    db.commit()
    db.close()
    session = RefereeSession(Journal(path))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 3)
    assert app.resume() is False
    assert session.journal.unfinished() is None
    assert "abandoned" in session.journal.result(s.game_id)
    assert app.model()["screen"] == "main_menu"


def test_the_service_starts_on_a_journal_that_does_not_replay(tmp_path):
    path = tmp_path / "j.sqlite"
    s = manual_session(path)
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO actions (game_id, seq, action, at) VALUES (?, 5, 'garbage line', 0)", (s.game_id,)
    )
    db.commit()
    db.close()
    keys = tmp_path / "keys.txt"
    keys.write_text("ok\n")
    frames = tmp_path / "frames"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--emulate",
            "--headless",
            "--keys",
            str(keys),
            "--frames",
            str(frames),
            "--journal",
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "set aside" in done.stderr
    journal = Journal(path)
    assert journal.actions(s.game_id)[:4] == list(OPENING)  # the game went on from there
    assert [a for _, a, _ in journal.aside(s.game_id)] == ["garbage line"]
