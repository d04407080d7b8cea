"""A press answered "⏳" whose work then fails or is refused: the person is told in their
private chat, once, in their language, and at once, not behind the kept messages queued to
that chat (which may be sitting out the very database outage that failed the press).

The real aiogram dispatcher polls the fake Bot API server; the service is a fake whose press
is accepted (`working()`: answered "⏳" at once, `working_after=0`) and then ends as the
test says; the store is SQLite, held locked by another connection for the outage."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.i18n import Translator
from bot.screens import ChatRef, Place, Post, Reply, Result, Role, UserRef
from bot.storage.store import Store
from bot.telegram import TelegramBot
from fakes.faults import Outage, outage_of
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser, MessageRecord
from tests.telegram_helpers import FAST, RED, FakeService, board, new_table, screen

pytest_plugins = ["fakes.telegram.fixtures"]
pytestmark = pytest.mark.timeout(60)

TR = Translator.load()


class AcceptedThen(FakeService):
    """A press is accepted (`working()`), its work waits for `work`, then it raises
    `fails_with` or returns `press_result`."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.work = asyncio.Event()
        self.fails_with: BaseException | None = None
        self.worked = 0  # presses whose work is over (what follows it takes no wait)

    async def press(self, chat: ChatRef, user: UserRef, data: str, *,
                    is_admin: Any = None, admin_of: Any = None,
                    working: Callable[[], None] | None = None) -> Result:
        self.calls.append(("press", chat, user, data))
        assert working is not None
        working()
        await self.work.wait()
        self.work.clear()  # the next press waits again
        self.worked += 1
        if self.fails_with is not None:
            raise self.fails_with
        return self.press_result


@pytest_asyncio.fixture
async def outage(tmp_path: Path) -> AsyncIterator[Outage]:
    async with outage_of("sqlite", tmp_path) as outage:
        yield outage


@pytest_asyncio.fixture
async def store(outage: Outage) -> AsyncIterator[Store]:
    opened = await outage.open(synchronous="OFF")
    yield opened
    outage.restore()
    await opened.close()


@pytest_asyncio.fixture
async def service(store: Store) -> AcceptedThen:
    return AcceptedThen(store)


@pytest_asyncio.fixture
async def telegram(fake_telegram: FakeTelegramServer, service: AcceptedThen, store: Store,
                   outage: Outage) -> AsyncIterator[TelegramBot]:
    bot = TelegramBot(service, store, TR, token=fake_telegram.token,
                      api_server=fake_telegram.base_url, limits=FAST, polling_timeout=1,
                      working_after=0, shared=False)  # "⏳" as soon as the work starts
    bot.outbox.health.first, bot.outbox.health.cap = 0.01, 0.05
    await bot.start()
    await fake_telegram.wait_until(lambda: fake_telegram.poll_count > 0)
    yield bot
    outage.restore()
    await bot.stop(flush_timeout=5)
    fake_telegram.assert_callbacks_answered()


async def a_board(telegram: TelegramBot, store: Store, group: FakeChat
                  ) -> tuple[int, MessageRecord]:
    table = await new_table(store, group.id)
    telegram.outbox.post(Post(board(table, group.id), screen("board", RED, ("Go", "t:1:go"))))
    assert await telegram.outbox.flush(5)
    return table, group.bot_messages[0]


def said(user: FakeUser, text: str) -> int:
    """How many messages of the bot in `user`'s private chat read `text`."""
    return sum((m.content or "") == text for m in user.private_chat.bot_messages)


async def early_answer(server: FakeTelegramServer, query: str) -> None:
    [answer] = await server.wait_for(lambda c: c.method == "answerCallbackQuery"
                                     and c.params.get("callback_query_id") == query,
                                     timeout=20)
    assert answer.ok and answer.params["text"] == TR.t("pl", "tg-press-working")


async def test_a_press_that_fails_after_its_early_answer_is_told_in_private_at_once(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: AcceptedThen,
    store: Store, outage: Outage,
) -> None:
    erin = fake_telegram.user("Erin", language_code="pl")
    erin.started = True  # she has opened her private chat with the bot
    group = fake_telegram.group()
    table, message = await a_board(telegram, store, group)

    outage.cut()
    # her panel goes out, and then cannot be recorded: her chat's lane sits out the outage
    panel = Place(table, Role.PANEL, 0, str(erin.id))
    telegram.outbox.post(Post(panel, screen("panel", RED)))
    await fake_telegram.wait_until(lambda: len(erin.private_chat.bot_messages) == 1
                                   and not telegram.outbox.health.up, 20)
    assert telegram.outbox.pending == 0

    query = erin.press(message, "t:1:go")
    await early_answer(fake_telegram, query)
    service.fails_with = sqlite3.OperationalError("database is locked")
    service.work.set()
    sorry = TR.t("pl", "bot-error-internal")
    await fake_telegram.wait_until(lambda: said(erin, sorry) == 1, 20)  # in the outage
    assert outage.is_cut and len(fake_telegram.answers_for(query)) == 1

    outage.restore()
    assert await telegram.outbox.flush(10)
    assert said(erin, sorry) == 1  # once
    assert [m.content for m in erin.private_chat.bot_messages] == ["panel", sorry]
    assert await store.get_message(table, Role.PANEL, 0) is not None  # recorded after all


async def test_a_refusal_after_the_early_answer_is_told_in_private(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: AcceptedThen,
    store: Store,
) -> None:
    erin = fake_telegram.user("Erin", language_code="pl")
    erin.started = True
    group = fake_telegram.group()
    _, message = await a_board(telegram, store, group)

    # another process moved first: the service's refusal, an alert, comes after the "⏳"
    service.press_result = Result(Reply(TR.t("pl", "bot-error-outdated"), alert=True))
    query = erin.press(message, "t:1:go")
    await early_answer(fake_telegram, query)
    service.work.set()
    await fake_telegram.wait_until(lambda: said(erin, TR.t("pl", "bot-error-outdated")) == 1,
                                   20)

    # a mere toast after the "⏳" is not worth a message
    service.press_result = Result(Reply("toast"))
    query = erin.press(message, "t:1:go")
    await early_answer(fake_telegram, query)
    service.work.set()
    await fake_telegram.wait_until(lambda: service.worked == 2, 20)
    assert await telegram.outbox.flush(5)
    await fake_telegram.wait_idle(quiet=0.1)
    assert [m.content for m in erin.private_chat.bot_messages] == [
        TR.t("pl", "bot-error-outdated")]
    assert all(len(fake_telegram.answers_for(q)) == 1 for q in fake_telegram.callbacks)
