"""The operator port over real HTTP on 127.0.0.1 (bot/ops/health.py): /healthz, /readyz
through a real PostgreSQL outage (the loopback proxy cut and restored), /metrics after a
real game's presses and moves."""

from __future__ import annotations

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.i18n import Translator
from bot.loops import Loop, Loops
from bot.ops import metrics
from bot.ops.health import DB_TIMEOUT, Ops, serve_ops
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role
from fakes.faults import ServiceWorld, outage_of, until
from fakes.service_harness import Harness, open_harness, seat_players
from tests.test_hanabi_service import USERS

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()


async def get(http: aiohttp.ClientSession, port: int, path: str) -> tuple[int, str]:
    async with http.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def test_readyz_follows_a_database_outage(tmp_path, clock) -> None:
    async with outage_of("postgresql", tmp_path) as outage, \
            open_harness(tmp_path, TR, clock=clock, database=outage.database) as h:
        world = ServiceWorld(h, clock)  # the scheduler's loop, in a registry of its own
        ops = Ops(loops=world.registry, clock=clock)
        runner = await serve_ops(ops, "127.0.0.1", 0)
        port = runner.addresses[0][1]
        try:
            async with aiohttp.ClientSession() as http:
                assert await get(http, port, "/healthz") == (200, "ok\n")
                status, text = await get(http, port, "/readyz")
                assert status == 503 and "- database: not open yet" in text
                assert "- platforms: starting" in text
                ops.store = h.service.store
                ops.serving()
                world.scheduler.start()
                assert await get(http, port, "/readyz") == (200, "ready\n")

                outage.cut()
                # the very next check says so: a read that fails or times out (DB_TIMEOUT,
                # well within the 10 s an operator may expect)
                assert DB_TIMEOUT < 10
                status, text = await get(http, port, "/readyz")
                assert status == 503, text
                assert "- database: no answer (" in text
                await until(lambda: world.registry.down(), what="the scheduler down")
                status, text = await get(http, port, "/readyz")
                assert status == 503 and "- scheduler: down for " in text
                assert await get(http, port, "/healthz") == (200, "ok\n")  # alive all along

                outage.restore()

                async def ready() -> bool:
                    return (await get(http, port, "/readyz"))[0] == 200

                await until(ready, timeout=10, what="ready again")
                assert await get(http, port, "/readyz") == (200, "ready\n")
        finally:
            await world.scheduler.stop()
            await runner.cleanup()


async def test_a_supervised_loop_down_is_unready_with_why(tmp_path, clock) -> None:
    loops = Loops()
    polling = Loop("telegram polling", clock=clock, registry=loops)
    async with open_harness(tmp_path, TR, clock=clock) as h:
        ops = Ops(loops=loops, clock=clock)
        ops.store = h.service.store
        ops.serving()
        runner = await serve_ops(ops, "127.0.0.1", 0)
        port = runner.addresses[0][1]
        try:
            async with aiohttp.ClientSession() as http:
                assert await get(http, port, "/readyz") == (200, "ready\n")
                polling.failed(ConnectionResetError())
                clock.now += 42
                assert await get(http, port, "/readyz") == (503, (
                    "not ready\n- telegram polling: down for 42 s (1 failures, the last "
                    "ConnectionResetError)\n"))
                polling.ok()
                assert await get(http, port, "/readyz") == (200, "ready\n")
                polling.close()  # a loop ended on purpose is no reason
                assert await get(http, port, "/readyz") == (200, "ready\n")
        finally:
            await runner.cleanup()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def acting_panel(h: Harness):
    return next((place, shown.screen) for place, shown in h.kept.items()
                if place.role is Role.PANEL and shown.screen.buttons)


async def test_metrics_count_what_a_game_did(tmp_path) -> None:
    users = USERS[:2]
    before = metrics.REGISTRY.get_sample_value(
        "gamehost_moves_total", {"game": "hanabi", "player": "person"}) or 0.0
    presses_before = metrics.REGISTRY.get_sample_value(
        "gamehost_press_seconds_count", {"platform": "telegram"}) or 0.0
    async with open_harness(tmp_path, TR) as h:
        table_id = await seat_players(h, users, "hanabi")
        await h.press(users[0], encode(Press("start", table_id)))
        place, screen = acting_panel(h)
        user = next(u for u in users if u.id == place.chat_id)
        private = ChatRef("telegram", user.id, private=True)
        for _ in range(4):  # the first option, until it asks for confirmation
            data = [b.data for b in h.buttons(screen) if b.data]
            confirm = [d for d in data if d.startswith("c:")]
            await h.press(user, confirm[0] if confirm else data[0], chat=private)
            if confirm:
                break
            screen = h.kept[place].screen
        # a lobby elsewhere, to be counted by status
        await h.service.store.create_table("telegram", "-777", None, "lanterns",
                                           creator_id="9", language="en")

        class Queue:  # an outbox as bot/ops/metrics.py sees one
            from bot.counters import Counters

            counters = Counters()
            pending = 3

        queue = Queue()
        queue.counters.sends["board"] += 2
        metrics.watch_outbox("discord", queue)
        metrics.flood_wait("discord", 2.5)
        ops = Ops()
        ops.store = h.service.store
        runner = await serve_ops(ops, "127.0.0.1", 0)
        try:
            async with aiohttp.ClientSession() as http, \
                    http.get(f"http://127.0.0.1:{runner.addresses[0][1]}/metrics") as response:
                assert response.status == 200
                assert response.headers["Content-Type"].startswith("text/plain")
                found = samples(await response.text())
        finally:
            await runner.cleanup()
    assert found[("gamehost_tables", (("game", "hanabi"), ("status", "playing")))] == 1
    assert found[("gamehost_tables", (("game", "lanterns"), ("status", "lobby")))] == 1
    assert found[("gamehost_moves_total", (("game", "hanabi"), ("player", "person")))] \
        == before + 1
    # joins, start, the move's presses: each one timed
    assert found[("gamehost_press_seconds_count", (("platform", "telegram"),))] \
        >= presses_before + 3
    assert found[("gamehost_outbox_queue_depth", (("platform", "discord"),))] >= 3
    assert found[("gamehost_outbox_total", (("action", "sends"), ("platform", "discord"),
                                            ("role", "board")))] >= 2
    assert found[("gamehost_flood_waits_total", (("platform", "discord"),))] >= 1
    assert ("gamehost_due_backlog", ()) in found
    assert ("gamehost_scheduler_lag_seconds_count", ()) in found
    assert ("process_resident_memory_bytes", ()) in found
