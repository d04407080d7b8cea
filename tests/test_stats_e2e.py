"""/stats and /forgetme through the real adapters and the fake Telegram and Discord servers:
the leaderboard comes as a picture with its figures in the caption, /forgetme asks in the
private chat (and only there) and Yes forgets the person."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.screens import ChatRef
from engine.core import Standing
from fakes.discord import FakeDiscordServer
from fakes.discord_e2e import World as DiscordWorld
from fakes.discord_e2e import notes
from fakes.telegram import FakeTelegramServer
from fakes.telegram_e2e import TR, World, button_data, content
from tests.test_stats import keep_game

pytest_plugins = ["fakes.telegram.fixtures", "fakes.discord.fixtures"]

pytestmark = pytest.mark.timeout(180)


@pytest_asyncio.fixture
async def telegram(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_telegram.assert_callbacks_answered()


@pytest_asyncio.fixture
async def discord(fake_discord: FakeDiscordServer, tmp_path: Path
                  ) -> AsyncIterator[DiscordWorld]:
    w = DiscordWorld(fake_discord, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered()


async def seats_of(store, user_id: str) -> int:
    return await store._read(lambda tx: tx.scalar(
        "SELECT count(*) FROM seats WHERE user_id = :user", user=user_id))


async def test_telegram_stats_picture_and_forgetme(telegram: World,
                                                   fake_telegram: FakeTelegramServer):
    ann, bob = fake_telegram.user("Ann"), fake_telegram.user("Bob")
    group = fake_telegram.supergroup("Game night", owner=ann, members=[bob])
    chat = ChatRef("telegram", str(group.id), title="Game night")
    a, b = (str(ann.id), "Ann", None), (str(bob.id), "Bob", None)
    clock = SimpleNamespace(now=0.0)
    for first in (a, b, a):
        second = b if first is a else a
        await keep_game(telegram.store, clock, chat, "lanterns", [first, second],
                        (Standing(0, 1, 30), Standing(1, 2, 20)))

    [answer] = await telegram.send(bob, group, "/stats")
    assert answer.media is not None and answer.media.kind == "photo"
    assert answer.media.data is None or answer.media.data[:4] == b"\x89PNG"
    caption = content(answer)
    assert "Ann: 3 · 2 · 67%" in caption and "Bob: 3 · 1 · 33%" in caption

    [refusal] = await telegram.send(ann, group, "/forgetme")
    assert content(refusal) == TR.t("en", "forget-private-only")
    await telegram.open_private(ann)
    [question] = await telegram.send(ann, None, "/forgetme")
    assert content(question) == TR.t("en", "forget-ask")
    await telegram.press(ann, question, button_data(question, "forget"), text=TR.t(
        "en", "forget-yes"))
    assert content(question) == TR.t("en", "forget-done", seats=3)  # the question's place
    assert await seats_of(telegram.store, str(ann.id)) == 0
    assert await seats_of(telegram.store, str(bob.id)) == 3
    [after] = await telegram.send(bob, group, "/stats lanterns")
    assert "Ann" not in content(after) and TR.t("en", "stats-former-player") in content(after)


async def test_discord_stats_with_a_game_and_forgetme_in_a_dm(discord: DiscordWorld,
                                                              fake_discord: FakeDiscordServer):
    ann, bob = fake_discord.user("Ann"), fake_discord.user("Bob")
    guild = fake_discord.guild("Game night", owner=ann, members=[ann, bob])
    channel = fake_discord.text_channel(guild, "games")
    chat = ChatRef("discord", str(channel.id), title="#games (Game night)")
    a, b = (str(ann.id), "Ann", None), (str(bob.id), "Bob", None)
    clock = SimpleNamespace(now=0.0)
    await keep_game(discord.store, clock, chat, "lanterns", [a, b],
                    (Standing(0, 1, 30), Standing(1, 2, 20)))
    await keep_game(discord.store, clock, chat, "hanabi", [a, b],
                    (Standing(0, 1, 25), Standing(1, 1, 25)))

    record = await discord.slash(bob, channel, "stats", game="hanabi")
    [shown] = [m for m in record.messages if m.attachments]
    assert "2 players · base game: 1 · 25/25 · 25.0 · 1" in shown.content
    assert "Lanterns" not in shown.content

    record = await discord.slash(ann, None, "forgetme")
    [question] = record.messages
    assert TR.t("en", "forget-ask") in question.content
    yes = next(c for row in question.components for c in row["components"]
               if c.get("label") == TR.t("en", "forget-yes"))
    answer = await discord.click(ann, question, yes["custom_id"])
    assert any(TR.t("en", "forget-done", seats=2) in m.content for m in answer.messages) \
        or TR.t("en", "forget-done", seats=2) in question.content, notes(answer)
    assert await seats_of(discord.store, str(ann.id)) == 0
    assert await seats_of(discord.store, str(bob.id)) == 2
