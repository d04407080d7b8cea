"""What the bot costs in memory and start-up time: `python -m bench.footprint`.

Each figure is the resident set (VmRSS from /proc) of the bot's process and of every process
under it (the drawing pool, the computer players' and the physics pool, multiprocessing's
resource tracker), each listed and summed; shared pages are counted in each, as `ps` and
the OOM killer see them. The proportional set (PSS: each shared page divided among its
sharers) is summed too, which is what the processes take together.

* idle: the playground alone (`python -m bot`, no token, a fresh SQLite database), and the
  time from its spawn until it answers (`/readyz` on the operator port when `--ops` is given),
  with the CPU time it took (on a loaded machine the wall-clock time says mostly how loaded);
* 50 active tables: one browser per table (each from a loopback address of its own, as the
  playground's per-address limits want), two players at a hot seat, the game started and
  `--moves` presses made, every picture the rooms' streams link fetched once;
* 10 computer-player tables (Rafter Five and Lanterns, a person against a computer player),
  played until each computer has moved: the thinking and physics pools are loaded;
* `--workers 2` (with `--postgresql`): the supervisor and each worker, on Telegram's webhook
  from the fake server (fakes/webhook_workers.py), and the time until both serve, with the
  CPU time each process took until then.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from aiohttp import ClientError, ClientSession, ClientTimeout, CookieJar, TCPConnector

from bench import spawned
from bench.spawned import HOST, free_port, table_of
from bot.payloads import Press, encode
from engine.registry import GAMES as REGISTRY

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(REGISTRY)  # the tables played cycle through every game
IMAGE = re.compile(r"/image/[0-9a-f]{40}")


# --- resident memory ----------------------------------------------------------------------


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _pss_kib(pid: int) -> int:
    """Proportional set: shared pages divided among the processes sharing them (the
    libraries the pool processes load too), so that the sum over processes is fair."""
    with suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system, from /proc): what its start
    cost, however loaded the machine, where the wall-clock time mostly says how loaded."""
    with suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def _children(pid: int) -> list[int]:
    found: list[int] = []
    with suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with suppress(OSError):
                found += [int(p) for p in (task / "children").read_text().split()]
    return found


def _libraries(pid: int) -> str:
    """Which heavy libraries a pool process has loaded (which pool it is)."""
    with suppress(OSError):
        maps = Path(f"/proc/{pid}/maps").read_text()
        found = [name for name, mark in (("mujoco", "libmujoco"), ("Pillow", "PIL/_imaging"))
                 if mark in maps]
        return f" [{', '.join(found)}]" if found else " [neither mujoco nor Pillow]"
    return ""


def _label(pid: int) -> str:
    with suppress(OSError):
        words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        text = " ".join(w.decode(errors="replace") for w in words if w)
        if "resource_tracker" in text:
            return "resource tracker"
        if "forkserver" in text:
            return "forkserver"
        if "multiprocessing" in text or "spawn_main" in text:
            return "pool process" + _libraries(pid)
        if "--worker " in text:
            return "worker " + text.split("--worker ", 1)[1].split()[0]
        return text.split("/")[-1][:40]
    return "?"


Row = tuple[int, str, float, float]  # pid, what, RSS MiB, PSS MiB


def tree(pid: int) -> list[Row]:
    """A row for `pid` and for every process under it."""
    rows, queue = [], [pid]
    while queue:
        current = queue.pop(0)
        with suppress(OSError):
            rows.append((current, "main" if current == pid else _label(current),
                         _rss_kib(current) / 1024, _pss_kib(current) / 1024))
            queue += _children(current)
    return rows


def say(what: str, rows: list[Row]) -> float:
    total = sum(row[2] for row in rows)
    parts = ", ".join(f"{label} {rss:.0f}" for _, label, rss, _ in rows)
    print(f"{what}: RSS {total:.0f} MiB in {len(rows)} process(es) ({parts}); "
          f"PSS {sum(row[3] for row in rows):.0f} MiB", flush=True)
    return total


# --- the playground -----------------------------------------------------------------------


