"""What the fault suite (tests/test_faults_*.py) and `bench.faults` share: a database the
test can take away and give back, on either backend, with real components.

* PostgreSQL: the store talks to the server through a loopback `TcpProxy`; the outage cuts
  it (every connection reset, new ones refused) and the end of it restores it.
* SQLite: another connection holds the file's write lock (`BEGIN EXCLUSIVE`), as a backup
  tool or a second process stuck in a transaction would; the outage ends when it lets go.
  The store waits `busy_timeout_ms` for the lock before it fails, so the tests open it with
  a short one (the default, 5 s, is the same failure later).

`ServiceWorld` is what runs on it: three tables of a table service whose deadlines fall due
during an outage, people pressing, and the scheduler's loop.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.i18n import Translator
from bot.loops import Loop, Loops
from bot.payloads import Press, encode
from bot.scheduler import Scheduler
from bot.screens import ChatRef, Role, UserRef
from bot.storage import DueWork
from fakes.service_harness import GROUP, Harness
from fakes.store_backends import Database, admin_or_skip, postgres_url
from fakes.tcp_proxy import TcpProxy

BUSY_TIMEOUT_MS = 50
"""How long a SQLite store here waits for a held lock before it fails."""

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")
CLARA = UserRef("103", "Clara", "en")
DORA = UserRef("104", "Dora", "en")
LOBBY_CHAT = ChatRef("telegram", "-200", title="Waiting room")
SOLO_CHAT = ChatRef("telegram", "-300", title="Solo")
PAUSE = 1.5  # a computer player's pause before its move


@dataclass
class Outage:
    """A database that can be made unreachable (`cut`) and reachable again (`restore`)."""

    database: Database
    proxy: TcpProxy | None = None
    busy_timeout_ms: int = BUSY_TIMEOUT_MS
    _holder: sqlite3.Connection | None = field(default=None, repr=False)

    @property
    def backend(self) -> str:
        return self.database.backend

    def open(self, **options: Any):
        if self.backend == "sqlite":
            options.setdefault("busy_timeout_ms", self.busy_timeout_ms)
        return self.database.open(**options)

    def cut(self) -> None:
        if self.proxy is not None:
            self.proxy.cut()
            return
        holder = sqlite3.connect(self.database.target, isolation_level=None, timeout=10)
        holder.execute("BEGIN EXCLUSIVE")
        self._holder = holder

    def restore(self) -> None:
        if self.proxy is not None:
            self.proxy.restore()
            return
        holder, self._holder = self._holder, None
        if holder is not None:
            holder.execute("ROLLBACK")
            holder.close()

    @property
    def is_cut(self) -> bool:
        return (not self.proxy.up) if self.proxy is not None else self._holder is not None


@asynccontextmanager
async def outage_of(backend: str, folder: Path) -> AsyncIterator[Outage]:
    """A fresh database of `backend` ('sqlite' or 'postgresql') that can be cut."""
    if backend == "sqlite":
        outage = Outage(Database("sqlite", folder / "faults.sqlite3"))
        try:
            yield outage
        finally:
            outage.restore()
        return
    admin = await admin_or_skip()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    url = urlsplit(postgres_url())
    proxy = await TcpProxy((url.hostname or "127.0.0.1", url.port or 5432)).start()
    try:
        yield Outage(Database("postgresql", proxy.url_for(postgres_url()), schema), proxy)
    finally:
        await proxy.close()
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


async def until(condition: Callable[[], Any], *, timeout: float = 20.0, what: str = "") -> None:
    """Wait (in short real steps) until `condition()` (sync or async) is true."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.01)


