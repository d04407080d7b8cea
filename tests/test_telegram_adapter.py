"""The Telegram adapter end to end: the real aiogram dispatcher polling the fake Bot API
server, with a fake table service recording what reaches it."""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from pydantic import SecretStr

from bot import app
from bot.config import Settings
from bot.i18n import Translator
from bot.screens import ChatRef, Post, Reply, Result, UserRef
from bot.storage.store import Store
from bot.telegram import TelegramBot, run_telegram
from bot.telegram.render import keyboard
from fakes.telegram import FakeTelegramServer, FakeUser
from tests.telegram_helpers import FAST, RED, FakeService, board, new_table, screen

pytest_plugins = ["fakes.telegram.fixtures"]

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load()


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store.open(tmp_path / "games.sqlite3", synchronous="OFF") as opened:
        yield opened


@pytest.fixture
def service(store: Store) -> FakeService:
    return FakeService(store)


@pytest_asyncio.fixture
async def telegram(fake_telegram: FakeTelegramServer, service: FakeService, store: Store,
                   translator: Translator) -> AsyncIterator[TelegramBot]:
    bot = TelegramBot(service, store, translator, token=fake_telegram.token,
                      api_server=fake_telegram.base_url, limits=FAST, polling_timeout=1)
    await bot.start()
    await fake_telegram.wait_until(lambda: fake_telegram.poll_count > 0)
    yield bot
    await bot.stop(flush_timeout=2)


def ref(user: FakeUser) -> UserRef:
    return UserRef(str(user.id), user.first_name, user.language_code)


async def test_start_up_registers_links_commands_and_resumes(
    fake_telegram: FakeTelegramServer, service: FakeService, store: Store,
    translator: Translator,
) -> None:
    group = fake_telegram.group("Club")
    table = await new_table(store, group.id)
    service.resume_posts = (Post(board(table, group.id), screen("resumed board", RED)),)
    bot = TelegramBot(service, store, translator, token=fake_telegram.token,
                      api_server=fake_telegram.base_url, limits=FAST, polling_timeout=1,
                      default_language="ru")
    await bot.start()
    try:
        assert bot.username == "fake_game_bot" and service.platforms == ["telegram"]
        assert service.deep_link is not None
        assert service.deep_link("abc") == "https://t.me/fake_game_bot?start=abc"
        default = fake_telegram.commands_for(None)
        assert [c["command"] for c in default] == list(FakeService.COMMANDS)
        assert default[0]["description"] == "newgame in ru"
        for lang in ("en", "ru", "pl"):
            assert fake_telegram.commands_for(None, lang)[1]["description"] == f"games in {lang}"
        assert bot.resuming is not None and await bot.resuming.wait(30)  # (beside updates)
        assert service.of("resume") == [("resume", "telegram")]
    finally:
        await bot.stop(flush_timeout=2)  # stopping delivers what was queued
    assert [m.caption for m in group.bot_messages] == ["resumed board"]
    assert fake_telegram.allowed_updates is not None
    assert {"message", "callback_query"} <= set(fake_telegram.allowed_updates)


async def test_group_command_reaches_the_service(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService
) -> None:
    alice = fake_telegram.user("Alice", last_name="Liddell", language_code="pl")
    group = fake_telegram.supergroup("Club", owner=alice)
    service.command_result = Result(message=screen("Lobby is open", None, ("Join", "j:1")))
    service.ask_admin = True
    alice.send(group, "/newgame lanterns fast")
    [call] = await fake_telegram.wait_for("sendMessage", chat_id=group)
    [(_, chat, user, name, args)] = service.of("command")
    assert chat == ChatRef("telegram", str(group.id), None, private=False, title="Club")
    assert user == UserRef(str(alice.id), "Alice Liddell", "pl")
    assert (name, args) == ("newgame", "lanterns fast")
    assert call.params["text"] == "Lobby is open"
    assert group.last_message(from_bot=True).button_texts == [["Join"]]
    assert service.admin_answers == [True, True]
    assert len(fake_telegram.calls_of("getChatMember")) == 1


async def test_commands_addressed_to_us_or_others(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService
) -> None:
    bob = fake_telegram.user("Bob")
    group = fake_telegram.group()
    bob.send(group, "/newgame@otherbot lanterns")
    bob.send(group, "hello everyone")
    bob.send(group, "/games@Fake_Game_Bot")
    bob.send(group, "/unknown")
    await fake_telegram.wait_idle(quiet=0.2)
    assert [(c[3], c[4]) for c in service.of("command")] == [("games", "")]
    service.ask_admin = True
    bob.send(group, "/cancel")
    await fake_telegram.wait_until(lambda: len(service.admin_answers) == 2)
    assert service.admin_answers == [False, False]  # a plain member


