"""Slash command syncs never stop the bot (bot/discord/sync.py), against the fake Discord's
limit on syncs (4 bulk overwrites per 10 minutes, then 429s asking for minutes).

* A start with the command tree unchanged sends no sync; a changed tree is synced.
* A sync refused with a wait longer than discord.py sits out (`discord.RateLimited`) does
  not stop the start-up: the bot serves, the sync waits the time asked (on the fake's
  clock) in the background and then happens.
* With Telegram beside it, a sync stuck behind a long limit stops neither platform.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot import app
from bot.config import Settings
from bot.discord import DiscordBot
from bot.i18n import Translator
from bot.loops import LOOPS
from bot.storage import Store
from bot.tables import TableService
from fakes.discord import FakeDiscordServer, run_client
from fakes.telegram import FakeTelegramServer

pytest_plugins = ["fakes.discord.fixtures", "fakes.telegram.fixtures"]

TR = Translator.load()
SYNC = "bulk_upsert_global_commands"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(tmp_path / "db.sqlite3", synchronous="OFF")
    yield store
    await store.close()


def make_bot(server: FakeDiscordServer, store: Store, *,
             sync_waits_for: asyncio.Event | None = None) -> DiscordBot:
    """`sync_waits_for`: the command sync's waits end only once it is set (so what the bot
    does meanwhile happens before the fake's clock moves on)."""
    service = TableService(store, TR, seeds=itertools.count(7).__next__, computer_pause=0.0)

    async def on_fake_clock(seconds: float) -> None:  # waits move the fake's clock
        server.clock.advance(seconds)
        await asyncio.sleep(0)

    async def sync_sleep(seconds: float) -> None:
        if sync_waits_for is not None:
            await sync_waits_for.wait()
        await on_fake_clock(seconds)

    return DiscordBot(service, store, TR, clock=server.clock.time, now=server.clock.time,
                      sync_sleep=sync_sleep, dm_sleep=on_fake_clock,
                      guild_ready_timeout=0.1)


async def test_an_unchanged_tree_is_not_synced_again_and_a_changed_one_is(
        fake_discord: FakeDiscordServer, store: Store) -> None:
    server = fake_discord
    bot = make_bot(server, store)
    async with run_client(server, bot):
        pass
    assert len(server.calls_of(SYNC)) == 1 and server.commands
    for _ in range(3):  # restarts with the same commands: no request at all
        bot = make_bot(server, store)
        async with run_client(server, bot):
            assert bot.command_sync.synced.is_set()
        assert bot.command_sync.requests == 0
    assert len(server.calls_of(SYNC)) == 1
    # a changed tree (a new version of the bot): synced once
    await store.set_command_digest(f"discord:{server.application_id}", "an older tree")
    bot = make_bot(server, store)
    async with run_client(server, bot):
        pass
    assert len(server.calls_of(SYNC)) == 2


async def test_a_sync_refused_for_minutes_does_not_stop_the_start_and_happens_later(
        fake_discord: FakeDiscordServer, tmp_path: Path) -> None:
    server = fake_discord
    anna = server.user("Anna")
    guild = server.guild("Game night", owner=anna, members=[anna])
    channel = server.text_channel(guild, "games")
    # four other deployments (fresh databases) have just synced: the fifth sync is refused
    for n in range(4):
        async with Store.open(tmp_path / f"other{n}.sqlite3") as other, \
                run_client(server, make_bot(server, other)):
            pass
    assert [c.status for c in server.calls_of(SYNC)] == [200] * 4
    started = server.clock.time()
    answered = asyncio.Event()
    async with Store.open(tmp_path / "db.sqlite3") as store:
        bot = make_bot(server, store, sync_waits_for=answered)
        async with run_client(server, bot, wait_synced=False):
            # it runs: connected, and answering (the commands Discord had) while its sync
            # waits (held until then: the fake's clock jumps by the whole wait at once,
            # which would also expire an interaction being answered meanwhile)
            assert server.connected
            record = anna.slash(channel, "help")
            await record.wait_answered(30)  # (a guard against a hang)
            answered.set()
            await asyncio.wait_for(bot.command_sync.synced.wait(), 30)
            refused, accepted = server.calls_of(SYNC)[4:]
            assert refused.status == 429 and refused.response["retry_after"] > 30
            assert accepted.status == 200
            # it waited what Discord asked (on the fake's clock), not less
            assert accepted.time - started >= refused.response["retry_after"]
            assert await store.command_digest(f"discord:{server.application_id}")
            assert "discord command sync" not in {s.name for s in LOOPS.down()}
    server.assert_interactions_answered()


async def test_a_long_sync_limit_stops_neither_discord_nor_telegram(
        fake_discord: FakeDiscordServer, fake_telegram: FakeTelegramServer,
        tmp_path: Path) -> None:
    anna = fake_discord.user("Anna")
    guild = fake_discord.guild("Game night", members=[anna])
    channel = fake_discord.text_channel(guild, "games")
    fake_discord.inject_rate_limit(SYNC, retry_after=3600.0, times=100)
    ivy = fake_telegram.user("Ivy")
    group = fake_telegram.supergroup("Game night", owner=ivy)
    settings = Settings(_env_file=None, database_path=tmp_path / "run.sqlite3",  # type: ignore[call-arg]
                        discord_bot_token=SecretStr(fake_discord.token),
                        telegram_bot_token=fake_telegram.token,
                        telegram_api_server=fake_telegram.base_url)
    stop = asyncio.Event()
    running = asyncio.create_task(app.run(settings, stop_event=stop))
    await fake_discord.wait_connected(10)
    await fake_discord.wait_until(lambda: fake_discord.calls_of(SYNC), 10)
    assert fake_discord.calls_of(SYNC)[0].status == 429
    ivy.send(group, "/newgame lanterns")  # Telegram serves meanwhile
    await fake_telegram.wait_for("sendMessage", chat_id=group)
    assert not running.done() and fake_discord.connected
    assert channel.messages == []
    stop.set()
    assert await asyncio.wait_for(running, 15) == 0  # and it stops cleanly, waiting no more
