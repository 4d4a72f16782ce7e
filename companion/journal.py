"""The journal: every accepted action of every game, in SQLite, safe against a pulled plug.

WAL mode with ``synchronous=FULL``: when ``append`` returns, the action is on the card. A game
is its header plus its actions (companion.engine.gamefile), so resuming is replaying, undoing
is replaying all but the last decisions, and "that die was misread" is correcting one recorded
chance outcome and replaying. Finished games keep their result.

Every write either lands or raises ``JournalError`` with the reason (a full disk, a read-only
or deleted file): the session saves first and changes the game only after, so a failed write
changes nothing (see companion.session). A journal file deleted or replaced behind the
service's back is noticed at the next write, not written into the void.

    journal = Journal("/var/lib/dungeon-companion/journal.sqlite")
    gid = journal.start(header)
    journal.append(gid, "p1 team orcs")
    journal.record(gid)            # -> GameRecord(header, actions)
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import asdict
from pathlib import Path

from companion.engine.core import Header
from companion.engine.gamefile import GameRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    header   TEXT NOT NULL,
    started  REAL NOT NULL,
    finished REAL,
    result   TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS set_aside (
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    reason  TEXT NOT NULL,
    at      REAL NOT NULL
);
"""


class JournalError(RuntimeError):
    """The journal file cannot be opened or written: the message names the file and says why."""

    def __init__(self, path: Path, reason: str, doing: str = "cannot save"):
        self.path = path
        self.reason = reason
        super().__init__(f"journal {path}: {doing}: {reason}")


def _why(exc: BaseException) -> str:
    """A person's words for an SQLite or OS error."""
    text = str(exc)
    if isinstance(exc, sqlite3.Error):
        low = text.lower()
        if "full" in low:
            return "the disk is full"
        if "readonly" in low or "read-only" in low:
            return "the file is read-only"
        if "not a database" in low:
            return "the file is not a journal (not an SQLite database)"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return text


LAST_PLAYED = "games.last_played"  # settings key: the game in which the last action was taken


