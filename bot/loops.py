"""Supervised loops: a long-lived loop survives any exception and any outage of what it
talks to, and says when it is down.

Two ways to use it, one bookkeeping (`Loop`):

* `supervise(name, run)` runs a coroutine function again and again until it returns: each
  exception is logged with its traceback, then it is started again after a back-off that
  doubles up to a cap (a database away for minutes costs one attempt every `cap` seconds,
  not a busy loop or a log full of tracebacks). For loops written as "start once, run
  forever" (Telegram's long polling, Discord's gateway connection, pruning).
* A loop that goes round by itself (the scheduler, an outbox lane) keeps a `Loop` and calls
  `ok()` after each good pass and `failed(error)` after a bad one, which returns how long to
  wait before the next.

While a loop is down an ERROR line says so every `report_every` seconds (with how long and
why), and its state (up or down, since when, the last error's kind, failures in a row) is in
`LOOPS`, the registry a health endpoint reads (`LOOPS.states()`). Only an error's type is
kept and put in the lines themselves: its text might quote what a message shows (in the
traceback, bot/log_format.py's formatter withholds such texts).

Rejected: tenacity and backoff (the well-known retry libraries). They retry a call, which
fits one request, but a loop that must never end also needs to be visible while it is down
and to log an outage once rather than at every attempt; what is left to them (doubling a
delay up to a cap) is three lines.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass

log = logging.getLogger(__name__)

FIRST_BACKOFF = 0.5
"""Seconds before the first attempt after a failure."""
MAX_BACKOFF = 30.0
"""The longest wait between attempts: a loop back from an outage notices within this."""
REPORT_EVERY = 60.0
"""Seconds between the ERROR lines saying a loop is still down."""
STABLE_AFTER = 60.0
"""A supervised run that lasted this long before failing starts its back-off afresh."""


@dataclass(frozen=True)
class LoopState:
    """What a health check shows of one loop."""

    name: str
    up: bool
    since: float  # unix seconds: when it last went up or down
    failures: int  # in a row, since it was last up
    last_error: str | None  # the last failure's exception type


class Loops:
    """The registry of supervised loops, by name (a loop of the same name replaces it)."""

    def __init__(self) -> None:
        self._loops: dict[str, Loop] = {}

    def add(self, loop: Loop) -> None:
        self._loops[loop.name] = loop

    def remove(self, loop: Loop) -> None:
        if self._loops.get(loop.name) is loop:
            del self._loops[loop.name]

    def states(self) -> list[LoopState]:
        return [loop.state for loop in self._loops.values()]

    def down(self) -> list[LoopState]:
        return [state for state in self.states() if not state.up]

    def __iter__(self) -> Iterator[Loop]:
        return iter(list(self._loops.values()))


LOOPS = Loops()


class Loop:
    """One loop's health: back-off after failures, the ERROR lines while it is down."""

    def __init__(self, name: str, *, first: float = FIRST_BACKOFF, cap: float = MAX_BACKOFF,
                 report_every: float = REPORT_EVERY, clock: Callable[[], float] = time.time,
                 registry: Loops | None = LOOPS, retries_itself: bool = False) -> None:
        """`clock`: unix seconds, for `since` and the reports (injected in tests);
        `registry`: where health checks find it (None: nowhere); `retries_itself`: what it
        watches tries again on its own (a client library's reconnects), so no back-off of
        ours is announced."""
        self.name = name
        self.first = first
        self.cap = cap
        self.report_every = report_every
        self._clock = clock
        self._registry = registry
        self.retries_itself = retries_itself
        self.up = True
        self.since = clock()
        self.failures = 0
        self.last_error: str | None = None
        self._reported = float("-inf")
        self.open()

    @property
    def state(self) -> LoopState:
        return LoopState(self.name, self.up, self.since, self.failures, self.last_error)

    @property
    def down_for(self) -> float:
        """Seconds since it went down (0 while up)."""
        return 0.0 if self.up else max(0.0, self._clock() - self.since)

    def delay(self) -> float:
        """The wait before the next attempt, after `failures` failures in a row."""
        if self.failures <= 0:
            return 0.0
        return min(self.cap, self.first * 2 ** min(self.failures - 1, 60))

    def failed(self, error: BaseException) -> float:
        """A pass failed: log it (the traceback when this outage is new or its cause
        changed; a reminder every `report_every` seconds otherwise) and return the wait
        before the next attempt."""
        now = self._clock()
        kind = type(error).__name__
        new = self.up or kind != self.last_error
        if self.up:
            self.up, self.since = False, now
        self.failures += 1
        self.last_error = kind
        if new and self.retries_itself:
            log.error("%s failed (%s); it tries again by itself", self.name, kind,
                      exc_info=error)
            self._reported = now
        elif new:
            log.error("%s failed (%s); trying again in %.1f s", self.name, kind, self.delay(),
                      exc_info=error)
            self._reported = now
        elif now - self._reported >= self.report_every:
            log.error("%s has been down for %.0f s (%d failures, the last %s); still trying",
                      self.name, now - self.since, self.failures, kind)
            self._reported = now
        return self.delay()

    def ok(self) -> float | None:
        """A pass succeeded; returns how long the loop was down if it just came back."""
        if self.up:
            return None
        now = self._clock()
        down = max(0.0, now - self.since)
        log.warning("%s is back after %.1f s down (%d failures)", self.name, down,
                    self.failures)
        self.up, self.since, self.failures = True, now, 0
        return down

    def open(self) -> None:
        """The loop (re)starts: health checks see it again."""
        if self._registry is not None:
            self._registry.add(self)

    def close(self) -> None:
        """The loop ended on purpose: no health check should call it down."""
        if self._registry is not None:
            self._registry.remove(self)


async def supervise(name: str, run: Callable[[], Awaitable[object]], *,
                    fatal: tuple[type[BaseException], ...] = (),
                    loop: Loop | None = None,
                    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                    stable_after: float = STABLE_AFTER) -> None:
    """Run `run()` until it returns, starting it again after each exception (logged with
    its traceback) once the back-off has passed. An exception of a `fatal` type (a refused
    token: no retry can help) ends it, raised; so does cancelling it. A run started again
    counts as up once it has lasted `stable_after` seconds (one that fails at once stays
    down, its back-off growing)."""
    health = loop or Loop(name)
    try:
        while True:
            task = asyncio.ensure_future(run())
            try:
                if not health.up:
                    done, _ = await asyncio.wait({task}, timeout=stable_after)
                    if not done:
                        health.ok()
                await task
                return
            except fatal:
                raise
            except asyncio.CancelledError:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
                raise
            except Exception as error:  # noqa: BLE001 - the point: log, wait, go on
                wait = health.failed(error)
            await sleep(wait)
    finally:
        health.close()
