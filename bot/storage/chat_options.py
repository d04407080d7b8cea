"""Per-chat options an admin sets with /settings: the clock of new tables, who may start and
cancel them, whether computer players may join, how long a lobby waits. (The chat's language
is kept in `chat_settings`, as before this table existed.)

A chat without a row has the defaults: `get_chat_options` never returns None, and a row is
written only when an admin first changes something.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final

import aiosqlite

HOST: Final = "host"
"""The host starts their table; the host or any chat admin cancels it."""
ADMINS: Final = "admins"
"""Only chat admins start or cancel tables."""
MANAGERS: tuple[str, ...] = (HOST, ADMINS)


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""A field `set_chat_options` leaves as it is (so None can mean "back to the default")."""


@dataclass(frozen=True, slots=True)
class ChatOptions:
    platform: str
    chat_id: str
    clock: str | None = None  # a `bot.clocks.Clock` code for new tables; None: each game's own
    managers: str = HOST  # HOST | ADMINS
    computers: bool = True  # computer players may be added in the lobby
    lobby_minutes: int | None = None  # a lobby closes after this; None: the bot's default


class ChatOptionsStore:
    """The chat-options part of `Store` (mixed into it; uses its transactions)."""

    _read: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]
    _write: Callable[[Callable[[aiosqlite.Connection], Awaitable[Any]]], Awaitable[Any]]

    async def get_chat_options(self, platform: str, chat_id: str | int) -> ChatOptions:
        """The chat's options, or the defaults when none was ever set."""
        platform, chat = _platform(platform), str(chat_id)

        async def read(db: aiosqlite.Connection) -> ChatOptions:
            return await _options(db, platform, chat)

        return await self._read(read)

    async def set_chat_options(self, platform: str, chat_id: str | int, *,
                               clock: str | None = UNSET, managers: str = UNSET,
                               computers: bool = UNSET, lobby_minutes: int | None = UNSET
                               ) -> ChatOptions:
        """Change the fields given (the others stay), in one transaction; return the result.
        ValueError for a value the schema would refuse."""
        platform, chat = _platform(platform), str(chat_id)
        if managers is not UNSET and managers not in MANAGERS:
            raise ValueError(f"managers must be one of {MANAGERS}, not {managers!r}")
        if lobby_minutes is not UNSET and lobby_minutes is not None and (
                isinstance(lobby_minutes, bool) or not isinstance(lobby_minutes, int)
                or lobby_minutes <= 0):
            raise ValueError(f"lobby_minutes must be a positive int or None, not {lobby_minutes!r}")
        if clock is not UNSET and clock is not None and not isinstance(clock, str):
            raise ValueError(f"clock must be a clock code or None, not {clock!r}")
        changes = {name: value for name, value in (
            ("clock", clock), ("managers", managers),
            ("computers", UNSET if computers is UNSET else int(bool(computers))),
            ("lobby_minutes", lobby_minutes)) if value is not UNSET}

        async def tx(db: aiosqlite.Connection) -> ChatOptions:
            await db.execute("INSERT OR IGNORE INTO chat_options (platform, chat_id) VALUES (?, ?)",
                             (platform, chat))
            if changes:
                # column names are ours (above), never a caller's
                assignments = ", ".join(f"{name} = ?" for name in changes)
                await db.execute(
                    f"UPDATE chat_options SET {assignments} WHERE platform = ? AND chat_id = ?",
                    (*changes.values(), platform, chat))
            return await _options(db, platform, chat)

        return await self._write(tx)

    async def active_table_ids(self, platform: str, chat_id: str | int) -> list[int]:
        """The chat's lobbies and running games, in every topic or thread (for a change of
        its settings to reach them)."""
        platform, chat = _platform(platform), str(chat_id)

        async def read(db: aiosqlite.Connection) -> list[int]:
            async with db.execute(
                    "SELECT id FROM tables WHERE platform = ? AND chat_id = ?"
                    " AND status IN ('lobby', 'playing') ORDER BY id", (platform, chat)) as cursor:
                return [row[0] for row in await cursor.fetchall()]

        return await self._read(read)

    async def chat_title(self, platform: str, chat_id: str | int) -> str | None:
        """The chat's title as its newest table knew it (None if it never had one): how a
        private message names a group it cannot see."""
        platform, chat = _platform(platform), str(chat_id)

        async def read(db: aiosqlite.Connection) -> str | None:
            async with db.execute(
                    "SELECT title FROM tables WHERE platform = ? AND chat_id = ? AND title != ''"
                    " ORDER BY id DESC LIMIT 1", (platform, chat)) as cursor:
                row = await cursor.fetchone()
            return None if row is None else str(row[0])

        return await self._read(read)


async def _options(db: aiosqlite.Connection, platform: str, chat: str) -> ChatOptions:
    async with db.execute(
            "SELECT clock, managers, computers, lobby_minutes FROM chat_options"
            " WHERE platform = ? AND chat_id = ?", (platform, chat)) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return ChatOptions(platform, chat)
    return ChatOptions(platform, chat, row[0], row[1], bool(row[2]), row[3])


def _platform(platform: str) -> str:
    if platform not in ("telegram", "discord", "web"):
        raise ValueError(f"unknown platform {platform!r}")
    return str(platform)
