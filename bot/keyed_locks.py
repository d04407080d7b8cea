"""`KeyedLocks`: one asyncio lock per key (a table, a person), kept only while in use."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class KeyedLocks(Generic[K]):
    """A lock per key, made when first held and dropped once nobody holds or awaits it: a
    process that runs for weeks would otherwise keep one for every key it ever saw (and one
    for every key a forged request named).

    Dropping is safe in asyncio: `hold` takes the lock from the map and acquires it with
    nothing else running in between, and a waiter stays in the lock's `_waiters` until it
    holds the lock, so the lock of a key is never dropped while anyone could still use it."""

    def __init__(self) -> None:
        self._locks: dict[K, asyncio.Lock] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: K) -> AsyncIterator[None]:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None) \
                    and self._locks.get(key) is lock:
                del self._locks[key]

    def __contains__(self, key: object) -> bool:
        return key in self._locks

    def __len__(self) -> int:
        return len(self._locks)
