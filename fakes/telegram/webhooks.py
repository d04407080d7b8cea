"""Webhook delivery of the fake Bot API server, as strict as Telegram's.

While a webhook is set (``setWebhook``), updates are POSTed to its URL as JSON with the
``X-Telegram-Bot-Api-Secret-Token`` header when a secret was given, and ``getUpdates`` is
refused with 409 Conflict. An update counts as delivered only when its request answers 2xx;
a refused connection, a timeout or any other status is recorded as the webhook's last error
(``getWebhookInfo``) and the same update (same ``update_id``) is delivered again after
``retry_delay`` seconds, doubled at each failure of the same update up to a second. Updates
of one chat go one at a time, in order (the next only after the previous one was
acknowledged); different chats go in parallel, up to the webhook's ``max_connections``,
over kept-alive connections as Telegram's are.

Like a self-hosted Bot API server (``--local``), the fake accepts http:// URLs on any port,
loopback included; the official one wants HTTPS on 443, 80, 88 or 8443.

Fault: `WebhookDelivery.lose_answers` makes the next deliveries fail after the bot answered
(the connection dropped before the answer arrived), so the bot sees one update twice.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import aiohttp

from .records import bad_request

if TYPE_CHECKING:
    from .server import FakeTelegramServer

SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_RETRY_DELAY = 1.0


@dataclass
class Delivery:
    """One POST of an update to the webhook."""

    update_id: int
    started: float
    finished: float = 0.0
    status: int | None = None  # the HTTP status, None if no answer came
    error: str | None = None  # why it does not count as delivered

    @property
    def ok(self) -> bool:
        return self.error is None


def chat_key(update: dict[str, Any]) -> object:
    """What Telegram orders an update's delivery by: its chat (a press: the pressed
    message's chat), else its sender."""
    body = next(v for k, v in update.items() if k != "update_id")
    if isinstance(body, dict):
        if isinstance(body.get("chat"), dict):
            return body["chat"]["id"]
        message = body.get("message")
        if isinstance(message, dict) and isinstance(message.get("chat"), dict):
            return message["chat"]["id"]
        if isinstance(body.get("from"), dict):
            return ("user", body["from"]["id"])
    return None


