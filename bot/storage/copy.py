"""Moving from SQLite to PostgreSQL (`gamehost copy-to-postgres DATABASE_URL`).

Both databases are first brought to the same (newest) schema by the bot's own migrations,
so the tables and columns match by name. Then, in one PostgreSQL transaction, every table
is copied in the order its foreign keys need, ids included, and each identity sequence is
set past the largest id copied, so the bot's next table, action or message gets a new id.
A target that holds any row is refused (nothing is merged or overwritten), and so is a
source a running bot has open (what it writes meanwhile would be lost).

Values go over as they are stored: JSON columns as the text SQLite holds (the store's
PostgreSQL connections pass JSON through as text, database.py), numbers converted to the
target column's kind (SQLite may hold 3 in a REAL column, asyncpg wants 3.0 for DOUBLE
PRECISION). Library: SQLAlchemy's inspector gives the tables in the order their foreign
keys need; the columns and their types come from PostgreSQL's information_schema.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from .database import open_database
from .processes import STALE_AFTER
from .sql import Tx

_BATCH = 1000
_SKIPPED = {"alembic_version"}  # written by the target's own migrations


class CopyRefused(Exception):
    """The copy cannot be done as asked; its text says why and what to do."""


@dataclass(frozen=True)
class Copied:
    tables: dict[str, int]  # rows copied per table
    seconds: float

    def __str__(self) -> str:
        rows = sum(self.tables.values())
        return f"Copied {len(self.tables)} tables, {rows} rows in {self.seconds:.2f} s"


_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "double precision": float, "real": float,
    "smallint": int, "integer": int, "bigint": int,
    "text": str, "character varying": str,
}  # anything else (json: the text as stored) goes over as it is


def _columns(conn: sa.Connection, table: str) -> list[tuple[str, Callable[[Any], Any]]]:
    """A target table's columns in order, each with what makes SQLite's value fit it.
    (information_schema rather than SQLAlchemy's column reflection, whose identity
    options come back as JSON, which the store's connections keep as text.)"""
    rows = conn.execute(sa.text(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = :table "
        "ORDER BY ordinal_position"), {"table": table}).all()
    return [(name, _CONVERTERS.get(kind, lambda value: value)) for name, kind in rows]


def _rows(source: sqlite3.Connection, table: str, columns: list[str]) -> Iterator[list[tuple]]:
    quoted = ", ".join(f'"{name}"' for name in columns)
    cursor = source.execute(f'SELECT {quoted} FROM "{table}"')
    while batch := cursor.fetchmany(_BATCH):
        yield batch


def _copy_all(tx: Tx, source: sqlite3.Connection) -> dict[str, int]:
    conn = tx.conn
    ordered = sa.inspect(conn).get_sorted_table_and_fkc_names()  # referenced tables first
    tables = [name for name, _ in ordered if name is not None and name not in _SKIPPED]
    source_tables = {row[0] for row in source.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [name for name in tables if name not in source_tables]
    if missing:
        raise CopyRefused(f"the SQLite database lacks the tables {', '.join(missing)}")
    for table in tables:
        if conn.execute(sa.text(f'SELECT 1 FROM "{table}" LIMIT 1')).first():
            raise CopyRefused(f"the PostgreSQL database is not empty (table {table} "
                              "has rows); copy into a new, empty database")
    counts: dict[str, int] = {}
    for table in tables:
        columns = _columns(conn, table)
        names = [name for name, _ in columns]
        convert = [converter for _, converter in columns]
        quoted = ", ".join(f'"{name}"' for name in names)
        params = ", ".join(f":p{i}" for i in range(len(names)))
        insert = sa.text(f'INSERT INTO "{table}" ({quoted}) VALUES ({params})')
        count = 0
        for batch in _rows(source, table, names):
            conn.execute(insert, [
                {f"p{i}": (None if value is None else convert[i](value))
                 for i, value in enumerate(row)}
                for row in batch])
            count += len(batch)
        counts[table] = count
    _reset_sequences(conn)
    return counts


def _reset_sequences(conn: sa.Connection) -> None:
    """Every identity (or serial) column's sequence continues after the largest id."""
    columns = conn.execute(sa.text(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() "
        "AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')")).all()
    for table, column in columns:
        conn.execute(sa.text(
            f'SELECT setval(pg_get_serial_sequence(:table, :column), '
            f'COALESCE((SELECT max("{column}") FROM "{table}"), 0) + 1, false)'),
            {"table": f'"{table}"', "column": column})


def _open_source(path: Path) -> sqlite3.Connection:
    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)
    since = time.time() - STALE_AFTER
    running = source.execute("SELECT count(*) FROM processes WHERE seen_at > ?",
                             (since,)).fetchone()[0]
    if running:
        source.close()
        raise CopyRefused(f"{path} is in use by {running} running bot process(es); "
                          "stop the bot, then copy")
    return source


async def copy_to_postgres(sqlite_path: Path, url: str, *, schema: str | None = None) -> Copied:
    """Copy the SQLite database at `sqlite_path` into the empty PostgreSQL database of
    `url` (`schema`: its search path, as Store.open takes it)."""
    if not sqlite_path.is_file():
        raise CopyRefused(f"no SQLite database at {sqlite_path}")
    started = time.perf_counter()
    # the bot's own migrations bring both to the newest schema
    database, _ = await open_database(sqlite_path)
    await database.close()
    target, _ = await open_database(url, schema=schema, pool_size=1)
    try:
        source = _open_source(sqlite_path)
        try:
            source.execute("BEGIN")  # one snapshot of every table
            counts = await target.write(lambda tx: _copy_all(tx, source))
        finally:
            source.close()
    finally:
        await target.close()
    return Copied(counts, time.perf_counter() - started)
