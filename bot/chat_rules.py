"""What a chat's settings (/settings, bot/chat_settings.py) decide at its tables: who may
start and close them, whether computer players may sit, how long a lobby waits."""

from __future__ import annotations

from collections.abc import Sequence

from bot.screens import Result, UserRef
from bot.storage import SeatRow, TableRow
from bot.storage.chat_options import ADMINS
from bot.table_core import AdminCheck, TableCore


class ChatRules:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def may_start(self, table: TableRow, user: UserRef,
                        is_admin: AdminCheck | None) -> bool:
        """The host starts their table, unless the chat lets only its admins start tables."""
        options = await self.core.store.get_chat_options(table.platform, table.chat_id)
        if options.managers == ADMINS:
            return is_admin is not None and await is_admin()
        return user.id == table.creator_id

    async def may_cancel(self, table: TableRow, user: UserRef,
                         is_admin: AdminCheck | None) -> bool:
        """The host or any chat admin closes a table, unless the chat lets only its admins."""
        options = await self.core.store.get_chat_options(table.platform, table.chat_id)
        if options.managers != ADMINS and user.id == table.creator_id:
            return True
        return is_admin is not None and await is_admin()

    async def start_refused(self, table: TableRow, seats: Sequence[SeatRow],
                            lang: str) -> Result:
        """Why this person may not start the table (after `may_start` said no)."""
        options = await self.core.store.get_chat_options(table.platform, table.chat_id)
        if options.managers == ADMINS:
            return self.core.alert(lang, "settings-start-admins")
        return self.core.alert(lang, "bot-error-not-host",
                               name=self.core.host_name(table, seats))

    async def cancel_refused(self, table: TableRow, lang: str) -> Result:
        """Why this person may not close the table (after `may_cancel` said no)."""
        options = await self.core.store.get_chat_options(table.platform, table.chat_id)
        return self.core.alert(lang, "settings-cancel-admins" if options.managers == ADMINS
                               else "table-cancel-not-allowed")

    async def computers_allowed(self, table: TableRow) -> bool:
        return (await self.core.store.get_chat_options(table.platform, table.chat_id)).computers

    async def lobby_seconds(self, table: TableRow) -> float:
        """How long the table's lobby waits for its Start: the chat's choice, or the bot's."""
        options = await self.core.store.get_chat_options(table.platform, table.chat_id)
        lobby_timeout = self.core.lobby_timeout
        return lobby_timeout if options.lobby_minutes is None else options.lobby_minutes * 60
