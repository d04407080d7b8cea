"""discord.py's waits for a rate-limit bucket to refill, taken on the fake's clock.

discord.py keeps to each route's bucket by itself: after an answer that says a bucket is
spent (``X-RateLimit-Remaining: 0``) it sleeps ``X-RateLimit-Reset-After`` seconds before the
bucket's next request (``http.Ratelimit._refresh`` for requests with the bot token,
``webhook.async_.AsyncDeferredLock`` for the interaction webhooks). With Discord's real
bucket sizes (5 messages per 5 s in a channel) that would make every test sit out seconds of
real time, so while a `FakeDiscordServer` with ``bucket_waits_on_clock`` runs, those two
sleeps pass on the fake's clock instead: the wait is added to the time the fake counts its
buckets on (`DiscordLimits.bucket_time`) and returns at once. The fake still refuses
every request a bucket has no room for, so a client that did not wait long enough meets a
429 as it would on Discord; only the waiting is free.

A 429's ``retry_after`` (and discord.py's retries after a 5xx) are still slept for real:
tests inject those with short waits, and the bot's measurements of them stay true.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from discord.errors import RateLimited
from discord.http import Ratelimit
from discord.webhook.async_ import AsyncDeferredLock

Waited = Callable[[float], None]

_saved: tuple[Any, Any] | None = None


def take_on_clock(waited: Waited) -> None:
    """Make discord.py's bucket waits call `waited(seconds)` instead of sleeping."""
    global _saved
    if _saved is not None:
        raise RuntimeError("discord.py's bucket waits are already taken on a fake clock")
    _saved = (Ratelimit._refresh, AsyncDeferredLock.__aexit__)

    async def refresh(self: Ratelimit) -> None:
        # discord.py's `_refresh`, its sleep passing on the fake's clock
        too_long = bool(self._max_ratelimit_timeout
                        and self.reset_after > self._max_ratelimit_timeout)
        async with self._sleeping:
            if not too_long:
                waited(self.reset_after)
                await asyncio.sleep(0)
        self.reset()
        self._wake(self.remaining,
                   exception=RateLimited(self.reset_after) if too_long else None)

    async def release(self: AsyncDeferredLock, *exc_info: object) -> None:
        if self.delta:
            waited(self.delta)
            await asyncio.sleep(0)
        self.lock.release()

    Ratelimit._refresh = refresh  # type: ignore[method-assign]
    AsyncDeferredLock.__aexit__ = release  # type: ignore[method-assign,assignment]


def sleep_for_real() -> None:
    """Undo `take_on_clock`."""
    global _saved
    if _saved is None:
        return
    Ratelimit._refresh, AsyncDeferredLock.__aexit__ = _saved  # type: ignore[method-assign]
    _saved = None

