"""The Telegram end-to-end world with the Mini App (tests/test_miniapp_e2e.py): the bot polls
the fake Telegram server as in fakes/telegram_e2e.py, and its web adapter serves the Mini App
on 127.0.0.1 (real aiohttp), wired as bot/app.py wires them when TELEGRAM_WEBAPP_URL is set.
A person "opens" the Mini App with the initData the fake Telegram signs for them
(fakes/telegram/web_app.py) and talks to it over HTTP like its page does.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.storage import Store
from bot.tables import TableService
from bot.telegram import TelegramBot
from bot.telegram.miniapp import TelegramMiniApp
from bot.web.app import build_app, serve
from fakes.telegram import FakeTelegramServer, FakeUser
from fakes.telegram.web_app import open_web_app
from fakes.telegram_e2e import LIMITS, SETTLE_TIMEOUT, TR, BotProcess, World

WEBAPP_URL = "https://games.example.org/tg/"
SHORT_NAME = "table"


class MiniAppProcess(BotProcess):
    """A bot process with the Mini App: the Telegram adapter and the web adapter serving it."""

    miniapp: TelegramMiniApp
    runner: web.AppRunner
    base_url: str

    async def start(self) -> None:
        self.store = await Store.open(self.db_path, synchronous="OFF")
        self.service = TableService(self.store, TR, seeds=itertools.count(2026).__next__,
                                    clock=self.clock, computer_pause=0.0)
        ran_before = await self.store.last_beat() is not None
        down = await self.service.recover_downtime()
        server_clock = self.server.clock
        self.miniapp = TelegramMiniApp(self.server.token, WEBAPP_URL, TR,
                                       short_name=SHORT_NAME)
        self.telegram = TelegramBot(self.service, self.store, TR, token=self.server.token,
                                    api_server=self.server.base_url, limits=LIMITS,
                                    polling_timeout=1, clock=server_clock,
                                    sleep=getattr(server_clock, "sleep", asyncio.sleep),
                                    quiet_for=down if ran_before else None,
                                    miniapp=self.miniapp)
        app = build_app(self.service, TR, secret="x" * 40, miniapp=self.miniapp)
        self.runner = await serve(app, "127.0.0.1", 0)
        host, port = self.runner.addresses[0][:2]
        self.base_url = f"http://{host}:{port}"
        polls = self.server.poll_count
        await self.telegram.start()
        await self.server.wait_until(lambda: self.server.poll_count > polls, SETTLE_TIMEOUT,
                                     message="the bot's first getUpdates")
        self.service.scheduler.start()

    async def settle(self, timeout: float = SETTLE_TIMEOUT) -> None:
        await super().settle(timeout)
        # a Mini App press's drawn posts are delivered after its response: wait for them
        from bot.web.telegram_app import KEY

        miniapp = self.runner.app[KEY]
        while miniapp.tasks:
            await asyncio.wait(list(miniapp.tasks), timeout=timeout)
            await super().settle(timeout)
        await miniapp.rooms.settled()

    async def stop(self) -> None:
        await self.settle()
        await self.runner.cleanup()
        await super().stop()


@dataclass
class Opened:
    """One person's open Mini App: their initData, and the answers they got."""

    user: FakeUser
    init: str
    table: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class MiniAppWorld(World):
    session: aiohttp.ClientSession | None = None

    def new_process(self) -> MiniAppProcess:
        return MiniAppProcess(self.server, self.db_path, clock=self.clock)

    @property
    def web(self) -> str:
        bot = self.bot
        assert isinstance(bot, MiniAppProcess)
        return bot.base_url

    async def call(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """A POST as the page makes it (same origin)."""
        assert self.session is not None
        async with self.session.post(self.web + path, json=body,
                                     headers={"Origin": self.web}) as response:
            return response.status, await response.json()

    def open_app(self, user: FakeUser, start_param: str | None = None, **options: Any) -> Opened:
        """`user` taps a link or button that opens the Mini App (Telegram signs their
        initData)."""
        return Opened(user, open_web_app(self.server, user, start_param=start_param,
                                         **options))

    async def open(self, opened: Opened, table: int | None = None
                   ) -> tuple[int, dict[str, Any]]:
        status, answer = await self.call("/tg/api/open", {"init": opened.init, "table": table})
        if status == 200 and "table" in answer:
            opened.table = answer["table"]
        return status, answer

    async def tap(self, opened: Opened, data: str, *, panel: bool
                  ) -> tuple[int, dict[str, Any]]:
        """A button of the board (or, `panel`, of the person's panel) pressed in the Mini App."""
        status, answer = await self.call("/tg/api/press", {
            "init": opened.init, "table": opened.table, "data": data, "panel": panel})
        await self.settle()
        return status, answer

    @asynccontextmanager
    async def watching(self, opened: Opened) -> AsyncIterator[asyncio.Task[None]]:
        """`opened`'s live stream, its events gathered in `opened.events` while it lasts."""
        assert self.session is not None
        ready = asyncio.Event()

        async def read() -> None:
            assert self.session is not None
            async with self.session.get(f"{self.web}/tg/api/events/{opened.table}",
                                        headers={"X-Telegram-Init-Data": opened.init}) as response:
                assert response.status == 200, response.status
                ready.set()
                async for line in response.content:
                    if line.startswith(b"data: "):
                        opened.events.append(json.loads(line[6:]))

        task = asyncio.create_task(read())
        waiting = asyncio.create_task(ready.wait())
        await asyncio.wait({task, waiting}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if task.done():
            task.result()  # the stream was refused: say why
        try:
            yield task
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def shown_now(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What a stream's events leave on the page: each message by its key."""
    now: dict[str, dict[str, Any]] = {}
    for event in events:
        if event["type"] == "reset":
            now.clear()
        elif event["type"] == "show":
            now[event["key"]] = event
        elif event["type"] == "drop":
            now.pop(event["key"], None)
    return now


@asynccontextmanager
async def running_world(server: FakeTelegramServer, db_path: Path
                        ) -> AsyncIterator[MiniAppWorld]:
    """A started Mini App world with its HTTP session, stopped after."""
    world = MiniAppWorld(server, db_path)
    await world.start()
    async with aiohttp.ClientSession() as session:
        world.session = session
        yield world
        await world.stop()
