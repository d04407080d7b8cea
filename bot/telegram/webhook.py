"""Webhook mode: Telegram POSTs each update to the bot's HTTP endpoint (aiogram's aiohttp
handler) instead of the bot long-polling for it, so several worker processes can serve one
bot behind one port (bot/workers.py).

Every request must carry the webhook's secret in ``X-Telegram-Bot-Api-Secret-Token``
(aiogram checks it; 401 otherwise). An update is then claimed in the database
(bot/storage/updates.py says why that keeps it applied once however often it is delivered):

* claimed now: handled, marked done, answered 200;
* handled before: answered 200 and dropped;
* another worker is on it: 503, and Telegram delivers it again later;
* the handling failed (the database went away meanwhile): the claim is released and the
  answer is 5xx, so Telegram delivers it again and the work is done then. A press's answer
  is held back in that case (`redelivered_if_failed` in the handlers' data), so the person
  sees their move, not an error.

The update is handled inside the request (not in the background, aiogram's default), since
only its outcome may decide the answer Telegram acts on.

Nothing a request carries reaches a handler unchecked, and no request is answered 500 for
what it carries. The secret is checked first, as bytes (a header with a non-ASCII byte is
refused 401 like any wrong secret); the body is read up to `MAX_BODY`
(413 past it). A body that is not a JSON object is refused 400: it is no update at all. A
JSON object that is no update aiogram can read, or whose `update_id` is not a number in
0 … 2⁶³-1, is answered 200 and dropped with a warning: it came with the secret, so from
Telegram (or whoever holds the secret), and it will be the same when sent again; a non-2xx
answer would only make Telegram send it again and again, holding back that chat's next
updates behind it until it gives up.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from aiogram import Bot, Dispatcher
from aiogram.types import Update
from aiogram.webhook.aiohttp_server import SimpleRequestHandler
from aiohttp import web
from pydantic import ValidationError

from bot.loops import Loop
from bot.port import service_unavailable
from bot.update_claims import UpdateBook, UpdateClaim

log = logging.getLogger(__name__)

LEASE_S = 60.0
"""How long a claim holds off other workers when nobody releases it (its worker died and
no new process took its slot): Telegram itself waits about a minute for an answer."""
PRUNE_EVERY_S = 600.0
MAX_BODY = 1 << 20
"""Bytes an update may take: Telegram's are a few kilobytes (a message of 4,096 characters
with its entities and the message it replies to)."""
MAX_UPDATE_ID = 2**63 - 1
"""The largest update id the store keeps (a signed 64-bit integer)."""


@dataclass(frozen=True)
class Webhook:
    """Where Telegram sends updates and where this process listens for them.

    `url` is the public address given to Telegram (its path is the route served); `host` and
    `port` are where to listen, unless `sock` is a listening socket handed over by the
    supervisor. `worker` is this process's slot (0 … workers-1); slot 0 is the primary,
    which alone registers the webhook and prunes old update ids. `restarted`: this process
    replaces one that died, whose queued messages died with it (so it shows every table
    again, as the primary does at the first start)."""

    url: str
    secret: str
    host: str = "127.0.0.1"
    port: int = 8081
    sock: socket.socket | None = None
    worker: int = 0
    restarted: bool = False
    lease: float = LEASE_S

    @property
    def path(self) -> str:
        return urlsplit(self.url).path or "/"

    @property
    def primary(self) -> bool:
        return self.worker == 0


class OnceEachUpdate(SimpleRequestHandler):
    """aiogram's request handler (secret check, parsing), each update claimed first."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, store: UpdateBook, webhook: Webhook
                 ) -> None:
        super().__init__(dispatcher, bot, handle_in_background=False,
                         secret_token=webhook.secret, redelivered_if_failed=True)
        self.store = store
        self.webhook = webhook
        self.claim = uuid.uuid4().hex  # this process's claims
        self._writes: set[asyncio.Task[None]] = set()

    def verify_secret(self, telegram_secret_token: str, bot: Bot) -> bool:
        """Compared as bytes: aiohttp hands a header's non-ASCII bytes over as surrogates,
        which `secrets.compare_digest` refuses to compare as text (a TypeError, a 500)."""
        given = telegram_secret_token.encode("utf-8", "surrogateescape")
        return secrets.compare_digest(given, (self.secret_token or "").encode())

    async def _handle_request(self, bot: Bot, request: web.Request) -> web.Response:
        update = await self._read_update(bot, request)
        if not isinstance(update, Update):
            return update
        update_id = update.update_id
        try:
            claim = await self.store.claim_update(bot.id, update_id,
                                                  worker=self.webhook.worker,
                                                  claim=self.claim, lease=self.webhook.lease)
        except Exception as error:
            if not service_unavailable(error):
                raise
            log.warning("update %d: database unavailable; Telegram will send it again",
                        update_id)
            return web.Response(status=503)
        if claim is UpdateClaim.DONE:
            log.info("update %d was handled before; dropped", update_id)
            return web.json_response({})
        if claim is UpdateClaim.BUSY:
            return web.Response(status=503)  # another worker is on it
        try:
            await self.dispatcher.feed_update(bot, update, **self.data)
        except Exception as error:
            self._release(bot.id, update_id)
            log.warning("update %d failed (%s); Telegram will send it again", update_id,
                        type(error).__name__)
            log.debug("update failure detail", exc_info=True)
            return web.Response(status=503 if service_unavailable(error) else 500)
        # Handled: answered 200 even if the mark must wait for the database (Telegram then
        # sends it no more; a redelivery meanwhile would find the work done by version).
        self._persist("marked done", lambda: self.store.finish_update(
            bot.id, update_id, claim=self.claim), update_id)
        return web.json_response({})

    async def _read_update(self, bot: Bot, request: web.Request) -> Update | web.Response:
        """The request's update, or the answer to a request that carries none."""
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            log.warning("a webhook request over %d bytes was refused", MAX_BODY)
            return web.Response(status=413)
        try:
            raw = bot.session.json_loads(body)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested too deep
            raw = None
        if not isinstance(raw, dict):
            log.warning("a webhook request that is no JSON object was refused")
            return web.Response(status=400)
        update_id = raw.get("update_id")
        if type(update_id) is not int or not 0 <= update_id <= MAX_UPDATE_ID:
            log.warning("an update without a usable update_id was dropped")
            return web.json_response({})
        try:
            return Update.model_validate(raw, context={"bot": bot})
        except (ValidationError, ValueError, TypeError, RecursionError) as error:
            log.warning("update %d: not an update this bot can read (%s); dropped",
                        update_id, type(error).__name__)
            return web.json_response({})

    def _release(self, bot_id: int, update_id: int) -> None:
        self._persist("released", lambda: self.store.release_update(
            bot_id, update_id, claim=self.claim), update_id)

    def _persist(self, what: str, write: Callable[[], Awaitable[object]], update_id: int
                 ) -> None:
        """Write a claim's outcome, trying again while the database is away (within the
        lease, after which the claim lapses anyway)."""

        async def attempts() -> None:
            loop = asyncio.get_running_loop()
            until = loop.time() + self.webhook.lease
            while True:
                try:
                    await write()
                    return
                except Exception as error:  # noqa: BLE001 - logged; the lease lapses anyway
                    if not service_unavailable(error) or loop.time() > until:
                        log.warning("update %d: not %s (%s)", update_id, what,
                                    type(error).__name__)
                        return
                await asyncio.sleep(0.5)

        task = asyncio.create_task(attempts(), name=f"update {update_id} {what}")
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def close(self) -> None:
        if self._writes:
            await asyncio.wait(self._writes, timeout=5)


