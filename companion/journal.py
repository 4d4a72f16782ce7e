"""The journal: every accepted action of every game, in SQLite, safe against a pulled plug.

WAL mode with ``synchronous=FULL``: when ``append`` returns, the action is on the card. A game
is its header plus its actions (companion.engine.gamefile), so resuming is replaying, undoing
is replaying all but the last decisions, and "that die was misread" is correcting one recorded
chance outcome and replaying. Finished games keep their result.

    journal = Journal("/var/lib/dungeon-companion/journal.sqlite")
    gid = journal.start(header)
    journal.append(gid, "p1 team orcs")
    journal.record(gid)            # -> GameRecord(header, actions)
"""
from __future__ import annotations

import json
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
"""


class JournalError(RuntimeError):
    """The journal file cannot be opened or written: the message names the file."""


class Journal:
    def __init__(self, path: str | Path, clock=time.time):
        self.path = Path(path)
        self.clock = clock
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise JournalError(f"journal {self.path}: cannot open: {exc}") from None

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ games
    def start(self, header: Header) -> int:
        cur = self.db.execute("INSERT INTO games (game, header, started) VALUES (?, ?, ?)",
                              (header.game, json.dumps(asdict(header), sort_keys=True), self.clock()))
        return int(cur.lastrowid)

    def header(self, game_id: int) -> Header:
        row = self.db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"journal {self.path}: no game {game_id}")
        return Header(**json.loads(row[0]))

    def append(self, game_id: int, action: str) -> int:
        """Add an action; return its sequence number (0-based). Durable when it returns."""
        seq = self.count(game_id)
        self.db.execute("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
                        (game_id, seq, action, self.clock()))
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
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, keep))
            self.db.execute("UPDATE games SET finished = NULL, result = NULL WHERE id = ?", (game_id,))
        return dropped

    def reopen(self, game_id: int) -> None:
        """A finished game that an undo or a correction took back before its end."""
        self.db.execute("UPDATE games SET finished = NULL, result = NULL WHERE id = ?", (game_id,))

    def replace(self, game_id: int, seq: int, action: str) -> str:
        """Put ``action`` in place of action number ``seq``; return the old one."""
        row = self.db.execute("SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
        if row is None:
            raise KeyError(f"journal {self.path}: game {game_id} has no action {seq}")
        self.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?", (action, game_id, seq))
        return row[0]

    def finish(self, game_id: int, result: dict) -> None:
        self.db.execute("UPDATE games SET finished = ?, result = ? WHERE id = ?",
                        (self.clock(), json.dumps(result, sort_keys=True), game_id))

    def result(self, game_id: int) -> dict | None:
        row = self.db.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    def unfinished(self) -> int | None:
        """The most recent game that has not ended: the one to resume after a restart."""
        row = self.db.execute("SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return int(row[0]) if row else None

    def games(self, limit: int = 20) -> list[dict]:
        rows = self.db.execute("SELECT id, game, started, finished, result FROM games ORDER BY id DESC LIMIT ?",
                               (limit,))
        return [{"id": r[0], "game": r[1], "started": r[2], "finished": r[3],
                 "result": json.loads(r[4]) if r[4] else None} for r in rows]

    # ------------------------------------------------------------------ settings
    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                        "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))
