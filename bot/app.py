"""Starting and stopping the platform adapters.

`run(settings)` opens the store, loads the translations, builds the table service and
serves every platform that has a token (Telegram, Discord, or both in one process, sharing
the service and the store), and the web playground when it runs (bot/web), until SIGINT or
SIGTERM, then shuts down cleanly: the scheduler first (what it is firing finishes while the
platforms can still send), then the platforms (each outbox delivers what is queued), then
the store.

One of several worker processes (`python -m bot --workers N`, bot/workers.py) runs it too,
as `worker` i of `workers`: each serves Telegram's webhook and runs the scheduler (due work
is claimed with SKIP LOCKED), while what must run once — the clocks' downtime, Discord's
gateway, the playground, registering the webhook — is worker 0's alone.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import signal
import socket
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot import physics_pool, pictures, thinking
from bot.config import Settings
from bot.i18n import Translator
from bot.ops import startup_errors
from bot.ops.startup_errors import StartupError, retrying
from bot.scheduler import Scheduler
from bot.storage.store import Store

log = logging.getLogger(__name__)


def _import_platforms(settings: Settings, *, primary: bool) -> None:
    """Import the platforms' packages before the store opens: aiogram builds hundreds of
    pydantic models (seconds of CPU, tens under load), and once the store is open its
    heartbeat must not wait on them, or the other workers would give this one up for dead
    (bot/storage/processes.py) while it already takes updates."""
    if settings.has_telegram:
        importlib.import_module("bot.telegram.webhook")  # bot.telegram with it
    if settings.has_discord and primary:
        importlib.import_module("bot.discord")


async def run(settings: Settings, *, stop_event: asyncio.Event | None = None,
              worker: int = 0, restarted: bool = False, sock: socket.socket | None = None,
              translator: Translator | None = None) -> int:
    """Serve every platform that has a token until SIGINT/SIGTERM (or `stop_event`);
    returns the exit status. `worker`: this process's slot of several (`restarted`: in place
    of one that died); `sock`: the webhook's listening socket, handed over by the
    supervisor; `translator`: the translations if already loaded (else loaded here)."""
    # Imported here: the game engines load only when there is something to run, aiogram
    # only for Telegram and discord.py only for Discord (seconds saved at each start).
    from bot.ops import metrics, owner
    from bot.ops.health import Ops, serve_ops
    from bot.tables import TableService
    from bot.web import UnsafeSecret, run_web

    translator = translator or Translator.load()
    _import_platforms(settings, primary=worker == 0)
    pictures.configure(settings.drawing_processes)
    thinking.configure(settings.computer_processes)
    physics_pool.configure(settings.physics_processes)
    telegram_refused: tuple[type[BaseException], ...] = ()
    discord_refused: tuple[type[BaseException], ...] = ()
    stop = stop_event or asyncio.Event()
    signals = _stop_on_signals(stop)
    closing = asyncio.Event()  # the platforms close on this one: see `_stop_in_order`
    startup_errors.configure(settings)  # a database or platform not up yet: patience
    metrics.install()  # ERROR lines counted, for /metrics and the owner's /botstatus
    ops = Ops()
    ops_runner = None
    try:
        if settings.ops_port is not None:  # before the database: /readyz says "not yet"
            # each worker of `--workers N` has its own metrics: worker i on OPS_PORT + i
            port = settings.ops_port + worker if settings.ops_port else 0
            try:
                ops_runner = await serve_ops(ops, settings.ops_host, port)
            except OSError as error:
                raise StartupError(startup_errors.explain(error, settings)
                                   or f"The operator port failed: {error}") from None
        async with await retrying("the database", lambda: Store.open(
                settings.database, label=f"worker {worker}"), settings) as store:
            ops.store = store
            service = TableService(store, translator,
                                   default_language=settings.default_language,
                                   computer_pause=settings.computer_pause,
                                   lobby_timeout=60 * settings.lobby_timeout)
            primary = worker == 0
            owners = owner.parse_owner_ids(settings.owner_ids)
            owner.configure(owner.OwnerDesk(owners, service) if owners else None)
            quiet_for: float | None = 0.0  # the other workers are sending right now
            if primary and not restarted:  # (a restarted worker: the others ran meanwhile)
                # before any table is resumed: the clocks get back the time the bot was down
                ran_before = await store.last_beat() is not None
                down = await service.recover_downtime()
                quiet_for = down if ran_before else None
            runners: list[Coroutine[Any, Any, None]] = []
            # once every platform takes presses, the clocks get the start-up back too
            serving = _Serving(service.serving, ops.serving)
            miniapp = None
            if settings.has_telegram:
                from aiogram.exceptions import TelegramUnauthorizedError

                from bot.telegram import run_telegram
                from bot.telegram.webhook import Webhook

                telegram_refused = (TelegramUnauthorizedError,)
                if settings.has_miniapp:  # the table inside Telegram, served by bot/web
                    from bot.telegram.miniapp import TelegramMiniApp

                    assert settings.telegram_bot_token and settings.telegram_webapp_url
                    miniapp = TelegramMiniApp(
                        settings.telegram_bot_token.get_secret_value(),
                        settings.telegram_webapp_url, translator,
                        short_name=settings.telegram_webapp_name,
                        default_language=settings.default_language)
                webhook = None
                if settings.has_webhook:
                    assert settings.telegram_webhook_url and settings.telegram_webhook_secret
                    webhook = Webhook(settings.telegram_webhook_url,
                                      settings.telegram_webhook_secret.get_secret_value(),
                                      host=settings.telegram_webhook_host,
                                      port=settings.telegram_webhook_port, sock=sock,
                                      worker=worker, restarted=restarted)
                # Telegram still counts what a process that stopped moments ago sent
                runners.append(run_telegram(settings, service, store=store,
                                            translator=translator, stop_event=closing,
                                            quiet_for=quiet_for, webhook=webhook,
                                            ready=serving.waiting(), miniapp=miniapp))
            if settings.has_discord and primary:
                from discord import LoginFailure

                from bot.discord import run_discord

                discord_refused = (LoginFailure,)
                runners.append(run_discord(settings, service, store=store,
                                           translator=translator, stop_event=closing,
                                           ready=serving.waiting()))
            if settings.runs_web and primary:
                # other workers (the supervisor's socket) show the Mini App's tables too
                runners.append(run_web(settings, service, translator=translator,
                                       stop_event=closing, miniapp=miniapp,
                                       follow_others=sock is not None))
            if not runners:
                log.info("Nothing to run; exiting")
                return 0
            collector_on()  # every module this process needs is imported by now
            serving.arm()
            service.scheduler.start()  # computer turns: due work, fired for every platform
            ordered = asyncio.create_task(_stop_in_order(stop, service.scheduler, closing))
            try:
                outcomes = await asyncio.gather(*(_stopping_all_on_failure(r, stop)
                                                  for r in runners), return_exceptions=True)
            finally:
                ordered.cancel()
                await asyncio.gather(ordered, serving.close(), return_exceptions=True)
                await service.scheduler.stop()
    finally:
        _restore_signals(signals)
        owner.configure(None)
        startup_errors.configure(None)
        if ops_runner is not None:
            await ops_runner.cleanup()
        await _stop_pools()
    status = 0
    mistake: str | None = None
    for outcome in outcomes:
        if isinstance(outcome, BaseException) and not isinstance(
                outcome, telegram_refused + discord_refused) and (
                line := startup_errors.explain(outcome, settings)) is not None:
            mistake = mistake or line  # one line and exit status 2 (bot/ops/startup_errors.py)
        elif isinstance(outcome, telegram_refused):
            log.error("Telegram refused TELEGRAM_BOT_TOKEN (Unauthorized): check it with "
                      "@BotFather (/token) and set it again")
            status = 1
        elif isinstance(outcome, discord_refused):
            log.error("Discord refused DISCORD_BOT_TOKEN: reset it in the developer portal "
                      "(Bot → Reset Token) and set it again")
            status = 1
        elif isinstance(outcome, UnsafeSecret):
            log.error("Playground: %s", outcome)  # one line: what to do is in it
            status = 1
        elif isinstance(outcome, BaseException):
            log.error("A platform stopped with an error: %s", type(outcome).__name__,
                      exc_info=outcome)
            status = 1
    if mistake is not None:
        raise StartupError(mistake)
    log.info("Stopped")
    return status


def collector_on() -> None:
    """Turn the cyclic garbage collector on again if `python -m bot` turned it off for the
    start (bot/__main__.py): what the start left as cyclic garbage is collected, and what
    it built to keep (modules, classes, the translations) is frozen, left out of every later
    collection, since it lives as long as the process."""
    if not gc.isenabled():
        gc.collect()
        gc.freeze()
        gc.enable()


class _Serving:
    """Calls `serving()` (the clocks' give-back of the start-up) once every platform that
    was waited for (`waiting()`) says it serves."""

    def __init__(self, serving: Callable[[], Awaitable[object]],
                 told: Callable[[], object] = lambda: None) -> None:
        """`told()` hears it at once (the operator port's readiness)."""
        self._serving = serving
        self._told = told
        self._left = 0
        self._armed = False
        self._task: asyncio.Task[None] | None = None

    def waiting(self) -> Callable[[], None]:
        self._left += 1
        said: list[bool] = []

        def ready() -> None:
            if not said:
                said.append(True)
                self._left -= 1
                self._maybe()

        return ready

    def arm(self) -> None:
        """Every platform is counted."""
        self._armed = True
        self._maybe()

    def _maybe(self) -> None:
        if self._armed and self._left == 0 and self._task is None:
            self._told()
            self._task = asyncio.create_task(self._give_back(), name="serving")

    async def _give_back(self) -> None:
        try:
            await self._serving()
        except Exception as error:  # the restart grace still holds
            log.warning("the start-up was not given back to the clocks (%s)",
                        type(error).__name__, exc_info=True)

    async def close(self) -> None:
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)


async def _stop_pools() -> None:
    """The drawing, thinking and physics processes stop with the bot (a worker ends with
    `os._exit`, which runs no atexit hook; the processes would also notice their parent
    gone, a moment later: bot/child_processes.py)."""
    stops = (pictures.shutdown, thinking.shutdown, physics_pool.shutdown)  # each: if started
    await asyncio.gather(*(asyncio.to_thread(stop) for stop in stops))


async def _stop_in_order(stop: asyncio.Event, scheduler: Scheduler,
                         closing: asyncio.Event) -> None:
    """On a stop, first the scheduler: no deadline fires any more, and those being fired
    finish while every platform can still deliver what they send; then the platforms
    close (each outbox delivering what is queued). A deadline left unfired stays stored for
    the next start."""
    await stop.wait()
    await scheduler.stop()
    closing.set()


async def _stopping_all_on_failure(runner: Coroutine[Any, Any, None], stop: asyncio.Event
                                   ) -> None:
    """Run one platform; if it fails (a refused token), stop the others too, so the
    process ends and says why rather than run on half configured."""
    try:
        await runner
    except BaseException:
        stop.set()
        raise


def _stop_on_signals(stop: asyncio.Event) -> list[signal.Signals]:
    loop = asyncio.get_running_loop()
    installed = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):
            continue  # Windows, or not the main thread: Ctrl+C raises KeyboardInterrupt instead
        installed.append(sig)
    return installed


def _restore_signals(signals: list[signal.Signals]) -> None:
    loop = asyncio.get_running_loop()
    for sig in signals:
        loop.remove_signal_handler(sig)
