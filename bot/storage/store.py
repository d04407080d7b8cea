"""The persistent, platform-neutral store behind the table service.

Everything about a game lives here: the table row (status, seed, options,
current state, version), its seats, its action log, the messages the bot edits
in place, Telegram deep-link join tokens, and per-chat / per-user settings. Each concern is
a module of its own, mixed into `Store`: tables.py, seats.py, actions.py, messages.py,
joins.py, settings.py, due.py, clocks.py, chat_options.py, records.py, stats.py,
updates.py, budgets.py, processes.py, turn_dms.py. The database is SQLite (a file, the default) or
PostgreSQL (a postgresql:// URL); database.py says how each runs a transaction.

Guarantees the table service builds on, on either database:

* Every write method is one transaction, committed before it returns, so a process
  killed right after a call returns finds its effect on reopening.
* A write that has started runs to COMMIT or ROLLBACK even if its caller is cancelled.
* `commit_action` is optimistic: it changes anything only if the table's version
  is still the one the action was checked against, so of two racing presses
  exactly one is recorded, in one process or in several.
* Every claim a store takes (a message to edit, a deadline to fire, an update to handle)
  names the store as its owner, and dies with it (processes.py): an open store is a row
  that beats every few seconds, and closing it releases its claims.
* Invariants the service must never break are enforced here as well, inside the
  transaction: one active table per chat/topic, joins only in the lobby, seat
  order a permutation of the lobby, actions only while playing.

Platform ids are accepted as `str` or `int` and always returned as `str`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Generator
from pathlib import Path
from typing import Any, Self, TypeVar

from .actions import ActionStore
from .budgets import Budget, BudgetStore
from .chat_options import ChatOptionsStore
from .clocks import ClockStore
from .database import Database, Synchronous, open_database
from .due import DueWorkStore
from .errors import (
    ActiveTableExists,
    AlreadySeated,
    SchemaTooNew,
    StatusConflict,
    StoreError,
    TableFull,
    TableNotFound,
    VersionConflict,
)
from .joins import JoinStore
from .messages import Claim, MessageStore
from .processes import BEAT_EVERY, ProcessStore, new_owner, release_owners, wall_clock
from .records import RecordsStore
from .rows import (
    ACTIVE,
    PUBLIC_SEAT,
    ActionRecord,
    DmStatus,
    MessageRef,
    PendingJoin,
    Platform,
    SeatRow,
    Status,
    TableRow,
    UserSettings,
)
from .schema import MIGRATIONS_DIR, SCHEMA_VERSION
from .seats import SeatStore
from .settings import SettingsStore
from .silences import SilenceStore
from .sql import Tx
from .stats import StatsStore
from .tables import TableStore
from .turn_dms import DmChoice, TurnDmStore
from .updates import UpdateStore

log = logging.getLogger(__name__)

T = TypeVar("T")

LEAVE_TIMEOUT = 5.0
"""Seconds a closing store tries to release its claims (the database may be away)."""


class _Opening:
    """What `Store.open` returns: await it, or use it as `async with`."""

    def __init__(self, opener: Callable[[], Awaitable[Store]]) -> None:
        self._opener = opener
        self._store: Store | None = None

    def __await__(self) -> Generator[Any, None, Store]:
        return self._opener().__await__()

    async def __aenter__(self) -> Store:
        self._store = await self._opener()
        return self._store

    async def __aexit__(self, *exc_info: object) -> None:
        if self._store is not None:
            await self._store.close()


class Store(TableStore, SeatStore, ActionStore, MessageStore, JoinStore, SettingsStore,
            DueWorkStore, ClockStore, ChatOptionsStore, RecordsStore, StatsStore, UpdateStore,
            BudgetStore, ProcessStore, TurnDmStore, SilenceStore):
    """Async store on SQLite or PostgreSQL. Create with `await Store.open(path_or_url)`."""

    def __init__(self, database: Database, *, clock: Callable[[], float]) -> None:
        self._database = database
        self._clock = clock
        self._wall = wall_clock  # whether a process lives is a matter of real time
        self._owner = new_owner()  # what this store's claims name as their owner
        self._beat: asyncio.Task[None] | None = None
        self._closed = False
        # Strong references to write tasks: one whose caller was cancelled must
        # not be garbage-collected before it commits.
        self._inflight: set[asyncio.Task[Any]] = set()

    # --- lifecycle --------------------------------------------------------------

    @classmethod
    def open(
        cls,
        target: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "FULL",
        busy_timeout_ms: int = 5000,
        schema: str | None = None,
        pool_size: int = 5,
        migrations: Path = MIGRATIONS_DIR,
        label: str = "",
        beat_every: float = BEAT_EVERY,
    ) -> _Opening:
        """Open (creating if needed) and migrate the database: a SQLite file at `target`,
        or the PostgreSQL database of a `postgresql://` URL (`schema`: its search path;
        `pool_size`: connections kept open; `synchronous` and `busy_timeout_ms` are
        SQLite's). The store joins the processes sharing the database (`label` says which
        it is, for people reading the table), beats every `beat_every` seconds until closed,
        and first releases what processes found dead on this machine held.

        `await Store.open(p)` or `async with Store.open(p) as store:`.
        Raises `SchemaTooNew` if the database was written by newer code.
        """
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")

        async def opener() -> Store:
            database, before = await open_database(
                target, schema=schema, synchronous=synchronous,
                busy_timeout_ms=busy_timeout_ms, pool_size=pool_size, migrations=migrations)
            if before != SCHEMA_VERSION and migrations == MIGRATIONS_DIR:
                log.info("migrated the %s database from schema %d to %d", database.dialect,
                         before, SCHEMA_VERSION)
            store = cls(database, clock=clock)
            try:
                await store.join_processes(label)
            except BaseException:
                await database.close()
                raise
            store._beat = asyncio.create_task(store._beating(beat_every),
                                              name="store heartbeat")
            return store

        return _Opening(opener)

    @property
    def dialect(self) -> str:
        """'sqlite' or 'postgresql'."""
        return self._database.dialect

    async def close(self) -> None:
        """Wait for writes under way, then close. Idempotent."""
        if self._closed:
            return
        if self._beat is not None:
            self._beat.cancel()
            await asyncio.gather(self._beat, return_exceptions=True)
        if self._inflight:
            await asyncio.gather(*self._inflight, return_exceptions=True)
        try:  # its claims go now, not when its heartbeat is found stale
            await asyncio.wait_for(self._database.write(
                lambda tx: release_owners(tx, [self._owner])), LEAVE_TIMEOUT)
        except Exception as error:  # noqa: BLE001 - the heartbeat goes stale instead
            log.warning("could not release this process's claims at close (%s)",
                        type(error).__name__)
        self._closed = True
        if self._inflight:
            await asyncio.gather(*self._inflight, return_exceptions=True)
        await self._database.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        if self._closed:
            raise StoreError("store is closed")
        return await self._database.schema_version()

    # --- plumbing -----------------------------------------------------------------

    async def _read(self, fn: Callable[[Tx], T], *, snapshot: bool = False) -> T:
        if self._closed:
            raise StoreError("store is closed")
        return await self._database.read(fn, snapshot=snapshot)

    async def _write(self, fn: Callable[[Tx], T], *, one_statement: bool = False) -> T:
        if self._closed:
            raise StoreError("store is closed")
        task = asyncio.ensure_future(self._database.write(fn, one_statement=one_statement))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            # The caller gave up, the transaction does not: it still ends in COMMIT or
            # ROLLBACK, never half-done. Its outcome is only logged.
            task.add_done_callback(_log_orphan)
            raise


def _log_orphan(task: asyncio.Task[Any]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, StoreError):
        log.error("write finished after its caller was cancelled", exc_info=error)


__all__ = [
    "ACTIVE",
    "PUBLIC_SEAT",
    "ActionRecord",
    "ActiveTableExists",
    "AlreadySeated",
    "Budget",
    "Claim",
    "DmChoice",
    "DmStatus",
    "MessageRef",
    "PendingJoin",
    "Platform",
    "SchemaTooNew",
    "SeatRow",
    "Status",
    "StatusConflict",
    "Store",
    "StoreError",
    "TableFull",
    "TableNotFound",
    "TableRow",
    "UserSettings",
    "VersionConflict",
]
