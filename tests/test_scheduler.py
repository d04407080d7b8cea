"""Due work and the scheduler, with an injected clock: a deadline fires once its time comes
and not before, exactly once even with two processes' schedulers on one database, and a
deadline moved or replaced meanwhile is not fired in its old form."""

from __future__ import annotations

import asyncio

import asyncpg

from bot.scheduler import Scheduler
from bot.storage import DueWork, Store

# `clock`, and `database`: each test on SQLite and on PostgreSQL
pytest_plugins = ["fakes.hand_clock", "fakes.store_backends"]


async def table(store: Store) -> int:
    row = await store.create_table("telegram", "-1", None, "lanterns", creator_id="1",
                                   language="en")
    return row.id


async def test_a_deadline_fires_when_due_and_only_once(database, clock):
    async with database.open(clock=clock) as store:
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


async def test_two_processes_sharing_a_database_fire_a_deadline_once(database, clock):
    async with database.open(clock=clock) as one, database.open(clock=clock) as two:
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


async def test_a_moved_deadline_is_not_fired_in_its_old_form(database, clock):
    async with database.open(clock=clock) as store:
        table_id = await table(store)
        await store.schedule(table_id, "computer", version=1, due_at=clock.now)
        [old] = await store.due_work(clock.now)
        await store.schedule(table_id, "computer", version=2, due_at=clock.now + 10)
        assert not await store.claim(old)  # a newer move set a newer deadline
        [pending] = await store.pending_work(table_id)
        assert (pending.version, pending.due_at) == (2, clock.now + 10)


async def test_the_loop_sleeps_until_the_next_deadline_and_wakes_for_a_new_one(database, clock):
    async with database.open(clock=clock) as store:
        fired = asyncio.Event()

        async def fire(work: DueWork) -> None:
            fired.set()

        scheduler = Scheduler(store, fire, clock=clock, idle=3600)
        scheduler.start()
        try:
            table_id = await table(store)
            await store.schedule(table_id, "computer", version=0, due_at=clock.now)
            scheduler.wake()  # as the service does when it sets a deadline
            await asyncio.wait_for(fired.wait(), 30)
        finally:
            await scheduler.stop()


async def test_one_failing_deadline_does_not_stop_the_others(database, clock):
    async with database.open(clock=clock) as store:
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


async def test_two_workers_racing_for_many_deadlines_claim_each_exactly_once(database, clock):
    """Two stores (on PostgreSQL two connection pools, as two worker processes have) claim
    the same due rows, several claims of each in flight at once: every deadline is claimed,
    none twice, and both workers get a share."""
    async with database.open(clock=clock) as one, database.open(clock=clock) as two:
        expected = set()
        for n in range(20):
            row = await one.create_table("telegram", str(-n - 1), None, "lanterns",
                                         creator_id="1", language="en")
            for kind in ("computer", "clock:0", "remind:1"):
                await one.schedule(row.id, kind, version=0, due_at=clock.now - n)
                expected.add((row.id, kind))
        claimed: list[tuple[str, DueWork]] = []

        async def claim(name: str, store: Store) -> None:
            claimed.extend((name, work) for work in await store.claim_due(clock.now, limit=2))

        while await one.due_work(clock.now, limit=1):
            await asyncio.gather(*(claim(name, store) for name, store in
                                   (("one", one), ("two", two)) * 3))
        assert sorted((w.table_id, w.kind) for _, w in claimed) == sorted(expected)
        assert {name for name, _ in claimed} == {"one", "two"}


async def test_two_schedulers_fire_every_deadline_once(database, clock):
    async with database.open(clock=clock) as one, database.open(clock=clock) as two:
        fired: list[tuple[int, str]] = []

        async def fire(work: DueWork) -> None:
            fired.append((work.table_id, work.kind))

        expected = set()
        for n in range(10):
            row = await one.create_table("telegram", str(-n - 1), None, "lanterns",
                                         creator_id="1", language="en")
            for kind in ("computer", "clock:0"):
                await one.schedule(row.id, kind, version=0, due_at=clock.now)
                expected.add((row.id, kind))
        workers = [Scheduler(one, fire, clock=clock), Scheduler(two, fire, clock=clock)]
        for _ in range(4):  # a table's kinds come one per tick, once its last one is done
            await asyncio.gather(*(w.tick() for w in workers))
            for worker in workers:
                await worker.drain()
        assert sorted(fired) == sorted(expected)


async def test_a_claim_skips_rows_another_worker_holds_instead_of_waiting(postgres, clock):
    """PostgreSQL: while another transaction holds some due rows (a worker claiming them),
    a claim takes the others at once (SKIP LOCKED) rather than waiting for that one."""
    async with postgres.open(clock=clock) as store:
        ids = []
        for n in range(4):
            row = await store.create_table("telegram", str(-n - 1), None, "lanterns",
                                           creator_id="1", language="en")
            await store.schedule(row.id, "computer", version=0, due_at=clock.now)
            ids.append(row.id)
        other = await asyncpg.connect(str(postgres.target),
                                      server_settings={"search_path": postgres.schema})
        try:
            holding = other.transaction()
            await holding.start()
            await other.execute("SELECT * FROM due_work WHERE table_id = ANY($1::bigint[])"
                                " FOR UPDATE", ids[:2])
            # without SKIP LOCKED this would wait for `other` until the guard gives up
            claimed = await asyncio.wait_for(store.claim_due(clock.now), 30)
            assert sorted(w.table_id for w in claimed) == ids[2:]
            await holding.rollback()
        finally:
            await other.close()
        assert sorted(w.table_id for w in await store.claim_due(clock.now)) == ids[:2]
