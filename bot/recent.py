"""`Recent`: a map that keeps only its newest entries, for what a process learns per table,
chat or person and must not keep for ever (it may run for weeks and see a million)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """The newest `size` entries remembered (the oldest are forgotten first). Remembering an
    entry again makes it the newest; reading it does not."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._known: dict[K, V] = {}

    def remember(self, key: K, value: V) -> None:
        self._known.pop(key, None)
        self._known[key] = value
        if len(self._known) > self.size:
            del self._known[next(iter(self._known))]

    def get(self, key: K, default: V | None = None) -> V | None:
        return self._known.get(key, default)

    def forget(self, key: K) -> V | None:
        """Forget `key`; what it was (None: nothing)."""
        return self._known.pop(key, None)

    def __len__(self) -> int:
        return len(self._known)
