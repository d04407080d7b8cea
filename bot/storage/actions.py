"""Actions: the version-checked commit of one move, and the log a game replays from."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import StatusConflict, TableNotFound, VersionConflict
from .rows import ActionRecord, Json, Status, encode_json
from .sql import StorePart, Tx
from .tables import record_end

if TYPE_CHECKING:
    from sqlalchemy.engine import RowMapping

    from engine.core import Standing


class ActionStore(StorePart):
    async def commit_action(
        self,
        table_id: int,
        expected_version: int,
        seat: int,
        action: str,
        new_state: Json,
        new_status: str | None = None,
        *,
        events: Json | None = None,
        settled: Json | None = None,
        results: Sequence[Standing] | None = None,
    ) -> int:
        """Record one accepted action and the state it led to; return the new version.

        In one transaction: only if the table is playing at `expected_version`,
        append action number `expected_version + 1` (with the move's `events` and, for a
        simulated game, the `settled` state it reached), store `new_state`, bump the
        version and optionally set `new_status` ('finished' when the game ended, with its
        `results`: the final standings, kept with the end time).
        Otherwise nothing changes and `VersionConflict` / `StatusConflict` /
        `TableNotFound` is raised.
        """
        status = Status(new_status) if new_status is not None else None
        if status is Status.LOBBY:
            raise ValueError("a game cannot go back to its lobby")
        encoded = encode_json(new_state)
        now = self._clock()

        def tx(tx: Tx) -> int:
            # The WHERE clause is the optimistic check. On SQLite, BEGIN IMMEDIATE makes it
            # race-free across processes; on PostgreSQL a racing UPDATE waits for this row's
            # lock and then finds the version moved on, so it changes nothing.
            changed = tx.run(
                "UPDATE tables SET version = version + 1, state = :state,"
                " status = coalesce(:status, status), updated_at = :now"
                " WHERE id = :id AND version = :expected AND status = 'playing'",
                state=encoded, status=status, now=now, id=table_id, expected=expected_version)
            if not changed:
                row = tx.one("SELECT version, status FROM tables WHERE id = :id", id=table_id)
                if row is None:
                    raise TableNotFound(table_id)
                if row["status"] != Status.PLAYING:
                    raise StatusConflict(table_id, row["status"], (Status.PLAYING,))
                raise VersionConflict(table_id, expected_version, row["version"])
            tx.run(
                "INSERT INTO actions (table_id, n, seat, action, at, events, settled)"
                " VALUES (:table, :n, :seat, :action, :now, :events, :settled)",
                table=table_id, n=expected_version + 1, seat=seat, action=action, now=now,
                events=None if events is None else encode_json(events),
                settled=None if settled is None else encode_json(settled))
            if results is not None:
                record_end(tx, table_id, results, now)
            return expected_version + 1

        return await self._write(tx)

    async def action_log(self, table_id: int, *, after: int = 0) -> list[tuple[int, str]]:
        """(seat, encoded action) in order, from action `after + 1`: what `replay` takes."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT seat, action FROM actions WHERE table_id = :table AND n > :after ORDER BY n",
            table=table_id, after=after))
        return [(r["seat"], r["action"]) for r in rows]

    async def action_record(self, table_id: int, n: int) -> ActionRecord | None:
        """Action number `n` of a table with what was kept of it, or None."""
        row = await self._read(lambda tx: tx.one(
            "SELECT seat, action, events, settled FROM actions WHERE table_id = :table AND n = :n",
            table=table_id, n=n))
        return None if row is None else _action_record(row)

    async def action_records(self, table_id: int, first: int, last: int
                             ) -> list[ActionRecord | None]:
        """Actions `first` … `last` of a table in one read, each as `action_record` gives
        it (None where there is no such action)."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT n, seat, action, events, settled FROM actions WHERE table_id = :table"
            " AND n BETWEEN :first AND :last", table=table_id, first=first, last=last))
        found = {row["n"]: _action_record(row) for row in rows}
        return [found.get(n) for n in range(first, last + 1)]

    async def settled_states(self, table_id: int) -> list[Json | None]:
        """The state each action reached, in order, where it was kept (simulated games):
        a replay that never simulates again."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT settled FROM actions WHERE table_id = :table ORDER BY n", table=table_id))
        return [None if r["settled"] is None else json.loads(r["settled"]) for r in rows]


def _action_record(row: RowMapping) -> ActionRecord:
    return ActionRecord(row["seat"], row["action"],
                        None if row["events"] is None else json.loads(row["events"]),
                        None if row["settled"] is None else json.loads(row["settled"]))
