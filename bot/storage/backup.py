"""Backing up and restoring the database (`gamehost backup FILE`, `gamehost restore FILE`).

SQLite: a running bot keeps its recent writes in the `-wal` file beside the database
(WAL mode), so a plain `cp` of the main file can be a database with no tables at all.
A backup goes through SQLite's online backup API (`sqlite3.Connection.backup`), which
reads the database as one consistent snapshot, WAL included, while the bot goes on
writing; the copy is then switched to rollback-journal mode, so the backup is one
self-contained file, and checked (`PRAGMA integrity_check`). A restore goes the same way
in reverse, through SQLite, so the target's own `-wal` and `-shm` stay coherent, which
copying a file over the database would not. Library: the standard library's sqlite3 is
SQLite's own API for this; no dependency does it better.

PostgreSQL: its own tools do it best (`pg_dump`, `pg_restore`), so the commands are
built from DATABASE_URL for the operator to run, with the password left out (`pg_dump`
reads PGPASSWORD or ~/.pgpass).
"""

from __future__ import annotations

import os
import shlex
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .processes import STALE_AFTER


class BackupError(Exception):
    """A backup or restore that cannot be done as asked; its text says what to do."""


@dataclass(frozen=True)
class Summary:
    """What a backed-up or restored database holds, to tell the operator."""

    schema: str
    tables: int
    games: int

    def __str__(self) -> str:
        return f"schema {self.schema}, {self.tables} tables, {self.games} games"


def _open_existing(path: Path, *, timeout: float = 30.0) -> sqlite3.Connection:
    """A connection to a database that must already exist (sqlite3.connect would create
    an empty one at a mistyped path)."""
    if not path.is_file():
        raise BackupError(f"no SQLite database at {path}")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=timeout)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc})") from None
    return conn


def summarize(conn: sqlite3.Connection) -> Summary:
    names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    schema = "none"
    if "alembic_version" in names:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        schema = row[0] if row else "none"
    games = conn.execute("SELECT count(*) FROM tables").fetchone()[0] if "tables" in names else 0
    schema = str(int(schema)) if schema.isdigit() else schema
    return Summary(schema, len(names - {"alembic_version", "sqlite_sequence"}), games)


def _check(conn: sqlite3.Connection, path: Path) -> None:
    result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise BackupError(f"{path} failed SQLite's integrity check: {result}")


def backup_sqlite(database: Path, file: Path, *, force: bool = False) -> Summary:
    """Copy the live SQLite `database` (WAL included) to `file`, one self-contained,
    checked file. An existing `file` is replaced only with `force`."""
    if file.exists() and not force:
        raise BackupError(f"{file} exists; choose a new name, or add --force to replace it")
    if file.resolve() == database.resolve():
        raise BackupError("the backup file cannot be the database itself")
    source = _open_existing(database)
    # Written beside the target under a temporary name, then renamed over it: a backup cut
    # short (disk full, a kill) never leaves a half-written FILE.
    partial = file.with_name(f".{file.name}.partial")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)  # it holds hidden hands
    os.close(fd)
    try:
        target = sqlite3.connect(partial)
        try:
            source.backup(target)  # all pages in one step: one consistent snapshot
            target.execute("PRAGMA journal_mode = DELETE")  # no -wal beside the backup
            _check(target, file)
            summary = summarize(target)
        finally:
            target.close()
        os.replace(partial, file)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    return summary


def _live_processes(conn: sqlite3.Connection) -> int:
    """How many processes have the database open (a heartbeat in the last STALE_AFTER s)."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "processes" not in tables:
        return 0
    since = time.time() - STALE_AFTER
    return conn.execute("SELECT count(*) FROM processes WHERE seen_at > ?", (since,)).fetchone()[0]


def restore_sqlite(file: Path, database: Path, *, force: bool = False) -> Summary:
    """Replace the contents of `database` with the backup `file`. Refused while a bot has
    the database open, and over a database holding any table unless `force`."""
    backup = _open_existing(file)
    try:
        _check(backup, file)
        summary = summarize(backup)
        if summary.schema == "none":
            raise BackupError(f"{file} is no database of this bot (it has no schema version)")
        if database.exists():
            target = _open_existing(database)
        else:
            database.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(database, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            target = sqlite3.connect(database, timeout=30.0)
        try:
            running = _live_processes(target)
            if running:
                raise BackupError(f"{database} is in use by {running} running bot process(es); "
                                  "stop the bot, then restore")
            existing = summarize(target)
            if existing.tables and not force:
                raise BackupError(f"{database} already holds a database ({existing}); "
                                  "add --force to replace it with the backup")
            backup.backup(target)  # through SQLite: the target's -wal stays coherent
            _check(target, database)
        finally:
            target.close()
    finally:
        backup.close()
    return summary


@dataclass(frozen=True)
class PostgresTarget:
    """A DATABASE_URL's parts, for the command line of PostgreSQL's own tools."""

    host: str
    port: int
    user: str
    dbname: str

    @classmethod
    def from_url(cls, url: str) -> PostgresTarget:
        parts = urlsplit(url)
        return cls(host=parts.hostname or "localhost", port=parts.port or 5432,
                   user=unquote(parts.username or "postgres"),
                   dbname=unquote(parts.path.lstrip("/")) or unquote(parts.username or "postgres"))

    def _connection(self) -> list[str]:
        return ["--host", self.host, "--port", str(self.port), "--username", self.user]

    def dump_command(self, file: Path | str) -> str:
        """`pg_dump` to `file` in its custom format (what `pg_restore` reads)."""
        return shlex.join(["pg_dump", *self._connection(), "--format=custom",
                           "--file", str(file), self.dbname])

    def restore_command(self, file: Path | str) -> str:
        """`pg_restore` of such a dump into the (empty or replaced) database."""
        return shlex.join(["pg_restore", *self._connection(), "--clean", "--if-exists",
                           "--no-owner", "--dbname", self.dbname, str(file)])