async def test_private_and_topic_commands(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService
) -> None:
    carol = fake_telegram.user("Carol", language_code=None)
    forum = fake_telegram.forum("Forum", topics=["Lanterns"])
    thread = forum.topic("Lanterns")
    service.command_result = Result(message=screen("answer"))
    carol.send(forum, "/rules lanterns", thread_id=thread)
    await fake_telegram.wait_for("sendMessage", chat_id=forum)
    carol.send(None, "/help")
    await fake_telegram.wait_for("sendMessage", chat_id=carol.id)
    [(_, topic, user, *_), (_, private, *_)] = service.of("command")
    assert topic == ChatRef("telegram", str(forum.id), str(thread), title="Forum")
    assert user.language is None
    assert private == ChatRef("telegram", str(carol.id), None, private=True)
    assert forum.last_message(from_bot=True).thread_id == thread


async def test_deep_link_start_is_forwarded(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService
) -> None:
    dave = fake_telegram.user("Dave")
    group = fake_telegram.group()
    service.start_result = Result(message=screen("Welcome!"))
    dave.start_private("tok_123-AB")
    await fake_telegram.wait_for("sendMessage", chat_id=dave.id)
    dave.start_private()
    await fake_telegram.wait_for("sendMessage", chat_id=dave.id)
    assert service.of("private_start") == [
        ("private_start", "telegram", ref(dave), str(dave.id), "tok_123-AB"),
        ("private_start", "telegram", ref(dave), str(dave.id), None),
    ]
    assert [m.text for m in dave.private_chat.bot_messages] == ["Welcome!", "Welcome!"]
    dave.send(group, "/start")  # in a group, /start is help
    await fake_telegram.wait_idle(quiet=0.1)
    assert service.of("command")[-1][3] == "help"


async def test_presses_are_answered_with_the_reply_and_posts_follow(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService,
    store: Store,
) -> None:
    erin = fake_telegram.user("Erin")
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    telegram.outbox.post(Post(board(table, group.id), screen("board", RED, ("Go", "t:1:go"))))
    assert await telegram.outbox.flush(2)
    message = group.bot_messages[0]
    service.press_result = Result(
        reply=Reply("Moved!", alert=True),
        posts=(Post(board(table, group.id), screen("board after", RED, ("Go", "t:1:go2"))),),
    )
    query = erin.press(message, "t:1:go")
    [answer] = await fake_telegram.wait_for("answerCallbackQuery")
    assert answer.params["callback_query_id"] == query
    assert (answer.params["text"], answer.params["show_alert"]) == ("Moved!", True)
    await fake_telegram.wait_until(lambda: message.caption == "board after")
    [(_, chat, user, data)] = service.of("press")
    assert chat == ChatRef("telegram", str(group.id), None, title=group.title or "")
    assert (user, data) == (ref(erin), "t:1:go")

    service.press_result = Result(reply=Reply(url="https://t.me/fake_game_bot?start=x"))
    erin.press(message, "t:1:go2")
    [answer] = await fake_telegram.wait_for("answerCallbackQuery")
    assert answer.params["url"] == "https://t.me/fake_game_bot?start=x"
    await fake_telegram.wait_idle(quiet=0.1)
    fake_telegram.assert_callbacks_answered()


async def test_a_slow_press_is_answered_before_its_work_is_done(
    fake_telegram: FakeTelegramServer, service: FakeService, store: Store,
    translator: Translator,
) -> None:
    telegram = TelegramBot(service, store, translator, token=fake_telegram.token,
                           api_server=fake_telegram.base_url, limits=FAST, polling_timeout=1,
                           working_after=0)  # "⏳" as soon as the service starts the work
    await telegram.start()
    erin = fake_telegram.user("Erin", language_code="pl")
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    telegram.outbox.post(Post(board(table, group.id), screen("board", RED, ("Go", "t:1:go"))))
    assert await telegram.outbox.flush(2)
    message = group.bot_messages[0]
    service.work = asyncio.Event()  # the simulation runs until the test sets this
    service.press_result = Result(
        posts=(Post(board(table, group.id), screen("board after", RED)),))
    mark = fake_telegram.mark()
    query = erin.press(message, "t:1:go")
    [answer] = await fake_telegram.wait_for("answerCallbackQuery", since=mark)
    assert answer.params["callback_query_id"] == query
    assert answer.params["text"] == translator.t("pl", "tg-press-working")
    assert message.caption == "board" and fake_telegram.calls_of(
        "editMessageCaption", since=mark) == []
    service.work.set()  # the work is done: the board follows, and no second answer
    await fake_telegram.wait_until(lambda: message.caption == "board after")
    await telegram.stop(flush_timeout=2)
    fake_telegram.assert_callbacks_answered()


