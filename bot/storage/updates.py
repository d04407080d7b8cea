"""Telegram updates the webhook workers have taken (`claim_update`) and handled
(`finish_update`), so that an update is applied once however many times it is delivered.

Telegram redelivers an update (same `update_id`) whose webhook request failed or answered
other than 2xx. With several worker processes behind one port, the second delivery can reach
another worker while the first still works on it (Telegram gave up waiting), or after the
first finished but before Telegram heard so (a worker killed between its last commit and its
answer, a dropped connection). The row of (bot, update_id) is the arbiter: `claim_update`
inserts it with ``ON CONFLICT DO NOTHING``, so of any number of workers exactly one wins
(PostgreSQL makes a second insert of the key wait for the first's transaction, SQLite's
write lock does the same).

Why the mark is not in the same transaction as the work: an update's work is many
transactions (the service's version-checked commit, the outbox's message records) and
Telegram requests no transaction covers. So the claim comes before the work and `done`
after it, and the gap between is made safe instead:

* a handling that fails before its work is committed (the database went away) releases its
  claim (`release_update`) and answers 5xx, so Telegram redelivers and a worker does it then;
* a worker killed while it holds claims: each claim names its owner, the process's store
  (bot/storage/processes.py), and dies with it: the supervisor and the process started in
  the dead one's slot release what it held at once (`release_worker_claims`, and the sweep
  of processes gone), and a delivery that finds a claim whose owner is gone takes it over;
  a live owner's claim is taken over only when its lease runs out;
* a released or taken-over update whose work had in fact been committed is harmless when run
  again, because the table's version decides: a press names the board version it was drawn
  for, and a second commit against that version is refused (the press is answered as stale);
  a second /newgame finds the table already open, a second Join the seat already taken.

A delivery that finds the update claimed and not done is answered 503 (Telegram retries), so
two workers never run one update at once; one that finds it done is answered 200 and
dropped. Done rows are kept a day (Telegram gives up redelivering long before) and pruned.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.update_claims import UpdateClaim

from .processes import LIVE_OWNER
from .sql import StorePart, Tx

KEEP_DONE_S = 24 * 3600.0
"""How long a handled update's id is remembered."""


class UpdateStore(StorePart):
    _owner: str
    alive_since: Callable[[], float]  # ProcessStore's
    release_if_dead: Callable[[str | None], Awaitable[bool]]  # ProcessStore's

    async def claim_update(self, bot_id: str | int, update_id: int, *, worker: int, claim: str,
                           lease: float) -> UpdateClaim:
        """Take the update for this worker (`claim`: the process's own token), unless it was
        handled or another worker's claim on it lives: its owner is alive and it is younger
        than `lease` seconds."""
        now = self._clock()
        key = {"bot": str(bot_id), "update": update_id}

        def take(tx: Tx) -> UpdateClaim:
            if tx.run("INSERT INTO seen_updates (bot_id, update_id, worker, claim, claimed_at,"
                      " owner) VALUES (:bot, :update, :worker, :claim, :now, :owner)"
                      " ON CONFLICT (bot_id, update_id) DO NOTHING",
                      worker=worker, claim=claim, now=now, owner=self._owner, **key):
                return UpdateClaim.TAKEN
            gone = LIVE_OWNER.format(owner="seen_updates.owner")
            if tx.run("UPDATE seen_updates SET worker = :worker, claim = :claim,"
                      " claimed_at = :now, owner = :owner WHERE bot_id = :bot"
                      " AND update_id = :update AND done_at IS NULL"
                      f" AND (claimed_at < :stale OR NOT {gone})",
                      worker=worker, claim=claim, now=now, stale=now - lease,
                      owner=self._owner, alive_since=self.alive_since(), **key):
                return UpdateClaim.TAKEN  # its worker died and nobody released it
            row = tx.one("SELECT done_at, owner FROM seen_updates"
                         " WHERE bot_id = :bot AND update_id = :update", **key)
            # no row: released between our insert and this read; Telegram will retry
            if row is not None and row["done_at"] is not None:
                return UpdateClaim.DONE
            holders.append(row["owner"] if row is not None else None)
            return UpdateClaim.BUSY

        holders: list[str | None] = []
        claim = await self._write(take)
        if claim is UpdateClaim.BUSY and await self.release_if_dead(holders[-1]):
            holders.clear()
            claim = await self._write(take)
        return claim

    async def finish_update(self, bot_id: str | int, update_id: int, *, claim: str) -> bool:
        """Mark the update handled (False if the claim was no longer this worker's)."""
        return bool(await self._write(lambda tx: tx.run(
            "UPDATE seen_updates SET done_at = :now WHERE bot_id = :bot"
            " AND update_id = :update AND claim = :claim",
            now=self._clock(), bot=str(bot_id), update=update_id, claim=claim),
            one_statement=True))

    async def release_update(self, bot_id: str | int, update_id: int, *, claim: str) -> bool:
        """Give up this worker's claim, unhandled, so a redelivery is handled again."""
        return bool(await self._write(lambda tx: tx.run(
            "DELETE FROM seen_updates WHERE bot_id = :bot AND update_id = :update"
            " AND claim = :claim AND done_at IS NULL",
            bot=str(bot_id), update=update_id, claim=claim), one_statement=True))

    async def release_worker_claims(self, bot_id: str | int, worker: int) -> int:
        """At a worker's start: release the claims its slot's previous process held when it
        died (a slot runs one process at a time); how many there were."""
        return await self._write(lambda tx: tx.run(
            "DELETE FROM seen_updates WHERE bot_id = :bot AND worker = :worker"
            " AND done_at IS NULL", bot=str(bot_id), worker=worker), one_statement=True)

    async def prune_updates(self, keep: float = KEEP_DONE_S) -> int:
        """Forget updates handled (or claims left) over `keep` seconds ago; how many."""
        before = self._clock() - keep
        return await self._write(lambda tx: tx.run(
            "DELETE FROM seen_updates WHERE done_at < :before"
            " OR (done_at IS NULL AND claimed_at < :before)", before=before),
            one_statement=True)


def database_unavailable(error: BaseException) -> bool:
    """Whether `error` says the database could not be reached or went away (a restart, a
    dropped connection), rather than that a statement was wrong: worth trying again later."""
    import sqlalchemy as sa

    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, OSError | ConnectionError):
            return True
        if isinstance(current, sa.exc.DBAPIError) and current.connection_invalidated:
            return True
        if isinstance(current, sa.exc.InterfaceError | sa.exc.OperationalError):
            return True
        state = getattr(current, "sqlstate", None) or getattr(current, "pgcode", None)
        if isinstance(state, str) and state[:2] in ("08", "57"):  # connection, shutdown
            return True
        if type(current).__name__ in ("ConnectionDoesNotExistError", "InterfaceError"):
            return True
        current = getattr(current, "orig", None) or current.__cause__ or current.__context__
    return False
