"""A person alone against computer players, end to end on both fake platforms through the
real aiogram and discord.py clients: the host adds computer players with the lobby's
buttons, starts, and plays Lanterns to the final ranking; half-way, the bot is stopped while
a computer turn is pending (its pause set long), restarted, and the turn fires once the
bot's clock reaches it — exactly once, and not before."""

from __future__ import annotations

import random

import pytest

from bot.computer_seats import COMPUTER_TURN
from fakes import discord_e2e as dc
from fakes import telegram_e2e as tg
from fakes.discord import FakeDiscordServer
from fakes.telegram import FakeTelegramServer

pytest_plugins = ["fakes.telegram.fixtures", "fakes.discord.fixtures",
                  "tests.e2e_worlds"]  # tg_world, dc_world

pytestmark = pytest.mark.timeout(180)
TR = tg.TR


async def hold_the_next_computer_turn(world: tg.World | dc.World, table: int, play) -> int:
    """Make computer players wait an hour, then play until one's turn is pending; returns
    the version it is pending at."""
    world.bot.service.computer_pause = 3600
    for _ in range(200):
        pending = await world.store.pending_work(table)
        if pending:
            [work] = pending
            assert work.kind == COMPUTER_TURN
            return work.version
        await play()
    raise AssertionError("no computer turn came")


async def restart_and_let_the_turn_fire(world: tg.World | dc.World, table: int,
                                        version: int) -> None:
    await world.restart()  # the new process has no pause of its own, but the row keeps its time
    assert await world.version(table) == version  # not fired before its time
    assert [w.version for w in await world.store.pending_work(table)] == [version]
    world.clock_offset = 3601  # an hour passes
    world.bot.service.scheduler.wake()
    await world.settle()
    assert await world.version(table) > version


async def play_to_end(world: tg.World | dc.World, table: int, play) -> None:
    for _ in range(2500):
        row = await world.store.get_table(table)
        if row.status != "playing":
            assert row.status == "finished"
            return
        await play()
    raise AssertionError("the game did not end")


async def test_telegram_alone_against_computer_players_with_a_restart(
        tg_world: tg.World, fake_telegram: FakeTelegramServer) -> None:
    world, server = tg_world, fake_telegram
    anna = server.user("Anna", language_code="en")
    group = server.supergroup("Solo night", owner=anna)
    await world.open_private(anna)
    [lobby] = await world.send(anna, group, "/newgame lanterns")
    for level in ("easy", "normal"):
        answer = await world.press(anna, lobby, tg.button_data(lobby, "computer"))
        assert not answer.alert
        table = (await world.table(group)).id
        answer = await world.press(anna, lobby, f"b:{table}:{level}")
        assert not answer.alert, answer
    assert "🤖 Easy" in tg.content(lobby) and "🤖 Normal" in tg.content(lobby)
    # no clock: the restart below lets an hour pass for the computer players only
    await world.press(anna, lobby, tg.button_data(lobby, "clock"))
    answer = await world.press(anna, lobby, f"k:{table}:0")
    assert not answer.alert and TR.t("en", "clock-off") in tg.content(lobby)
    board = await world.start_game(group, anna)
    rng = random.Random(5)

    async def play() -> None:
        """Anna presses once (the computer players' moves follow within the settle)."""
        data = tg.choose(tg.choices(anna), rng)
        answer = await world.press(anna, tg.panel(anna), data)
        assert not answer.alert, (answer, data, await world.version(table),
                                  await world.store.pending_work(table))

    for _ in range(12):
        await play()
    version = await hold_the_next_computer_turn(world, table, play)
    thinking = TR.t("en", "table-computer-thinking", player="X").replace("X", "")
    assert thinking in tg.content(board)
    await restart_and_let_the_turn_fire(world, table, version)
    await play_to_end(world, table, play)
    caption = tg.content(board)
    assert TR.t("en", "table-final-ranking") in caption
    assert "🤖 Easy" in caption and "🤖 Normal" in caption and "Anna" in caption
    # computer players get no private chat and no ping; the group holds only the board
    assert group.bot_messages == [board]
    assert not any(m.pinged for m in group.bot_messages if hasattr(m, "pinged"))


async def test_discord_alone_against_computer_players_with_a_restart(
        dc_world: dc.World, fake_discord: FakeDiscordServer) -> None:
    world, server = dc_world, fake_discord
    anna = server.user("Anna", locale="en-US")
    guild = server.guild("Solo night", owner=anna, members=[anna])
    channel = server.text_channel(guild, "games")
    table = await world.open_table(channel, anna, [])
    lobby = dc.lobby(channel)
    for level in ("normal", "easy"):
        record = await world.click(anna, dc.button(lobby, "computer"))  # the level choices
        assert not dc.notes(record)
        [add] = [c for c in dc.options(lobby)
                 if c.press.kind == "computer" and c.press.arg == level]
        record = await world.click(anna, add)
        assert dc.notes(record) and "🤖" in dc.notes(record)[0]
    # no clock: the restart below lets an hour pass for the computer players only
    await world.click(anna, dc.button(lobby, "clock"))
    [off] = [c for c in dc.options(lobby) if c.press.kind == "clock" and c.press.arg == "0"]
    await world.click(anna, off)
    assert TR.t("en", "clock-off") in lobby.content
    board = await world.start_game(channel, anna)
    rng = random.Random(6)

    async def play() -> None:
        """Anna presses once (the computer players' moves follow within the settle)."""
        if not dc.choices(anna):
            await world.click(anna, dc.button(dc.board(channel), "hand"))
        record = await world.click(anna, dc.choose(dc.choices(anna), rng))
        assert not dc.notes(record), dc.notes(record)

    for _ in range(12):
        await play()
    version = await hold_the_next_computer_turn(world, table, play)
    await restart_and_let_the_turn_fire(world, table, version)
    await play_to_end(world, table, play)
    board = dc.board(channel)
    assert TR.t("en", "table-final-ranking") in board.content
    assert "🤖 Easy" in board.content and "🤖 Normal" in board.content