class Journal:
    def __init__(self, path: str | Path, clock=time.time):
        self.path = Path(path)
        self.clock = clock
        self.db: sqlite3.Connection | None = None
        self._identity: tuple[int, int] | None = None
        self._open()

    def _open(self) -> None:
        if self.path.is_dir():
            raise JournalError(self.path, "it is a directory, not a file", "cannot open")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise JournalError(self.path, _why(exc), "cannot open") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(SCHEMA)
            # A real write, so a read-only file or folder is found now, not at the first move.
            db.execute(
                "INSERT INTO settings (key, value) VALUES ('journal.opened', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (repr(self.clock()),),
            )
        except (OSError, sqlite3.Error) as exc:
            db.close()
            raise JournalError(self.path, _why(exc), "cannot open") from None
        self.db = db
        self._identity = self._stat()
        last = self.setting(LAST_PLAYED)
        self.last_played = int(last) if last and last.isdigit() else None

    def _stat(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_dev, st.st_ino)

    def check_file(self) -> None:
        """Raise JournalError if the file was deleted or replaced since it was opened: writes
        would go to a file nobody will read again."""
        now = self._stat()
        if now is None:
            raise JournalError(self.path, "the journal file was deleted")
        if now != self._identity:
            raise JournalError(self.path, "the journal file was replaced by another file")

    def reopen(self) -> None:
        """Open the file at the journal's path again (after it was deleted or replaced)."""
        self.close()
        self._open()

    def close(self) -> None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        self.check_file()
        try:
            return self.db.execute(sql, args)
        except sqlite3.Error as exc:
            raise JournalError(self.path, _why(exc)) from None

    def _write_many(self, statements: list[tuple[str, tuple]]) -> None:
        """Several writes in one transaction: all of them land, or none."""
        self.check_file()
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise JournalError(self.path, _why(exc)) from None

    # ------------------------------------------------------------------ games
    def start(self, header: Header) -> int:
        """A new game, which is now the game last played; return its number."""
        self._write_many(
            [
                (
                    "INSERT INTO games (game, header, started) VALUES (?, ?, ?)",
                    (header.game, json.dumps(asdict(header), sort_keys=True), self.clock()),
                ),
                self._played("CAST(last_insert_rowid() AS TEXT)"),
            ]
        )
        self.last_played = int(self.setting(LAST_PLAYED))
        return self.last_played

    def _played(self, game_id: int | str) -> tuple[str, tuple]:
        """The write that makes ``game_id`` (a number, or SQL giving it) the game last played."""
        value = "?" if isinstance(game_id, int) else game_id
        return (
            f"INSERT INTO settings (key, value) VALUES (?, {value}) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (LAST_PLAYED, str(game_id)) if isinstance(game_id, int) else (LAST_PLAYED,),
        )

    def header(self, game_id: int) -> Header:
        row = self.db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"journal {self.path}: no game {game_id}")
        return Header(**json.loads(row[0]))

    def append(self, game_id: int, action: str) -> int:
        """Add an action; return its sequence number (0-based). Durable when it returns;
        raises JournalError (nothing written) when it cannot be."""
        seq = self.count(game_id)
        insert = (
            "INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
            (game_id, seq, action, self.clock()),
        )
        if self.last_played == game_id:  # the common case: one write, as before
            self._write(*insert)
        else:  # a move in another game: it is now the last played
            self._write_many([insert, self._played(game_id)])
            self.last_played = game_id
        return seq

    def count(self, game_id: int) -> int:
        return self.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]

    def actions(self, game_id: int) -> list[str]:
        rows = self.db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return [r[0] for r in rows]

    def record(self, game_id: int) -> GameRecord:
        return GameRecord(self.header(game_id), self.actions(game_id))

    def truncate(self, game_id: int, keep: int) -> list[str]:
        """Drop every action from number ``keep`` on (undo); return what was dropped."""
        dropped = self.actions(game_id)[keep:]
        self._write_many(
            [
                ("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, keep)),
                ("UPDATE games SET finished = NULL, result = NULL WHERE id = ?", (game_id,)),
            ]
        )
        return dropped

    def set_aside(self, game_id: int, keep: int, reason: str) -> list[str]:
        """Move the actions from number ``keep`` on out of the game, into ``set_aside`` with
        the reason: a journal that no longer replays past ``keep`` is played on from there,
        and what did not replay is kept for a person to look at."""
        moved = self.actions(game_id)[keep:]
        now = self.clock()
        self._write_many(
            [
                (
                    "INSERT INTO set_aside (game_id, seq, action, reason, at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, keep + i, a, reason, now),
                )
                for i, a in enumerate(moved)
            ]
            + [("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, keep))]
        )
        return moved

    def aside(self, game_id: int) -> list[tuple[int, str, str]]:
        rows = self.db.execute(
            "SELECT seq, action, reason FROM set_aside WHERE game_id = ? ORDER BY at, seq", (game_id,)
        )
        return [tuple(r) for r in rows]

    def reopen_game(self, game_id: int) -> None:
        """A finished game that an undo or a correction took back before its end."""
        self._write("UPDATE games SET finished = NULL, result = NULL WHERE id = ?", (game_id,))

    def replace(self, game_id: int, seq: int, action: str) -> str:
        """Put ``action`` in place of action number ``seq``; return the old one."""
        row = self.db.execute(
            "SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        if row is None:
            raise KeyError(f"journal {self.path}: game {game_id} has no action {seq}")
        self._write("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?", (action, game_id, seq))
        return row[0]

    def ensure(self, game_id: int | None, header: Header, actions: list[str]) -> int:
        """Make the journal hold this game with exactly these actions; return its id.

        After a failed save (a full disk, a deleted file) the session still holds every
        accepted action: this writes back whatever the file lacks (the whole game into a new
        file, or the missing tail) so nothing accepted is lost. Raises JournalError if the
        file holds a different history for the game."""
        stored = None
        if game_id is not None:
            row = self.db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is not None and Header(**json.loads(row[0])) == header:
                stored = self.actions(game_id)
        if stored is None:
            game_id = self.start(header)
            stored = []
        if stored != actions[: len(stored)]:
            raise JournalError(self.path, f"the file holds another history for game {game_id}")
        now = self.clock()
        missing = actions[len(stored) :]
        if missing:
            self._write_many(
                [
                    (
                        "INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
                        (game_id, len(stored) + i, a, now),
                    )
                    for i, a in enumerate(missing)
                ]
            )
        return game_id

    def finish(self, game_id: int, result: dict) -> None:
        self._write(
            "UPDATE games SET finished = ?, result = ? WHERE id = ?",
            (self.clock(), json.dumps(result, sort_keys=True), game_id),
        )

    def abandon(self, game_id: int, reason: str) -> None:
        """Close a game that cannot be rebuilt at all (its header no longer loads)."""
        self.finish(game_id, {"abandoned": reason})

    def result(self, game_id: int) -> dict | None:
        row = self.db.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    def unfinished(self) -> int | None:
        """The game to resume after a restart: the one last played (its last action, or its
        start, is the journal's latest), else the newest game that has not ended."""
        games = self.unfinished_games(limit=1)
        return games[0]["id"] if games else None

    def unfinished_games(self, limit: int = 20) -> list[dict]:
        """Every game not ended yet, the one last played first, then by their last action
        (the actions' order in the file, which a clock set back cannot change), newest first:
        what "Resume" offers."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.started, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
            "FROM games g WHERE g.finished IS NULL ORDER BY g.id = ? DESC, "
            "(SELECT MAX(a.rowid) FROM actions a WHERE a.game_id = g.id) DESC NULLS LAST, g.id DESC LIMIT ?",
            (self.last_played, limit),
        )
        return [{"id": r[0], "game": r[1], "started": r[2], "actions": r[3]} for r in rows]

    def games(self, limit: int = 20) -> list[dict]:
        rows = self.db.execute(
            "SELECT id, game, started, finished, result FROM games ORDER BY id DESC LIMIT ?", (limit,)
        )
        return [
            {
                "id": r[0],
                "game": r[1],
                "started": r[2],
                "finished": r[3],
                "result": json.loads(r[4]) if r[4] else None,
            }
            for r in rows
        ]

    # ------------------------------------------------------------------ settings
    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str) -> None:
        self._write(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
