"""No client starves the others: connections and streams capped per address and in all,
idle connections closed, tables and players limited and rate limited (on a hand clock),
lobbies that never started deleted, accept errors logged once, and a simulated game's
physics on a pool of its own with its menus remembered."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession, CookieJar, TCPConnector, web

from bot.i18n import Translator
from bot.lobby import LOBBY_KEPT
from bot.payloads import Press, encode
from bot.physics_pool import Busy, Physics, shutdown
from bot.storage import Store
from bot.tables import TableService
from bot.web import build_app
from bot.web.app import serve
from bot.web.limits import Buckets, Gate, Limits, Rate, address_of
from engine.core import Malformed
from engine.registry import GAMES
from fakes.hand_clock import Clock

TR = Translator.load()
ME, OTHER, THIRD = "127.0.0.1", "127.0.0.2", "127.0.0.3"
SEED = 1
"""A seed that gives the person the first turn against a computer player."""


@dataclass
class Served:
    url: str
    port: int
    service: TableService
    app: web.Application

    def session(self, address: str) -> ClientSession:
        """A browser on `address` (each loopback address is a client of its own)."""
        return ClientSession(connector=TCPConnector(local_addr=(address, 0)),
                             cookie_jar=CookieJar(unsafe=True))


@asynccontextmanager
async def served(tmp_path: Path, *, gate: Gate | None = None, limits: Limits | None = None,
                 clock: Clock | None = None, idle: float = 5.0) -> AsyncIterator[Served]:
    store_clock = clock or Clock()
    async with Store.open(tmp_path / "db.sqlite3", clock=store_clock) as store:
        service = TableService(store, TR, computer_pause=0, seeds=lambda: 5, clock=store_clock)
        app = build_app(service, TR, secret="a test's secret", limits=limits)
        runner = await serve(app, ME, 0, gate=gate, idle=idle)
        port = runner.addresses[0][1]
        try:
            yield Served(f"http://{ME}:{port}", port, service, app)
        finally:
            await runner.cleanup()


async def closed_by_server(reader: asyncio.StreamReader) -> bool:
    """Whether the server closes the connection (the guard is for a broken test only)."""
    try:
        return await asyncio.wait_for(reader.read(1), 30) == b""
    except ConnectionResetError:
        return True


async def test_connections_are_capped_per_address_and_in_all(tmp_path: Path) -> None:
    async with served(tmp_path, gate=Gate(per_address=3, total=5)) as s:
        mine = [await asyncio.open_connection(ME, s.port, local_addr=(ME, 0))
                for _ in range(3)]
        over = await asyncio.open_connection(ME, s.port, local_addr=(ME, 0))
        assert await closed_by_server(over[0])
        # another client is not held up by the first one's sockets
        async with s.session(OTHER) as other:
            async with other.get(s.url + "/") as response:
                assert response.status == 200
            theirs = [await asyncio.open_connection(ME, s.port, local_addr=(OTHER, 0))
                      for _ in range(2)]
            third = await asyncio.open_connection(ME, s.port, local_addr=(THIRD, 0))
            assert await closed_by_server(third[0])  # 5 in all
            for _, writer in mine:
                writer.close()
            await asyncio.gather(*(w.wait_closed() for _, w in mine))
            async with ClientSession(connector=TCPConnector(local_addr=(THIRD, 0))) as late:
                for _ in range(20):  # freed places are taken again (once the server saw
                    try:             # the closes: a connection refused meanwhile is retried)
                        async with late.get(s.url + "/") as response:
                            assert response.status == 200
                            break
                    except OSError:
                        await asyncio.sleep(0.05)
                else:
                    pytest.fail("the closed connections' places were never given back")
            for _, writer in theirs:
                writer.close()


async def test_idle_and_slow_connections_are_closed(tmp_path: Path) -> None:
    async with served(tmp_path, idle=0.3) as s:
        reader, writer = await asyncio.open_connection(ME, s.port)
        assert await closed_by_server(reader)  # never said a word
        reader, writer = await asyncio.open_connection(ME, s.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # headers never finished
        assert await closed_by_server(reader)
        # a whole request is answered, and the connection closed once idle after it
        reader, writer = await asyncio.open_connection(ME, s.port)
        writer.write(b"GET /static/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert (await reader.readline()).startswith(b"HTTP/1.1 200")
        while await asyncio.wait_for(reader.read(65536), 30):
            pass  # read to the end: the server closed it


async def test_streams_only_for_rooms_that_exist_and_capped(tmp_path: Path) -> None:
    limits = Limits(streams_per_address=2, streams_total=3)
    async with served(tmp_path, limits=limits) as s, s.session(ME) as me, \
            s.session(OTHER) as other:
        async with me.get(s.url + "/api/events/123456789") as response:
            assert response.status == 404  # no such room
        ann = (await (await me.post(s.url + "/api/player", json={"name": "Ann"})).json())[
            "players"][0]["id"]
        room = (await (await me.post(s.url + "/api/new", json={
            "player": ann, "game": "lighthouse"})).json())["room"]
        url = f"{s.url}/api/events/{room}"
        open_ = [await me.get(url), await me.get(url)]
        assert [r.status for r in open_] == [200, 200]
        async with me.get(url) as response:
            assert response.status == 429  # this address's two
        third = await other.get(url)
        assert third.status == 200  # another address's first
        async with other.get(url) as response:
            assert response.status == 429  # three in all
        for response in open_:
            response.close()
        for _ in range(1000):  # the server sees the streams end (it looks every second)
            if limits.streams.held(address_of((ME, 0))) == 0:
                break
            await asyncio.sleep(0.02)
        async with me.get(url) as response:
            assert response.status == 200
        third.close()


async def test_tables_are_limited_per_player_and_per_address(tmp_path: Path) -> None:
    clock = Clock()
    limits = Limits(clock=clock, tables_per_player=2, tables_per_address=3)
    async with served(tmp_path, limits=limits, clock=clock) as s, s.session(ME) as me:
        players = [(await (await me.post(s.url + "/api/player", json={"name": n})).json())[
            "players"][-1]["id"] for n in ("Ann", "Bob")]

        async def open_(player: str) -> Any:
            return await me.post(s.url + "/api/new", json={"player": player,
                                                           "game": "lighthouse"})

        rooms = []
        for _ in range(2):
            response = await open_(players[0])
            assert response.status == 200
            rooms.append((await response.json())["room"])
        refused = await open_(players[0])
        assert refused.status == 429
        assert (await refused.json())["note"] == TR.t("en", "web-too-many-tables")
        assert (await open_(players[1])).status == 200  # Bob's first, the address's third
        assert (await open_(players[1])).status == 429  # the address's fourth
        # a table closed is a table less
        await me.post(s.url + "/api/command", json={"room": rooms[0], "player": players[0],
                                                    "name": "cancel"})
        assert (await open_(players[0])).status == 200
        # another address is counted apart
        async with s.session(OTHER) as other:
            cy = (await (await other.post(s.url + "/api/player", json={"name": "Cy"})
                         ).json())["players"][0]["id"]
            response = await other.post(s.url + "/api/new", json={"player": cy,
                                                                   "game": "hanabi"})
            assert response.status == 200


async def test_opening_tables_and_adding_players_are_rate_limited(tmp_path: Path) -> None:
    clock = Clock()
    limits = Limits(clock=clock, tables_per_player=100, tables_per_address=100)
    async with served(tmp_path, limits=limits, clock=clock) as s, s.session(ME) as me:
        added = [await me.post(s.url + "/api/player", json={"name": f"P{i}"})
                 for i in range(limits.adding_here.rate.burst + 1)]
        assert [r.status for r in added[:-1]] == [200] * limits.adding_here.rate.burst
        assert added[-1].status == 429
        assert (await added[-1].json())["note"] == TR.t("en", "web-too-fast")
        assert added[-1].headers["Retry-After"]
        clock.now += limits.adding_here.rate.every
        later = await me.post(s.url + "/api/player", json={"name": "Later"})
        assert later.status == 200
        ann = (await later.json())["players"][-1]["id"]

        async def open_and_close() -> int:
            response = await me.post(s.url + "/api/new", json={"player": ann,
                                                               "game": "lighthouse"})
            if response.status == 200:
                room = (await response.json())["room"]
                await me.post(s.url + "/api/command", json={"room": room, "player": ann,
                                                            "name": "cancel"})
            return response.status

        burst = limits.opening.rate.burst
        assert [await open_and_close() for _ in range(burst + 1)] == [200] * burst + [429]
        clock.now += limits.opening.rate.every
        assert await open_and_close() == 200
        assert await open_and_close() == 429


def test_a_bucket_refills_at_its_rate_and_forgets_the_least_used() -> None:
    clock = Clock()
    buckets = Buckets(Rate(burst=2, every=10.0), clock=clock, kept=2)
    assert [buckets.allows("a") for _ in range(3)] == [True, True, False]
    clock.now += 5
    assert not buckets.allows("a")
    clock.now += 5
    assert buckets.allows("a") and not buckets.allows("a")
    assert buckets.allows("a", "b") is False and buckets.allows("b")  # all or nothing
    buckets.allows("c")  # "a" (least recently used) is forgotten: full again
    assert buckets.allows("a")


def test_an_address_is_an_ipv4_address_or_an_ipv6_64() -> None:
    assert address_of(("10.0.0.7", 5000)) == "10.0.0.7"
    assert address_of(("2001:db8:1:2:aaaa::1", 5000, 0, 0)) == \
        address_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_of(("::ffff:10.0.0.7", 1)) == "10.0.0.7"
    assert address_of(None) == ""


async def test_lobbies_that_never_started_are_deleted_once_expired(tmp_path: Path) -> None:
    clock = Clock()
    limits = Limits(clock=clock, tables_per_player=100, tables_per_address=100)
    async with served(tmp_path, limits=limits, clock=clock) as s:
        store, service = s.service.store, s.service
        async with s.session(ME) as me:
            ann = (await (await me.post(s.url + "/api/player", json={"name": "Ann"})).json())[
                "players"][0]["id"]
            flood = []
            for _ in range(3):
                clock.now += 60  # past the opening rate
                response = await me.post(s.url + "/api/new", json={"player": ann,
                                                                   "game": "lighthouse"})
                flood.append((await response.json())["room"])
            ids = [(await store.active_table("web", room, None)).id for room in flood]
            # a game that started, and ended, is kept for ever (history, stats)
            started = ids[0]
            for press in (Press("computer", started, arg="easy"), Press("start", started)):
                await me.post(s.url + "/api/press", json={
                    "room": flood[0], "player": ann, "data": encode(press)})
            assert (await store.get_table(started)).started_at is not None
            clock.now += service.lobby_timeout
            for table in ids[1:]:
                await service.lobby_expired(table)
            assert [(await store.get_table(t)).status for t in ids[1:]] == ["cancelled"] * 2
            # the next expiry after they were kept long enough deletes them
            clock.now += LOBBY_KEPT + 1
            later = await me.post(s.url + "/api/new", json={"player": ann, "game": "hanabi"})
            late = (await store.active_table("web", (await later.json())["room"], None)).id
            clock.now += service.lobby_timeout
            await service.lobby_expired(late)
            assert [await store.get_table(t) for t in ids[1:]] == [None, None]
            assert await store.get_table(started) is not None
            assert (await store.get_table(late)).status == "cancelled"  # kept a while yet


def test_accept_errors_are_logged_once_not_per_attempt(tmp_path: Path) -> None:
    """The fault itself: a server process out of file descriptors (its limit lowered, its
    gate told to let everything in) is sent connections until accepting fails."""
    script = (
        "import asyncio, logging, resource, sys\n"
        "from aiohttp import web\n"
        "from bot.web.app import serve\n"
        "from bot.web.limits import Gate\n"
        "logging.basicConfig(level=logging.INFO, stream=sys.stderr)\n"
        "async def main():\n"
        "    app = web.Application()\n"
        "    runner = await serve(app, '127.0.0.1', 0, gate=Gate(total=10_000))\n"
        "    print(runner.addresses[0][1], flush=True)\n"
        "    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))\n"
        "    await asyncio.sleep(3600)\n"
        "asyncio.run(main())\n")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[1])
    try:
        assert server.stdout is not None and server.stderr is not None
        port = int(server.stdout.readline())

        async def flood() -> None:
            sockets = [await asyncio.open_connection(ME, port) for _ in range(100)]
            # asyncio tries accepting again every second: two more tries, at least
            await asyncio.sleep(2.5)
            for _, writer in sockets:
                writer.close()

        asyncio.run(flood())
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    lines = [line for line in errors.splitlines() if "cannot accept" in line]
    assert len(lines) == 1, errors[-2000:]
    assert "Too many open files" in lines[0]
    assert "Traceback" not in errors


# --- physics ---------------------------------------------------------------------------


class CountedMenu:
    """A game's menu that counts its calls and, when told, holds them until released."""

    def __init__(self, menu: Any) -> None:
        self.menu = menu
        self.calls = 0
        self.threads: list[str] = []
        self.hold = threading.Event()
        self.hold.set()
        self.started = threading.Event()

    def __call__(self, state: Any, seat: int, path: tuple[str, ...]) -> Any:
        self.calls += 1
        self.threads.append(threading.current_thread().name)
        self.started.set()
        self.hold.wait(30)
        return self.menu(state, seat, path)


