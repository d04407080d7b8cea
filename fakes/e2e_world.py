"""What the Telegram and Discord end-to-end worlds share: a bot process that can be
started, settled, stopped and restarted on the same database and fake server, and the
table's version read from its store."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from bot.storage import Store

ServerT = TypeVar("ServerT")


class BotProcessLike(Protocol):
    store: Store

    async def start(self) -> None: ...

    async def settle(self) -> None: ...

    async def stop(self) -> None: ...


@dataclass
class BotWorld(Generic[ServerT]):
    """The bot's side of a world; a platform's world says how to make its process."""

    server: ServerT
    db_path: Path
    bot: Any = field(init=False)
    moves: int = 0
    clock_offset: float = 0.0
    """Seconds the bot's clock is ahead of the real one: a test moves time on by raising it
    (a pending deadline then falls due), never by waiting."""

    def __post_init__(self) -> None:
        self.bot = self.new_process()

    def new_process(self) -> BotProcessLike:
        raise NotImplementedError

    def clock(self) -> float:
        """The bot's clock (unix seconds)."""
        return time.time() + self.clock_offset

    @property
    def store(self) -> Store:
        return self.bot.store

    async def start(self) -> None:
        await self.bot.start()

    async def stop(self) -> None:
        await self.bot.stop()

    async def restart(self) -> None:
        """Stop this bot process and start a new one on the same database and server."""
        await self.bot.stop()
        self.bot = self.new_process()
        await self.bot.start()
        await self.bot.settle()

    async def settle(self) -> None:
        await self.bot.settle()

    async def version(self, table_id: int) -> int:
        row = await self.store.get_table(table_id)
        assert row is not None
        return row.version
