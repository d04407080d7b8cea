"""Telegram's sending limits as token buckets (GCRA), shared by every chat's outbox worker.

Telegram asks bots to stay under about one message per second in a chat, twenty per minute
in a group and thirty per second overall; edits count like sends. A `Limiter` holds one
bucket per chat, one per group and one overall. `ready` waits, without taking anything,
until a request could go (so the outbox can pick the newest pending screen only then);
`acquire` takes one token from every bucket that applies, waiting if needed. Both return
how long they made the caller wait, which the outbox reports when a player could notice.

GCRA keeps a single "theoretical arrival time" per bucket: cheap, exact, and first come
first served among waiters.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """`per_second` requests on average, with bursts of up to `burst` at once."""

    per_second: float
    burst: int = 1

    def __post_init__(self) -> None:
        if self.per_second <= 0 or self.burst < 1:
            raise ValueError(f"bad rate {self!r}")


@dataclass(frozen=True)
class OutboxLimits:
    """How fast and how stubbornly the outbox talks to Telegram. None disables a limit.

    Tests pass fast values here instead of sleeping for real.
    """

    per_chat: Rate | None = Rate(1.0, burst=3)
    per_group: Rate | None = Rate(20 / 60, burst=20)
    overall: Rate | None = Rate(30.0, burst=30)
    retry_scale: float = 1.0
    """Multiplies Telegram's `retry_after` before waiting (tests make it tiny)."""
    max_flood_retries: int = 5
    network_backoff: tuple[float, ...] = (0.5, 2.0, 5.0)
    """Waits before each retry of a request that failed on the network or with a 5xx."""
    photo_retry_after: float = 600.0
    """After a chat refused a photo, send text there for this many seconds."""
    report_pacing_from: float | None = 1.0
    """A group's wait for the limits above at least this long is reported to the service
    like flood control (`flood_waited`): a player notices it as lag. Shorter waits are
    ordinary spacing; None never reports them."""


class _Bucket:
    def __init__(self, rate: Rate) -> None:
        self._interval = 1.0 / rate.per_second
        self._tolerance = (rate.burst - 1) * self._interval
        self._tat = 0.0  # theoretical arrival time of the next request

    def delay(self, now: float) -> float:
        """How long until a request could go, without taking it."""
        return max(max(self._tat, now) - self._tolerance - now, 0.0)

    def reserve(self, now: float) -> float:
        """Take a slot; returns how long to wait before using it."""
        tat = max(self._tat, now)
        self._tat = tat + self._interval
        return max(tat - self._tolerance - now, 0.0)

    def idle(self, now: float) -> bool:
        return self._tat <= now


def is_group(chat_id: str) -> bool:
    """Groups, supergroups and channels have negative ids on Telegram; people positive."""
    return chat_id.startswith("-")


class Limiter:
    """Per-chat, per-group and overall buckets."""

    _PRUNE_AT = 4096  # idle per-chat buckets are forgotten once there are this many

    def __init__(
        self,
        limits: OutboxLimits,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._limits = limits
        self._clock = clock
        self._sleep = sleep
        self._overall = _Bucket(limits.overall) if limits.overall else None
        self._chats: dict[str, _Bucket] = {}
        self._groups: dict[str, _Bucket] = {}

    def _buckets(self, chat_id: str, counted: bool) -> list[_Bucket]:
        buckets = [self._overall] if self._overall is not None else []
        if not counted:
            return buckets  # deletions: only the overall limit
        if self._limits.per_chat is not None:
            buckets.append(self._bucket(self._chats, chat_id, self._limits.per_chat))
        if self._limits.per_group is not None and is_group(chat_id):
            buckets.append(self._bucket(self._groups, chat_id, self._limits.per_group))
        return buckets

    def _bucket(self, buckets: dict[str, _Bucket], chat_id: str, rate: Rate) -> _Bucket:
        bucket = buckets.get(chat_id)
        if bucket is None:
            if len(buckets) >= self._PRUNE_AT:
                now = self._clock()
                for key in [k for k, b in buckets.items() if b.idle(now)]:
                    del buckets[key]
            bucket = buckets[chat_id] = _Bucket(rate)
        return bucket

    async def ready(self, chat_id: str, *, counted: bool = True) -> float:
        """Wait until a request to `chat_id` could go now (takes nothing); the seconds waited."""
        waited = 0.0
        while True:
            now = self._clock()
            wait = max((b.delay(now) for b in self._buckets(chat_id, counted)), default=0.0)
            if wait <= 0:
                return waited
            await self._sleep(wait)
            waited += wait

    async def acquire(self, chat_id: str, *, counted: bool = True) -> float:
        """Take one request's worth from every bucket that applies, waiting if needed; the
        seconds waited."""
        now = self._clock()
        wait = max((b.reserve(now) for b in self._buckets(chat_id, counted)), default=0.0)
        if wait > 0:
            await self._sleep(wait)
        return wait
