"""`bot.app.run` with a Discord token: Discord alone, Telegram and Discord in one process
sharing the service and the database, and a refused Discord token ending the process."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pydantic import SecretStr

from bot import app
from bot.config import Settings
from bot.i18n import Translator
from bot.storage import Store
from fakes.discord import FakeDiscordServer
from fakes.telegram import FakeTelegramServer

pytest_plugins = ["fakes.discord.fixtures", "fakes.telegram.fixtures"]

TR = Translator.load()


def settings(tmp_path: Path, discord: FakeDiscordServer,
             telegram: FakeTelegramServer | None = None) -> Settings:
    extra = ({"telegram_bot_token": telegram.token, "telegram_api_server": telegram.base_url}
             if telegram else {})
    return Settings(_env_file=None, discord_bot_token=discord.token,  # type: ignore[call-arg]
                    database_path=tmp_path / "run.sqlite3", **extra)


async def test_telegram_and_discord_in_one_process(
        fake_discord: FakeDiscordServer, fake_telegram: FakeTelegramServer,
        tmp_path: Path) -> None:
    anna = fake_discord.user("Anna")
    guild = fake_discord.guild("Game night", members=[anna])
    channel = fake_discord.text_channel(guild, "games")
    ivy = fake_telegram.user("Ivy")
    group = fake_telegram.supergroup("Game night", owner=ivy)
    stop = asyncio.Event()
    running = asyncio.create_task(app.run(settings(tmp_path, fake_discord, fake_telegram),
                                          stop_event=stop))
    await fake_discord.wait_connected(10)
    await fake_telegram.wait_until(lambda: fake_telegram.poll_count > 0, 10)
    await fake_discord.wait_until(lambda: fake_discord.commands, 10)  # synced in the background
    record = anna.slash(channel, "newgame", game="lanterns")
    await record.wait_answered()
    await fake_discord.wait_until(lambda: channel.bot_messages, 5)
    ivy.send(group, "/newgame lanterns")
    await fake_telegram.wait_for("sendMessage", chat_id=group)

    stop.set()
    assert await asyncio.wait_for(running, 15) == 0
    fake_discord.assert_interactions_answered()
    async with Store.open(tmp_path / "run.sqlite3") as store:
        tables = await store.tables_in_status()
        assert sorted(t.platform for t in tables) == ["discord", "telegram"]


async def test_a_refused_discord_token_stops_the_process(
        fake_discord: FakeDiscordServer, fake_telegram: FakeTelegramServer,
        tmp_path: Path) -> None:
    config = settings(tmp_path, fake_discord, fake_telegram).model_copy(
        update={"discord_bot_token": SecretStr("not-a-token")})
    assert await asyncio.wait_for(app.run(config), 120) == 1  # the timeout: a hang guard only
