"""The journal (SQLite on disk) and the referee session: resume, undo, corrections."""

import sqlite3

import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.runner import replay
from companion.journal import Journal, JournalError
from companion.session import CorrectionConflict, RefereeSession, UndoRefused


def solo_header(seed=11):
    return Header(
        "dungeon-ball",
        seed=seed,
        options={"solo": {"level": "II"}, "teams": {"p1": "orcs"}, "kicking": {"p1": "luck"}},
    )


def test_journal_is_wal_with_full_sync_and_survives_reopening(tmp_path):
    path = tmp_path / "j.sqlite"
    j = Journal(path)
    assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    gid = j.start(Header("dungeon-ball", seed=3))
    assert [j.append(gid, a) for a in ("p1 team orcs", "p2 team slimes")] == [0, 1]
    # another connection (another process after a crash) sees every appended action
    other = sqlite3.connect(path)
    assert other.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 2
    assert Journal(path).record(gid).actions == ["p1 team orcs", "p2 team slimes"]
    assert Journal(path).unfinished() == gid


def test_journal_that_cannot_be_opened_names_the_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(JournalError, match=r"journal .*file/j.sqlite: cannot open"):
        Journal(blocker / "j.sqlite")


def test_session_answers_digital_dice_and_the_ai_deck_by_itself(tmp_path):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"))
    s.new_game(solo_header())
    assert s.prompt().kind == "call_coin"  # the removal of six cards was drawn already
    assert s.actions[0].startswith("chance remove ")
    s.submit("p1 call heads")
    assert not s.prompt().is_chance  # the coin was flipped digitally


def test_manual_dice_wait_for_a_person_but_the_ai_deck_does_not(tmp_path):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    s.new_game(solo_header())
    assert s.actions[0].startswith("chance remove ")
    s.submit("p1 call heads")
    assert s.prompt().chance.verb == "coin"
    s.submit("chance coin heads")
    assert s.prompt().actor == "p1"


def test_illegal_action_is_refused_and_not_journaled(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    s = RefereeSession(j)
    s.new_game(solo_header())
    n = j.count(s.game_id)
    with pytest.raises(IllegalAction):
        s.submit("p2 call heads")
    assert j.count(s.game_id) == n and len(s.actions) == n


def play_a_while(s, steps=40):
    import random

    rng = random.Random(5)
    for _ in range(steps):
        p = s.prompt()
        if p.options:
            s.submit(rng.choice(p.options))
        elif p.kind == "keep":
            s.submit(f"{p.actor} stop")
        else:
            s.submit(s.engine.legal_actions(s.state)[0])


def test_resume_rebuilds_the_same_game_from_the_journal(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    s = RefereeSession(j)
    s.new_game(solo_header())
    play_a_while(s)
    again = RefereeSession(Journal(tmp_path / "j.sqlite"))
    assert again.resume()
    assert again.engine.to_json(again.state) == s.engine.to_json(s.state)
    assert again.actions == s.actions


def two_player_manual(tmp_path):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    s.new_game(
        Header(
            "dungeon-ball",
            seed=1,
            options={"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}},
        )
    )
    for a in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        s.submit(a)
    return s


def test_undo_takes_back_decisions_until_chance_or_a_hidden_card_answers_them(tmp_path):
    s = two_player_manual(tmp_path)
    before = list(s.actions)
    s.submit("p2 defend red-1")  # face down: nobody has seen it yet
    assert s.undo() == ["p2 defend red-1"]
    assert s.actions == before and s.journal.actions(s.game_id) == before
    _, replayed = replay(s.journal.record(s.game_id))
    assert s.engine.to_json(replayed) == s.engine.to_json(s.state)
    s.submit("p2 defend blue-2")
    s.submit("p1 move down")  # the move reveals the defense card
    with pytest.raises(UndoRefused, match="hidden card was revealed"):
        s.undo()
    assert s.actions == before + ["p2 defend blue-2", "p1 move down"]


def test_undo_stops_where_the_coin_answered(tmp_path):
    s = two_player_manual(tmp_path)
    assert s.undo() == ["p2 endzone low"] and s.undo() == ["p1 start offense"]
    with pytest.raises(UndoRefused, match="dice have answered"):
        s.undo()
    assert s.actions == ["p1 call heads", "chance coin heads"]
    assert s.journal.actions(s.game_id) == s.actions


def test_undo_is_refused_once_the_dice_are_rolled(tmp_path):
    s = two_player_manual(tmp_path)
    for a in ("p2 defend red-1", "p1 move down", "chance roll ball ball cleat cleat time time"):
        s.submit(a)
    kept = list(s.actions)
    with pytest.raises(UndoRefused, match="correct the dice"):
        s.undo()
    assert s.actions == kept and s.journal.actions(s.game_id) == kept


def test_solo_player_cannot_try_a_move_see_the_ai_card_and_take_it_back(tmp_path):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"))
    s.new_game(solo_header())
    play_a_while(s, 12)
    while s.prompt().kind != "pawn":
        play_a_while(s, 1)
    s.submit(s.prompt().options[0])  # digital dice roll at once
    assert any(a.startswith("chance ") for a in s.actions[-3:])
    kept = s.engine.to_json(s.state)
    with pytest.raises(UndoRefused):
        s.undo()
    assert s.engine.to_json(s.state) == kept


def test_undo_after_resume_knows_what_is_sealed(tmp_path):
    s = two_player_manual(tmp_path)
    s.submit("p2 defend red-1")
    again = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    assert again.resume()
    assert again.undo() == ["p2 defend red-1"]
    assert again.undo() == ["p2 endzone low"]


def test_correcting_a_misread_die_replays_the_game(tmp_path):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    s.new_game(
        Header(
            "dungeon-ball",
            seed=1,
            options={"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}},
        )
    )
    for a in (
        "p1 call heads",
        "chance coin heads",
        "p1 start offense",
        "p2 endzone low",
        "p2 defend red-1",
        "p1 move down",
        "chance roll ball ball cleat cleat time time",
    ):
        s.submit(a)
    seq = s.last_chance_index()
    s.correct(seq, "chance roll ball ball ball cleat time time")
    assert s.state.play.dice[2] == "ball"
    assert s.journal.actions(s.game_id)[seq] == "chance roll ball ball ball cleat time time"
    s.submit("p1 stop")
    # a correction that would make a later action illegal changes nothing
    s.submit("p2 pass")
    journal_before = s.journal.actions(s.game_id)
    with pytest.raises(CorrectionConflict, match="refused"):
        s.correct(seq, "chance roll ball ball")  # 2 dice where 6 were rolled
    assert s.journal.actions(s.game_id) == journal_before
    _, state = replay(s.journal.record(s.game_id))
    assert s.engine.to_json(state) == s.engine.to_json(s.state)


def test_a_finished_game_keeps_its_result(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    s = RefereeSession(j)
    s.new_game(
        Header(
            "dungeon-ball",
            seed=4,
            options={
                "clock_start": 1,
                "solo": {"level": "I"},
                "teams": {"p1": "orcs"},
                "kicking": {"p1": "luck"},
            },
        )
    )
    guard = 0
    while not s.engine.is_over(s.state) and guard < 2000:
        play_a_while(s, 1)
        guard += 1
    assert s.engine.is_over(s.state)
    result = j.result(s.game_id)
    assert result["over"] and result["winner"] in ("p1", "p2") and j.unfinished() is None
