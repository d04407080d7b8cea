"""Tests of the fake Telegram Bot API server, driven by the real aiogram client.

A tiny router (``/start`` greeting with a button, a photo whose picture is
swapped with editMessageMedia, callback answers, an echo) runs under the real
``Dispatcher.start_polling`` against the fake server over HTTP on 127.0.0.1;
other tests call the Bot API directly to check Telegram's error behaviour
surfaces as the right aiogram exceptions.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio
from aiogram import Bot, Dispatcher, F, Router
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramConflictError,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllPrivateChats,
    BufferedInputFile,
    CallbackQuery,
    ChatMemberAdministrator,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
)
from PIL import Image

from fakes.telegram import (
    NOT_MODIFIED,
    ApiCall,
    FakeTelegramServer,
    SpacedRequests,
    WaitTimeout,
    format_text,
    make_bot,
    run_polling,
    utf16_slice,
)

pytest_plugins = ["fakes.telegram.fixtures"]
pytestmark = pytest.mark.timeout(180)


@pytest_asyncio.fixture
async def fake_bot(fake_telegram: FakeTelegramServer) -> AsyncIterator[Bot]:
    """The fake's own tests send as a bot that keeps to Telegram's budgets: a request every
    3 s on the fake's clock (which that wait moves on)."""
    bot = make_bot(fake_telegram)
    bot.session.middleware(SpacedRequests(fake_telegram.clock.sleep))  # type: ignore[attr-defined]
    try:
        yield bot
    finally:
        await bot.session.close()

RED = (255, 0, 0)
BLUE = (0, 0, 255)


def png(color: tuple[int, int, int], size: tuple[int, int] = (64, 48)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format="PNG")
    return buffer.getvalue()


def gif(color: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    frames = [Image.new("RGB", (32, 32), color), Image.new("RGB", (32, 32), (0, 0, 0))]
    frames[0].save(buffer, format="GIF", save_all=True, append_images=frames[1:], duration=100)
    return buffer.getvalue()


def keyboard(*buttons: tuple[str, str]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text=text, callback_data=data)] for text, data in buttons
        ]
    )


def make_router() -> Router:
    """The bot under test: greeting, a photo that changes colour, an echo."""
    router = Router()

    @router.message(CommandStart())
    async def start(message: Message, command: CommandObject) -> None:
        assert message.from_user is not None
        await message.answer(
            f"Hello, {message.from_user.first_name}! payload={command.args}",
            reply_markup=keyboard(("Show picture", "pic")),
        )

    @router.callback_query(F.data == "pic")
    async def show_picture(query: CallbackQuery) -> None:
        assert isinstance(query.message, Message)
        await query.message.answer_photo(
            BufferedInputFile(png(RED), "red.png"),
            caption="<b>Red</b>",
            parse_mode="HTML",
            reply_markup=keyboard(("Next", "next")),
        )
        await query.answer()

    @router.callback_query(F.data == "next")
    async def next_picture(query: CallbackQuery) -> None:
        assert isinstance(query.message, Message)
        await query.message.edit_media(
            InputMediaPhoto(media=BufferedInputFile(png(BLUE), "blue.png"), caption="Blue"),
            reply_markup=keyboard(("Next", "next")),
        )
        await query.answer("Changed")

    @router.message(Command("topic"))
    async def topic(message: Message) -> None:
        await message.answer(f"thread={message.message_thread_id}")

    @router.message(F.text & ~F.text.startswith("/"))
    async def echo(message: Message) -> None:
        await message.answer(message.text or "")

    return router


def dispatcher() -> Dispatcher:
    dp = Dispatcher()
    dp.include_router(make_router())
    return dp


# ------------------------------------------------------------------ full flows


