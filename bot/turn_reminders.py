"""What turn reminders by direct message need of the store, as the core side offers it to
an adapter (bot/discord/dms.py, the Discord outbox, the /dms command): a player's choice and
their DM channel. What a reminder says, and to whom, the service decides (a turn ping's
`Post.reminders`): the adapter reads no table for it. The adapter never imports the store
(tests/test_layering.py); the store satisfies this Protocol as it is."""

from __future__ import annotations

from typing import Protocol

from bot.storage.turn_dms import DmChoice

__all__ = ["DmChoice", "ReminderBook"]


class ReminderBook(Protocol):
    async def dm_choices(self, user_ids: list[str]) -> dict[str, DmChoice]: ...

    async def set_turn_dms(self, user_id: str, wanted: bool) -> None: ...

    async def set_dm_channel(self, user_id: str, channel_id: str | int) -> None: ...

    async def set_dm_refused(self, user_id: str, at: float | None) -> None: ...
