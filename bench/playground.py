"""The playground's latency as a browser feels it: `python -m bench.playground`.

Serves the playground on 127.0.0.1 (a fresh database, computer players without a pause),
opens a Lighthouse table for one person against an easy computer player (thinking in a
thread), with `--watchers` more browsers watching the room, and plays it through HTTP as the page does: each press is
the first choice of the person's panel. It times, per press, the answer to the POST, the
person's panel arriving on their stream, and (for a move) the new board arriving on every
watcher's stream; and counts the bytes a stream carries per move (pictures are links, fetched
once, and not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from aiohttp import ClientSession, CookieJar
from aiohttp.test_utils import TestServer

from bench.figures import p95
from bot import thinking
from bot.i18n import Translator
from bot.payloads import Press, decode, encode
from bot.storage import Store
from bot.tables import TableService
from bot.web import build_app


async def think_here(spec: Any, level: str, view: Any, seat: int, seed: int) -> Any:
    # in a thread: the playground is measured, not the worker process's start
    return await thinking.think(spec, level, view, seat, seed, in_process=False)


class Stream:
    """One browser's live stream of a room, read in the background."""

    def __init__(self, session: ClientSession, url: str) -> None:
        self.events: asyncio.Queue[tuple[float, dict[str, Any], int]] = asyncio.Queue()
        self.task = asyncio.create_task(self._read(session, url))

    async def _read(self, session: ClientSession, url: str) -> None:
        async with session.get(url) as response:
            async for line in response.content:
                if line.startswith(b"data: "):
                    self.events.put_nowait((time.perf_counter(), json.loads(line[6:]),
                                            len(line)))

    def drain(self) -> None:
        """Forget what came so far (earlier moves' events)."""
        while not self.events.empty():
            self.events.get_nowait()

    async def until(self, test: Any) -> tuple[float, dict[str, Any], int]:
        """The next event that passes `test`, with when it came and the bytes read so far."""
        read = 0
        while True:
            at, event, size = await asyncio.wait_for(self.events.get(), 60)
            read += size
            if test(event):
                return at, event, read


async def measure(watchers: int, seed: int) -> None:
    tr = Translator.load()
    with tempfile.TemporaryDirectory() as folder:
        async with Store.open(Path(folder) / "db.sqlite3", synchronous="NORMAL") as store:
            service = TableService(store, tr, computer_pause=0, seeds=lambda: seed,
                                   think=think_here)
            server = TestServer(build_app(service, tr, secret="bench"), host="127.0.0.1")
            await server.start_server()
            service.scheduler.start()
            base = str(server.make_url(""))
            sessions = [ClientSession(cookie_jar=CookieJar(unsafe=True))  # cookies for 127.0.0.1
                        for _ in range(1 + watchers)]
            try:
                await _play(service, base, sessions)
            finally:
                for session in sessions:
                    await session.close()
                await service.scheduler.stop()
                await server.close()


async def _play(service: TableService, base: str, sessions: list[ClientSession]) -> None:
    me, *others = sessions
    ann = (await (await me.post(f"{base}/api/player", json={"name": "Ann"})).json())[
        "players"][0]["id"]
    room = (await (await me.post(f"{base}/api/new", json={"player": ann,
                                                          "game": "lighthouse"})).json())["room"]
    table = await service.store.active_table("web", room, None)
    assert table is not None

    async def press(data: str) -> float:
        start = time.perf_counter()
        await me.post(f"{base}/api/press", json={"room": room, "player": ann, "data": data})
        return start

    await press(encode(Press("computer", table.id, arg="easy")))
    mine = Stream(me, f"{base}/api/events/{room}")
    theirs = [Stream(s, f"{base}/api/events/{room}") for s in others]
    await press(encode(Press("start", table.id)))
    answers, panels, boards, sizes = [], [], [], []
    panel = (await mine.until(lambda e: e.get("role") == "panel" and e["screen"]["buttons"]))[1]
    while True:
        data = panel["screen"]["buttons"][0][0]["data"]
        for stream in theirs:
            stream.drain()
        start = await press(data)
        answers.append(time.perf_counter() - start)
        at, panel, _ = await mine.until(lambda e: e.get("role") == "panel")
        panels.append(at - start)
        if decode(data).kind == "confirm":
            for stream in theirs:
                at, _, read = await stream.until(lambda e: e.get("role") == "board")
                boards.append(at - start)
                sizes.append(read)
        while not panel["screen"]["buttons"]:  # not our turn (or over): wait for it
            current = await service.store.get_table(table.id)
            if current is None or current.status != "playing":
                break
            _, panel, _ = await mine.until(lambda e: e.get("role") == "panel")
        else:
            continue
        break
    for stream in (mine, *theirs):
        stream.task.cancel()
    ms = [1000 * s for s in answers]
    print(f"playground, Lighthouse vs an easy computer player, {len(theirs)} watching: "
          f"{len(answers)} presses; answer median {statistics.median(ms):.0f} ms, "
          f"p95 {p95(ms):.0f} ms; own panel shown median "
          f"{1000 * statistics.median(panels):.0f} ms, p95 {1000 * p95(panels):.0f} ms")
    if boards:
        print(f"  after a move, the board on every watcher's stream: median "
              f"{1000 * statistics.median(boards):.0f} ms, p95 {1000 * p95(boards):.0f} ms; "
              f"{statistics.median(sizes) / 1024:.1f} KiB of stream per move and watcher "
              f"(median)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.playground")
    parser.add_argument("--watchers", type=int, default=8,
                        help="browsers watching the room besides the player's")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    asyncio.run(measure(args.watchers, args.seed))


if __name__ == "__main__":
    main()
