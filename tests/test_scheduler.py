"""Due work and the scheduler, with an injected clock: a deadline fires once its time comes
and not before, exactly once even with two processes' schedulers on one database, and a
deadline moved or replaced meanwhile is not fired in its old form."""

from __future__ import annotations

import asyncio

from bot.scheduler import Scheduler
from bot.storage import DueWork, Store

pytest_plugins = ["tests.hand_clock"]  # the `clock` fixture


async def table(store: Store) -> int:
    row = await store.create_table("telegram", "-1", None, "lanterns", creator_id="1",
                                   language="en")
    return row.id


async def test_a_deadline_fires_when_due_and_only_once(tmp_path, clock):
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        fired: list[DueWork] = []

        async def fire(work: DueWork) -> None:
            fired.append(work)

        scheduler = Scheduler(store, fire, clock=clock)
        table_id = await table(store)
        await store.schedule(table_id, "computer", version=3, due_at=clock.now + 5)
        assert await store.next_due() == clock.now + 5
        assert await scheduler.tick() == 0
        clock.now += 5
        assert await scheduler.tick() == 1
        await scheduler.drain()
        assert fired == [DueWork(table_id, "computer", 3, clock.now)]
        assert await scheduler.tick() == 0 and await store.pending_work(table_id) == []


async def test_two_processes_sharing_a_database_fire_a_deadline_once(tmp_path, clock):
    path = tmp_path / "db.sqlite3"
    async with Store.open(path, clock=clock) as one, Store.open(path, clock=clock) as two:
        fired: list[str] = []

        def firing(name: str):
            async def fire(work: DueWork) -> None:
                fired.append(name)
            return fire

        table_id = await table(one)
        await one.schedule(table_id, "computer", version=1, due_at=clock.now)
        first, second = Scheduler(one, firing("one"), clock=clock), Scheduler(two, firing("two"),
                                                                              clock=clock)
        started = await asyncio.gather(first.tick(), second.tick())
        await first.drain()
        await second.drain()
        assert sorted(started) == [0, 1] and len(fired) == 1


async def test_a_moved_deadline_is_not_fired_in_its_old_form(tmp_path, clock):
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        table_id = await table(store)
        await store.schedule(table_id, "computer", version=1, due_at=clock.now)
        [old] = await store.due_work(clock.now)
        await store.schedule(table_id, "computer", version=2, due_at=clock.now + 10)
        assert not await store.claim(old)  # a newer move set a newer deadline
        [pending] = await store.pending_work(table_id)
        assert (pending.version, pending.due_at) == (2, clock.now + 10)


async def test_the_loop_sleeps_until_the_next_deadline_and_wakes_for_a_new_one(tmp_path, clock):
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        fired = asyncio.Event()

        async def fire(work: DueWork) -> None:
            fired.set()

        scheduler = Scheduler(store, fire, clock=clock, idle=3600)
        scheduler.start()
        try:
            table_id = await table(store)
            await store.schedule(table_id, "computer", version=0, due_at=clock.now)
            scheduler.wake()  # as the service does when it sets a deadline
            await asyncio.wait_for(fired.wait(), 5)
        finally:
            await scheduler.stop()


async def test_one_failing_deadline_does_not_stop_the_others(tmp_path, clock):
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        done: list[int] = []

        async def fire(work: DueWork) -> None:
            if work.version == 1:
                raise RuntimeError("a bug at one table")
            done.append(work.table_id)

        scheduler = Scheduler(store, fire, clock=clock)
        first, second = await table(store), 0
        await store.set_status(first, "cancelled")
        second = await table(store)
        await store.schedule(first, "computer", version=1, due_at=clock.now)
        await store.schedule(second, "computer", version=2, due_at=clock.now)
        assert await scheduler.tick() == 2
        await scheduler.drain()
        assert done == [second]
