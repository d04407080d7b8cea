"""Hand-driven clocks for tests: time moves only when a test (or, for `SkippingClock`, a
wait) says so, never by waiting."""

from __future__ import annotations

import asyncio

import pytest


class Clock:
    """Unix seconds, as `time.time` gives them; move them on with `clock.now += seconds`."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


class SkippingClock(Clock):
    """A clock on which waiting takes no time: `sleep(seconds)` moves it on by that much at
    once (and remembers it in `slept`). Give it to a bot and to the fake server that counts
    the bot's rate limits, and the bot keeps to them without a test ever sitting them out."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        super().__init__(now)
        self.slept: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += max(seconds, 0.0)
        await asyncio.sleep(0)
