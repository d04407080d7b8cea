"""The supervision every long-lived loop runs under (bot/loops.py): a loop that raises is
logged with its traceback and started again after a back-off that doubles up to a cap; while
it is down the health registry says so and an ERROR line repeats; a refused token ends it.
Waits are injected: nothing here sits out a back-off."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.loops import Loop, Loops, supervise
from fakes.hand_clock import Clock


class Flaky:
    """A loop body that fails `times` times, then runs until told to end."""

    def __init__(self, times: int, error: type[Exception] = ConnectionError) -> None:
        self.times = times
        self.error = error
        self.runs = 0
        self.done = asyncio.Event()

    async def __call__(self) -> None:
        self.runs += 1
        if self.runs <= self.times:
            raise self.error(f"failure {self.runs}")
        await self.done.wait()


async def test_a_failing_loop_is_started_again_with_a_growing_capped_back_off(caplog):
    registry, clock, waits = Loops(), Clock(), []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        clock.now += seconds

    body = Flaky(6)
    health = Loop("polling", first=0.5, cap=4.0, clock=clock, registry=registry)
    with caplog.at_level(logging.ERROR, logger="bot.loops"):
        task = asyncio.create_task(supervise("polling", body, loop=health, sleep=sleep,
                                             stable_after=0.01))
        while body.runs < 7:
            await asyncio.sleep(0.001)
        assert waits == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
        [state] = registry.states()
        assert (state.up, state.failures, state.last_error) == (False, 6, "ConnectionError")
        # running again for a while: up
        while not health.up:
            await asyncio.sleep(0.005)
        assert registry.down() == [] and health.failures == 0
        body.done.set()
        await task  # returned: the loop ended on purpose
    assert registry.states() == []  # and no health check calls it down
    # one traceback for the outage (the same failure again is not logged each time)
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1 and "ConnectionError" in caplog.text
    assert "failure 1" in caplog.text  # the traceback is there, with the exception


async def test_a_fatal_error_ends_the_loop_and_is_raised():
    class Refused(Exception):
        pass

    body = Flaky(1, Refused)
    with pytest.raises(Refused):
        await supervise("gateway", body, fatal=(Refused,),
                        loop=Loop("gateway", registry=None))
    assert body.runs == 1


async def test_cancelling_a_supervised_loop_stops_it_and_its_run():
    body = Flaky(0)
    registry = Loops()
    task = asyncio.create_task(supervise("lane", body, loop=Loop("lane", registry=registry)))
    while body.runs == 0:
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert registry.states() == []


def test_a_loop_that_stays_down_says_so_periodically_and_once_back(caplog):
    clock = Clock()
    registry = Loops()
    health = Loop("scheduler", first=1.0, cap=8.0, report_every=60.0, clock=clock,
                  registry=registry)
    with caplog.at_level(logging.WARNING, logger="bot.loops"):
        for _ in range(40):  # 40 attempts, a few minutes of injected time
            clock.now += health.failed(OSError("refused"))
        assert not health.up and health.down_for > 200
        errors = [r for r in caplog.records if r.levelno == logging.ERROR]
        # the first failure with its traceback, then one line a minute
        assert errors[0].exc_info and all(not r.exc_info for r in errors[1:])
        assert 3 <= len(errors) - 1 <= 5
        assert "has been down for" in errors[-1].getMessage()
        # another kind of failure is news: logged with its traceback
        health.failed(TimeoutError())
        assert caplog.records[-1].exc_info and health.last_error == "TimeoutError"
        down = health.ok()
        assert down is not None and down > 200
        assert "back after" in caplog.records[-1].getMessage()
    assert health.ok() is None  # already up
    [state] = registry.states()
    assert state.up and state.since == clock.now and state.failures == 0
