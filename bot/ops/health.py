"""The operator port (OPS_PORT, off by default): /healthz, /readyz and /metrics over HTTP.

* /healthz: the process is alive and its event loop answers (200 "ok").
* /readyz: it can do its work (200 "ready"), or 503 with one line per reason: the database
  did not answer a read within `db_timeout` seconds, a supervised loop is down (the
  scheduler, an outbox lane, Telegram's polling, Discord's gateway: bot/loops.py's `LOOPS`),
  or it is still starting (the database not open yet, a platform not serving yet).
* /metrics: Prometheus' text format (bot/ops/metrics.py); the database's figures (tables by
  game and status, the due-work backlog) are read first, within `db_timeout`.

Every answer is plain text, for `curl` and for load balancers. The server is aiohttp's (the
playground's too); it binds OPS_HOST, 127.0.0.1 by default, since what it shows is for the
operator (no chat, person or text is in it, but the numbers of tables are).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from bot.loops import LOOPS, Loops
from bot.ops import metrics
from bot.storage.store import Store

log = logging.getLogger(__name__)

DB_TIMEOUT = 2.0
"""Seconds the database has to answer a readiness check's read."""
BACKLOG_COUNTED = 1000
"""The due-work backlog is counted up to this (a larger one reads as this)."""


class Ops:
    """What the operator port reports on: set `store` once it is open, call `serving()`
    once every platform serves."""

    def __init__(self, *, loops: Loops = LOOPS, db_timeout: float = DB_TIMEOUT,
                 clock: Callable[[], float] = time.time) -> None:
        self.store: Store | None = None
        self.loops = loops
        self.db_timeout = db_timeout
        self.clock = clock
        self.started = clock()
        self._serving = False

    def serving(self) -> None:
        self._serving = True

    async def unready(self) -> list[str]:
        """Why the bot is not ready; empty when it is."""
        reasons = []
        store = self.store
        if store is None:
            reasons.append("database: not open yet")
        else:
            try:
                await asyncio.wait_for(store.schema_version(), self.db_timeout)
            except Exception as error:  # noqa: BLE001 - any failure is the answer
                reasons.append(f"database: no answer ({type(error).__name__})")
        if not self._serving:
            reasons.append("platforms: starting")
        now = self.clock()
        for state in sorted(self.loops.down(), key=lambda s: s.name):
            reasons.append(f"{state.name}: down for {max(0.0, now - state.since):.0f} s "
                           f"({state.failures} failures, the last {state.last_error})")
        return reasons

    async def refresh(self) -> None:
        """The database's figures, for /metrics (left as they were if it does not answer)."""
        store = self.store
        if store is None:
            return
        try:
            counts = await asyncio.wait_for(store.count_tables(), self.db_timeout)
            due = await asyncio.wait_for(store.due_work(self.clock(), limit=BACKLOG_COUNTED),
                                         self.db_timeout)
        except Exception as error:  # noqa: BLE001 - /readyz says the database is away
            log.debug("metrics: the database's figures not refreshed (%s)",
                      type(error).__name__)
            return
        metrics.TABLES.clear()
        for (game, status), n in counts.items():
            metrics.TABLES.labels(game, status).set(n)
        metrics.DUE_BACKLOG.set(len(due))


def build_app(ops: Ops) -> web.Application:
    async def healthz(request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(request: web.Request) -> web.Response:
        reasons = await ops.unready()
        if not reasons:
            return web.Response(text="ready\n")
        return web.Response(status=503, text="not ready\n" + "".join(
            f"- {reason}\n" for reason in reasons))

    async def scrape(request: web.Request) -> web.Response:
        await ops.refresh()
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", scrape)
    return app


async def serve_ops(ops: Ops, host: str, port: int) -> web.AppRunner:
    """Serve the operator port on host:port (0: any free port; `runner.addresses` says
    which); `runner.cleanup()` stops it. Raises OSError if the port is taken."""
    metrics.install()
    runner = web.AppRunner(build_app(ops), access_log=None, shutdown_timeout=2)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    log.info("Operator port: http://%s:%d/readyz, /healthz, /metrics",
             f"[{host}]" if ":" in host else host, runner.addresses[0][1])
    return runner
