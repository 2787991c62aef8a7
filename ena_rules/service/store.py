"""The embedded store of live tables: each game's creation and its ena-log lines, in SQLite.

A line is committed before the server answers the event it records (WAL journal; a killed
process loses nothing it answered). Tokens are kept as SHA-256 hashes, never as they are.

>>> store = Store(":memory:")
>>> store.add_game("g1", {"variant": "ena", "players": ["ana", "bor"], "seed": 7},
...                {"ana": "h1", "bor": "h2"}, '{"ena_log": 1}')
>>> store.append("g1", 1, '{"type": "draw", "player": "bor"}')
>>> [g.lines for g in store.games()]
[['{"ena_log": 1}', '{"type": "draw", "player": "bor"}']]
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import attrs

__all__ = ["SCHEMA_VERSION", "Store", "StoredGame"]

#: The version of the store's own tables (a future change migrates from it).
SCHEMA_VERSION = 1

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    params TEXT NOT NULL,
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id),
    player TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lines (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""


@attrs.frozen
class StoredGame:
    """One game as stored: its id, creation parameters, seats (token hash -> player), lines
    (the header first)."""

    id: str
    params: dict[str, Any]
    seats: dict[str, str]
    lines: list[str]


class Store:
    """The games of a server in one SQLite file (``":memory:"`` keeps nothing after exit).

    >>> Store(":memory:").count()
    0
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        if path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_TABLES)
        self._db.execute(
            "INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
        )

    def add_game(
        self, game: str, params: dict[str, Any], seats: dict[str, str], header: str
    ) -> None:
        """Store a new game: its parameters, each player's token hash, its header line."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO games (id, params) VALUES (?, ?)", (game, json.dumps(params))
                )
                self._db.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?)",
                    [(h, game, player) for player, h in seats.items()],
                )
                self._db.execute("INSERT INTO lines VALUES (?, 0, ?)", (game, header))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def append(self, game: str, n: int, text: str) -> None:
        """Commit line ``n`` (1 is the first after the header) of ``game``'s log."""
        with self._lock:
            self._db.execute("INSERT INTO lines VALUES (?, ?, ?)", (game, n, text))

    def count(self) -> int:
        """How many games the store holds."""
        with self._lock:
            row = self._db.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(row[0])

    def games(self) -> Iterator[StoredGame]:
        """Every stored game, in the order they were created."""
        with self._lock:
            games = self._db.execute("SELECT id, params FROM games ORDER BY rowid").fetchall()
            seats = self._db.execute("SELECT game, token_hash, player FROM seats").fetchall()
            lines = self._db.execute("SELECT game, text FROM lines ORDER BY game, n").fetchall()
        by_game: dict[str, dict[str, str]] = {}
        for game, token_hash, player in seats:
            by_game.setdefault(game, {})[token_hash] = player
        texts: dict[str, list[str]] = {}
        for game, text in lines:
            texts.setdefault(game, []).append(text)
        for gid, params in games:
            yield StoredGame(gid, json.loads(params), by_game.get(gid, {}), texts.get(gid, []))

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
