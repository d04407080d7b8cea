"""The persistent, platform-neutral store behind the table service.

Everything about a game lives here: the table row (status, seed, options,
current state, version), its seats, its action log, the messages the bot edits
in place, Telegram deep-link join tokens, and per-chat / per-user settings.

Guarantees the table service builds on:

* Every write method is one `BEGIN IMMEDIATE` transaction, committed before it
  returns (WAL, `synchronous=FULL` by default), so a process killed right after a
  call returns finds its effect on reopening.
* Writes are serialised on one connection by an `asyncio.Lock`; a write that has
  started runs to COMMIT or ROLLBACK even if its caller is cancelled.
* `commit_action` is optimistic: it changes anything only if the table's version
  is still the one the action was checked against, so of two racing presses
  exactly one is recorded.
* Invariants the service must never break are enforced here as well, inside the
  transaction: one active table per chat/topic, joins only in the lobby, seat
  order a permutation of the lobby, actions only while playing.

Platform ids are accepted as `str` or `int` and always returned as `str`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Awaitable, Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar

import aiosqlite

from .chat_options import ChatOptionsStore
from .clocks import ClockStore
from .due import DueWorkStore
from .records import RecordsStore
from .schema import SCHEMA_VERSION, SchemaTooNew, StoreError, migrate
from .stats import StatsStore

if TYPE_CHECKING:
    from engine.core import Standing

log = logging.getLogger(__name__)

# aiosqlite logs every statement with its parameters at DEBUG: stored game states, hidden hands
# and decks included. Logs must never show those, whatever LOG_LEVEL says.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

T = TypeVar("T")

Id = str | int
"""A platform id (chat, user, message, thread). Stored and returned as text."""

Json = str | Mapping[str, Any]
"""A JSON object, either already encoded or as a mapping to encode."""

PUBLIC_SEAT = -1
"""How a message that belongs to no seat (lobby, board) is keyed in the database."""

_MAX_SEED = 2**63  # SQLite INTEGER is a signed 64-bit value


class Platform(StrEnum):
    TELEGRAM = "telegram"
    DISCORD = "discord"
    WEB = "web"  # the playground (bot/web)


class Status(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


ACTIVE: tuple[Status, ...] = (Status.LOBBY, Status.PLAYING)
"""Statuses that occupy a chat/topic, and that are resumed after a restart."""


class DmStatus(StrEnum):
    OK = "ok"
    UNREACHABLE = "unreachable"  # the user blocked the bot or never opened it
    UNKNOWN = "unknown"


# --- errors -------------------------------------------------------------------


class TableNotFound(StoreError, LookupError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} does not exist")
        self.table_id = table_id


class ActiveTableExists(StoreError):
    """The chat (or forum topic / thread) already has a lobby or a running game."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} is already active here")
        self.table_id = table_id


class VersionConflict(StoreError):
    """The table moved on since the action was checked; nothing was changed."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        super().__init__(f"table {table_id} is at version {actual}, not {expected}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class StatusConflict(StoreError):
    """The operation is not allowed in the table's current status; nothing was changed."""

    def __init__(self, table_id: int, status: str, allowed: Iterable[str]) -> None:
        allowed = tuple(allowed)
        super().__init__(f"table {table_id} is {status}; needs one of {', '.join(allowed)}")
        self.table_id = table_id
        self.status = Status(status)
        self.allowed = tuple(Status(s) for s in allowed)


class AlreadySeated(StoreError):
    def __init__(self, table_id: int, user_id: str) -> None:
        super().__init__(f"user {user_id} is already at table {table_id}")
        self.table_id = table_id
        self.user_id = user_id


class TableFull(StoreError):
    def __init__(self, table_id: int, max_seats: int) -> None:
        super().__init__(f"table {table_id} already has {max_seats} players")
        self.table_id = table_id
        self.max_seats = max_seats


# --- rows -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    platform: Platform
    chat_id: str
    thread_id: str | None  # forum topic / Discord thread; None = the chat itself
    game: str
    options: dict[str, Any]
    seed: int | None  # chosen at start
    status: Status
    creator_id: str
    creator_name: str
    language: str  # of the table's public messages
    title: str  # the chat's title, to name it in private messages
    version: int  # number of accepted actions
    state: dict[str, Any] | None  # the engine's to_dict(); None in the lobby
    created_at: float  # unix seconds
    updated_at: float
    clock: str = "off"  # the turn clock's code (bot/clocks.py)
    started_at: float | None = None  # when its game started
    ended_at: float | None = None  # when its game ended (finished or abandoned)

    @property
    def active(self) -> bool:
        return self.status in ACTIVE


