"""The processes that share the database, so that every claim one of them takes (a kept
message it is editing, a deadline it is firing, a Telegram update it is handling) dies with
it, rather than holding up a player's panel until a lease runs out.

Each open `Store` is a row here, under a random id that its claims name as their owner. It
says who it is (its machine, pid, and the pid's start time, so a reused pid is told apart)
and beats every `BEAT_EVERY` seconds. An owner is gone once

* its row is deleted: it closed, or a survivor released it;
* its heartbeat is older than `STALE_AFTER` (a process on another machine that died, or
  one cut off from the database for that long); or
* it ran on this machine and its pid is dead or now another process's (a kill -9, the OOM
  killer): found at once, by reading /proc.

On this machine the pid is the better witness, so the sweep never gives up a process whose
pid lives there, however late its heartbeat: a worker busy starting up under load went 26 s
without a beat while it already handled updates, and a peer that released its claims then
left those updates unmarked for good. (Its claims still count as free to take over where
`LIVE_OWNER` is asked, as a lease that ran out does: the version checks make a second
handling harmless, but nothing a live process holds is deleted under it.)

A claim whose owner is gone counts as free wherever claims are taken, and a survivor
releases such claims outright (`sweep_processes`): every process when it opens its store,
every heartbeat (the stale ones), and the supervisor when a worker dies (bot/workers.py).
The clock here is the machine's (time.time), not the store's injected one: whether a
process lives is a matter of real time, whatever time a test makes the game see.

Machine: the host name, the boot id and the pid namespace, so a container restarted under
the same host name, or one beside it with pids of its own, is another machine; the pid
check is used only between processes of one machine (on other systems than Linux, never:
a process there is gone when its heartbeat is).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .sql import StorePart, Tx

log = logging.getLogger(__name__)

BEAT_EVERY = 5.0
"""Seconds between a process's heartbeats."""
STALE_AFTER = 20.0
"""A process silent this long is gone (several beats missed, not one slow write)."""

LIVE_OWNER = ("EXISTS (SELECT 1 FROM processes p WHERE p.id = {owner}"
              " AND p.seen_at > :alive_since)")
"""SQL: the claim's owner (the column `{owner}`) lives; needs `alive_since` (`alive_since()`)."""


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a process is, in terms another process on the same machine can check."""

    machine: str
    pid: int
    started: str  # the pid's start time (Linux: clock ticks since boot); '' if not known


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text().strip()
    except OSError:
        return None


@lru_cache(maxsize=1)
def machine() -> str:
    """This machine as pid checks see it: host name, boot id, pid namespace ('?' parts
    where a system does not say: then pids are never checked)."""
    boot = _read("/proc/sys/kernel/random/boot_id") or "?"
    try:
        namespace = os.readlink("/proc/self/ns/pid")
    except OSError:
        namespace = "?"
    return f"{socket.gethostname()}/{boot}/{namespace}"


def _stat(pid: int) -> tuple[str, str] | None:
    """A pid's state letter and start time, from /proc; None if no such process."""
    text = _read(f"/proc/{pid}/stat")
    if text is None:
        return None
    fields = text.rpartition(")")[2].split()  # the name in parentheses may hold spaces
    return fields[0], fields[19]


def this_process() -> Identity:
    found = _stat(os.getpid())
    return Identity(machine(), os.getpid(), found[1] if found else "")


def alive(identity: Identity) -> bool | None:
    """Whether the process lives: None when this machine cannot tell (another machine, or
    no /proc)."""
    if identity.machine != machine() or "?" in identity.machine or not identity.started:
        return None
    found = _stat(identity.pid)
    if found is None:
        return False
    state, started = found
    return state not in ("Z", "X") and started == identity.started  # a zombie is dead


def release_owners(tx: Tx, owners: Sequence[str]) -> None:
    """Release every claim of `owners` and forget them (in the caller's transaction): their
    message claims go, their deadlines may be fired by anyone, their unfinished updates are
    handled again when Telegram redelivers them."""
    if not owners:
        return
    owners = tuple(owners)
    tx.run("DELETE FROM message_claims WHERE owner IN :owners", owners=owners)
    tx.run("UPDATE due_work SET owner = NULL, claimed_at = NULL WHERE owner IN :owners",
           owners=owners)
    tx.run("DELETE FROM seen_updates WHERE owner IN :owners AND done_at IS NULL",
           owners=owners)
    tx.run("DELETE FROM processes WHERE id IN :owners", owners=owners)


