"""pytest fixtures for the fake Telegram server (a pytest plugin module).

Enable with ``pytest_plugins = ["fakes.telegram.fixtures"]`` in a test
module (or the root ``conftest.py``):

* ``fake_telegram``: a started `FakeTelegramServer` enforcing Telegram's flood
  budgets on ``fake_telegram.clock``, a `SkippingClock` (give the bot the same
  clock and its ``sleep``); teardown fails the test if the fake itself hit an
  internal error;
* ``fake_bot``: an aiogram ``Bot`` talking to it, session closed afterwards
  (it keeps to no budget of its own: see `SpacedRequests` for one that does).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from aiogram import Bot

from fakes.hand_clock import SkippingClock

from .bot_helpers import make_bot
from .server import FakeTelegramServer


@pytest_asyncio.fixture
async def fake_telegram() -> AsyncIterator[FakeTelegramServer]:
    """A running fake Bot API server on 127.0.0.1."""
    async with FakeTelegramServer(clock=SkippingClock(0.0)) as server:
        yield server
    assert not server.internal_errors, f"fake Telegram server errors: {server.internal_errors!r}"


@pytest_asyncio.fixture
async def fake_bot(fake_telegram: FakeTelegramServer) -> AsyncIterator[Bot]:
    """An aiogram Bot bound to ``fake_telegram``."""
    bot = make_bot(fake_telegram)
    try:
        yield bot
    finally:
        await bot.session.close()
