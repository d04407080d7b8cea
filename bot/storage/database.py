"""The two backends under `Store`: SQLite (the default, a file, nothing to install) and
PostgreSQL (`DATABASE_URL=postgresql://…`, for several worker processes).

Library: SQLAlchemy 2 Core with Alembic for the migrations. The store's statements are
written once, as SQL text both dialects accept (`Tx`, sql.py), and SQLAlchemy binds them for
each driver (sqlite3 and asyncpg), maps both drivers' errors to one hierarchy
(`IntegrityError`), gives savepoints, a connection pool and, with `run_sync`, lets the same
plain-function transactions run on asyncpg's event-loop connections. Alembic keeps the
schema's versions for both dialects (schema.py) and is what every SQLAlchemy user already
knows. Rejected: asyncpg with a thin layer of our own. It is the faster driver by itself,
but SQLite must stay the default, so we would have written and tested ourselves what
SQLAlchemy already keeps: two parameter styles, two error families, savepoints, pooling,
and a migration runner with version bookkeeping for two dialects.

SQLite: sqlite3 (through SQLAlchemy's pysqlite dialect) on one connection owned by one
thread. A store call is one hop to that thread, whatever number of statements it runs (the
aiosqlite it replaces hopped once per statement), and the thread serialises the calls, as
the lock on the single aiosqlite connection did. A write is one `BEGIN IMMEDIATE`
transaction (WAL, `synchronous=FULL` by default), so processes sharing the file serialise
on SQLite's lock and a write's checks and changes see no one else's in between.

PostgreSQL: SQLAlchemy's async engine over asyncpg, with a pool, so a process runs several
store calls at once and several processes share the database. A write is a READ COMMITTED
transaction whose correctness comes from the database, never from a lock in memory:
conditional updates (a table's version), `SELECT … FOR UPDATE` on the table row a write
checks before changing (`Tx.for_update`), unique indexes, and `FOR UPDATE SKIP LOCKED` to
share out due work. A transaction PostgreSQL aborts as a deadlock or serialisation failure
is run again (transaction functions touch nothing but the database). Reads run in autocommit;
those that read more than one statement ask for a snapshot (REPEATABLE READ).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .errors import StoreError
from .schema import MIGRATIONS_DIR, current_version, migrate
from .sql import Tx

log = logging.getLogger(__name__)

# SQLAlchemy logs every statement with its parameters once its logger is at INFO (which a
# root logger at INFO makes it): stored game states, hidden hands and decks included. Logs
# must never show those, whatever LOG_LEVEL says.
for _name in ("sqlalchemy.engine", "sqlalchemy.pool"):
    logging.getLogger(_name).setLevel(logging.WARNING)

T = TypeVar("T")
Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+asyncpg://")
_RETRIED = {"40001", "40P01"}  # serialization_failure, deadlock_detected
_ATTEMPTS = 5


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class Database(ABC):
    """Where a `Store`'s transactions run. Transaction functions are plain functions of a
    `Tx`; they may run more than once (PostgreSQL retries), so they touch nothing else."""

    dialect: str

    @abstractmethod
    async def read(self, fn: Callable[[Tx], T], *, snapshot: bool = False) -> T:
        """Run a read; `snapshot`: its statements see one state of the database."""

    @abstractmethod
    async def write(self, fn: Callable[[Tx], T], *, one_statement: bool = False) -> T:
        """Run `fn` in one transaction, committed before this returns. `one_statement`: fn
        runs a single statement, atomic by itself (PostgreSQL then spares BEGIN and COMMIT,
        two of a call's three round trips)."""

    @abstractmethod
    async def close(self) -> None: ...

    async def schema_version(self) -> int:
        return await self.read(lambda tx: current_version(tx.conn))


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, path: str | Path, *, synchronous: Synchronous, busy_timeout_ms: int
                 ) -> None:
        self._path = str(path)
        self._synchronous = synchronous
        self._busy_timeout_ms = busy_timeout_ms
        # one thread: the connection is only ever used there, and calls queue in order
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite")
        self._engine: sa.Engine | None = None
        self._conn: sa.Connection | None = None

    async def _call(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn)

    async def open(self, migrations: Path) -> int:
        try:
            return await self._call(lambda: self._connect(migrations))
        except BaseException:
            await self.close()
            raise

    def _connect(self, migrations: Path) -> int:
        memory = self._path == ":memory:"
        if not memory:
            Path(self._path).parent.mkdir(parents=True, exist_ok=True)
            _create_private(Path(self._path))
        url = sa.URL.create("sqlite", database=None if memory else self._path)
        # AUTOCOMMIT: sqlite3 issues no BEGIN of its own; ours say which kind (`write`).
        self._engine = sa.create_engine(url, isolation_level="AUTOCOMMIT",
                                        hide_parameters=True, poolclass=sa.pool.StaticPool)
        conn = self._conn = self._engine.connect()
        # busy_timeout first, so even switching to WAL waits for other processes.
        conn.exec_driver_sql(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        mode = conn.exec_driver_sql("PRAGMA journal_mode = WAL").scalar()
        if str(mode).lower() != "wal" and not memory:
            log.warning("SQLite refused WAL mode for %s (got %s)", self._path, mode)
        conn.exec_driver_sql("PRAGMA foreign_keys = ON")
        if conn.exec_driver_sql("PRAGMA foreign_keys").scalar() != 1:
            raise StoreError("this SQLite build cannot enforce foreign keys")
        conn.exec_driver_sql(f"PRAGMA synchronous = {self._synchronous}")

        def upgrade(tx: Tx) -> int:
            before = migrate(tx.conn, migrations)
            broken = tx.conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise StoreError(f"migration left foreign key violations: {broken[:5]!r}")
            return before

        return self._transaction(upgrade, "BEGIN IMMEDIATE")

    def _transaction(self, fn: Callable[[Tx], T], begin: str) -> T:
        conn = self._conn
        if conn is None:
            raise StoreError("store is closed")
        conn.exec_driver_sql(begin)
        try:
            result = fn(Tx(conn))
            conn.exec_driver_sql("COMMIT")
        except BaseException:
            if conn.connection.driver_connection.in_transaction:
                conn.exec_driver_sql("ROLLBACK")
            raise
        return result

    def _plain(self, fn: Callable[[Tx], T]) -> T:
        if self._conn is None:
            raise StoreError("store is closed")
        return fn(Tx(self._conn))

    async def read(self, fn: Callable[[Tx], T], *, snapshot: bool = False) -> T:
        if snapshot:
            return await self._call(lambda: self._transaction(fn, "BEGIN"))
        return await self._call(lambda: self._plain(fn))

    async def write(self, fn: Callable[[Tx], T], *, one_statement: bool = False) -> T:
        return await self._call(lambda: self._transaction(fn, "BEGIN IMMEDIATE"))

    async def close(self) -> None:
        def shut() -> None:
            conn, self._conn = self._conn, None
            try:
                if conn is not None:
                    conn.exec_driver_sql("PRAGMA optimize")
                    conn.close()
            finally:
                if self._engine is not None:
                    self._engine.dispose()

        try:
            await self._call(shut)
        finally:
            self._thread.shutdown(wait=False)


def _create_private(path: Path) -> None:
    """A new database file readable and writable by its owner only (0600; SQLite gives its
    -wal and -shm files the same mode): it holds every hidden hand. An existing file keeps
    the mode it has."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass


class PostgresDatabase(Database):
    dialect = "postgresql"

    def __init__(self, url: str, *, schema: str | None, pool_size: int) -> None:
        url = "postgresql+asyncpg://" + url.split("://", 1)[1]
        settings = {"search_path": schema} if schema is not None else {}
        if schema is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,62}", schema):
            raise ValueError(f"not a plain schema name: {schema!r}")
        self._engine: AsyncEngine = create_async_engine(
            url, pool_size=pool_size, max_overflow=pool_size,
            hide_parameters=True, connect_args={"server_settings": settings})
        sa.event.listen(self._engine.sync_engine, "connect", _json_as_text)
        self._autocommit = self._engine.execution_options(isolation_level="AUTOCOMMIT")
        self._snapshot = self._engine.execution_options(isolation_level="REPEATABLE READ")

    async def open(self, migrations: Path) -> int:
        try:
            return await self.write(lambda tx: migrate(tx.conn, migrations))
        except BaseException:
            await self.close()
            raise

    async def read(self, fn: Callable[[Tx], T], *, snapshot: bool = False) -> T:
        engine = self._snapshot if snapshot else self._autocommit
        async with engine.connect() as conn:
            return await conn.run_sync(lambda sync: fn(Tx(sync)))

    async def write(self, fn: Callable[[Tx], T], *, one_statement: bool = False) -> T:
        if one_statement:
            return await self.read(fn)  # autocommit: the statement is its own transaction
        for attempt in range(1, _ATTEMPTS + 1):
            try:
                async with self._engine.begin() as conn:
                    return await conn.run_sync(lambda sync: fn(Tx(sync)))
            except sa.exc.DBAPIError as error:
                if attempt == _ATTEMPTS or _sqlstate(error) not in _RETRIED:
                    raise
                log.info("transaction aborted by PostgreSQL (%s); running it again",
                         _sqlstate(error))
        raise AssertionError("unreachable")

    async def close(self) -> None:
        await self._engine.dispose()


def _json_as_text(dbapi_connection: Any, record: object) -> None:
    """JSON columns come back as the text that was stored, as from SQLite (SQLAlchemy's
    asyncpg dialect would decode them)."""

    def passthrough(value: str) -> str:
        return value

    dbapi_connection.run_async(lambda conn: conn.set_type_codec(
        "json", schema="pg_catalog", encoder=passthrough, decoder=passthrough, format="text"))


def _sqlstate(error: sa.exc.DBAPIError) -> str | None:
    original = error.orig
    return getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)


async def open_database(target: str | Path, *, schema: str | None = None,
                        synchronous: Synchronous = "FULL", busy_timeout_ms: int = 5000,
                        pool_size: int = 5, migrations: Path = MIGRATIONS_DIR
                        ) -> tuple[Database, int]:
    """Connect to `target` (a SQLite path, or a postgresql:// URL with `schema` as its
    search path) and migrate it; the database and the schema version it was at."""
    database: SqliteDatabase | PostgresDatabase
    if is_postgres_url(target):
        database = PostgresDatabase(str(target), schema=schema, pool_size=pool_size)
    else:
        if schema is not None:
            raise ValueError("a schema is for PostgreSQL only")
        database = SqliteDatabase(target, synchronous=synchronous,
                                  busy_timeout_ms=busy_timeout_ms)
    before = await database.open(migrations)
    return database, before
