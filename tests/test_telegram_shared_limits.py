"""Workers sharing one PostgreSQL database (`python -m bot --workers N`): each has its own
store (its own pool), its own aiogram client and its own outbox, against one fake Telegram
server, and together they keep Telegram's budgets and show the newest version of a message.

PostgreSQL only (fakes/store_backends.py's `postgres`: skipped, with a warning, where no
server answers): one process on SQLite has one outbox, whose lanes and in-memory windows the
other outbox tests cover. Time is the fake server's `SkippingClock`, shared by the stores
(the budgets' dates), the outboxes (their waits) and the fake's flood control."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

import pytest
import pytest_asyncio

from bot.i18n import Translator
from bot.screens import Post
from bot.storage.store import Claim, Store
from bot.telegram import Outbox, OutboxLimits
from fakes.telegram import FakeTelegramServer
from fakes.telegram.bot_helpers import make_bot
from tests.telegram_helpers import FakeService, board, new_table, screen

if TYPE_CHECKING:
    from fakes.store_backends import Database

pytest_plugins = ["fakes.telegram.fixtures", "fakes.store_backends"]
pytestmark = pytest.mark.timeout(180)

UNPACED = OutboxLimits(per_chat=None, per_group=None, overall=None)
"""Requests as fast as they come (flood control waited out): the most edits racing."""


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load()


class Workers:
    """`n` workers' stores, bots and outboxes on one database schema and one fake server."""

    def __init__(self, server: FakeTelegramServer, translator: Translator,
                 stack: AsyncExitStack) -> None:
        self.server = server
        self.stack = stack
        self.translator = translator
        self.stores: list[Store] = []
        self.outboxes: list[Outbox] = []

    async def start(self, database: Database, n: int, limits: OutboxLimits, *,
                    shared: bool = True,
                    sleeps: dict[int, Callable[[float], Awaitable[None]]] | None = None
                    ) -> None:
        """`sleeps`: a worker's own way to wait (by its index), the clock's by default."""
        clock, stack = self.server.clock, self.stack
        for index in range(n):
            store = await stack.enter_async_context(database.open(clock=clock, pool_size=2))
            bot = make_bot(self.server)
            stack.push_async_callback(bot.session.close)
            outbox = Outbox(bot, store, FakeService(store), self.translator, limits=limits,
                            clock=clock, sleep=(sleeps or {}).get(index, clock.sleep),
                            shared=shared)
            stack.push_async_callback(outbox.close)
            self.stores.append(store)
            self.outboxes.append(outbox)

    async def flush(self) -> None:
        assert all(await asyncio.gather(*(box.flush(20) for box in self.outboxes)))


@pytest_asyncio.fixture
async def workers(fake_telegram: FakeTelegramServer, translator: Translator
                  ) -> AsyncIterator[Workers]:
    async with AsyncExitStack() as stack:
        yield Workers(fake_telegram, translator, stack)


def shown_versions(server: FakeTelegramServer, chat_id: int) -> list[int]:
    """The versions the chat's message showed, in the order Telegram received them."""
    return [int(call.params["text"].removeprefix("v"))
            for call in server.calls_of(chat_id=chat_id, ok=True)
            if call.method in ("sendMessage", "editMessageText")]


async def group_burst(workers: Workers, database: Database, shared: bool) -> None:
    """Two workers answering presses in one group at once: 12 messages between them."""
    await workers.start(database, 2, OutboxLimits(), shared=shared)
    group = workers.server.group()
    for n in range(6):
        for worker, outbox in enumerate(workers.outboxes):
            outbox.say(group.id, screen(f"worker {worker}: answer {n}"))
    await workers.flush()


async def test_two_workers_keep_one_groups_budget_between_them(
        workers: Workers, postgres: Database) -> None:
    await group_burst(workers, postgres, shared=True)
    server = workers.server
    assert server.flood_control.refused == []  # type: ignore[union-attr]
    times = [call.time for call in server.calls_of("sendMessage")]
    assert len(times) == 12
    # the group's 4 in any 12 s, counted over both workers' requests together
    assert all(later - earlier >= 12.0 for earlier, later in zip(times, times[4:], strict=False))


async def test_workers_with_windows_of_their_own_meet_flood_control(
        workers: Workers, postgres: Database) -> None:
    """What the shared windows prevent: each worker alone keeps to the group's budget, the
    two together overspend it."""
    await group_burst(workers, postgres, shared=False)
    assert workers.server.flood_control.refused != []  # type: ignore[union-attr]


