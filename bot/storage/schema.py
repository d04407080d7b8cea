"""The schema's versions are Alembic revisions (migrations/versions/), applied when a store
opens: every pending one in the caller's transaction, so a database is either fully upgraded
or untouched (SQLite and PostgreSQL both have transactional DDL).

Revision ids are the schema version as four digits ("0005"), so the version is a number as it
always was. Version 5 is where Alembic took over from `PRAGMA user_version`
(sqlite_legacy.py); a SQLite database from before is upgraded by that first revision and
keeps every row. Revisions are append-only: never edit one that has shipped, add the next
(`down_revision` = the last) instead, with code for both dialects where they differ.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError

from . import sqlite_legacy
from .errors import SchemaTooNew, StoreError

SCHEMA_VERSION = 12
"""The version this code writes: its newest revision (checked against the scripts)."""

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

_LOCK_KEY = 0x67616D65  # PostgreSQL advisory lock: one migrating process at a time ("game")


@lru_cache(maxsize=8)
def _scripts(location: Path) -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(location))
    return ScriptDirectory.from_config(config)


def _number(revision: str | None) -> int:
    return int(revision) if revision is not None and revision.isdigit() else -1


def migrate(conn: sa.Connection, location: Path = MIGRATIONS_DIR) -> int:
    """Bring the database to the newest revision inside the caller's transaction; return the
    version it was at (0 for a new database). Raises `SchemaTooNew` for a database written by
    newer code, changing nothing."""
    scripts = _scripts(location)
    head = scripts.get_current_head()
    if location == MIGRATIONS_DIR and _number(head) != SCHEMA_VERSION:
        raise StoreError(f"SCHEMA_VERSION is {SCHEMA_VERSION} but the newest revision is {head}")
    if conn.dialect.name == "postgresql":
        # Workers starting together: the first migrates, the others wait and find it done.
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
    current = MigrationContext.configure(conn).get_current_revision()
    if current is None:
        before = 0
        if conn.dialect.name == "sqlite":
            before = sqlite_legacy.user_version(conn)
            if before > sqlite_legacy.LEGACY_VERSION:
                raise SchemaTooNew(before, _number(head))
    else:
        try:
            scripts.get_revision(current)
        except CommandError:
            raise SchemaTooNew(_number(current), _number(head)) from None
        before = _number(current)
    if current == head:
        return before

    # `alembic upgrade head` on this connection, inside the caller's transaction
    # (migrations/env.py runs them on the connection it is handed)
    config = Config()
    config.set_main_option("script_location", str(location))
    config.attributes["connection"] = conn
    command.upgrade(config, "head")
    return before


def current_version(conn: sa.Connection) -> int:
    """The schema's version, read from Alembic's table directly: Alembic's context logs a
    line each time it is made, and the readiness probe asks every few seconds."""
    if not sa.inspect(conn).has_table("alembic_version"):
        return -1
    revision = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    return _number(revision)
