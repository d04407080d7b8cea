"""Database schema as an ordered list of migrations, and the code that applies them.

The schema version lives in SQLite's `PRAGMA user_version`: version N means
`MIGRATIONS[:N]` have been applied. Migrations are append-only: never edit one
that has shipped, add a new one instead. All pending migrations run in one
`BEGIN IMMEDIATE` transaction, so a database is either fully upgraded or untouched.

Conventions the store relies on:

* Platform ids (chats, users, messages) are TEXT: Telegram ids are integers,
  Discord ids are snowflakes, and neither is ours to do arithmetic on.
* "No forum topic / no thread" is stored as `''`, never NULL, and a public
  message's seat is `-1`, never NULL: SQLite treats NULLs as distinct in UNIQUE
  indexes, which would let two rows claim the same slot.
* Times are REAL unix seconds (UTC).
* JSON columns are TEXT checked with `json_valid`.

A later migration that must rebuild a table cannot switch foreign keys off
inside the transaction; use SQLite's 12-step recipe with
`PRAGMA defer_foreign_keys = ON` instead.
"""

from __future__ import annotations

import sqlite3

import aiosqlite

MIGRATIONS: tuple[str, ...] = (
    # 1: everything.
    """
    CREATE TABLE tables (
        id          INTEGER PRIMARY KEY,
        platform    TEXT    NOT NULL CHECK (platform IN ('telegram', 'discord')),
        chat_id     TEXT    NOT NULL,
        thread_id   TEXT    NOT NULL DEFAULT '',  -- '' = no topic/thread
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        seed        INTEGER,                      -- chosen at start
        status      TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
        creator_id  TEXT    NOT NULL,
        creator_name TEXT   NOT NULL DEFAULT '',
        language    TEXT    NOT NULL,
        title       TEXT    NOT NULL DEFAULT '',  -- the chat's title, for private messages
        version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),  -- accepted actions
        state       TEXT    CHECK (state IS NULL OR json_valid(state)),
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );

    -- At most one lobby or running game per chat and topic.
    CREATE UNIQUE INDEX tables_one_active
        ON tables (platform, chat_id, thread_id)
        WHERE status IN ('lobby', 'playing');

    -- Resuming after a restart lists tables by status.
    CREATE INDEX tables_by_status ON tables (status);

    -- History of a chat (finished games too), and migrate_chat.
    CREATE INDEX tables_by_chat ON tables (platform, chat_id);

    CREATE TABLE seats (
        table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        user_id      TEXT    NOT NULL,
        seat         INTEGER CHECK (seat IS NULL OR seat >= 0),  -- NULL until start
        join_order   INTEGER NOT NULL,  -- lobby order; ties in joined_at are possible
        display_name TEXT    NOT NULL,
        language     TEXT,
        dm_chat_id   TEXT,
        dm_status    TEXT    NOT NULL DEFAULT 'unknown'
                     CHECK (dm_status IN ('ok', 'unreachable', 'unknown')),
        joined_at    REAL    NOT NULL,
        PRIMARY KEY (table_id, user_id),
        UNIQUE (table_id, seat)
    );

    -- "Which tables is this user at?" (DM /start, DM status changes).
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL CHECK (n >= 1),  -- the table version after applying it
        seat     INTEGER NOT NULL,
        action   TEXT    NOT NULL,                 -- engine-encoded
        at       REAL    NOT NULL,
        PRIMARY KEY (table_id, n)
    ) WITHOUT ROWID;

    -- Messages the bot edits in place. role is not CHECKed so the service can
    -- add roles without a migration.
    CREATE TABLE messages (
        table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        role         TEXT    NOT NULL,            -- 'lobby', 'board', 'panel', ...
        seat         INTEGER NOT NULL DEFAULT -1, -- -1 = public
        chat_id      TEXT    NOT NULL,
        message_id   TEXT    NOT NULL,
        content_hash TEXT,                        -- what it shows; skip identical edits
        updated_at   REAL    NOT NULL,
        PRIMARY KEY (table_id, role, seat)
    ) WITHOUT ROWID;

    CREATE INDEX messages_by_chat ON messages (chat_id);

    -- Telegram deep-link joins: the token is the /start payload.
    CREATE TABLE pending_joins (
        token      TEXT    NOT NULL PRIMARY KEY,
        table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        user_id    TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        UNIQUE (table_id, user_id)
    ) WITHOUT ROWID;

    CREATE TABLE chat_settings (
        platform TEXT NOT NULL CHECK (platform IN ('telegram', 'discord')),
        chat_id  TEXT NOT NULL,
        language TEXT NOT NULL,
        PRIMARY KEY (platform, chat_id)
    ) WITHOUT ROWID;

    CREATE TABLE user_settings (
        platform   TEXT NOT NULL CHECK (platform IN ('telegram', 'discord')),
        user_id    TEXT NOT NULL,
        language   TEXT,
        dm_chat_id TEXT,
        dm_ok      INTEGER CHECK (dm_ok IS NULL OR dm_ok IN (0, 1)),  -- NULL = unknown
        PRIMARY KEY (platform, user_id)
    ) WITHOUT ROWID;
    """,
    # 2: what each action did, kept with it. `events` (the move's events as labels) tells a
    # restarted bot what the last move did without replaying the game; `settled` is the
    # state a simulated game reached (its physics' settled poses), so neither a replay nor a
    # restart ever simulates a move again.
    """
    ALTER TABLE actions ADD COLUMN events TEXT CHECK (events IS NULL OR json_valid(events));
    ALTER TABLE actions ADD COLUMN settled TEXT CHECK (settled IS NULL OR json_valid(settled));
    """,
    # 3: computer players and due work. A computer seat names its level (NULL for a person).
    # `due_work` holds every pending deadline as data (a computer turn now; clocks and lobby
    # timeouts later): one row per table and kind, fired by the scheduler only while the
    # table is still at `version`, so a move that comes first makes it stale.
    """
    ALTER TABLE seats ADD COLUMN computer TEXT;

    CREATE TABLE due_work (
        table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind     TEXT    NOT NULL,
        version  INTEGER NOT NULL,
        due_at   REAL    NOT NULL,
        PRIMARY KEY (table_id, kind)
    ) WITHOUT ROWID;

    CREATE INDEX due_work_by_time ON due_work (due_at);
    """,
    # 4: turn clocks, absent players, votes and per-chat settings.
    # A table's clock is 'off', 'live:<bank>:<increment>' or 'turn:<seconds per move>';
    # a running turn's deadline is a due_work row ('clock:<seat>'), so only the live bank
    # left between turns is kept on the seat. `absence`: NULL (present), 'out' (ran out of
    # time, the others are deciding), 'away' (a computer plays until they are back) or
    # 'left' (they left; a computer plays to the end). `timeouts` counts a turn-based
    # clock running out in a row. One open vote per table and kind ('absent', 'end').
    # `heartbeat` is when the bot was last alive, so its downtime is given back to clocks.
    """
    ALTER TABLE tables ADD COLUMN clock TEXT NOT NULL DEFAULT 'off';

    ALTER TABLE seats ADD COLUMN bank REAL;
    ALTER TABLE seats ADD COLUMN absence TEXT
        CHECK (absence IS NULL OR absence IN ('out', 'away', 'left'));
    ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;

    CREATE TABLE votes (
        id        INTEGER PRIMARY KEY,
        table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind      TEXT    NOT NULL CHECK (kind IN ('absent', 'end')),
        seat      INTEGER NOT NULL,  -- absent: whose seat; end: who asked
        ballots   TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(ballots)),  -- seat -> choice
        opened_at REAL    NOT NULL,
        UNIQUE (table_id, kind)
    );

    CREATE TABLE chat_options (
        platform      TEXT    NOT NULL CHECK (platform IN ('telegram', 'discord')),
        chat_id       TEXT    NOT NULL,
        clock         TEXT,              -- new tables' clock; NULL = each game's default
        managers      TEXT    NOT NULL DEFAULT 'host' CHECK (managers IN ('host', 'admins')),
        computers     INTEGER NOT NULL DEFAULT 1 CHECK (computers IN (0, 1)),
        lobby_minutes INTEGER CHECK (lobby_minutes IS NULL OR lobby_minutes > 0),
        PRIMARY KEY (platform, chat_id)
    ) WITHOUT ROWID;

    CREATE TABLE heartbeat (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        at REAL NOT NULL
    );
    """,
    # 5: what is kept of a game that ended. A game that was played has `started_at`; one
    # that ended (finished, or abandoned: cancelled while playing) has `ended_at` and a
    # `results` row per seat, written in the same transaction as its last move or its end:
    # the standings then, which stats and histories read without replaying anything.
    """
    ALTER TABLE tables ADD COLUMN started_at REAL;
    ALTER TABLE tables ADD COLUMN ended_at REAL;

    CREATE INDEX tables_by_end ON tables (platform, chat_id, ended_at)
        WHERE ended_at IS NOT NULL;

    CREATE TABLE results (
        table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL CHECK (seat >= 0),
        rank      INTEGER NOT NULL CHECK (rank >= 1),
        score     INTEGER NOT NULL,
        tiebreaks TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tiebreaks)),
        PRIMARY KEY (table_id, seat)
    ) WITHOUT ROWID;
    """,
    # 6: the web playground is a platform too. Widening a CHECK needs no table rebuild: the
    # tables' SQL is edited in place (SQLite's documented shortcut for loosening
    # constraints, https://sqlite.org/lang_altertable.html#otheralter: every stored row
    # satisfies the wider check), then a throwaway table bumps the schema cookie, so that
    # every open connection reads the new definitions.
    """
    PRAGMA writable_schema = ON;
    UPDATE sqlite_master
       SET sql = replace(sql, "platform IN ('telegram', 'discord')",
                              "platform IN ('telegram', 'discord', 'web')")
     WHERE type = 'table'
       AND name IN ('tables', 'chat_settings', 'user_settings', 'chat_options');
    PRAGMA writable_schema = RESET;
    CREATE TABLE schema_bump (x);
    DROP TABLE schema_bump;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """Base class of everything the store raises on purpose."""


class SchemaTooNew(StoreError):
    """The database was written by newer code; refusing rather than corrupting it."""

    def __init__(self, db_version: int, code_version: int) -> None:
        super().__init__(
            f"database schema version {db_version} is newer than this code supports "
            f"({code_version}); upgrade the bot or restore a matching backup"
        )
        self.db_version = db_version
        self.code_version = code_version


def split_statements(script: str) -> list[str]:
    """Split a script into complete statements.

    `executescript` would COMMIT first, breaking the one-transaction upgrade,
    so statements are run one by one. `sqlite3.complete_statement` keeps
    semicolons inside strings and trigger bodies intact.
    """
    statements: list[str] = []
    buffer = ""
    pieces = script.split(";")
    for i, piece in enumerate(pieces):
        buffer += piece if i == len(pieces) - 1 else piece + ";"
        if sqlite3.complete_statement(buffer):
            if _strip_comments(buffer):
                statements.append(buffer.strip())
            buffer = ""
    if _strip_comments(buffer):
        raise ValueError(f"incomplete SQL statement in migration: {buffer.strip()!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines()).strip().strip(";")


async def user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None else 0


async def migrate(db: aiosqlite.Connection, migrations: tuple[str, ...] = MIGRATIONS) -> int:
    """Bring the database up to `len(migrations)`; return the version it was at.

    The connection must be in autocommit mode (`isolation_level=None`).
    Raises `SchemaTooNew` if the database is ahead of the code.
    """
    target = len(migrations)
    current = await user_version(db)
    if current > target:
        raise SchemaTooNew(current, target)
    if current == target:
        return current

    await db.execute("BEGIN IMMEDIATE")
    try:
        # Re-read under the write lock: another process may have migrated meanwhile.
        current = await user_version(db)
        if current > target:
            raise SchemaTooNew(current, target)
        for script in migrations[current:]:
            for statement in split_statements(script):
                await db.execute(statement)
        # PRAGMA takes no bound parameters; target is our own int.
        await db.execute(f"PRAGMA user_version = {int(target)}")
        async with db.execute("PRAGMA foreign_key_check") as cursor:
            broken = await cursor.fetchall()
        if broken:
            raise StoreError(f"migration left foreign key violations: {broken[:5]!r}")
        await db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            await db.execute("ROLLBACK")
        raise
    return current
