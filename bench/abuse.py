"""Does one hostile client starve the others? `python -m bench.abuse`.

Starts the bot as a playground of its own (`python -m bot`, PLAYGROUND=1, a fresh database,
the usual limit of 1,024 open files, computer players without a pause) on 127.0.0.1. A
second person plays Lighthouse against an easy computer player there from 127.0.0.2, as the
page does (each press is the first choice of their panel; a game over, they open another),
and each press is timed until their panel arrives on their stream. They play `--seconds`
alone, then as long again under each attack, made from 127.0.0.3 (one client):

* idle sockets: ~1,100 connections opened and held, each reopened as soon as it is closed;
* event streams: ~1,100 streams of the attacker's room (and of rooms that do not exist);
* lobby flood: new browsers naming a player and opening a lobby, 8 at a time, in a loop;
* risk presses: 8 solo Rafter Five tables, each pressing "How risky?" in a loop, a new
  choice each time (so no answer is remembered), and confirming a move once it has asked
  about every choice it found (a new board: new questions).

For each it prints the person's press -> panel median and p95, the p95's ratio to the
run without an attack, what the attack got done and what was refused, and the server log's
growth. The aim: under each attack, the p95 within 2x of the run without it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from aiohttp import ClientError, ClientSession, ClientTimeout, CookieJar, TCPConnector

from bench import spawned
from bench.figures import p95
from bench.spawned import HOST, free_port, table_of
from bot.payloads import Press, decode, encode
from engine.core import RuleViolation

PERSON = "127.0.0.2"
ATTACKER = "127.0.0.3"
"""The attacker's address: each attack is made from one of its own (127.0.0.3, .4, ...), so
that no attack inherits the limits an earlier one ran into."""
ROOT = Path(__file__).resolve().parents[1]
RISK_TABLES = 8


def session(address: str, *, limit: int = 100) -> ClientSession:
    return ClientSession(connector=TCPConnector(local_addr=(address, 0), limit=limit),
                         cookie_jar=CookieJar(unsafe=True), timeout=ClientTimeout(total=120))


class Server:
    """The bot, serving the playground only, in a process of its own."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.database = folder / "bench.sqlite3"
        self.log = folder / "bot.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TELEGRAM_", "DISCORD_", "PLAYGROUND", "DATABASE_"))}
        env.update(PLAYGROUND="1", PLAYGROUND_HOST=HOST, PLAYGROUND_PORT=str(self.port),
                   DATABASE_PATH=str(self.database), COMPUTER_PAUSE="0", LOG_LEVEL="INFO",
                   PYTHONPATH=str(ROOT))

        with self.log.open("wb") as log:
            # its own folder: no .env of the project is read
            self.process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=self.folder,
                                            env=env, stdout=log, stderr=subprocess.STDOUT)
        # the usual limit of open files (set while it still imports: seconds before it serves)
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.prlimit(self.process.pid, resource.RLIMIT_NOFILE, (min(1024, hard), hard))

    async def ready(self) -> None:
        async with ClientSession() as probe:
            for _ in range(600):
                with suppress(ClientError, OSError):
                    async with probe.get(self.url + "/") as response:
                        if response.status == 200:
                            return
                await asyncio.sleep(0.1)
        raise RuntimeError(f"the playground never answered: see {self.log}")

    def stop(self) -> None:
        spawned.stop(self.process)

    def log_size(self) -> int:
        return self.log.stat().st_size

    def state(self, table: int) -> tuple[int, dict[str, Any], str] | None:
        """A table's version, state and status, read from the database (as the attacker's
        own engine would follow the board it sees)."""
        import json

        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=30) as db:
            row = db.execute("SELECT version, state, status FROM tables WHERE id = ?",
                             (table,)).fetchone()
        return (row[0], json.loads(row[1] or "{}"), row[2]) if row else None


async def post(client: ClientSession, url: str, body: dict[str, Any]) -> tuple[int, Any]:
    async with client.post(url, json=body) as response:
        try:
            return response.status, await response.json()
        except (ClientError, ValueError):
            return response.status, None


# --- the person who plays ---------------------------------------------------------------


