"""The port: everything a platform adapter (bot/telegram, bot/discord, bot/web) may ask of the
table service, as one structural type.

An adapter depends on this shape, never on `bot.tables.TableService` or on `bot.storage`:
what it needs to know about people, chats and tables beyond commands and presses (the
playground's limits and its /forgetme, a room's current posts) is a question here too, with
plain answers. Tests may drive an adapter with a small fake that has the members it calls.
What an adapter does with a `Result` is `bot.delivery.deliver`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from bot.move_log import LogView
from bot.screens import ChatRef, Drop, Place, Post, Result, UserRef
from bot.table_core import AdminCheck, ChatAdminCheck, Working
from engine.core import GameSpec

__all__ = ["AdminCheck", "ChatAdminCheck", "LogView", "PersonGame", "PersonTable",
           "PlatformTrouble", "ServerFilter", "TableMark", "TablePort", "Working",
           "service_unavailable"]

ServerFilter = Callable[[str | None], bool]
"""Whether a process takes the tables of a server (a Discord guild id; None: not known)."""


class TableMark(NamedTuple):
    """Where a chat's newest table stands: enough to tell that it changed."""

    table_id: int
    status: str
    version: int


@dataclass(frozen=True)
class PersonTable:
    """A lobby or game under way where a person sits, and whether they opened it."""

    table_id: int
    chat_id: str
    title: str
    opened_by_them: bool
    game: str = ""
    playing: bool = False  # a game under way (else its lobby)
    turn: tuple[str, ...] = ()  # who is to play now, by name (`person_tables` says them)
    yours: bool = False  # the person is among them


@dataclass(frozen=True)
class PersonGame:
    """A game a person played that ended: where, which, when and how, in words."""

    table_id: int
    chat_id: str
    game: str
    ended: str  # when, as /history says it
    result: str  # its winners and scores, or that it was abandoned


class PlatformTrouble(Protocol):
    """What the platform tells the service about trouble delivering: all an outbox needs of
    the port (so an outbox is driven in tests by a fake with just these)."""

    async def panel_unreachable(self, place: Place) -> Result: ...

    async def chat_migrated(self, platform: str, old_chat_id: str, new_chat_id: str
                            ) -> None: ...

    async def flood_waited(self, platform: str, chat_id: str, seconds: float) -> None: ...


class TablePort(PlatformTrouble, Protocol):
    COMMANDS: tuple[str, ...]
    """The commands people may type, by name (`command_description` says each)."""

    @property
    def games(self) -> Mapping[str, GameSpec]:
        """The games by name (their names become the choices of /newgame and /rules)."""
        ...

    # --- being a platform --------------------------------------------------------------

    def register_platform(self, platform: str, *, deep_link: Callable[[str], str] | None,
                          show: Callable[[Sequence[Post | Drop]], None] | None = None
                          ) -> None: ...

    def command_description(self, lang: str, name: str) -> str: ...

    async def resume(self, platform: str) -> tuple[Post | Drop, ...]: ...

    def resume_each(self, platform: str, serves: ServerFilter | None = None
                    ) -> AsyncIterator[list[Post | Drop]]:
        """What each active table should show after a start, table by table (an async
        generator; bot/resuming.py runs it beside the platform's updates); with `serves`,
        only the tables whose server it takes (a process on some of the Discord shards)."""
        ...

    # --- what people do ------------------------------------------------------------------

    async def command(self, chat: ChatRef, user: UserRef, name: str, args: str, *,
                      is_admin: AdminCheck | None = None) -> Result: ...

    def press(self, chat: ChatRef, user: UserRef, data: str, *,
              is_admin: AdminCheck | None = None,
              admin_of: ChatAdminCheck | None = None,
              working: Working | None = None) -> Awaitable[Result]:
        """(A coroutine function: the service's is wrapped to time each press.)"""
        ...

    async def private_start(self, platform: str, user: UserRef, dm_chat_id: str,
                            payload: str | None, *,
                            admin_of: ChatAdminCheck | None = None) -> Result: ...

    # --- what the platform tells (besides `PlatformTrouble`'s) ---------------------------

    async def chat_lost(self, table_id: int, why_key: str) -> Result: ...

    # --- what an adapter may read or change besides --------------------------------------

    async def current_posts(self, table_id: int, *, fresh_ping: bool = False,
                            public_only: bool = False) -> list[Post | Drop]: ...

    async def chat_posts(self, platform: str, chat_id: str) -> list[Post | Drop] | None:
        """Everything the chat's lobby or game under way shows now; None without one."""
        ...

    async def chat_known(self, platform: str, chat_id: str) -> bool:
        """Whether any table, open or ended, was ever in the chat."""
        ...

    async def newest_tables(self, platform: str, chat_ids: Sequence[str]
                            ) -> dict[str, TableMark]:
        """Each chat's newest table outside forum topics (open or ended), for a reader that
        follows chats other processes show too; chats without one are left out."""
        ...

    async def table_chat(self, platform: str, table_id: int) -> str | None:
        """The chat of a table of this platform (None: no such table there)."""
        ...

    async def table_active(self, table_id: int) -> bool: ...

    async def tables_of_person(self, platform: str, user_id: str) -> list[PersonTable]: ...

    async def person_tables(self, platform: str, user_id: str, lang: str
                            ) -> list[PersonTable]:
        """`tables_of_person` with each table's game and whose turn it is (names in
        `lang`): what a home page lists."""
        ...

    async def person_games(self, platform: str, user_id: str, lang: str
                           ) -> list[PersonGame]:
        """The person's last games that ended, newest first (in `lang`)."""
        ...

    async def set_person_language(self, platform: str, user_id: str, language: str) -> None: ...

    async def forget_person(self, platform: str, user_id: str) -> bool:
        """Forget what is kept about the person (as /forgetme does); False, changing
        nothing, while they still sit at a lobby or a game under way."""
        ...

    async def move_log(self, platform: str, chat_id: str, user_id: str, lang: str
                       ) -> LogView | None:
        """The log of the chat's game under way (else of its last game) as the person
        `user_id` may read it, in `lang`: their seat's events, or anyone's if they have no
        seat; None when the chat never had a game."""
        ...


def service_unavailable(error: BaseException) -> bool:
    """Whether a call to the port failed because what keeps the tables was out of reach (a
    database restart, a dropped connection), rather than for the call itself: the same call
    is worth making again later (a platform that redelivers may let it)."""
    from bot.storage.updates import database_unavailable

    return database_unavailable(error)
