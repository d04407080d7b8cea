"""Tables: opening a lobby, finding a chat's table, status changes, starting a game, and a
Telegram group becoming a supergroup (its tables move with it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from .errors import ActiveTableExists, StatusConflict, TableNotFound
from .rows import (
    ACTIVE,
    Id,
    Json,
    Platform,
    Status,
    TableRow,
    encode_json,
    table_row,
    thread_key,
)
from .rows import statuses as status_tuple
from .sql import StorePart, Tx

if TYPE_CHECKING:
    from engine.core import Standing

_MAX_SEED = 2**63  # a signed 64-bit integer (SQLite INTEGER, PostgreSQL BIGINT)

ACTIVE_SQL = (
    "SELECT * FROM tables WHERE platform = :platform AND chat_id = :chat"
    " AND thread_id = :thread AND status IN ('lobby', 'playing')"
)


def require_table(tx: Tx, table_id: int, allowed: Iterable[str] | None = None) -> Any:
    """The table row, locked for the rest of the transaction, if it exists and (when
    `allowed` is given) is in an allowed status."""
    row = tx.one("SELECT * FROM tables WHERE id = :id" + tx.for_update, id=table_id)
    if row is None:
        raise TableNotFound(table_id)
    if allowed is not None:
        allowed = status_tuple(allowed)
        if row["status"] not in allowed:
            raise StatusConflict(table_id, row["status"], allowed)
    return row


# A lobby counts its changes in the version its game starts again from 0: its message claims
# the version it shows (bot/storage/messages.py), so of two workers' lobby edits racing to
# the platform, the older never lands over the newer.
LOBBY_CHANGED = ("version = version + CASE WHEN status = 'lobby' THEN 1 ELSE 0 END")


def lobby_changed(tx: Tx, table_id: int) -> None:
    """One more change to the lobby of `table_id` (none once its game has started)."""
    tx.run(f"UPDATE tables SET {LOBBY_CHANGED} WHERE id = :id", id=table_id)


def number_seats(tx: Tx, table_id: int, user_ids: Sequence[Id]) -> None:
    order = [str(u) for u in user_ids]
    seated = [r["user_id"] for r in tx.all(
        "SELECT user_id FROM seats WHERE table_id = :table", table=table_id)]
    if len(set(order)) != len(order) or sorted(order) != sorted(seated):
        raise ValueError(f"seat order {order} is not a permutation of the lobby {sorted(seated)}")
    # Clear first: renumbering in place would trip UNIQUE (table_id, seat) midway.
    tx.run("UPDATE seats SET seat = NULL WHERE table_id = :table", table=table_id)
    tx.many("UPDATE seats SET seat = :seat WHERE table_id = :table AND user_id = :user",
            [{"seat": i, "table": table_id, "user": user} for i, user in enumerate(order)])


def record_end(tx: Tx, table_id: int, results: Sequence[Standing], now: float) -> None:
    """Keep how a game ended: its end time and each seat's standing."""
    tx.run("UPDATE tables SET ended_at = :now WHERE id = :id", now=now, id=table_id)
    tx.many(
        "INSERT INTO results (table_id, seat, rank, score, tiebreaks)"
        " VALUES (:table, :seat, :rank, :score, :tiebreaks)"
        " ON CONFLICT (table_id, seat) DO UPDATE SET rank = excluded.rank,"
        " score = excluded.score, tiebreaks = excluded.tiebreaks",
        [{"table": table_id, "seat": r.seat, "rank": r.rank, "score": r.score,
          "tiebreaks": encode_json(list(r.tiebreaks))} for r in results])


