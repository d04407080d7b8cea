"""What sharing Telegram's budgets and kept messages through the database costs a request:
`python -m bench.budgets --database postgresql://…` (a scratch schema is made in that
database and dropped after; without --database, a SQLite file, for comparison).

Times, per request, what the outbox asks of its limiter (`ready`, `acquire`, `done`) with the
windows in the database (`SharedLimiter`) and in memory (`Limiter`, what one process on
SQLite uses); then the same with `--workers` stores (each its own pool, as processes have)
taking at once from one overall window; then what an edit of a kept message adds
(`claim_message` and recording the version shown). The limits are Telegram's per-chat and
per-group ones over many chats (so no request waits for its chat) and an overall window
too large to make anyone wait: the figures are the cost of keeping count, not the waits.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

from bench.figures import p95
from bot.storage import Store
from bot.telegram.limits import Limiter, OutboxLimits, Pacer, Rate, SharedLimiter

LIMITS = OutboxLimits(overall=Rate(1000.0, burst=30))  # 30 in any 30 ms: never waited for
CHATS = 5000


async def requests(limiter: Pacer, count: int, first: int = 0) -> list[float]:
    """`count` requests to different chats (every 20th a group's), one at a time."""
    times = []
    for n in range(first, first + count):
        chat = str(-n if n % 20 == 0 else n) if n % CHATS else "1"
        start = time.perf_counter()
        await limiter.ready(chat)
        _, slot = await limiter.acquire(chat)
        await limiter.done(slot)
        times.append(time.perf_counter() - start)
    return times


def line(label: str, times: list[float]) -> str:
    return (f"  {label}: median {1000 * statistics.median(times):.2f} ms, "
            f"p95 {1000 * p95(times):.2f} ms")


async def measure(open_store: object, count: int, workers: int) -> None:
    async with open_store() as store:  # type: ignore[operator]
        memory = Limiter(LIMITS)
        print(line("in memory (Limiter), ready + acquire + done", await requests(memory,
                                                                                  count)))
        shared = SharedLimiter(LIMITS, store)
        await requests(shared, 50, first=10**6)  # warm the pool and the statements
        cpu = time.process_time()
        times = await requests(shared, count)
        cpu = time.process_time() - cpu
        print(line("in the database (SharedLimiter), ready + acquire + done", times)
              + f"; CPU {1000 * cpu / count:.2f} ms a request")

        table = await store.create_table("telegram", "-1", None, "lanterns", creator_id="u",
                                         language="en")
        await store.set_message(table.id, "board", None, "-1", "1", "h", version=0)
        times = []
        for version in range(1, count + 1):
            start = time.perf_counter()
            await store.claim_message(table.id, "board", None, version)
            await store.set_message_hash(table.id, "board", None, f"h{version}", version)
            times.append(time.perf_counter() - start)
        print(line("an edit's claim + recording its version", times))

    async with _many(open_store, workers) as stores:
        limiters = [SharedLimiter(LIMITS, s) for s in stores]
        share = count // workers
        start = time.perf_counter()
        await asyncio.gather(*(requests(limiter, share, first=2 * 10**6 + i * share)
                               for i, limiter in enumerate(limiters)))
        elapsed = time.perf_counter() - start
        print(f"  {workers} workers taking at once from one overall window: "
              f"{share * workers / elapsed:.0f} requests/s together")


@asynccontextmanager
async def _many(open_store: object, n: int) -> AsyncIterator[list[Store]]:
    async with AsyncExitStack() as stack:
        yield [await stack.enter_async_context(open_store()) for _ in range(n)]  # type: ignore[operator]


async def run(database: str | None, count: int, workers: int) -> None:
    if database is None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "store.sqlite3"
            print("SQLite (one file, synchronous=FULL):")
            await measure(lambda: Store.open(path), count, workers)
        return
    import asyncpg  # only for the scratch schema

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    plain = database.replace("postgresql+asyncpg://", "postgresql://")
    admin = await asyncpg.connect(plain)
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        print("PostgreSQL:")
        await measure(lambda: Store.open(database, schema=schema), count, workers)
    finally:
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.budgets")
    parser.add_argument("--database", help="a postgresql:// URL (default: a SQLite file)")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args(argv)
    asyncio.run(run(args.database, args.requests, args.workers))


if __name__ == "__main__":
    main()
