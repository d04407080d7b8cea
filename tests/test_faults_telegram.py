"""Telegram failing, through the real aiogram client against the fake Bot API server
(fakes/telegram): 5xx for minutes, flood control with a long retry_after, requests
that time out, getUpdates failing. The bot's waits run on the fake's skipping clock, so
"minutes" of Telegram trouble take no minutes here.

For each: what people see while it lasts (the press is taken and applied; Telegram refuses
its answer and the board's edit), and after it (the board and every panel show the current
state; every move applied once; presses answered again; the players' clocks given back the
time Telegram held the group's messages).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.table_clocks import TIMED
from fakes import telegram_e2e as tg
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser

pytest_plugins = ["fakes.telegram.fixtures"]
pytestmark = pytest.mark.timeout(180)
TR = tg.TR


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[tg.World]:
    w = tg.World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    assert fake_telegram.internal_errors == []


async def a_game(world: tg.World) -> tuple[int, FakeChat, list[FakeUser]]:
    server = world.server
    players = [server.user("Anna", language_code="en"), server.user("Boris", language_code="en")]
    group = server.supergroup("Game night", owner=players[0])
    table = await world.open_table(group, players[0], players[1:])
    await world.start_game(group, players[0])
    return table, group, players


async def move_unanswered(world: tg.World, table: int, players: list[FakeUser],
                          rng: random.Random) -> list[str]:
    """The acting player presses until a move is applied, whatever Telegram does with the
    answers; returns the callback query ids."""
    before = await world.version(table)
    queries = []
    user = world.acting(players)
    for _ in range(30):
        data = tg.choose(tg.choices(user), rng)
        queries.append(user.press(tg.panel(user), data))  # type: ignore[arg-type]
        await world.settle()
        if await world.version(table) != before:
            assert await world.version(table) == before + 1  # applied once
            return queries
    raise AssertionError("no move applied")


def shows_turn_of(group: FakeChat, user: FakeUser) -> bool:
    return TR.t("en", "bot-turn-of", player=user.first_name) in tg.content(tg.board(group))


async def test_telegram_failing_for_minutes(world: tg.World) -> None:
    server = world.server
    table, group, players = await a_game(world)
    rng = random.Random(7)
    await world.play_move(table, players, rng)
    outage = server.inject_outage(seconds=300)  # every method but getUpdates: 502
    started = server.clock()
    queries = await move_unanswered(world, table, players, rng)
    # while it lasted: the press was taken and its move applied; Telegram refused the rest
    assert outage.hits and any(not server.answers_for(q)[0].ok for q in queries)
    # after it (the outbox sat it out, trying again with a growing back-off):
    assert server.clock() - started >= 300
    nxt = world.acting(players)  # exactly one panel offers choices: the current one
    assert shows_turn_of(group, nxt)
    assert tg.board(group).edits == await world.version(table)  # one edit per move
    # presses are answered again, and play goes on
    await world.play_move(table, players, rng)
    assert await world.version(table) == 3
    assert world.bot.telegram.outbox.health.up  # and the health check says so


async def test_telegram_flood_control_for_minutes_is_given_back_to_the_clocks(
        world: tg.World) -> None:
    server = world.server
    table, group, players = await a_game(world)
    rng = random.Random(8)
    store = world.store
    flood = server.inject_flood(chat_id=group, times=2, retry_after=300)
    await world.play_move(table, players, rng)  # its board edit meets 2 × 300 s
    assert len(flood.hits) == 2
    [clock_row] = [w for w in await store.pending_work(table) if w.kind.startswith(TIMED[0])]
    nxt = world.acting(players)
    assert shows_turn_of(group, nxt)
    # the 600 s the group's messages were held are the players' again
    moved = clock_row.due_at - world.clock()
    assert moved >= 300 + 600 - 5  # Lanterns: 5 min a turn, plus the flood's 10
    await world.play_move(table, players, rng)
    server.assert_callbacks_answered()


async def test_telegram_requests_that_time_out_are_tried_again(world: tg.World) -> None:
    server = world.server
    table, group, players = await a_game(world)
    rng = random.Random(9)
    world.bot.telegram.bot.session.timeout = 1.5  # seconds, as if Telegram were far away
    hung = server.inject_timeout(chat_id=group, times=2, hang=3.0)
    await world.play_move(table, players, rng)
    assert len(hung.hits) == 2  # both timed out on the bot's side, and were sent again
    assert shows_turn_of(group, world.acting(players))
    assert tg.board(group).edits == await world.version(table)
    server.assert_callbacks_answered()


async def test_polling_goes_on_after_getupdates_fails(world: tg.World,
                                                      caplog: pytest.LogCaptureFixture
                                                      ) -> None:
    server = world.server
    table, _group, players = await a_game(world)
    failing = server.inject_error("getUpdates", status=502, description="Bad Gateway", times=2)
    polls = server.poll_count
    rng = random.Random(10)
    await world.play_move(table, players, rng)  # taken once getUpdates answers again
    assert failing.remaining == 0 and server.poll_count > polls + 2
    assert world.bot.telegram.polling is not None and not world.bot.telegram.polling.done()
    # it was down meanwhile (said once, with its cause), and is up again
    assert "telegram polling failed (TelegramServerError)" in caplog.text
    assert world.bot.telegram.polling_health.up
    server.assert_callbacks_answered()
