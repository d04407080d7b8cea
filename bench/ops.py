"""What watching the bot costs: `python -m bench.ops [--tables N] [--requests N]`.

A store with `--tables` tables (SQLite, or PostgreSQL with `--postgresql`), the operator
port serving it on 127.0.0.1 (bot/ops/health.py), and `--requests` requests of each of
/healthz, /readyz (a database read) and /metrics (the tables counted by game and status and
the due backlog read first, then every metric written out): the median and 95th percentile
time of each, over real HTTP; the size of a /metrics answer; and the cost of timing one
press (`bot.ops.metrics.timed_press` around a coroutine that returns at once).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from bot.ops import metrics
from bot.ops.health import Ops, serve_ops
from bot.storage import Store
from engine.registry import GAMES as REGISTRY
from fakes.store_backends import postgres_url

GAMES = tuple(REGISTRY)  # the tables filled in cycle through every game


async def fill(store: Store, tables: int) -> None:
    for i in range(tables):
        await store.create_table("telegram", str(-1000 - i), None, GAMES[i % len(GAMES)],
                                 creator_id=str(i), language="en")


def quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms"


async def press_overhead(rounds: int = 100_000) -> tuple[float, float]:
    class Chat:
        platform = "bench"

    async def bare(self: object, chat: object) -> None:
        return None

    timed = metrics.timed_press(bare)
    chat = Chat()
    results = []
    for fn in (bare, timed):
        start = time.perf_counter()
        for _ in range(rounds):
            await fn(None, chat)
        results.append((time.perf_counter() - start) / rounds)
    return results[0], results[1]


async def main(tables: int, requests: int, postgresql: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        if postgresql:
            import asyncpg

            schema = f"bench_ops_{int(time.time())}"
            admin = await asyncpg.connect(postgres_url())
            await admin.execute(f'CREATE SCHEMA "{schema}"')
            store = await Store.open(postgres_url(), schema=schema)
        else:
            store = await Store.open(Path(folder) / "ops.sqlite3", synchronous="OFF")
        try:
            await fill(store, tables)
            ops = Ops()
            ops.store = store
            ops.serving()
            runner = await serve_ops(ops, "127.0.0.1", 0)
            port = runner.addresses[0][1]
            try:
                async with aiohttp.ClientSession() as http:
                    for path in ("/healthz", "/readyz", "/metrics"):
                        times, size = [], 0
                        for _ in range(requests):
                            start = time.perf_counter()
                            async with http.get(f"http://127.0.0.1:{port}{path}") as response:
                                body = await response.read()
                                assert response.status == 200, (path, body)
                            times.append(time.perf_counter() - start)
                            size = len(body)
                        print(f"{path:9} {quantiles(times)} ({size} bytes)")
            finally:
                await runner.cleanup()
        finally:
            await store.close()
            if postgresql:
                await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
                await admin.close()
    bare, timed = await press_overhead()
    print(f"timing a press: {(timed - bare) * 1e6:.2f} µs more per press "
          f"({bare * 1e6:.2f} µs bare, {timed * 1e6:.2f} µs timed)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.ops", description=__doc__)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--postgresql", action="store_true")
    args = parser.parse_args()
    print(f"{args.tables} tables, {args.requests} requests each, "
          f"{'PostgreSQL' if args.postgresql else 'SQLite'}")
    asyncio.run(main(args.tables, args.requests, args.postgresql))
