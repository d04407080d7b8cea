"""The owner's commands (bot/ops/owner.py) through the real aiogram client against the fake
Telegram: /botstatus and /closetable for an owner in private; for anyone else, or in a
group, the bot stays as silent as for any command it does not know."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.config import ConfigError, load_settings
from bot.ops import owner
from bot.ops.metrics import ErrorCounter
from bot.ops.owner import OwnerDesk, parse_owner_ids
from bot.storage.store import Status
from fakes.telegram import FakeTelegramServer
from fakes.telegram_e2e import TR, World, button_data, content, lobby

pytest_plugins = ["fakes.telegram.fixtures", "fakes.discord.fixtures"]

pytestmark = pytest.mark.timeout(180)


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()


@pytest.fixture
def desk_cleanup() -> Iterator[None]:
    yield
    owner.configure(None)


def test_owner_ids_are_read_per_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_owner_ids(" telegram:123, discord:456 ,telegram:7") == {
        "telegram": frozenset({"123", "7"}), "discord": frozenset({"456"})}
    assert parse_owner_ids("") == {}
    for bad in ("123", "matrix:1", "telegram:abc", "telegram:٣"):
        with pytest.raises(ValueError):
            parse_owner_ids(bad)
    monkeypatch.setenv("OWNER_IDS", "telegram:12x")
    with pytest.raises(ConfigError, match="OWNER_IDS"):
        load_settings(None)


async def test_owner_status_and_close_a_table(world: World, fake_telegram: FakeTelegramServer,
                                              desk_cleanup: None) -> None:
    server = fake_telegram
    boss = server.user("Olga", language_code="ru")
    host = server.user("Hugo")
    group = server.supergroup("Club", owner=host)
    errors = ErrorCounter(clock=lambda: 1000.0)
    for _ in range(2):
        errors.emit(logging.makeLogRecord({"name": "bot.x", "levelno": logging.ERROR}))
    now = [1000.0]
    owner.configure(OwnerDesk({"telegram": frozenset({str(boss.id)})}, world.bot.service,
                              errors=errors, clock=lambda: now[0]))
    now[0] += 3 * 3600 + 5 * 60 + 59
    await world.open_private(boss)
    await world.open_private(host)
    [first] = await world.send(host, group, "/newgame lanterns")
    assert lobby(group) is first
    table = await world.store.active_table("telegram", str(group.id), None)
    assert table is not None and table.status == Status.LOBBY

    [status] = await world.send(boss, None, "/botstatus")
    text = content(status)
    assert text.startswith("Состояние бота")
    assert "Работает: 0 д 3 ч 5 мин" in text
    assert "Столы: 1 ждут начала, 0 в игре" in text
    assert "Ошибок за последний час: 2" in text

    # closing: no id, an id of nothing, the lobby, then again
    [usage] = await world.send(boss, None, "/closetable")
    assert content(usage) == TR.t("ru", "owner-close-usage")
    [none] = await world.send(boss, None, "/closetable 99999")
    assert content(none) == TR.t("ru", "owner-close-none", id=99999)
    assert 99999 not in world.bot.service.core.locks  # nothing kept for a table that is not
    [done] = await world.send(boss, None, f"/closetable {table.id}")
    assert content(done) == TR.t("ru", "owner-close-done", id=table.id,
                                 game=TR.t("en", "game-lanterns"), chat="Club")
    closed = await world.store.get_table(table.id)
    assert closed is not None and closed.status == Status.CANCELLED
    assert TR.t("en", "bot-lobby-cancelled") in content(first)  # the group sees it
    assert not first.buttons
    [again] = await world.send(boss, None, f"/closetable {table.id}")
    assert content(again) == TR.t("ru", "owner-close-over", id=table.id)


async def test_a_game_closed_by_the_owner_says_why_on_its_board(
        world: World, fake_telegram: FakeTelegramServer, desk_cleanup: None) -> None:
    server = fake_telegram
    boss = server.user("Olga")
    host, guest = server.user("Hugo"), server.user("Gina")
    group = server.supergroup("Club", owner=host)
    owner.configure(OwnerDesk({"telegram": frozenset({str(boss.id)})}, world.bot.service))
    for person in (boss, host, guest):
        await world.open_private(person)
    await world.send(host, group, "/newgame lanterns")
    first = lobby(group)
    await world.press(guest, first, button_data(first, "join"))
    await world.press(host, first, button_data(first, "start"))
    table = await world.store.active_table("telegram", str(group.id), None)
    assert table is not None and table.status == Status.PLAYING
    await world.send(boss, None, f"/closetable {table.id}")
    closed = await world.store.get_table(table.id)
    assert closed is not None and closed.status == Status.CANCELLED
    reason = TR.t("en", "owner-close-reason")
    assert any(reason in content(m) for m in group.bot_messages)


async def test_strangers_and_groups_get_nothing(world: World, fake_telegram: FakeTelegramServer,
                                                desk_cleanup: None) -> None:
    server = fake_telegram
    boss, stranger = server.user("Olga"), server.user("Sam")
    group = server.supergroup("Club", owner=boss)
    owner.configure(OwnerDesk({"telegram": frozenset({str(boss.id)})}, world.bot.service))
    await world.open_private(stranger)
    await world.open_private(boss)
    # as for a command the bot does not know at all
    assert await world.send(stranger, None, "/nosuchcommand") == []
    assert await world.send(stranger, None, "/botstatus") == []
    assert await world.send(stranger, None, "/closetable 1") == []
    # the owner too, outside a private chat: nothing shown to the group
    assert await world.send(boss, group, "/botstatus") == []
    # nor in the command lists
    listed = {c["command"] for scope in server.commands.values() for c in scope}
    assert "newgame" in listed and not listed & {"botstatus", "closetable"}
    # no owners at all: the commands exist for nobody
    owner.configure(None)
    assert await world.send(boss, None, "/botstatus") == []


# --- Discord: the owner's DM to the bot, through discord.py against the fake Discord -----


@pytest_asyncio.fixture
async def discord_world(fake_discord, tmp_path: Path):
    from fakes.discord_e2e import World as DiscordWorld

    w = DiscordWorld(fake_discord, tmp_path / "discord.sqlite3")
    await w.start()
    yield w
    await w.stop()


async def test_discord_owner_asks_in_dms_and_strangers_get_nothing(
        discord_world, fake_discord, desk_cleanup: None) -> None:
    server = fake_discord
    boss = server.user("Olga", locale="en-US")
    host, guest, stranger = server.user("Hugo"), server.user("Gina"), server.user("Sam")
    guild = server.guild("Game night", owner=host, members=[host, guest, stranger])
    channel = server.text_channel(guild, "games")
    owner.configure(OwnerDesk({"discord": frozenset({str(boss.id)})},
                              discord_world.bot.service))
    table_id = await discord_world.open_table(channel, host, [guest])

    async def answers(user, text: str, count: int) -> list[str]:
        user.send(None, text)
        await server.wait_until(lambda: len(user.dm_channel.bot_messages) >= count,
                                timeout=20, message="the bot's answer in the DM")
        return [m.content for m in user.dm_channel.bot_messages]

    status = (await answers(boss, "/botstatus", 1))[-1]
    assert status.startswith("Bot status") and "Tables: 1 waiting to start, 0 being played" \
        in status
    done = (await answers(boss, f"!closetable {table_id}", 2))[-1]
    assert done == TR.t("en", "owner-close-done", id=table_id, game=TR.t("en", "game-lanterns"),
                        chat=(await discord_world.store.get_table(table_id)).title or "—")
    closed = await discord_world.store.get_table(table_id)
    assert closed is not None and closed.status == Status.CANCELLED

    # a stranger's DM: nothing, as for any other DM
    stranger.send(None, "/botstatus")
    await answers(boss, "/botstatus", 3)  # (answered after the stranger's was taken)
    assert stranger.dm_channel.bot_messages == []
    # nor in the slash commands
    listed = {c["name"] for c in server.commands}
    assert "newgame" in listed and not listed & {"botstatus", "closetable"}
