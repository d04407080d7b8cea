"""What turn reminders by direct message need of the store, as the core side offers it to
an adapter (bot/discord/dms.py, the Discord outbox, the /dms command): a player's choice and
DM channel, and a table's seats to say whose turn it is. The adapter never imports the store
(tests/test_layering.py); the store satisfies this Protocol as it is."""

from __future__ import annotations

from typing import Protocol

from bot.storage.rows import SeatRow, TableRow
from bot.storage.turn_dms import DmChoice

__all__ = ["DmChoice", "ReminderBook", "SeatRow", "TableRow"]


class ReminderBook(Protocol):
    async def dm_choices(self, user_ids: list[str]) -> dict[str, DmChoice]: ...

    async def set_turn_dms(self, user_id: str, wanted: bool) -> None: ...

    async def set_dm_channel(self, user_id: str, channel_id: str | int) -> None: ...

    async def set_dm_refused(self, user_id: str, at: float | None) -> None: ...

    async def load_table(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None: ...