async def test_private_flow_with_photo_edit_and_callbacks(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice = server.user("Alice", username="alice")
    chat = alice.private_chat

    async with run_polling(server, dispatcher(), fake_bot):
        alice.start_private("ref42")
        [reply] = await server.wait_for("sendMessage", chat_id=chat)
        greeting = chat.last_message(from_bot=True)
        assert greeting is reply.record
        assert greeting.text == "Hello, Alice! payload=ref42"
        assert greeting.button_texts == [["Show picture"]]

        first_query = alice.press(greeting, "pic")
        [photo_call] = await server.wait_for("sendPhoto")
        await server.wait_for("answerCallbackQuery")
        photo = chat.last_message(from_bot=True)
        assert photo is photo_call.record
        assert photo_call.file("photo").filename == "red.png"
        assert photo.image().getpixel((0, 0)) == RED
        assert photo.caption == "Red"
        assert photo.caption_entities == [{"type": "bold", "offset": 0, "length": 3}]
        assert photo.to_api()["photo"][-1]["width"] == 64

        second_query = alice.press(photo, text="Next")
        [edit] = await server.wait_for("editMessageMedia")
        await server.wait_for("answerCallbackQuery")
        assert edit.ok and edit.record is photo
        assert edit.file("media").filename == "blue.png"
        assert photo.image().getpixel((0, 0)) == BLUE
        assert photo.caption == "Blue" and photo.caption_entities == []
        assert photo.edits == 1 and photo.history[0].media is not None
        assert photo.history[0].media.image().getpixel((0, 0)) == RED
        assert photo.edit_date is not None

    assert [call.params.get("text") for call in server.answers_for(second_query)] == ["Changed"]
    assert len(server.answers_for(first_query)) == 1
    server.assert_callbacks_answered()
    assert set(server.allowed_updates or []) == {"message", "callback_query"}
    assert not server.pending_updates
    assert [m.from_bot for m in chat.messages] == [False, True, True]
    assert server.messages[chat.id][photo.message_id] is photo


async def test_group_commands_with_bot_mention_and_echo(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice, bob = server.user("Alice"), server.user("Bob")
    group = server.supergroup("Game night", owner=alice, members=[bob])

    async with run_polling(server, dispatcher(), fake_bot):
        sent = bob.send(group, "/start@fake_game_bot")
        assert sent.entities == [{"type": "bot_command", "offset": 0, "length": 20}]
        [reply] = await server.wait_for("sendMessage", chat_id=group)
        assert reply.record is not None and reply.record.text == "Hello, Bob! payload=None"
        assert reply.params["chat_id"] == group.id

        mark = server.mark()
        bob.send(group, "/start@some_other_bot")
        await server.wait_idle()
        assert server.calls_of("sendMessage", since=mark) == []

        alice.send(group, "good luck 🎲")
        [echo] = await server.wait_for("sendMessage")
        assert echo.params["text"] == "good luck 🎲"
        assert group.last_message().text == "good luck 🎲"


async def test_forum_topics(fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    forum = server.forum("Board games", topics=["Lobby", "Table 1"], owner=alice)
    table = forum.topic("Table 1")

    async with run_polling(server, dispatcher(), fake_bot):
        alice.send(forum, "/topic", thread_id=table)
        [reply] = await server.wait_for("sendMessage")
        assert reply.record is not None and reply.record.text == f"thread={table}"

    sent = await fake_bot.send_message(forum.id, "hi", message_thread_id=table)
    assert sent.message_thread_id == table and sent.is_topic_message
    with pytest.raises(TelegramBadRequest, match="message thread not found"):
        await fake_bot.send_message(forum.id, "hi", message_thread_id=9999)
    created = await fake_bot.send_message(forum.id, "general")
    assert created.message_thread_id is None


async def test_privacy_mode_filters_group_chatter() -> None:
    async with FakeTelegramServer(privacy_mode=True) as server:
        alice = server.user("Alice")
        group = server.group("Chatty", owner=alice)
        alice.send(group, "just chatting")
        command = alice.send(group, "/start")
        assert [u["message"]["text"] for u in server.updates] == ["/start"]
        assert command.update_id == server.updates[0]["update_id"]


# ------------------------------------------------------------- long polling


async def test_long_polling_offset_timeout_and_allowed_updates(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    loop = asyncio.get_running_loop()

    # The poll would hold for 50 s: it must return on the message, long before the 30 s guard.
    poll = asyncio.create_task(fake_bot.get_updates(timeout=50))
    await server.wait_until(lambda: server.poll_count == 1)
    alice.send(None, "hello")
    updates = await asyncio.wait_for(poll, 30)
    assert [u.message.text for u in updates if u.message] == ["hello"]

    started = loop.time()
    assert await fake_bot.get_updates(offset=updates[-1].update_id + 1, timeout=1) == []
    assert loop.time() - started >= 0.9
    assert server.pending_updates == []

    menu = await fake_bot.send_message(alice.id, "menu", reply_markup=keyboard(("A", "a")))
    alice.press(alice.private_chat.message(menu.message_id), "a")
    alice.send(None, "after")
    only_messages = await fake_bot.get_updates(allowed_updates=["message"], timeout=0)
    assert [u.message.text for u in only_messages if u.message] == ["after"]
    assert [u.get("callback_query", {}).get("data") for u in server.dropped_updates] == ["a"]

    alice.send(None, "one")
    alice.send(None, "two")
    last = await fake_bot.get_updates(offset=-1)
    assert [u.message.text for u in last if u.message] == ["two"]


async def test_second_poller_conflicts(fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    first = asyncio.create_task(fake_bot.get_updates(timeout=5))
    await fake_telegram.wait_until(lambda: fake_telegram.poll_count == 1)
    second = asyncio.create_task(fake_bot.get_updates(timeout=0))
    with pytest.raises(TelegramConflictError, match="terminated by other getUpdates request"):
        await first
    assert await second == []


# -------------------------------------------------------------------- errors


async def test_not_modified_and_missing_messages(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    alice = fake_telegram.user("Alice")
    alice.start_private()
    markup = keyboard(("Go", "go"))
    sent = await fake_bot.send_message(alice.id, "Score: 1", reply_markup=markup)
    record = alice.private_chat.message(sent.message_id)
    assert sent.reply_markup is not None
    assert sent.reply_markup.model_dump() == markup.model_dump()

    with pytest.raises(TelegramBadRequest) as error:
        await fake_bot.edit_message_text(
            "Score: 1", chat_id=alice.id, message_id=sent.message_id, reply_markup=markup
        )
    assert error.value.message == f"Bad Request: {NOT_MODIFIED}"

    # Like Telegram, an edit without reply_markup removes the keyboard.
    await fake_bot.edit_message_text("Score: 1", chat_id=alice.id, message_id=sent.message_id)
    assert record.reply_markup is None and record.edits == 1
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await fake_bot.edit_message_reply_markup(chat_id=alice.id, message_id=sent.message_id)

    assert await fake_bot.delete_message(alice.id, sent.message_id)
    assert record.deleted and record not in alice.private_chat.messages
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await fake_bot.delete_message(alice.id, sent.message_id)
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await fake_bot.edit_message_text("x", chat_id=alice.id, message_id=sent.message_id)
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await fake_bot.edit_message_text("x", chat_id=alice.id, message_id=12345)

    photo = await fake_bot.send_photo(alice.id, BufferedInputFile(png(RED), "r.png"), caption="c")
    with pytest.raises(TelegramBadRequest, match="there is no text in the message to edit"):
        await fake_bot.edit_message_text("x", chat_id=alice.id, message_id=photo.message_id)
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await fake_bot.edit_message_caption(
            chat_id=alice.id, message_id=photo.message_id, caption="c"
        )
    mine = alice.send(None, "people's messages can't be edited by the bot")
    with pytest.raises(TelegramBadRequest, match="message can't be edited"):
        await fake_bot.edit_message_text("x", chat_id=alice.id, message_id=mine.message_id)


async def test_forbidden_private_chats(fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    server = fake_telegram
    alice = server.user("Alice")

    with pytest.raises(TelegramForbiddenError) as error:
        await fake_bot.send_message(alice.id, "hi")
    assert error.value.message == "Forbidden: bot can't initiate conversation with a user"
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await fake_bot.send_message(987654321, "hi")

    alice.start_private()
    await fake_bot.send_message(alice.id, "hi")

    alice.block_bot()
    with pytest.raises(TelegramForbiddenError) as error:
        await fake_bot.send_message(alice.id, "hi again")
    assert error.value.message == "Forbidden: bot was blocked by the user"
    blocked = server.updates[-1]["my_chat_member"]
    assert blocked["new_chat_member"]["status"] == "kicked"
    assert blocked["old_chat_member"]["status"] == "member"

    alice.start_private()
    assert server.updates[-2]["my_chat_member"]["new_chat_member"]["status"] == "member"
    await fake_bot.send_message(alice.id, "welcome back")

    alice.deactivate()
    with pytest.raises(TelegramForbiddenError, match="user is deactivated"):
        await fake_bot.send_message(alice.id, "?")


async def test_group_bot_removed(fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    alice = fake_telegram.user("Alice")
    group = fake_telegram.supergroup("Club", owner=alice)
    group.remove_bot(by=alice)
    with pytest.raises(TelegramForbiddenError) as error:
        await fake_bot.send_message(group.id, "hi")
    assert error.value.message == "Forbidden: bot was kicked from the supergroup chat"


async def test_flood_control_and_injected_errors(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    alice.start_private()
    group = server.group("Busy", owner=alice)

    fault = server.inject_flood("sendMessage", times=2, retry_after=3)
    for _ in range(2):
        with pytest.raises(TelegramRetryAfter) as error:
            await fake_bot.send_message(alice.id, "spam")
        assert error.value.retry_after == 3
        assert "Too Many Requests: retry after 3" in error.value.message
    await fake_bot.send_message(alice.id, "finally")
    assert len(fault.hits) == 2 and fault.remaining == 0
    assert [c.status for c in server.calls_of("sendMessage")] == [429, 429, 200]

    server.inject_flood(chat_id=group, retry_after=1)
    await fake_bot.send_message(alice.id, "other chats are fine")
    with pytest.raises(TelegramRetryAfter):
        await fake_bot.send_chat_action(group.id, "typing")
    assert await fake_bot.send_chat_action(group.id, "typing")

    server.inject_error("editMessageText", status=400, description="Bad Request: boom")
    sent = await fake_bot.send_message(alice.id, "x")
    with pytest.raises(TelegramBadRequest, match="boom"):
        await fake_bot.edit_message_text("y", chat_id=alice.id, message_id=sent.message_id)


async def test_group_migrated_to_supergroup(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    alice = fake_telegram.user("Alice")
    group = fake_telegram.group("Old group", owner=alice)
    supergroup = group.migrate_to_supergroup()

    with pytest.raises(TelegramMigrateToChat) as error:
        await fake_bot.send_message(group.id, "hi")
    assert error.value.migrate_to_chat_id == supergroup.id
    sent = await fake_bot.send_message(supergroup.id, "hi")
    assert sent.chat.type == "supergroup" and str(supergroup.id).startswith("-100")
    kinds = [
        next(k for k in u["message"] if k.startswith("migrate")) for u in fake_telegram.updates
    ]
    assert kinds == ["migrate_to_chat_id", "migrate_from_chat_id"]


async def test_callbacks_must_be_answered_once(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    alice.start_private()
    sent = await fake_bot.send_message(alice.id, "pick", reply_markup=keyboard(("One", "1")))
    record = alice.private_chat.message(sent.message_id)

    with pytest.raises(ValueError, match="no button"):
        alice.press(record, "2")
    query_id = alice.press(record, text="One")
    assert server.updates[-1]["callback_query"]["message"]["message_id"] == sent.message_id
    assert await fake_bot.answer_callback_query(query_id, text="ok")
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await fake_bot.answer_callback_query(query_id)
    assert len(server.answers_for(query_id)) == 2
    with pytest.raises(AssertionError, match="not answered exactly once"):
        server.assert_callbacks_answered()
    with pytest.raises(TelegramBadRequest, match="query ID is invalid"):
        await fake_bot.answer_callback_query("123")


# ---------------------------------------------------------------- formatting


def test_parse_modes_produce_plain_text_and_utf16_entities() -> None:
    text, entities = format_text(
        "<b>Hi</b> 😀 <i>you</i> &amp; <a href='https://x.y'>me</a>", "HTML"
    )
    assert text == "Hi 😀 you & me"
    assert [(e["type"], utf16_slice(text, e["offset"], e["length"])) for e in entities] == [
        ("bold", "Hi"),
        ("italic", "you"),
        ("text_link", "me"),
    ]
    assert entities[1]["offset"] == 6  # the emoji is two UTF-16 code units

    text, entities = format_text(r"*bold* _it_ ||s|| 1\.5", "MarkdownV2")
    assert text == "bold it s 1.5"
    assert [e["type"] for e in entities] == ["bold", "italic", "spoiler"]

    text, entities = format_text("  padded *x*  ", "Markdown")
    assert text == "padded x" and entities == [{"type": "bold", "offset": 7, "length": 1}]


@pytest.mark.parametrize(
    ("text", "mode", "error"),
    [
        ("<b>bold", "HTML", 'Can\'t find end tag corresponding to start tag "b"'),
        ("1 < 2", "HTML", 'Unsupported start tag "" at byte offset 2'),
        ("<b>x</i>", "HTML", "Unmatched end tag at byte offset 4"),
        ("<blink>x</blink>", "HTML", 'Unsupported start tag "blink"'),
        ("Price: 1.5", "MarkdownV2", "Character '.' is reserved"),
        ("*open", "MarkdownV2", "Can't find end of Bold entity at byte offset 0"),
        ("_open", "Markdown", "Can't find end of the entity starting at byte offset 0"),
    ],
)
def test_malformed_markup_is_rejected(text: str, mode: str, error: str) -> None:
    with pytest.raises(ValueError, match=error.replace("(", r"\(").replace(".", r"\.")):
        format_text(text, mode)


async def test_parse_mode_errors_reach_aiogram(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    alice = fake_telegram.user("Alice")
    alice.start_private()
    sent = await fake_bot.send_message(alice.id, "<b>Score</b>: 5 &lt; 6", parse_mode="HTML")
    assert sent.text == "Score: 5 < 6"
    assert sent.entities is not None and sent.entities[0].type == "bold"
    record = alice.private_chat.message(sent.message_id)
    assert record.source_text == "<b>Score</b>: 5 &lt; 6" and record.parse_mode == "HTML"
    with pytest.raises(TelegramBadRequest, match="can't parse entities: Character '!' is reserved"):
        await fake_bot.send_message(alice.id, "Hi!", parse_mode="MarkdownV2")
    with pytest.raises(TelegramBadRequest, match="message text is empty"):
        await fake_bot.send_message(alice.id, "   ")
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await fake_bot.send_message(alice.id, "x", reply_markup=keyboard(("Big", "x" * 65)))


# --------------------------------------------------------------------- files


async def test_files_upload_reuse_and_download(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    alice.start_private()

    first = await fake_bot.send_photo(alice.id, BufferedInputFile(png(RED, (1000, 500)), "r.png"))
    assert first.photo is not None
    assert [(p.width, p.height) for p in first.photo] == [
        (90, 45),
        (320, 160),
        (800, 400),
        (1000, 500),
    ]
    assert len({p.file_id for p in first.photo}) == len(first.photo)

    again = await fake_bot.send_photo(alice.id, first.photo[0].file_id)
    assert again.photo == first.photo
    chat = alice.private_chat
    assert chat.message(again.message_id).media is chat.message(first.message_id).media

    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await fake_bot.send_photo(alice.id, "no-such-file")
    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await fake_bot.send_photo(alice.id, BufferedInputFile(b"not an image", "x.png"))

    doc = await fake_bot.send_document(alice.id, BufferedInputFile(b"hello", "notes.txt"))
    assert doc.document is not None
    assert (doc.document.file_name, doc.document.mime_type) == ("notes.txt", "text/plain")
    with pytest.raises(TelegramBadRequest, match="type of file mismatch"):
        await fake_bot.send_photo(alice.id, doc.document.file_id)

    anim = await fake_bot.send_animation(alice.id, BufferedInputFile(gif(BLUE), "a.gif"))
    assert anim.animation is not None and (anim.animation.width, anim.animation.height) == (32, 32)

    file = await fake_bot.get_file(doc.document.file_id)
    assert file.file_path is not None
    downloaded = await fake_bot.download_file(file.file_path)
    assert downloaded is not None and downloaded.read() == b"hello"


async def test_user_photo_reaches_bot(fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    alice = fake_telegram.user("Alice")
    alice.send_photo(None, png(BLUE), caption="look")
    [update] = await fake_bot.get_updates()
    assert update.message is not None and update.message.photo and update.message.caption == "look"
    file = await fake_bot.get_file(update.message.photo[-1].file_id)
    data = await fake_bot.download_file(file.file_path or "")
    assert data is not None and Image.open(data).getpixel((0, 0)) == BLUE


# ------------------------------------------------------------ chats, commands


async def test_chat_info_members_and_pins(fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    server = fake_telegram
    alice, bob, carol, dave = (server.user(n) for n in ("Alice", "Bob", "Carol", "Dave"))
    club = server.supergroup("Club", username="club", owner=alice, admins=[bob], members=[carol])

    info = await fake_bot.get_chat("@club")
    assert (info.id, info.title, info.type) == (club.id, "Club", "supergroup")
    assert isinstance(await fake_bot.get_chat_member(club.id, alice.id), ChatMemberOwner)
    assert isinstance(await fake_bot.get_chat_member(club.id, bob.id), ChatMemberAdministrator)
    assert isinstance(await fake_bot.get_chat_member(club.id, carol.id), ChatMemberMember)
    assert isinstance(await fake_bot.get_chat_member(club.id, dave.id), ChatMemberLeft)
    assert isinstance(await fake_bot.get_chat_member(club.id, server.bot_id), ChatMemberMember)

    sent = await fake_bot.send_message(club.id, "rules")
    with pytest.raises(TelegramBadRequest, match="not enough rights to manage pinned messages"):
        await fake_bot.pin_chat_message(club.id, sent.message_id)
    carols = carol.send(club, "hello")
    with pytest.raises(TelegramBadRequest, match="message can't be deleted"):
        await fake_bot.delete_message(club.id, carols.message_id)

    club.set_bot_admin()
    admins = await fake_bot.get_chat_administrators(club.id)
    assert [a.user.id for a in admins] == [alice.id, bob.id, server.bot_id]
    assert await fake_bot.pin_chat_message(club.id, sent.message_id)
    assert club.message(sent.message_id).pinned
    assert await fake_bot.unpin_chat_message(club.id)
    assert not club.message(sent.message_id).pinned
    assert await fake_bot.delete_message(club.id, carols.message_id)
    assert await fake_bot.send_chat_action(club.id, "upload_photo")
    assert await fake_bot.get_chat_member_count(club.id) == 4
    dm = await fake_bot.get_chat(alice.id)
    assert (dm.type, dm.first_name) == ("private", "Alice")
    with pytest.raises(TelegramBadRequest, match="no administrators in the private chat"):
        await fake_bot.get_chat_administrators(alice.id)


async def test_bot_commands_by_scope_and_language(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    commands = [BotCommand(command="start", description="Start a game")]
    private = BotCommandScopeAllPrivateChats()
    assert await fake_bot.set_my_commands(commands)
    assert await fake_bot.set_my_commands(
        [BotCommand(command="hilfe", description="Hilfe")], scope=private, language_code="de"
    )
    assert [c.model_dump() for c in await fake_bot.get_my_commands()] == [
        c.model_dump() for c in commands
    ]
    assert [
        c.command for c in await fake_bot.get_my_commands(scope=private, language_code="de")
    ] == ["hilfe"]
    assert await fake_bot.get_my_commands(scope=private) == []
    assert fake_telegram.commands_for({"type": "all_private_chats"}, "de")[0]["command"] == "hilfe"
    assert await fake_bot.delete_my_commands()
    assert await fake_bot.get_my_commands() == []
    with pytest.raises(TelegramBadRequest, match="BOT_COMMAND_INVALID"):
        await fake_bot.set_my_commands([BotCommand(command="Start", description="x")])
    assert await fake_bot.delete_webhook(drop_pending_updates=True)


# ---------------------------------------------------------- HTTP and helpers


async def test_raw_http_shapes(fake_telegram: FakeTelegramServer) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    alice.start_private()
    base = f"{server.base_url}/bot{server.token}"
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{server.base_url}/bot1:wrong/getMe") as response:
            assert response.status == 401
            assert await response.json() == {
                "ok": False,
                "error_code": 401,
                "description": "Unauthorized",
            }
        async with http.post(f"{base}/launchRockets") as response:
            assert response.status == 404
            assert await response.json() == {
                "ok": False,
                "error_code": 404,
                "description": "Not Found: method not found",
            }
        async with http.get(f"{base}/getme") as response:
            assert (await response.json())["result"]["username"] == "fake_game_bot"
        payload = {"chat_id": alice.id, "text": "json", "reply_markup": {"inline_keyboard": []}}
        async with http.post(f"{base}/sendMessage", json=payload) as response:
            assert (await response.json())["result"]["text"] == "json"
        async with http.post(
            f"{base}/sendMessage", data={"chat_id": str(alice.id), "text": "form"}
        ):
            pass
        form = aiohttp.FormData()
        form.add_field("chat_id", str(alice.id))
        form.add_field("photo", png(RED), filename="direct.png")
        async with http.post(f"{base}/sendPhoto", data=form) as response:
            body = await response.json()
            assert body["ok"] and len(body["result"]["photo"]) == 1
    sends = server.calls_of("sendMessage")
    assert [(c.params["chat_id"], c.params["text"]) for c in sends] == [
        (alice.id, "json"),
        (alice.id, "form"),
    ]
    method, params = server.calls_of("sendPhoto")[0]
    assert method == "sendPhoto" and params["chat_id"] == alice.id
    assert server.calls_of("sendPhoto")[0].file("photo").filename == "direct.png"
    assert server.calls_of("launchRockets")[0].status == 404


async def test_wait_for_reports_what_happened(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    alice = fake_telegram.user("Alice")
    alice.start_private()
    await fake_bot.send_message(alice.id, "not what we wait for")
    with pytest.raises(WaitTimeout) as error:
        await fake_telegram.wait_for("sendPhoto", timeout=0.2)
    assert "sendMessage" in str(error.value) and "sendPhoto" in str(error.value)

    def starts_with_not(call: ApiCall) -> bool:
        return str(call.params.get("text", "")).startswith("not")

    assert len(await fake_telegram.wait_for(starts_with_not, since=0)) == 1
    assert json.dumps(fake_telegram.calls[0].result)  # results are plain JSON


async def test_stop_releases_a_pending_long_poll() -> None:
    server = FakeTelegramServer()
    await server.start()
    bot = make_bot(server)
    try:
        poll = asyncio.create_task(bot.get_updates(timeout=30))
        await server.wait_until(lambda: server.poll_count == 1)
        loop = asyncio.get_running_loop()
        started = loop.time()
        await server.stop()
        assert await asyncio.wait_for(poll, 2) == []
        assert loop.time() - started < 2
    finally:
        await bot.session.close()


async def test_membership_and_edited_updates(
    fake_telegram: FakeTelegramServer, fake_bot: Bot
) -> None:
    server = fake_telegram
    alice = server.user("Alice")
    group = server.group("New home", owner=alice)
    group.remove_bot(by=alice, ban=False)
    group.add_bot(by=alice, admin=True)
    note = alice.send(group, "typo")
    alice.edit(note, "fixed")
    updates = await fake_bot.get_updates()
    assert [u.event_type for u in updates] == [
        "my_chat_member",
        "my_chat_member",
        "message",
        "message",
        "edited_message",
    ]
    added = updates[1].my_chat_member
    assert added is not None and added.new_chat_member.status == "administrator"
    assert updates[2].message is not None and updates[2].message.new_chat_members
    assert updates[4].edited_message is not None and updates[4].edited_message.text == "fixed"
    assert note.versions[0].text == "typo"