class ProcessStore(StorePart):
    _owner: str
    _wall: Callable[[], float]

    def alive_since(self) -> float:
        """The oldest heartbeat of a live process (`LIVE_OWNER`'s parameter)."""
        return self._wall() - STALE_AFTER

    @property
    def owner(self) -> str:
        """This store's id, which its claims name as their owner."""
        return self._owner

    async def join_processes(self, label: str = "") -> int:
        """Say this store is alive (its row), and release what processes found dead on this
        machine held (a predecessor killed with -9); how many such processes there were."""
        me = this_process()
        now = self._wall()
        await self._write(lambda tx: tx.run(
            "INSERT INTO processes (id, machine, pid, started, label, joined_at, seen_at)"
            " VALUES (:id, :machine, :pid, :started, :label, :now, :now)",
            id=self._owner, machine=me.machine, pid=me.pid, started=me.started,
            label=label[:100], now=now), one_statement=True)
        return await self.sweep_processes(stale=False)

    async def process_beat(self) -> None:
        """Say this store is still alive (again, if a survivor gave it up for dead meanwhile:
        its claims were released then, and its next ones count again)."""
        me = this_process()
        now = self._wall()

        def beat(tx: Tx) -> None:
            if not tx.run("UPDATE processes SET seen_at = :now WHERE id = :id",
                          now=now, id=self._owner):
                tx.run("INSERT INTO processes (id, machine, pid, started, joined_at, seen_at)"
                       " VALUES (:id, :machine, :pid, :started, :now, :now)",
                       id=self._owner, machine=me.machine, pid=me.pid, started=me.started,
                       now=now)
                log.warning("this process was given up for dead (no heartbeat for %gs); "
                            "its claims were released", STALE_AFTER)

        await self._write(beat)

    async def sweep_processes(self, *, stale: bool = True) -> int:
        """Release the claims of every process found gone: dead on this machine, and with
        `stale` those whose heartbeat is older than `STALE_AFTER` unless their pid lives on
        this machine; how many were gone."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT id, machine, pid, started, seen_at FROM processes WHERE id <> :me",
            me=self._owner))
        since = self.alive_since()
        dead = [r["id"] for r in rows
                if alive(Identity(r["machine"], r["pid"], r["started"])) is False]
        silent = [r["id"] for r in rows
                  if stale and r["id"] not in dead and r["seen_at"] <= since
                  and alive(Identity(r["machine"], r["pid"], r["started"])) is not True]
        if not dead and not silent:
            return 0

        def release(tx: Tx) -> int:
            # one that beat since it was read is not silent any more
            still = [r["id"] for r in tx.all(
                "SELECT id FROM processes WHERE id IN :silent AND seen_at <= :since"
                + tx.for_update, silent=tuple(silent), since=since)] if silent else []
            release_owners(tx, dead + still)
            return len(dead + still)

        gone = await self._write(release)
        if gone:
            log.info("released the claims of %d process(es) gone", gone)
        return gone

    async def release_if_dead(self, owner: str | None) -> bool:
        """A claim held by `owner` is in the way: if that process is found dead on this
        machine, release all it held (True: try again now)."""
        if owner is None or owner == self._owner:
            return False
        row = await self._read(lambda tx: tx.one(
            "SELECT machine, pid, started FROM processes WHERE id = :id", id=owner))
        if row is None or alive(Identity(row["machine"], row["pid"], row["started"])) is not False:
            return False
        await self._write(lambda tx: release_owners(tx, [owner]))
        log.info("released the claims of a process found dead (pid %d)", row["pid"])
        return True

    async def _beating(self, every: float) -> None:
        """The heartbeat; stale processes are swept only after two good beats in a row, so
        that after a database outage every live process has had a beat's time to say so
        before anyone is given up for dead."""
        good = 0
        while True:
            await asyncio.sleep(every)
            try:
                await self.process_beat()
                good += 1
                if good >= 2:
                    await self.sweep_processes()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                good = 0
                log.warning("heartbeat failed (%s); trying again in %gs",
                            type(error).__name__, every, exc_info=not _unreachable(error))


def _unreachable(error: BaseException) -> bool:
    from .updates import database_unavailable

    return database_unavailable(error)


def new_owner() -> str:
    return uuid.uuid4().hex


def wall_clock() -> float:
    return time.time()


__all__ = ["BEAT_EVERY", "LIVE_OWNER", "STALE_AFTER", "Identity", "ProcessStore", "alive",
           "machine", "new_owner", "release_owners", "this_process", "wall_clock"]