class Bot:
    """`python -m bot` serving the playground only, in a fresh folder and database."""

    def __init__(self, folder: Path, ops: bool, env: dict[str, str]) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.ops_port = free_port() if ops else None
        self.log = folder / "bot.log"
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("TELEGRAM_", "DISCORD_", "PLAYGROUND", "DATABASE_",
                                         "OPS_"))}
        self.env.update(PLAYGROUND="1", PLAYGROUND_HOST=HOST, PLAYGROUND_PORT=str(self.port),
                        DATABASE_PATH=str(folder / "bench.sqlite3"), COMPUTER_PAUSE="0",
                        LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT), **env)
        if self.ops_port:
            self.env.update(OPS_PORT=str(self.ops_port), OPS_HOST=HOST)
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> float:
        """Spawn it; the seconds until it is ready."""
        start = time.perf_counter()
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(  # noqa: ASYNC220 (spawning is what is timed)
                [sys.executable, "-m", "bot"], cwd=self.folder, env=self.env, stdout=log,
                stderr=subprocess.STDOUT)
        probe = (f"http://{HOST}:{self.ops_port}/readyz" if self.ops_port else self.url + "/")
        async with ClientSession() as client:
            while time.perf_counter() - start < 120:
                with suppress(ClientError, OSError):
                    async with client.get(probe) as response:
                        if response.status == 200:
                            return time.perf_counter() - start
                if self.process.poll() is not None:
                    break
                await asyncio.sleep(0.02)
        raise RuntimeError(f"the bot never became ready: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        spawned.stop(self.process)


class Room:
    """One browser (its own loopback address), two players at a hot seat, one table."""

    def __init__(self, bot: Bot, address: str) -> None:
        self.bot = bot
        self.client = ClientSession(connector=TCPConnector(local_addr=(address, 0)),
                                    cookie_jar=CookieJar(unsafe=True),
                                    timeout=ClientTimeout(total=300))
        self.players: list[str] = []
        self.room = ""
        self.table = 0
        self.panels: dict[str, dict[str, Any]] = {}
        self.lobby: dict[str, Any] | None = None
        self.images: set[str] = set()
        self.fetched = 0
        self.changed = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        async with self.client.post(self.bot.url + path, json=body) as response:
            answer = await response.json()
            if response.status != 200:
                raise RuntimeError(f"{path}: {response.status} {answer}")
            return answer

    async def _read(self) -> None:
        async with self.client.get(f"{self.bot.url}/api/events/{self.room}") as response:
            async for line in response.content:
                if not line.startswith(b"data: "):
                    continue
                self.images.update(IMAGE.findall(line.decode()))
                event = json.loads(line[6:])
                if event.get("role") == "panel" and event.get("player"):
                    self.panels[event["player"]] = event
                elif event.get("role") == "lobby":
                    self.lobby = event
                self.changed.set()

    async def _until(self, test: Any, timeout: float = 120) -> None:
        end = time.perf_counter() + timeout
        while not test():
            self.changed.clear()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"room {self.room}: nothing came")
            with suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 5))

    async def open(self, game: str, computer: str | None = None) -> None:
        for name in ("Ann", "Bo")[:1 if computer else 2]:
            self.players = [p["id"] for p in
                            (await self.post("/api/player", {"name": name}))["players"]]
        answer = await self.post("/api/new", {"player": self.players[0], "game": game})
        self.room = answer["room"]
        self.reader = asyncio.create_task(self._read())
        await self._until(lambda: self.lobby is not None and table_of(self.lobby))
        assert self.lobby is not None
        self.table = table_of(self.lobby) or 0
        if computer:
            await self.press(self.players[0], Press("computer", self.table, arg=computer))
        else:
            await self.press(self.players[1], Press("join", self.table))
        await self.press(self.players[0], Press("start", self.table))

    async def press(self, player: str, press: Press | str) -> None:
        data = press if isinstance(press, str) else encode(press)
        await self.post("/api/press", {"room": self.room, "player": player, "data": data})

    def _acting(self) -> tuple[str, str] | None:
        for player in self.players:
            panel = self.panels.get(player)
            if panel and panel["screen"]["buttons"] and table_of(panel) == self.table:
                return player, panel["screen"]["buttons"][0][0]["data"]
        return None

    async def play(self, presses: int) -> None:
        """`presses` presses of the first button of whoever's panel has buttons."""
        for _ in range(presses):
            await self._until(lambda: self._acting() is not None)
            acting = self._acting()
            assert acting is not None
            player, data = acting
            self.panels.pop(player)  # until its next panel comes
            await self.press(player, data)

    async def fetch_images(self) -> None:
        for path in sorted(self.images):
            async with self.client.get(self.bot.url + path) as response:
                await response.read()
                self.fetched += response.status == 200
        self.images.clear()

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await self.reader
        await self.client.close()


