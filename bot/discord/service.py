"""What the Discord adapter needs from the table service (`bot.tables.TableService`).

A structural type, so the adapter depends on the shape, not the module: tests may drive
the adapter with a small fake that has these members.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

from bot.screens import ChatRef, Drop, Post, Result, UserRef

AdminCheck = Callable[[], Awaitable[bool]]
"""Whether the person may manage the channel (read from the interaction, no request)."""


class TableServiceLike(Protocol):
    COMMANDS: tuple[str, ...]
    games: Mapping[str, Any]
    """The games by name (their names become the choices of /newgame and /rules)."""

    def register_platform(self, platform: str, *, deep_link: Callable[[str], str] | None,
                          show: Callable[[Sequence[Post | Drop]], None] | None = None
                          ) -> None: ...

    async def command(self, chat: ChatRef, user: UserRef, name: str, args: str, *,
                      is_admin: AdminCheck | None = None) -> Result: ...

    async def press(self, chat: ChatRef, user: UserRef, data: str, *,
                    is_admin: AdminCheck | None = None) -> Result: ...

    async def flood_waited(self, platform: str, chat_id: str, seconds: float) -> None: ...

    async def chat_lost(self, table_id: int, why_key: str) -> Result: ...

    async def resume(self, platform: str) -> tuple[Post | Drop, ...]: ...

    async def current_posts(self, table_id: int, *, fresh_ping: bool = False,
                            public_only: bool = False) -> list[Post | Drop]: ...
