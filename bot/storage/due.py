"""Due work: every pending deadline of every table, as rows (a computer player's turn, turn
clocks, reminders, lobby timeouts, votes).

A deadline is data, never a sleeping coroutine, so it survives a restart or a kill -9. Each
row names the table version it was set for; the scheduler claims rows (`claim_due`, or
`claim` for one) and then acts through the same version-checked commit as a person's press,
so a move that arrives first simply makes the deadline stale.

A claim marks the row with its owner, the process firing it (bot/storage/processes.py), so
exactly one claimer gets it whichever process it is in, and the row stays stored until the
firing is done (`finish_due`): should its process die first (a kill -9 mid-move), the claim
dies with it and another process fires the deadline, rather than it being lost. A live
owner holds a claim `DUE_LEASE` seconds at most (a firing that hangs, a `finish_due` the
database was away for); firing again is harmless, since the work is version-checked. A
deadline set anew while it is being fired (the move it fired set the next one) is
unclaimed, and kept by `finish_due`. On PostgreSQL, where several worker
processes claim at once, `claim_due` picks its rows with `SELECT … FOR UPDATE SKIP LOCKED`:
a worker never waits for another's claim, and never gets a row another is taking. On SQLite
the write transaction holds the whole file, which does the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .processes import LIVE_OWNER
from .sql import StorePart, Tx

_COLUMNS = "table_id, kind, version, due_at"

DUE_LEASE = 120.0
"""Seconds a live owner holds a claimed deadline at most."""

# Nobody fires it now: never claimed, or its owner is gone, or its lease ran out.
_FREE = ("(owner IS NULL OR claimed_at <= :lapsed OR NOT "
         + LIVE_OWNER.format(owner="due_work.owner") + ")")


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
    _owner: str
    alive_since: Callable[[], float]  # ProcessStore's

    def _free(self, now: float) -> dict[str, float]:
        """`_FREE`'s parameters."""
        return {"lapsed": now - DUE_LEASE, "alive_since": self.alive_since()}

    async def schedule(self, table_id: int, kind: str, *, version: int, due_at: float) -> None:
        """Set (or move) the table's deadline of this kind."""
        await self._write(lambda tx: tx.run(
            f"INSERT INTO due_work ({_COLUMNS}) VALUES (:table, :kind, :version, :due)"
            " ON CONFLICT (table_id, kind) DO UPDATE SET version = excluded.version,"
            " due_at = excluded.due_at, owner = NULL, claimed_at = NULL",
            table=table_id, kind=kind, version=version, due=due_at), one_statement=True)

    async def due_work(self, now: float, limit: int = 100) -> list[DueWork]:
        """Deadlines due at `now` that nobody is firing, oldest first."""
        rows = await self._read(lambda tx: tx.all(
            f"SELECT {_COLUMNS} FROM due_work WHERE due_at <= :now AND {_FREE}"
            " ORDER BY due_at LIMIT :limit", now=now, limit=limit, **self._free(now)))
        return [_work(r) for r in rows]

    async def next_due(self) -> float | None:
        """When the earliest deadline nobody is firing falls, or None when there is none."""
        return await self._read(lambda tx: tx.scalar(
            f"SELECT min(due_at) FROM due_work WHERE {_FREE}", **self._free(self._clock())))

    async def pending_work(self, table_id: int) -> list[DueWork]:
        rows = await self._read(lambda tx: tx.all(
            f"SELECT {_COLUMNS} FROM due_work WHERE table_id = :table ORDER BY kind",
            table=table_id))
        return [_work(r) for r in rows]

    async def claim(self, work: DueWork) -> bool:
        """Take a due deadline to fire it: True for exactly one caller, and only while the
        row is still the one that was read (not moved or replaced meanwhile). `finish_due`
        once it is fired."""
        now = self._clock()
        return await self._write(lambda tx: tx.run(
            "UPDATE due_work SET owner = :owner, claimed_at = :now"
            " WHERE table_id = :table AND kind = :kind AND version = :version AND due_at = :due"
            f" AND {_FREE}", owner=self._owner, now=now, table=work.table_id, kind=work.kind,
            version=work.version, due=work.due_at, **self._free(now)) > 0, one_statement=True)

    async def finish_due(self, work: DueWork) -> bool:
        """A claimed deadline was fired (or failed): forget it, unless it was set anew
        meanwhile or this process's claim on it was given up."""
        return await self._write(lambda tx: tx.run(
            "DELETE FROM due_work WHERE table_id = :table AND kind = :kind"
            " AND version = :version AND owner = :owner", table=work.table_id,
            kind=work.kind, version=work.version, owner=self._owner) > 0, one_statement=True)

    async def claim_due(self, now: float, *, limit: int = 100,
                        skip_tables: Iterable[int] = ()) -> list[DueWork]:
        """Take the deadlines due at `now` that nobody is firing, oldest first, at most one
        per table and none of `skip_tables` (still busy here with an earlier one): each row
        goes to exactly one claimer, whichever process it is in. `finish_due` each once it
        is fired."""
        busy = tuple(skip_tables)

        def tx(tx: Tx) -> list[DueWork]:
            rows = tx.all(
                f"SELECT {_COLUMNS} FROM due_work WHERE due_at <= :now AND {_FREE}"
                + (" AND table_id NOT IN :busy" if busy else "")
                + " ORDER BY due_at, table_id, kind LIMIT :limit"
                + (" FOR UPDATE SKIP LOCKED" if tx.postgres else ""),
                now=now, limit=limit, **self._free(now), **({"busy": busy} if busy else {}))
            claimed: dict[int, DueWork] = {}
            for row in rows:  # a table's later ones wait for its first to be acted on
                claimed.setdefault(row["table_id"], _work(row))
            tx.many("UPDATE due_work SET owner = :owner, claimed_at = :now"
                    " WHERE table_id = :table_id AND kind = :kind",
                    [{"table_id": w.table_id, "kind": w.kind, "owner": self._owner, "now": now}
                     for w in claimed.values()])
            return list(claimed.values())

        return await self._write(tx)

    async def put_back(self, work: DueWork) -> None:
        """A claimed deadline that was not acted on (the database went away meanwhile) is
        due again: this process's claim on it ends. Nothing changes if the table has set
        one of its kind since, or dropped it (it moved on), or is gone."""
        await self._write(lambda tx: tx.run(
            "UPDATE due_work SET owner = NULL, claimed_at = NULL"
            " WHERE table_id = :table AND kind = :kind AND version = :version"
            " AND owner = :owner", table=work.table_id, kind=work.kind,
            version=work.version, owner=self._owner), one_statement=True)

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
