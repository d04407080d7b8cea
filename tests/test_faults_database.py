"""The database goes away and comes back, with the scheduler's loop running: PostgreSQL cut
by a loopback TCP proxy, SQLite held locked by another connection (fakes/faults.py).

While it lasts the loop is down (in the health registry), a press is refused with an error
(the adapters turn it into "please try again") and changes nothing. Once it is over, every
deadline that fell due meanwhile fires exactly once (a lobby closing, a computer's move),
turn clocks get the outage's time back before anything is claimed (nobody's time ran out
for the bot's outage), every accepted move is kept and none is applied twice. Time is the
injected clock: a "60 s outage" is a cut, a jump of the clock and a restore.
"""

from __future__ import annotations

import random

import pytest

from bot.i18n import Translator
from bot.storage.updates import database_unavailable
from bot.table_clocks import OUTAGE_GRACE
from fakes.faults import PAUSE, Outage, ServiceWorld, outage_of, until
from fakes.hand_clock import Clock
from fakes.service_harness import open_harness

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture
pytestmark = pytest.mark.timeout(180)

TR = Translator.load()


@pytest.fixture(params=["sqlite", "postgresql"])
async def outage(request: pytest.FixtureRequest, tmp_path) -> Outage:
    async with outage_of(request.param, tmp_path) as outage:
        yield outage


@pytest.mark.parametrize("seconds", [5, 60])
async def test_deadlines_that_fell_due_in_an_outage_fire_once_it_is_over(
        outage: Outage, clock: Clock, tmp_path, seconds: int) -> None:
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=PAUSE,
                            database=outage) as h:
        world = ServiceWorld(h, clock)
        tables = await world.set_up()
        store = world.store
        versions = {name: (await store.get_table(t)).version for name, t in tables.items()}
        [turn] = [w for w in await store.pending_work(tables["game"])
                  if w.kind.startswith("clock:")]
        world.scheduler.start()
        try:
            outage.cut()
            await until(lambda: not world.scheduler.health.up, what="the scheduler down")
            assert [s.name for s in world.registry.down()] == ["scheduler"]
            clock.now += seconds  # the outage lasts this long
            world.scheduler.wake()
            # a press meanwhile is refused (people are told to try again) and changes nothing
            with pytest.raises(Exception) as refused:
                await world.move(tables["game"], random.Random(1))
            assert database_unavailable(refused.value)
            await until(lambda: len(world.scheduler.health.state.last_error or "") > 0)
            assert world.fired == []  # nothing could be claimed
            outage.restore()
            # what fell due meanwhile fires: the computer's move, and after 60 s the lobby
            await until(lambda: world.registry.down() == [], what="the scheduler back")
            await until(lambda: any(w.table_id == tables["solo"] for w in world.fired),
                        what="the computer's move")
            if seconds >= 60:
                await until(lambda: any(w.table_id == tables["lobby"] for w in world.fired),
                            what="the lobby's timeout")
            await world.scheduler.drain()
            # the clock was given the outage back, and a grace (not less)
            [after] = [w for w in await store.pending_work(tables["game"])
                       if w.kind == turn.kind]
            assert after.due_at >= turn.due_at + seconds
            assert after.due_at >= clock.now + OUTAGE_GRACE
            assert after.due_at <= max(turn.due_at + seconds + 1, clock.now + OUTAGE_GRACE)
            # nothing of the game moved: the refused press was not applied
            assert (await store.get_table(tables["game"])).version == versions["game"]
            solo = await store.get_table(tables["solo"])
            assert solo.version == versions["solo"] + 1  # the computer moved, once
            lobby = await store.get_table(tables["lobby"])
            if seconds >= 60:
                assert lobby is None or lobby.status != "lobby"
            else:
                assert lobby.status == "lobby"  # its time had not come
            # presses work again: the acting player's move is applied, once
            await world.move(tables["game"], random.Random(1))
            assert (await store.get_table(tables["game"])).version == versions["game"] + 1
        finally:
            outage.restore()
            await world.scheduler.stop()
        kinds = [(w.table_id, w.kind) for w in world.fired]
        assert len(kinds) == len(set(kinds))  # none fired twice


async def test_two_processes_back_from_one_outage_give_its_time_back_once(
        outage: Outage, clock: Clock) -> None:
    """Every worker's scheduler lives through the same outage; the first to reach the
    database again gives the clocks its time back, the others only the moments between."""
    async with outage.open(clock=clock) as one, outage.open(clock=clock) as two:
        table = await one.create_table("telegram", "-1", None, "lanterns", creator_id="1",
                                       language="en")
        await one.schedule(table.id, "clock:0", version=1, due_at=clock.now + 300)
        await one.schedule(table.id, "computer", version=1, due_at=clock.now + 1)
        await one.beat(clock.now)
        since = clock.now
        clock.now += 60  # both lost the database at `since`, and see it back now
        kinds = ("clock:", "remind:", "vote:")
        first = await one.give_back(kinds, since=since, now=clock.now)
        clock.now += 0.5
        second = await two.give_back(kinds, since=since, now=clock.now)
        assert (first, second) == (60, 0.5)
        work = {w.kind: w.due_at for w in await one.pending_work(table.id)}
        assert work["clock:0"] == since + 300 + 60.5  # once (and the half second between)
        assert work["computer"] == since + 1  # not a clock: it fires at once