def simulated_lighthouse() -> tuple[Any, CountedMenu, Any]:
    spec = GAMES["lighthouse"]
    counted = CountedMenu(spec.menu)
    state = spec.setup(2, 7, spec.default_options)
    return replace(spec, continuous=True, menu=counted), counted, state


async def test_a_simulated_games_menus_are_remembered_per_board_and_path() -> None:
    spec, counted, state = simulated_lighthouse()
    physics = Physics(processes=0)
    seat = min(spec.to_act(state))
    first = await physics.menu(spec, state, seat, (), board=(1, 0), person="ann")
    assert await physics.menu(spec, state, seat, (), board=(1, 0), person="bob") == first
    assert counted.calls == 1 and counted.threads[0].startswith("physics")
    await physics.menu(spec, state, seat, (), board=(1, 1), person="ann")  # a new version
    await physics.menu(spec, state, seat, (), board=(2, 0), person="ann")  # another table
    assert counted.calls == 3
    with pytest.raises(Malformed):  # a refusal is the game's, and is not remembered
        await physics.menu(spec, state, seat, ("nonsense",), board=(1, 0), person="ann")
    with pytest.raises(Malformed):
        await physics.menu(spec, state, seat, ("nonsense",), board=(1, 0), person="ann")
    assert counted.calls == 5
    physics.close()


