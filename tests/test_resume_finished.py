"""A game whose last action was saved but whose result was not (the plug pulled between the
two, or the disk full at that moment) is finished on the next resume: it is not offered to
resume for ever. A real journal on disk."""

from __future__ import annotations

from companion.engine.core import Header
from companion.journal import Journal, JournalError
from companion.session import RefereeSession


def test_a_game_over_without_its_result_is_finished_by_the_next_resume(tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite"
    session = RefereeSession(Journal(path))

    def cut(self, game_id, result):
        raise JournalError(str(path), "the plug was pulled")

    monkeypatch.setattr(Journal, "finish", cut)
    session.new_game(
        Header("dungeonbowl", seed=3, options={"seats": {"p1": "computer:random", "p2": "computer:random"}})
    )
    assert session.engine.is_over(session.state)
    gid = session.game_id
    monkeypatch.undo()
    journal = Journal(path)
    assert journal.unfinished() == gid and journal.result(gid) is None
    again = RefereeSession(journal)
    assert again.resume()
    assert journal.result(gid) is not None and journal.unfinished() is None
    assert [g["id"] for g in journal.unfinished_games()] == []
