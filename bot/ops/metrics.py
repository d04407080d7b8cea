"""The bot's Prometheus metrics (prometheus-client), served on the operator port's /metrics.

Events are counted where they happen, by one-line calls at narrow sites: a press answered
(`timed_press`, on `TableService.press`), a move committed (`MOVES`), a computer decision
(`timed_decision`, on `bot.thinking.think`), a due deadline fired (`SCHEDULER_LAG`), a wait
on a platform's flood control (`flood_wait`), an ERROR log line (`ErrorCounter`). What is a
state rather than an event — tables by game and status, the due-work backlog, the outboxes'
queues and counters, the supervised loops — is read when scraped (`OutboxCollector`,
`LoopCollector`; `bot.ops.health` refreshes the database's figures first).

Metric names start with `gamehost_`; labels take only bounded values (platforms, games,
levels, roles, exception types, loop names), never a chat, a user or a text.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol, TypeVar

from prometheus_client import REGISTRY, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.counters import Counters
from bot.loops import LOOPS, Loops

T = TypeVar("T")

PRESS_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a press should be answered within a tenth of a second; Telegram gives up on
answers after about 15."""
DECISION_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
LAG_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)

TABLES = Gauge("gamehost_tables", "Stored tables, by game and status.", ["game", "status"])
PRESSES = Histogram("gamehost_press_seconds", "Button presses and the time to their answer, "
                    "by platform (its _count is the number of presses).", ["platform"],
                    buckets=PRESS_BUCKETS)
MOVES = Counter("gamehost_moves", "Moves committed, by game and by whom (person or "
                "computer).", ["game", "player"])
DECISIONS = Histogram("gamehost_computer_decision_seconds", "Computer players' decisions and "
                      "the time each took, by game and level.", ["game", "level"],
                      buckets=DECISION_BUCKETS)
FLOOD_WAITS = Counter("gamehost_flood_waits", "Waits on a platform's flood control or rate "
                      "limits.", ["platform"])
FLOOD_WAIT_SECONDS = Counter("gamehost_flood_wait_seconds", "Seconds waited on a platform's "
                             "flood control or rate limits.", ["platform"])
SCHEDULER_LAG = Histogram("gamehost_scheduler_lag_seconds", "How late each deadline fired "
                          "after it fell due.", buckets=LAG_BUCKETS)
DUE_BACKLOG = Gauge("gamehost_due_backlog", "Deadlines due now that nobody is firing yet.")
ERRORS = Counter("gamehost_errors", "ERROR log lines, by the logger's name and the "
                 "exception's type (empty when none).", ["logger", "exception"])


def timed_press(press: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """Wraps `TableService.press(self, chat, user, data, ...)`: each press and how long its
    answer took (an exception counts too)."""
    @functools.wraps(press)
    async def timed(self: Any, chat: Any, *args: Any, **kwargs: Any) -> T:
        started = time.perf_counter()
        try:
            return await press(self, chat, *args, **kwargs)
        finally:
            PRESSES.labels(str(chat.platform)).observe(time.perf_counter() - started)
    return timed


def timed_decision(think: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """Wraps `bot.thinking.think(spec, level, ...)`: each decision and its time."""
    @functools.wraps(think)
    async def timed(spec: Any, level: str, *args: Any, **kwargs: Any) -> T:
        started = time.perf_counter()
        try:
            return await think(spec, level, *args, **kwargs)
        finally:
            DECISIONS.labels(spec.name, level).observe(time.perf_counter() - started)
    return timed


def moved(game: str, *, computer: bool) -> None:
    MOVES.labels(game, "computer" if computer else "person").inc()


def flood_wait(platform: str, seconds: float) -> None:
    """A request waited `seconds` on `platform`'s flood control (or rate limits)."""
    FLOOD_WAITS.labels(platform).inc()
    FLOOD_WAIT_SECONDS.labels(platform).inc(max(0.0, seconds))


# --- outboxes ---------------------------------------------------------------------------


class Outboxish(Protocol):
    counters: Counters

    @property
    def pending(self) -> int: ...


_outboxes: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_outboxes_lock = threading.Lock()


def watch_outbox(platform: str, outbox: Outboxish) -> None:
    """An outbox to show on /metrics (held weakly: a closed one goes with its owner)."""
    with _outboxes_lock:
        _outboxes[outbox] = platform


def outboxes() -> list[tuple[str, Outboxish]]:
    with _outboxes_lock:
        return [(platform, outbox) for outbox, platform in list(_outboxes.items())]


def queue_depth() -> dict[str, int]:
    """Instructions waiting in the outboxes, by platform."""
    depth: dict[str, int] = {}
    for platform, outbox in outboxes():
        depth[platform] = depth.get(platform, 0) + outbox.pending
    return depth


_ACTIONS = ("sends", "edits", "deletes", "skipped", "coalesced", "failures", "surplus")


class OutboxCollector(Collector):
    """The outboxes' queue depth and their `Counters`, read when scraped."""

    def collect(self) -> Iterable[Any]:
        depth = GaugeMetricFamily("gamehost_outbox_queue_depth", "Instructions waiting in "
                                  "the outboxes, by platform.", labels=["platform"])
        requests = CounterMetricFamily("gamehost_outbox", "What the outboxes did, by "
                                       "platform, action and role (bot/counters.py).",
                                       labels=["platform", "action", "role"])
        for platform, n in sorted(queue_depth().items()):
            depth.add_metric([platform], n)
        totals: dict[tuple[str, str, str], int] = {}
        for platform, outbox in outboxes():
            for action in _ACTIONS:
                for role, n in getattr(outbox.counters, action).items():
                    key = (platform, action, role)
                    totals[key] = totals.get(key, 0) + n
        for key, n in sorted(totals.items()):
            requests.add_metric(list(key), n)
        yield depth
        yield requests


class LoopCollector(Collector):
    """Each supervised loop: up (1) or down (0), and its failures in a row."""

    def __init__(self, loops: Loops = LOOPS) -> None:
        self._loops = loops

    def collect(self) -> Iterable[Any]:
        up = GaugeMetricFamily("gamehost_loop_up", "Whether each supervised loop is up.",
                               labels=["loop"])
        failures = GaugeMetricFamily("gamehost_loop_failures", "Failures in a row of each "
                                     "supervised loop.", labels=["loop"])
        for state in self._loops.states():
            up.add_metric([state.name], 1 if state.up else 0)
            failures.add_metric([state.name], state.failures)
        yield up
        yield failures


# --- errors -----------------------------------------------------------------------------

RECENT_KEPT = 10_000
"""The most recent errors' times kept for "errors in the last hour"."""


class ErrorCounter(logging.Handler):
    """Counts ERROR log lines (and worse) by logger and exception type, and keeps their
    times, so that /botstatus can say how many came in the last hour."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        super().__init__(logging.ERROR)
        self._clock = clock
        self._times: deque[float] = deque(maxlen=RECENT_KEPT)

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        ERRORS.labels(record.name, exc).inc()
        self._times.append(self._clock())

    def since(self, seconds: float) -> int:
        """Errors logged in the last `seconds`."""
        start = self._clock() - seconds
        return sum(1 for t in self._times if t >= start)


ERROR_LOG = ErrorCounter()
_installed: list[bool] = []


def install() -> None:
    """Count the process's ERROR lines and show the outboxes and loops on /metrics
    (idempotent)."""
    if _installed:
        return
    _installed.append(True)
    logging.getLogger().addHandler(ERROR_LOG)
    REGISTRY.register(OutboxCollector())
    REGISTRY.register(LoopCollector())
