"""How long discord.py made one request wait on Discord's rate limits.

discord.py handles the rate limits inside its HTTP client and tells nobody: before a request
it waits for the route's bucket (and for a global limit to pass), after a 429 it sleeps
`retry_after` and tries again, and after a request that used a bucket's last token it sleeps
until the bucket refills. An aiohttp trace (`http_trace()`, given to the client) sees every
HTTP attempt, in the task that makes the request; inside `measuring()` a `Meter` adds up

* `flood`: from each 429 to the next attempt: flood control, as Discord asked;
* `pacing`: from the start to the first attempt: the library keeping to the limits.

The sleep after the last attempt is left out: the message was shown already.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import aiohttp

TOO_MANY_REQUESTS = 429


@dataclass
class Meter:
    """The waiting of one request (seconds, on the monotonic clock)."""

    started: float = field(default_factory=time.monotonic)
    pacing: float = 0.0
    flood: float = 0.0
    attempts: int = 0
    _limited_at: float | None = None  # when the latest attempt was answered 429

    def attempt_started(self, now: float) -> None:
        if self.attempts == 0:
            self.pacing = max(now - self.started, 0.0)
        elif self._limited_at is not None:
            self.flood += max(now - self._limited_at, 0.0)
        self.attempts += 1
        self._limited_at = None

    def attempt_ended(self, now: float, status: int | None) -> None:
        self._limited_at = now if status == TOO_MANY_REQUESTS else None

    def held_back(self, pacing_from: float) -> float:
        """The seconds a player waited for: all of `flood`, and `pacing` once it is at
        least `pacing_from` (shorter is just the time a request takes to set off)."""
        return self.flood + (self.pacing if self.pacing >= pacing_from else 0.0)


_CURRENT: ContextVar[Meter | None] = ContextVar("discord_request_meter", default=None)


@contextmanager
def measuring() -> Iterator[Meter]:
    """Measure the requests made inside the block, in this task."""
    meter = Meter()
    token = _CURRENT.set(meter)
    try:
        yield meter
    finally:
        _CURRENT.reset(token)


def http_trace() -> aiohttp.TraceConfig:
    """The trace to give discord.py (`discord.Client(http_trace=...)`) for `measuring()`."""
    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(_started)
    trace.on_request_end.append(_ended)
    trace.on_request_exception.append(_failed)
    return trace


async def _started(session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
                   ) -> None:
    meter = _CURRENT.get()
    if meter is not None:
        meter.attempt_started(time.monotonic())


async def _ended(session: aiohttp.ClientSession, context: SimpleNamespace,
                 params: aiohttp.TraceRequestEndParams) -> None:
    meter = _CURRENT.get()
    if meter is not None:
        meter.attempt_ended(time.monotonic(), params.response.status)


async def _failed(session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
                  ) -> None:
    meter = _CURRENT.get()
    if meter is not None:
        meter.attempt_ended(time.monotonic(), None)