async def test_one_computation_per_person_and_the_rest_of_the_bot_never_waits() -> None:
    spec, counted, state = simulated_lighthouse()
    physics = Physics(processes=0)
    seat = min(spec.to_act(state))
    counted.hold.clear()
    ann = asyncio.create_task(physics.menu(spec, state, seat, (), board=(1, 0), person="ann"))
    await asyncio.to_thread(counted.started.wait, 30)
    # the same question from someone else: answered by the computation under way
    bob = asyncio.create_task(physics.menu(spec, state, seat, (), board=(1, 0), person="bob"))
    # Ann at another table meanwhile: told to wait
    with pytest.raises(Busy):
        await physics.menu(spec, state, seat, (), board=(2, 0), person="ann")
    # a game without physics, and anything else off the loop, runs while physics is held
    plain = GAMES["lighthouse"]
    assert plain.menu(state, seat, ()) == await asyncio.wait_for(
        physics.menu(plain, state, seat, (), board=(3, 0), person="cy"), 30)
    assert await asyncio.wait_for(asyncio.to_thread(lambda: "free"), 30) == "free"
    counted.hold.set()
    assert await ann == await bob and counted.calls == 1
    await physics.menu(spec, state, seat, (), board=(2, 0), person="ann")  # free again
    assert counted.calls == 2
    physics.close()


