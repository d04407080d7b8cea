"""Running the Telegram adapter: `TelegramBot` (start/stop) and `run_telegram(settings, ...)`.

`TelegramBot` wires an aiogram `Bot` (optionally bound to a self-hosted Bot API server, as
the end-to-end tests' fake one), the `Outbox` and the dispatcher. `start()` learns the bot's
username, gives the service its deep-link format, registers the command list in every
language, queues what every active table should show, and starts long polling, or with a
`Webhook` serves the webhook endpoint instead (webhook.py); `stop()` stops taking updates,
lets the outbox deliver what is queued, and closes the HTTP session. Of several worker
processes only the primary registers commands and the webhook and re-shows the tables.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from types import TracebackType
from typing import Protocol, Self

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramAPIError, TelegramUnauthorizedError
from aiogram.methods import GetUpdates, TelegramMethod
from aiogram.types import BotCommand

from bot.config import Settings
from bot.i18n import LANGUAGES, Translator
from bot.loops import Loop, supervise
from bot.ops.startup_errors import retrying
from bot.port import TablePort
from bot.resuming import Resuming
from bot.update_claims import UpdateBook

from . import warm  # noqa: F401  (keeps aiogram's response models built)
from .handlers import WORKING_AFTER, build_routers
from .limits import OutboxLimits
from .miniapp import TelegramMiniApp
from .outbox import PLATFORM, Outbox, OutboxStore
from .owner import owner_router
from .webhook import Webhook, WebhookServer, register

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 256


class TelegramStore(OutboxStore, UpdateBook, Protocol):
    """The store as the Telegram side sees it: the outbox's, and the webhook's update
    claims."""


def build_dispatcher(service: TablePort, outbox: Outbox, translator: Translator, *,
                     default_language: str = "en",
                     working_after: float = WORKING_AFTER) -> Dispatcher:
    """A dispatcher with the adapter's routers and its dependencies as workflow data.
    `working_after`: seconds of work on an accepted press before it is answered "⏳"."""
    dispatcher = Dispatcher(name="telegram")
    dispatcher["service"] = service
    dispatcher["outbox"] = outbox
    dispatcher["translator"] = translator
    dispatcher["default_language"] = default_language
    dispatcher["working_after"] = working_after
    dispatcher.include_routers(owner_router(), *build_routers(service.COMMANDS))
    return dispatcher


async def set_commands(bot: Bot, service: TablePort, *, default_language: str = "en"
                       ) -> None:
    """The command menu: for everyone in the default language, and per app language."""
    for language_code in (None, *LANGUAGES):
        lang = language_code or default_language
        commands = [
            BotCommand(command=name,
                       description=service.command_description(lang, name)[:DESCRIPTION_LIMIT])
            for name in service.COMMANDS
        ]
        try:
            await bot.set_my_commands(commands, language_code=language_code)
        except TelegramAPIError as error:  # a missing menu is no reason not to play
            log.warning("setMyCommands (%s) failed: %s", language_code or "default",
                        error.message)


class TelegramBot:
    """The Telegram side of the bot, startable and stoppable (tests, the benchmark, `run`)."""

    def __init__(
        self,
        service: TablePort,
        store: TelegramStore,
        translator: Translator,
        *,
        token: str,
        api_server: str | None = None,
        default_language: str = "en",
        limits: OutboxLimits | None = None,
        polling_timeout: int = 10,
        working_after: float = WORKING_AFTER,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        quiet_for: float | None = None,
        webhook: Webhook | None = None,
        shared: bool | None = None,
        miniapp: TelegramMiniApp | None = None,
    ) -> None:
        """`clock` and `sleep` pace the outbox (tests drive them by hand); `quiet_for` is how
        long the bot was down before this process, whose messages Telegram may still count
        (None: no process ran before); `webhook`: take updates by webhook, not polling;
        `shared`: other processes share the store (`Outbox`; by default on PostgreSQL);
        `miniapp`: the Mini App's buttons and live views (TELEGRAM_WEBAPP_URL is set)."""
        session = (AiohttpSession(api=TelegramAPIServer.from_base(api_server))
                   if api_server else AiohttpSession())
        self.service = service
        self.default_language = default_language
        self.polling_timeout = polling_timeout
        self.bot = Bot(token, session=session)
        self.miniapp = miniapp
        self.resuming: Resuming | None = None
        make_outbox: Callable[..., Outbox] = miniapp.outbox if miniapp is not None else Outbox
        self.outbox = make_outbox(self.bot, store, service, translator, limits=limits,
                             default_language=default_language, clock=clock, sleep=sleep,
                             quiet_for=quiet_for, shared=shared)
        self.dispatcher = build_dispatcher(service, self.outbox, translator,
                                           default_language=default_language,
                                           working_after=working_after)
        self.username: str | None = None
        self.webhook = webhook
        self._store = store
        self._server: WebhookServer | None = None
        self._polling: asyncio.Task[None] | None = None
        self.polling_health = Loop("telegram polling", retries_itself=True)
        """Down while getUpdates fails (aiogram retries it), or polling is restarting."""
        self.polling_health.close()  # registered while polling runs

    @classmethod
    def from_settings(cls, settings: Settings, service: TablePort, store: TelegramStore,
                      translator: Translator, **options: object) -> TelegramBot:
        if settings.telegram_bot_token is None:
            raise ValueError("TELEGRAM_BOT_TOKEN is not set")
        return cls(service, store, translator,
                   token=settings.telegram_bot_token.get_secret_value(),
                   api_server=settings.telegram_api_server,
                   default_language=settings.default_language, **options)  # type: ignore[arg-type]

    @property
    def polling(self) -> asyncio.Task[None] | None:
        """The task taking updates while running: long polling, or serving the webhook."""
        return self._polling

    @property
    def primary(self) -> bool:
        """Whether this process does what one process of several must do alone."""
        return self.webhook is None or self.webhook.primary

    async def start(self) -> None:
        """Introduce the bot to the service and Telegram, resume every table, start polling.

        Raises aiogram's `TelegramUnauthorizedError` if the token is refused.
        """
        me = await retrying("Telegram", self.bot.me)  # (not reachable yet: patience)
        self.username = username = me.username
        self.service.register_platform(
            PLATFORM,
            deep_link=(lambda payload: f"https://t.me/{username}?start={payload}")
            if username else None,
            show=self.outbox.post,
        )
        if self.miniapp is not None:
            await self.miniapp.started(self.bot, username, primary=self.primary)
        if self.primary:
            await set_commands(self.bot, self.service, default_language=self.default_language)
        if self.primary or (self.webhook is not None and self.webhook.restarted):
            # after a crash: what the dead process had queued is shown again (posts whose
            # content is already on screen are skipped), beside the updates taken from now on
            self.resuming = Resuming(self.service, PLATFORM, self.outbox.post)
            self.resuming.start()
        log.info("Telegram: running as @%s", username)
        if self.webhook is not None:
            self._server = WebhookServer(self.dispatcher, self.bot, self._store, self.webhook)
            await self._server.start(me.id)
            if self.primary:
                try:
                    await register(self.bot, self.webhook,
                                   self.dispatcher.resolve_used_update_types())
                except BaseException:
                    await self._server.stop()
                    self._server = None
                    raise
            self._polling = asyncio.create_task(asyncio.Event().wait(), name="telegram webhook")
            return
        # aiogram sits out a failed getUpdates by itself (with a back-off: the health
        # registry sees it through `_watch_polling`); polling that ends with anything else
        # is logged and started again after a back-off of ours
        self.polling_health.open()
        self.bot.session.middleware(self._watch_polling)
        self._polling = asyncio.create_task(supervise(
            "telegram polling", lambda: self.dispatcher.start_polling(
                self.bot,
                polling_timeout=self.polling_timeout,
                handle_signals=False,
                close_bot_session=False,
                allowed_updates=self.dispatcher.resolve_used_update_types(),
            ), fatal=(TelegramUnauthorizedError,), loop=self.polling_health),
            name="telegram polling")

    async def _watch_polling(self, make_request, bot: Bot, method: TelegramMethod):  # type: ignore[no-untyped-def]
        """Each getUpdates's outcome, for the health registry."""
        if not isinstance(method, GetUpdates):
            return await make_request(bot, method)
        try:
            result = await make_request(bot, method)
        except Exception as error:
            self.polling_health.failed(error)
            raise
        self.polling_health.ok()
        return result

    async def stop(self, flush_timeout: float = 10.0) -> None:
        """Stop polling, finish the handlers under way, deliver what is queued, disconnect."""
        task, self._polling = self._polling, None
        server, self._server = self._server, None
        if server is not None:  # requests under way are finished first
            await server.stop()
            if task is not None:
                task.cancel()
        elif task is not None:
            if not task.done():
                try:
                    await asyncio.wait_for(self.dispatcher.stop_polling(), 5)
                except (TimeoutError, RuntimeError):
                    task.cancel()
            with suppress(asyncio.CancelledError):
                await asyncio.wait({task}, timeout=self.polling_timeout + 5)
            if not task.done():
                task.cancel()
        if self.resuming is not None:
            await self.resuming.stop()
        # Handlers still running would queue posts after the flush: let them finish.
        handlers = list(getattr(self.dispatcher, "_handle_update_tasks", ()))
        if handlers:
            await asyncio.wait(handlers, timeout=flush_timeout)
        if not await self.outbox.flush(flush_timeout):
            log.warning("Telegram: %d messages were not delivered before shutdown",
                        self.outbox.pending)
        await self.outbox.close()
        await self.bot.session.close()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.stop()


async def run_telegram(
    settings: Settings,
    service: TablePort,
    *,
    store: TelegramStore,
    translator: Translator,
    stop_event: asyncio.Event | None = None,
    quiet_for: float | None = None,
    webhook: Webhook | None = None,
    ready: Callable[[], object] | None = None,
    miniapp: TelegramMiniApp | None = None,
) -> None:
    """Serve Telegram until `stop_event` is set (or polling ends), then shut down cleanly;
    `quiet_for` is how long the bot was down before (see `TelegramBot`); `webhook`: take
    updates by webhook; `ready()` is called once it takes updates."""
    telegram = TelegramBot.from_settings(settings, service, store, translator,
                                         quiet_for=quiet_for, webhook=webhook, miniapp=miniapp)
    try:
        await telegram.start()
    except BaseException:
        await telegram.bot.session.close()
        raise
    polling = telegram.polling
    assert polling is not None
    if ready is not None:
        ready()
    stopper = asyncio.create_task((stop_event or asyncio.Event()).wait())
    try:
        await asyncio.wait({polling, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopper.cancel()
        await telegram.stop()
    if polling.done() and not polling.cancelled() and polling.exception() is not None:
        raise polling.exception()  # type: ignore[misc]
