"""Lighthouse end to end through Telegram, with no adapter changes: the real TableService,
Store and aiogram TelegramBot against the fake Bot API server, two simulated people reading
what the bot sent them and pressing the buttons really there, through every round.

A small board (3×3 zones, a 4-step track) keeps the match short; the rules tests cover the
standard size, and the same screens and buttons serve both.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from engine.core import replay
from engine.lighthouse import SPEC
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


async def test_a_whole_match_through_telegram(world: World, fake_telegram: FakeTelegramServer):
    server = fake_telegram
    anna, lukasz = server.user("Anna", language_code="ru"), server.user("Łukasz", language_code="pl")
    group = server.supergroup("Game night", owner=anna)
    for user in (anna, lukasz):
        await world.open_private(user)
    [lobby_message] = await world.send(anna, group, "/newgame lighthouse")
    assert TR.t("ru", "game-lighthouse") in content(lobby_message)
    answer = await world.press(lukasz, lobby_message, button_data(lobby_message, "join"))
    assert not answer.alert, answer
    table = (await world.table(group)).id
    await world.store.set_options(table, {"zone_size": 3, "track": 4})
    answer = await world.press(anna, lobby(group), button_data(lobby(group), "start"))
    assert not answer.alert, answer
    the_board = board(group)
    await world.play_to_end(table, [anna, lukasz], random.Random(6))
    assert board(group).message_id == the_board.message_id  # one board, edited in place
    assert TR.t("ru", "table-final-ranking") in content(board(group))
    row = await world.store.get_table(table)
    state = SPEC.from_dict(row.state)
    assert len(state.results) >= 2  # the next round was started from a private panel
    log = await world.store.action_log(table)
    assert replay(SPEC, 2, row.seed, row.options, log) == state
    # nothing private reached the group: no drawn token, no menu path in any group button
    drawn = {TR.t(lang, "lighthouse-ev-draw", value=0)[:-2] for lang in TR.languages}
    for message in group.all_messages:
        text = message.content or ""
        assert not any(d in text for d in drawn), text
    server.assert_callbacks_answered()
