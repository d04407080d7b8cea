"""The scheduler's cost with many pending deadlines: `python -m bench.scheduler`.

Fills a fresh SQLite database with `--pending` deadlines spread over the next day (one per
table), then times the scheduler's tick when nothing is due (what it does most of the time)
and when `--due` deadlines have fallen due (claiming each and starting its task).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.figures import p95
from bot.scheduler import Scheduler
from bot.storage import DueWork, Store


async def measure(pending: int, due: int, ticks: int) -> None:
    now = [1_800_000_000.0]
    with tempfile.TemporaryDirectory() as folder:
        async with Store.open(Path(folder) / "db.sqlite3", clock=lambda: now[0],
                              synchronous="NORMAL") as store:
            rng = random.Random(1)
            ids = []
            for n in range(pending):
                table = await store.create_table("telegram", str(-n - 1), None, "lanterns",
                                                 creator_id="1", language="en")
                ids.append(table.id)
                await store.schedule(table.id, "computer", version=0,
                                     due_at=now[0] + 60 + rng.random() * 86_400)

            async def fire(work: DueWork) -> None:
                return None

            scheduler = Scheduler(store, fire, clock=lambda: now[0])
            idle = []
            for _ in range(ticks):
                start = time.perf_counter()
                await scheduler.tick()
                await store.next_due()  # the loop asks when to wake next
                idle.append(time.perf_counter() - start)
            for table_id in ids[:due]:
                await store.schedule(table_id, "computer", version=0, due_at=now[0])
            start = time.perf_counter()
            fired = await scheduler.tick()
            busy = time.perf_counter() - start
            await scheduler.drain()
    print(f"scheduler, {pending:,} pending deadlines: idle tick median "
          f"{1000 * statistics.median(idle):.2f} ms, p95 {1000 * p95(idle):.2f} ms; "
          f"a tick claiming {fired} due ones {1000 * busy:.1f} ms "
          f"({1000 * busy / max(fired, 1):.2f} ms each)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.scheduler")
    parser.add_argument("--pending", type=int, default=10_000)
    parser.add_argument("--due", type=int, default=100)
    parser.add_argument("--ticks", type=int, default=200)
    args = parser.parse_args(argv)
    asyncio.run(measure(args.pending, args.due, args.ticks))


if __name__ == "__main__":
    main()
