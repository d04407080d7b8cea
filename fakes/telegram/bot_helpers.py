"""Glue between the fake server and the real aiogram client.

``make_bot(server)`` builds an aiogram ``Bot`` whose ``AiohttpSession`` talks
to the fake server (`SpacedRequests` paces it on a test clock); ``run_polling(server, dispatcher, bot)`` runs the real
``Dispatcher.start_polling`` for the duration of an ``async with`` block and
shuts it down cleanly (no signal handlers, pending handler tasks awaited, a
crash inside polling re-raised).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods import TelegramMethod
from aiogram.methods.base import Response, TelegramType

from .server import FakeTelegramServer


def make_bot(server: FakeTelegramServer, **bot_kwargs: Any) -> Bot:
    """An aiogram ``Bot`` bound to ``server`` (close it with ``await bot.session.close()``)."""
    return Bot(server.token, session=AiohttpSession(api=server.api), **bot_kwargs)


class SpacedRequests(BaseRequestMiddleware):
    """Waits `spacing` seconds (with `sleep`, a test clock's) before each request: one every
    3 s keeps inside every flood budget of Telegram's, the group's 20 a minute included."""

    def __init__(self, sleep: Callable[[float], Awaitable[object]], spacing: float = 3.0) -> None:
        self.sleep = sleep
        self.spacing = spacing

    async def __call__(self, make_request: NextRequestMiddlewareType[TelegramType], bot: Bot,
                       method: TelegramMethod[TelegramType]) -> Response[TelegramType]:
        await self.sleep(self.spacing)
        return await make_request(bot, method)


@asynccontextmanager
async def run_polling(
    server: FakeTelegramServer,
    dispatcher: Dispatcher,
    *bots: Bot,
    polling_timeout: int = 10,
    ready_timeout: float = 5.0,
    **polling_kwargs: Any,
) -> AsyncIterator[asyncio.Task[None]]:
    """Run ``dispatcher.start_polling(*bots)`` while the block runs.

    Returns once the first ``getUpdates`` reached the server, so updates queued
    inside the block are handled. On exit stops polling, waits for handler
    tasks still running, and re-raises anything polling died of. Bot sessions
    are left open (``close_bot_session=False``); close them yourself.
    """
    start = server.poll_count
    task = asyncio.create_task(
        dispatcher.start_polling(
            *bots,
            polling_timeout=polling_timeout,
            handle_signals=False,
            close_bot_session=False,
            **polling_kwargs,
        )
    )
    try:
        await server.wait_until(
            lambda: server.poll_count > start or task.done(),
            ready_timeout,
            message="the bot's first getUpdates",
        )
        if task.done():
            task.result()  # polling died before it started: surface why
        yield task
    finally:
        await _stop_polling(dispatcher, task)


async def _stop_polling(dispatcher: Dispatcher, task: asyncio.Task[None]) -> None:
    if not task.done():
        try:
            await asyncio.wait_for(dispatcher.stop_polling(), 5)
        except (TimeoutError, RuntimeError):
            task.cancel()
    with suppress(asyncio.CancelledError):
        await task
    handlers = list(getattr(dispatcher, "_handle_update_tasks", ()))
    if handlers:
        await asyncio.wait(handlers, timeout=5)
