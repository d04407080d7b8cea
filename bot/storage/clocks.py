"""Clocks, absent players and votes: the parts of `Store` that keep a table from stalling.

A running turn's deadline is a due_work row (due.py); what lives here is what outlasts a
turn: a table's clock, each seat's live bank, absence and timeouts in a row, the table's open
votes, and the heartbeat that tells a restarted bot how long it was down.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import aiosqlite

_UNCHANGED: Any = object()


@dataclass(frozen=True, slots=True)
class Vote:
    id: int
    table_id: int
    kind: str  # 'absent': what to do about a seat out of time; 'end': end the game early
    seat: int  # absent: whose seat; end: who asked
    ballots: dict[int, str]  # seat -> choice
    opened_at: float


class ClockStore:
    """Mixed into `Store`; uses its transactions."""

    _read: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]
    _write: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]

    async def set_table_clock(self, table_id: int, clock: str) -> bool:
        """Choose a lobby's clock; False once the game has started."""

        async def tx(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute(
                "UPDATE tables SET clock = ? WHERE id = ? AND status = 'lobby'", (clock, table_id))
            return cursor.rowcount > 0

        return await self._write(tx)

    async def update_seat(self, table_id: int, seat: int, *, bank: Any = _UNCHANGED,
                          absence: Any = _UNCHANGED, timeouts: Any = _UNCHANGED,
                          computer: Any = _UNCHANGED) -> None:
        """Change a seated player's clock or presence; only the fields given."""
        fields = {name: value for name, value in (
            ("bank", bank), ("absence", absence), ("timeouts", timeouts),
            ("computer", computer)) if value is not _UNCHANGED}
        if not fields:
            return

        async def tx(db: aiosqlite.Connection) -> None:
            sets = ", ".join(f"{name} = ?" for name in fields)
            await db.execute(f"UPDATE seats SET {sets} WHERE table_id = ? AND seat = ?",
                             (*fields.values(), table_id, seat))

        await self._write(tx)

    # --- votes ----------------------------------------------------------------------

    async def open_vote(self, table_id: int, kind: str, seat: int, *, now: float,
                        ballots: dict[int, str] | None = None) -> Vote | None:
        """Open a vote of this kind; None if one is already open."""

        async def tx(db: aiosqlite.Connection) -> Vote | None:
            async with db.execute(
                    "INSERT INTO votes (table_id, kind, seat, ballots, opened_at)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, kind) DO NOTHING"
                    " RETURNING *", (table_id, kind, seat, _ballots_json(ballots or {}), now)
            ) as cursor:
                row = await cursor.fetchone()
            return None if row is None else _vote(row)

        return await self._write(tx)

    async def votes(self, table_id: int) -> list[Vote]:
        async def read(db: aiosqlite.Connection) -> list[Vote]:
            async with db.execute("SELECT * FROM votes WHERE table_id = ? ORDER BY id",
                                  (table_id,)) as cursor:
                return [_vote(row) for row in await cursor.fetchall()]

        return await self._read(read)

    async def cast_ballot(self, vote_id: int, seat: int, choice: str) -> Vote | None:
        """Record (or change) a seat's choice; None if the vote is closed."""

        async def tx(db: aiosqlite.Connection) -> Vote | None:
            async with db.execute("SELECT * FROM votes WHERE id = ?", (vote_id,)) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return None
            ballots = {**_vote(row).ballots, seat: choice}
            async with db.execute("UPDATE votes SET ballots = ? WHERE id = ? RETURNING *",
                                  (_ballots_json(ballots), vote_id)) as cursor:
                return _vote(await cursor.fetchone())

        return await self._write(tx)

    async def close_votes(self, table_id: int, kinds: Iterable[str] | None = None) -> None:
        async def tx(db: aiosqlite.Connection) -> None:
            if kinds is None:
                await db.execute("DELETE FROM votes WHERE table_id = ?", (table_id,))
            else:
                for kind in kinds:
                    await db.execute("DELETE FROM votes WHERE table_id = ? AND kind = ?",
                                     (table_id, kind))

        await self._write(tx)

    # --- downtime ----------------------------------------------------------------------

    async def beat(self, now: float) -> None:
        """The bot is alive at `now` (written every few seconds while it runs)."""

        async def tx(db: aiosqlite.Connection) -> None:
            await db.execute("INSERT INTO heartbeat (id, at) VALUES (1, ?)"
                             " ON CONFLICT (id) DO UPDATE SET at = excluded.at", (now,))

        await self._write(tx)

    async def last_beat(self) -> float | None:
        async def read(db: aiosqlite.Connection) -> float | None:
            async with db.execute("SELECT at FROM heartbeat WHERE id = 1") as cursor:
                row = await cursor.fetchone()
            return None if row is None else row[0]

        return await self._read(read)


def _ballots_json(ballots: dict[int, str]) -> str:
    return json.dumps({str(seat): choice for seat, choice in ballots.items()})


def _vote(row: Any) -> Vote:
    return Vote(id=row["id"], table_id=row["table_id"], kind=row["kind"], seat=row["seat"],
                ballots={int(seat): choice for seat, choice in json.loads(row["ballots"]).items()},
                opened_at=row["opened_at"])
