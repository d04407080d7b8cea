"""The storage tests' databases: a test that takes `database` runs once on SQLite and once on
PostgreSQL (`pytest_plugins = ["fakes.store_backends"]`).

PostgreSQL is the server at TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test,
as on this project's machines). Each test gets a schema of its own, named at random (so
pytest-xdist's workers never share one), used as the search path and dropped after. Where no
server answers, the PostgreSQL tests are skipped with one warning saying so, except under
CI (the CI variable set), where that fails them: CI must test both backends.
"""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import Store

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
_unreachable: list[str] = []  # why the server did not answer, once known (per process)


def postgres_url() -> str:
    return os.environ.get("TEST_DATABASE_URL") or DEFAULT_URL


@dataclass
class Database:
    """One test's database: `open` a store on it (as often as the test likes)."""

    backend: str  # 'sqlite' or 'postgresql'
    target: str | Path
    schema: str | None = None

    def open(self, **options: Any):
        return Store.open(self.target, schema=self.schema, **options)

    async def sql(self, statement: str, *args: Any) -> list[tuple[Any, ...]]:
        """Run one statement past the store (to look at or break what it keeps); `?`
        placeholders on SQLite, `$1` on PostgreSQL."""
        if self.backend == "sqlite":
            import sqlite3

            con = sqlite3.connect(self.target, isolation_level=None)
            try:
                return [tuple(r) for r in con.execute(statement, args).fetchall()]
            finally:
                con.close()
        con = await asyncpg.connect(str(self.target),
                                    server_settings={"search_path": self.schema or "public"})
        try:
            return [tuple(r) for r in await con.fetch(statement, *args)]
        finally:
            await con.close()


async def _admin() -> asyncpg.Connection | None:
    if _unreachable:
        return None
    try:
        return await asyncpg.connect(postgres_url(), timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        _unreachable.append(f"{type(error).__name__}: {error}")
        warnings.warn(f"no PostgreSQL server at {postgres_url()} ({_unreachable[0]}): "
                      "the PostgreSQL storage tests are skipped", stacklevel=1)
        return None


async def admin_or_skip() -> asyncpg.Connection:
    """A connection to the server to create what a test needs; without a server the test is
    skipped (failed under CI: CI must test PostgreSQL too)."""
    admin = await _admin()
    if admin is None:
        message = f"PostgreSQL unreachable at {postgres_url()}: {_unreachable[0]}"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI must test PostgreSQL too)")
        pytest.skip(message)
    return admin


async def _postgres() -> AsyncIterator[Database]:
    admin = await admin_or_skip()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield Database("postgresql", postgres_url(), schema)
    finally:
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A fresh database of each backend in turn."""
    if request.param == "sqlite":
        yield Database("sqlite", tmp_path / "store.sqlite3")
        return
    async for database in _postgres():
        yield database


@pytest.fixture
async def postgres() -> AsyncIterator[Database]:
    """A fresh PostgreSQL schema, for what only PostgreSQL does (row locks, SKIP LOCKED)."""
    async for database in _postgres():
        yield database
