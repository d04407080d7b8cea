"""The two end-to-end worlds as fixtures, for test files that use both platforms: a bot
process on a fresh database talking to the fake Telegram or the fake Discord server, stopped
(and every press or interaction checked answered, and nothing refused by the platform's rate
limits: the fakes enforce them) after the test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from fakes import discord_e2e as dc
from fakes import telegram_e2e as tg
from fakes.discord import FakeDiscordServer
from fakes.telegram import FakeTelegramServer


@pytest_asyncio.fixture
async def tg_world(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[tg.World]:
    w = tg.World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_telegram.assert_callbacks_answered()
    assert fake_telegram.flood_control is not None and fake_telegram.flood_control.refused == []


@pytest_asyncio.fixture
async def dc_world(fake_discord: FakeDiscordServer, tmp_path: Path) -> AsyncIterator[dc.World]:
    w = dc.World(fake_discord, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered()
    assert fake_discord.bucket_refusals() == []