class Person:
    """Plays Lighthouse against an easy computer player, one press after another."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.client = session(PERSON)
        self.room: str | None = None
        self.me = ""
        self.table = 0
        self.stream: Any = None  # bench.playground.Stream
        self.panel: dict[str, Any] | None = None

    async def sit(self) -> None:
        _, answer = await post(self.client, self.server.url + "/api/player", {"name": "Vi"})
        self.me = answer["players"][0]["id"]
        await self.new_game()

    async def new_game(self) -> None:
        url = self.server.url
        while True:
            status, answer = await post(self.client, url + "/api/new", {
                "player": self.me, "game": "lighthouse", "room": self.room})
            if status == 200 and answer["room"]:
                break
            await asyncio.sleep(1)  # too fast (a game a few seconds long): wait a little
        if self.room != answer["room"]:
            self.room = answer["room"]
            from bench.playground import Stream  # (not imported by the attacker's process)

            if self.stream is not None:
                self.stream.task.cancel()
            self.stream = Stream(self.client, f"{url}/api/events/{self.room}")
        self.table = await self._table()
        for press in (Press("computer", self.table, arg="easy"), Press("start", self.table)):
            await post(self.client, url + "/api/press", {
                "room": self.room, "player": self.me, "data": encode(press)})
        self.panel = await self._panel(lambda e: bool(e["screen"]["buttons"]))

    async def _table(self) -> int:
        assert self.stream is not None
        _, event, _ = await self.stream.until(lambda e: e.get("type") == "show"
                                              and e.get("role") == "lobby")
        for row in event["screen"]["buttons"]:
            for button in row:
                with suppress(Exception):
                    return decode(button["data"]).table
        raise RuntimeError("a lobby without buttons")

    async def _panel(self, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        assert self.stream is not None
        while True:
            _, event, _ = await self.stream.until(
                lambda e: e.get("role") == "panel" and e.get("player") == self.me)
            if table_of(event) in (self.table, None) and test(event):
                return event

    async def play(self, seconds: float) -> list[float]:
        """Press for `seconds`; each press's time until the person's panel arrives."""
        assert self.stream is not None
        times: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            assert self.panel is not None
            data = self.panel["screen"]["buttons"][0][0]["data"]
            self.stream.drain()
            start = time.perf_counter()
            await post(self.client, self.server.url + "/api/press", {
                "room": self.room, "player": self.me, "data": data})
            at, self.panel, _ = await self.stream.until(
                lambda e: e.get("role") == "panel" and e.get("player") == self.me)
            times.append(at - start)
            while not self.panel["screen"]["buttons"]:  # the computer's turn, or over
                state = self.server.state(self.table)
                if state is None or state[2] != "playing":
                    await self.new_game()
                    break
                with suppress(TimeoutError):
                    _, self.panel, _ = await asyncio.wait_for(self.stream.until(
                        lambda e: e.get("role") == "panel" and e.get("player") == self.me), 5)
        return times

    async def close(self) -> None:
        if self.stream is not None:
            self.stream.task.cancel()
        await self.client.close()


# --- the attacks --------------------------------------------------------------------------


Attack = Callable[[Server, asyncio.Event, Counter[str]], Awaitable[None]]


async def idle_sockets(server: Server, stop: asyncio.Event, seen: Counter[str]) -> None:
    async def hold() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(HOST, server.port,
                                                               local_addr=(ATTACKER, 0))
            except OSError:
                seen["could not connect"] += 1
                await asyncio.sleep(0.05)
                continue
            seen["connections"] += 1
            with suppress(OSError):
                await reader.read(1)  # until the server closes it
            seen["closed by the server"] += 1
            writer.close()

    await _until(stop, [hold() for _ in range(1100)])


async def event_streams(server: Server, stop: asyncio.Event, seen: Counter[str]) -> None:
    client = session(ATTACKER, limit=0)
    _, answer = await post(client, server.url + "/api/player", {"name": "Mallory"})
    me = answer["players"][0]["id"]
    _, answer = await post(client, server.url + "/api/new", {"player": me, "game": "hanabi"})
    rooms = [answer["room"], "987654321012"]  # theirs, and one that does not exist

    async def watch(room: str) -> None:
        while not stop.is_set():
            try:
                async with client.get(f"{server.url}/api/events/{room}") as response:
                    seen[f"answered {response.status}"] += 1
                    if response.status == 200:
                        async for _ in response.content:
                            if stop.is_set():
                                break
                    else:
                        await asyncio.sleep(0.05)
            except (ClientError, OSError):
                seen["could not connect"] += 1
                await asyncio.sleep(0.05)

    try:
        await _until(stop, [watch(rooms[i % 10 == 9]) for i in range(1100)])
    finally:
        await client.close()


async def lobby_flood(server: Server, stop: asyncio.Event, seen: Counter[str]) -> None:
    async def flood() -> None:
        while not stop.is_set():
            async with session(ATTACKER) as client:
                try:
                    status, answer = await post(client, server.url + "/api/player",
                                                {"name": "Flood"})
                    seen[f"player {status}"] += 1
                    if status != 200:
                        continue
                    status, _ = await post(client, server.url + "/api/new", {
                        "player": answer["players"][0]["id"], "game": "lanterns"})
                    seen[f"lobby {status}"] += 1
                except (ClientError, OSError):
                    seen["could not connect"] += 1
                    await asyncio.sleep(0.05)

    before = server.database.stat().st_size
    await _until(stop, [flood() for _ in range(8)])
    seen["database grew (KiB)"] = (server.database.stat().st_size - before) // 1024


async def risk_presses(server: Server, stop: asyncio.Event, seen: Counter[str]) -> None:
    from engine.registry import GAMES

    spec = GAMES["rafter"]
    clients = [session(ATTACKER), session(ATTACKER)]
    players: list[tuple[ClientSession, str]] = []
    for i in range(RISK_TABLES):
        client = clients[i % 2]
        _, answer = await post(client, server.url + "/api/player", {"name": f"Raft{i}"})
        if "players" not in answer:
            raise RuntimeError(f"no player: {answer}")
        players.append((client, answer["players"][-1]["id"]))

    async def solo(client: ClientSession, me: str) -> None:
        room = table = None
        while not stop.is_set():
            state = server.state(table) if table else None
            if state is None or state[2] != "playing":
                status, answer = await post(client, server.url + "/api/new", {
                    "player": me, "game": "rafter", "room": room})
                seen[f"table {status}"] += 1
                if status != 200 or not answer["room"]:
                    await asyncio.sleep(1)
                    continue
                room = answer["room"]
                table = max(_tables(server, room))
                await post(client, server.url + "/api/press", {
                    "room": room, "player": me, "data": encode(Press("start", table))})
                continue
            version, data, _ = state
            # in a thread: the choice tree's upper levels take the engine some time
            paths = await asyncio.to_thread(risk_paths, spec, spec.from_dict(data))
            for path in paths:
                if stop.is_set():
                    return
                status, answer = await post(client, server.url + "/api/press", {
                    "room": room, "player": me,
                    "data": encode(Press("go", table, version, path))})
                seen["estimates"] += status == 200 and not (answer or {}).get("alert")
                seen["refused"] += status != 200 or bool((answer or {}).get("alert"))
            if paths:  # a move: a new board, so new questions
                await post(client, server.url + "/api/press", {
                    "room": room, "player": me,
                    "data": encode(Press("confirm", table, version, paths[-1]))})
                seen["moves"] += 1

    try:
        await _until(stop, [solo(client, me) for client, me in players])
    finally:
        for client in clients:
            await client.close()


def _tables(server: Server, room: str) -> list[int]:
    with sqlite3.connect(f"file:{server.database}?mode=ro", uri=True, timeout=30) as db:
        return [r[0] for r in db.execute(
            "SELECT id FROM tables WHERE platform = 'web' AND chat_id = ?", (room,))]


def risk_paths(spec: Any, state: Any, limit: int = 12) -> list[tuple[str, ...]]:
    """Up to `limit` choices to ask "How risky?" about, each a path ending in "risk": random
    walks down the choice tree (no nudging), each to the first level that offers "risk"."""
    rng = random.Random()
    found: set[tuple[str, ...]] = set()
    for _ in range(3 * limit):
        path: tuple[str, ...] = ()
        for _ in range(7):
            try:
                options = spec.menu(state, 0, path).options
            except RuleViolation:
                break
            if any(o.key == "risk" for o in options):
                found.add((*path, "risk"))
                break
            options = [o for o in options if o.key not in ("ok", "go")
                       and not o.key.startswith("L")]
            if not options:
                break
            path = rng.choice(options).path_from(path)
        if len(found) >= limit:
            break
    return sorted(found)


async def _until(stop: asyncio.Event, jobs: list[Awaitable[None]]) -> None:
    tasks = [asyncio.ensure_future(job) for job in jobs]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


ATTACKS: dict[str, Attack] = {"idle sockets": idle_sockets, "event streams": event_streams,
                              "lobby flood": lobby_flood, "risk presses": risk_presses}


# --- the run ------------------------------------------------------------------------------


def line(name: str, times: list[float], base: float | None) -> str:
    ms = [1000 * t for t in times]
    if not ms:
        return f"{name:>14}: no press answered"
    ratio = f", p95 {p95(ms) / base:.2f}x the run alone" if base else ""
    return (f"{name:>14}: {len(ms)} presses, press -> panel median {statistics.median(ms):.0f} "
            f"ms, p95 {p95(ms):.0f} ms{ratio}")


async def run(seconds: float, chosen: list[str], ramp: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        person: Person | None = None
        try:
            await server.ready()
            person = Person(server)
            await person.sit()
            await person.play(3)  # warm: fonts, sprites, the computer player's process
            alone = await person.play(seconds)
            base = p95([1000 * t for t in alone])
            print(line("alone", alone, None), flush=True)
            for name in chosen:
                logged = server.log_size()
                # the attacker is a process of its own, as a client elsewhere would be: its
                # own event loop busy with a thousand sockets must not slow the person's
                attacker = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bench.abuse", "--as-attacker", name,
                    "--port", str(server.port), "--database", str(server.database),
                    "--address", f"127.0.0.{3 + list(ATTACKS).index(name)}",
                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT)
                assert attacker.stdout is not None
                await attacker.stdout.readline()  # started (its imports take seconds)
                await asyncio.sleep(ramp)
                times = await person.play(seconds)
                assert attacker.stdin is not None
                attacker.stdin.close()  # the attack stops, and says what it did
                done, _ = await attacker.communicate()
                print(line(name, times, base), flush=True)
                print(f"{'':>16}attack: {done.decode().strip()}; server log "
                      f"+{server.log_size() - logged} bytes", flush=True)
                await asyncio.sleep(ramp)  # what the attack left behind is closed
        finally:
            if person is not None:
                await person.close()
            server.stop()


async def attack_alone(name: str, port: int, database: Path) -> None:
    """The attacker's process: attack until its stdin closes, then print what it did."""
    server = Server(database.parent)
    server.port, server.url, server.database = port, f"http://{HOST}:{port}", database
    stop = asyncio.Event()
    seen: Counter[str] = Counter()
    attack = asyncio.create_task(ATTACKS[name](server, stop, seen))
    print("attacking", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    stop.set()
    await attack
    print(", ".join(f"{k} {v}" for k, v in sorted(seen.items())), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.abuse")
    parser.add_argument("--seconds", type=float, default=15.0,
                        help="seconds the person plays alone, and under each attack")
    parser.add_argument("--ramp", type=float, default=3.0,
                        help="seconds an attack runs before the person's presses are timed")
    parser.add_argument("--attack", action="append", choices=sorted(ATTACKS),
                        help="only this attack (again for more); all by default")
    parser.add_argument("--as-attacker", choices=sorted(ATTACKS), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--database", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--address", default=ATTACKER, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.as_attacker:
        globals()["ATTACKER"] = args.address
        # the lowest priority: it stands in for a client on a machine of its own, whose
        # CPU would not be the server's (on 2 shared cores it would otherwise count twice)
        os.nice(19)
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # its thousand sockets
        asyncio.run(attack_alone(args.as_attacker, args.port, args.database))
        return
    asyncio.run(run(args.seconds, args.attack or list(ATTACKS), args.ramp))


if __name__ == "__main__":
    main()
