"""Claims die with their owner (bot/storage/processes.py): a process killed while it holds a
kept message's claim, a deadline and a Telegram update leaves none of them held; a silent
process is given up for dead; a closed store holds nothing; and with several workers one
place never ends up with two messages.

On both databases (fakes/store_backends.py). The killed process is a real one (a child
Python process with a store of its own, killed with SIGKILL); the workers of the last tests
are stores, aiogram clients and outboxes of their own against the fake Telegram server
(as in tests/test_telegram_shared_limits.py).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING

import asyncpg
import pytest
import pytest_asyncio

from bot.i18n import Translator
from bot.screens import Place, Post, Role
from bot.storage import Claim, DueWork, Store
from bot.storage.processes import Identity, alive, machine, this_process
from bot.telegram import Outbox, OutboxLimits
from bot.update_claims import UpdateClaim
from fakes.telegram import FakeTelegramServer
from fakes.telegram.bot_helpers import make_bot
from tests.telegram_helpers import FakeService, new_table, screen

if TYPE_CHECKING:
    from fakes.store_backends import Database

pytest_plugins = ["fakes.telegram.fixtures", "fakes.store_backends"]
pytestmark = pytest.mark.timeout(180)

ROOT = Path(__file__).resolve().parents[1]

# A process that takes one claim of each kind and holds them until it is killed.
HOLDER = """
import asyncio, sys
from bot.storage import DueWork, Store

