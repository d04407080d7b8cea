"""Hanabi end to end through Telegram, with no adapter changes: the real TableService, Store
and aiogram TelegramBot against the fake Bot API server, three simulated people reading what
the bot sent them and pressing the buttons really there, to the final score."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.pictures import picture
from engine.core import replay
from engine.hanabi import SPEC
from fakes.telegram import FakeTelegramServer
from fakes.telegram_e2e import TR, World, board, button_data, content, lobby

pytest_plugins = ["fakes.telegram.fixtures"]

pytestmark = pytest.mark.timeout(180)


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()


async def test_a_whole_game_through_telegram(world: World, fake_telegram: FakeTelegramServer):
    server = fake_telegram
    people = [server.user("Anna", language_code="ru"), server.user("Łukasz", language_code="pl"),
              server.user("Bob")]
    group = server.supergroup("Game night", owner=people[0])
    for user in people:
        await world.open_private(user)
    [lobby_message] = await world.send(people[0], group, "/newgame hanabi multicolor")
    assert TR.t("ru", "game-hanabi") in content(lobby_message)
    for user in people[1:]:
        answer = await world.press(user, lobby(group), button_data(lobby(group), "join"))
        assert not answer.alert, answer
    table = (await world.table(group)).id
    answer = await world.press(people[0], lobby(group), button_data(lobby(group), "start"))
    assert not answer.alert, answer
    the_board = board(group)
    await world.play_to_end(table, people, random.Random(3))
    assert board(group).message_id == the_board.message_id  # one board, edited in place
    assert TR.t("ru", "table-final-ranking") in content(board(group))
    row = await world.store.get_table(table)
    assert row.options == {"multicolor": True}
    state = SPEC.from_dict(row.state)
    log = await world.store.action_log(table)
    assert replay(SPEC, 3, row.seed, {**SPEC.default_options, **row.options}, log) == state
    # the group's picture is drawn from the public view only: it is exactly that picture
    seats = await world.store.list_seats(table)
    names = [s.display_name for s in sorted(seats, key=lambda s: s.seat)]
    assert board(group).photo_bytes == picture("hanabi", "board", SPEC.view(state, None), names)
    server.assert_callbacks_answered()
