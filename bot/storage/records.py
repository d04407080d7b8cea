"""What is kept of games that ended: each seat's standing, and the chat's past games.

A game's end time and its `results` rows are written in the same transaction as its last
move (`Store.commit_action`) or its end (`Store.set_status`); the seats, seed and action log
are the table's own, so a kept game replays exactly (engine.core.replay).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .rows import TableRow, table_row
from .sql import StorePart


@dataclass(frozen=True, slots=True)
class SeatResult:
    table_id: int
    seat: int
    rank: int  # 1 for the winners; equal ranks are shared
    score: int
    tiebreaks: tuple[int, ...]


class RecordsStore(StorePart):
    async def results(self, table_id: int) -> list[SeatResult]:
        """The standings a game ended with, by seat (none for a game not ended)."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT * FROM results WHERE table_id = :table ORDER BY seat", table=table_id))
        return [_result(row) for row in rows]

    async def ended_tables(self, platform: str, chat_id: str | int, *, limit: int = 10
                           ) -> list[TableRow]:
        """The chat's games that ended (finished or abandoned), the newest first."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT * FROM tables WHERE platform = :platform AND chat_id = :chat"
            " AND ended_at IS NOT NULL ORDER BY ended_at DESC, id DESC LIMIT :limit",
            platform=platform, chat=str(chat_id), limit=limit))
        return [table_row(row) for row in rows]


def _result(row: Any) -> SeatResult:
    return SeatResult(table_id=row["table_id"], seat=row["seat"], rank=row["rank"],
                      score=row["score"], tiebreaks=tuple(json.loads(row["tiebreaks"])))