class WebhookDelivery:
    """The delivery side of a webhook: set by `configure`, stopped by `clear`."""

    def __init__(self, server: FakeTelegramServer, *, retry_delay: float = 0.05,
                 timeout: float = 30.0, keep_alive: bool = True) -> None:
        self.server = server
        self.retry_delay = retry_delay
        self.timeout = timeout
        self.keep_alive = keep_alive
        self.url: str | None = None
        self.secret: str | None = None
        self.max_connections = 40
        self.deliveries: list[Delivery] = []
        """Every POST made, in the order they finished."""
        self.last_error_date: int | None = None
        self.last_error_message: str | None = None
        self.lose_answers = 0
        """The next this many deliveries fail after the bot answered (see module doc)."""
        self._busy: dict[object, asyncio.Task[None]] = {}
        self._retry_at: dict[int, float] = {}
        self._failures: dict[int, int] = {}
        self._loop_task: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None

    # --- the methods ----------------------------------------------------------------------

    def configure(self, params: dict[str, Any]) -> None:
        """``setWebhook``: validate like Telegram, then deliver to the URL."""
        url = str(params.get("url") or "")
        if not url:  # Telegram: an empty URL removes the webhook
            self.clear(drop=bool(params.get("drop_pending_updates")))
            return
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
        secret = params.get("secret_token")
        if secret is not None and not SECRET.fullmatch(str(secret)):
            raise bad_request("bad webhook: secret token contains unallowed characters")
        connections = int(params.get("max_connections") or 40)
        if not 1 <= connections <= 100:
            raise bad_request("bad webhook: max_connections must be between 1 and 100")
        if "allowed_updates" in params:
            allowed = params["allowed_updates"]
            self.server.allowed_updates = list(allowed) if allowed else None
        if params.get("drop_pending_updates"):
            self.server._pending.clear()
        changed = (url, connections) != (self.url, self.max_connections)
        self.url, self.secret, self.max_connections = url, secret, connections
        if changed or self._loop_task is None:
            self._restart()

    def clear(self, *, drop: bool = False) -> None:
        """``deleteWebhook`` (requests under way still finish)."""
        self.url = self.secret = None
        if drop:
            self.server._pending.clear()
        if self._loop_task is not None:
            self._loop_task.cancel()
            self._loop_task = None

    def info(self) -> dict[str, Any]:
        """``getWebhookInfo``."""
        info: dict[str, Any] = {"url": self.url or "", "has_custom_certificate": False,
                                "pending_update_count": len(self.server._pending)}
        if self.url:
            info["max_connections"] = self.max_connections
            if self.server.allowed_updates:
                info["allowed_updates"] = list(self.server.allowed_updates)
        if self.last_error_date is not None:
            info["last_error_date"] = self.last_error_date
            info["last_error_message"] = self.last_error_message
        return info

    async def close(self) -> None:
        self.clear()
        tasks = list(self._busy.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
            self._session = None

    # --- delivering -------------------------------------------------------------------------

    def _restart(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
        self._loop_task = asyncio.create_task(self._run(), name="fake webhook delivery")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.url is not None:
            event = self.server._updates_event
            wake = self._start_deliveries(loop.time())
            try:
                await asyncio.wait_for(event.wait(), wake)
            except TimeoutError:
                pass

    def _start_deliveries(self, now: float) -> float:
        """Start a POST for each chat's first pending update that may go now; the seconds
        until a retry falls due (at most a second)."""
        wake = 1.0
        blocked: set[object] = set(self._busy)
        for update in self.server._deliverable(len(self.server._pending) or 1):
            key = chat_key(update)
            if key in blocked:
                continue
            blocked.add(key)  # later updates of this chat wait for this one
            due = self._retry_at.get(update["update_id"], 0.0)
            if due > now:
                wake = min(wake, due - now)
                continue
            if len(self._busy) >= self.max_connections:
                break
            self._busy[key] = asyncio.create_task(self._deliver(key, update))
        return max(wake, 0.001)

    async def _deliver(self, key: object, update: dict[str, Any]) -> None:
        server = self.server
        update_id = update["update_id"]
        delivery = Delivery(update_id, time.monotonic())
        try:
            await self._post(update, delivery)
        finally:
            delivery.finished = time.monotonic()
            self.deliveries.append(delivery)
            self._busy.pop(key, None)
            if delivery.ok:
                self._retry_at.pop(update_id, None)
                self._failures.pop(update_id, None)
                server._pending = [u for u in server._pending if u["update_id"] != update_id]
            else:
                self.last_error_date = int(time.time())
                self.last_error_message = delivery.error
                loop = asyncio.get_running_loop()
                failures = self._failures[update_id] = self._failures.get(update_id, 0) + 1
                backoff = min(self.retry_delay * 2 ** (failures - 1), MAX_RETRY_DELAY)
                self._retry_at[update_id] = loop.time() + backoff
            server._touch()
            server._wake_pollers()

    async def _post(self, update: dict[str, Any], delivery: Delivery) -> None:
        if self.url is None:
            delivery.error = "Webhook was deleted"
            return
        if self._session is None:
            self._session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(
                limit=100, force_close=not self.keep_alive))
        headers = {"Content-Type": "application/json"}
        if self.secret:
            headers[SECRET_HEADER] = self.secret
        try:
            async with self._session.post(
                    self.url, data=json.dumps(update), headers=headers,
                    timeout=aiohttp.ClientTimeout(total=self.timeout)) as response:
                await response.read()
                delivery.status = response.status
                if not 200 <= response.status < 300:
                    delivery.error = (f"Wrong response from the webhook: {response.status} "
                                      f"{response.reason}")
        except TimeoutError:
            delivery.error = "Read timeout expired"
        except aiohttp.ClientError as error:
            delivery.error = f"Connection failed: {type(error).__name__}"
        if delivery.ok and self.lose_answers > 0:
            self.lose_answers -= 1
            delivery.error = "Connection reset by peer (injected)"