class TableStore(StorePart):
    async def create_table(
        self,
        platform: str,
        chat_id: Id,
        thread_id: Id | None,
        game: str,
        *,
        creator_id: Id,
        language: str,
        options: Json | None = None,
        title: str = "",
        creator_name: str = "",
        clock: str = "off",
        server_id: Id | None = None,
    ) -> TableRow:
        """Open a lobby. Raises `ActiveTableExists` if the chat/topic already has one.
        `server_id`: the Discord server the chat is in (see `TableRow.server_id`)."""
        where = {"platform": Platform(platform), "chat": str(chat_id),
                 "thread": thread_key(thread_id)}
        now = self._clock()

        def tx(tx: Tx) -> TableRow:
            existing = tx.one(ACTIVE_SQL, **where)
            if existing is not None:
                raise ActiveTableExists(existing["id"])
            try:
                with tx.savepoint():
                    row = tx.one(
                        "INSERT INTO tables (platform, chat_id, thread_id, game, options, status,"
                        " creator_id, creator_name, language, title, version, created_at,"
                        " updated_at, clock, server_id) VALUES (:platform, :chat, :thread, :game,"
                        " :options, 'lobby', :creator, :creator_name, :language, :title, 0, :now,"
                        " :now, :clock, :server) RETURNING *",
                        **where, game=game, options=encode_json(options or {}),
                        creator=str(creator_id), creator_name=creator_name, language=language,
                        title=title, now=now, clock=clock,
                        server=None if server_id is None else str(server_id))
            except sa.exc.IntegrityError:
                # another process opened one meanwhile (the one-active-table index)
                other = tx.one(ACTIVE_SQL, **where)
                if other is None:
                    raise
                raise ActiveTableExists(other["id"]) from None
            return table_row(row)

        return await self._write(tx)

    async def get_table(self, table_id: int) -> TableRow | None:
        row = await self._read(lambda tx: tx.one("SELECT * FROM tables WHERE id = :id",
                                                 id=table_id))
        return table_row(row) if row is not None else None

    async def active_table(
        self, platform: str, chat_id: Id, thread_id: Id | None = None
    ) -> TableRow | None:
        """The lobby or running game of a chat (or of one forum topic / thread)."""
        where = {"platform": Platform(platform), "chat": str(chat_id),
                 "thread": thread_key(thread_id)}
        row = await self._read(lambda tx: tx.one(ACTIVE_SQL, **where))
        return table_row(row) if row is not None else None

    async def tables_in_status(self, statuses: str | Iterable[str] = ACTIVE) -> list[TableRow]:
        """Tables in any of `statuses`, oldest first: what to resume after a restart."""
        wanted = status_tuple(statuses)
        rows = await self._read(lambda tx: tx.all(
            "SELECT * FROM tables WHERE status IN :wanted ORDER BY id", wanted=wanted))
        return [table_row(r) for r in rows]

    async def count_tables(self) -> dict[tuple[str, str], int]:
        """How many tables there are, by game and status (for the operator's metrics)."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT game, status, COUNT(*) AS n FROM tables GROUP BY game, status"))
        return {(r["game"], r["status"]): int(r["n"]) for r in rows}

    async def table_ids_in_chat(self, platform: str, chat_id: Id,
                                statuses: str | Iterable[str] = ACTIVE) -> list[int]:
        """The ids of a chat's tables (every topic's) in any of `statuses`, oldest first."""
        wanted = status_tuple(statuses)
        rows = await self._read(lambda tx: tx.all(
            "SELECT id FROM tables WHERE platform = :platform AND chat_id = :chat"
            " AND status IN :wanted ORDER BY id",
            platform=Platform(platform), chat=str(chat_id), wanted=wanted))
        return [row["id"] for row in rows]

    async def newest_in_chats(self, platform: str, chat_ids: Sequence[Id]
                              ) -> dict[str, tuple[int, str, int]]:
        """Each chat's newest table outside forum topics (lobby, game or ended), as
        (id, status, version), for a reader that follows chats other processes change too.
        Chats without a table are left out."""
        if not chat_ids:
            return {}
        rows = await self._read(lambda tx: tx.all(
            "SELECT t.chat_id, t.id, t.status, t.version FROM tables t"
            " WHERE t.id = (SELECT MAX(u.id) FROM tables u WHERE u.platform = :platform"
            " AND u.chat_id = t.chat_id AND u.thread_id = '')"
            " AND t.platform = :platform AND t.chat_id IN :chats",
            platform=Platform(platform), chats=tuple(str(c) for c in chat_ids)))
        return {r["chat_id"]: (int(r["id"]), str(r["status"]), int(r["version"])) for r in rows}

    async def tables_of_user(
        self, platform: str, user_id: Id, statuses: str | Iterable[str] = ACTIVE
    ) -> list[TableRow]:
        """Tables the user is seated at, oldest first."""
        wanted = status_tuple(statuses)
        rows = await self._read(lambda tx: tx.all(
            "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            " WHERE s.user_id = :user AND t.platform = :platform AND t.status IN :wanted"
            " ORDER BY t.id", user=str(user_id), platform=Platform(platform), wanted=wanted))
        return [table_row(r) for r in rows]

    async def ended_tables_of_user(self, platform: str, user_id: Id, games: Iterable[str], *,
                                   limit: int) -> list[TableRow]:
        """The user's last `limit` tables of `games` that ended (finished or abandoned),
        newest first: a page's worth, however many games they played."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            " WHERE s.user_id = :user AND t.platform = :platform AND t.status IN :ended"
            " AND t.ended_at IS NOT NULL AND t.game IN :games"
            " ORDER BY t.ended_at DESC, t.id DESC LIMIT :limit",
            user=str(user_id), platform=Platform(platform), games=tuple(games), limit=limit,
            ended=status_tuple((Status.FINISHED, Status.CANCELLED))))
        return [table_row(r) for r in rows]

    async def set_options(self, table_id: int, options: Json) -> None:
        """Replace the options of a table still in its lobby."""
        encoded = encode_json(options)

        def tx(tx: Tx) -> None:
            require_table(tx, table_id, (Status.LOBBY,))
            tx.run(f"UPDATE tables SET options = :options, updated_at = :now, {LOBBY_CHANGED}"
                   " WHERE id = :id", options=encoded, now=self._clock(), id=table_id)

        await self._write(tx)

    async def set_status(
        self, table_id: int, status: str, *, allowed_from: Iterable[str] | None = None,
        results: Sequence[Standing] | None = None,
    ) -> None:
        """Move a table to `status` (typically 'finished' or 'cancelled').

        With `allowed_from`, raises `StatusConflict` unless the table is currently in
        one of those statuses: `set_status(t, 'cancelled', allowed_from=ACTIVE)` is
        how two racing Cancel presses resolve to one. `results` (a game abandoned: the
        standings at that point) are kept with the end time, in the same transaction.
        """
        status = Status(status)

        def tx(tx: Tx) -> None:
            row = require_table(tx, table_id, allowed_from)
            try:
                with tx.savepoint():
                    tx.run(f"UPDATE tables SET status = :status, updated_at = :now, {LOBBY_CHANGED}"
                           " WHERE id = :id", status=status, now=self._clock(), id=table_id)
            except sa.exc.IntegrityError:
                # Only the one-active-table index can fail here (re-activating a table).
                other = tx.one(ACTIVE_SQL, platform=row["platform"], chat=row["chat_id"],
                               thread=row["thread_id"])
                if other is not None:
                    raise ActiveTableExists(other["id"]) from None
                raise
            if results is not None:
                record_end(tx, table_id, results, self._clock())

        await self._write(tx)

    async def start_table(
        self, table_id: int, *, seed: int, state: Json, seat_order: Sequence[Id]
    ) -> TableRow:
        """Lobby -> playing, atomically: seat numbers, seed, initial state, version 0.

        Raises `StatusConflict` if the table is no longer in its lobby (e.g. a second
        Start press), ValueError if `seat_order` is not a permutation of the lobby.
        """
        if not -_MAX_SEED <= seed < _MAX_SEED:
            raise ValueError("seed must fit in a signed 64-bit integer")
        encoded = encode_json(state)

        def tx(tx: Tx) -> TableRow:
            require_table(tx, table_id, (Status.LOBBY,))
            number_seats(tx, table_id, seat_order)
            now = self._clock()
            row = tx.one(
                "UPDATE tables SET status = 'playing', seed = :seed, state = :state,"
                " version = 0, updated_at = :now, started_at = :now WHERE id = :id RETURNING *",
                seed=seed, state=encoded, now=now, id=table_id)
            return table_row(row)

        return await self._write(tx)

    async def prune_lobbies(self, closed_before: float, *, limit: int = 500) -> int:
        """Delete up to `limit` tables that closed without ever starting (a lobby nobody
        started, or one cancelled) before `closed_before`, with everything kept about them
        (the foreign keys cascade); how many went. Nothing else refers to such a table: it
        has no moves, results or history, so a flood of lobbies does not grow the database
        for ever."""
        return await self._write(lambda tx: tx.run(
            "DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE status = 'cancelled'"
            " AND started_at IS NULL AND updated_at < :before ORDER BY id LIMIT :limit)",
            before=closed_before, limit=limit))

    async def set_table_language(self, table_id: int, language: str) -> None:
        """The language of a table's public messages (after a /language in its chat)."""
        await self._write(lambda tx: tx.run(
            f"UPDATE tables SET language = :language, updated_at = :now, {LOBBY_CHANGED}"
            " WHERE id = :id",
            language=language, now=self._clock(), id=table_id))

    async def migrate_chat(self, platform: str, old_chat_id: Id, new_chat_id: Id) -> list[int]:
        """Move a chat's tables (all of them, history too), its messages, its language and
        its options.

        Returns the moved table ids. Message refs keep their ids but lose their
        content hash, so the next refresh really edits (or re-sends) them. Raises
        `ActiveTableExists` and changes nothing if the new chat already has an
        active table in the same topic as an active table of the old one.
        """
        platform, old, new = Platform(platform), str(old_chat_id), str(new_chat_id)
        now = self._clock()
        clash_sql = (
            "SELECT n.id FROM tables o JOIN tables n ON n.platform = o.platform"
            " AND n.thread_id = o.thread_id AND n.chat_id = :new"
            " WHERE o.platform = :platform AND o.chat_id = :old"
            " AND o.status IN ('lobby', 'playing') AND n.status IN ('lobby', 'playing')")

        def tx(tx: Tx) -> list[int]:
            clash = tx.one(clash_sql, new=new, platform=platform, old=old)
            if clash is not None:
                raise ActiveTableExists(clash["id"])
            try:
                with tx.savepoint():
                    moved = sorted(r["id"] for r in tx.all(
                        "UPDATE tables SET chat_id = :new, updated_at = :now"
                        " WHERE platform = :platform AND chat_id = :old RETURNING id",
                        new=new, now=now, platform=platform, old=old))
            except sa.exc.IntegrityError:
                # another process opened a table in the new chat meanwhile (PostgreSQL: the
                # check above could not see it before it committed; the index could)
                clash = tx.one(clash_sql, new=new, platform=platform, old=old)
                if clash is None:
                    raise
                raise ActiveTableExists(clash["id"]) from None
            if moved:
                tx.run("UPDATE messages SET chat_id = :new, content_hash = NULL, updated_at = :now"
                       " WHERE chat_id = :old AND table_id IN :moved",
                       new=new, now=now, old=old, moved=moved)
            # A language already set in the new chat is the more recent choice.
            tx.run("INSERT INTO chat_settings (platform, chat_id, language)"
                   " SELECT platform, :new, language FROM chat_settings"
                   " WHERE platform = :platform AND chat_id = :old ON CONFLICT DO NOTHING",
                   new=new, platform=platform, old=old)
            tx.run("DELETE FROM chat_settings WHERE platform = :platform AND chat_id = :old",
                   platform=platform, old=old)
            # likewise the chat's options (/settings)
            tx.run("INSERT INTO chat_options (platform, chat_id, clock, managers, computers,"
                   " lobby_minutes) SELECT platform, :new, clock, managers, computers,"
                   " lobby_minutes FROM chat_options WHERE platform = :platform"
                   " AND chat_id = :old ON CONFLICT DO NOTHING",
                   new=new, platform=platform, old=old)
            tx.run("DELETE FROM chat_options WHERE platform = :platform AND chat_id = :old",
                   platform=platform, old=old)
            return moved

        return await self._write(tx)
