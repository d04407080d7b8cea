"""A table whose channel stops taking the bot's messages, and interactions that come late,
end to end: the real TableService and Store, the real discord.py client, the fake Discord
refusing what Discord refuses (fakes/discord)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.discord.pacing import InvalidRequests
from bot.silenced_tables import PAUSE
from bot.storage.rows import Status
from fakes.discord import FakeChannel, FakeDiscordServer, FakeUser, InteractionRecord
from fakes.discord_e2e import (
    TR,
    World,
    as_shown,
    board,
    button,
    lang_of,
    lobby,
    notes,
    panel,
    ping,
)

pytest_plugins = ["fakes.discord.fixtures"]

pytestmark = pytest.mark.timeout(180)

MANY = 60
"""Presses at a silenced table: each would have cost refused requests before."""


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscordServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_discord, tmp_path / "games.sqlite3")
    w.too_late: list[InteractionRecord] = []  # type: ignore[misc]
    await w.start()
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered(ignore=w.too_late)  # type: ignore[attr-defined]
    assert fake_discord.bucket_refusals() == []
    # (the fixture's teardown: no global 429, nowhere near the ban)


async def a_game(world: World) -> tuple[FakeChannel, list[FakeUser], int]:
    server = world.server
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob", locale="en-US")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    channel = server.text_channel(guild, "games")
    table = await world.open_table(channel, anna, [bob])
    await world.start_game(channel, anna)
    return channel, [anna, bob], table


async def deadlines(world: World, table: int) -> dict[str, float]:
    return {w.kind: w.due_at for w in await world.store.pending_work(table)}


async def press_hand(world: World, channel: FakeChannel, user: FakeUser) -> InteractionRecord:
    return await world.click(user, button(board(channel), "hand"))


def silenced_note(user: FakeUser, missing: str, until: float) -> str:
    return as_shown(user, TR.t(lang_of(user), "dc-table-silenced", permissions=missing,
                               ends=f"<t:{int(until)}:R>"))


async def test_send_messages_taken_away_pauses_the_table_until_it_comes_back(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    client = world.bot.client
    channel, players, table = await a_game(world)
    rng = random.Random(5)
    await world.play_move(channel, table, players, rng)
    before = await deadlines(world, table)
    assert any(kind.startswith("clock:") for kind in before)  # a turn clock runs

    channel.deny_bot("send_messages")
    invalid, mine = server.limits.invalid_requests, client.pacer.invalid.total
    old_ping = ping(channel)
    await world.play_move(channel, table, players, rng)  # its ping is refused: silenced
    assert ping(channel) is old_ping
    version = await world.version(table)
    [found] = await world.store.silenced_tables("discord")
    assert found.table_id == table and found.until == found.since + client.silences.timeout
    paused = await deadlines(world, table)
    assert paused and all(due > server.clock.time() + PAUSE / 2 for due in paused.values())

    for n in range(MANY):  # everyone keeps pressing: told why, nothing happens
        user = players[n % 2]
        record = await press_hand(world, channel, user)
        assert notes(record) == [silenced_note(user, "Send Messages", found.until)]
        assert record.ephemeral
    assert await world.version(table) == version
    refused = server.limits.invalid_requests - invalid
    assert refused <= 2, refused  # the first refusal, not one a press
    assert client.pacer.invalid.total - mine == refused  # the bot counts them as Discord does
    assert client.pacer.invalid.most_in_window < 100

    server.clock.advance(600)  # ten minutes with the permission gone
    channel.allow_bot("send_messages")
    pressed = server.clock.time()
    record = await press_hand(world, channel, players[0])
    answered = server.clock.time()
    assert not any("Send Messages" in note for note in notes(record))
    assert await world.store.silenced_tables("discord") == []
    back = await deadlines(world, table)
    assert back.keys() == paused.keys()
    for kind, due in back.items():  # given back, later by the pause (over ten minutes)
        later = due - (paused[kind] - PAUSE)
        assert pressed - found.since - 1e-3 <= later <= answered - found.since + 1e-3
        assert later >= 600
    assert ping(channel) not in (None, old_ping)  # the turn is announced afresh
    assert world.acting(channel, players)
    await world.play_move(channel, table, players, rng)  # and the game goes on
    assert await world.version(table) == version + 1


async def test_view_channel_taken_away_ends_the_table_after_the_timeout(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    client = world.bot.client
    channel, players, table = await a_game(world)
    rng = random.Random(6)
    channel.deny_bot("view_channel")
    invalid = server.limits.invalid_requests
    await world.play_move(channel, table, players, rng)  # its board edit is refused
    [found] = await world.store.silenced_tables("discord")
    for n in range(MANY):
        user = players[n % 2]
        record = await press_hand(world, channel, user)
        assert notes(record) == [silenced_note(user, "View Channel",
                                               found.until)]
    assert server.limits.invalid_requests - invalid <= 2
    await world.restart()  # a new process knows: nothing is sent there, presses are told
    client = world.bot.client
    record = await press_hand(world, channel, players[1])
    assert notes(record) == [silenced_note(players[1], "View Channel", found.until)]
    assert server.limits.invalid_requests - invalid <= 2
    record = await world.slash(players[0], channel, "newgame", game="lanterns")
    assert notes(record) == [silenced_note(players[0], "View Channel",
                                           found.until)]

    assert await client.silences.fire_due() == 0  # not yet
    server.clock.advance(client.silences.timeout)
    assert await client.silences.fire_due() == 1
    await world.settle()
    row = await world.store.get_table(table)
    assert row is not None and row.status not in (Status.LOBBY, Status.PLAYING)
    assert server.limits.invalid_requests - invalid <= 2  # its end sent nothing to the channel


async def test_a_table_another_process_resumed_is_shown_again(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """Processes share the store (DISCORD_SHARDS): a resumption found by another one is
    taken up on this one's next pass, and what it held back meanwhile is shown."""
    server = fake_discord
    client = world.bot.client
    channel, players, table = await a_game(world)
    rng = random.Random(8)
    channel.deny_bot("send_messages")
    old_ping = ping(channel)
    await world.play_move(channel, table, players, rng)  # its ping is refused: silenced
    assert ping(channel) is old_ping  # (the new one was refused)
    channel.allow_bot("send_messages")
    # the other process (whose shard has the guild) saw the permission back
    assert await world.store.speak_again(table, now=server.clock.time())
    client.outbox.post(await world.bot.service.current_posts(table))  # held back here
    await world.settle()
    assert ping(channel) is old_ping
    await client.silences.refresh()  # this process's next pass
    await world.settle()
    assert ping(channel) is not old_ping and ping(channel) is not None
    await world.play_move(channel, table, players, rng)  # and the game goes on


