"""The one loop that fires due work (see bot/storage/due.py).

Each tick claims the deadlines that are due (`Store.claim_due`: each goes to exactly one
claimer, whichever process it is in; on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so workers
claiming at once never wait for each other), at most one per table, and fires each in a task
of its own, so a computer player thinking at one table never holds up another table's
deadline. Between ticks the loop sleeps until the next
deadline, and `wake()` cuts the sleep short when a new one is set. Nothing waits in memory:
a deadline set before a kill -9 is read again from the database by the next process.

The loop also writes a heartbeat every few seconds (and on a clean stop), so the next process
knows how long the bot was down and gives that time back to the turn clocks.

The loop never dies: every store call in it is guarded, and a pass that fails (the database
went away) is logged and tried again after a back-off (bot/loops.py: its state is in the
health registry while it is down). Nothing is lost meanwhile: deadlines stay stored, so
those that fell due during the outage fire on the first pass after it, once `after_outage`
has been told how long it lasted (the table service gives that time back to the clocks
first, as after a restart, so nobody's turn runs out for the bot's outage).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.loops import Loop
from bot.ops import metrics
from bot.storage import DueWork, Store
from bot.storage.updates import database_unavailable

log = logging.getLogger(__name__)

Fire = Callable[[DueWork], Awaitable[None]]
AfterOutage = Callable[[float], Awaitable[object]]
BEAT_EVERY = 10.0
"""Seconds between heartbeats: a downtime is known to within this (in the players' favour)."""
RETRY_CAP = 5.0
"""The longest wait between the loop's attempts while the database is away: deadlines fire
within this of its return (a press that sets one wakes the loop sooner), at the cost of one
failing query every few seconds meanwhile."""


class Scheduler:
    def __init__(self, store: Store, fire: Fire, *, clock: Callable[[], float],
                 idle: float = 1.0, after_outage: AfterOutage | None = None,
                 health: Loop | None = None) -> None:
        """`fire(work)` acts on a claimed deadline; `clock` gives unix seconds (injected in
        tests); `idle` is the longest sleep between ticks; `after_outage(since)` is awaited
        before the first pass after the store was out of reach since `since` (the last
        good pass); `health` keeps the loop's state and back-off (a `Loop` named
        "scheduler" by default)."""
        self._store = store
        self._after_outage = after_outage
        self.health = health or Loop("scheduler", cap=RETRY_CAP, clock=clock)
        self._good = clock()  # the last pass that reached the store
        self._down_since: float | None = None  # set while the store is out of reach
        self._unfired: list[DueWork] = []  # claimed, then the database went away
        self._fire = fire
        self._clock = clock
        self._idle = idle
        self._wakeup = asyncio.Event()
        self._firing: dict[int, asyncio.Task[None]] = {}  # by table: one at a time each
        self._claiming = 0
        self._task: asyncio.Task[None] | None = None
        self._beaten = float("-inf")

    def wake(self) -> None:
        """A deadline was set: look again now rather than at the end of the sleep."""
        self._wakeup.set()

    async def tick(self) -> int:
        """Claim and start firing everything due now; return how many were started."""
        self._claiming += 1  # between the claim and its tasks, `idle` must not say so
        try:
            # a table whose previous deadline is still being acted on keeps its next one
            claimed = await self._store.claim_due(self._clock(), skip_tables=self._firing)
        finally:
            self._claiming -= 1
        for work in claimed:
            task = asyncio.create_task(self._run(work), name=f"due {work.kind} {work.table_id}")
            self._firing[work.table_id] = task
        return len(claimed)

    async def _run(self, work: DueWork) -> None:
        metrics.SCHEDULER_LAG.observe(max(0.0, self._clock() - work.due_at))
        try:
            await self._fire(work)
            await self._finish(work)
        except Exception as error:  # one table's failure must not stop the loop
            if database_unavailable(error):
                # claimed but not acted on: its claim ends once the database is back, and
                # it is fired then (a fire that got as far as its commit finds itself stale
                # by version and does nothing)
                self._unfired.append(work)
                log.warning("due %s work of table %s: database unavailable (%s); it fires "
                            "once the database is back", work.kind, work.table_id,
                            type(error).__name__)
            else:
                log.exception("due %s work of table %s failed", work.kind, work.table_id)
                await self._finish(work)
        finally:
            self._firing.pop(work.table_id, None)
            self.wake()  # the work may have set the next deadline

    async def _finish(self, work: DueWork) -> None:
        """The claimed row goes (it stays stored while fired: a process killed meanwhile
        leaves it to another, bot/storage/due.py). If the database is away, it goes when
        this process's claim lapses, and firing it again then finds it stale by version."""
        try:
            await self._store.finish_due(work)
        except Exception as error:  # noqa: BLE001 - see above
            log.warning("due %s work of table %s: not marked done (%s)", work.kind,
                        work.table_id, type(error).__name__)

    async def idle(self) -> bool:
        """Nothing is being fired and nothing is due now (for tests that settle)."""
        return (not self._firing and not self._claiming
                and not await self._store.due_work(self._clock(), limit=1))

    async def drain(self) -> None:
        """Wait for the deadlines being fired."""
        while self._firing:
            await asyncio.gather(*self._firing.values(), return_exceptions=True)

    @property
    def running(self) -> bool:
        """Started and not stopped: deadlines fire."""
        return self._task is not None

    def start(self) -> None:
        if self._task is None:
            self.health.open()
            self._task = asyncio.create_task(self._loop(), name="scheduler")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            self.health.close()
        await self.drain()
        if task is not None:
            try:
                await self._store.beat(self._clock())  # down from now on
            except Exception as error:  # noqa: BLE001 - the last beat (seconds ago) stands
                log.warning("the scheduler's last heartbeat was not written (%s)",
                            type(error).__name__)

    async def _loop(self) -> None:
        while True:
            self._wakeup.clear()
            try:
                sleep = await self._pass()
            except Exception as error:  # noqa: BLE001 - logged by `failed`; the loop goes on
                if self._down_since is None:
                    self._down_since = self._good
                sleep = self.health.failed(error)
            else:
                self.health.ok()
            try:
                # not wait_for: on Python 3.11 it loses a cancel (stop) that comes as the
                # wait ends (a fired deadline's wake), and the loop would never stop
                async with asyncio.timeout(sleep):
                    await self._wakeup.wait()
            except TimeoutError:
                pass

    async def _pass(self) -> float:
        """One round: after an outage, its time given back; what is due claimed and
        started; the heartbeat; the time until the next deadline, returned as the sleep."""
        while self._unfired:
            await self._store.put_back(self._unfired[0])
            self._unfired.pop(0)
        if self._down_since is not None:
            # before anything is claimed: a turn clock that ran out while the bot could not
            # act must not fire before it is given that time back
            if self._after_outage is not None:
                await self._after_outage(self._down_since)
            self._down_since = None
            self._good = self._clock()  # given back up to now: a new outage counts from here
        await self.tick()
        if self._clock() - self._beaten >= BEAT_EVERY:
            beaten = self._clock()
            await self._store.beat(beaten)
            self._beaten = beaten
        upcoming = await self._store.next_due()
        self._good = self._clock()
        sleep = min(self._idle, BEAT_EVERY) if upcoming is None else min(
            self._idle, BEAT_EVERY, upcoming - self._clock())
        if sleep <= 0:
            # what is due belongs to tables still busy with their last deadline: their
            # tasks wake the loop when they end
            sleep = self._idle
        return sleep
