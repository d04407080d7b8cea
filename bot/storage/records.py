"""What is kept of games that ended: each seat's standing, and the chat's past games.

A game's end time and its `results` rows are written in the same transaction as its last
move (`Store.commit_action`) or its end (`Store.set_status`); the seats, seed and action log
are the table's own, so a kept game replays exactly (engine.core.replay).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiosqlite

if TYPE_CHECKING:
    from .store import TableRow


@dataclass(frozen=True, slots=True)
class SeatResult:
    table_id: int
    seat: int
    rank: int  # 1 for the winners; equal ranks are shared
    score: int
    tiebreaks: tuple[int, ...]


class RecordsStore:
    """Mixed into `Store`; uses its transactions."""

    _read: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]

    async def results(self, table_id: int) -> list[SeatResult]:
        """The standings a game ended with, by seat (none for a game not ended)."""

        async def read(db: aiosqlite.Connection) -> list[SeatResult]:
            async with db.execute("SELECT * FROM results WHERE table_id = ? ORDER BY seat",
                                  (table_id,)) as cursor:
                return [_result(row) for row in await cursor.fetchall()]

        return await self._read(read)

    async def ended_tables(self, platform: str, chat_id: str | int, *, limit: int = 10
                           ) -> list[TableRow]:
        """The chat's games that ended (finished or abandoned), the newest first."""
        from .store import _table  # the store's own row reader

        async def read(db: aiosqlite.Connection) -> list[TableRow]:
            async with db.execute(
                    "SELECT * FROM tables WHERE platform = ? AND chat_id = ?"
                    " AND ended_at IS NOT NULL ORDER BY ended_at DESC, id DESC LIMIT ?",
                    (platform, str(chat_id), limit)) as cursor:
                return [_table(row) for row in await cursor.fetchall()]

        return await self._read(read)


def _result(row: Any) -> SeatResult:
    return SeatResult(table_id=row["table_id"], seat=row["seat"], rank=row["rank"],
                      score=row["score"], tiebreaks=tuple(json.loads(row["tiebreaks"])))