class ServiceWorld:
    """Three tables on a table service, and its scheduler's loop: going round every few
    milliseconds with back-offs of milliseconds (`quick`, the tests), or as shipped (the
    benchmark)."""

    def __init__(self, h: Harness, clock: Callable[[], float], *, quick: bool = True) -> None:
        self.h = h
        self.clock = clock
        self.fired: list[DueWork] = []
        self.fired_at: list[float] = []  # when each was fired (time.monotonic)
        self.registry = Loops()
        service = h.service

        async def fire(work: DueWork) -> None:
            self.fired.append(work)
            self.fired_at.append(time.monotonic())
            await service._fire(work)

        health = (Loop("scheduler", first=0.01, cap=0.05, clock=clock, registry=self.registry)
                  if quick else Loop("scheduler", clock=clock, registry=self.registry))
        self.scheduler = service.scheduler = Scheduler(
            service.store, fire, clock=clock, idle=0.02 if quick else 1.0,
            after_outage=service.outage_over, health=health)

    @property
    def store(self):
        return self.h.service.store

    async def set_up(self) -> dict[str, int]:
        """A lobby closing itself after 60 s, a game of two people on a live clock, and
        a person's game against a computer whose move is due in `PAUSE` seconds."""
        h = self.h
        h.service.lobby_timeout = 60
        for user in (ANNA, BORIS, CLARA, DORA):
            await h.start_private(user)
        await h.command(DORA, "newgame", "lanterns", chat=LOBBY_CHAT)
        await h.command(ANNA, "newgame", "lanterns")
        [lobby] = [shown.screen for place, shown in h.kept.items()
                   if place.role is Role.LOBBY and place.chat_id == GROUP.id]
        await h.press(BORIS, h.data(lobby, "j:"))
        game = (await self.store.active_table("telegram", GROUP.id, None)).id
        await h.press(ANNA, encode(Press("start", game)))
        await self.store.set_chat_options("telegram", SOLO_CHAT.id, clock="off")
        await h.command(CLARA, "newgame", "lanterns", chat=SOLO_CHAT)
        solo = (await self.store.active_table("telegram", SOLO_CHAT.id, None)).id
        await h.press(CLARA, encode(Press("computer", solo)), chat=SOLO_CHAT)
        await h.press(CLARA, f"b:{solo}:easy", chat=SOLO_CHAT)
        await h.press(CLARA, encode(Press("start", solo)), chat=SOLO_CHAT)
        rng = random.Random(5)
        while not await self.store.pending_work(solo):  # Clara plays until it is its turn
            await self.press_panel(CLARA, solo, rng)
        lobby = (await self.store.active_table("telegram", LOBBY_CHAT.id, None)).id
        return {"lobby": lobby, "game": game, "solo": solo}

    async def press_panel(self, user: UserRef, table: int, rng: random.Random):
        """`user` presses a button of their panel at `table` (Confirm when offered)."""
        [screen] = [shown.screen for place, shown in self.h.kept.items()
                    if place.role is Role.PANEL and place.chat_id == user.id
                    and place.table_id == table]
        buttons = [b.data for b in self.h.buttons(screen) if b.data and ":" in b.data]
        confirm = [d for d in buttons if d.startswith("c:")]
        choices = [d for d in buttons if d.startswith(("g:", "p:"))] or buttons
        data = confirm[0] if confirm else rng.choice(choices)
        return await self.h.press(user, data, chat=ChatRef("telegram", user.id, private=True))

    async def move(self, table: int, rng: random.Random) -> None:
        """The acting player presses their panel until they have made a move."""
        user = await self.acting(table)
        version = (await self.store.get_table(table)).version
        for _ in range(20):
            await self.press_panel(user, table, rng)
            if (await self.store.get_table(table)).version != version:
                return
        raise AssertionError("no move made")

    async def acting(self, table: int) -> UserRef:
        for user in (ANNA, BORIS):
            for place, shown in self.h.kept.items():
                if (place.role is Role.PANEL and place.chat_id == user.id
                        and place.table_id == table
                        and any(b.data.startswith("c:") or b.data.startswith("g:")
                                for b in self.h.buttons(shown.screen) if b.data)):
                    return user
        raise AssertionError("nobody's turn")
