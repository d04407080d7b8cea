"""The Telegram Mini App's latency as its page feels it: `python -m bench.miniapp`.

The bot polls the fake Telegram server and serves the Mini App on 127.0.0.1, wired as with
TELEGRAM_WEBAPP_URL (fakes/miniapp_e2e.py). Ann and Bob sit at a Lanterns table in a group;
Ann opens the Mini App (initData signed by the fake Telegram) and makes her moves in it,
Bob makes his with chat buttons. Per Mini App press it times the answer to the POST ("answer")
and her new panel on her stream ("hand"); per move of hers, from its first press (a move is
several: the tile, its turn, its place, Confirm) to the group's board edited on the fake
Telegram server ("group board"); per move of Bob's, from his first chat press to the board
on Ann's stream ("chat move on stream").
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import aiohttp

from bench.figures import ms, p95
from bot import pictures, thinking
from bot.payloads import decode
from fakes.hand_clock import SkippingClock
from fakes.miniapp_e2e import MiniAppWorld, Opened, shown_now
from fakes.telegram import FakeChat, FakeTelegramServer
from fakes.telegram_e2e import board, choose


def hand(opened: Opened) -> list[tuple[str, object]]:
    mine = [e for e in shown_now(opened.events).values()
            if e["role"] == "panel" and e["player"] == str(opened.user.id)]
    return [(b["data"], decode(b["data"])) for e in mine for row in e["screen"]["buttons"]
            for b in row if b.get("data") and b["data"][0] in "gc"]


def edited(group: FakeChat, edits: int) -> bool:
    return board(group).edits > edits


def shows(opened: Opened, role: str, since: int) -> bool:
    """Whether the stream brought a message of `role` after its first `since` events."""
    return any(e.get("role") == role for e in opened.events[since:])


async def until(condition: Callable[[], object], timeout: float = 30.0) -> float:
    """When `condition()` became true (perf_counter), looking as often as the loop lets."""
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the Mini App never showed it")
        await asyncio.sleep(0.002)
    return time.perf_counter()


async def run(moves: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"answer": [], "hand": [], "group board": [],
                                     "chat move on stream": []}
    async with FakeTelegramServer(clock=SkippingClock(0.0)) as server:
        world = MiniAppWorld(server, Path(tempfile.mkdtemp()) / "bench.sqlite3")
        await world.start()
        async with aiohttp.ClientSession() as session:
            world.session = session
            ann, bob = server.user("Ann"), server.user("Bob")
            group = server.group("Bench", owner=ann, members=[bob])
            table = await world.open_table(group, ann, [bob])
            await world.start_game(group, ann)
            opened = world.open_app(ann, start_param=str(table))
            await world.open(opened)
            rng = random.Random(35)
            made = 0
            async with world.watching(opened):
                await until(lambda: shown_now(opened.events))
                while made < moves and (await world.store.get_table(table)).status == "playing":  # type: ignore[union-attr]
                    if world.acting((ann, bob)) is bob:
                        seen = len(opened.events)
                        start = time.perf_counter()
                        await world.play_move(table, (ann, bob), rng)
                        end = await until(partial(shows, opened, "board", seen))
                        times["chat move on stream"].append(end - start)
                        continue
                    version = await world.version(table)
                    edits = board(group).edits
                    move_start = time.perf_counter()
                    while await world.version(table) == version:
                        await until(lambda: hand(opened))
                        seen = len(opened.events)
                        start = time.perf_counter()
                        async with session.post(world.web + "/tg/api/press", json={
                                "init": opened.init, "table": table, "panel": True,
                                "data": choose(hand(opened), rng)},  # type: ignore[arg-type]
                                headers={"Origin": world.web}) as response:
                            await response.read()
                        times["answer"].append(time.perf_counter() - start)
                        end = await until(partial(shows, opened, "panel", seen))
                        times["hand"].append(end - start)
                    end = await until(partial(edited, group, edits))
                    times["group board"].append(end - move_start)
                    made += 1
                    await world.settle()  # (untimed) every chat shows the move before the next
            await world.stop()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12, help="moves of Ann's to time")
    args = parser.parse_args(argv)
    pictures.configure(0)  # drawn in threads, as in the tests: no pool started mid-run
    thinking.configure(0)
    times = asyncio.run(run(args.moves))
    for name, values in times.items():
        if values:
            print(f"{name:>22}: median {ms(statistics.median(values))}, p95 {ms(p95(values))}"
                  f" ({len(values)})")


if __name__ == "__main__":
    main()
