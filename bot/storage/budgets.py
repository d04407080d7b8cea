"""Rate budgets that several processes share: the requests every worker let go to a platform,
so that each measures Telegram's per-chat, per-group and overall budgets against them all
(bot/telegram/limits.py, `SharedLimiter`).

A budget is a sliding window, "at most `count` requests in any `seconds`", kept as rows of
`sent_requests`: one per request and window, dated by when it was taken and, once its answer
came back, by then (`budget_done`); a request under way counts as "now" for everyone, exactly
as the in-memory windows count it. Taking is one transaction that looks at every window that
applies and, only if all have room, adds a row to each. On PostgreSQL that is one statement,
the function `budget_take` (migration 0008), which first takes a transaction-scoped advisory
lock, so two workers never both take the last place in a window; on SQLite the write lock
does that. One lock for every budget keeps it simple and cannot deadlock; it is held for the
server's work alone, never for a round trip, a small fraction of the 1/30 s between the
requests the overall budget lets through (bench/budgets.py measures it).

Why PostgreSQL and not Redis: the budgets are a handful of rows read and written a few dozen
times a second, well within what the database the workers already share does in a
millisecond or two, and the issue prefers one engine to two. Redis would be a little
faster per call (the same one round trip, a Lua script instead of a function), but it is a
second server to run, watch and back up, for no budget PostgreSQL cannot keep.

A worker that dies with requests under way leaves rows without an answer; they stop counting
after `STALE` seconds (longer than any request waits for its answer), and old rows are
deleted now and then by whoever takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY

from .sql import StorePart, Tx

STALE = 120.0
"""Seconds after which a request without an answer no longer counts (its worker died)."""
_KEPT = 600.0  # rows older than this are deleted
_PRUNE_EVERY = 256  # takes between deletions
_LOCK = 0x62756467  # PostgreSQL advisory lock of every budget ("budg")


class BudgetRule(Protocol):
    """At most `count` requests under `key` in any `seconds` (`Budget`, or the limiter's own
    value: the platform adapter keeps its rules without importing the store)."""

    @property
    def key(self) -> str: ...

    @property
    def count(self) -> int: ...

    @property
    def seconds(self) -> float: ...


@dataclass(frozen=True)
class Budget:
    """At most `count` requests under `key` in any `seconds`."""

    key: str
    count: int
    seconds: float


class BudgetStore(StorePart):
    _budget_takes = 0

    async def budget_delay(self, budgets: Sequence[BudgetRule]) -> float | None:
        """Seconds until a request could go in every budget (0: now); None while one is full
        of requests under way, whose answers will tell."""
        now = self._clock()
        return (await self._read(lambda tx: _take(tx, budgets, now, take=False)))[0]

    async def budget_take(self, budgets: Sequence[BudgetRule]
                          ) -> tuple[float | None, tuple[int, ...]]:
        """Take a place in every budget if all have room: (0, the places taken); else (what
        `budget_delay` says, nothing taken)."""
        now = self._clock()
        self._budget_takes += 1
        if self._budget_takes % _PRUNE_EVERY == 0:
            await self._write(lambda tx: tx.run(
                "DELETE FROM sent_requests WHERE taken_at < :old", old=now - _KEPT),
                one_statement=True)
        return await self._write(lambda tx: _take(tx, budgets, now, take=True),
                                 one_statement=True)  # on SQLite, one transaction anyway

    async def budget_done(self, taken: Iterable[int]) -> None:
        """The request that took these places has its answer: date them now."""
        ids = tuple(taken)
        if ids:
            await self._write(lambda tx: tx.run(
                "UPDATE sent_requests SET done_at = :now WHERE id IN :ids",
                now=self._clock(), ids=ids), one_statement=True)


_BUDGET_TAKE = sa.text(
    "SELECT wait, taken FROM budget_take(:keys, :counts, :seconds, :now, :stale, :take, :lock)"
).bindparams(sa.bindparam("keys", type_=ARRAY(sa.Text)),
             sa.bindparam("counts", type_=ARRAY(sa.Integer)),
             sa.bindparam("seconds", type_=ARRAY(sa.Float)))


def _take(tx: Tx, budgets: Sequence[BudgetRule], now: float, *, take: bool
          ) -> tuple[float | None, tuple[int, ...]]:
    if not budgets:
        return 0.0, ()
    if tx.postgres:  # one statement: the function of migration 0008
        row = tx.conn.execute(_BUDGET_TAKE, {
            "keys": [b.key for b in budgets], "counts": [b.count for b in budgets],
            "seconds": [b.seconds for b in budgets], "now": now, "stale": now - STALE,
            "take": take, "lock": _LOCK}).one()
        return row.wait, tuple(row.taken or ())
    # SQLite: a write transaction holds the whole database, so no other taker comes between
    delay = _delay(budgets, _rows(tx, budgets, now), now)
    if delay != 0.0 or not take:
        return delay, ()
    values = ", ".join(f"(:key{i}, :now)" for i in range(len(budgets)))
    keys = {f"key{i}": budget.key for i, budget in enumerate(budgets)}
    added = tx.all(f"INSERT INTO sent_requests (key, taken_at) VALUES {values} RETURNING id",
                   now=now, **keys)
    return 0.0, tuple(row["id"] for row in added)


def _rows(tx: Tx, budgets: Sequence[BudgetRule], now: float) -> list[tuple[str, float | None]]:
    if not budgets:
        return []
    horizon = now - max(budget.seconds for budget in budgets)
    return [(row["key"], row["done_at"]) for row in tx.all(
        "SELECT key, done_at FROM sent_requests WHERE key IN :keys"
        " AND (done_at > :horizon OR (done_at IS NULL AND taken_at > :stale))",
        keys=tuple(budget.key for budget in budgets), horizon=horizon, stale=now - STALE)]


def _delay(budgets: Sequence[BudgetRule], rows: Sequence[tuple[str, float | None]],
           now: float) -> float | None:
    """As `_Window.delay` (bot/telegram/limits.py), for each budget; the longest wait."""
    longest = 0.0
    for budget in budgets:
        dates = sorted((float("inf") if done is None else done)
                       for key, done in rows
                       if key == budget.key and (done is None or done > now - budget.seconds))
        if len(dates) < budget.count:
            continue
        oldest = dates[-budget.count]  # the oldest of the `count` newest must leave first
        if oldest == float("inf"):
            return None
        longest = max(longest, oldest + budget.seconds - now)
    return longest
