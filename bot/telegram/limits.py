"""Telegram's sending limits as sliding windows, shared by every chat's outbox worker.

Telegram asks bots to stay under about one message per second in a chat, twenty per minute
in a group and thirty per second overall; edits count like sends. A `Limiter` keeps one
window per chat, one per group and one overall, and lets a request go only when every window
that applies has room, so the outbox stays inside Telegram's budgets on its own instead of
learning them from flood control.

Telegram counts a request when it arrives, which is somewhere between the moment we let it go
and the moment its answer comes back. A window therefore holds each request from the moment
it is let go and dates it by when its answer came back (`Slot.done`): a later request is
measured against that, never against an earlier guess, so network delays and a busy event
loop can only make us more careful, never provoke flood control.

A process started soon after another stopped does not know what that one sent, which Telegram
still counts: told how long the bot was down (`quiet_for`), the windows start full as of then,
so a quick restart costs a chat at most one window's wait (12 s for a group) instead of a
flood error, and a start after a minute's quiet costs nothing.

`ready` waits, without taking anything, until a request could go (so the outbox can pick the
newest pending screen only then); `acquire` takes a slot in every window that applies,
waiting if needed. Both report how long they made the caller wait, which the outbox passes
on when a player could notice.

Telegram's budgets are the bot's, whichever process spends them. When several workers share
a PostgreSQL database (`python -m bot --workers N`), the windows live there instead:
`SharedLimiter` has the same three methods and the same rules, over the rows of
bot/storage/budgets.py (whose docstring says why PostgreSQL rather than Redis), so every
worker counts every worker's requests. One process on SQLite keeps the windows in memory and
spends no database write on a request. A shared window needs no `quiet_for`: the requests
of the process before are still in the database.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Rate:
    """`per_second` requests on average, with bursts of up to `burst` at once: at most
    `burst` requests in any `burst / per_second` seconds."""

    per_second: float
    burst: int = 1

    def __post_init__(self) -> None:
        if self.per_second <= 0 or self.burst < 1:
            raise ValueError(f"bad rate {self!r}")

    @property
    def seconds(self) -> float:
        """The length of the window that holds `burst` requests."""
        return self.burst / self.per_second


@dataclass(frozen=True)
class OutboxLimits:
    """How fast and how stubbornly the outbox talks to Telegram. None disables a limit.

    The defaults keep inside the budgets the fake Telegram server enforces
    (fakes/telegram/flood.py): 3 messages in any 3 s in a chat; 20 in any minute in a
    group, paced here as 4 in any 12 s so that a group never waits a minute after a burst;
    30 in any second overall. Tests pass fast values here instead of sleeping for real.
    """

    per_chat: Rate | None = Rate(1.0, burst=3)
    per_group: Rate | None = Rate(1 / 3, burst=4)
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
    shared_poll: float = 0.05
    """With workers sharing the database: how often to ask it again while what a request
    waits for is under way in another worker (a window full of requests, a message's edit)."""


class Slot:
    """One request's place in the windows: open while the request is under way, dated by
    `done()` once its answer came back."""

    __slots__ = ("at",)

    def __init__(self) -> None:
        self.at: float | None = None  # None: under way, so it counts as "now" for everyone


class _Window:
    """At most `count` requests in any `seconds`, each dated by when its answer came back."""

    def __init__(self, rate: Rate) -> None:
        self._count = rate.burst
        self._seconds = rate.seconds
        self._slots: deque[Slot] = deque()

    def delay(self, now: float) -> float | None:
        """Seconds until a request could go; None while it waits for one under way."""
        self._forget(now)
        if len(self._slots) < self._count:
            return 0.0
        # the oldest of the `count` newest slots must leave the window first
        oldest = sorted(self._slots, key=_newest_last)[-self._count]
        if oldest.at is None:
            return None
        return max(oldest.at + self._seconds - now, 0.0)

    def take(self, slot: Slot) -> None:
        self._slots.append(slot)

    def idle(self, now: float) -> bool:
        self._forget(now)
        return not self._slots

    def _forget(self, now: float) -> None:
        horizon = now - self._seconds
        if any(s.at is not None and s.at <= horizon for s in self._slots):
            self._slots = deque(s for s in self._slots if s.at is None or s.at > horizon)


def _newest_last(slot: Slot) -> float:
    return float("inf") if slot.at is None else slot.at


def is_group(chat_id: str) -> bool:
    """Groups, supergroups and channels have negative ids on Telegram; people positive."""
    return chat_id.startswith("-")


class Pacer(Protocol):
    """What the outbox asks of a limiter, in memory (`Limiter`) or shared (`SharedLimiter`)."""

    async def ready(self, chat_id: str, *, counted: bool = True) -> float: ...

    async def acquire(self, chat_id: str, *, counted: bool = True) -> tuple[float, object]: ...

    async def done(self, slot: object) -> None: ...


class Limiter:
    """Per-chat, per-group and overall windows, in this process's memory."""

    _PRUNE_AT = 4096  # idle per-chat windows are forgotten once there are this many

    def __init__(
        self,
        limits: OutboxLimits,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        quiet_for: float | None = None,
    ) -> None:
        """`quiet_for`: how long ago the process before this one (on the same token) sent
        its last request, as far as known; None: no process before."""
        self._limits = limits
        self._clock = clock
        self._sleep = sleep
        self._previous_end = None if quiet_for is None else clock() - max(quiet_for, 0.0)
        self._overall = self._new_window(limits.overall) if limits.overall else None
        self._chats: dict[str, _Window] = {}
        self._groups: dict[str, _Window] = {}
        self._finished = asyncio.Event()  # set whenever a request under way comes back

    def _windows(self, chat_id: str, counted: bool) -> list[_Window]:
        windows = [self._overall] if self._overall is not None else []
        if not counted:
            return windows  # deletions: only the overall limit
        if self._limits.per_chat is not None:
            windows.append(self._window(self._chats, chat_id, self._limits.per_chat))
        if self._limits.per_group is not None and is_group(chat_id):
            windows.append(self._window(self._groups, chat_id, self._limits.per_group))
        return windows

    def _window(self, windows: dict[str, _Window], chat_id: str, rate: Rate) -> _Window:
        window = windows.get(chat_id)
        if window is None:
            if len(windows) >= self._PRUNE_AT:
                now = self._clock()
                for key in [k for k, w in windows.items() if w.idle(now)]:
                    del windows[key]
            window = windows[chat_id] = self._new_window(rate)
        return window

    def _new_window(self, rate: Rate) -> _Window:
        window = _Window(rate)
        end = self._previous_end
        if end is not None and self._clock() < end + rate.seconds:
            for _ in range(rate.burst):  # what the process before us may have sent
                spent = Slot()
                spent.at = end
                window.take(spent)
        return window

    async def ready(self, chat_id: str, *, counted: bool = True) -> float:
        """Wait until a request to `chat_id` could go now (takes nothing); the seconds waited."""
        start = self._clock()
        waited = 0.0
        windows = self._windows(chat_id, counted)
        while True:
            now = self._clock()
            delays = [w.delay(now) for w in windows]
            if None in delays:  # full of requests under way: wait for one to come back
                self._finished.clear()
                await self._finished.wait()
                waited = max(waited, self._clock() - start)
                continue
            wait = max(delays, default=0.0)  # type: ignore[type-var]
            if wait <= 0:
                return waited
            await self._sleep(wait)
            waited += wait

    async def acquire(self, chat_id: str, *, counted: bool = True) -> tuple[float, Slot]:
        """Wait until every window that applies has room and take a slot in each; the seconds
        waited and the slot, whose `done` the caller calls once the answer came back."""
        waited = await self.ready(chat_id, counted=counted)
        slot = Slot()
        for window in self._windows(chat_id, counted):
            window.take(slot)
        return waited, slot

    async def done(self, slot: object) -> None:
        """The request of `slot` has its answer: date it now, and wake whoever waits."""
        assert isinstance(slot, Slot)
        slot.at = self._clock()
        self._finished.set()


@dataclass(frozen=True)
class Budget:
    """A shared window: at most `count` requests under `key` in any `seconds`."""

    key: str
    count: int
    seconds: float


class Budgets(Protocol):
    """Where shared windows are kept: the store (bot/storage/budgets.py)."""

    async def budget_delay(self, budgets: Sequence[Budget]) -> float | None: ...

    async def budget_take(self, budgets: Sequence[Budget]
                          ) -> tuple[float | None, tuple[int, ...]]: ...

    async def budget_done(self, taken: tuple[int, ...]) -> None: ...


class SharedLimiter:
    """`Limiter`'s windows kept in the database every worker shares, under keys named by
    `scope` (the bot), so that every worker's requests count in every worker's windows.

    The windows' times are the store's clock (unix seconds, the same on every worker); the
    limiter waits with `sleep` and measures its waits with `clock`. A window full of requests
    under way in other workers is asked again every `shared_poll` seconds."""

    def __init__(
        self,
        limits: OutboxLimits,
        budgets: Budgets,
        *,
        scope: str = "telegram",
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._limits = limits
        self._store = budgets
        self._scope = scope
        self._clock = clock
        self._sleep = sleep

    def _budgets(self, chat_id: str, counted: bool) -> tuple[Budget, ...]:
        limits, scope = self._limits, self._scope
        budgets = [] if limits.overall is None else [_budget(f"{scope}:all", limits.overall)]
        if counted and limits.per_chat is not None:
            budgets.append(_budget(f"{scope}:chat:{chat_id}", limits.per_chat))
        if counted and limits.per_group is not None and is_group(chat_id):
            budgets.append(_budget(f"{scope}:group:{chat_id}", limits.per_group))
        return tuple(budgets)

    async def ready(self, chat_id: str, *, counted: bool = True) -> float:
        """Wait until a request to `chat_id` could go now (takes nothing); the seconds waited."""
        budgets = self._budgets(chat_id, counted)
        start = self._clock()
        while budgets:
            delay = await self._store.budget_delay(budgets)
            if delay == 0.0:
                break
            await self._sleep(self._limits.shared_poll if delay is None else delay)
        return self._clock() - start

    async def acquire(self, chat_id: str, *, counted: bool = True
                      ) -> tuple[float, tuple[int, ...]]:
        """Wait until every window that applies has room and take a place in each; the
        seconds waited and the places, which the caller passes to `done`."""
        budgets = self._budgets(chat_id, counted)
        start = self._clock()
        taken: tuple[int, ...] = ()
        while budgets:
            delay, taken = await self._store.budget_take(budgets)
            if taken:
                break
            await self._sleep(self._limits.shared_poll if delay is None else delay)
        return self._clock() - start, taken

    async def done(self, slot: object) -> None:
        """The request that took `slot` has its answer: date its places now. If the database
        cannot be told (the store closed at shutdown), the places stop counting after
        bot.storage.budgets.STALE seconds, as a dead worker's do."""
        assert isinstance(slot, tuple)
        try:
            await self._store.budget_done(slot)
        except Exception as error:  # noqa: BLE001 - the request itself went; say so, go on
            log.warning("could not date a request's places in the shared budgets: %s",
                        type(error).__name__)


def _budget(key: str, rate: Rate) -> Budget:
    return Budget(key, rate.burst, rate.seconds)
