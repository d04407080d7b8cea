"""Discord failing, through the real discord.py client against the fake Discord server
(fakes/discord): a rate limit of minutes on a table's channel (longer than discord.py
waits: it raises at once), 5xx on the channel's messages, and the gateway connection
dropped (down in the health registry until discord.py has resumed it).

While it lasts, presses are answered (interactions go through their own endpoints) and
moves applied; once it is over the channel shows the current board and turn, every move
was applied once, and every interaction was answered exactly once.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from fakes import discord_e2e as dc
from fakes.discord import FakeChannel, FakeDiscordServer, FakeUser
from fakes.faults import until

pytest_plugins = ["fakes.discord.fixtures"]
pytestmark = pytest.mark.timeout(180)
TR = dc.TR


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscordServer, tmp_path: Path) -> AsyncIterator[dc.World]:
    w = dc.World(fake_discord, tmp_path / "games.sqlite3")
    await w.start()
    outbox = w.bot.client.outbox
    outbox.health.first, outbox.health.cap = 0.01, 0.05  # the back-off, in test time
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered()


async def a_game(world: dc.World) -> tuple[int, FakeChannel, list[FakeUser]]:
    server = world.server
    anna = server.user("Anna", locale="en-US")
    boris = server.user("Boris", locale="en-US")
    guild = server.guild("Club", owner=anna, members=[anna, boris])
    channel = server.text_channel(guild, "games")
    table = await world.open_table(channel, anna, [boris])
    await world.start_game(channel, anna)
    return table, channel, [anna, boris]


def shows_current_turn(world: dc.World, channel: FakeChannel, players: list[FakeUser]) -> bool:
    acting = world.acting(channel, players)
    board = dc.board(channel)
    return not board.deleted and f"<@{acting.id}> to move" in board.content


async def test_a_rate_limit_of_minutes_on_the_channel_is_sat_out(world: dc.World) -> None:
    server = world.server
    table, channel, players = await a_game(world)
    rng = random.Random(3)
    await world.play_move(channel, table, players, rng)
    limited = server.inject_rate_limit(channel=channel, times=6, retry_after=300)
    await world.play_move(channel, table, players, rng)
    assert limited.remaining == 0  # every one of them met
    assert await world.version(table) == 2  # each move applied once
    assert shows_current_turn(world, channel, players)
    assert world.bot.client.outbox.health.up
    await world.play_move(channel, table, players, rng)
    assert shows_current_turn(world, channel, players)


async def test_server_errors_on_the_channel_are_sat_out(world: dc.World) -> None:
    server = world.server
    table, channel, players = await a_game(world)
    rng = random.Random(4)
    # discord.py retries 500, 502 and 504 itself (after seconds); a 503 it raises at once:
    # the lane tries again after its back-off, until Discord answers
    failing = server.inject_error(channel=channel, times=4, status=503,
                                  message="503: Service Unavailable")
    await world.play_move(channel, table, players, rng)
    assert failing.remaining == 0
    assert await world.version(table) == 1
    assert shows_current_turn(world, channel, players)
    assert world.bot.client.outbox.health.up


async def test_a_dropped_gateway_connection_is_resumed_and_seen_down_meanwhile(
        world: dc.World, caplog: pytest.LogCaptureFixture) -> None:
    server = world.server
    table, channel, players = await a_game(world)
    gateway = world.bot.client.gateway
    assert gateway.up
    await server.disconnect(4000)  # discord.py resumes by itself
    await until(lambda: "discord gateway failed (ConnectionError)" in caplog.text,
                what="the gateway seen down")
    await until(lambda: gateway.up, what="the gateway resumed")
    await world.play_move(channel, table, players, random.Random(5))  # interactions come
    assert await world.version(table) == 1 and gateway.up
