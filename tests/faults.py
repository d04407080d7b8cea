"""What the fault suite (tests/test_faults_*.py) and `bench.faults` share: a database the
test can take away and give back, on either backend, with real components.

* PostgreSQL: the store talks to the server through a loopback `TcpProxy`; the outage cuts
  it (every connection reset, new ones refused) and the end of it restores it.
* SQLite: another connection holds the file's write lock (`BEGIN EXCLUSIVE`), as a backup
  tool or a second process stuck in a transaction would; the outage ends when it lets go.
  The store waits `busy_timeout_ms` for the lock before it fails, so the tests open it with
  a short one (the default, 5 s, is the same failure later).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.store_backends import Database, admin_or_skip, postgres_url
from tests.tcp_proxy import TcpProxy

BUSY_TIMEOUT_MS = 50
"""How long a SQLite store here waits for a held lock before it fails."""


@dataclass
class Outage:
    """A database that can be made unreachable (`cut`) and reachable again (`restore`)."""

    database: Database
    proxy: TcpProxy | None = None
    _holder: sqlite3.Connection | None = field(default=None, repr=False)

    @property
    def backend(self) -> str:
        return self.database.backend

    def open(self, **options: Any):
        if self.backend == "sqlite":
            options.setdefault("busy_timeout_ms", BUSY_TIMEOUT_MS)
        return self.database.open(**options)

    def cut(self) -> None:
        if self.proxy is not None:
            self.proxy.cut()
            return
        holder = sqlite3.connect(self.database.target, isolation_level=None, timeout=10)
        holder.execute("BEGIN EXCLUSIVE")
        self._holder = holder

    def restore(self) -> None:
        if self.proxy is not None:
            self.proxy.restore()
            return
        holder, self._holder = self._holder, None
        if holder is not None:
            holder.execute("ROLLBACK")
            holder.close()

    @property
    def is_cut(self) -> bool:
        return (not self.proxy.up) if self.proxy is not None else self._holder is not None


@asynccontextmanager
async def outage_of(backend: str, folder: Path) -> AsyncIterator[Outage]:
    """A fresh database of `backend` ('sqlite' or 'postgresql') that can be cut."""
    if backend == "sqlite":
        outage = Outage(Database("sqlite", folder / "faults.sqlite3"))
        try:
            yield outage
        finally:
            outage.restore()
        return
    admin = await admin_or_skip()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    url = urlsplit(postgres_url())
    proxy = await TcpProxy((url.hostname or "127.0.0.1", url.port or 5432)).start()
    try:
        yield Outage(Database("postgresql", proxy.url_for(postgres_url()), schema), proxy)
    finally:
        await proxy.close()
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


async def until(condition: Callable[[], Any], *, timeout: float = 20.0, what: str = "") -> None:
    """Wait (in short real steps) until `condition()` (sync or async) is true."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.01)
