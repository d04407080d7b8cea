"""After a start every active table is shown again (bot/resuming.py), beside the presses
taken from the first moment: a press on one table never waits for another table's redraw,
and a table that cannot be drawn is skipped, not a start that fails."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from typing import Any

import pytest

from bot.screens import Drop, Post
from bot.table_posts import TablePosts
from fakes.telegram import FakeTelegramServer
from fakes.telegram_e2e import World, choices, choose, content, panel

pytest_plugins = ["fakes.telegram.fixtures", "tests.e2e_worlds"]


async def test_a_press_is_taken_while_another_table_is_still_drawn_again(
        tg_world: World, fake_telegram: FakeTelegramServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    server, world = fake_telegram, tg_world
    ann, bob = server.user("Ann"), server.user("Bob")
    slow_group = server.group("Slow", owner=ann, members=[bob])
    quick_group = server.group("Quick", owner=ann, members=[bob])
    slow = await world.open_table(slow_group, ann, [bob])
    await world.open_table(quick_group, ann, [bob])
    await world.start_game(quick_group, ann)

    # the next process draws the slow table's lobby only when the test lets it
    held, release = asyncio.Event(), asyncio.Event()
    drawn = TablePosts.current_posts

    async def current_posts(self: TablePosts, table_id: int, **options: Any
                            ) -> list[Post | Drop]:
        if table_id == slow:
            held.set()
            await release.wait()
        return await drawn(self, table_id, **options)

    monkeypatch.setattr(TablePosts, "current_posts", current_posts)
    await world.bot.stop()
    world.bot = world.new_process()
    await world.bot.start()  # returns while the slow table is still being drawn
    await asyncio.wait_for(held.wait(), 30)

    # a press at the quick table meanwhile: answered, its panel moved on
    mover = world.acting([ann, bob])
    before = panel(mover)
    assert before is not None
    query = mover.press(before, choose(choices(mover), random.Random(1)))
    await server.wait_until(lambda: bool(server.answers_for(query)), 30,
                            message="the press answered while a table is drawn again")
    assert not release.is_set() and not server.answers_for(query)[0].params.get("show_alert")
    release.set()
    assert await world.bot.telegram.resuming.wait(30)  # and the slow table is done too
    await world.settle()


async def test_a_table_that_cannot_be_drawn_is_skipped(
        tg_world: World, fake_telegram: FakeTelegramServer,
        caplog: pytest.LogCaptureFixture) -> None:
    """A table whose stored state this version cannot read (say, a bad migration) is logged
    and left as it was; the bot starts and shows every other table."""
    server, world = fake_telegram, tg_world
    ann, bob = server.user("Ann"), server.user("Bob")
    broken_group = server.group("Broken", owner=ann, members=[bob])
    sound_group = server.group("Sound", owner=ann, members=[bob])
    broken = await world.open_table(broken_group, ann, [bob])
    await world.start_game(broken_group, ann)
    await world.open_table(sound_group, ann, [bob])
    await world.bot.stop()
    with sqlite3.connect(world.db_path) as db:
        db.execute("UPDATE tables SET state = '{\"no\": \"such state\"}' WHERE id = ?",
                   (broken,))
        db.execute("DELETE FROM messages")  # so the next process must show them all again
    caplog.set_level(logging.ERROR, logger="bot.tables")
    world.bot = world.new_process()
    await world.bot.start()
    await world.settle()
    assert [r.getMessage() for r in caplog.records] == [
        f"table {broken} could not be shown again"]
    assert len([m for m in sound_group.all_messages if "Ann" in content(m)]) == 2
