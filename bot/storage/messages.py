"""Messages the bot edits in place: which message shows a table's lobby, board or a seat's
panel, and what it shows (so an identical edit is skipped).

Several workers may show versions of one table's messages at once (a press is handled by
whichever worker gets it), and the newest version must win. So a message remembers the table
version it shows, and the store never records an older version over a newer one
(`set_message`, `set_message_hash` refuse it). That alone is not enough: two edits under way
at once may reach the platform in either order. So a worker about to edit a kept message
claims it first (`claim_message`): the claim is refused if a newer version is shown or being
shown (the edit is then pointless), and asked to wait while an edit of an older or the same
version is under way elsewhere; recording what the edit showed ends the claim. A claim lasts
`CLAIM_LEASE` seconds at most, so a worker that died mid-edit holds no message for long.
Posts without a version (None) claim nothing and overwrite nothing's version.
"""

from __future__ import annotations

from enum import StrEnum

from .rows import Id, MessageRef, message_row, seat_key
from .sql import StorePart

CLAIM_LEASE = 120.0
"""Seconds a claim holds at most (longer than an edit's retries under flood control)."""

_KEY = "table_id = :table AND role = :role AND seat = :seat"
# Not older than what the row shows; a versionless write overwrites anything.
_NOT_OLDER = ("(CAST(:version AS INTEGER) IS NULL OR messages.version IS NULL"
              " OR messages.version <= :version)")
# Recording the version a claim was for ends that claim.
_RELEASE = ("claim_version = CASE WHEN messages.claim_version = :version THEN NULL"
            " ELSE messages.claim_version END,"
            " claim_until = CASE WHEN messages.claim_version = :version THEN NULL"
            " ELSE messages.claim_until END")


class Claim(StrEnum):
    CLAIMED = "claimed"  # go ahead; record what was shown (or `release_message`) after
    NEWER = "newer"  # a newer version is shown or being shown: this one is not wanted
    BUSY = "busy"  # an edit of an older or the same version is under way: ask again soon
    MISSING = "missing"  # no message is kept there


class MessageStore(StorePart):
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
        row = await self._write(lambda tx: tx.one(
            "INSERT INTO messages (table_id, role, seat, chat_id, message_id, content_hash,"
            " updated_at, version) VALUES (:table, :role, :seat, :chat, :message, :hash, :now,"
            " :version) ON CONFLICT (table_id, role, seat) DO UPDATE SET"
            " chat_id = excluded.chat_id, message_id = excluded.message_id,"
            " content_hash = excluded.content_hash, updated_at = excluded.updated_at,"
            f" version = COALESCE(excluded.version, messages.version), {_RELEASE}"
            f" WHERE {_NOT_OLDER} RETURNING *",
            table=table_id, role=role, seat=seat_key(seat), chat=str(chat_id),
            message=str(message_id), hash=content_hash, now=self._clock(), version=version),
            one_statement=True)
        return message_row(row) if row is not None else None

    async def set_message_hash(
        self, table_id: int, role: str, seat: int | None, content_hash: str | None,
        version: int | None = None,
    ) -> bool:
        """Record what a message now shows (table `version`), after a successful edit. False
        if no message is kept there or it shows a newer version."""
        return await self._write(lambda tx: tx.run(
            "UPDATE messages SET content_hash = :hash, updated_at = :now,"
            f" version = COALESCE(CAST(:version AS INTEGER), messages.version), {_RELEASE}"
            f" WHERE {_KEY} AND {_NOT_OLDER}",
            hash=content_hash, now=self._clock(), table=table_id, role=role,
            seat=seat_key(seat), version=version) > 0, one_statement=True)

    async def claim_message(
        self, table_id: int, role: str, seat: int | None, version: int, *,
        lease: float = CLAIM_LEASE,
    ) -> Claim:
        """Claim the kept message to edit it to table `version` (see the module's doc)."""
        now = self._clock()
        key = {"table": table_id, "role": role, "seat": seat_key(seat)}
        claimed = await self._write(lambda tx: tx.run(
            "UPDATE messages SET claim_version = :version, claim_until = :until"
            f" WHERE {_KEY} AND (version IS NULL OR version <= :version)"
            " AND (claim_until IS NULL OR claim_until <= :now)",
            version=version, until=now + lease, now=now, **key), one_statement=True)
        if claimed:
            return Claim.CLAIMED
        row = await self._read(lambda tx: tx.one(
            f"SELECT version, claim_version, claim_until FROM messages WHERE {_KEY}", **key))
        if row is None:
            return Claim.MISSING
        if row["version"] is not None and row["version"] > version:
            return Claim.NEWER
        live = row["claim_until"] is not None and row["claim_until"] > now
        if live and row["claim_version"] is not None and row["claim_version"] > version:
            return Claim.NEWER
        return Claim.BUSY

    async def release_message(self, table_id: int, role: str, seat: int | None,
                              version: int) -> None:
        """End a claim without recording anything (the edit failed or was not needed)."""
        await self._write(lambda tx: tx.run(
            "UPDATE messages SET claim_version = NULL, claim_until = NULL"
            f" WHERE {_KEY} AND claim_version = :version",
            table=table_id, role=role, seat=seat_key(seat), version=version),
            one_statement=True)

    async def delete_message(self, table_id: int, role: str, seat: int | None = None) -> bool:
        return await self._write(lambda tx: tx.run(
            f"DELETE FROM messages WHERE {_KEY}",
            table=table_id, role=role, seat=seat_key(seat)) > 0, one_statement=True)