async def test_an_interaction_that_comes_late_is_deferred_before_anything_happens(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players, table = await a_game(world)
    version = await world.version(table)
    late = players[0]
    # the bot gets the press 3.5 s after it was made: even a deferral is too late, so
    # the person sees "interaction failed", and no move may happen
    record = late.click(board(channel), button(board(channel), "hand").custom_id)
    server.clock.advance(3.5)
    await world.settle()
    assert record.response is None
    world.too_late.append(record)  # type: ignore[attr-defined]
    # one 1.6 s late: deferred at once (before the service is asked), then answered
    acting = world.acting(channel, players)
    record = acting.click(board(channel), button(board(channel), "hand").custom_id)
    server.clock.advance(1.6)
    await world.settle()
    assert record.response_type in (5, 6) and record.acknowledged
    assert panel(acting) is not None
    assert await world.version(table) == version


async def test_newgame_under_a_long_rate_limit_opens_nothing(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    anna = server.user("Anna", locale="en-US")
    guild = server.guild("Game night", owner=anna, members=[anna])
    channel = server.text_channel(guild, "games")
    server.inject_rate_limit("send_message", channel=channel, retry_after=300)
    record = await world.slash(anna, channel, "newgame", game="lanterns")
    assert notes(record) == [as_shown(anna, TR.t("en", "dc-lobby-rate-limited"))]
    assert await world.store.active_table("discord", str(channel.id)) is None
    server.clock.advance(300)
    await world.open_table(channel, anna, [])  # not "a table is already open"
    assert lobby(channel) is not None


async def test_the_brake_holds_requests_while_too_many_were_invalid() -> None:
    """Whatever the cause, once `brake` invalid requests fall within 10 minutes, requests
    wait until the oldest of them leaves the window."""
    now = [1000.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:  # the wait passes on the injected clock
        slept.append(seconds)
        now[0] += seconds

    invalid = InvalidRequests(clock=lambda: now[0], brake=3)
    for step in (0.0, 100.0, 200.0):
        now[0] += step
        invalid.add()
    assert invalid.hold_for() == pytest.approx(1000.0 + 600 - now[0])  # the first's exit
    await invalid.brake_wait(sleep)
    assert slept == [pytest.approx(300.0)] and invalid.braked == 1
    assert invalid.hold_for() == 0.0 and invalid.total == 3 and invalid.most_in_window == 3
    await invalid.brake_wait(sleep)  # free again: no wait
    assert len(slept) == 1
