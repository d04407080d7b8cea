"""Seats: joining and leaving a lobby, the turn order, and whether a seat's private messages
arrive."""

from __future__ import annotations

from collections.abc import Sequence

from bot.names import seat_name

from .errors import AlreadySeated, TableFull
from .rows import (
    DmStatus,
    Id,
    SeatRow,
    Status,
    TableRow,
    opt_id,
    seat_row,
    table_row,
)
from .sql import StorePart, Tx
from .tables import lobby_changed, number_seats, require_table

SEATS_SQL = (
    "SELECT * FROM seats WHERE table_id = :table ORDER BY seat IS NULL, seat, join_order"
)


def _dm_status(dm_ok: int | None) -> DmStatus:
    if dm_ok is None:
        return DmStatus.UNKNOWN
    return DmStatus.OK if dm_ok else DmStatus.UNREACHABLE


class SeatStore(StorePart):
    async def load_table(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None:
        """The table and its seats, read together (no write can come in between)."""

        def read(tx: Tx) -> tuple[TableRow, list[SeatRow]] | None:
            row = tx.one("SELECT * FROM tables WHERE id = :id", id=table_id)
            if row is None:
                return None
            return table_row(row), [seat_row(r) for r in tx.all(SEATS_SQL, table=table_id)]

        return await self._read(read, snapshot=True)

    async def add_seat(
        self,
        table_id: int,
        user_id: Id,
        display_name: str,
        *,
        language: str | None = None,
        dm_chat_id: Id | None = None,
        dm_status: str | None = None,
        max_seats: int | None = None,
        computer: str | None = None,
    ) -> SeatRow:
        """Join the lobby, last in join order; `computer` seats a computer player of that
        level (its `user_id` is the service's own, never a platform's). The name is made
        safe to show, and numbered if someone at the table looks the same (`seat_name`).

        `language`, `dm_chat_id` and `dm_status` left as None are taken from the
        user's settings when known. Raises `StatusConflict` (not in the lobby),
        `AlreadySeated`, or `TableFull` (when `max_seats` is given; checked in the
        same transaction, under the table's lock, so two racing joins cannot overfill it).
        """
        user = str(user_id)
        now = self._clock()

        def tx(tx: Tx) -> SeatRow:
            table = require_table(tx, table_id, (Status.LOBBY,))
            if tx.one("SELECT 1 FROM seats WHERE table_id = :table AND user_id = :user",
                      table=table_id, user=user):
                raise AlreadySeated(table_id, user)
            counted = tx.one("SELECT count(*) AS n, max(join_order) AS last FROM seats"
                             " WHERE table_id = :table", table=table_id)
            count, last = counted["n"], counted["last"]
            if max_seats is not None and count >= max_seats:
                raise TableFull(table_id, max_seats)
            name = seat_name(display_name, [r["display_name"] for r in tx.all(
                "SELECT display_name FROM seats WHERE table_id = :table", table=table_id)],
                computer=computer is not None)
            settings = tx.one(
                "SELECT * FROM user_settings WHERE platform = :platform AND user_id = :user",
                platform=table["platform"], user=user)
            lang, dm_chat, dm = language, opt_id(dm_chat_id), dm_status
            if settings is not None:
                lang = lang if lang is not None else settings["language"]
                dm_chat = dm_chat if dm_chat is not None else settings["dm_chat_id"]
                if dm is None:
                    dm = _dm_status(settings["dm_ok"])
            row = tx.one(
                "INSERT INTO seats (table_id, user_id, seat, join_order, display_name, language,"
                " dm_chat_id, dm_status, joined_at, computer) VALUES (:table, :user, NULL,"
                " :order, :name, :language, :dm_chat, :dm, :now, :computer) RETURNING *",
                table=table_id, user=user, order=0 if last is None else last + 1,
                name=name, language=lang, dm_chat=dm_chat,
                dm=DmStatus(dm or DmStatus.UNKNOWN), now=now, computer=computer)
            lobby_changed(tx, table_id)
            return seat_row(row)

        return await self._write(tx)

    async def remove_seat(self, table_id: int, user_id: Id) -> bool:
        """Leave the lobby. False if the user was not seated; `StatusConflict` after start."""

        def tx(tx: Tx) -> bool:
            require_table(tx, table_id, (Status.LOBBY,))
            removed = tx.run("DELETE FROM seats WHERE table_id = :table AND user_id = :user",
                             table=table_id, user=str(user_id)) > 0
            if removed:
                lobby_changed(tx, table_id)
            return removed

        return await self._write(tx)

    async def list_seats(self, table_id: int) -> list[SeatRow]:
        """Seats in turn order once started, in join order before."""
        rows = await self._read(lambda tx: tx.all(SEATS_SQL, table=table_id))
        return [seat_row(r) for r in rows]

    async def set_seats_order(self, table_id: int, user_ids: Sequence[Id]) -> None:
        """Number the seats 0.. in the given order (a permutation of the lobby)."""

        def tx(tx: Tx) -> None:
            require_table(tx, table_id, (Status.LOBBY,))
            number_seats(tx, table_id, user_ids)

        await self._write(tx)

    async def set_seat_dm(
        self, table_id: int, user_id: Id, *, dm_chat_id: Id | None, dm_status: str
    ) -> bool:
        """Record whether a seat's private messages can be delivered."""
        return await self._write(lambda tx: tx.run(
            "UPDATE seats SET dm_chat_id = :dm_chat, dm_status = :dm"
            " WHERE table_id = :table AND user_id = :user",
            dm_chat=opt_id(dm_chat_id), dm=DmStatus(dm_status), table=table_id,
            user=str(user_id)) > 0)
