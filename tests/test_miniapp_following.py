"""The Mini App under `--workers N` (bot/web/following.py): worker 0 serves it, and what
another worker stores reaches the open Mini Apps through the store, with nothing this
process showed itself drawn twice. The other worker is a second table service on the same
database, as a webhook worker is; the looks are taken by the test (`catch_up`), so no time
is waited for, and the loop that takes them is checked through a store outage."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.loops import Loop
from bot.port import TableMark
from bot.screens import ChatRef, UserRef
from bot.storage import Store
from bot.tables import TableService
from bot.telegram.miniapp import TelegramMiniApp
from bot.web.app import build_app, serve
from bot.web.following import Following
from bot.web.images import Images
from bot.web.rooms import Rooms
from bot.web.telegram_app import KEY
from fakes.miniapp_e2e import (
    WEBAPP_URL,
    MiniAppProcess,
    MiniAppWorld,
    Opened,
    running_world,
    shown_now,
)
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser
from fakes.telegram_e2e import TR, button_data, lobby

pytest_plugins = ["fakes.telegram.fixtures"]


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path
                ) -> AsyncIterator[MiniAppWorld]:
    async with running_world(fake_telegram, tmp_path / "games.sqlite3") as w:
        yield w


@pytest_asyncio.fixture
async def other_worker(world: MiniAppWorld) -> AsyncIterator[TableService]:
    """A second worker's table service on the same database (its posts go nowhere: only
    the store tells worker 0 what it did)."""
    store = await Store.open(world.db_path, synchronous="OFF")
    service = TableService(store, TR, seeds=itertools.count(7).__next__, clock=world.clock,
                           computer_pause=0.0)
    yield service
    await store.close()


def following(world: MiniAppWorld) -> Following:
    bot = world.bot
    assert isinstance(bot, MiniAppProcess)
    return bot.runner.app[KEY].following


async def look(world: MiniAppWorld) -> int:
    """One look at the store, and the posts it refilled shown."""
    refilled = await following(world).catch_up()
    await world.settle()
    return refilled


async def press_elsewhere(service: TableService, group: FakeChat, user: FakeUser,
                          data: str) -> None:
    result = await service.press(ChatRef("telegram", str(group.id), title=group.title or ""),
                                 UserRef(str(user.id), user.first_name), data)
    assert not (result.reply and result.reply.alert), result.reply


async def until(check: Callable[[], bool]) -> bool:
    """Whether `check` comes true: the stream delivers what a room shows a moment after
    (a guard of 30 s against a hang)."""
    async def checked() -> None:
        while not check():
            await asyncio.sleep(0.01)

    try:
        await asyncio.wait_for(checked(), 30)
    except TimeoutError:
        return False
    return True


def shows(opened: Opened) -> dict[str, str]:
    """What the person's Mini App shows now: each message's text, by its key."""
    return {key: "".join(part.get("t", "") for part in event["screen"].get("text", []))
            for key, event in shown_now(opened.events).items()}


async def test_another_workers_changes_reach_the_open_mini_app(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer,
        other_worker: TableService) -> None:
    ann, bob, cid, dan = (fake_telegram.user(n) for n in ("Ann", "Bob", "Cid", "Dan"))
    group = fake_telegram.group("Family", owner=ann, members=[bob, cid, dan])
    table = await world.open_table(group, ann, [bob])
    for user in (cid, dan):
        await world.open_private(user)
    opened = world.open_app(ann, start_param=str(table))
    assert (await world.open(opened))[0] == 200
    async with world.watching(opened):
        await world.settle()
        assert await look(world) == 0  # the first look only notes where the table stands

        # Cid joins through this process: heard from its own outbox, never drawn again
        await world.press(cid, lobby(group), button_data(lobby(group), "join"))
        assert await until(lambda: "Cid" in shows(opened)["lobby:-1"])
        assert [await look(world), await look(world)] == [0, 0]

        # Dan joins through the other worker: a new lobby version, shown within two looks
        await press_elsewhere(other_worker, group, dan, button_data(lobby(group), "join"))
        assert await look(world) == 0  # just changed: maybe on its way from this process
        assert "Dan" not in shows(opened)["lobby:-1"]
        assert await look(world) == 1
        assert await until(lambda: "Dan" in shows(opened)["lobby:-1"])
        assert await look(world) == 0  # filled once, not again

        # Ann starts the game there too: the lobby goes, the board and her panel come
        await press_elsewhere(other_worker, group, ann, button_data(lobby(group), "start"))
        assert [await look(world), await look(world)] == [0, 1]
        assert await until(lambda: "lobby:-1" not in shows(opened) and "board:-1" in shows(opened))
        now = shown_now(opened.events)
        assert [e["player"] for e in now.values() if e["role"] == "panel"] == [str(ann.id)]
        assert await look(world) == 0


class _Flaky:
    """A service whose store is away for the first `failures` looks."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.looks = 0

    async def newest_tables(self, platform: str, chat_ids: list[str]) -> dict[str, TableMark]:
        self.looks += 1
        if self.looks <= self.failures:
            raise ConnectionError("the database is away")
        return {}


async def test_the_loop_survives_an_outage_and_says_it_was_down() -> None:
    rooms = Rooms(Images(), lambda table_id: asyncio.sleep(0, None))
    rooms.watch("-100", frozenset())  # someone watches the group's room
    service = _Flaky(failures=3)
    following = Following(service, rooms, lambda: ["-100"])  # type: ignore[arg-type]
    waits: list[float] = []
    states: list[bool] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        states.append(all(loop.up for loop in _loops()))
        if len(waits) == 6:
            raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        await following.run(every=0.5, sleep=sleep)
    assert service.looks == 5
    assert waits == [0.5, 0.5, 1.0, 2.0, 0.5, 0.5]  # the back-off, then the pace again
    assert states == [True, False, False, False, True, True]
    assert _loops() == []  # ended on purpose: no health check calls it down


def _loops() -> list[Loop]:
    from bot.loops import LOOPS

    return [loop for loop in LOOPS if loop.name == "mini app following"]


async def test_a_worker_of_several_follows_and_a_lone_process_does_not(
        other_worker: TableService) -> None:
    """`python -m bot --worker 0` runs its web adapter with `follow_others` (it was handed
    the supervisor's socket): the loop runs while the app does, and ends with it."""
    for follow_others in (True, False):
        miniapp = TelegramMiniApp("123:abc", WEBAPP_URL, TR)
        app = build_app(other_worker, TR, secret="x" * 40, miniapp=miniapp,
                        follow_others=follow_others)
        runner = await serve(app, "127.0.0.1", 0)
        await asyncio.sleep(0)  # the loop's task takes its first step
        assert bool(_loops()) is follow_others
        await runner.cleanup()
        assert _loops() == []
