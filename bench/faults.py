"""How long the bot takes to recover from each fault: `python -m bench.faults`.

Every fault is caused for real, for real seconds, against the loops as shipped (their
back-off doubling from 0.5 s up to 30 s), and timed from its end (the restore) to:

* a database outage (PostgreSQL cut by a loopback TCP proxy, SQLite held locked by another
  connection; `--seconds`, 5 and 60 by default): the first deadline fired (a computer's
  move that fell due during it) and the first press answered (a person pressing again every
  0.2 s until their move is applied);
* Telegram answering 502 to everything but getUpdates (`--telegram-seconds`): the first
  press answered (pressing every 0.2 s) and the first message shown again (the outbox
  trying the panel a press changed during the outage again after its back-off);
* Telegram's flood control with a long retry_after on the group (`--flood-seconds`): the
  board shown after the wait.

The store, the scheduler and the outbox are the bot's own; Telegram is the fake server
(fakes/telegram) with the real aiogram client. PostgreSQL is TEST_DATABASE_URL's
server (skipped with a note when none answers).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import tempfile
import time
from pathlib import Path

import pytest

from bot.i18n import Translator
from fakes import telegram_e2e as tg
from fakes.faults import ServiceWorld, outage_of
from fakes.service_harness import open_harness
from fakes.telegram import FakeTelegramServer

TR = Translator.load()
PRESS_EVERY = 0.2
"""How often the person of the benchmark presses again while nothing answers."""


async def _first(condition, *, timeout: float, every: float = 0.01) -> float:
    """Seconds until `condition()` (awaited) is true."""
    start = time.monotonic()
    while not await condition():
        if time.monotonic() - start > timeout:
            raise TimeoutError("not recovered in time")
        await asyncio.sleep(every)
    return time.monotonic() - start


async def database_outage(backend: str, seconds: float) -> tuple[float, float] | None:
    """(restore → first deadline fired, restore → first press applied), or None without
    a PostgreSQL server."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            opening = outage_of(backend, Path(folder))
            outage = await opening.__aenter__()
        except (OSError, pytest.skip.Exception) as error:  # no server answers
            print(f"{backend}: skipped ({type(error).__name__}: {error})")
            return None
        try:
            outage.busy_timeout_ms = 5000  # as shipped: a writer waits 5 s for the lock
            async with open_harness(Path(folder), TR, clock=time.time, computer_pause=1.5,
                                    database=outage) as h:
                world = ServiceWorld(h, time.time, quick=False)
                tables = await world.set_up()  # a computer's move due in 1.5 s
                outage.cut()
                world.scheduler.start()
                try:
                    await asyncio.sleep(seconds)
                    outage.restore()

                    async def fired() -> bool:
                        return any(w.table_id == tables["solo"] for w in world.fired)

                    rng = random.Random(1)

                    async def pressed() -> bool:
                        try:
                            await world.move(tables["game"], rng)
                        except Exception:  # noqa: BLE001 - told to try again: they do
                            await asyncio.sleep(PRESS_EVERY)
                            return False
                        return True

                    # nobody presses first: a press that sets a deadline wakes the loop
                    deadline = await _first(fired, timeout=120)
                    outage.cut()  # once more, for the press alone
                    await asyncio.sleep(seconds)
                    outage.restore()
                    press = await _first(pressed, timeout=120)
                    return deadline, press
                finally:
                    await world.scheduler.stop()
        finally:
            outage.restore()
            await opening.__aexit__(None, None, None)


async def telegram_outage(seconds: float, *, flood: bool = False) -> tuple[float, float]:
    """(end → first press answered, end → first message shown): Telegram answering 502 to
    everything but getUpdates for `seconds`, or (`flood`) 429 with that retry_after on the
    group's messages."""
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegramServer() as server:  # real time: Telegram's own budgets
            world = tg.World(server, Path(folder) / "games.sqlite3")
            await world.start()
            try:
                anna = server.user("Anna", language_code="en")
                boris = server.user("Boris", language_code="en")
                group = server.supergroup("Game night", owner=anna)
                table = await world.open_table(group, anna, [boris])
                await world.start_game(group, anna)
                rng = random.Random(3)
                await world.play_move(table, [anna, boris], rng)
                user = world.acting([anna, boris])
                mark = server.mark()
                if flood:
                    server.inject_flood(chat_id=group, times=1, retry_after=int(seconds))
                    version = await world.version(table)
                    while await world.version(table) == version:  # a move: its board waits
                        user = world.acting([anna, boris])
                        user.press(tg.panel(user), tg.choose(tg.choices(user), rng))  # type: ignore[arg-type]
                        await world.bot.settle(timeout=seconds + 60)
                    [refused] = [c for c in server.calls[mark:] if c.status == 429]
                    end = refused.time + seconds
                    [shown] = [c for c in server.calls[mark:] if c.ok and c.time >= end
                               and c.method.startswith("editMessage")][:1]
                    return 0.0, shown.time - end
                server.inject_outage(seconds=seconds)
                end_at = server.clock() + seconds
                panel = tg.panel(user)
                assert panel is not None
                user.press(panel, tg.choose(tg.choices(user), rng))  # its answer is refused
                await asyncio.sleep(max(0.0, end_at - server.clock()))

                async def answered() -> bool:
                    panel = tg.panel(user)
                    assert panel is not None
                    query = user.press(panel, tg.choose(tg.choices(user), rng))
                    await asyncio.sleep(PRESS_EVERY)
                    return any(a.ok for a in server.answers_for(query))

                async def shown() -> bool:
                    return any(c.ok and c.time >= end_at and c.method != "answerCallbackQuery"
                               for c in server.calls[mark:])

                press = await _first(answered, timeout=120, every=0.0)
                await _first(shown, timeout=120)
                first_shown = min(c.time for c in server.calls[mark:]
                                  if c.ok and c.time >= end_at
                                  and c.method != "answerCallbackQuery")
                return press, first_shown - end_at
            finally:
                await world.stop()


async def run(args: argparse.Namespace) -> None:
    print("fault | lasted | recovery (from its end)")
    for seconds in args.seconds:
        for backend in ("postgresql", "sqlite"):
            result = await database_outage(backend, seconds)
            if result is not None:
                deadline, press = result
                what = "cut by a TCP proxy" if backend == "postgresql" else "locked"
                print(f"{backend} {what} | {seconds:g} s | first deadline fired "
                      f"{deadline:.2f} s, first press applied {press:.2f} s", flush=True)
    press, shown = await telegram_outage(args.telegram_seconds)
    print(f"Telegram 502 on every request but getUpdates | {args.telegram_seconds:g} s | "
          f"first press answered {press:.2f} s, first message shown {shown:.2f} s",
          flush=True)
    _, shown = await telegram_outage(args.flood_seconds, flood=True)
    print(f"Telegram 429 on the group, retry_after {args.flood_seconds:g} s | "
          f"{args.flood_seconds:g} s | board shown {shown:.2f} s after the wait", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.faults")
    parser.add_argument("--seconds", type=float, nargs="+", default=[5.0, 60.0],
                        help="database outages to cause, in seconds (default 5 60)")
    parser.add_argument("--telegram-seconds", type=float, default=20.0)
    parser.add_argument("--flood-seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)  # the faults' own ERROR lines are expected
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
