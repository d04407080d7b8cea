"""Running the playground: the aiohttp application and `run_web`.

The playground is a platform like Telegram and Discord to the table service: it registers as
"web" with no deep link (anyone may join a table; each player's panel goes to that player,
here their own browser) and shows the service's own posts (a computer player's move) through
its outbox.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress

from aiohttp import web

from bot.config import Settings
from bot.i18n import Translator
from bot.tables import TableService

from .identity import CookieSigner, secret_from
from .images import Images
from .rooms import Rooms
from .routes import KEY, PLATFORM, STATIC, Playground, routes

log = logging.getLogger(__name__)


def build_app(service: TableService, translator: Translator, *, secret: str,
              default_language: str = "en") -> web.Application:
    """The playground's application over the service (registered as the "web" platform)."""

    async def room_of(table_id: int) -> str | None:
        table = await service.store.get_table(table_id)
        return table.chat_id if table is not None and table.platform == PLATFORM else None

    rooms = Rooms(Images(), room_of)
    service.register_platform(PLATFORM, deep_link=None, show=rooms.post)
    playground = Playground(service, translator, rooms, CookieSigner(secret),
                            default_language=default_language)
    app = web.Application(client_max_size=64 * 1024)
    app[KEY] = playground
    app.add_routes(routes)
    app.router.add_static("/static/", STATIC, append_version=False)
    app.on_startup.append(_resume)
    app.on_shutdown.append(_close_streams)
    return app


async def _resume(app: web.Application) -> None:
    playground = app[KEY]
    playground.rooms.post(await playground.service.resume(PLATFORM))


async def _close_streams(app: web.Application) -> None:
    playground = app[KEY]
    playground.rooms.close()
    if playground.tasks:
        await asyncio.wait(list(playground.tasks), timeout=10)


async def run_web(settings: Settings, service: TableService, *, translator: Translator,
                  stop_event: asyncio.Event | None = None) -> None:
    """Serve the playground until `stop_event` is set."""
    secret = secret_from(settings.playground_secret.get_secret_value()
                         if settings.playground_secret else None, settings.database_path)
    app = build_app(service, translator, secret=secret,
                    default_language=settings.default_language)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=5)
    await runner.setup()
    try:
        site = web.TCPSite(runner, settings.playground_host, settings.playground_port)
        await site.start()
        log.info("Playground: open %s in a browser", settings.playground_url)
        with suppress(asyncio.CancelledError):
            await (stop_event or asyncio.Event()).wait()
    finally:
        await runner.cleanup()
