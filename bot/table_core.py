"""The table service's core: what every part of it shares, and nothing else.

The store, the translator, the games, a lock per table, the clock, the scheduler, each
platform's deep link and outbox; where a table's messages go (`place`, `panel_place`,
`confirm_place`), who reads in which language, and the short alert every refusal is. The
parts (bot/lobby.py, bot/turns.py, bot/table_clocks.py, bot/votes.py, bot/computer_seats.py,
bot/table_posts.py) and the services beside them (bot/history.py, bot/player_stats.py,
bot/chat_settings.py) each take this core and only the other parts they call, so the
imports go one way: nothing here imports a part.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.i18n import Translator, normalize_language
from bot.keyed_locks import KeyedLocks
from bot.payloads import Press
from bot.scheduler import Scheduler
from bot.screens import ChatRef, Drop, Place, Post, Reply, Result, Role, Screen, UserRef
from bot.storage import DueWork, SeatRow, Store, TableRow
from engine.core import Decision, GameSpec

AdminCheck = Callable[[], Awaitable[bool]]
"""is_admin(): whether the person administers the chat the command or press came from."""
ChatAdminCheck = Callable[[str], Awaitable[bool]]
"""admin_of(chat_id): whether the person administers that chat of the platform (asked by
the adapter, for a press or a link that comes from a private chat)."""
Show = Callable[[Sequence["Post | Drop"]], None]
"""How a platform shows posts nobody pressed for (a computer player's move): its outbox."""
Think = Callable[[GameSpec, str, Any, int, int], Awaitable[Decision]]
"""think(spec, level, view, seat, seed) -> a computer player's decision."""
Working = Callable[[], None]
"""Told when a press has passed every check that needs no game computation, just before the
work that may take long (a simulated move, a risk estimate): an adapter may answer it now."""


@dataclass
class TablePress:
    """A press on a table's button, with the table and its seats loaded once, under the
    table's lock."""

    table: TableRow
    seats: list[SeatRow]
    user: UserRef
    press: Press
    lang: str
    is_admin: AdminCheck | None = None
    working: Working | None = None


@dataclass
class FreePress:
    """A press that names no table to lock (a game to open, a language, a replay, a menu)."""

    chat: ChatRef
    user: UserRef
    press: Press
    lang: str
    is_admin: AdminCheck | None = None
    admin_of: ChatAdminCheck | None = None


@dataclass
class Command:
    """A command with its arguments, and the reader's language."""

    chat: ChatRef
    user: UserRef
    args: str
    lang: str
    is_admin: AdminCheck | None = None


TableHandler = Callable[[TablePress], Awaitable[Result]]
FreeHandler = Callable[[FreePress], Awaitable[Result]]
CommandHandler = Callable[[Command], Awaitable[Result]]
DueHandler = Callable[[DueWork, str], Awaitable[Result]]
"""act(work, its seat part) for a claimed deadline of one kind (`kind:seat`)."""


@dataclass
class Dispatch:
    """What each press, command and deadline goes to, filled by the parts that handle them."""

    table_presses: dict[str, TableHandler]
    free_presses: dict[str, FreeHandler]
    commands: dict[str, CommandHandler]
    table_commands: dict[str, TableHandler]
    """Commands about the chat's table (/cancel, /leave): run under its lock like a press."""
    due: dict[str, DueHandler]

    @classmethod
    def empty(cls) -> Dispatch:
        return cls({}, {}, {}, {}, {})


class TableCore:
    """What every part of the table service shares."""

    def __init__(self, store: Store, translator: Translator, *, default_language: str,
                 games: dict[str, GameSpec], seeds: Callable[[], int] | None,
                 clock: Callable[[], float], lobby_timeout: float,
                 after_outage: Callable[[float], Awaitable[float]],
                 fire: Callable[[DueWork], Awaitable[None]]) -> None:
        self.store = store
        self.tr = translator
        self.default_language = default_language
        self.games = games
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.clock = clock
        self.lobby_timeout = lobby_timeout
        self.deep_links: dict[str, Callable[[str], str] | None] = {}
        self.shows: dict[str, Show] = {}
        self.locks: KeyedLocks[int] = KeyedLocks()
        self.scheduler = Scheduler(store, fire, clock=clock, after_outage=after_outage)

    def table_lock(self, table_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold the table's lock: one change to a table at a time in this process."""
        return self.locks.hold(table_id)

    # --- places ----------------------------------------------------------------------

    def place(self, table: TableRow, role: Role) -> Place:
        return Place(table.id, role, None, table.chat_id, table.thread_id)

    def confirm_place(self, table: TableRow, seat: int) -> Place:
        return Place(table.id, Role.CONFIRM, seat, table.chat_id, table.thread_id)

    def private_chats(self, platform: str) -> bool:
        """Whether the platform has private chats people must open first (Telegram)."""
        return self.deep_links.get(platform) is not None

    def panel_place(self, table: TableRow, seat: SeatRow) -> Place | None:
        if seat.seat is None or seat.is_computer and seat.absence != "away":
            return None  # a computer player's seat, or a person's who left it
        if table.platform in self.deep_links and self.deep_links[table.platform] is None:
            # no private chats on this platform: the panel goes to the player in person
            return Place(table.id, Role.PANEL, seat.seat, seat.user_id)
        if seat.dm_chat_id is None:
            return None
        return Place(table.id, Role.PANEL, seat.seat, seat.dm_chat_id)

    def host_name(self, table: TableRow, seats: Sequence[SeatRow]) -> str:
        host = next((s.display_name for s in seats if s.user_id == table.creator_id), None)
        return host or table.creator_name or self.tr.t(table.language, "table-host-unknown")

    # --- languages and alerts ----------------------------------------------------------

    async def reader_language(self, chat: ChatRef, user: UserRef) -> str:
        if not chat.private:
            chosen = await self.store.get_chat_language(chat.platform, chat.id)
            if chosen:
                return chosen
        settings = await self.store.get_user_settings(chat.platform, user.id)
        return self.user_language(user, settings)

    def user_language(self, user: UserRef, settings: Any) -> str:
        if settings is not None and settings.language:
            return settings.language
        return normalize_language(user.language, self.default_language)

    def alert(self, lang: str, key: str, *, platform: str = "", **args: Any) -> Result:
        """An answer to the presser alone (in `platform`'s own words if it has them)."""
        return Result(Reply(self.tr.said_on(platform, lang, key, **args), alert=True))

    def say(self, text: str) -> Result:
        """A plain answer in the chat the command came from."""
        return Result(message=Screen((text,)))

    def note(self, table: TableRow, key: str, **args: object) -> Post:
        """A short note in the chat, in the turn ping's place (so it notifies, and the next
        turn's ping replaces it)."""
        return Post(self.place(table, Role.PING),
                    Screen((self.tr.t(table.language, key, **args),)), fresh=True)

    def drop_ping(self, table: TableRow) -> Drop:
        return Drop(self.place(table, Role.PING))


def computer_user_id(number: int) -> str:
    """A computer player's id at its table: never a platform's (those are digits)."""
    return f"cpu{number}"


def computer_number(user_id: str) -> int:
    return int(user_id.removeprefix("cpu"))


class Part:
    """A part of the table service: it reads the core's store, translator and games."""

    def __init__(self, core: TableCore) -> None:
        self.core = core

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def tr(self) -> Translator:
        return self.core.tr

    @property
    def games(self) -> dict[str, GameSpec]:
        return self.core.games