async def test_a_table_press_through_the_service_uses_the_remembered_menu(tmp_path: Path
                                                                          ) -> None:
    """The service asks the physics pool for a simulated game's menu, naming the table and
    version: a press repeated on the same board computes nothing again."""
    spec, counted, _ = simulated_lighthouse()
    games = dict(GAMES, lighthouse=spec)
    async with Store.open(tmp_path / "db.sqlite3") as store:
        service = TableService(store, TR, computer_pause=0, seeds=lambda: SEED, games=games,
                               physics=Physics(processes=0))  # (its game is not registered)
        app = build_app(service, TR, secret="a test's secret")
        runner = await serve(app, ME, 0)
        url = f"http://{ME}:{runner.addresses[0][1]}"
        try:
            async with ClientSession(cookie_jar=CookieJar(unsafe=True)) as me:
                ann = (await (await me.post(url + "/api/player", json={"name": "Ann"})).json())[
                    "players"][0]["id"]
                room = (await (await me.post(url + "/api/new", json={
                    "player": ann, "game": "lighthouse"})).json())["room"]
                table = (await store.active_table("web", room, None)).id
                for press in (Press("computer", table, arg="easy"), Press("start", table)):
                    await me.post(url + "/api/press", json={"room": room, "player": ann,
                                                            "data": encode(press)})
                row = await store.get_table(table)
                seats = await store.list_seats(table)
                mine = next(s.seat for s in seats if s.user_id == ann)
                state = spec.from_dict(row.state)
                if mine not in spec.to_act(state):
                    pytest.fail("the seed should give Ann the first turn")
                option = spec.menu.menu(state, mine, ()).options[0].key
                counted.calls = 0
                press = {"room": room, "player": ann, "data": encode(
                    Press("go", table, row.version, (option,)))}
                answers = [await (await me.post(url + "/api/press", json=press)).json()
                           for _ in range(3)]
                assert counted.calls == 1, answers
        finally:
            await runner.cleanup()


async def test_physics_runs_in_a_process_of_its_own() -> None:
    """Rafter Five's "How risky?" and a move, computed in the physics process: the same as
    here, and the process runs at a lower priority."""
    spec = GAMES["rafter"]
    state = spec.setup(1, 12345, spec.default_options)
    physics = Physics(processes=1)
    try:
        path = ("t0", "risk")
        menu = await physics.menu(spec, state, 0, path, board=(1, 0), person="ann")
        assert menu == spec.menu(state, 0, path) and menu.preview and menu.action
        after, events = await physics.apply(spec, state, 0, menu.action)
        here, told = spec.apply(state, 0, menu.action)
        assert spec.to_dict(after) == spec.to_dict(here) and events == told
        nice = await physics.run(os.nice, 0)
        assert nice >= os.nice(0) + 10 or nice == 19
    finally:
        shutdown()