async def main(target, schema, table):
    store = await Store.open(target, schema=schema or None, label="holder")
    assert await store.claim_message(table, "panel", 0, 5) == "claimed"
    [work] = await store.claim_due(2e9)
    assert work.table_id == table
    assert await store.claim_update(7, 500, worker=3, claim="holder", lease=60) == "taken"
    print("held", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


async def playing_table(store: Store) -> int:
    table = await store.create_table("telegram", "-100", None, "lanterns", creator_id="1",
                                     language="en")
    return table.id


async def hold_and_kill(database: Database, table: int) -> int:
    """Start a holder process on `database`, wait until it holds its claims, SIGKILL it and
    wait until it is dead; its pid."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, str(database.target), database.schema or "", str(table),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    assert line == b"held\n"
    process.send_signal(signal.SIGKILL)
    assert await process.wait() == -signal.SIGKILL
    return process.pid


async def test_a_killed_process_holds_nothing_once_another_looks(database: Database) -> None:
    """The survivor finds the owner of a claim it waits for dead (its pid, on this machine)
    and releases everything that owner held, at once: no lease is waited out."""
    async with database.open() as survivor:
        table = await playing_table(survivor)
        await survivor.set_message(table, "panel", 0, 500, 11, "p4", 4)
        await survivor.schedule(table, "computer", version=4, due_at=1.0)
        pid = await hold_and_kill(database, table)
        assert alive(Identity(machine(), pid, "0")) is False
        # the panel's claim of the dead one is found and released: this one takes it
        assert await survivor.claim_message(table, "panel", 0, 5) is Claim.CLAIMED
        # and with it everything else it held
        assert await survivor.claim_due(2e9) == [DueWork(table, "computer", 4, 1.0)]
        assert await survivor.claim_update(7, 500, worker=0, claim="me",
                                           lease=60) is UpdateClaim.TAKEN
        assert [r[0] for r in await database.sql("SELECT label FROM processes")] == [""]


async def test_a_restarted_process_releases_its_predecessors_claims_when_it_opens(
        database: Database) -> None:
    async with database.open() as first:
        table = await playing_table(first)
        await first.schedule(table, "computer", version=4, due_at=1.0)
    await hold_and_kill(database, table)
    assert len(await database.sql("SELECT * FROM message_claims")) == 1
    async with database.open() as restarted:
        assert await database.sql("SELECT * FROM message_claims") == []
        assert await restarted.claim_message(table, "panel", 0, 5) is Claim.CLAIMED
        assert await restarted.claim_due(2e9) == [DueWork(table, "computer", 4, 1.0)]


async def test_a_silent_process_is_given_up_for_dead(database: Database,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    """A process on another machine cannot be looked up by pid: once its heartbeat is
    stale, its claims count as free, and the sweep releases them; should it come back, it
    joins again (its claims were gone)."""
    async with database.open() as silent, database.open() as other:
        table = await playing_table(silent)
        assert await silent.claim_message(table, "board", None, 3) is Claim.CLAIMED
        assert await other.claim_message(table, "board", None, 3) is Claim.BUSY
        # its beats stop (another machine that lost power): old enough to be stale
        await database.sql("UPDATE processes SET seen_at = seen_at - 60, machine = 'far'"
                           " WHERE id = '" + silent.owner + "'")
        assert await other.claim_message(table, "board", None, 3) is Claim.CLAIMED
        assert await other.sweep_processes() == 1
        assert [r[0] for r in await database.sql("SELECT id FROM processes")] == [other.owner]
        with caplog.at_level(logging.WARNING):
            await silent.process_beat()  # it was not dead after all
        assert "given up for dead" in caplog.text
        assert len(await database.sql("SELECT id FROM processes")) == 2
        # a live process on this machine is never given up while it beats
        assert await other.sweep_processes() == 0


async def test_a_late_heartbeat_of_a_live_process_on_this_machine_loses_nothing(
        database: Database) -> None:
    """Its pid says it lives (a worker that went 26 s without a beat while it started up
    under load, and already handled updates): nothing it holds is released."""
    async with database.open() as late, database.open() as other:
        table = await playing_table(late)
        assert await late.claim_message(table, "board", None, 3) is Claim.CLAIMED
        await database.sql("UPDATE processes SET seen_at = seen_at - 60"
                           " WHERE id = '" + late.owner + "'")
        assert await other.sweep_processes() == 0
        assert len(await database.sql("SELECT * FROM message_claims")) == 1
        assert len(await database.sql("SELECT id FROM processes")) == 2


async def test_a_closed_store_holds_no_claim(database: Database) -> None:
    async with database.open() as other:
        table = await playing_table(other)
        await other.schedule(table, "computer", version=1, due_at=1.0)
        async with database.open() as closing:
            assert await closing.claim_message(table, "board", None, 1) is Claim.CLAIMED
            assert len(await closing.claim_due(2e9)) == 1
        assert await other.claim_message(table, "board", None, 1) is Claim.CLAIMED
        assert len(await other.claim_due(2e9)) == 1
        assert len(await database.sql("SELECT * FROM processes")) == 1


async def test_a_deadline_stays_stored_while_it_is_fired(database: Database) -> None:
    async with database.open() as store:
        table = await playing_table(store)
        await store.schedule(table, "computer", version=1, due_at=1.0)
        [work] = await store.claim_due(2e9)
        assert await store.due_work(2e9) == [] and await store.next_due() is None
        assert await store.pending_work(table) == [work]  # still stored while fired
        assert await store.claim_due(2e9) == []
        assert await store.finish_due(work)
        assert await store.pending_work(table) == []
        # the move it fired set the next one of its kind: finishing keeps that
        await store.schedule(table, "computer", version=1, due_at=1.0)
        [work] = await store.claim_due(2e9)
        await store.schedule(table, "computer", version=2, due_at=5.0)
        assert not await store.finish_due(work)
        assert await store.pending_work(table) == [DueWork(table, "computer", 2, 5.0)]
        # put back (the database went away while it was fired): due again
        [again] = await store.claim_due(2e9)
        await store.put_back(again)
        assert await store.claim_due(2e9) == [again]


async def test_keeping_a_message_names_the_one_it_replaced(database: Database) -> None:
    async with database.open() as store:
        table = await playing_table(store)
        kept, replaced = await store.keep_message(table, "panel", 0, 500, 11, "a", 1)
        assert kept is not None and replaced is None
        kept, replaced = await store.keep_message(table, "panel", 0, 500, 12, "b", 2)
        assert kept is not None and kept.message_id == "12"
        assert replaced is not None and replaced.message_id == "11"
        # the same message again, and an older one (refused: the caller's is surplus)
        assert (await store.keep_message(table, "panel", 0, 500, 12, "b", 2))[1] is None
        assert await store.keep_message(table, "panel", 0, 500, 13, "c", 1) == (None, None)


async def test_a_process_knows_itself_and_a_dead_pid() -> None:
    me = this_process()
    assert alive(me) is True
    assert alive(Identity(me.machine, me.pid, me.started + "0")) is False  # pid reused
    assert alive(Identity("another/machine/ns", me.pid, me.started)) is None


# --- several workers: one message per place ---------------------------------------------

UNPACED = OutboxLimits(per_chat=None, per_group=None, overall=None)


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load()


@pytest_asyncio.fixture
async def outboxes(fake_telegram: FakeTelegramServer, translator: Translator,
                   postgres: Database) -> AsyncIterator[list[Outbox]]:
    """Three workers' outboxes, each with a store of its own on one PostgreSQL schema."""
    clock = fake_telegram.clock
    async with AsyncExitStack() as stack:
        boxes = []
        for _ in range(3):
            store = await stack.enter_async_context(postgres.open(clock=clock, pool_size=2))
            bot = make_bot(fake_telegram)
            stack.push_async_callback(bot.session.close)
            box = Outbox(bot, store, FakeService(store), translator, limits=UNPACED,
                         clock=clock, sleep=clock.sleep, shared=True)
            stack.push_async_callback(box.close)
            boxes.append(box)
        yield boxes


async def test_workers_showing_a_new_panel_at_once_send_one(
        fake_telegram: FakeTelegramServer, outboxes: list[Outbox]) -> None:
    """Three workers each show a player's panel where none is kept yet (a press on each,
    right after the start): one sends it and the others edit it; never two panels."""
    store = outboxes[0].store
    for round_ in range(4):
        person = fake_telegram.user(f"P{round_}")
        person.start_private()
        table = await new_table(store, -100 - round_)
        place = Place(table, Role.PANEL, 0, str(person.id))
        for version, box in enumerate(outboxes, start=1):
            box.post(Post(place, screen(f"v{version}"), version=version))
        assert all(await asyncio.gather(*(box.flush(20) for box in outboxes)))
        [panel] = person.private_chat.bot_messages
        assert panel.text == "v3"
        # fresh panels (a turn's notification) from every worker at once: still one
        for version, box in enumerate(outboxes, start=4):
            box.post(Post(place, screen(f"v{version}"), version=version, fresh=True))
        assert all(await asyncio.gather(*(box.flush(20) for box in outboxes)))
        [panel] = person.private_chat.bot_messages
        assert panel.text == "v6"
        kept = await store.get_message(table, "panel", 0)
        assert kept is not None and kept.message_id == str(panel.message_id)



async def test_an_older_panel_claimed_while_a_newer_one_is_recorded_is_not_shown(
        fake_telegram: FakeTelegramServer, outboxes: list[Outbox], postgres: Database) -> None:
    """A worker claims a panel for v1 just as another records the v3 it sent (which ends
    that one's claim): the claim waits for that recording and is then refused; v1 is never
    edited over v3. (A loaded CI run of the test above edited a panel back to v1 so.) The
    recording is held open at the moment it ends the claim: a trigger there waits for a
    lock the test holds."""
    lock = random.randrange(1, 2**31)
    await postgres.sql("CREATE FUNCTION held() RETURNS trigger LANGUAGE plpgsql AS"
                       f" $$ BEGIN PERFORM pg_advisory_xact_lock({lock}); RETURN OLD; END $$")
    await postgres.sql("CREATE TRIGGER held AFTER DELETE ON message_claims"
                       " FOR EACH ROW EXECUTE FUNCTION held()")
    gate = await asyncpg.connect(str(postgres.target))
    try:
        await gate.execute("SELECT pg_advisory_lock($1)", lock)
        person = fake_telegram.user("P")
        person.start_private()
        table = await new_table(outboxes[0].store, -100)
        place = Place(table, Role.PANEL, 0, str(person.id))
        outboxes[2].post(Post(place, screen("v3"), version=3))
        recording = await _waiting(gate, "SELECT pid FROM pg_locks WHERE locktype = 'advisory'"
                                   " AND objid = $1 AND NOT granted", lock)
        assert [m.text for m in person.private_chat.bot_messages] == ["v3"]
        outboxes[0].post(Post(place, screen("v1"), version=1))
        await _waiting(gate, "SELECT pid FROM pg_stat_activity"
                       " WHERE $1 = ANY(pg_blocking_pids(pid))", recording)
        await gate.execute("SELECT pg_advisory_unlock($1)", lock)
        assert all(await asyncio.gather(*(box.flush(20) for box in outboxes)))
    finally:
        await gate.close()
    [panel] = person.private_chat.bot_messages
    assert (panel.text, panel.edits) == ("v3", 0)
    kept = await outboxes[0].store.get_message(table, "panel", 0)
    assert kept is not None and kept.version == 3


async def _waiting(con: asyncpg.Connection, query: str, *args: object) -> int:
    """The first value `query` finds, once it finds one (a statement waiting for a lock)."""
    for _ in range(3000):
        found = await con.fetchval(query, *args)
        if found is not None:
            return int(found)
        await asyncio.sleep(0.01)
    raise AssertionError(f"nothing waited: {query}")


# --- a real bot process killed mid-edit --------------------------------------------------


@pytest.mark.timeout(300)  # two starts of a real bot on a busy machine
async def test_a_panel_answers_right_after_its_editor_is_killed_mid_edit(
        tmp_path: Path) -> None:
    """`python -m bot` on PostgreSQL, killed with SIGKILL while it waits out flood control on
    a player's panel edit (its claim on the panel held): started again, it answers the
    player's next press on that panel with the panel edited, as on SQLite, instead of after
    the claim's two-minute lease. The guard (30 s) only bounds a hang."""
    from bench.telegram import acting_panel, choose, open_tables
    from fakes.store_backends import admin_or_skip, postgres_url
    from fakes.webhook_workers import WorkerGroup, postgres_role

    await (await admin_or_skip()).close()
    rng = random.Random(5)
    async with FakeTelegramServer() as server, postgres_role(postgres_url()) as url:
        first = WorkerGroup(server, url, 1, tmp_path)
        await first.start(timeout=120)
        try:
            [table] = await open_tables(server, 1)
            found = acting_panel(table)
            assert found is not None
            user, panel = found
            # every request to the player's chat meets flood control for a minute
            fault = server.inject_flood(chat_id=user.private_chat.id, times=10**6,
                                        retry_after=60)
            user.press(panel, choose(panel, rng))
            await server.wait_until(lambda: bool(fault.hits), timeout=60,
                                    message="the panel's edit meeting flood control")
            owners = await _sql(url, "SELECT owner FROM message_claims WHERE role = 'panel'")
            assert owners, "the editing process holds the panel's claim"
        finally:
            assert first.process is not None
            first.process.kill()
            await first.process.wait()
            first._log_file.close()
        fault.remaining = 0
        second = WorkerGroup(server, url, 1, tmp_path)
        await second.start(timeout=120)
        try:
            assert await _sql(url, "SELECT owner FROM message_claims WHERE owner = $1",
                              owners[0]) == []
            found = acting_panel(table)
            assert found is not None
            user, panel = found
            edits = panel.edits
            query = user.press(panel, choose(panel, rng))
            await server.wait_until(lambda: panel.edits > edits, timeout=30,
                                    message="the panel edited after the restart")
            assert [a.ok for a in server.answers_for(query)] == [True]
        finally:
            assert await second.stop() == 0
        assert "Traceback" not in second.text(), second.text()[-3000:]


async def _sql(url: str, statement: str, *args: object) -> list[object]:
    con = await asyncpg.connect(url)
    try:
        return [r[0] for r in await con.fetch(statement, *args)]
    finally:
        await con.close()