@dataclass(frozen=True, slots=True)
class SeatRow:
    table_id: int
    user_id: str
    seat: int | None  # 0-based turn order, None until the game starts
    join_order: int  # lobby order
    display_name: str
    language: str | None
    dm_chat_id: str | None
    dm_status: DmStatus
    joined_at: float
    computer: str | None = None  # a computer player's level; None for a person
    bank: float | None = None  # a live clock's seconds left between turns; None = full
    absence: str | None = None  # None, 'out' (of time), 'away' or 'left' (see schema 4)
    timeouts: int = 0  # a turn-based clock ran out this many times in a row

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


@dataclass(frozen=True, slots=True)
class MessageRef:
    table_id: int
    role: str  # 'lobby', 'board', 'panel', ...
    seat: int | None  # None for public messages
    chat_id: str
    message_id: str
    content_hash: str | None
    updated_at: float


@dataclass(frozen=True, slots=True)
class PendingJoin:
    token: str
    table_id: int
    user_id: str
    created_at: float


@dataclass(frozen=True, slots=True)
class UserSettings:
    platform: Platform
    user_id: str
    language: str | None
    dm_chat_id: str | None
    dm_ok: bool | None  # None = never tried


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted action and what was kept of it (None where nothing was)."""

    seat: int
    action: str
    events: Json | None
    settled: Json | None


# --- the store --------------------------------------------------------------------

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]


class _Opening:
    """What `Store.open` returns: await it, or use it as `async with`."""

    def __init__(self, opener: Callable[[], Awaitable[Store]]) -> None:
        self._opener = opener
        self._store: Store | None = None

    def __await__(self) -> Generator[Any, None, Store]:
        return self._opener().__await__()

    async def __aenter__(self) -> Store:
        self._store = await self._opener()
        return self._store

    async def __aexit__(self, *exc_info: object) -> None:
        if self._store is not None:
            await self._store.close()


class Store(DueWorkStore, ClockStore, ChatOptionsStore, RecordsStore, StatsStore):
    """Async store on one aiosqlite connection. Create with `await Store.open(path)`.
    Pending deadlines are kept by `DueWorkStore` (due.py), chats' options (/settings) by
    `ChatOptionsStore` (chat_options.py)."""

    def __init__(self, db: aiosqlite.Connection, *, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._lock = asyncio.Lock()
        self._closed = False
        # Strong references to write tasks: one whose caller was cancelled must
        # not be garbage-collected before it commits.
        self._inflight: set[asyncio.Task[Any]] = set()

    # --- lifecycle --------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "FULL",
        busy_timeout_ms: int = 5000,
    ) -> _Opening:
        """Open (creating if needed) and migrate the database at `path`.

        `await Store.open(p)` or `async with Store.open(p) as store:`.
        Raises `SchemaTooNew` if the database was written by newer code.
        """
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")

        async def opener() -> Store:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: we issue BEGIN/COMMIT ourselves.
            db = await aiosqlite.connect(str(path), isolation_level=None)
            try:
                db.row_factory = aiosqlite.Row
                # busy_timeout first, so even switching to WAL waits for other processes.
                await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                mode = await _scalar(db, "PRAGMA journal_mode = WAL")
                if str(mode).lower() != "wal" and str(path) != ":memory:":
                    log.warning("SQLite refused WAL mode for %s (got %s)", path, mode)
                await db.execute("PRAGMA foreign_keys = ON")
                if await _scalar(db, "PRAGMA foreign_keys") != 1:
                    raise StoreError("this SQLite build cannot enforce foreign keys")
                await db.execute(f"PRAGMA synchronous = {synchronous}")
                before = await migrate(db)
                if before != SCHEMA_VERSION:
                    log.info("migrated %s from schema %d to %d", path, before, SCHEMA_VERSION)
            except BaseException:
                await db.close()
                raise
            return cls(db, clock=clock)

        return _Opening(opener)

    async def close(self) -> None:
        """Wait for queued operations, then close. Idempotent."""
        if self._closed:
            return
        self._closed = True
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            finally:
                await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return int(await self._read(lambda db: _scalar(db, "PRAGMA user_version")))

    # --- tables -----------------------------------------------------------------

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
    ) -> TableRow:
        """Open a lobby. Raises `ActiveTableExists` if the chat/topic already has one."""
        platform = Platform(platform)
        chat, thread = str(chat_id), _thread(thread_id)
        now = self._clock()

        async def tx(db: aiosqlite.Connection) -> TableRow:
            existing = await _one(db, _ACTIVE_SQL, (platform, chat, thread))
            if existing is not None:
                raise ActiveTableExists(existing["id"])
            row = await _one(
                db,
                "INSERT INTO tables (platform, chat_id, thread_id, game, options, status,"
                " creator_id, creator_name, language, title, version, created_at, updated_at,"
                " clock) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, 0, ?, ?, ?) RETURNING *",
                (platform, chat, thread, game, _json(options or {}), str(creator_id),
                 creator_name, language, title, now, now, clock),
            )
            return _table(row)

        return await self._write(tx)

    async def get_table(self, table_id: int) -> TableRow | None:
        row = await self._read(
            lambda db: _one(db, "SELECT * FROM tables WHERE id = ?", (table_id,))
        )
        return _table(row) if row is not None else None

    async def load_table(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None:
        """The table and its seats, read together (no write can come in between)."""

        async def read(db: aiosqlite.Connection) -> tuple[TableRow, list[SeatRow]] | None:
            row = await _one(db, "SELECT * FROM tables WHERE id = ?", (table_id,))
            if row is None:
                return None
            return _table(row), [_seat(r) for r in await _all(db, _SEATS_SQL, (table_id,))]

        return await self._read(read)

    async def active_table(
        self, platform: str, chat_id: Id, thread_id: Id | None = None
    ) -> TableRow | None:
        """The lobby or running game of a chat (or of one forum topic / thread)."""
        params = (Platform(platform), str(chat_id), _thread(thread_id))
        row = await self._read(lambda db: _one(db, _ACTIVE_SQL, params))
        return _table(row) if row is not None else None

    async def tables_in_status(self, statuses: str | Iterable[str] = ACTIVE) -> list[TableRow]:
        """Tables in any of `statuses`, oldest first: what to resume after a restart."""
        wanted = _statuses(statuses)
        sql = (f"SELECT * FROM tables WHERE status IN ({_marks(wanted)}) ORDER BY id")
        return [_table(r) for r in await self._read(lambda db: _all(db, sql, wanted))]

    async def tables_of_user(
        self, platform: str, user_id: Id, statuses: str | Iterable[str] = ACTIVE
    ) -> list[TableRow]:
        """Tables the user is seated at, oldest first."""
        wanted = _statuses(statuses)
        sql = (
            "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            f" WHERE s.user_id = ? AND t.platform = ? AND t.status IN ({_marks(wanted)})"
            " ORDER BY t.id"
        )
        params = (str(user_id), Platform(platform), *wanted)
        return [_table(r) for r in await self._read(lambda db: _all(db, sql, params))]

    async def set_options(self, table_id: int, options: Json) -> None:
        """Replace the options of a table still in its lobby."""

        async def tx(db: aiosqlite.Connection) -> None:
            await _require_status(db, table_id, (Status.LOBBY,))
            await db.execute(
                "UPDATE tables SET options = ?, updated_at = ? WHERE id = ?",
                (_json(options), self._clock(), table_id),
            )

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

        async def tx(db: aiosqlite.Connection) -> None:
            row = await _require_status(db, table_id, allowed_from)
            try:
                await db.execute(
                    "UPDATE tables SET status = ?, updated_at = ? WHERE id = ?",
                    (status, self._clock(), table_id),
                )
                if results is not None:
                    await _record_end(db, table_id, results, self._clock())
            except sqlite3.IntegrityError:
                # Only the one-active-table index can fail here (re-activating a table).
                where = (row["platform"], row["chat_id"], row["thread_id"])
                other = await _one(db, _ACTIVE_SQL, where)
                if other is not None:
                    raise ActiveTableExists(other["id"]) from None
                raise

        await self._write(tx)

    # --- seats ------------------------------------------------------------------

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
        level (its `user_id` is the service's own, never a platform's).

        `language`, `dm_chat_id` and `dm_status` left as None are taken from the
        user's settings when known. Raises `StatusConflict` (not in the lobby),
        `AlreadySeated`, or `TableFull` (when `max_seats` is given; checked in the
        same transaction, so two racing joins cannot overfill a table).
        """
        user = str(user_id)
        now = self._clock()

        async def tx(db: aiosqlite.Connection) -> SeatRow:
            table = await _require_status(db, table_id, (Status.LOBBY,))
            if await _one(db, "SELECT 1 FROM seats WHERE table_id = ? AND user_id = ?",
                          (table_id, user)):
                raise AlreadySeated(table_id, user)
            count, last = await _one(
                db, "SELECT count(*), max(join_order) FROM seats WHERE table_id = ?", (table_id,)
            )
            if max_seats is not None and count >= max_seats:
                raise TableFull(table_id, max_seats)
            settings = await _one(
                db, "SELECT * FROM user_settings WHERE platform = ? AND user_id = ?",
                (table["platform"], user),
            )
            lang, dm_chat, dm = language, _opt(dm_chat_id), dm_status
            if settings is not None:
                lang = lang if lang is not None else settings["language"]
                dm_chat = dm_chat if dm_chat is not None else settings["dm_chat_id"]
                if dm is None:
                    dm = _dm_status(settings["dm_ok"])
            row = await _one(
                db,
                "INSERT INTO seats (table_id, user_id, seat, join_order, display_name, language,"
                " dm_chat_id, dm_status, joined_at, computer)"
                " VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (table_id, user, 0 if last is None else last + 1, display_name, lang, dm_chat,
                 DmStatus(dm or DmStatus.UNKNOWN), now, computer),
            )
            return _seat(row)

        return await self._write(tx)

    async def remove_seat(self, table_id: int, user_id: Id) -> bool:
        """Leave the lobby. False if the user was not seated; `StatusConflict` after start."""

        async def tx(db: aiosqlite.Connection) -> bool:
            await _require_status(db, table_id, (Status.LOBBY,))
            return await _changed(
                db, "DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, str(user_id))
            )

        return await self._write(tx)

    async def list_seats(self, table_id: int) -> list[SeatRow]:
        """Seats in turn order once started, in join order before."""
        return [_seat(r) for r in await self._read(lambda db: _all(db, _SEATS_SQL, (table_id,)))]

    async def set_seats_order(self, table_id: int, user_ids: Sequence[Id]) -> None:
        """Number the seats 0.. in the given order (a permutation of the lobby)."""

        async def tx(db: aiosqlite.Connection) -> None:
            await _require_status(db, table_id, (Status.LOBBY,))
            await _number_seats(db, table_id, user_ids)

        await self._write(tx)

    async def set_seat_dm(
        self, table_id: int, user_id: Id, *, dm_chat_id: Id | None, dm_status: str
    ) -> bool:
        """Record whether a seat's private messages can be delivered."""
        return await self._write(lambda db: _changed(
            db,
            "UPDATE seats SET dm_chat_id = ?, dm_status = ? WHERE table_id = ? AND user_id = ?",
            (_opt(dm_chat_id), DmStatus(dm_status), table_id, str(user_id)),
        ))

    # --- the game ---------------------------------------------------------------

    async def start_table(
        self, table_id: int, *, seed: int, state: Json, seat_order: Sequence[Id]
    ) -> TableRow:
        """Lobby -> playing, atomically: seat numbers, seed, initial state, version 0.

        Raises `StatusConflict` if the table is no longer in its lobby (e.g. a second
        Start press), ValueError if `seat_order` is not a permutation of the lobby.
        """
        if not -_MAX_SEED <= seed < _MAX_SEED:
            raise ValueError("seed must fit in a signed 64-bit integer")
        encoded = _json(state)

        async def tx(db: aiosqlite.Connection) -> TableRow:
            await _require_status(db, table_id, (Status.LOBBY,))
            await _number_seats(db, table_id, seat_order)
            row = await _one(
                db,
                "UPDATE tables SET status = 'playing', seed = ?, state = ?, version = 0,"
                " updated_at = ?, started_at = ? WHERE id = ? RETURNING *",
                (seed, encoded, self._clock(), self._clock(), table_id),
            )
            return _table(row)

        return await self._write(tx)

    async def commit_action(
        self,
        table_id: int,
        expected_version: int,
        seat: int,
        action: str,
        new_state: Json,
        new_status: str | None = None,
        *,
        events: Json | None = None,
        settled: Json | None = None,
        results: Sequence[Standing] | None = None,
    ) -> int:
        """Record one accepted action and the state it led to; return the new version.

        In one transaction: only if the table is playing at `expected_version`,
        append action number `expected_version + 1` (with the move's `events` and, for a
        simulated game, the `settled` state it reached), store `new_state`, bump the
        version and optionally set `new_status` ('finished' when the game ended, with its
        `results`: the final standings, kept with the end time).
        Otherwise nothing changes and `VersionConflict` / `StatusConflict` /
        `TableNotFound` is raised.
        """
        status = Status(new_status) if new_status is not None else None
        if status is Status.LOBBY:
            raise ValueError("a game cannot go back to its lobby")
        encoded = _json(new_state)
        now = self._clock()

        async def tx(db: aiosqlite.Connection) -> int:
            # The WHERE clause is the optimistic check; BEGIN IMMEDIATE makes it
            # race-free across processes too.
            changed = await _changed(
                db,
                "UPDATE tables SET version = version + 1, state = ?,"
                " status = coalesce(?, status), updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'playing'",
                (encoded, status, now, table_id, expected_version),
            )
            if not changed:
                row = await _one(db, "SELECT version, status FROM tables WHERE id = ?", (table_id,))
                if row is None:
                    raise TableNotFound(table_id)
                if row["status"] != Status.PLAYING:
                    raise StatusConflict(table_id, row["status"], (Status.PLAYING,))
                raise VersionConflict(table_id, expected_version, row["version"])
            await db.execute(
                "INSERT INTO actions (table_id, n, seat, action, at, events, settled)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, expected_version + 1, seat, action, now,
                 None if events is None else _json(events),
                 None if settled is None else _json(settled)),
            )
            if results is not None:
                await _record_end(db, table_id, results, now)
            return expected_version + 1

        return await self._write(tx)

    async def action_log(self, table_id: int, *, after: int = 0) -> list[tuple[int, str]]:
        """(seat, encoded action) in order, from action `after + 1`: what `replay` takes."""
        rows = await self._read(lambda db: _all(
            db, "SELECT seat, action FROM actions WHERE table_id = ? AND n > ? ORDER BY n",
            (table_id, after),
        ))
        return [(r["seat"], r["action"]) for r in rows]

    async def action_record(self, table_id: int, n: int) -> ActionRecord | None:
        """Action number `n` of a table with what was kept of it, or None."""
        row = await self._read(lambda db: _one(
            db, "SELECT seat, action, events, settled FROM actions WHERE table_id = ? AND n = ?",
            (table_id, n),
        ))
        if row is None:
            return None
        return ActionRecord(row["seat"], row["action"],
                            None if row["events"] is None else json.loads(row["events"]),
                            None if row["settled"] is None else json.loads(row["settled"]))

    async def settled_states(self, table_id: int) -> list[Json | None]:
        """The state each action reached, in order, where it was kept (simulated games):
        a replay that never simulates again."""
        rows = await self._read(lambda db: _all(
            db, "SELECT settled FROM actions WHERE table_id = ? ORDER BY n", (table_id,)))
        return [None if r["settled"] is None else json.loads(r["settled"]) for r in rows]

    # --- messages the bot edits ----------------------------------------------------

    async def get_message(
        self, table_id: int, role: str, seat: int | None = None
    ) -> MessageRef | None:
        row = await self._read(lambda db: _one(
            db, "SELECT * FROM messages WHERE table_id = ? AND role = ? AND seat = ?",
            (table_id, role, _seat_key(seat)),
        ))
        return _message(row) if row is not None else None

    async def list_messages(self, table_id: int) -> list[MessageRef]:
        rows = await self._read(lambda db: _all(
            db, "SELECT * FROM messages WHERE table_id = ? ORDER BY role, seat", (table_id,)
        ))
        return [_message(r) for r in rows]

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
        row = await self._write(lambda db: _one(
            db,
            "INSERT INTO messages (table_id, role, seat, chat_id, message_id, content_hash,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, role, seat) DO UPDATE SET chat_id = excluded.chat_id,"
            " message_id = excluded.message_id, content_hash = excluded.content_hash,"
            " updated_at = excluded.updated_at RETURNING *",
            (table_id, role, _seat_key(seat), str(chat_id), str(message_id), content_hash,
             self._clock()),
        ))
        return _message(row)

    async def set_message_hash(
        self, table_id: int, role: str, seat: int | None, content_hash: str | None
    ) -> bool:
        """Record what a message now shows, after a successful edit. False if unknown."""
        return await self._write(lambda db: _changed(
            db,
            "UPDATE messages SET content_hash = ?, updated_at = ?"
            " WHERE table_id = ? AND role = ? AND seat = ?",
            (content_hash, self._clock(), table_id, role, _seat_key(seat)),
        ))

    async def delete_message(self, table_id: int, role: str, seat: int | None = None) -> bool:
        return await self._write(lambda db: _changed(
            db, "DELETE FROM messages WHERE table_id = ? AND role = ? AND seat = ?",
            (table_id, role, _seat_key(seat)),
        ))

    # --- Telegram deep-link joins ------------------------------------------------------

    async def create_pending_join(self, table_id: int, user_id: Id) -> str:
        """A token to put in `t.me/<bot>?start=<token>` (22 chars of [A-Za-z0-9_-]).

        Pressing Join twice returns the same token, so an earlier link keeps working.
        Only for a table in its lobby (`StatusConflict` otherwise).
        """
        user = str(user_id)

        async def tx(db: aiosqlite.Connection) -> str:
            existing = await _one(
                db, "SELECT token FROM pending_joins WHERE table_id = ? AND user_id = ?",
                (table_id, user),
            )
            if existing is not None:
                return str(existing["token"])
            await _require_status(db, table_id, (Status.LOBBY,))
            while True:
                # 128 random bits: unguessable, and well inside the 64-char payload limit.
                token = secrets.token_urlsafe(16)
                if not await _one(db, "SELECT 1 FROM pending_joins WHERE token = ?", (token,)):
                    break
            await db.execute(
                "INSERT INTO pending_joins (token, table_id, user_id, created_at)"
                " VALUES (?, ?, ?, ?)",
                (token, table_id, user, self._clock()),
            )
            return token

        return await self._write(tx)

    async def consume_pending_join(
        self, token: str, *, user_id: Id | None = None, max_age: float | None = None
    ) -> PendingJoin | None:
        """Take a token (single use). None if unknown, already used or too old.

        With `user_id`, a token that belongs to someone else (a forwarded link) is
        neither returned nor used up.
        """

        async def tx(db: aiosqlite.Connection) -> PendingJoin | None:
            row = await _one(db, "SELECT * FROM pending_joins WHERE token = ?", (token,))
            if row is None or (user_id is not None and row["user_id"] != str(user_id)):
                return None
            await db.execute("DELETE FROM pending_joins WHERE token = ?", (token,))
            if max_age is not None and self._clock() - row["created_at"] > max_age:
                return None
            return PendingJoin(row["token"], row["table_id"], row["user_id"], row["created_at"])

        return await self._write(tx)

    async def purge_pending_joins(self, older_than: float) -> int:
        """Forget tokens older than `older_than` seconds; return how many."""
        cutoff = self._clock() - older_than

        async def tx(db: aiosqlite.Connection) -> int:
            sql = "DELETE FROM pending_joins WHERE created_at < ?"
            async with db.execute(sql, (cutoff,)) as cursor:
                return cursor.rowcount

        return await self._write(tx)

    # --- settings -----------------------------------------------------------------

    async def set_table_language(self, table_id: int, language: str) -> None:
        """The language of a table's public messages (after a /language in its chat)."""
        await self._write(lambda db: _changed(
            db, "UPDATE tables SET language = ?, updated_at = ? WHERE id = ?",
            (language, self._clock(), table_id),
        ))

    async def get_chat_language(self, platform: str, chat_id: Id) -> str | None:
        return await self._read(lambda db: _scalar(
            db, "SELECT language FROM chat_settings WHERE platform = ? AND chat_id = ?",
            (Platform(platform), str(chat_id)),
        ))

    async def last_table_language(self, platform: str, chat_id: Id) -> str | None:
        """The language of the chat's most recently opened table (any topic, any status),
        or None for a chat that has had none."""
        return await self._read(lambda db: _scalar(
            db, "SELECT language FROM tables WHERE platform = ? AND chat_id = ?"
                " ORDER BY id DESC LIMIT 1",
            (Platform(platform), str(chat_id)),
        ))

    async def set_chat_language(self, platform: str, chat_id: Id, language: str) -> None:
        await self._write(lambda db: _changed(
            db,
            "INSERT INTO chat_settings (platform, chat_id, language) VALUES (?, ?, ?)"
            " ON CONFLICT (platform, chat_id) DO UPDATE SET language = excluded.language",
            (Platform(platform), str(chat_id), language),
        ))

    async def get_user_settings(self, platform: str, user_id: Id) -> UserSettings | None:
        row = await self._read(lambda db: _one(
            db, "SELECT * FROM user_settings WHERE platform = ? AND user_id = ?",
            (Platform(platform), str(user_id)),
        ))
        if row is None:
            return None
        dm_ok = None if row["dm_ok"] is None else bool(row["dm_ok"])
        return UserSettings(Platform(row["platform"]), row["user_id"], row["language"],
                            row["dm_chat_id"], dm_ok)

    async def set_user_language(self, platform: str, user_id: Id, language: str) -> None:
        """Set a user's language, also on their seats at active tables of that platform."""
        platform, user = Platform(platform), str(user_id)

        async def tx(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO user_settings (platform, user_id, language) VALUES (?, ?, ?)"
                " ON CONFLICT (platform, user_id) DO UPDATE SET language = excluded.language",
                (platform, user, language),
            )
            await db.execute(
                f"UPDATE seats SET language = ? WHERE user_id = ? AND {_ACTIVE_SEATS}",
                (language, user, platform),
            )

        await self._write(tx)

    async def set_user_dm(
        self, platform: str, user_id: Id, *, dm_chat_id: Id | None, ok: bool
    ) -> None:
        """Record whether the bot can DM a user, also on their seats at active tables."""
        platform, user, chat = Platform(platform), str(user_id), _opt(dm_chat_id)

        async def tx(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO user_settings (platform, user_id, dm_chat_id, dm_ok)"
                " VALUES (?, ?, ?, ?)"
                " ON CONFLICT (platform, user_id) DO UPDATE SET"
                " dm_chat_id = coalesce(excluded.dm_chat_id, dm_chat_id), dm_ok = excluded.dm_ok",
                (platform, user, chat, int(ok)),
            )
            await db.execute(
                "UPDATE seats SET dm_chat_id = coalesce(?, dm_chat_id), dm_status = ?"
                f" WHERE user_id = ? AND {_ACTIVE_SEATS}",
                (chat, DmStatus.OK if ok else DmStatus.UNREACHABLE, user, platform),
            )

        await self._write(tx)

    # --- Telegram group -> supergroup ------------------------------------------------

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

        async def tx(db: aiosqlite.Connection) -> list[int]:
            clash = await _one(
                db,
                "SELECT n.id FROM tables o JOIN tables n ON n.platform = o.platform"
                " AND n.thread_id = o.thread_id AND n.chat_id = ?"
                " WHERE o.platform = ? AND o.chat_id = ?"
                " AND o.status IN ('lobby', 'playing') AND n.status IN ('lobby', 'playing')",
                (new, platform, old),
            )
            if clash is not None:
                raise ActiveTableExists(clash["id"])
            moved = [r["id"] for r in await _all(
                db, "UPDATE tables SET chat_id = ?, updated_at = ?"
                " WHERE platform = ? AND chat_id = ? RETURNING id",
                (new, now, platform, old),
            )]
            if moved:
                await db.execute(
                    f"UPDATE messages SET chat_id = ?, content_hash = NULL, updated_at = ?"
                    f" WHERE chat_id = ? AND table_id IN ({_marks(moved)})",
                    (new, now, old, *moved),
                )
            # A language already set in the new chat is the more recent choice.
            await db.execute(
                "INSERT OR IGNORE INTO chat_settings (platform, chat_id, language)"
                " SELECT platform, ?, language FROM chat_settings"
                " WHERE platform = ? AND chat_id = ?",
                (new, platform, old),
            )
            await db.execute(
                "DELETE FROM chat_settings WHERE platform = ? AND chat_id = ?", (platform, old)
            )
            # likewise the chat's options (/settings)
            await db.execute(
                "INSERT OR IGNORE INTO chat_options (platform, chat_id, clock, managers,"
                " computers, lobby_minutes) SELECT platform, ?, clock, managers, computers,"
                " lobby_minutes FROM chat_options WHERE platform = ? AND chat_id = ?",
                (new, platform, old),
            )
            await db.execute(
                "DELETE FROM chat_options WHERE platform = ? AND chat_id = ?", (platform, old)
            )
            return sorted(moved)

        return await self._write(tx)

    # --- plumbing -----------------------------------------------------------------

    async def _read(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        if self._closed:
            raise StoreError("store is closed")
        # Reads share the connection, so they wait for a write in progress rather
        # than see its uncommitted rows.
        async with self._lock:
            return await fn(self._db)

    async def _write(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        if self._closed:
            raise StoreError("store is closed")
        task = asyncio.ensure_future(self._transaction(fn))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            # The caller gave up, the transaction does not: it still ends in COMMIT or
            # ROLLBACK, never half-done. Its outcome is only logged.
            task.add_done_callback(_log_orphan)
            raise

    async def _transaction(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        async with self._lock:
            db = self._db
            await db.execute("BEGIN IMMEDIATE")
            try:
                result = await fn(db)
                await db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    await db.execute("ROLLBACK")
                raise
            return result


# --- helpers ----------------------------------------------------------------------

_ACTIVE_SQL = (
    "SELECT * FROM tables WHERE platform = ? AND chat_id = ? AND thread_id = ?"
    " AND status IN ('lobby', 'playing')"
)
_SEATS_SQL = (
    "SELECT * FROM seats WHERE table_id = ? ORDER BY seat IS NULL, seat, join_order"
)
# Seats of a user at active tables of one platform (parameter: platform).
_ACTIVE_SEATS = (
    "table_id IN (SELECT id FROM tables WHERE platform = ? AND status IN ('lobby', 'playing'))"
)


async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    async with db.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def _all(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    async with db.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


async def _scalar(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    row = await _one(db, sql, params)
    return row[0] if row is not None else None


async def _changed(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> bool:
    async with db.execute(sql, params) as cursor:
        return cursor.rowcount > 0


async def _require_status(
    db: aiosqlite.Connection, table_id: int, allowed: Iterable[str] | None
) -> Any:
    """The table row, if it exists and (when `allowed` is given) is in an allowed status."""
    row = await _one(db, "SELECT * FROM tables WHERE id = ?", (table_id,))
    if row is None:
        raise TableNotFound(table_id)
    if allowed is not None:
        allowed = _statuses(allowed)
        if row["status"] not in allowed:
            raise StatusConflict(table_id, row["status"], allowed)
    return row


async def _number_seats(db: aiosqlite.Connection, table_id: int, user_ids: Sequence[Id]) -> None:
    order = [str(u) for u in user_ids]
    seated = [r["user_id"] for r in await _all(
        db, "SELECT user_id FROM seats WHERE table_id = ?", (table_id,)
    )]
    if len(set(order)) != len(order) or sorted(order) != sorted(seated):
        raise ValueError(f"seat order {order} is not a permutation of the lobby {sorted(seated)}")
    # Clear first: renumbering in place would trip UNIQUE (table_id, seat) midway.
    await db.execute("UPDATE seats SET seat = NULL WHERE table_id = ?", (table_id,))
    await db.executemany(
        "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?",
        [(i, table_id, user) for i, user in enumerate(order)],
    )


def _statuses(statuses: str | Iterable[str]) -> tuple[Status, ...]:
    if isinstance(statuses, str):  # a lone 'playing' is not ('p', 'l', ...)
        statuses = (statuses,)
    result = tuple(Status(s) for s in statuses)
    if not result:
        raise ValueError("no statuses given")
    return result


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" * len(values))


def _thread(thread_id: Id | None) -> str:
    return "" if thread_id is None else str(thread_id)


def _opt(value: Id | None) -> str | None:
    return None if value is None else str(value)


def _seat_key(seat: int | None) -> int:
    return PUBLIC_SEAT if seat is None else seat


def _dm_status(dm_ok: int | None) -> DmStatus:
    if dm_ok is None:
        return DmStatus.UNKNOWN
    return DmStatus.OK if dm_ok else DmStatus.UNREACHABLE


def _json(value: Json) -> str:
    if isinstance(value, str):
        json.loads(value)  # fail here, with a clear error, rather than on a CHECK
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


async def _record_end(db: aiosqlite.Connection, table_id: int, results: Sequence[Standing],
                      now: float) -> None:
    """Keep how a game ended: its end time and each seat's standing."""
    await db.execute("UPDATE tables SET ended_at = ? WHERE id = ?", (now, table_id))
    await db.executemany(
        "INSERT INTO results (table_id, seat, rank, score, tiebreaks) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (table_id, seat) DO UPDATE SET rank = excluded.rank,"
        " score = excluded.score, tiebreaks = excluded.tiebreaks",
        [(table_id, r.seat, r.rank, r.score, _json(list(r.tiebreaks))) for r in results])


def _table(row: Any) -> TableRow:
    return TableRow(
        id=row["id"],
        platform=Platform(row["platform"]),
        chat_id=row["chat_id"],
        thread_id=row["thread_id"] or None,
        game=row["game"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=Status(row["status"]),
        creator_id=row["creator_id"],
        creator_name=row["creator_name"],
        language=row["language"],
        title=row["title"],
        version=row["version"],
        state=json.loads(row["state"]) if row["state"] is not None else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        clock=row["clock"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


def _seat(row: Any) -> SeatRow:
    return SeatRow(
        table_id=row["table_id"],
        user_id=row["user_id"],
        seat=row["seat"],
        join_order=row["join_order"],
        display_name=row["display_name"],
        language=row["language"],
        dm_chat_id=row["dm_chat_id"],
        dm_status=DmStatus(row["dm_status"]),
        joined_at=row["joined_at"],
        computer=row["computer"],
        bank=row["bank"],
        absence=row["absence"],
        timeouts=row["timeouts"],
    )


def _message(row: Any) -> MessageRef:
    return MessageRef(
        table_id=row["table_id"],
        role=row["role"],
        seat=None if row["seat"] == PUBLIC_SEAT else row["seat"],
        chat_id=row["chat_id"],
        message_id=row["message_id"],
        content_hash=row["content_hash"],
        updated_at=row["updated_at"],
    )


def _log_orphan(task: asyncio.Task[Any]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, StoreError):
        log.error("write finished after its caller was cancelled", exc_info=error)


__all__ = [
    "ACTIVE",
    "PUBLIC_SEAT",
    "ActiveTableExists",
    "AlreadySeated",
    "DmStatus",
    "MessageRef",
    "PendingJoin",
    "Platform",
    "SchemaTooNew",
    "SeatRow",
    "Status",
    "StatusConflict",
    "Store",
    "StoreError",
    "TableFull",
    "TableNotFound",
    "TableRow",
    "UserSettings",
    "VersionConflict",
]
