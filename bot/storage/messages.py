"""Messages the bot edits in place: which message shows a table's lobby, board or a seat's
panel, and what it shows (so an identical edit is skipped)."""

from __future__ import annotations

from .rows import Id, MessageRef, message_row, seat_key
from .sql import StorePart


class MessageStore(StorePart):
    async def get_message(
        self, table_id: int, role: str, seat: int | None = None
    ) -> MessageRef | None:
        row = await self._read(lambda tx: tx.one(
            "SELECT * FROM messages WHERE table_id = :table AND role = :role AND seat = :seat",
            table=table_id, role=role, seat=seat_key(seat)))
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
    ) -> MessageRef:
        """Remember (or replace) the message that shows `role` for `seat` (None = public)."""
        row = await self._write(lambda tx: tx.one(
            "INSERT INTO messages (table_id, role, seat, chat_id, message_id, content_hash,"
            " updated_at) VALUES (:table, :role, :seat, :chat, :message, :hash, :now)"
            " ON CONFLICT (table_id, role, seat) DO UPDATE SET chat_id = excluded.chat_id,"
            " message_id = excluded.message_id, content_hash = excluded.content_hash,"
            " updated_at = excluded.updated_at RETURNING *",
            table=table_id, role=role, seat=seat_key(seat), chat=str(chat_id),
            message=str(message_id), hash=content_hash, now=self._clock()), one_statement=True)
        return message_row(row)

    async def set_message_hash(
        self, table_id: int, role: str, seat: int | None, content_hash: str | None
    ) -> bool:
        """Record what a message now shows, after a successful edit. False if unknown."""
        return await self._write(lambda tx: tx.run(
            "UPDATE messages SET content_hash = :hash, updated_at = :now"
            " WHERE table_id = :table AND role = :role AND seat = :seat",
            hash=content_hash, now=self._clock(), table=table_id, role=role,
            seat=seat_key(seat)) > 0, one_statement=True)

    async def delete_message(self, table_id: int, role: str, seat: int | None = None) -> bool:
        return await self._write(lambda tx: tx.run(
            "DELETE FROM messages WHERE table_id = :table AND role = :role AND seat = :seat",
            table=table_id, role=role, seat=seat_key(seat)) > 0, one_statement=True)
