"""What a long-running service keeps in memory per table that has come and gone:
`python -m bench.table_memory`.

`--tables N` Hanabi tables, one after another in one group on a fresh SQLite database, each
opened through the service (a person and an `easy` computer player), two moves played (the
person's through the buttons of her panel) and closed as the owner's /closetable does. The
Python heap (tracemalloc, after a collection, the pictures' caches emptied: they are bounded
by bytes, bot/pictures.py) is read after the first `--warm` tables and at the end; the
growth divided by the tables between is what each left behind, with the number of table
locks still held in memory. The caches bounded by a number of tables (bot/move_log.py's
moves, 256 tables; bot/table_posts.py's last moves, 10,000) grow until they are full:
`--kept K` makes them K tables each, so that what is left beyond them shows.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import tempfile
import tracemalloc
from pathlib import Path

from bot import move_log, pictures, table_posts
from bot.i18n import Translator
from bot.screens import UserRef
from fakes.hand_clock import Clock
from fakes.service_harness import (
    GROUP,
    Harness,
    open_harness,
    play_to_version,
    start_against_computer,
)

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")


async def one_table(h: Harness, clock: Clock, rng: random.Random) -> None:
    table = await start_against_computer(h, ANNA, "hanabi", "easy")
    await play_to_version(h, clock, ANNA, table, 2, rng)
    await h.service.close_table(table, ANNA)
    h.kept.clear()  # the harness's own record of what was shown is not the service's
    h.posts.clear()
    h.messages.clear()
    h.replies.clear()


def heap() -> int:
    pictures._remembered.cache_clear()  # type: ignore[attr-defined]
    pictures._panel_layout.cache_clear()  # type: ignore[attr-defined]
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def measure(tables: int, warm: int, kept: int | None) -> None:
    if kept is not None:
        move_log.TABLES_KEPT = table_posts.TABLES_KEPT = kept  # type: ignore[attr-defined]
    rng, clock = random.Random(1), Clock()
    with tempfile.TemporaryDirectory() as folder:
        async with open_harness(Path(folder), TR, clock=clock, computer_pause=1.5) as h:
            await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
            await h.start_private(ANNA)
            tracemalloc.start()
            for _ in range(warm):
                await one_table(h, clock, rng)
            before = heap()
            for _ in range(tables - warm):
                await one_table(h, clock, rng)
            after = heap()
            tracemalloc.stop()
            print(f"{tables} tables: {(after - before) / (tables - warm):.0f} bytes left "
                  f"behind per table (heap {before / 1e6:.1f} -> {after / 1e6:.1f} MB over "
                  f"the last {tables - warm}); table locks kept: {len(h.service.core.locks)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--warm", type=int, default=50)
    parser.add_argument("--kept", type=int, help="tables the bounded caches keep")
    args = parser.parse_args(argv)
    asyncio.run(measure(args.tables, args.warm, args.kept))


if __name__ == "__main__":  # the drawing pool's processes import this module
    main()
