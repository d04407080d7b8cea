"""Messages the bot edits in place: which message shows a table's lobby, board or a seat's
panel, and what it shows (so an identical edit is skipped).

Several workers may show versions of one table's messages at once (a press is handled by
whichever worker gets it), and the newest version must win. So a message remembers the table
version it shows, and the store never records an older version over a newer one
(`set_message`, `set_message_hash` refuse it). That alone is not enough: two edits under way
at once may reach the platform in either order, and two workers that both find no message
kept would both send one (a player would get two panels, the older with live buttons). So a
worker about to show a message claims its place first (`claim_message`), whether a message
is kept there yet or not: the claim is refused if a newer version is shown or being shown
(the edit is then pointless), and asked to wait while an edit of an older or the same
version is under way elsewhere; recording what was shown ends the claim.

A claim names its owner, the process that took it (bot/storage/processes.py), and dies with
it: once the owner is gone (closed, killed, silent) the claim is free, so a panel whose
worker was killed mid-edit answers as soon as the bot is back. `CLAIM_LEASE` only bounds how
long a live owner may hold one; an owner whose edit waits that long (flood control) renews
its claim (`renew_message`) before it sends, and learns then whether its version is still
wanted: a lease that ran out meanwhile may have let another worker show a newer version,
which an older one must never land on. Posts without a version (None) claim nothing and
overwrite nothing's version.

Should two messages be sent for one place all the same (a claim lost with its owner's
heartbeat), `keep_message` says which one the newest replaced, so the sender deletes it: a
place never keeps a surplus message with live buttons.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import StrEnum

from .processes import LIVE_OWNER
from .rows import Id, MessageRef, message_row, seat_key
from .sql import StorePart, Tx

CLAIM_LEASE = 120.0
"""Seconds a live owner's claim holds at most (longer than an edit's retries under flood
control); a gone owner's holds nothing."""

_KEY = "table_id = :table AND role = :role AND seat = :seat"
# Not older than what the row shows; a versionless write overwrites anything.
_NOT_OLDER = ("(CAST(:version AS INTEGER) IS NULL OR messages.version IS NULL"
              " OR messages.version <= :version)")
# Recording the version a claim was for ends that claim.
_END_CLAIM = f"DELETE FROM message_claims WHERE {_KEY} AND version = :version"
# A claim that holds: its owner lives and its lease has not run out.
_HOLDS = f"(message_claims.until > :now AND {LIVE_OWNER.format(owner='message_claims.owner')})"

# A claim just taken, given up again: a newer version was recorded meanwhile.
_GIVE_UP_FOR_NEWER = (
    f"DELETE FROM message_claims WHERE {_KEY} AND version = :version AND owner = :owner"
    f" AND EXISTS (SELECT 1 FROM messages WHERE {_KEY} AND version > :version)")


class Claim(StrEnum):
    CLAIMED = "claimed"  # go ahead; record what was shown (or `release_message`) after
    NEWER = "newer"  # a newer version is shown or being shown: this one is not wanted
    BUSY = "busy"  # an edit of an older or the same version is under way: ask again soon
    MISSING = "missing"  # no such table: nothing to show