async def test_the_newest_board_wins_whichever_worker_shows_it(
        workers: Workers, postgres: Database) -> None:
    crew = workers
    await crew.start(postgres, 2, UNPACED)
    group = crew.server.group()
    table = await new_table(crew.stores[0], group.id)
    place = board(table, group.id)
    crew.outboxes[0].post(Post(place, screen("v0"), version=0))
    await crew.flush()
    chance = random.Random(4)
    for version in range(1, 25):  # each move's board from whichever worker handled it
        chance.choice(crew.outboxes).post(Post(place, screen(f"v{version}"), version=version))
        if chance.random() < 0.5:
            await asyncio.sleep(0)
    await crew.flush()
    shown = shown_versions(crew.server, group.id)
    assert shown == sorted(shown) and shown[-1] == 24  # never an older one after a newer
    [message] = group.bot_messages
    assert message.text == "v24"
    ref = await crew.stores[1].get_message(table, "board")
    assert ref is not None and ref.version == 24
    # a worker that was slow to draw an old board sends nothing
    mark = crew.server.mark()
    crew.outboxes[1].post(Post(place, screen("v23"), version=23))
    await crew.flush()
    assert crew.server.calls_of(since=mark) == []


class HeldWait:
    """A worker's waits on the shared clock, the `nth` of which (from 1) also waits for the
    test's word: meanwhile the other worker can act, at a time of the test's choosing."""

    def __init__(self, workers: Workers, nth: int) -> None:
        self.clock = workers.server.clock
        self.nth = nth
        self.count = 0
        self.waiting = asyncio.Event()
        self.go_on = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        await self.clock.sleep(seconds)
        if seconds >= 1.0:  # flood control's, not the claim polls' or the pacing's
            self.count += 1
            if self.count == self.nth:
                self.waiting.set()
                await self.go_on.wait()


async def test_an_edit_held_past_its_claims_lease_never_lands_over_a_newer_one(
        workers: Workers, postgres: Database) -> None:
    """Flood control held worker 0's edit to v1 longer than its claim's lease (CI once
    showed [0, 12, 23, 22, 24]): worker 1 claimed and showed v2 meanwhile, so worker 0, its
    wait over, gives v1 up instead of sending it over v2."""
    held = HeldWait(workers, 1)
    await workers.start(postgres, 2, UNPACED, sleeps={0: held})
    first, second = workers.outboxes
    group = workers.server.group()
    table = await new_table(workers.stores[0], group.id)
    place = board(table, group.id)
    first.post(Post(place, screen("v0"), version=0))
    assert await first.flush(20)
    workers.server.inject_flood("editMessageText", chat_id=group.id, retry_after=200)
    first.post(Post(place, screen("v1"), version=1))
    await asyncio.wait_for(held.waiting.wait(), 20)  # 200 s on: the lease (120 s) ran out
    second.post(Post(place, screen("v2"), version=2))
    assert await second.flush(20)
    held.go_on.set()
    await workers.flush()
    assert shown_versions(workers.server, group.id) == [0, 2]
    [message] = group.bot_messages
    assert message.text == "v2"
    assert first.counters.skipped["board"] == 1
    ref = await workers.stores[0].get_message(table, "board")
    assert ref is not None and ref.version == 2


async def test_a_claim_is_renewed_while_flood_control_holds_its_edit(
        workers: Workers, postgres: Database) -> None:
    """Three waits of 50 s each: the claim, renewed before each try, still holds 150 s on
    (its lease is 120 s), so no other worker's edit of the board goes in between."""
    held = HeldWait(workers, 3)
    await workers.start(postgres, 2, UNPACED, sleeps={0: held})
    first = workers.outboxes[0]
    group = workers.server.group()
    table = await new_table(workers.stores[0], group.id)
    place = board(table, group.id)
    first.post(Post(place, screen("v0"), version=0))
    assert await first.flush(20)
    workers.server.inject_flood("editMessageText", chat_id=group.id, times=3, retry_after=50)
    first.post(Post(place, screen("v1"), version=1))
    await asyncio.wait_for(held.waiting.wait(), 20)  # the third wait: 150 s on
    assert await workers.stores[1].claim_message(table, "board", None, 2) is Claim.BUSY
    held.go_on.set()
    await workers.flush()
    assert shown_versions(workers.server, group.id) == [0, 1]
    workers.outboxes[1].post(Post(place, screen("v2"), version=2))
    await workers.flush()
    assert shown_versions(workers.server, group.id) == [0, 1, 2]


async def test_a_worker_started_after_another_counts_what_that_one_sent(
        workers: Workers, postgres: Database) -> None:
    """The database remembers the requests of a worker that stopped: the next one (told
    nothing about it) waits for the group's window instead of meeting flood control."""
    await workers.start(postgres, 2, OutboxLimits())
    first, second = workers.outboxes
    group = workers.server.group()
    for n in range(4):
        first.say(group.id, screen(f"before: {n}"))
    assert await first.flush(20)
    await first.close()
    second.say(group.id, screen("after"))
    assert await second.flush(20)
    assert workers.server.flood_control.refused == []  # type: ignore[union-attr]
    sent = workers.server.calls_of("sendMessage")
    assert len(sent) == 5
    assert sent[4].time >= sent[0].time + 12.0  # once the first of the four left the window
