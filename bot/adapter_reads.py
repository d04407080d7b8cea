"""What an adapter may read or change about people, chats and tables besides commands and
presses (bot/port.py says which): answered from the store, in plain terms, so that no
adapter needs the store itself."""

from __future__ import annotations

from collections.abc import Sequence

from bot.move_log import LogView, TableMoves
from bot.port import PersonTable, TableMark
from bot.screens import Drop, Post
from bot.storage.stats import StillSeated
from bot.storage.store import Status
from bot.table_core import Part, TableCore
from bot.table_posts import TablePosts


class AdapterReads(Part):
    def __init__(self, core: TableCore, posts: TablePosts, moves: TableMoves) -> None:
        super().__init__(core)
        self.posts = posts
        self.moves = moves

    async def chat_posts(self, platform: str, chat_id: str) -> list[Post | Drop] | None:
        table = await self.store.active_table(platform, chat_id, None)
        return None if table is None else await self.posts.current_posts(table.id)

    async def chat_known(self, platform: str, chat_id: str) -> bool:
        return bool(await self.store.table_ids_in_chat(platform, chat_id, tuple(Status)))

    async def newest_tables(self, platform: str, chat_ids: Sequence[str]
                            ) -> dict[str, TableMark]:
        marks = await self.store.newest_in_chats(platform, chat_ids)
        return {chat: TableMark(*mark) for chat, mark in marks.items()}

    async def table_chat(self, platform: str, table_id: int) -> str | None:
        table = await self.store.get_table(table_id)
        return table.chat_id if table is not None and table.platform == platform else None

    async def table_active(self, table_id: int) -> bool:
        table = await self.store.get_table(table_id)
        return table is not None and table.active

    async def tables_of_person(self, platform: str, user_id: str) -> list[PersonTable]:
        return [PersonTable(t.id, t.chat_id, t.title, t.creator_id == user_id)
                for t in await self.store.tables_of_user(platform, user_id)]

    async def set_person_language(self, platform: str, user_id: str, language: str) -> None:
        await self.store.set_user_language(platform, user_id, language)

    async def forget_person(self, platform: str, user_id: str) -> bool:
        try:
            await self.store.forget_user(platform, user_id)
        except StillSeated:
            return False
        return True

    async def move_log(self, platform: str, chat_id: str, user_id: str, lang: str
                       ) -> LogView | None:
        return await self.moves.chat_log(platform, chat_id, user_id, lang)
