"""What showing every table again after a start costs: `python -m bench.resume`.

`--tables N` tables opened and started through the service (two players each, the four
games in turn) on a fresh SQLite database, then a new process on that database (as after a
restart: nothing drawn yet, its drawing process not started) draws what each should show
(`resume_each`, as bot/resuming.py runs it beside a platform's updates). Prints the whole
pass's wall-clock and CPU time and the time per table (median, p95), the first table's
including the drawing process's start.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.i18n import Translator
from bot.screens import ChatRef, Drop, Post, Result, Role, UserRef
from bot.storage import Store
from bot.tables import TableService
from engine.registry import GAMES

PLATFORM = "telegram"


def _button(posts: list[Post | Drop], prefix: str) -> str:
    lobby = [p for p in posts if isinstance(p, Post) and p.place.role is Role.LOBBY][-1]
    return next(b.data for row in lobby.screen.buttons for b in row
                if b.data and b.data.startswith(prefix))


async def _posts(result: Result) -> list[Post | Drop]:
    return list(await result.all_posts())


async def open_tables(service: TableService, count: int) -> None:
    """`count` games under way, each in a group of its own."""
    games = sorted(GAMES)
    for i in range(count):
        chat = ChatRef(PLATFORM, str(-1000 - i), title=f"Group {i}")
        host, guest = (UserRef(str(10_000 * (i + 1) + k), f"P{k}") for k in range(2))
        for user in (host, guest):
            await service.private_start(PLATFORM, user, user.id, None)
        posts = await _posts(await service.command(chat, host, "newgame", games[i % len(games)]))
        posts = await _posts(await service.press(chat, guest, _button(posts, "j:")))
        await _posts(await service.press(chat, host, _button(posts, "s:")))


async def open_service(path: Path) -> TableService:
    """The table service on the database at `path`, showing nothing anywhere."""
    store = await Store.open(path, synchronous="OFF")
    service = TableService(store, Translator.load(), seeds=itertools.count(1).__next__)
    service.register_platform(PLATFORM, deep_link=str, show=lambda posts: None)
    return service


async def prepare(path: Path, tables: int) -> None:
    service = await open_service(path)
    await open_tables(service, tables)
    await service.store.close()


async def resume(path: Path) -> None:
    """As a process that has just started: nothing drawn yet, its drawing process not
    started."""
    service = await open_service(path)
    each, posts = [], 0
    started, cpu = time.perf_counter(), time.process_time()
    last = started
    async for shown in service.resume_each(PLATFORM):
        now = time.perf_counter()
        each.append(now - last)
        last, posts = now, posts + len(shown)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    await service.store.close()
    rest = sorted(each[1:]) or [0.0]
    print(f"{len(each)} tables, {posts} posts shown again in {wall:.2f} s ({cpu:.2f} s of this "
          f"process's CPU; the drawing process's besides); the first table {each[0]:.2f} s, "
          f"then a table median {statistics.median(rest) * 1000:.0f} ms, p95 "
          f"{rest[int(0.95 * (len(rest) - 1))] * 1000:.0f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--resume", type=Path, help=argparse.SUPPRESS)  # the second process
    args = parser.parse_args(argv)
    if args.resume is not None:
        asyncio.run(resume(args.resume))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        asyncio.run(prepare(path, args.tables))
        subprocess.run([sys.executable, "-m", "bench.resume", "--resume", str(path)], check=True)


if __name__ == "__main__":
    main()
