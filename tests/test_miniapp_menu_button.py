"""A player's menu button in their own language: the bot's menu button (the Mini App's list
of one's tables) is one for all private chats, in the default language; the Mini App's
outbox gives a player who chose another language a button of their own with their first
private panel, once, and drops it for the bot's when they go back. Against the fake Bot
API server, through the real aiogram client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiogram import Bot

from bot.i18n import Translator
from bot.screens import Place, Post, Role
from bot.storage.store import Store
from bot.telegram.miniapp import MiniAppOutbox, TelegramMiniApp
from fakes.telegram import FakeTelegramServer, FakeUser
from tests.telegram_helpers import FAST, RED, FakeService, board, new_table, screen

pytest_plugins = ["fakes.telegram.fixtures"]

pytestmark = pytest.mark.timeout(120)

WEBAPP_URL = "https://games.example.org/tg/"
TR = Translator.load()


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store.open(tmp_path / "games.sqlite3", synchronous="OFF") as opened:
        yield opened


@pytest_asyncio.fixture
async def outbox(fake_bot: Bot, store: Store) -> AsyncIterator[MiniAppOutbox]:
    miniapp = TelegramMiniApp("123:abc", WEBAPP_URL, TR, default_language="en")
    box = miniapp.outbox(fake_bot, store, FakeService(store), TR, limits=FAST)
    yield box
    await box.close()


def player(server: FakeTelegramServer, name: str, language: str | None = None) -> FakeUser:
    """A person who opened their private chat with the bot (it may write to them)."""
    user = server.user(name, language_code=language)
    user.start_private()
    return user


def panel(table: int, user_id: int, language: str) -> Post:
    place = Place(table, Role.PANEL, 0, str(user_id))
    return Post(place, screen(f"Your hand ({language})", RED), language=language)


async def show(outbox: MiniAppOutbox, *posts: Post) -> None:
    outbox.post(posts)
    assert await outbox.flush(5)


def menus(server: FakeTelegramServer) -> dict[str, Any]:
    return dict(server.bot_settings.get("setChatMenuButton", {}))


def menu_calls(server: FakeTelegramServer, since: int = 0) -> int:
    return sum(call.method == "setChatMenuButton" for call in server.calls[since:])


async def test_a_player_of_another_language_gets_their_own_button_once(
        fake_telegram: FakeTelegramServer, outbox: MiniAppOutbox, store: Store) -> None:
    ann, bob = player(fake_telegram, "Ann", "pl"), player(fake_telegram, "Bob")
    group = fake_telegram.group("Family", owner=ann, members=[bob])
    table = await new_table(store, group.id, language="pl")
    await show(outbox, Post(board(table, group.id), screen("Board", RED), language="pl"),
               panel(table, ann.id, "pl"), panel(table, bob.id, "en"))
    # Ann's private chat: her own button, in Polish, opening the same list of tables
    assert menus(fake_telegram) == {str(ann.id): {
        "type": "web_app", "text": TR.t("pl", "miniapp-menu-button"),
        "web_app": {"url": WEBAPP_URL}}}
    # Bob reads the default language: the bot's button is his; a group has none of its own
    mark = fake_telegram.mark()
    await show(outbox, Post(panel(table, ann.id, "pl").place, screen("Your turn", RED),
                            language="pl"))
    assert menu_calls(fake_telegram, mark) == 0  # once per chat and language
    assert len(ann.private_chat.bot_messages) == 1


async def test_back_to_the_default_language_the_bots_button_returns(
        fake_telegram: FakeTelegramServer, outbox: MiniAppOutbox, store: Store) -> None:
    ann = player(fake_telegram, "Ann", "ru")
    first, second, third = [await new_table(store, -100 - n) for n in range(3)]
    await show(outbox, panel(first, ann.id, "ru"))
    assert menus(fake_telegram)[str(ann.id)]["text"] == TR.t("ru", "miniapp-menu-button")
    await show(outbox, panel(second, ann.id, "en"))  # she chose English for her next game
    assert menus(fake_telegram)[str(ann.id)] == {"type": "default"}
    await show(outbox, panel(third, ann.id, "pl"))
    assert menus(fake_telegram)[str(ann.id)]["text"] == TR.t("pl", "miniapp-menu-button")
    assert menu_calls(fake_telegram) == 3


async def test_a_refused_button_never_costs_the_panel(
        fake_telegram: FakeTelegramServer, outbox: MiniAppOutbox, store: Store) -> None:
    """Telegram refusing the button (or failing for longer than the retries) leaves the
    bot's own button; the panel it came after is delivered once, and it is not asked
    again for each panel."""
    ann = player(fake_telegram, "Ann", "pl")
    table = await new_table(store, -100)
    fault = fake_telegram.inject_outage("setChatMenuButton", seconds=3600)
    await show(outbox, panel(table, ann.id, "pl"))
    assert fault.hits and menus(fake_telegram) == {}
    [delivered] = ann.private_chat.bot_messages
    assert delivered.caption == "Your hand (pl)"
    mark = fake_telegram.mark()
    await show(outbox, Post(panel(table, ann.id, "pl").place, screen("Your turn", RED),
                            language="pl"))
    assert menu_calls(fake_telegram, mark) == 0
    assert [m.caption for m in ann.private_chat.bot_messages] == ["Your turn"]
    assert outbox.counters.failures["panel"] == 0
