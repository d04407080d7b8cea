"""SQLite's schema up to version 5, as the bot made it before Alembic: frozen, never edited.

Until schema 5 the version lived in SQLite's `PRAGMA user_version` (version N means
`MIGRATIONS[:N]` were applied). Alembic's first revision (migrations/versions/0005) runs these
scripts on SQLite, only those a database still lacks, so a new database and one made by any
earlier code end up with the very same tables, and every row is kept. Later changes are
Alembic revisions, for both dialects.

Conventions the store relies on (PostgreSQL's tables keep them too):

* Platform ids (chats, users, messages) are TEXT: Telegram ids are integers,
  Discord ids are snowflakes, and neither is ours to do arithmetic on.
* "No forum topic / no thread" is stored as `''`, never NULL, and a public
  message's seat is `-1`, never NULL: NULLs are distinct in UNIQUE
  indexes, which would let two rows claim the same slot.
* Times are REAL unix seconds (UTC).
* JSON columns are TEXT checked with `json_valid`.

A later migration that must rebuild a SQLite table cannot switch foreign keys off
inside the transaction; use SQLite's 12-step recipe with
`PRAGMA defer_foreign_keys = ON` instead.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

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
)

LEGACY_VERSION = len(MIGRATIONS)
"""The last version these scripts make: Alembic's first revision (0005) starts here."""


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


def user_version(conn: sqlite3.Connection | Any) -> int:
    """The legacy version of a database (`PRAGMA user_version`); 0 for a new one."""
    row = _driver(conn).execute("PRAGMA user_version").fetchone()
    return int(row[0]) if row is not None else 0


def upgrade(conn: sqlite3.Connection | Any, target: int = LEGACY_VERSION) -> int:
    """Apply the scripts a database lacks up to `target`, inside the caller's transaction;
    return the version it was at."""
    db = _driver(conn)
    current = user_version(db)
    for script in MIGRATIONS[current:target]:
        for statement in split_statements(script):
            db.execute(statement)
    if current < target:
        # PRAGMA takes no bound parameters; target is our own int.
        db.execute(f"PRAGMA user_version = {int(target)}")
    return current


def build(path: str | Path, version: int = LEGACY_VERSION) -> None:
    """Make a database as the code of schema `version` did (for tests of the upgrade)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("BEGIN IMMEDIATE")
        upgrade(db, version)
        db.execute("COMMIT")
    finally:
        db.close()


def _driver(conn: Any) -> sqlite3.Connection:
    """The sqlite3 connection under a SQLAlchemy one (or itself)."""
    if isinstance(conn, sqlite3.Connection):
        return conn
    return conn.connection.driver_connection
