"""The store's cost per press: `python -m bench.store` (SQLite), or with
`--database postgresql://…` (a scratch schema is made in that database and dropped after).

A press on a running table does a handful of store calls: read the table and its seats,
commit the action (version-checked), read the seats again, then record what the board now
shows. This times that sequence over many tables, one press at a time (latency) and with
`--concurrency` presses in flight (throughput), plus the scheduler's claim of due work.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from bench.figures import p95
from bot.storage import Store

SEATS = ("u0", "u1", "u2", "u3")


async def press(store: Store, table_id: int) -> None:
    table, seats = await store.load_table(table_id)  # type: ignore[misc]
    await store.commit_action(table_id, table.version, table.version % len(seats),
                              f"m{table.version}", {"v": table.version + 1, "pad": "x" * 2000})
    await store.list_seats(table_id)
    await store.get_message(table_id, "board")
    await store.set_message_hash(table_id, "board", None, f"h{table.version}")


async def measure(store: Store, tables: int, presses: int, concurrency: int) -> None:
    ids = []
    for n in range(tables):
        table = await store.create_table("telegram", str(-n - 1), None, "lanterns",
                                         creator_id="u0", language="en")
        for user in SEATS:
            await store.add_seat(table.id, user, user.upper())
        await store.start_table(table.id, seed=n, state={"v": 0}, seat_order=SEATS)
        await store.set_message(table.id, "board", None, str(-n - 1), "1", "h")
        ids.append(table.id)

    times = []
    cpu = time.process_time()  # every thread's: not inflated by a busy machine
    for i in range(presses):
        start = time.perf_counter()
        await press(store, ids[i % tables])
        times.append(time.perf_counter() - start)
    cpu = time.process_time() - cpu
    print(f"  one press at a time ({presses} presses, 5 store calls each): median "
          f"{1000 * statistics.median(times):.2f} ms, p95 {1000 * p95(times):.2f} ms; "
          f"CPU {1000 * cpu / presses:.2f} ms a press")

    queue = asyncio.Queue[int]()
    for i in range(presses):
        queue.put_nowait(ids[i % tables])

    async def worker() -> None:
        while not queue.empty():
            table_id = queue.get_nowait()
            while True:
                try:
                    await press(store, table_id)
                    break
                except Exception as error:  # VersionConflict: a racing press on that table
                    if type(error).__name__ != "VersionConflict":
                        raise

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - start
    print(f"  {concurrency} presses in flight: {presses / elapsed:.0f} presses/s")

    now = time.time()
    for table_id in ids:
        await store.schedule(table_id, "computer", version=0, due_at=now - 1)
    start = time.perf_counter()
    claimed = 0
    for work in await store.due_work(now, limit=tables):
        claimed += await store.claim(work)
    elapsed = time.perf_counter() - start
    print(f"  claiming {claimed} due deadlines: {1000 * elapsed / max(claimed, 1):.2f} ms each")


async def run(database: str | None, tables: int, presses: int, concurrency: int,
              synchronous: str) -> None:
    if database is None:
        with tempfile.TemporaryDirectory() as folder:
            print(f"SQLite (synchronous={synchronous}), {tables} tables:")
            async with Store.open(Path(folder) / "store.sqlite3",
                                  synchronous=synchronous) as store:  # type: ignore[arg-type]
                await measure(store, tables, presses, concurrency)
        return
    import asyncpg  # only for the scratch schema

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    plain = database.replace("postgresql+asyncpg://", "postgresql://")
    admin = await asyncpg.connect(plain)
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        print(f"PostgreSQL, {tables} tables:")
        async with Store.open(database, schema=schema) as store:  # type: ignore[call-arg]
            await measure(store, tables, presses, concurrency)
    finally:
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.store")
    parser.add_argument("--database", help="a postgresql:// URL (default: a SQLite file)")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--presses", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=20)
    parser.add_argument("--synchronous", default="FULL", choices=("OFF", "NORMAL", "FULL"),
                        help="SQLite's: FULL (the bot's) waits for the disk at every commit; "
                        "OFF shows the cost of the code alone")
    args = parser.parse_args(argv)
    asyncio.run(run(args.database, args.tables, args.presses, args.concurrency,
                    args.synchronous))


if __name__ == "__main__":
    main()
