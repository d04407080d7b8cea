"""The Telegram outbox against the fake Bot API server, through the real aiogram client:
edits in place, skipped duplicates, coalescing (a board telling the moves of the boards it
replaced), Telegram's budgets kept without meeting flood control, and Telegram's errors as
ordinary events."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiogram import Bot

from bot.i18n import Translator
from bot.screens import Drop, Place, Post, Result, Role
from bot.storage.store import Store
from bot.table_screens import MOVES_ROOM, BoardScreen, board_caption
from bot.telegram import Outbox, OutboxLimits, Rate
from fakes.hand_clock import SkippingClock
from fakes.telegram import FakeTelegramServer
from tests.telegram_helpers import BLUE, FAST, GREEN, RED, FakeService, board, new_table, screen

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


def make_outbox(bot: Bot, store: Store, service: FakeService, translator: Translator,
                limits: OutboxLimits = FAST) -> Outbox:
    return Outbox(bot, store, service, translator, limits=limits)


@pytest_asyncio.fixture
async def outbox(fake_bot: Bot, store: Store, service: FakeService,
                 translator: Translator) -> AsyncIterator[Outbox]:
    box = make_outbox(fake_bot, store, service, translator)
    yield box
    await box.close()


async def show(outbox: Outbox, *items: Post | Drop) -> None:
    outbox.post(items)
    assert await outbox.flush(5)


def methods(server: FakeTelegramServer, since: int = 0) -> list[str]:
    return [call.method for call in server.calls[since:]]


async def test_send_then_edit_in_place(fake_telegram: FakeTelegramServer, outbox: Outbox,
                                       store: Store) -> None:
    server = fake_telegram
    group = server.group("Club")
    table = await new_table(store, group.id)
    place = board(table, group.id)

    await show(outbox, Post(place, screen("Round 1", RED, ("Join", "t:1:j"))))
    [message] = group.bot_messages
    assert methods(server) == ["sendPhoto"]
    assert message.caption == "Round 1" and message.photo_bytes == RED
    assert message.button_texts == [["Join"]]
    ref = await store.get_message(table, Role.BOARD)
    assert ref is not None and ref.message_id == str(message.message_id)
    assert ref.content_hash == screen("Round 1", RED, ("Join", "t:1:j")).fingerprint()

    mark = server.mark()
    await show(outbox, Post(place, screen("Round 2", RED, ("Join", "t:1:j"))))
    assert methods(server, mark) == ["editMessageCaption"]  # same picture: no re-upload

    mark = server.mark()
    await show(outbox, Post(place, screen("Round 3", BLUE)))
    assert methods(server, mark) == ["editMessageMedia"]
    assert group.bot_messages == [message]
    assert (message.caption, message.photo_bytes, message.buttons) == ("Round 3", BLUE, [])
    assert outbox.counters.sends["board"] == 1 and outbox.counters.edits["board"] == 2


async def test_identical_screen_costs_no_request(fake_telegram: FakeTelegramServer,
                                                 outbox: Outbox, store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    await show(outbox, Post(board(table, group.id), screen("Same", RED)))
    mark = fake_telegram.mark()
    await show(outbox, Post(board(table, group.id), screen("Same", RED)))
    assert methods(fake_telegram, mark) == []
    assert outbox.counters.skipped["board"] == 1


async def test_text_messages_edit_and_switch_to_photo(fake_telegram: FakeTelegramServer,
                                                      outbox: Outbox, store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    place = Place(table, Role.LOBBY, None, str(group.id))
    await show(outbox, Post(place, screen("Lobby: Ann", None, ("Join", "j"))))
    await show(outbox, Post(place, screen("Lobby: Ann, Bob", None, ("Join", "j"))))
    assert methods(fake_telegram) == ["sendMessage", "editMessageText"]
    [lobby] = group.bot_messages
    assert lobby.text == "Lobby: Ann, Bob"

    mark = fake_telegram.mark()
    await show(outbox, Post(place, screen("Started", GREEN)))
    assert methods(fake_telegram, mark) == ["sendPhoto", "deleteMessage"]
    [photo] = group.bot_messages
    assert photo.photo_bytes == GREEN and lobby.deleted


async def test_after_a_restart_the_kind_is_learned_from_telegram(
    fake_telegram: FakeTelegramServer, fake_bot: Bot, store: Store, service: FakeService,
    translator: Translator,
) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    first = make_outbox(fake_bot, store, service, translator)
    await show(first, Post(board(table, group.id), screen("Text board")))
    await first.close()
    second = make_outbox(fake_bot, store, service, translator)  # knows nothing in memory
    mark = fake_telegram.mark()
    await show(second, Post(board(table, group.id), screen("Picture board", RED)))
    assert methods(fake_telegram, mark) == ["editMessageMedia", "sendPhoto", "deleteMessage"]
    [message] = group.bot_messages
    assert message.caption == "Picture board"
    await second.close()


async def test_fresh_post_sends_anew_and_deletes_the_old(fake_telegram: FakeTelegramServer,
                                                         outbox: Outbox, store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    ping = Place(table, Role.PING, None, str(group.id))
    await show(outbox, Post(ping, screen("Ann, your turn"), fresh=True))
    await show(outbox, Post(ping, screen("Bob, your turn"), fresh=True))
    assert methods(fake_telegram) == ["sendMessage", "sendMessage", "deleteMessage"]
    assert [m.text for m in group.bot_messages] == ["Bob, your turn"]

    await show(outbox, Drop(ping))
    assert group.bot_messages == [] and await store.get_message(table, Role.PING) is None
    await show(outbox, Drop(ping))  # nothing left to drop: no request
    assert methods(fake_telegram)[-1] == "deleteMessage"
    assert outbox.counters.deletes["ping"] == 2


async def test_stale_edits_are_coalesced(fake_telegram: FakeTelegramServer, fake_bot: Bot,
                                         store: Store, service: FakeService,
                                         translator: Translator) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    place = board(table, group.id)
    slow = OutboxLimits(per_chat=Rate(8.0), per_group=None, overall=None)
    outbox = make_outbox(fake_bot, store, service, translator, slow)
    await show(outbox, Post(place, screen("move 0", RED)))
    mark = fake_telegram.mark()
    for move in range(1, 6):
        outbox.post(Post(place, screen(f"move {move}", RED)))
        await asyncio.sleep(0.01)
    assert await outbox.flush(3)
    edits = fake_telegram.calls_of("editMessageCaption", since=mark)
    assert 1 <= len(edits) <= 2
    [message] = group.bot_messages
    assert message.caption == "move 5"
    assert outbox.counters.coalesced["board"] >= 3
    await outbox.close()


async def test_fresh_is_kept_when_a_pending_ping_is_replaced(
    fake_telegram: FakeTelegramServer, outbox: Outbox, store: Store
) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    ping = Place(table, Role.PING, None, str(group.id))
    await show(outbox, Post(ping, screen("Ann, your turn")))
    outbox.post(Post(ping, screen("Bob, your turn"), fresh=True))
    outbox.post(Post(ping, screen("Bob, your turn!")))  # replaces it before it went out
    assert await outbox.flush(5)
    assert methods(fake_telegram)[1:] == ["sendMessage", "deleteMessage"]  # still notifies
    assert [m.text for m in group.bot_messages] == ["Bob, your turn!"]


async def test_chats_are_independent_and_ordered(fake_telegram: FakeTelegramServer,
                                                 outbox: Outbox, store: Store) -> None:
    first, second = fake_telegram.group("One"), fake_telegram.group("Two")
    table_one = await new_table(store, first.id)
    table_two = await new_table(store, second.id)
    outbox.post([
        Post(Place(table_one, Role.LOBBY, None, str(first.id)), screen("one: lobby")),
        Post(board(table_two, second.id), screen("two: board")),
        Post(board(table_one, first.id), screen("one: board")),
    ])
    assert await outbox.flush(5)
    assert [m.text for m in first.bot_messages] == ["one: lobby", "one: board"]
    assert [m.text for m in second.bot_messages] == ["two: board"]


async def test_flood_control_waits_and_retries(fake_telegram: FakeTelegramServer,
                                               outbox: Outbox, store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    await show(outbox, Post(board(table, group.id), screen("before", RED)))
    fault = fake_telegram.inject_flood("editMessageCaption", times=2, retry_after=3)
    mark = fake_telegram.mark()
    await show(outbox, Post(board(table, group.id), screen("after", RED)))
    assert len(fault.hits) == 2
    assert [c.ok for c in fake_telegram.calls_of("editMessageCaption", since=mark)] == [
        False, False, True]
    assert group.bot_messages[0].caption == "after"
    ref = await store.get_message(table, Role.BOARD)
    assert ref is not None and ref.content_hash == screen("after", RED).fingerprint()


def timed_outbox(bot: Bot, store: Store, service: FakeService, translator: Translator,
                 waits: SkippingClock, limits: OutboxLimits = FAST,
                 quiet_for: float | None = None) -> Outbox:
    """An outbox on the fake server's clock (`fake_telegram.clock`), which its sleeps move on
    at once and record (`waits.slept`)."""
    return Outbox(bot, store, service, translator, limits=limits, clock=waits,
                  sleep=waits.sleep, quiet_for=quiet_for)


async def test_a_groups_flood_wait_is_given_back(fake_telegram: FakeTelegramServer,
                                                 fake_bot: Bot, store: Store,
                                                 service: FakeService,
                                                 translator: Translator) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    waits = fake_telegram.clock
    outbox = timed_outbox(fake_bot, store, service, translator, waits)
    await show(outbox, Post(board(table, group.id), screen("before", RED)))
    assert service.of("flood_waited") == []  # a request that went at once: nothing

    fake_telegram.inject_flood("editMessageCaption", times=1, retry_after=7)
    await show(outbox, Post(board(table, group.id), screen("after", RED)))
    assert waits.slept == [7 * FAST.retry_scale]
    assert service.of("flood_waited") == [
        ("flood_waited", "telegram", str(group.id), 7 * FAST.retry_scale)]
    assert group.bot_messages[0].caption == "after"
    await outbox.close()


async def test_a_failing_refund_does_not_stop_delivery(fake_telegram: FakeTelegramServer,
                                                       fake_bot: Bot, store: Store,
                                                       service: FakeService,
                                                       translator: Translator,
                                                       caplog: pytest.LogCaptureFixture
                                                       ) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    outbox = timed_outbox(fake_bot, store, service, translator, fake_telegram.clock)
    await show(outbox, Post(board(table, group.id), screen("before", RED)))
    service.flood_fails = True
    fake_telegram.inject_flood("editMessageCaption", times=2, retry_after=3)
    await show(outbox, Post(board(table, group.id), screen("after", RED)))
    assert len(service.of("flood_waited")) == 2
    assert group.bot_messages[0].caption == "after"
    ref = await store.get_message(table, Role.BOARD)
    assert ref is not None and ref.content_hash == screen("after", RED).fingerprint()
    assert outbox.counters.failures["board"] == 0
    assert "could not take a 0.03s wait" in caplog.text and "RuntimeError" in caplog.text
    await outbox.close()


async def test_a_private_chats_flood_wait_is_not_reported(fake_telegram: FakeTelegramServer,
                                                          fake_bot: Bot, store: Store,
                                                          service: FakeService,
                                                          translator: Translator) -> None:
    group = fake_telegram.group()
    ann = fake_telegram.user("Ann")
    ann.start_private()
    table = await new_table(store, group.id)
    waits = fake_telegram.clock
    outbox = timed_outbox(fake_bot, store, service, translator, waits)
    fake_telegram.inject_flood("sendPhoto", chat_id=ann.id, times=1, retry_after=5)
    await show(outbox, Post(Place(table, Role.PANEL, 0, str(ann.id)), screen("hand", RED)))
    assert waits.slept == [5 * FAST.retry_scale]  # waited out, but no table is there
    assert service.of("flood_waited") == []
    await outbox.close()


async def test_only_pacing_a_player_notices_is_given_back(fake_telegram: FakeTelegramServer,
                                                         fake_bot: Bot, store: Store,
                                                         service: FakeService,
                                                         translator: Translator) -> None:
    group = fake_telegram.group()
    ann = fake_telegram.user("Ann")
    ann.start_private()
    table = await new_table(store, group.id)
    # one request per 2 s in a group, per 0.25 s in any chat: a group waits 2 s, Ann 0.25 s
    limits = OutboxLimits(per_chat=Rate(4.0), per_group=Rate(0.5), overall=None)
    waits = fake_telegram.clock
    outbox = timed_outbox(fake_bot, store, service, translator, waits, limits)
    await show(outbox, Post(board(table, group.id), screen("v1", RED)))
    await show(outbox, Post(board(table, group.id), screen("v2", RED)))
    assert waits.slept == [2.0]
    assert service.of("flood_waited") == [("flood_waited", "telegram", str(group.id), 2.0)]

    panel = Place(table, Role.PANEL, 0, str(ann.id))
    await show(outbox, Post(panel, screen("hand 1", RED)))
    await show(outbox, Post(panel, screen("hand 2", RED)))
    assert waits.slept == [2.0, 0.25]  # Ann's chat: too short to notice, and no table there
    assert len(service.of("flood_waited")) == 1

    await outbox.close()
    quiet = OutboxLimits(per_chat=None, per_group=Rate(0.5), overall=None,
                         report_pacing_from=None)
    outbox = timed_outbox(fake_bot, store, service, translator, fake_telegram.clock, quiet)
    await show(outbox, Post(board(table, group.id), screen("v3", RED)))
    await show(outbox, Post(board(table, group.id), screen("v4", RED)))
    assert len(service.of("flood_waited")) == 1  # pacing not reported at all
    await outbox.close()


async def test_server_errors_are_retried_with_backoff(fake_telegram: FakeTelegramServer,
                                                      outbox: Outbox, store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    fake_telegram.inject_error("sendMessage", status=502, description="Bad Gateway", times=2)
    await show(outbox, Post(board(table, group.id), screen("hello")))
    assert [m.text for m in group.bot_messages] == ["hello"]


async def test_vanished_message_is_sent_again(fake_telegram: FakeTelegramServer,
                                              outbox: Outbox, store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    await show(outbox, Post(board(table, group.id), screen("v1", RED)))
    [old] = group.bot_messages
    old.deleted = True  # an admin deleted the board
    mark = fake_telegram.mark()
    await show(outbox, Post(board(table, group.id), screen("v2", RED)))
    assert methods(fake_telegram, mark) == ["editMessageCaption", "sendPhoto"]
    [new] = group.bot_messages
    assert new.caption == "v2" and new.message_id != old.message_id
    ref = await store.get_message(table, Role.BOARD)
    assert ref is not None and ref.message_id == str(new.message_id)


async def test_not_modified_counts_as_done(fake_telegram: FakeTelegramServer, outbox: Outbox,
                                           store: Store) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    await show(outbox, Post(board(table, group.id), screen("same")))
    await store.set_message_hash(table, Role.BOARD, None, "something else")
    await show(outbox, Post(board(table, group.id), screen("same")))
    [call] = fake_telegram.calls_of("editMessageText")
    assert "not modified" in (call.error or "")
    ref = await store.get_message(table, Role.BOARD)
    assert ref is not None and ref.content_hash == screen("same").fingerprint()
    assert len(group.bot_messages) == 1


async def test_blocked_panel_is_reported_to_the_service(
    fake_telegram: FakeTelegramServer, outbox: Outbox, store: Store, service: FakeService,
    caplog: pytest.LogCaptureFixture,
) -> None:
    group = fake_telegram.group()
    ann = fake_telegram.user("Ann")  # never opened the bot
    table = await new_table(store, group.id)
    panel = Place(table, Role.PANEL, 0, str(ann.id))
    note = Place(table, Role.NOTE, 0, str(group.id))
    service.unreachable_result = Result(posts=(Post(note, screen("Ann can't get DMs")),))
    await show(outbox, Post(panel, screen("your hand: 3 red", RED, ("Play red", "t:1:r"))))
    assert service.of("panel_unreachable") == [("panel_unreachable", panel)]
    assert [m.text for m in group.bot_messages] == ["Ann can't get DMs"]
    assert ann.private_chat.bot_messages == []
    assert outbox.counters.failures["panel"] == 1
    # Logged without what the panel shows: table, role, seat and Telegram's error only.
    assert f"table {table} panel seat 0" in caplog.text and "Forbidden" in caplog.text
    assert "red" not in caplog.text.lower() and "t:1:r" not in caplog.text


async def test_missing_photo_right_falls_back_to_text(
    fake_telegram: FakeTelegramServer, outbox: Outbox, store: Store, translator: Translator
) -> None:
    group = fake_telegram.group()
    table = await new_table(store, group.id, language="pl")
    fake_telegram.inject_error(
        "sendPhoto", chat_id=group.id,
        description="Bad Request: not enough rights to send photos to the chat")
    await show(outbox, Post(board(table, group.id), screen("Board", RED, ("Act", "a"))))
    [message] = group.bot_messages
    assert message.media is None and message.button_texts == [["Act"]]
    assert message.text == f"Board\n\n{translator.t('pl', 'tg-missing-photo-right')}"

    mark = fake_telegram.mark()  # the chat is remembered: the next board edits the text
    await show(outbox, Post(board(table, group.id), screen("Board 2", BLUE, ("Act", "a"))))
    assert methods(fake_telegram, mark) == ["editMessageText"]
    assert group.bot_messages[0].text.startswith("Board 2\n\n")


async def test_migrated_group_is_followed(fake_telegram: FakeTelegramServer, outbox: Outbox,
                                          store: Store, service: FakeService) -> None:
    group = fake_telegram.group("Old group")
    table = await new_table(store, group.id)
    await show(outbox, Post(board(table, group.id), screen("v1", RED)))
    supergroup = group.migrate_to_supergroup()

    await show(outbox, Post(board(table, group.id), screen("v2", RED)))
    assert service.of("chat_migrated") == [
        ("chat_migrated", "telegram", str(group.id), str(supergroup.id))]
    [message] = supergroup.bot_messages
    assert message.caption == "v2"
    ref = await store.get_message(table, Role.BOARD)
    assert ref is not None
    assert (ref.chat_id, ref.message_id) == (str(supergroup.id), str(message.message_id))

    # Later posts still addressed to the old id go straight to the new chat.
    mark = fake_telegram.mark()
    await show(outbox, Post(board(table, group.id), screen("v3", RED)))
    assert methods(fake_telegram, mark) == ["editMessageCaption"]
    assert supergroup.bot_messages[0].caption == "v3"
    await outbox.chat_migrated(group.id, supergroup.id)  # the service message, later
    assert len(service.of("chat_migrated")) == 1


async def test_topic_posts_go_to_their_thread(fake_telegram: FakeTelegramServer,
                                              outbox: Outbox, store: Store) -> None:
    forum = fake_telegram.forum(topics=["Games"])
    thread = forum.topic("Games")
    table = (await store.create_table("telegram", forum.id, thread, "lanterns", creator_id=1,
                                      language="en")).id
    place = Place(table, Role.BOARD, None, str(forum.id), str(thread))
    await show(outbox, Post(place, screen("in the topic", RED)))
    outbox.say(forum.id, screen("an answer"), thread_id=thread)
    assert await outbox.flush(5)
    assert [(m.content, m.thread_id) for m in forum.bot_messages] == [
        ("in the topic", thread), ("an answer", thread)]


async def test_rate_limits_space_requests_in_one_chat(fake_telegram: FakeTelegramServer,
                                                      fake_bot: Bot, store: Store,
                                                      service: FakeService,
                                                      translator: Translator) -> None:
    ann = fake_telegram.user("Ann")
    ann.start_private()
    limits = OutboxLimits(per_chat=Rate(1.0), per_group=None, overall=Rate(1000.0, burst=5))
    outbox = timed_outbox(fake_bot, store, service, translator, fake_telegram.clock, limits)
    for n in range(4):
        outbox.say(ann.id, screen(f"note {n}"))
    assert await outbox.flush(3)
    times = [c.time for c in fake_telegram.calls_of("sendMessage")]  # on the fake's clock
    assert len(times) == 4
    assert all(b - a >= 1.0 for a, b in itertools.pairwise(times))
    await outbox.close()


async def test_closed_outbox_drops_new_work(outbox: Outbox, fake_telegram: FakeTelegramServer
                                            ) -> None:
    await outbox.close()
    outbox.say(1, screen("late"))
    assert outbox.pending == 0 and await outbox.flush(0.1)
    assert fake_telegram.calls == []


# --- Telegram's budgets, enforced by the fake server -------------------------------------------


async def test_the_default_limits_keep_inside_telegrams_budgets(
        fake_telegram: FakeTelegramServer, fake_bot: Bot, store: Store, service: FakeService,
        translator: Translator) -> None:
    waits = fake_telegram.clock
    flood = fake_telegram.flood_control  # Telegram's budgets, on the outbox's clock
    assert flood is not None
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    people = [fake_telegram.user(f"P{n}") for n in range(40)]
    for person in people:
        person.start_private()
    outbox = timed_outbox(fake_bot, store, service, translator, waits, OutboxLimits())
    for n in range(25):  # a group's board, edited as fast as moves come
        await show(outbox, Post(board(table, group.id), screen(f"move {n}", RED)))
    panel = Place(table, Role.PANEL, 0, str(people[0].id))
    for n in range(10):  # a private panel, pressed as fast as it changes
        await show(outbox, Post(panel, screen(f"step {n}", BLUE)))
    for person in people:  # forty chats at once: the overall budget
        outbox.say(person.id, screen("hello"))
    assert await outbox.flush(5)
    assert flood.refused == [] and fake_telegram.calls_of(ok=False) == []
    assert group.bot_messages[0].caption == "move 24"
    assert people[0].private_chat.bot_messages[0].caption == "step 9"
    assert all(p.private_chat.bot_messages[-1].text == "hello" for p in people)
    # 21 group requests beyond the first 4 at 4 per 12 s, and the chat's 3 per 3 s
    assert waits.now >= 21 / 4 * 12
    assert outbox.counters.failures == {}
    await outbox.close()


async def test_a_restarted_outbox_meets_no_flood_control(
        fake_telegram: FakeTelegramServer, fake_bot: Bot, store: Store, service: FakeService,
        translator: Translator) -> None:
    """A new process does not know what the one before it sent: told that the bot was down
    for no time, its windows start full."""
    waits = fake_telegram.clock
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    for run in range(3):  # the process is restarted twice, at once
        outbox = timed_outbox(fake_bot, store, service, translator, waits, OutboxLimits(),
                              quiet_for=None if run == 0 else 0.0)
        started, mark = waits(), fake_telegram.mark()
        for n in range(6):
            await show(outbox, Post(board(table, group.id), screen(f"{run}: move {n}", RED)))
        await outbox.close()
        assert fake_telegram.flood_control.refused == []  # type: ignore[union-attr]
        first = fake_telegram.calls_of(since=mark)[0]
        assert first.time == (started if run == 0 else started + 12.0)  # the group's window
    assert group.bot_messages[0].caption == "2: move 5"
    # after a minute's quiet, nothing is left to wait for
    waits.now += 60.0
    outbox = timed_outbox(fake_bot, store, service, translator, waits, OutboxLimits(),
                          quiet_for=60.0)
    started, mark = waits(), fake_telegram.mark()
    await show(outbox, Post(board(table, group.id), screen("after a minute", RED)))
    await outbox.close()
    assert fake_telegram.calls_of(since=mark)[0].time == started
    assert fake_telegram.flood_control.refused == []  # type: ignore[union-attr]


async def test_the_fake_refuses_what_telegram_would(fake_telegram: FakeTelegramServer,
                                                    fake_bot: Bot, store: Store,
                                                    service: FakeService,
                                                    translator: Translator) -> None:
    waits = fake_telegram.clock
    flood = fake_telegram.flood_control  # Telegram's budgets, on the outbox's clock
    assert flood is not None
    ann = fake_telegram.user("Ann")
    ann.start_private()
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    unlimited = timed_outbox(fake_bot, store, service, translator, waits, FAST)
    for n in range(4):  # a chat takes 3 in any 3 s
        unlimited.say(ann.id, screen(f"note {n}"))
    assert await unlimited.flush(5)
    # the 4th is refused for 3 s, and retried sooner (FAST scales the wait down) until the
    # outbox gives up
    assert {(r.scope, r.retry_after) for r in flood.refused} == {("chat", 3)}
    assert [m.text for m in ann.private_chat.bot_messages] == [f"note {n}" for n in range(3)]

    flood.refused.clear()
    waits.now += 60
    for n in range(21):  # a group takes 20 in any minute: the 21st waits for the first
        await show(unlimited, Post(board(table, group.id), screen(f"move {n}", RED)))
        waits.now += 1.0  # within the chat's budget
    assert [r.scope for r in flood.refused][:1] == ["group"]
    await unlimited.close()


async def test_a_board_replacing_unsent_boards_tells_their_moves(
        fake_telegram: FakeTelegramServer, fake_bot: Bot, store: Store, service: FakeService,
        translator: Translator) -> None:
    # Telegram's budgets kept on the fake's clock
    outbox = timed_outbox(fake_bot, store, service, translator, fake_telegram.clock,
                          OutboxLimits())
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    place = board(table, group.id)

    def after(*moves: str, turn: str) -> BoardScreen:
        told = tuple((line,) for line in moves)
        return BoardScreen(board_caption(translator, "en", told, (turn,)), image=RED,
                           moves=told, rest=(turn,))

    await show(outbox, Post(place, after("Ann played red 1.", turn="Bob's turn")))
    assert group.bot_messages[0].caption == "Ann played red 1.\n\nBob's turn"
    # three moves while the outbox could not send: one edit tells all three
    outbox.post(Post(place, after("Bob hinted Cid's blue cards.", turn="Cid's turn")))
    outbox.post(Post(place, after("Cid discarded a yellow 4.", turn="Dan's turn")))
    outbox.post(Post(place, after("Dan played white 2.", turn="Ann's turn")))
    mark = fake_telegram.mark()
    assert await outbox.flush(5)
    assert methods(fake_telegram, mark) == ["editMessageCaption"]
    assert group.bot_messages[0].caption == (
        "• Bob hinted Cid's blue cards.\n• Cid discarded a yellow 4.\n• Dan played white 2.\n"
        "\nAnn's turn")
    # more than the caption holds: the newest one by one, the earlier ones in a message of
    # their own, sent first; every move is told in the chat
    long = "x" * (MOVES_ROOM // 4)
    for n in range(6):
        outbox.post(Post(place, after(f"Move {n} {long}.", turn="Bob's turn")))
    mark = fake_telegram.mark()
    assert await outbox.flush(5)
    assert methods(fake_telegram, mark) == ["sendMessage", "editMessageCaption"]
    caption = group.bot_messages[0].caption
    assert caption.startswith(
        translator.t("en", "table-moves-earlier", count=3) + f"\n• Move 3 {long}.")
    assert caption.endswith(f"• Move 5 {long}.\n\nBob's turn")
    earlier = group.bot_messages[-1].text
    assert earlier == "\n".join([translator.t("en", "table-moves-earlier-list"),
                                 *(f"• Move {n} {long}." for n in range(3))])
    told = caption + "\n" + earlier
    assert all(f"• Move {n} {long}." in told for n in range(6))
    await outbox.close()


async def test_an_older_version_never_replaces_a_newer_one(
        fake_telegram: FakeTelegramServer, fake_bot: Bot, store: Store, service: FakeService,
        translator: Translator) -> None:
    """Boards drawn late (or by another worker) that show an older table version than the
    one shown, or than one still pending, are never sent."""
    outbox = timed_outbox(fake_bot, store, service, translator, fake_telegram.clock,
                          OutboxLimits())
    group = fake_telegram.group()
    table = await new_table(store, group.id)
    place = board(table, group.id)
    await show(outbox, Post(place, screen("v3"), version=3))
    mark = fake_telegram.mark()
    await show(outbox, Post(place, screen("v2"), version=2))
    assert fake_telegram.calls_of(since=mark) == []
    outbox.post(Post(place, screen("v5"), version=5))
    outbox.post(Post(place, screen("v4"), version=4))  # pending behind v5: dropped
    assert await outbox.flush(5)
    await show(outbox, Post(place, screen("v5, a clock later"), version=5))
    await show(outbox, Post(place, screen("a vote"), version=None))  # claims no order
    assert [c.params["text"] for c in fake_telegram.calls_of(since=mark)] == [
        "v5", "v5, a clock later", "a vote"]
    ref = await store.get_message(table, "board")
    assert ref is not None and ref.version == 5
    await outbox.close()
