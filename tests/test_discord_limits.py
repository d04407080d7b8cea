"""The bot against Discord's stricter rules, end to end: the real TableService and Store, the
real discord.py client (`DiscordBot`), and the fake Discord server enforcing thread
membership, archived and locked threads, the global rate limit, the old-message edit limit
and per-route buckets (fakes/discord). Each test is one of those rules, and what a
player sees when the bot meets it."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from bot.discord.outbox import OLD_MESSAGE_AGE
from bot.discord.pacing import GlobalPacer
from bot.discord.render import CONTENT_LIMIT, ELLIPSIS, escape
from bot.rules_text import rules_text
from bot.screens import Post, Role
from bot.table_posts import events_from_json
from bot.table_screens import players_of
from engine.registry import GAMES
from fakes.discord import DISCORD_ROUTE_LIMITS, FakeChannel, FakeDiscordServer, FakeUser
from fakes.discord_e2e import (
    TR,
    World,
    as_shown,
    board,
    button,
    choices,
    choose,
    lang_of,
    lobby,
    notes,
    options,
    ping,
)

pytest_plugins = ["fakes.discord.fixtures", "tests.e2e_worlds"]

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def world(dc_world: World) -> World:
    """The shared Discord world (tests/e2e_worlds.py)."""
    return dc_world


def place(server: FakeDiscordServer) -> tuple[FakeChannel, list[FakeUser]]:
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob", locale="en-US")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    return server.text_channel(guild, "games"), [anna, bob]


async def started(world: World, channel: FakeChannel, players: list[FakeUser]) -> int:
    host, *others = players
    table = await world.open_table(channel, host, others)
    await world.start_game(channel, host)
    return table


async def board_is_current(world: World, table: int) -> bool:
    """The board message shows what the table shows now (nothing stale was left)."""
    posts = await world.bot.service.current_posts(table, public_only=True)
    [current] = [p for p in posts if isinstance(p, Post) and p.place.role is Role.BOARD]
    ref = await world.store.get_message(table, Role.BOARD)
    return ref is not None and ref.content_hash == current.screen.fingerprint()


# --- threads -----------------------------------------------------------------------------------


async def test_newgame_where_the_lobby_cannot_be_posted_opens_nothing(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """A private thread the bot is not in, or a locked one: the permission bits say yes,
    the post says no. The asker alone hears why; no table is left without its lobby."""
    server = fake_discord
    channel, (anna, bob) = place(server)
    secret = server.thread(channel, "secret", private=True, owner=bob, members=[anna],
                           bot_member=False)
    record = await world.slash(bob, secret, "newgame", game="lanterns")
    assert notes(record) == [TR.t(lang_of(bob), "dc-cannot-post-here")] and record.ephemeral
    assert secret.messages == [] and channel.messages == []
    assert await world.store.active_table("discord", str(channel.id), str(secret.id)) is None

    secret.thread_members.add(server.bot_id)  # Bob adds the bot: now it can host there
    await world.open_table(secret, bob, [anna])
    assert lobby(secret).channel is secret

    locked = server.thread(channel, "locked", owner=anna, members=[bob])
    locked.locked = True
    record = await world.slash(anna, locked, "newgame", game="lanterns")
    assert notes(record) == [as_shown(anna, TR.t(lang_of(anna), "dc-cannot-post-here"))]
    assert await world.store.active_table("discord", str(channel.id), str(locked.id)) is None
    assert server.calls_of("send_message", channel=locked, ok=True) == []


async def test_an_archived_thread_gets_its_board_posted_anew(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    thread = server.thread(channel, "lanterns", owner=players[0], members=players[1:])
    table = await started(world, thread, players)
    old_board = board(thread)
    thread.archive()  # an hour without a message, or a moderator
    # the board changes while the thread is archived (forced here, so nothing else
    # reopens the thread first): its edit is refused with 50083, a new board reopens it
    await world.store.set_message_hash(table, Role.BOARD, None, "stale")
    world.bot.client.outbox.post(await world.bot.service.current_posts(table, public_only=True))
    await world.settle()
    refused = server.calls_of("edit_message", channel=thread, ok=False)
    assert [c.response["code"] for c in refused] == [50083]
    assert not thread.archived and old_board.deleted
    assert board(thread) is not old_board and await board_is_current(world, table)
    assert world.bot.client.outbox.replaced["archived"] == 1
    await world.play_move(thread, table, players, random.Random(3))  # and play goes on
    assert await board_is_current(world, table)


async def test_a_locked_thread_ends_its_table_cleanly(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    thread = server.thread(channel, "lanterns", owner=players[0], members=players[1:])
    table = await started(world, thread, players)
    thread.locked = True  # a moderator locks it mid-game
    await world.play_move(thread, table, players, random.Random(5))
    row = await world.store.get_table(table)
    assert row is not None and row.status == "cancelled" and row.ended_at is not None
    assert not await world.store.pending_work(table)  # no clock left to run
    assert world.bot.client.outbox.counters.failures  # refused, once per message
    # nothing more is tried in the thread: not for a press on the old board, not later
    mark = server.mark()
    record = await world.click(players[1], button(board(thread), "hand"))
    assert notes(record) and record.ephemeral
    assert [c for c in server.calls_of(channel=thread, since=mark) if c.name in
            ("send_message", "edit_message", "delete_message")] == []


# --- rate limits -------------------------------------------------------------------------------


async def test_many_tables_stay_under_the_global_limit(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """Moves at five tables at once: the bot's requests stay within the global limit (a
    smaller one here, and a pacer to match, so the test is short), no global 429 comes,
    every interaction is answered in time, and every board ends current."""
    server = fake_discord
    outbox = world.bot.client.outbox
    outbox.pacer.rate, outbox.pacer.window = 4, 0.5
    server.limits.global_limit = (5, 0.5)
    server.clock.advance(1.0)  # past the window of the bot's start-up requests
    mark = server.mark()
    tables: list[tuple[FakeChannel, list[FakeUser], int]] = []
    for n in range(5):
        players = [server.user(f"P{n}a"), server.user(f"P{n}b", allow_dms=False)]
        guild = server.guild(f"Guild {n}", owner=players[0], members=players)
        channel = server.text_channel(guild, "games")
        tables.append((channel, players, await started(world, channel, players)))
    rng = random.Random(11)
    before = {t: await world.version(t) for _, _, t in tables}
    for _ in range(40):  # every acting player presses at once, round after round
        moving = [(c, p, t) for c, p, t in tables if await world.version(t) == before[t]]
        if not moving:
            break
        for channel, players, _table in moving:
            user = world.acting(channel, players)
            if choices(user):
                pick = choose(choices(user), rng)
                if pick.value is not None:
                    user.select(pick.message, pick.custom_id, [pick.value])
                else:
                    user.click(pick.message, pick.custom_id)
            else:
                user.click(board(channel), button(board(channel), "hand").custom_id)
        await world.settle()
    assert all([await world.version(t) > before[t] for _, _, t in tables])
    global_429 = [c for c in server.calls_of(since=mark)
                  if c.status == 429 and c.headers.get("X-RateLimit-Global")]
    assert global_429 == [] and server.most_bot_requests(0.5, since=mark) <= 5
    assert outbox.pacer.waited > 0  # the budget really bound
    server.assert_interactions_answered()  # answers are exempt: never held back
    for _, _, table in tables:
        assert await board_is_current(world, table)


async def test_a_turn_ping_overtakes_a_board_edit_held_back(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """With Discord's per-channel buckets, and a 429 on the board's edit: the new turn ping
    does not wait for it."""
    server = fake_discord
    assert server.limits.rate_limits == DISCORD_ROUTE_LIMITS  # Discord's buckets, on by default
    channel, players = place(server)
    table = await started(world, channel, players)
    server.inject_rate_limit("edit_message", channel=channel, retry_after=1.0)
    mark = server.mark()
    await world.play_move(channel, table, players, random.Random(8))
    [edited] = server.calls_of("edit_message", channel=channel, ok=True, since=mark)
    [pinged] = server.calls_of("send_message", channel=channel, ok=True, since=mark)
    assert pinged.message is ping(channel) and pinged.time < edited.time
    assert edited.headers["X-RateLimit-Limit"] == "5"  # Discord's bucket sizes were on
    assert [c for c in server.calls if c.status == 429] == server.calls_of(
        "edit_message", ok=False)  # the injected one only: the buckets were kept to
    assert await board_is_current(world, table)


async def test_a_fast_tables_held_back_board_tells_every_move_when_it_goes(
        world: World, fake_discord: FakeDiscordServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna against three computer players, pressing as fast as her panel changes, while the
    channel's board waits (its budget spent elsewhere): more moves pile up than the board's
    text holds. When it goes, the earlier ones go in a message of their own: every move
    reached the channel."""
    server = fake_discord
    anna = server.user("Anna", locale="en-US")
    guild = server.guild("Fast night", owner=anna, members=[anna])
    channel = server.text_channel(guild, "games")
    # Lanterns: a game that no random press can end early (Hanabi's random plays strike out)
    table = await world.open_table(channel, anna, [], game="lanterns")
    the_lobby = lobby(channel)
    for _ in range(3):
        await world.click(anna, button(the_lobby, "computer"))
        [easy] = [c for c in options(the_lobby)
                  if c.press.kind == "computer" and c.press.arg == "easy"]
        await world.click(anna, easy)
    await world.click(anna, button(the_lobby, "clock"))
    [off] = [c for c in options(the_lobby) if c.press.kind == "clock" and c.press.arg == "0"]
    await world.click(anna, off)
    first = await world.start_game(channel, anna)
    outbox, scheduler = world.bot.client.outbox, world.bot.service.scheduler
    budget = asyncio.Event()
    show = outbox._show

    async def held(post: Post, **options: bool) -> None:
        if post.place.role is Role.BOARD:
            await budget.wait()
        await show(post, **options)

    monkeypatch.setattr(outbox, "_show", held)
    main_lane = f"c:{channel.id}"

    async def press(record_of: object) -> None:
        """The press answered, the computer players' moves made, everything but the held
        board delivered."""
        record = record_of
        await server.wait_until(lambda: record.acknowledged, 10)  # type: ignore[attr-defined]
        await world.bot.client.interactions.drain(10)
        while not await scheduler.idle():
            await scheduler.drain()
            await asyncio.sleep(0.01)
        await server.wait_until(lambda: all(
            name == main_lane for name in outbox._lanes), 10, message="the other lanes")

    rng = random.Random(7)
    start = await world.version(table)
    while (await world.version(table) < start + 24
           and (await world.store.get_table(table)).status == "playing"):  # type: ignore[union-attr]
        if not choices(anna):
            await press(anna.click(first, button(first, "hand").custom_id))
        pick = choose(choices(anna), rng)
        await press(anna.select(pick.message, pick.custom_id, [pick.value])
                    if pick.value is not None else anna.click(pick.message, pick.custom_id))
    assert await world.version(table) >= start + 16  # a fast table: many moves piled up
    budget.set()
    await world.settle()
    told = [text for message in channel.bot_messages for text in message.texts()]
    assert any(text.startswith(TR.t("en", "table-moves-earlier-list")) for text in told)
    names = [p.name for p in players_of(await world.store.list_seats(table), "en")]
    untold = []
    for n in range(1, await world.version(table) + 1):
        record = await world.store.action_record(table, n)
        assert record is not None and record.events is not None
        lines = [escape(TR.render_label("en", e.label, names))
                 for e in events_from_json(record.events) if e.visible_to(None)]
        if lines and not any(all(line in text for line in lines) for text in told):
            untold.append(lines)
    assert untold == []


