"""What a room server must not lose, in SQLite (the standard library's ``sqlite3``, WAL mode).

Four tables: ``rooms`` (name, the teacher's token, open or closed), ``games`` (a room's game: its
record's headers as JSON — game, rules, seed, deal, players —, its spectators' token and whether it
is on), ``seats``
(each seat's kind, bot, name and secret token) and ``actions`` (each game's actions in order, as
the records write them). Every change is committed before the server tells anyone about it, so a
server killed at any moment restarts where its last message left the players: each game is its
record's headers and actions, replayed (:meth:`Store.games`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, teacher TEXT NOT NULL UNIQUE, open INTEGER NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, room INTEGER NOT NULL REFERENCES rooms(id), header TEXT NOT NULL,
    spectator TEXT NOT NULL UNIQUE, status TEXT NOT NULL DEFAULT 'on');
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL, kind TEXT NOT NULL, bot TEXT, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (game, n));
"""


@dataclass
class StoredSeat:
    """A seat as stored: ``kind`` is ``"person"`` or ``"computer"`` (then ``bot`` names the bot)."""

    seat: int
    token: str
    name: str
    kind: str
    bot: str | None


@dataclass
class StoredGame:
    """A game as stored: its record's headers, its seats and its actions so far."""

    id: int
    room: int
    header: dict[str, Any]
    spectator: str
    status: str
    seats: list[StoredSeat]
    actions: list[str]


class Store:
    """The database at ``path`` (``":memory:"``: nothing kept, for tests and a quick try). One
    connection, used under a lock: the server's thread and a notebook's may both write."""

    def __init__(self, path: str | Path = ":memory:", timeout: float = 5.0) -> None:
        self.path = str(path)
        self.lock = threading.RLock()
        #: called with the write's name after each commit (a test's hook; None: nothing)
        self.committed: Callable[[str], None] | None = None
        # ``timeout``: how long a write waits for another process's lock before it fails
        self.db = sqlite3.connect(self.path, timeout=timeout, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")   # WAL: a committed change survives the process's death
        self.db.executescript(SCHEMA)

    def _write(self, what: str, sql: str, *args: Any) -> int:
        with self.lock:
            row = self.db.execute(sql, args).lastrowid or 0
        self._committed(what)
        return row

    def _committed(self, what: str) -> None:
        if self.committed is not None:
            self.committed(what)

    def add_room(self, name: str, teacher: str) -> int:
        return self._write("add_room", "INSERT INTO rooms (name, teacher) VALUES (?, ?)", name, teacher)

    def set_open(self, room: int, is_open: bool) -> None:
        self._write("set_open", "UPDATE rooms SET open = ? WHERE id = ?", int(is_open), room)

    def add_game(self, room: int, header: dict[str, Any], seats: list[StoredSeat], spectator: str) -> int:
        with self.lock:
            self.db.execute("BEGIN")
            try:
                game = self.db.execute("INSERT INTO games (room, header, spectator) VALUES (?, ?, ?)",
                                       (room, json.dumps(header, ensure_ascii=False), spectator)).lastrowid
                self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                                    [(game, s.seat, s.token, s.name, s.kind, s.bot) for s in seats])
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        self._committed("add_game")
        return int(game or 0)

    def set_seat(self, game: int, seat: StoredSeat) -> None:
        self._write("set_seat", "UPDATE seats SET name = ?, kind = ?, bot = ? WHERE game = ? AND seat = ?",
                    seat.name, seat.kind, seat.bot, game, seat.seat)

    def add_actions(self, game: int, first: int, texts: list[str], status: str | None = None) -> None:
        """Append ``texts`` as actions ``first``, ``first + 1`` … of ``game`` (and set its
        ``status``, if given), in one transaction."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                                    [(game, first + i, text) for i, text in enumerate(texts)])
                if status is not None:
                    self.db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game))
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        self._committed("add_actions")

    def set_status(self, game: int, status: str) -> None:
        self._write("set_status", "UPDATE games SET status = ? WHERE id = ?", status, game)

    def rooms(self) -> Iterator[tuple[int, str, str, bool]]:
        """Every room: (id, name, teacher token, open)."""
        with self.lock:
            rows = self.db.execute("SELECT id, name, teacher, open FROM rooms ORDER BY id").fetchall()
        return ((i, n, t, bool(o)) for i, n, t, o in rows)

    def games(self, room: int) -> list[StoredGame]:
        """The games of ``room`` in the order they were made, with their seats and actions."""
        with self.lock:
            games = self.db.execute("SELECT id, header, spectator, status FROM games WHERE room = ? ORDER BY id",
                                    (room,)).fetchall()
            out = []
            for game, header, spectator, status in games:
                seats = [StoredSeat(*row) for row in self.db.execute(
                    "SELECT seat, token, name, kind, bot FROM seats WHERE game = ? ORDER BY seat", (game,))]
                actions = [t for (t,) in self.db.execute("SELECT text FROM actions WHERE game = ? ORDER BY n", (game,))]
                out.append(StoredGame(game, room, json.loads(header), spectator, status, seats, actions))
        return out

    def close(self) -> None:
        with self.lock:
            self.db.close()
