"""Keeping the bot's requests under Discord's global rate limit.

Discord allows a bot about 50 requests a second across all routes (the interaction
endpoints, which answer people, are exempt); going over earns global 429s, which stall every
request of the bot and count toward Discord's ban on invalid requests (10,000 in 10 minutes).
discord.py only reacts to a global 429 after the fact, so a `GlobalPacer` holds back each
HTTP attempt made with the bot token (it hooks into the client's aiohttp trace, so it sees
every one, discord.py's retries too, and only once discord.py's per-route bucket has let it
go): at most `rate` attempts are under way or ended less than `window` ago. A slot counts
from when its request ends, so however late a request reaches Discord, Discord counts no more
than `rate` in any window. Waiting attempts are served urgent first: the outbox marks board
edits as not urgent (`urgency`), so turn pings and lobbies go before them, while the boards
keep being replaced by newer ones in their lanes (a stale board is never sent).

The pacer also counts the bot's invalid requests (`InvalidRequests`: answers 401, 403 and
429 but Discord's "shared" ones), which Discord bans an IP for past 10,000 in 10 minutes;
the adapter keeps far below by never asking again what was refused (a channel that refuses
the bot is silenced, bot/discord/silence.py; DMs back off, bot/discord/dms.py). Should
something unforeseen refuse request after request all the same, a brake holds every request
with the bot token once `BRAKE` invalid ones fall within 10 minutes, until they fall out of
the window: a stalled bot for minutes rather than a banned one for an hour.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar
from types import SimpleNamespace
from typing import Any

import aiohttp

RATE = 45
"""Slots a window: Discord's 50 a second less a margin (a request that ends after a slow
answer may still reach Discord late)."""
log = logging.getLogger(__name__)

INVALID_WINDOW = 600.0
"""Discord counts invalid requests over 10 minutes."""
BRAKE = 1000
"""Invalid requests within the window at which the bot holds its requests: a tenth of
Discord's ban (10,000)."""
EXEMPT = ("/interactions/", "/webhooks/")
"""Paths of the interaction endpoints: no bot token, not under the global limit."""

_URGENT: ContextVar[bool] = ContextVar("discord_request_urgent", default=True)


@contextlib.contextmanager
def urgency(urgent: bool) -> Iterator[None]:
    """Mark the requests made inside the block (in this task) urgent or not."""
    token = _URGENT.set(urgent)
    try:
        yield
    finally:
        _URGENT.reset(token)


class InvalidRequests:
    """The bot's invalid requests: in all, and the most within any `window` seconds."""

    def __init__(self, window: float = INVALID_WINDOW,
                 clock: Callable[[], float] = time.monotonic, brake: int = BRAKE) -> None:
        self.window = window
        self.brake = brake
        self._clock = clock
        self.braked = 0
        """Times requests were held by the brake."""
        self.total = 0
        self.most_in_window = 0
        self._times: deque[float] = deque()

    def add(self) -> None:
        now = self._clock()
        self.total += 1
        self._times.append(now)
        while self._times and self._times[0] <= now - self.window:
            self._times.popleft()
        self.most_in_window = max(self.most_in_window, len(self._times))

    def hold_for(self) -> float:
        """Seconds until fewer than `brake` invalid requests are within the window (0: go)."""
        now = self._clock()
        while self._times and self._times[0] <= now - self.window:
            self._times.popleft()
        if len(self._times) < self.brake:
            return 0.0
        return self._times[len(self._times) - self.brake] + self.window - now

    async def brake_wait(self, sleep: Callable[[float], Any] = asyncio.sleep) -> None:
        """Wait while the brake is on."""
        wait = self.hold_for()
        while wait > 0:
            if self.braked == 0 or wait > 1.0:
                log.error("Discord: %d invalid requests within %.0f s; holding requests for "
                          "%.0f s (Discord bans at 10,000)", len(self._times), self.window,
                          wait)
            self.braked += 1
            await sleep(wait)
            wait = self.hold_for()

    async def on_end(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                     params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        if status in (401, 403) or (status == 429 and params.response.headers.get(
                "X-RateLimit-Scope") != "shared"):
            self.add()


class GlobalPacer:
    """At most `rate` requests under way or ended within `window` seconds, urgent first."""

    def __init__(self, rate: int = RATE, window: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.window = window
        self._clock = clock
        self._running = 0
        self._ended: deque[float] = deque()
        self._waiters: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._released: asyncio.Event | None = None
        self._pump: asyncio.Task[None] | None = None
        self.waited = 0
        """Requests that had to wait (the budget was used up at the time)."""
        self.invalid = InvalidRequests()
        """The client's invalid requests (every route's, interactions' too)."""

    def attach(self, trace: aiohttp.TraceConfig) -> aiohttp.TraceConfig:
        """Pace the requests of the client that carries `trace` (its first hooks, so a
        wait here counts as the library's pacing in `waits`)."""
        trace.on_request_start.insert(0, self._started)
        trace.on_request_end.insert(0, self._ended_hook)
        trace.on_request_exception.insert(0, self._ended_hook)
        trace.on_request_end.append(self.invalid.on_end)
        return trace

    @contextlib.asynccontextmanager
    async def slot(self, *, urgent: bool) -> AsyncIterator[None]:
        """Hold a slot through one request."""
        await self.acquire(urgent)
        try:
            yield
        finally:
            self.release()

    async def acquire(self, urgent: bool) -> None:
        if not self._waiters and self._free():
            self._running += 1
            return
        self.waited += 1
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (0 if urgent else 1, next(self._order), future))
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._hand_out(), name="discord global pacer")
        try:
            await future  # the pump counted it as running
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # granted, then cancelled before it could be used
            raise

    def release(self) -> None:
        self._running -= 1
        self._ended.append(self._clock())
        if self._released is not None:
            self._released.set()

    def _free(self) -> bool:
        now = self._clock()
        while self._ended and self._ended[0] <= now - self.window:
            self._ended.popleft()
        return self._running + len(self._ended) < self.rate

    async def _hand_out(self) -> None:
        self._released = self._released or asyncio.Event()
        while self._waiters:
            if not self._free():
                self._released.clear()
                expiry = (self._ended[0] + self.window - self._clock() if self._ended
                          else self.window)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._released.wait(), max(expiry, 0.001))
                continue
            _, _, future = heapq.heappop(self._waiters)
            if future.done():  # its request was cancelled meanwhile
                continue
            self._running += 1
            future.set_result(None)

    async def _started(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                       params: aiohttp.TraceRequestStartParams) -> None:
        context.paced = not any(part in params.url.path for part in EXEMPT)
        if context.paced:
            await self.invalid.brake_wait()
            await self.acquire(_URGENT.get())

    async def _ended_hook(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                          params: Any) -> None:
        if getattr(context, "paced", False):
            context.paced = False
            self.release()
