"""The waiting both fake servers (Telegram and Discord) offer their tests: until a condition
holds, until calls arrive, until the bot is idle; a timeout says what happened meanwhile."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
_POLL_S = 0.05  # conditions may depend on more than the server's own events


class WaitTimeout(AssertionError):
    """A ``wait_*`` helper gave up; the message shows what the bot did meanwhile."""


class Waiting:
    """A mixin for a fake server. It keeps `calls` (the requests it recorded), `_mark` (the
    index of the first call since the latest user action), `_inflight` and
    `internal_errors`, and says in `_quiet()` whether nothing is queued for the bot and in
    `_report_lines()` what else a timeout should show."""

    calls: Sequence[Any]
    internal_errors: list[Any]
    _mark: int
    _inflight: int

    def _start_waiting(self) -> None:
        self._changed = asyncio.Event()
        self._last_activity = time.monotonic()

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _touch(self) -> None:
        self._last_activity = time.monotonic()
        self._notify()

    async def wait_until(self, condition: Callable[[], T], timeout: float = 5.0, *,
                         message: str = "", since: int | None = None) -> T:
        """Wait until ``condition()`` is truthy; returns its value (`WaitTimeout` otherwise,
        listing the calls since `since`, by default the latest user action)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = condition()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                start = self._mark if since is None else since
                raise WaitTimeout(self._timeout_report(message or "condition", timeout, start))
            event = self._changed
            try:
                await asyncio.wait_for(event.wait(), min(remaining, _POLL_S))
            except TimeoutError:
                pass

    async def _wait_for_calls(self, match: Callable[[Any], bool], count: int, since: int | None,
                              timeout: float, description: str) -> list[Any]:
        """The first `count` calls from `since` (the latest user action) that `match`."""
        start = self._mark if since is None else since

        def found() -> list[Any]:
            hits = [call for call in self.calls[start:] if match(call)]
            return hits[:count] if len(hits) >= count else []

        return await self.wait_until(found, timeout, message=description, since=start)

    async def wait_idle(self, quiet: float = 0.2, timeout: float = 5.0) -> None:
        """Wait until nothing is queued for the bot, no request is in flight and nothing
        happened for ``quiet`` seconds (to assert the bot did *not* react)."""

        def idle() -> bool:
            return (self._quiet() and self._inflight == 0
                    and time.monotonic() - self._last_activity >= quiet)

        await self.wait_until(idle, timeout, message=f"idle for {quiet}s")

    def _quiet(self) -> bool:
        raise NotImplementedError

    def _report_lines(self) -> list[str]:
        return []

    def _timeout_report(self, what: str, timeout: float, start: int) -> str:
        recent = list(self.calls[start:][-15:])
        lines = [f"timed out after {timeout}s waiting for {what}"]
        lines.append(f"calls since mark ({len(self.calls) - start}):")
        lines.extend(f"  {call!r}" for call in recent)
        if not recent:
            lines.append("  (none)")
        lines.extend(self._report_lines())
        if self.internal_errors:
            lines.append(f"fake server errors: {self.internal_errors!r}")
        return "\n".join(lines)
