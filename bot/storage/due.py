"""Due work: every pending deadline of every table, as rows (a computer player's turn, turn
clocks, reminders, lobby timeouts, votes).

A deadline is data, never a sleeping coroutine, so it survives a restart or a kill -9. Each
row names the table version it was set for; the scheduler claims rows (`claim_due`, or
`claim` for one) and then acts through the same version-checked commit as a person's press,
so a move that arrives first simply makes the deadline stale.

Claiming deletes the row, so exactly one claimer gets it whichever process it is in. On
PostgreSQL, where several worker processes claim at once, `claim_due` picks its rows with
`SELECT … FOR UPDATE SKIP LOCKED`: a worker never waits for another's claim, and never gets
a row another is taking. On SQLite the write transaction holds the whole file, which does
the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .sql import StorePart, Tx

_COLUMNS = "table_id, kind, version, due_at"


@dataclass(frozen=True, slots=True)
class DueWork:
    table_id: int
    kind: str  # "computer", "lobby", "clock:<seat>", "remind:<seat>", "vote:end"
    version: int  # the table version it was set for
    due_at: float  # unix seconds


def _work(row: Any) -> DueWork:
    return DueWork(row["table_id"], row["kind"], row["version"], row["due_at"])


def _kinds(prefixes: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """A condition "kind starts with one of `prefixes`" and its parameters (no LIKE: a
    prefix may hold `_`)."""
    terms = [f"substr(kind, 1, :n{i}) = :p{i}" for i in range(len(prefixes))]
    params: dict[str, Any] = {}
    for i, prefix in enumerate(prefixes):
        params[f"n{i}"], params[f"p{i}"] = len(prefix), prefix
    return "(" + " OR ".join(terms or ["1 = 0"]) + ")", params


class DueWorkStore(StorePart):
    async def schedule(self, table_id: int, kind: str, *, version: int, due_at: float) -> None:
        """Set (or move) the table's deadline of this kind."""
        await self._write(lambda tx: tx.run(
            f"INSERT INTO due_work ({_COLUMNS}) VALUES (:table, :kind, :version, :due)"
            " ON CONFLICT (table_id, kind)"
            " DO UPDATE SET version = excluded.version, due_at = excluded.due_at",
            table=table_id, kind=kind, version=version, due=due_at), one_statement=True)

    async def due_work(self, now: float, limit: int = 100) -> list[DueWork]:
        """Deadlines due at `now`, oldest first."""
        rows = await self._read(lambda tx: tx.all(
            f"SELECT {_COLUMNS} FROM due_work WHERE due_at <= :now ORDER BY due_at LIMIT :limit",
            now=now, limit=limit))
        return [_work(r) for r in rows]

    async def next_due(self) -> float | None:
        """When the earliest deadline falls, or None when nothing is pending."""
        return await self._read(lambda tx: tx.scalar("SELECT min(due_at) FROM due_work"))

    async def pending_work(self, table_id: int) -> list[DueWork]:
        rows = await self._read(lambda tx: tx.all(
            f"SELECT {_COLUMNS} FROM due_work WHERE table_id = :table ORDER BY kind",
            table=table_id))
        return [_work(r) for r in rows]

    async def claim(self, work: DueWork) -> bool:
        """Take a due deadline to fire it: True for exactly one caller, and only while the
        row is still the one that was read (not moved or replaced meanwhile)."""
        return await self._write(lambda tx: tx.run(
            "DELETE FROM due_work WHERE table_id = :table AND kind = :kind"
            " AND version = :version AND due_at = :due",
            table=work.table_id, kind=work.kind, version=work.version, due=work.due_at) > 0,
            one_statement=True)

    async def claim_due(self, now: float, *, limit: int = 100,
                        skip_tables: Iterable[int] = ()) -> list[DueWork]:
        """Take the deadlines due at `now`, oldest first, at most one per table and none of
        `skip_tables` (still busy here with an earlier one): each row goes to exactly one
        claimer, whichever process it is in."""
        busy = tuple(skip_tables)

        def tx(tx: Tx) -> list[DueWork]:
            rows = tx.all(
                f"SELECT {_COLUMNS} FROM due_work WHERE due_at <= :now"
                + (" AND table_id NOT IN :busy" if busy else "")
                + " ORDER BY due_at, table_id, kind LIMIT :limit"
                + (" FOR UPDATE SKIP LOCKED" if tx.postgres else ""),
                now=now, limit=limit, **({"busy": busy} if busy else {}))
            claimed: dict[int, DueWork] = {}
            for row in rows:  # a table's later ones wait for its first to be acted on
                claimed.setdefault(row["table_id"], _work(row))
            tx.many("DELETE FROM due_work WHERE table_id = :table_id AND kind = :kind",
                    [{"table_id": w.table_id, "kind": w.kind} for w in claimed.values()])
            return list(claimed.values())

        return await self._write(tx)

    async def put_back(self, work: DueWork) -> None:
        """A claimed deadline that was not acted on (the database went away meanwhile) is
        due again, unless the table has set one of its kind since (or is gone)."""
        await self._write(lambda tx: tx.run(
            f"INSERT INTO due_work ({_COLUMNS})"
            " SELECT :table, :kind, :version, :due WHERE EXISTS"
            " (SELECT 1 FROM tables WHERE id = :table)"
            " ON CONFLICT (table_id, kind) DO NOTHING",
            table=work.table_id, kind=work.kind, version=work.version, due=work.due_at),
            one_statement=True)

    async def cancel_work(self, table_id: int, kind: str | None = None) -> None:
        """Forget a table's deadlines (of one kind, or all)."""
        if kind is None:
            await self._write(lambda tx: tx.run(
                "DELETE FROM due_work WHERE table_id = :table", table=table_id))
        else:
            await self._write(lambda tx: tx.run(
                "DELETE FROM due_work WHERE table_id = :table AND kind = :kind",
                table=table_id, kind=kind))

    async def replace_work(self, table_id: int, prefixes: Iterable[str],
                           rows: Iterable[DueWork]) -> None:
        """In one transaction: drop the table's deadlines whose kind starts with one of
        `prefixes`, and set `rows` (DueWork) instead."""
        prefixes, rows = tuple(prefixes), tuple(rows)
        kinds, params = _kinds(prefixes)

        def tx(tx: Tx) -> None:
            if prefixes:
                tx.run(f"DELETE FROM due_work WHERE table_id = :table AND {kinds}",
                       table=table_id, **params)
            tx.many(f"INSERT INTO due_work ({_COLUMNS})"
                    " VALUES (:table_id, :kind, :version, :due_at)",
                    [{"table_id": r.table_id, "kind": r.kind, "version": r.version,
                      "due_at": r.due_at} for r in rows])

        await self._write(tx)

    async def delay_work(self, prefixes: Iterable[str], seconds: float, *,
                         table_ids: Iterable[int] | None = None,
                         not_before: float | None = None) -> int:
        """Move deadlines whose kind starts with one of `prefixes` later by `seconds` (of the
        given tables, or all), and none sooner than `not_before`; return how many moved."""
        kinds, params = _kinds(tuple(prefixes))
        tables = None if table_ids is None else tuple(table_ids)
        if tables is not None:
            if not tables:
                return 0
            kinds += " AND table_id IN :tables"
            params["tables"] = tables
        floor = -1e18 if not_before is None else not_before
        return await self._write(lambda tx: tx.run(
            "UPDATE due_work SET due_at = CASE WHEN due_at + :seconds < :floor THEN :floor"
            f" ELSE due_at + :seconds END WHERE {kinds}",
            seconds=float(seconds), floor=float(floor), **params))
