"""After a start, a process on some of a Discord bot's shards shows again only the tables of
its shards' servers (bot/resuming.py, `ShardPlan.serves`): every table is drawn by one
process, not by each of them, so a deploy of N processes does not spend the bot's global
rate N times over on the same edits.

Two real `ShardedDiscordBot`s (shard 0 and shard 1 of two) start on one database against the
fake Discord server, after an unsharded bot opened tables in three servers through
/newgame (which stores each table's server); a table whose server is not known (opened
before schema 12) is shown by shard 0's process.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from bot.config import ShardPlan
from bot.discord.app import ShardedDiscordBot
from bot.resuming import Show
from bot.screens import Drop, Post
from bot.storage import Store
from bot.tables import TableService
from fakes import discord_e2e as dc
from fakes.discord import FakeDiscordServer, run_client
from fakes.discord_e2e import TR
from fakes.store_backends import Database

pytest_plugins = ["fakes.discord.fixtures", "fakes.store_backends"]
pytestmark = pytest.mark.timeout(180)


async def test_each_shard_process_shows_again_only_its_own_servers_tables(
        fake_discord: FakeDiscordServer, tmp_path: Path) -> None:
    server = fake_discord
    world = dc.World(server, tmp_path / "games.sqlite3")
    await world.start()
    ann, bob = server.user("Ann"), server.user("Bob")
    guilds = [server.guild(f"On shard {n}", shard=(n, 2), members=[ann, bob]) for n in (0, 1, 1)]
    channels = [server.text_channel(guild, "games") for guild in guilds]
    tables = [await world.open_table(channel, ann, [bob]) for channel in channels]
    await world.start_game(channels[1], ann)
    rows = [await world.store.get_table(table) for table in tables]
    assert [row.server_id if row else None for row in rows] == [str(g.id) for g in guilds]
    await world.stop()
    with sqlite3.connect(world.db_path) as db:  # opened before the server was stored
        db.execute("UPDATE tables SET server_id = NULL WHERE id = ?", (tables[2],))

    drawn: dict[int, list[int]] = {0: [], 1: []}
    async with AsyncExitStack() as stack:
        bots = []
        for shard in (0, 1):
            store = await Store.open(world.db_path, synchronous="OFF")
            stack.push_async_callback(store.close)
            service = TableService(store, TR, computer_pause=0.0)
            bot = ShardedDiscordBot(service, store, TR, shard_ids=[shard], shard_count=2,
                                    clock=server.clock.time, now=server.clock.time,
                                    guild_ready_timeout=0.1)
            bot.resuming.show = recording(bot.resuming.show, drawn[shard])
            await stack.enter_async_context(run_client(server, bot))
            bots.append(bot)
        for bot in bots:
            assert await bot.resuming.wait(30), "the tables were not shown again"
            assert await bot.outbox.flush(30), "the outbox did not drain"
    assert sorted(set(drawn[0])) == [tables[0], tables[2]]
    assert sorted(set(drawn[1])) == [tables[1]]


def recording(show: Show, into: list[int]) -> Show:
    """`show`, noting the tables whose posts it was given."""
    def record(posts: Sequence[Post | Drop]) -> None:
        into.extend(post.place.table_id for post in posts)
        show(posts)
    return record


@pytest.mark.parametrize(("ids", "server", "serves"), [
    ((0,), str(0 << 22), True),
    ((0,), str(1 << 22), False),
    ((1,), str((5 << 22) + 123), True),  # shard (id >> 22) % count: 5 % 2
    ((0, 2), str(6 << 22), True),  # 6 % 4
    ((1,), None, False),  # a server not known: shard 0's process
    ((0,), None, True),
])
def test_a_shard_plan_serves_its_shards_servers(ids: tuple[int, ...], server: str | None,
                                                serves: bool) -> None:
    count = 4 if 2 in ids else 2
    assert ShardPlan(ids, count).serves(server) is serves


async def test_a_table_keeps_its_server_on_both_databases(database: Database) -> None:
    async with database.open() as store:
        opened = await store.create_table("discord", "55", "66", "hanabi", creator_id="u1",
                                          language="en", server_id="4194304")
        elsewhere = await store.create_table("telegram", "-100", None, "hanabi",
                                             creator_id="u1", language="en")
        [first, second] = await store.tables_in_status()
    assert (opened.server_id, first.server_id) == ("4194304", "4194304")
    assert elsewhere.server_id is None and second.server_id is None
