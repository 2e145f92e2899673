"""What a room server must not lose, in SQLite (the standard library's ``sqlite3``, WAL mode).

Four tables: ``rooms`` (name, the teacher's token, open or closed), ``games`` (a room's game: its
record's headers as JSON — game, rules, seed, deal, players —, its spectators' token, whether it
is on and the language it was made in: its record's title), ``seats`` (each seat's kind, bot, name
and secret token) and ``actions`` (each game's actions in order, as the records write them).
Every change is committed before the server tells anyone about it, so a server killed at any moment
restarts where its last message left the players: each game is its record's headers and actions,
replayed (:meth:`Store.games`). A database made before the games kept their language opens too:
the column is added, its games read as English.

A database that another program holds (its write lock taken) never holds the store's callers for
long: a write waits at most :data:`WRITE_WAIT` s for it, then fails with :class:`StoreError` (the
caller undoes its change); a room server asks :meth:`Store.writable` before it starts a change and
waits for it, up to the store's ``timeout``, off its lock and event loop (:mod:`cardlab.rooms.server`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from ..errors import CardlabError
from .protocol import STORE_WAIT

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, teacher TEXT NOT NULL UNIQUE, open INTEGER NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, room INTEGER NOT NULL REFERENCES rooms(id), header TEXT NOT NULL,
    spectator TEXT NOT NULL UNIQUE, status TEXT NOT NULL DEFAULT 'on', lang TEXT NOT NULL DEFAULT 'en');
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL, kind TEXT NOT NULL, bot TEXT, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (game, n));
"""
#: the columns added since the first schema, each with its definition: a database that lacks one gets it
ADDED_COLUMNS = {"games": {"lang": "TEXT NOT NULL DEFAULT 'en'"}}
WRITE_WAIT = 0.25   # seconds a write waits for the database's write lock (another connection's) before it fails


class StoreError(CardlabError, RuntimeError):
    """The store could not keep a change (its database locked by another program, or failing):
    nothing of the change is kept."""


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
    """A game as stored: its record's headers, its seats and its actions so far; ``lang``: the
    language it was made in."""

    id: int
    room: int
    header: dict[str, Any]
    spectator: str
    status: str
    seats: list[StoredSeat]
    actions: list[str]
    lang: str = "en"


class Store:
    """The database at ``path`` (``":memory:"``: nothing kept, for tests and a quick try). One
    connection, used under a lock: the server's thread and a notebook's may both write.
    ``timeout``: how long a room server waits for a database another program holds before it
    refuses a change (:meth:`writable`); a write itself waits :data:`WRITE_WAIT` s at most."""

    def __init__(self, path: str | Path = ":memory:", timeout: float = STORE_WAIT) -> None:
        self.path, self.timeout = str(path), timeout
        self.lock = threading.RLock()
        #: called with the write's name after each commit (a test's hook; None: nothing)
        self.committed: Callable[[str], None] | None = None
        self.db = sqlite3.connect(self.path, timeout=timeout, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")   # WAL: a committed change survives the process's death
        self.db.executescript(SCHEMA)
        self._add_missing_columns()
        self.db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT * 1000)}")
        # the write lock asked of SQLite without waiting, on a connection of its own (None: in memory,
        # where no other program reaches)
        self.probe = None if self.path == ":memory:" else sqlite3.connect(
            self.path, timeout=0, check_same_thread=False, isolation_level=None)

    def _add_missing_columns(self) -> None:
        """Bring a database made by an older schema up to :data:`ADDED_COLUMNS`: a write only if a
        column is missing (an up-to-date database opens while another program holds it), in one
        transaction that looks again (two servers opening it at once add each column once)."""
        def missing() -> list[tuple[str, str, str]]:
            return [(table, column, definition) for table, columns in ADDED_COLUMNS.items()
                    for column, definition in columns.items()
                    if column not in {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}]
        if missing():
            with self._transaction() as db:
                for table, column, definition in missing():
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    def writable(self) -> bool:
        """The database takes a write now (its write lock is free: taken and given back at once;
        asked under the store's lock, so that only another program's lock says no)."""
        if self.probe is None:
            return True
        with self.lock:
            try:
                self.probe.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                return False
            self.probe.execute("ROLLBACK")
        return True

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction on the connection (under the lock): committed, or rolled back and
        :class:`StoreError`."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                self.db.execute("COMMIT")
            except BaseException as e:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error):
                    raise StoreError(f"the database could not be written ({type(e).__name__}: {e})") from e
                raise

    def _write(self, what: str, sql: str, *args: Any) -> int:
        with self._transaction() as db:
            row = db.execute(sql, args).lastrowid or 0
        self._committed(what)
        return row

    def _committed(self, what: str) -> None:
        if self.committed is not None:
            self.committed(what)

    def add_room(self, name: str, teacher: str) -> int:
        return self._write("add_room", "INSERT INTO rooms (name, teacher) VALUES (?, ?)", name, teacher)

    def set_open(self, room: int, is_open: bool) -> None:
        self._write("set_open", "UPDATE rooms SET open = ? WHERE id = ?", int(is_open), room)

    def add_game(self, room: int, header: dict[str, Any], seats: list[StoredSeat], spectator: str,
                 lang: str = "en") -> int:
        with self._transaction() as db:
            game = db.execute("INSERT INTO games (room, header, spectator, lang) VALUES (?, ?, ?, ?)",
                              (room, json.dumps(header, ensure_ascii=False), spectator, lang)).lastrowid
            db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                           [(game, s.seat, s.token, s.name, s.kind, s.bot) for s in seats])
        self._committed("add_game")
        return int(game or 0)

    def set_seat(self, game: int, seat: StoredSeat) -> None:
        self._write("set_seat", "UPDATE seats SET name = ?, kind = ?, bot = ? WHERE game = ? AND seat = ?",
                    seat.name, seat.kind, seat.bot, game, seat.seat)

    def add_actions(self, game: int, first: int, texts: list[str], status: str | None = None) -> None:
        """Append ``texts`` as actions ``first``, ``first + 1`` … of ``game`` (and set its
        ``status``, if given), in one transaction."""
        with self._transaction() as db:
            db.executemany("INSERT INTO actions VALUES (?, ?, ?)", [(game, first + i, text) for i, text in enumerate(texts)])
            if status is not None:
                db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game))
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
            games = self.db.execute("SELECT id, header, spectator, status, lang FROM games WHERE room = ? "
                                    "ORDER BY id", (room,)).fetchall()
            out = []
            for game, header, spectator, status, lang in games:
                seats = [StoredSeat(*row) for row in self.db.execute(
                    "SELECT seat, token, name, kind, bot FROM seats WHERE game = ? ORDER BY seat", (game,))]
                actions = [t for (t,) in self.db.execute("SELECT text FROM actions WHERE game = ? ORDER BY n", (game,))]
                out.append(StoredGame(game, room, json.loads(header), spectator, status, seats, actions, lang))
        return out

    def close(self) -> None:
        with self.lock:
            self.db.close()
            if self.probe is not None:
                self.probe.close()