async def test_every_press_is_answered_once_even_when_the_service_fails(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService,
    translator: Translator,
) -> None:
    frank = fake_telegram.user("Frank", language_code="ru")
    group = fake_telegram.group()
    buttons = keyboard(screen("x", None, ("A", "a"), ("B", "b")).buttons)
    sent = await telegram.bot.send_message(group.id, "buttons", reply_markup=buttons)
    message = group.message(sent.message_id)
    service.fail_with = RuntimeError("boom")
    frank.press(message, "a")
    [answer] = await fake_telegram.wait_for("answerCallbackQuery")
    assert answer.params["text"] == translator.t("ru", "bot-error-internal")
    assert answer.params["show_alert"] is True

    service.fail_with = None
    service.press_result = Result()  # nothing to say: still answered, empty
    frank.press(message, "b")
    frank.press(message, "never-drawn", force=True)
    await fake_telegram.wait_for("answerCallbackQuery", count=2)
    await fake_telegram.wait_idle(quiet=0.1)
    fake_telegram.assert_callbacks_answered()
    assert len(fake_telegram.callbacks) == 3


async def test_failing_command_says_so_in_the_chat(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService,
    translator: Translator, caplog: pytest.LogCaptureFixture,
) -> None:
    gina = fake_telegram.user("Gina", language_code="pl")
    group = fake_telegram.group()
    service.fail_with = ValueError("secret hand: 3 red")
    gina.send(group, "/leave")
    [call] = await fake_telegram.wait_for("sendMessage", chat_id=group)
    assert call.params["text"] == translator.t("pl", "bot-error-internal")
    assert "command failed" in caplog.text and "secret hand" not in caplog.text


async def test_group_migration_message_moves_the_tables(
    fake_telegram: FakeTelegramServer, telegram: TelegramBot, service: FakeService,
    store: Store,
) -> None:
    hank = fake_telegram.user("Hank")
    group = fake_telegram.group("Growing", owner=hank)
    table = await new_table(store, group.id)
    supergroup = group.migrate_to_supergroup()
    await fake_telegram.wait_until(lambda: service.of("chat_migrated"))
    assert service.of("chat_migrated") == [
        ("chat_migrated", "telegram", str(group.id), str(supergroup.id))]
    row = await store.get_table(table)
    assert row is not None and row.chat_id == str(supergroup.id)
    # A post the service still addresses to the old group lands in the new one.
    telegram.outbox.post(Post(board(table, group.id), screen("board")))
    assert await telegram.outbox.flush(2)
    assert [m.text for m in supergroup.bot_messages] == ["board"]


def settings_for(server: FakeTelegramServer, tmp_path: Path) -> Settings:
    return Settings(_env_file=None, telegram_bot_token=server.token,  # type: ignore[call-arg]
                    telegram_api_server=server.base_url, database_path=tmp_path / "run.sqlite3")


async def test_run_telegram_serves_until_stopped(
    fake_telegram: FakeTelegramServer, service: FakeService, store: Store,
    translator: Translator, tmp_path: Path,
) -> None:
    ivy = fake_telegram.user("Ivy")
    group = fake_telegram.group()
    stop = asyncio.Event()
    running = asyncio.create_task(run_telegram(
        settings_for(fake_telegram, tmp_path), service, store=store, translator=translator,
        stop_event=stop))
    await fake_telegram.wait_until(lambda: fake_telegram.poll_count > 0)
    service.command_result = Result(message=screen("Games: lanterns"))
    ivy.send(group, "/games")
    await fake_telegram.wait_for("sendMessage", chat_id=group)
    stop.set()
    await asyncio.wait_for(running, 30)
    assert [c[3] for c in service.of("command")] == ["games"]


async def test_app_run_wires_store_service_and_telegram(
    fake_telegram: FakeTelegramServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # bot.tables is the lead's; a stand-in module with the same constructor proves the wiring.
    built: list[FakeService] = []

    class StandIn(FakeService):
        def __init__(self, store: Store, translator: Translator, *,
                     default_language: str = "en", computer_pause: float = 1.5,
                     lobby_timeout: float = 1800) -> None:
            super().__init__(store)
            built.append(self)

    module = types.ModuleType("bot.tables")
    module.TableService = StandIn  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.tables", module)
    jack = fake_telegram.user("Jack")
    stop = asyncio.Event()
    running = asyncio.create_task(app.run(settings_for(fake_telegram, tmp_path),
                                          stop_event=stop))
    await fake_telegram.wait_until(lambda: fake_telegram.poll_count > 0)
    jack.start_private("payload")
    await fake_telegram.wait_until(lambda: built and built[0].of("private_start"))
    stop.set()
    assert await asyncio.wait_for(running, 30) == 0
    assert (tmp_path / "run.sqlite3").exists()
    assert built[0].show is not None  # computer moves reach the outbox without a press
    assert not built[0].scheduler.running  # started with the platforms, stopped with them


async def test_app_run_reports_a_refused_token(tmp_path: Path, fake_telegram: FakeTelegramServer,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("bot.tables")
    module.TableService = lambda store, translator, **_: FakeService(store)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.tables", module)
    settings = settings_for(fake_telegram, tmp_path).model_copy(
        update={"telegram_bot_token": SecretStr("42:wrong")})
    assert await asyncio.wait_for(app.run(settings), 120) == 1  # the timeout: a hang guard only