async def _in_batches(jobs: list[Any], size: int = 10) -> None:
    for i in range(0, len(jobs), size):
        await asyncio.gather(*jobs[i:i + size])


async def playground(tables: int, computers: int, moves: int, ops: bool,
                     env: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = Bot(Path(folder), ops, env)
        try:
            ready = await bot.start()
            assert bot.process is not None
            print(f"start-up: {ready:.2f} s from spawn until "
                  f"{'/readyz answers 200' if ops else 'the playground answers'} "
                  f"({cpu_seconds(bot.process.pid):.2f} s of CPU)", flush=True)
            await asyncio.sleep(2)
            say("idle", tree(bot.process.pid))
            rooms = [Room(bot, f"127.0.1.{i + 1}") for i in range(tables)]
            try:
                await _in_batches([room.open(GAMES[i % len(GAMES)])
                                   for i, room in enumerate(rooms)])
                await _in_batches([room.play(moves) for room in rooms])
                await _in_batches([room.fetch_images() for room in rooms])
                pictures = sum(room.fetched for room in rooms)
                say(f"{tables} active tables ({moves} presses each, {pictures} pictures "
                    "fetched)", tree(bot.process.pid))
                bots = [Room(bot, f"127.0.2.{i + 1}") for i in range(computers)]
                rooms += bots
                await _in_batches([room.open(("rafter", "lanterns")[i % 2], computer="easy")
                                   for i, room in enumerate(bots)])
                # a person's move or two, then the computer's turn comes: its pool loads
                await _in_batches([room.play(moves) for room in bots])
                await _in_batches([room.fetch_images() for room in bots])
                say(f"and {computers} computer-player tables (Rafter Five, Lanterns)",
                    tree(bot.process.pid))
            finally:
                for room in rooms:
                    await room.close()
        finally:
            bot.stop()


# --- `--workers 2` ------------------------------------------------------------------------


async def workers(count: int) -> None:
    from fakes.store_backends import admin_or_skip, postgres_url
    from fakes.telegram import FakeTelegramServer
    from fakes.webhook_workers import WorkerGroup, postgres_role

    await (await admin_or_skip()).close()
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegramServer() as server, postgres_role(postgres_url()) as url:
            group = WorkerGroup(server, url, count, Path(folder))
            start = time.perf_counter()
            await group.start(timeout=180)
            serving = time.perf_counter() - start
            assert group.process is not None
            spent = [cpu_seconds(pid) for pid, *_ in tree(group.process.pid)]
            try:
                print(f"--workers {count}: {serving:.2f} s from spawn until every worker "
                      f"serves the webhook (CPU until then: supervisor {spent[0]:.2f} s, "
                      f"workers {', '.join(f'{t:.2f}' for t in spent[1:])} s)", flush=True)
                await asyncio.sleep(2)
                assert group.process is not None
                rows = tree(group.process.pid)
                say(f"--workers {count}, supervisor", rows[:1])
                say(f"--workers {count}, everything", rows)
            finally:
                await group.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.footprint")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--computers", type=int, default=10)
    parser.add_argument("--moves", type=int, default=6, help="presses per table")
    parser.add_argument("--ops", action="store_true",
                        help="set OPS_PORT and time start-up until /readyz answers 200")
    parser.add_argument("--workers", type=int, default=0, metavar="N",
                        help="measure `python -m bot --workers N` instead (PostgreSQL: "
                             "TEST_DATABASE_URL)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting for the bot (e.g. DRAWING_PROCESSES=0)")
    args = parser.parse_args(argv)
    env = dict(item.split("=", 1) for item in args.set)
    if args.workers:
        asyncio.run(workers(args.workers))
    else:
        asyncio.run(playground(args.tables, args.computers, args.moves, args.ops, env))


if __name__ == "__main__":
    main()
