"""What the Telegram adapter needs from the table service (`bot.tables.TableService`).

A structural type, so the adapter depends on the shape, not the module: tests drive the
adapter with a small fake that has these methods.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from bot.screens import ChatRef, Drop, Place, Post, Result, UserRef

AdminCheck = Callable[[], Awaitable[bool]]
"""Asks Telegram (lazily, at most once) whether the person is an admin of the chat."""
ChatAdminCheck = Callable[[str], Awaitable[bool]]
"""Asks Telegram whether the person is an admin of another chat (by its id)."""
Working = Callable[[], None]
"""Called by the service once a press is accepted and slow work on it begins."""


class TableServiceLike(Protocol):
    COMMANDS: tuple[str, ...]

    def register_platform(self, platform: str, *, deep_link: Callable[[str], str] | None,
                          show: Callable[[Sequence[Post | Drop]], None] | None = None
                          ) -> None: ...

    def command_description(self, lang: str, name: str) -> str: ...

    async def command(self, chat: ChatRef, user: UserRef, name: str, args: str, *,
                      is_admin: AdminCheck | None = None) -> Result: ...

    async def press(self, chat: ChatRef, user: UserRef, data: str, *,
                    is_admin: AdminCheck | None = None,
                    admin_of: ChatAdminCheck | None = None,
                    working: Working | None = None) -> Result: ...

    async def private_start(self, platform: str, user: UserRef, dm_chat_id: str,
                            payload: str | None, *,
                            admin_of: ChatAdminCheck | None = None) -> Result: ...

    async def panel_unreachable(self, place: Place) -> Result: ...

    async def chat_migrated(self, platform: str, old_chat_id: str, new_chat_id: str
                            ) -> None: ...

    async def flood_waited(self, platform: str, chat_id: str, seconds: float) -> None: ...

    async def resume(self, platform: str) -> tuple[Post | Drop, ...]: ...
