"""Where a table for friends keeps its moves: one small interface, two stores.

A table for friends is played from several devices, each page with a kernel of its own (the app mode); they meet
in a store that every kernel reaches. A table is a row (its short code, how it was set up, who started it, whether
hints are allowed); each seat is a row (a person's seat holds the visitor id of the device that took it); each
move is a row, in the move notation, numbered from 1, with (table, number) unique: two devices that act at once
cannot both move, the store takes the first and the other is told `TurnTaken`. A move is only ever added, never
changed: a device that comes back (a reload, a phone that slept, a server restarted) reads the moves again.

`SQLiteStore` (the standard library's SQLite in WAL mode, in the saves folder) is the default; `PostgresStore`
(psycopg 3) is for a club that runs several app servers against one database (`make app TABLES=postgresql://…`,
docs/architecture.md). `open_store()` picks one from $CONCORDIA_TABLES.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import concordia_core as cc

ENVIRONMENT_VARIABLE = "CONCORDIA_TABLES"
SQLITE_NAME = "tables.sqlite3"


class TableRefusal(cc.ConcordiaError):
    """A plain refusal at a table for friends: an unknown code, a full table, a taken seat, a turn already played."""


class TurnTaken(TableRefusal):
    """The move numbered `number` is already in the store: another device played that turn first."""

    def __init__(self, number: int) -> None:
        super().__init__(cc._("that turn has already been played (on another device); the board shows it now"))
        self.number = number


class StoreUnreachable(TableRefusal):
    """The store cannot be reached (a database down, a folder that cannot be written)."""


@dataclass(frozen=True)
class SeatRow:
    index: int
    name: str
    kind: str                   # "human" or a practice bot's level
    visitor: str | None         # the visitor id of the device that took a person's seat


@dataclass(frozen=True)
class TableRow:
    code: str
    setup: dict[str, Any]       # map, names, seed, first_game (cc.Setup's fields), bot seeds
    host: str                   # the visitor id that started the table
    hints: bool                 # may the players ask for hints
    created: float
    touched: float              # the last move or claim
    over: bool


@dataclass(frozen=True)
class MoveRow:
    number: int
    notation: str
    seat: int


class TableStore(Protocol):
    """What a table for friends asks of its store (SQLite or PostgreSQL)."""

    def create(self, table: TableRow, seats: Sequence[SeatRow]) -> None: ...
    def table(self, code: str) -> TableRow | None: ...
    def seats(self, code: str) -> list[SeatRow]: ...
    def claim(self, code: str, index: int, visitor: str) -> bool: ...
    def release(self, code: str, index: int) -> None: ...
    def add_move(self, code: str, number: int, notation: str, seat: int, over: bool) -> None: ...
    def moves(self, code: str, after: int = 0) -> list[MoveRow]: ...
    def last_number(self, code: str) -> int: ...
    def tables_of(self, visitor: str) -> list[str]: ...
    def seated(self, visitor: str) -> list[str]: ...
    def count(self) -> int: ...
    def expire(self, finished_before: float, idle_before: float) -> int: ...


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, setup TEXT NOT NULL, host TEXT NOT NULL,
       hints INTEGER NOT NULL, created DOUBLE PRECISION NOT NULL, touched DOUBLE PRECISION NOT NULL,
       over INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS seats (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
       seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, visitor TEXT, PRIMARY KEY (code, seat))""",
    """CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
       number INTEGER NOT NULL, notation TEXT NOT NULL, seat INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL,
       PRIMARY KEY (code, number))""",
    "CREATE INDEX IF NOT EXISTS tables_host ON tables (host)",
)