class WebhookServer:
    """The HTTP endpoint of one worker process."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, store: UpdateBook, webhook: Webhook
                 ) -> None:
        self.webhook = webhook
        self.store = store
        self.handler = OnceEachUpdate(dispatcher, bot, store, webhook)
        self._runner: web.AppRunner | None = None
        self._pruning: asyncio.Task[None] | None = None

    async def start(self, bot_id: int) -> None:
        released = await self.store.release_worker_claims(bot_id, self.webhook.worker)
        if released:
            log.info("released %d update(s) the previous process of worker %d held",
                     released, self.webhook.worker)
        app = web.Application(client_max_size=MAX_BODY)
        self.handler.register(app, path=self.webhook.path)
        # handler_cancellation off (aiohttp's default): an update's work goes on if the
        # connection drops, so that the redelivery finds it done
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=10.0)
        await self._runner.setup()
        site: web.BaseSite
        if self.webhook.sock is not None:
            site = web.SockSite(self._runner, self.webhook.sock)
        else:
            site = web.TCPSite(self._runner, self.webhook.host, self.webhook.port)
        await site.start()
        if self.webhook.primary:
            self._pruning = asyncio.create_task(self._prune(), name="prune update ids")
        log.info("Telegram webhook: worker %d serving %s", self.webhook.worker, site.name)

    async def _prune(self) -> None:
        """Forget old update ids every `PRUNE_EVERY_S`; a failed round (the database away)
        is tried again after a back-off (bot/loops.py), the loop never ends."""
        health = Loop("prune update ids", cap=PRUNE_EVERY_S)
        try:
            while True:
                try:
                    pruned = await self.store.prune_updates()
                except Exception as error:  # noqa: BLE001 - logged; tried again
                    await asyncio.sleep(health.failed(error))
                    continue
                health.ok()
                if pruned:
                    log.info("forgot %d old update ids", pruned)
                await asyncio.sleep(PRUNE_EVERY_S)
        finally:
            health.close()

    async def stop(self) -> None:
        """Stop taking requests; requests under way are finished first."""
        if self._pruning is not None:
            self._pruning.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.handler.close()


async def register(bot: Bot, webhook: Webhook, allowed_updates: list[str]) -> None:
    """Tell Telegram where to send updates (idempotent: the primary does it at each start)."""
    await bot.set_webhook(webhook.url, secret_token=webhook.secret,
                          allowed_updates=allowed_updates, drop_pending_updates=False)
