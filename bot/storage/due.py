"""Due work: every pending deadline of every table, as rows (a computer player's turn now;
turn clocks and lobby timeouts use the same rows).

A deadline is data, never a sleeping coroutine, so it survives a restart or a kill -9. Each
row names the table version it was set for; the scheduler `claim`s a row with a conditional
delete (exactly one claimer wins, whichever process it is in) and then acts through the same
version-checked commit as a person's press, so a move that arrives first simply makes the
deadline stale.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DueWork:
    table_id: int
    kind: str  # "computer", "lobby", "clock:<seat>", "remind:<seat>", "vote:end"
    version: int  # the table version it was set for
    due_at: float  # unix seconds


class DueWorkStore:
    """The due-work part of `Store` (mixed into it; uses its transactions)."""

    _read: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]
    _write: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]

    async def schedule(self, table_id: int, kind: str, *, version: int, due_at: float) -> None:
        """Set (or move) the table's deadline of this kind."""

        async def tx(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO due_work (table_id, kind, version, due_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id, kind)"
                " DO UPDATE SET version = excluded.version, due_at = excluded.due_at",
                (table_id, kind, version, due_at))

        await self._write(tx)

    async def due_work(self, now: float, limit: int = 100) -> list[DueWork]:
        """Deadlines due at `now`, oldest first."""

        async def read(db: aiosqlite.Connection) -> list[DueWork]:
            async with db.execute(
                    "SELECT table_id, kind, version, due_at FROM due_work WHERE due_at <= ?"
                    " ORDER BY due_at LIMIT ?", (now, limit)) as cursor:
                return [DueWork(*row) for row in await cursor.fetchall()]

        return await self._read(read)

    async def next_due(self) -> float | None:
        """When the earliest deadline falls, or None when nothing is pending."""

        async def read(db: aiosqlite.Connection) -> float | None:
            async with db.execute("SELECT min(due_at) FROM due_work") as cursor:
                row = await cursor.fetchone()
            return None if row is None else row[0]

        return await self._read(read)

    async def pending_work(self, table_id: int) -> list[DueWork]:
        async def read(db: aiosqlite.Connection) -> list[DueWork]:
            async with db.execute(
                    "SELECT table_id, kind, version, due_at FROM due_work WHERE table_id = ?"
                    " ORDER BY kind", (table_id,)) as cursor:
                return [DueWork(*row) for row in await cursor.fetchall()]

        return await self._read(read)

    async def claim(self, work: DueWork) -> bool:
        """Take a due deadline to fire it: True for exactly one caller, and only while the
        row is still the one that was read (not moved or replaced meanwhile)."""

        async def tx(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute(
                "DELETE FROM due_work WHERE table_id = ? AND kind = ? AND version = ?"
                " AND due_at = ?", (work.table_id, work.kind, work.version, work.due_at))
            return cursor.rowcount > 0

        return await self._write(tx)

    async def cancel_work(self, table_id: int, kind: str | None = None) -> None:
        """Forget a table's deadlines (of one kind, or all)."""

        async def tx(db: aiosqlite.Connection) -> None:
            if kind is None:
                await db.execute("DELETE FROM due_work WHERE table_id = ?", (table_id,))
            else:
                await db.execute("DELETE FROM due_work WHERE table_id = ? AND kind = ?",
                                 (table_id, kind))

        await self._write(tx)

    async def replace_work(self, table_id: int, prefixes: Iterable[str],
                           rows: Iterable[DueWork]) -> None:
        """In one transaction: drop the table's deadlines whose kind starts with one of
        `prefixes`, and set `rows` (DueWork) instead."""
        prefixes, rows = tuple(prefixes), tuple(rows)

        async def tx(db: aiosqlite.Connection) -> None:
            for prefix in prefixes:
                await db.execute("DELETE FROM due_work WHERE table_id = ? AND kind LIKE ? || '%'",
                                 (table_id, prefix))
            await db.executemany(
                "INSERT INTO due_work (table_id, kind, version, due_at) VALUES (?, ?, ?, ?)",
                [(r.table_id, r.kind, r.version, r.due_at) for r in rows])

        await self._write(tx)

    async def delay_work(self, prefixes: Iterable[str], seconds: float, *,
                         table_ids: Iterable[int] | None = None,
                         not_before: float | None = None) -> int:
        """Move deadlines whose kind starts with one of `prefixes` later by `seconds` (of the
        given tables, or all), and none sooner than `not_before`; return how many moved."""
        prefixes = tuple(prefixes)
        tables = None if table_ids is None else tuple(table_ids)

        async def tx(db: aiosqlite.Connection) -> int:
            kinds = " OR ".join("kind LIKE ? || '%'" for _ in prefixes)
            where = f"({kinds})"
            params: list[Any] = [*prefixes]
            if tables is not None:
                if not tables:
                    return 0
                where += f" AND table_id IN ({', '.join('?' for _ in tables)})"
                params.extend(tables)
            floor = -1e18 if not_before is None else not_before
            cursor = await db.execute(
                f"UPDATE due_work SET due_at = max(due_at + ?, ?) WHERE {where}",
                (seconds, floor, *params))
            return cursor.rowcount

        return await self._write(tx)