class _SQLStore:
    """The queries both stores share. `_connection(write)` yields a DB-API connection, in a transaction that holds
    the write lock when `write` (SQLite: BEGIN IMMEDIATE; a read needs no lock in WAL mode); `_mark` is the
    paramstyle's placeholder and `_conflict` the error a duplicate key raises."""

    _mark = "?"
    _conflict: type[Exception] = sqlite3.IntegrityError

    def _connection(self, write: bool = True) -> Any:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def _run(self, text: str, args: Sequence[Any] = (), write: bool = False) -> list[tuple[Any, ...]]:
        with self._connection(write) as db:
            cursor = db.execute(self._sql(text), tuple(args))
            return list(cursor.fetchall()) if cursor.description else []

    def create(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        with self._connection() as db:
            db.execute(self._sql("INSERT INTO tables (code, setup, host, hints, created, touched, over) "
                                 "VALUES (?, ?, ?, ?, ?, ?, 0)"),
                       (table.code, json.dumps(table.setup), table.host, int(table.hints), table.created, table.touched))
            for seat in seats:
                db.execute(self._sql("INSERT INTO seats (code, seat, name, kind, visitor) VALUES (?, ?, ?, ?, ?)"),
                           (table.code, seat.index, seat.name, seat.kind, seat.visitor))

    def table(self, code: str) -> TableRow | None:
        rows = self._run("SELECT code, setup, host, hints, created, touched, over FROM tables WHERE code = ?", (code,))
        if not rows:
            return None
        code, setup, host, hints, created, touched, over = rows[0]
        return TableRow(code, json.loads(setup), host, bool(hints), float(created), float(touched), bool(over))

    def seats(self, code: str) -> list[SeatRow]:
        rows = self._run("SELECT seat, name, kind, visitor FROM seats WHERE code = ? ORDER BY seat", (code,))
        return [SeatRow(int(i), n, k, v) for i, n, k, v in rows]

    def claim(self, code: str, index: int, visitor: str) -> bool:
        """Give a free person's seat to `visitor` (who holds no other seat there); False if it is taken."""
        with self._connection() as db:
            held = db.execute(self._sql("SELECT 1 FROM seats WHERE code = ? AND visitor = ?"), (code, visitor)).fetchall()
            if held:
                return False
            cursor = db.execute(self._sql("UPDATE seats SET visitor = ? WHERE code = ? AND seat = ? AND visitor IS NULL "
                                          "AND kind = 'human'"), (visitor, code, index))
            if cursor.rowcount == 1:
                db.execute(self._sql("UPDATE tables SET touched = ? WHERE code = ?"), (time.time(), code))
            return bool(cursor.rowcount == 1)

    def release(self, code: str, index: int) -> None:
        self._run("UPDATE seats SET visitor = NULL WHERE code = ? AND seat = ?", (code, index), write=True)

    def add_move(self, code: str, number: int, notation: str, seat: int, over: bool) -> None:
        """Add move `number` (TurnTaken if it is there already); the moves before it must all be there."""
        try:
            with self._connection() as db:
                last = db.execute(self._sql("SELECT COALESCE(MAX(number), 0) FROM moves WHERE code = ?"),
                                  (code,)).fetchone()[0]
                if int(last) != number - 1:
                    raise TurnTaken(number)
                db.execute(self._sql("INSERT INTO moves (code, number, notation, seat, at) VALUES (?, ?, ?, ?, ?)"),
                           (code, number, notation, seat, time.time()))
                db.execute(self._sql("UPDATE tables SET touched = ?, over = ? WHERE code = ?"),
                           (time.time(), int(over), code))
        except self._conflict:
            raise TurnTaken(number) from None

    def moves(self, code: str, after: int = 0) -> list[MoveRow]:
        rows = self._run("SELECT number, notation, seat FROM moves WHERE code = ? AND number > ? ORDER BY number",
                         (code, after))
        return [MoveRow(int(n), s, int(seat)) for n, s, seat in rows]

    def last_number(self, code: str) -> int:
        return int(self._run("SELECT COALESCE(MAX(number), 0) FROM moves WHERE code = ?", (code,))[0][0])

    def tables_of(self, visitor: str) -> list[str]:
        return [r[0] for r in self._run("SELECT code FROM tables WHERE host = ? ORDER BY created", (visitor,))]

    def seated(self, visitor: str) -> list[str]:
        """The codes of the tables not over where `visitor` holds a seat, the latest first."""
        rows = self._run("SELECT t.code FROM tables t JOIN seats s ON s.code = t.code WHERE s.visitor = ? AND t.over = 0 "
                         "ORDER BY t.touched DESC", (visitor,))
        return [r[0] for r in rows]

    def count(self) -> int:
        return int(self._run("SELECT COUNT(*) FROM tables")[0][0])

    def expire(self, finished_before: float, idle_before: float) -> int:
        """Remove the tables finished before `finished_before` or untouched since `idle_before`; how many."""
        with self._connection() as db:
            old = [r[0] for r in db.execute(self._sql("SELECT code FROM tables WHERE (over = 1 AND touched < ?) "
                                                      "OR touched < ?"), (finished_before, idle_before)).fetchall()]
            for code in old:
                for table in ("moves", "seats", "tables"):
                    db.execute(self._sql(f"DELETE FROM {table} WHERE code = ?"), (code,))
            return len(old)


class SQLiteStore(_SQLStore):
    """The tables in one SQLite file (WAL mode: readers never wait for the writer), shared by the kernels of one
    machine. Each thread has its own connection."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._local = threading.local()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connection() as db:
                for statement in SCHEMA:
                    db.execute(statement)
        except (sqlite3.Error, OSError) as err:
            raise StoreUnreachable(cc._("the tables' store cannot be opened: {reason}", reason=err)) from None

    @contextmanager
    def _connection(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        db = getattr(self._local, "db", None)
        try:
            if db is None:
                db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA foreign_keys=ON")
                db.execute("PRAGMA busy_timeout=10000")
                self._local.db = db
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            yield db
            db.execute("COMMIT")
        except sqlite3.OperationalError as err:
            self._rollback(db)
            raise StoreUnreachable(cc._("the tables' store cannot be reached: {reason}", reason=err)) from None
        except BaseException:
            self._rollback(db)
            raise

    @staticmethod
    def _rollback(db: sqlite3.Connection | None) -> None:
        if db is not None and db.in_transaction:
            db.execute("ROLLBACK")


class PostgresStore(_SQLStore):
    """The tables in a PostgreSQL database (psycopg 3), for several app servers against one database."""

    _mark = "%s"

    def __init__(self, dsn: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreUnreachable(cc._("the tables' store is a PostgreSQL database, and psycopg is not installed "
                                        "(pip install 'psycopg[binary]')")) from None
        self._psycopg = psycopg
        self._conflict = psycopg.errors.UniqueViolation
        self.dsn = dsn
        self._local = threading.local()
        with self._connection() as db:
            for statement in SCHEMA:
                db.execute(statement)

    @contextmanager
    def _connection(self, write: bool = True) -> Iterator[Any]:
        db = getattr(self._local, "db", None)
        try:
            if db is None or db.closed:
                db = self._psycopg.connect(self.dsn, connect_timeout=5)
                self._local.db = db
            with db.transaction():
                yield db
        except self._psycopg.OperationalError as err:
            self._local.db = None
            raise StoreUnreachable(cc._("the tables' store cannot be reached: {reason}",
                                        reason=str(err).strip().splitlines()[0])) from None


def open_store(saves: Path | None = None) -> TableStore:
    """The store $CONCORDIA_TABLES names (a postgresql:// address), else SQLite in the saves folder."""
    where = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if where.startswith(("postgresql://", "postgres://")):
        return PostgresStore(where)
    if where:
        return SQLiteStore(Path(where))
    from ..support import saves as saves_folder
    return SQLiteStore((saves or saves_folder.root_dir()) / SQLITE_NAME)