async def test_a_board_older_than_an_hour_is_replaced_not_edited(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    table = await started(world, channel, players)
    first = board(channel)
    outbox = world.bot.client.outbox

    # the bot's clock agrees with Discord's: it never tries the edit
    server.clock.advance(OLD_MESSAGE_AGE + 1)
    await world.play_move(channel, table, players, random.Random(1))
    second = board(channel)
    assert first.deleted and second is not first and outbox.replaced["old"] == 1
    assert [c for c in server.calls if c.status == 429] == []
    await world.play_move(channel, table, players, random.Random(2))
    assert board(channel) is second and second.edits == 1  # a young board is edited

    # a bot whose clock lags: Discord's 30046 tells it, and a new board replaces the old
    outbox._now = time.time  # type: ignore[method-assign]
    server.clock.advance(3600 + 1)
    await world.play_move(channel, table, players, random.Random(3))
    [limited] = [c for c in server.calls if c.status == 429]
    assert limited.response["code"] == 30046
    assert second.deleted and board(channel) is not second and outbox.replaced["old"] == 2
    assert await board_is_current(world, table)


async def test_the_pacer_serves_urgent_requests_first() -> None:
    pacer = GlobalPacer(rate=2, window=0.05)
    for _ in range(2):  # the budget is used up
        async with pacer.slot(urgent=False):
            pass
    served: list[str] = []

    async def wait(name: str, urgent: bool) -> None:
        async with pacer.slot(urgent=urgent):
            served.append(name)

    board_edit = asyncio.create_task(wait("board", False))
    await asyncio.sleep(0)
    turn_ping = asyncio.create_task(wait("ping", True))
    await asyncio.gather(board_edit, turn_ping)
    assert served == ["ping", "board"] and pacer.waited == 2


# --- long texts and command names --------------------------------------------------------------


async def test_long_rules_come_whole_in_several_messages(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, (anna, bob) = place(server)
    for user in (anna, bob):
        lang = lang_of(user)
        whole = as_shown(user, escape(rules_text(TR, lang, GAMES["rafter"])))
        assert len(whole) > CONTENT_LIMIT  # the point of the test
        parts = notes(await world.slash(user, channel, "rules", game="rafter"))
        assert len(parts) >= 2 and all(len(p) <= CONTENT_LIMIT for p in parts)
        assert not any(p.endswith(ELLIPSIS) for p in parts)
        assert "\n".join(parts).split() == whole.split()  # every word, in order


async def test_rules_take_options_and_command_names_are_localised(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, (_, bob) = place(server)
    plain = notes(await world.slash(bob, channel, "rules", game="hanabi"))
    shaped = notes(await world.slash(bob, channel, "rules", game="hanabi",
                                     options="multicolor"))
    expected = escape(rules_text(TR, "en", GAMES["hanabi"], {"multicolor": True}))
    assert shaped != plain and "\n".join(shaped).split() == expected.split()
    assert server.command("newgame")["name_localizations"] == {"ru": "новая-игра",
                                                               "pl": "nowa-gra"}
    assert server.command("rules")["name_localizations"] == {"ru": "правила", "pl": "zasady"}
