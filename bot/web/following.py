"""What other processes show, followed through the store (the Mini App under `--workers N`).

A move is handled by whichever worker Telegram's webhook reached, and a computer's move by
whichever worker's scheduler fired it; but the Mini App is served by worker 0 alone, whose
rooms hear only what its own outbox shows. So every `FOLLOW_EVERY` seconds, while anyone
watches a room, worker 0 asks the store where each watched chat's newest table stands: a
chat whose table or version is not what its room shows, two looks in a row, or whose status
changed, is filled again from the store (what the chat shows now, drawn here). A move made
elsewhere reaches the open Mini Apps within two looks; one made here is heard from its own
outbox, usually before the second look (a move is stored before its pictures are drawn), so
it is not drawn twice.

What a version does not count is not followed: a step inside a move's menu taken in the
private chat through another worker shows in the Mini App with the next move.

Rejected: PostgreSQL's LISTEN/NOTIFY (every writer would notify inside its transactions, a
connection of its own to keep alive through outages, nothing like it on SQLite) for a look
that costs one indexed query a second while someone watches.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable

from bot.loops import Loop
from bot.miniapp import PLATFORM
from bot.port import TableMark, TablePort

from .rooms import Rooms

log = logging.getLogger(__name__)

FOLLOW_EVERY = 0.5
"""Seconds between looks at the store while a room is watched."""


class Following:
    """Keeps watched rooms up with what the store says their chats' tables are at."""

    def __init__(self, service: TablePort, rooms: Rooms, chats: Callable[[], Iterable[str]]
                 ) -> None:
        """`chats`: the chats whose rooms may be watched (the groups a Mini App opened)."""
        self.service = service
        self.rooms = rooms
        self.chats = chats
        self._marks: dict[str, TableMark] = {}  # what the last look saw, by chat
        self._filled: dict[str, TableMark] = {}  # what each room was last filled with

    async def catch_up(self) -> int:
        """One look: refill each watched room whose chat moved on; how many were."""
        watched = [chat for chat in self.chats() if self.rooms.watched(chat)]
        for chat in set(self._marks) - set(watched):
            del self._marks[chat]
            self._filled.pop(chat, None)
        if not watched:
            return 0
        marks = await self.service.newest_tables(PLATFORM, watched)
        refilled = 0
        for chat, mark in marks.items():
            last, self._marks[chat] = self._marks.get(chat), mark
            if self._behind(chat, mark, last):
                self._filled[chat] = mark
                self.rooms.replace(chat, await self.service.current_posts(mark.table_id))
                refilled += 1
        return refilled

    def _behind(self, chat: str, mark: TableMark, last: TableMark | None) -> bool:
        """Whether a room misses what the store says: a version not shown two looks in a
        row (a move just stored may be on its way from this process's own outbox), or a
        status changed alone (a table closed); never twice for one mark (a room's posts
        need not name a version)."""
        if last is None or self._filled.get(chat) == mark:
            return False
        if self.rooms.shows(chat, mark.table_id, mark.version):
            return last.status != mark.status
        return last == mark

    async def run(self, *, every: float = FOLLOW_EVERY,
                  sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        """Look again and again until cancelled; a failed look (the database away) is
        tried again after a back-off, and the loop is down for health checks meanwhile."""
        health = Loop("mini app following")
        wait = every
        try:
            while True:
                await sleep(wait)
                try:
                    await self.catch_up()
                except Exception as error:  # noqa: BLE001 - logged by the loop's health
                    wait = max(every, health.failed(error))
                else:
                    health.ok()
                    wait = every
        finally:
            health.close()
