"""A hand-driven clock for tests: time moves only when a test says so, never by waiting."""

from __future__ import annotations

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
