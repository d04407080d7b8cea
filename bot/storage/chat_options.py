"""Per-chat options an admin sets with /settings: the clock of new tables, who may start and
cancel them, whether computer players may join, how long a lobby waits. (The chat's language
is kept in `chat_settings`, as before this table existed.)

A chat without a row has the defaults: `get_chat_options` never returns None, and a row is
written only when an admin first changes something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .sql import StorePart, Tx

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


class ChatOptionsStore(StorePart):
    """The chat-options part of `Store` (mixed into it; uses its transactions)."""

    async def get_chat_options(self, platform: str, chat_id: str | int) -> ChatOptions:
        """The chat's options, or the defaults when none was ever set."""
        platform, chat = _platform(platform), str(chat_id)
        return await self._read(lambda tx: _options(tx, platform, chat))

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

        def tx(tx: Tx) -> ChatOptions:
            tx.run("INSERT INTO chat_options (platform, chat_id) VALUES (:platform, :chat)"
                   " ON CONFLICT DO NOTHING", platform=platform, chat=chat)
            if changes:
                # column names are ours (above), never a caller's
                assignments = ", ".join(f"{name} = :{name}" for name in changes)
                tx.run(f"UPDATE chat_options SET {assignments}"
                       " WHERE platform = :platform AND chat_id = :chat",
                       **changes, platform=platform, chat=chat)
            return _options(tx, platform, chat)

        return await self._write(tx)

    async def active_table_ids(self, platform: str, chat_id: str | int) -> list[int]:
        """The chat's lobbies and running games, in every topic or thread (for a change of
        its settings to reach them)."""
        platform, chat = _platform(platform), str(chat_id)
        rows = await self._read(lambda tx: tx.all(
            "SELECT id FROM tables WHERE platform = :platform AND chat_id = :chat"
            " AND status IN ('lobby', 'playing') ORDER BY id", platform=platform, chat=chat))
        return [row["id"] for row in rows]

    async def chat_title(self, platform: str, chat_id: str | int) -> str | None:
        """The chat's title as its newest table knew it (None if it never had one): how a
        private message names a group it cannot see."""
        platform, chat = _platform(platform), str(chat_id)
        title = await self._read(lambda tx: tx.scalar(
            "SELECT title FROM tables WHERE platform = :platform AND chat_id = :chat"
            " AND title != '' ORDER BY id DESC LIMIT 1", platform=platform, chat=chat))
        return None if title is None else str(title)


def _options(tx: Tx, platform: str, chat: str) -> ChatOptions:
    row = tx.one("SELECT clock, managers, computers, lobby_minutes FROM chat_options"
                 " WHERE platform = :platform AND chat_id = :chat", platform=platform, chat=chat)
    if row is None:
        return ChatOptions(platform, chat)
    return ChatOptions(platform, chat, row["clock"], row["managers"], bool(row["computers"]),
                       row["lobby_minutes"])


def _platform(platform: str) -> str:
    if platform not in ("telegram", "discord", "web"):
        raise ValueError(f"unknown platform {platform!r}")
    return str(platform)