class MessageStore(StorePart):
    _owner: str
    alive_since: Callable[[], float]  # ProcessStore's
    release_if_dead: Callable[[str | None], Awaitable[bool]]  # ProcessStore's

    async def get_message(
        self, table_id: int, role: str, seat: int | None = None
    ) -> MessageRef | None:
        row = await self._read(lambda tx: tx.one(
            f"SELECT * FROM messages WHERE {_KEY}", table=table_id, role=role,
            seat=seat_key(seat)))
        return message_row(row) if row is not None else None

    async def list_messages(self, table_id: int) -> list[MessageRef]:
        rows = await self._read(lambda tx: tx.all(
            "SELECT * FROM messages WHERE table_id = :table ORDER BY role, seat", table=table_id))
        return [message_row(r) for r in rows]

    async def set_message(
        self,
        table_id: int,
        role: str,
        seat: int | None,
        chat_id: Id,
        message_id: Id,
        content_hash: str | None = None,
        version: int | None = None,
    ) -> MessageRef | None:
        """Remember (or replace) the message that shows `role` for `seat` (None = public),
        showing table `version`. None, changing nothing, if the message kept there shows a
        newer version (the caller's message is then surplus)."""
        kept, _ = await self.keep_message(table_id, role, seat, chat_id, message_id,
                                          content_hash, version)
        return kept

    async def keep_message(
        self, table_id: int, role: str, seat: int | None, chat_id: Id, message_id: Id,
        content_hash: str | None = None, version: int | None = None,
    ) -> tuple[MessageRef | None, MessageRef | None]:
        """`set_message`, and the message it replaced there (None if none, or the same
        message): the one the sender must now delete, unless it meant to replace it."""
        key = {"table": table_id, "role": role, "seat": seat_key(seat)}
        values = {"chat": str(chat_id), "message": str(message_id), "hash": content_hash,
                  "now": self._clock(), "version": version}

        def keep(tx: Tx) -> tuple[MessageRef | None, MessageRef | None]:
            while True:
                old = tx.one(f"SELECT * FROM messages WHERE {_KEY}" + tx.for_update, **key)
                if old is None:
                    row = tx.one(
                        "INSERT INTO messages (table_id, role, seat, chat_id, message_id,"
                        " content_hash, updated_at, version) VALUES (:table, :role, :seat,"
                        " :chat, :message, :hash, :now, :version)"
                        " ON CONFLICT (table_id, role, seat) DO NOTHING RETURNING *",
                        **key, **values)
                    if row is None:
                        continue  # another worker's came first: look at it
                    replaced = None
                else:
                    row = tx.one(
                        "UPDATE messages SET chat_id = :chat, message_id = :message,"
                        " content_hash = :hash, updated_at = :now,"
                        " version = COALESCE(CAST(:version AS INTEGER), messages.version)"
                        f" WHERE {_KEY} AND {_NOT_OLDER} RETURNING *", **key, **values)
                    if row is None:
                        return None, None  # a newer one is kept: the caller's is surplus
                    replaced = message_row(old)
                    if (replaced.chat_id, replaced.message_id) == (str(chat_id),
                                                                   str(message_id)):
                        replaced = None
                if version is not None:
                    tx.run(_END_CLAIM, **key, version=version)
                return message_row(row), replaced

        return await self._write(keep)

    async def set_message_hash(
        self, table_id: int, role: str, seat: int | None, content_hash: str | None,
        version: int | None = None,
    ) -> bool:
        """Record what a message now shows (table `version`), after a successful edit. False
        if no message is kept there or it shows a newer version."""
        params = {"hash": content_hash, "now": self._clock(), "table": table_id, "role": role,
                  "seat": seat_key(seat), "version": version}
        update = ("UPDATE messages SET content_hash = :hash, updated_at = :now,"
                  " version = COALESCE(CAST(:version AS INTEGER), messages.version)"
                  f" WHERE {_KEY} AND {_NOT_OLDER}")

        def record(tx: Tx) -> bool:
            if tx.postgres:  # one statement: no BEGIN and COMMIT on the hot path
                return tx.run(f"WITH ended AS ({_END_CLAIM}) {update}", **params) > 0
            changed = tx.run(update, **params)
            tx.run(_END_CLAIM, **params)
            return changed > 0

        return await self._write(record, one_statement=True)

    async def claim_message(
        self, table_id: int, role: str, seat: int | None, version: int, *,
        lease: float = CLAIM_LEASE,
    ) -> Claim:
        """Claim the place to show table `version` there, kept message or not yet (see the
        module's doc)."""
        claim, holder = await self._claim_message(table_id, role, seat, version, lease)
        if claim is Claim.BUSY and await self.release_if_dead(holder):
            claim, _ = await self._claim_message(table_id, role, seat, version, lease)
        return claim

    async def _claim_message(self, table_id: int, role: str, seat: int | None, version: int,
                             lease: float) -> tuple[Claim, str | None]:
        """One attempt at the claim; the outcome, and the owner of the claim in the way."""
        now = self._clock()
        key = {"table": table_id, "role": role, "seat": seat_key(seat)}
        live = {"now": now, "alive_since": self.alive_since()}
        params = {"version": version, "owner": self._owner, "until": now + lease, **key,
                  **live}
        claimed, postgres = await self._write(lambda tx: (tx.run(
            "INSERT INTO message_claims (table_id, role, seat, version, owner, until)"
            " SELECT CAST(:table AS BIGINT), CAST(:role AS TEXT), CAST(:seat AS INTEGER),"
            " CAST(:version AS INTEGER), CAST(:owner AS TEXT), CAST(:until AS DOUBLE PRECISION)"
            " WHERE EXISTS (SELECT 1 FROM tables WHERE id = :table)"
            f" AND NOT EXISTS (SELECT 1 FROM messages WHERE {_KEY} AND version > :version)"
            " ON CONFLICT (table_id, role, seat) DO UPDATE SET version = excluded.version,"
            " owner = excluded.owner, until = excluded.until"
            f" WHERE NOT {_HOLDS}", **params) > 0, tx.postgres), one_statement=True)
        # PostgreSQL runs the claim on what the messages were when its statement began; a
        # newer version recorded before the claim was taken (ending the claim in its way,
        # which it may have waited for) is seen by a statement begun after: give the claim
        # up then. (On SQLite a write sees every other write.)
        if claimed and postgres and await self._write(
                lambda tx: tx.run(_GIVE_UP_FOR_NEWER, **params) > 0, one_statement=True):
            return Claim.NEWER, None
        if claimed:
            return Claim.CLAIMED, None

        def why(tx: Tx) -> tuple[Claim, str | None]:
            if tx.scalar("SELECT 1 FROM tables WHERE id = :table", table=table_id) is None:
                return Claim.MISSING, None
            shown = tx.scalar(f"SELECT version FROM messages WHERE {_KEY}", **key)
            if shown is not None and shown > version:
                return Claim.NEWER, None
            held = tx.one(f"SELECT version, owner FROM message_claims WHERE {_KEY}"
                          f" AND {_HOLDS}", **key, **live)
            if held is None:
                return Claim.BUSY, None  # ended meanwhile: ask again
            return (Claim.NEWER if held["version"] > version else Claim.BUSY), held["owner"]

        return await self._read(why, snapshot=True)

    async def renew_message(self, table_id: int, role: str, seat: int | None, version: int,
                            *, lease: float = CLAIM_LEASE) -> Claim:
        """Hold this process's claim of `version` for another `lease` seconds from now, before
        a request that waited (its lease may have run out meanwhile). CLAIMED: it holds (it
        was still ours, or was free and is ours again); NEWER: a newer version is shown or
        being shown, so this one must not be; BUSY: another worker took the lapsed claim for
        an older or the same version (ask again soon); MISSING: no such table."""
        now = self._clock()
        renewed = await self._write(lambda tx: tx.run(
            f"UPDATE message_claims SET until = :until WHERE {_KEY} AND version = :version"
            " AND owner = :owner"
            f" AND NOT EXISTS (SELECT 1 FROM messages WHERE {_KEY} AND version > :version)",
            table=table_id, role=role, seat=seat_key(seat), version=version,
            owner=self._owner, until=now + lease) > 0, one_statement=True)
        if renewed:
            return Claim.CLAIMED
        return await self.claim_message(table_id, role, seat, version, lease=lease)

    async def release_message(self, table_id: int, role: str, seat: int | None,
                              version: int) -> None:
        """End this process's claim without recording anything (the edit failed or was not
        needed)."""
        await self._write(lambda tx: tx.run(
            f"{_END_CLAIM} AND owner = :owner", table=table_id, role=role,
            seat=seat_key(seat), version=version, owner=self._owner), one_statement=True)

    async def delete_message(self, table_id: int, role: str, seat: int | None = None) -> bool:
        return await self._write(lambda tx: tx.run(
            f"DELETE FROM messages WHERE {_KEY}",
            table=table_id, role=role, seat=seat_key(seat)) > 0, one_statement=True)
