"""Running the playground: the aiohttp application and `run_web`.

The playground is a platform like Telegram and Discord to the table service: it registers as
"web" with no deep link (anyone may join a table; each player's panel goes to that player,
here their own browser) and shows the service's own posts (a computer player's move) through
its outbox.

What keeps one client from starving the others is in `limits` (connections, streams, tables,
rates) and in the server's timeouts below; what every request and response goes through
(the Host and Origin checks, the security headers) in `hygiene`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from contextlib import suppress
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from bot.config import Settings
from bot.i18n import Translator
from bot.miniapp import TelegramSide
from bot.port import TablePort

from .hygiene import MAX_BODY, Allowed, add_headers, guard
from .identity import CookieSigner, secret_from
from .images import Images
from .limits import Gate, Limits, OnceEvery
from .moves import add_move_log
from .rooms import Rooms
from .routes import KEY, PLATFORM, STATIC, Playground, routes
from .telegram_app import install as install_miniapp

log = logging.getLogger(__name__)

IDLE_SECONDS = 5.0
"""How long a connection may stay without a whole request (idle between requests, or
sending its headers): aiohttp's default is an hour, which let idle sockets pile up."""
ACCEPT_ERRORS_EVERY = 60.0
"""Seconds between log lines about connections that could not be accepted."""


def build_app(service: TablePort, translator: Translator, *, secret: str,
              default_language: str = "en", hosts: Iterable[str] = (),
              limits: Limits | None = None, miniapp: TelegramSide | None = None,
              follow_others: bool = False) -> web.Application:
    """The playground's application over the service (registered as the "web" platform).
    `hosts`: the names it is served under besides localhost's and the address connected
    to (the Host check); `limits`: what one client may take (defaults in bot/web/limits.py);
    `miniapp`: serve Telegram's Mini App too (bot/web/telegram_app.py); `follow_others`:
    other processes show its tables too, so it follows them through the store."""

    async def room_of(table_id: int) -> str | None:
        return await service.table_chat(PLATFORM, table_id)

    rooms = Rooms(Images(), room_of)
    service.register_platform(PLATFORM, deep_link=None, show=rooms.post)
    playground = Playground(service, translator, rooms, CookieSigner(secret),
                            default_language=default_language, limits=limits or Limits())
    app = web.Application(client_max_size=MAX_BODY, middlewares=[guard(Allowed.of(hosts))])
    app.on_response_prepare.append(add_headers)
    app[KEY] = playground
    app.add_routes(routes)
    add_move_log(app)  # the game's log beside the board (bot/web/moves.py)
    app.router.add_static("/static/", STATIC, append_version=False)
    app.on_startup.append(_resume)
    app.on_shutdown.append(_close_streams)
    if miniapp is not None:
        install_miniapp(app, service, translator, miniapp, default_language=default_language,
                        follow_others=follow_others)
    return app


async def _resume(app: web.Application) -> None:
    playground = app[KEY]
    playground.rooms.post(await playground.service.resume(PLATFORM))


async def _close_streams(app: web.Application) -> None:
    playground = app[KEY]
    playground.rooms.close()
    if playground.tasks:
        await asyncio.wait(list(playground.tasks), timeout=10)


async def run_web(settings: Settings, service: TablePort, *, translator: Translator,
                  stop_event: asyncio.Event | None = None,
                  miniapp: TelegramSide | None = None, follow_others: bool = False) -> None:
    """Serve the playground until `stop_event` is set. Raises `UnsafeSecret` (one line to
    log) if the kept cookie secret may not be trusted."""
    secret = secret_from(settings.playground_secret.get_secret_value()
                         if settings.playground_secret else None, settings.database_path)
    app = build_app(service, translator, secret=secret,
                    default_language=settings.default_language,
                    hosts=(settings.playground_host, *settings.playground_hosts.split(","),
                           urlsplit(settings.telegram_webapp_url or "").hostname or ""),
                    miniapp=miniapp, follow_others=follow_others)
    runner = await serve(app, settings.playground_host, settings.playground_port)
    try:
        log.info("Playground: open %s in a browser", settings.playground_url)
        with suppress(asyncio.CancelledError):
            await (stop_event or asyncio.Event()).wait()
    finally:
        await runner.cleanup()


class GatedSite(web.TCPSite):
    """A TCP site whose connections pass a `Gate` (bot/web/limits.py) before aiohttp sees
    them: a client over its cap, or any past the total, is closed at once."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, gate: Gate) -> None:
        super().__init__(runner, host, port)
        self.gate = gate

    async def start(self) -> None:
        await web.BaseSite.start(self)  # (registers the site; TCPSite's own would listen)
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            self.gate.factory(server), self._host, self._port, backlog=self._backlog,
            reuse_address=self._reuse_address, reuse_port=self._reuse_port)
        self._bound_port = self._server.sockets[0].getsockname()[1]


async def serve(app: web.Application, host: str, port: int, *, gate: Gate | None = None,
                idle: float = IDLE_SECONDS) -> web.AppRunner:
    """Serve `app` on host:port (0: any free port, then `runner.addresses` says which),
    with connections gated and idle ones closed after `idle` seconds; `runner.cleanup()`
    stops it. Errors accepting connections (out of file descriptors) are logged once a
    minute with a count, not once per attempt."""
    quiet_accept_errors(asyncio.get_running_loop())
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=5, keepalive_timeout=idle)
    await runner.setup()
    try:
        await GatedSite(runner, host, port, gate or Gate()).start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """asyncio reports each failed accept (EMFILE: out of file descriptors) with a
    traceback, and tries again a second later, for as long as it lasts: a log flood. One
    line a minute says the same."""
    previous = loop.get_exception_handler()
    if getattr(previous, "quiet_accept", False):
        return
    once = OnceEvery(ACCEPT_ERRORS_EVERY)

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system"):
            if once():
                log.error("cannot accept connections: %s (%d more times since the last "
                          "such line)", context.get("exception"), once.missed)
                once.missed = 0
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    handler.quiet_accept = True  # type: ignore[attr-defined]
    loop.set_exception_handler(handler)
