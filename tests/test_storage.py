"""Tests of bot.storage: migrations, invariants, optimistic concurrency, durability."""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
import sqlite3
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Self

import asyncpg
import pytest
import pytest_asyncio

from bot.storage import (
    ACTIVE,
    SCHEMA_VERSION,
    ActiveTableExists,
    AlreadySeated,
    Budget,
    Claim,
    DmStatus,
    SchemaTooNew,
    Status,
    StatusConflict,
    Store,
    TableFull,
    TableNotFound,
    VersionConflict,
    sqlite_legacy,
)
from bot.storage.schema import MIGRATIONS_DIR
from bot.storage.stats import StillSeated
from engine.core import Standing

if TYPE_CHECKING:
    from fakes.store_backends import Database

pytestmark = pytest.mark.asyncio
pytest_plugins = ["fakes.store_backends"]  # `database`: each test on SQLite and PostgreSQL

REPO = Path(__file__).resolve().parents[1]
TG = "telegram"


class Clock:
    """A hand-driven clock, so expiry tests need no sleeping."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """For the tests of SQLite alone (its files, its schema before Alembic)."""
    return tmp_path / "bot.sqlite3"


@pytest_asyncio.fixture
async def store(database: Database, clock: Clock):
    async with database.open(clock=clock) as s:
        yield s


async def playing_table(store: Store, chat: str = "-100", players: int = 2, thread=None):
    """A started table with `players` seats, in join order."""
    table = await store.create_table(TG, chat, thread, "lanterns", creator_id="u0", language="en")
    users = [f"u{i}" for i in range(players)]
    for user in users:
        await store.add_seat(table.id, user, user.upper())
    await store.start_table(table.id, seed=42, state={"turn": 0}, seat_order=users)
    return table.id


# --- migrations -------------------------------------------------------------------


async def test_fresh_database_is_migrated_and_reopening_is_idempotent(
        database: Database) -> None:
    async with database.open() as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert store.dialect == database.backend
        table = await store.create_table(TG, 1, None, "g", creator_id=1, language="en")

    if database.backend == "sqlite":
        assert (await database.sql("PRAGMA journal_mode"))[0][0] == "wal"
        listed = "SELECT name FROM sqlite_master WHERE type='table'"
    else:
        listed = ("SELECT table_name FROM information_schema.tables"
                  " WHERE table_schema = current_schema()")
    names = {r[0] for r in await database.sql(listed)}
    assert {"tables", "seats", "actions", "messages", "pending_joins", "chat_settings",
            "user_settings", "due_work", "votes", "chat_options", "heartbeat", "results",
            "seen_updates", "sent_requests", "processes", "message_claims", "command_syncs",
            "alembic_version"} == names - {
                "sqlite_sequence", "sqlite_stat1"}
    assert await database.sql("SELECT version_num FROM alembic_version") == [
        (f"{SCHEMA_VERSION:04d}",)]

    store = await database.open()  # the plain-await form
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert (await store.get_table(table.id)) == table
    finally:
        await store.close()


async def test_database_newer_than_code_is_refused(database: Database) -> None:
    async with database.open():
        pass
    newer = f"{SCHEMA_VERSION + 1:04d}"
    await database.sql(f"UPDATE alembic_version SET version_num = '{newer}'")

    with pytest.raises(SchemaTooNew, match="newer than this code") as raised:
        await database.open()
    assert raised.value.db_version == SCHEMA_VERSION + 1
    assert await database.sql("SELECT version_num FROM alembic_version") == [(newer,)]


async def test_sqlite_database_newer_than_its_legacy_versions_is_refused(db_path: Path) -> None:
    con = sqlite3.connect(db_path)
    con.execute(f"PRAGMA user_version = {sqlite_legacy.LEGACY_VERSION + 1}")
    con.close()
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


async def test_failed_migration_changes_nothing(database: Database, tmp_path: Path) -> None:
    scripts = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, scripts, ignore=shutil.ignore_patterns("__pycache__"))
    broken, last = f"{SCHEMA_VERSION + 1:04d}", f"{SCHEMA_VERSION:04d}"
    (scripts / "versions" / f"{broken}_broken.py").write_text(textwrap.dedent(f"""
        from alembic import op
        revision, down_revision = "{broken}", "{last}"

        def upgrade():
            op.execute("CREATE TABLE extra (x INTEGER)")
            op.execute("SELECT * FROM nowhere")
    """))
    with pytest.raises(Exception, match="nowhere"):
        await database.open(migrations=scripts)
    # not even the versions before the broken one were kept: all or nothing
    tables = ("SELECT name FROM sqlite_master" if database.backend == "sqlite" else
              "SELECT table_name FROM information_schema.tables"
              " WHERE table_schema = current_schema()")
    assert await database.sql(tables) == []
    async with database.open() as store:
        assert await store.schema_version() == SCHEMA_VERSION
    with pytest.raises(Exception, match="nowhere"):  # from the newest on: fails the same way
        await database.open(migrations=scripts)
    assert "extra" not in {r[0] for r in await database.sql(tables)}
    async with database.open() as store:
        assert await store.schema_version() == SCHEMA_VERSION


async def test_a_database_from_before_action_records_keeps_its_actions(db_path: Path) -> None:
    """Migration 2 adds what a move did (events, settled state) to the actions table; the
    actions already there keep everything and simply have no record of either."""
    sqlite_legacy.build(db_path, 1)
    con = sqlite3.connect(db_path, isolation_level=None)
    con.execute("INSERT INTO tables (id, platform, chat_id, game, status, version,"
                " creator_id, language, created_at, updated_at) VALUES"
                " (1, 'telegram', '-1', 'lanterns', 'playing', 1, 'u0', 'en', 0, 0)")
    con.execute("INSERT INTO actions (table_id, n, seat, action, at) VALUES (1, 1, 0, 'p:1', 0)")
    con.close()
    async with Store.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.action_log(1) == [(0, "p:1")]
        record = await store.action_record(1, 1)
        assert (record.seat, record.action, record.events, record.settled) == (0, "p:1", None, None)


def _dump(path: Path) -> tuple[dict[str, str], dict[str, list[tuple]]]:
    """Every schema object's SQL and every table's rows, of a SQLite file."""
    con = sqlite3.connect(path)
    try:
        schema = {name: sql for name, sql in con.execute(
            "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")}
        rows = {name: sorted(con.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
                for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                           " AND name NOT LIKE 'sqlite_%'")}
    finally:
        con.close()
    return schema, rows


async def test_a_schema_5_database_keeps_every_table_and_game(db_path: Path) -> None:
    """A database the SQLite-only code made (schema 5, `PRAGMA user_version`) is taken over by
    Alembic without a row or an index changing, and its game goes on."""
    sqlite_legacy.build(db_path)  # what bot/storage/schema.py made, up to version 5
    con = sqlite3.connect(db_path, isolation_level=None)
    for statement in (
        ("INSERT INTO tables VALUES (1, 'telegram', '-100', '', 'lanterns', '{\"v\":1}', 42,"
        " 'finished', 'u0', 'Ann', 'pl', 'Club', 2, '{\"over\":true}', 10, 20, 'turn:60', 11,"
        " 20)"),
        ("INSERT INTO tables VALUES (2, 'discord', '555', '7', 'hanabi', '{}', -9, 'playing',"
        " 'u1', 'Bob', 'ru', 'Den', 1, '{\"turn\":1}', 30, 31, 'live:300:5', 30, NULL)"),
        ("INSERT INTO seats VALUES (1, 'u0', 0, 0, 'Ann', 'pl', '900', 'ok', 10, NULL, NULL, NULL,"
        " 0)"),
        ("INSERT INTO seats VALUES (1, 'cpu', 1, 1, 'Easy', NULL, NULL, 'unknown', 10, 'easy',"
        " NULL, NULL, 0)"),
        ("INSERT INTO seats VALUES (2, 'u1', 0, 0, 'Bob', 'ru', NULL, 'unreachable', 30, NULL,"
        " 250.5, 'away', 2)"),
        ("INSERT INTO seats VALUES (2, 'u2', 1, 1, 'Cy', NULL, NULL, 'unknown', 30, NULL, NULL,"
        " NULL, 0)"),
        "INSERT INTO actions VALUES (1, 1, 0, 'p:1', 12, '[{\"key\":\"e\"}]', NULL)",
        "INSERT INTO actions VALUES (1, 2, 1, 'p:2', 13, NULL, '{\"poses\":[1.5]}')",
        "INSERT INTO actions VALUES (2, 1, 0, 'h:3', 32, NULL, NULL)",
        "INSERT INTO messages VALUES (2, 'board', -1, '555', '77', 'hash', 33)",
        "INSERT INTO messages VALUES (2, 'panel', 0, '900', '78', NULL, 33)",
        "INSERT INTO pending_joins VALUES ('tok', 2, 'u3', 34)",
        "INSERT INTO chat_settings VALUES ('telegram', '-100', 'pl')",
        "INSERT INTO user_settings VALUES ('discord', 'u1', 'ru', '900', 1)",
        "INSERT INTO due_work VALUES (2, 'clock:1', 1, 400.25)",
        "INSERT INTO votes VALUES (1, 2, 'absent', 0, '{\"1\":\"wait\"}', 35)",
        "INSERT INTO chat_options VALUES ('discord', '555', 'turn:60', 'admins', 0, 15)",
        "INSERT INTO heartbeat VALUES (1, 36)",
        "INSERT INTO results VALUES (1, 0, 1, 30, '[2]')",
        "INSERT INTO results VALUES (1, 1, 2, 20, '[]')",
    ):
        con.execute(statement)
    con.close()
    schema, rows = _dump(db_path)
    assert all(rows.values())  # every table holds something

    async with Store.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
    after_schema, after_rows = _dump(db_path)
    assert after_rows.pop("alembic_version") == [(f"{SCHEMA_VERSION:04d}",)]
    after_schema.pop("alembic_version")
    # schema 7 adds the webhook workers' update claims, empty
    assert after_rows.pop("seen_updates") == []
    assert {after_schema.pop("seen_updates"), after_schema.pop("seen_updates_by_done")}
    # the one change to what was there: schema 6 admits the playground's platform
    widened = {name: sql and sql.replace("platform IN ('telegram', 'discord')",
                                 "platform IN ('telegram', 'discord', 'web')")
               for name, sql in schema.items()}
    # and schema 8's: the version a kept message shows, and the shared budgets
    widened["messages"] = widened["messages"].replace(
        "updated_at   REAL    NOT NULL,\n", "updated_at   REAL    NOT NULL, version INTEGER,\n")
    rows["messages"] = [row + (None,) for row in rows["messages"]]
    assert after_schema.pop("sent_requests").startswith("CREATE TABLE sent_requests")
    assert after_schema.pop("sent_requests_by_key").startswith("CREATE INDEX")
    assert after_rows.pop("sent_requests") == []
    # and schema 9's: claims name their owner (the processes), message claims of their own
    widened["due_work"] = widened["due_work"].replace(
        "due_at   REAL    NOT NULL,\n",
        "due_at   REAL    NOT NULL, owner TEXT, claimed_at REAL,\n")
    rows["due_work"] = [row + (None, None) for row in rows["due_work"]]
    assert after_schema.pop("processes").startswith("CREATE TABLE processes")
    assert after_schema.pop("message_claims").startswith("CREATE TABLE message_claims")
    assert after_schema.pop("message_claims_by_owner").startswith("CREATE INDEX")
    assert after_rows.pop("message_claims") == []
    assert after_rows.pop("processes") == []  # the store that upgraded it closed
    # and schema 10's: turn reminders by DM (a player's choice, their DM channel, a refusal)
    # and the digest of the last slash command sync
    widened["user_settings"] = widened["user_settings"].replace(
        "dm_ok IN (0, 1)),", "dm_ok IN (0, 1)), turn_dms SMALLINT CHECK (turn_dms IS NULL OR"
        " turn_dms IN (0, 1)), dm_channel_id TEXT, dm_refused_at REAL,")
    rows["user_settings"] = [row + (None, None, None) for row in rows["user_settings"]]
    assert after_schema.pop("command_syncs").startswith("CREATE TABLE command_syncs")
    assert after_rows.pop("command_syncs") == []
    # schema 11's: a table whose Discord channel refuses the bot is paused (since, until);
    # and schema 12's: the Discord server a table is in (not known for older tables)
    widened["tables"] = widened["tables"].replace(
        "ended_at REAL)", "ended_at REAL, silenced_at REAL, silenced_until REAL, server_id TEXT)")
    rows["tables"] = [row + (None, None, None) for row in rows["tables"]]
    assert (after_schema, after_rows) == (widened, rows)

    async with Store.open(db_path) as store:  # the game goes on where it was
        table, seats = await store.load_table(2)
        assert (table.version, table.state, table.clock) == (1, {"turn": 1}, "live:300:5")
        assert [(s.user_id, s.bank, s.absence) for s in seats] == [
            ("u1", 250.5, "away"), ("u2", None, None)]
        assert await store.commit_action(2, 1, 1, "h:4", {"turn": 2}) == 2
        assert await store.action_log(2) == [(0, "h:3"), (1, "h:4")]
        assert [r.rank for r in await store.results(1)] == [1, 2]
        assert (await store.votes(2))[0].ballots == {1: "wait"}


# --- tables -------------------------------------------------------------------------


async def test_the_schema_version_is_read_without_a_log_line(store: Store, caplog) -> None:
    """The readiness probe asks it every few seconds: Alembic's context, made for each
    question, logged "Context impl ..." each time."""
    caplog.set_level(logging.DEBUG)
    for _ in range(3):
        assert await store.schema_version() == SCHEMA_VERSION
    assert [r.getMessage() for r in caplog.records if r.name.startswith("alembic")] == []

async def test_an_action_keeps_its_events_and_the_state_it_settled_in(store: Store) -> None:
    table_id = await playing_table(store)
    events = [{"key": "ev", "args": {"seat": 0}, "audience": None}]
    await store.commit_action(table_id, 0, 0, "a", {"n": 1}, events=events, settled={"n": 1})
    await store.commit_action(table_id, 1, 1, "b", {"n": 2})
    first, second = await store.action_record(table_id, 1), await store.action_record(table_id, 2)
    assert (first.seat, first.action, first.events, first.settled) == (0, "a", events, {"n": 1})
    assert (second.events, second.settled) == (None, None)
    assert await store.action_record(table_id, 3) is None
    assert await store.action_records(table_id, 1, 3) == [first, second, None]
    assert await store.action_records(table_id, 2, 2) == [second]
    assert await store.settled_states(table_id) == [{"n": 1}, None]


async def test_one_active_table_per_chat_and_topic(store: Store) -> None:
    first = await store.create_table(TG, -100, None, "g", creator_id=7, language="en")
    assert first.thread_id is None and first.status == Status.LOBBY and first.version == 0

    with pytest.raises(ActiveTableExists) as raised:
        await store.create_table(TG, "-100", None, "g", creator_id=8, language="en")
    assert raised.value.table_id == first.id

    # Other forum topics, other chats and the other platform are independent.
    topic = await store.create_table(TG, -100, 5, "g", creator_id=8, language="en")
    topic2 = await store.create_table(TG, -100, "6", "g", creator_id=8, language="en")
    await store.create_table(TG, -101, None, "g", creator_id=8, language="en")
    await store.create_table("discord", -100, None, "g", creator_id=8, language="en")
    with pytest.raises(ActiveTableExists):
        await store.create_table(TG, -100, "5", "g", creator_id=9, language="en")

    assert (await store.active_table(TG, -100)).id == first.id
    assert (await store.active_table(TG, "-100", 5)).id == topic.id
    assert (await store.active_table(TG, -100, 6)).id == topic2.id
    assert await store.active_table(TG, -100, 7) is None

    # A finished or cancelled table no longer blocks the chat.
    await store.set_status(first.id, "cancelled", allowed_from=ACTIVE)
    with pytest.raises(StatusConflict):
        await store.set_status(first.id, "cancelled", allowed_from=ACTIVE)
    second = await store.create_table(TG, -100, None, "g", creator_id=7, language="pl")
    assert (await store.active_table(TG, -100)).id == second.id

    # Re-activating the old one would make two: refused by the index.
    with pytest.raises(ActiveTableExists):
        await store.set_status(first.id, "lobby")


async def test_unique_index_itself_enforces_one_active_table(database: Database) -> None:
    async with database.open():
        pass
    insert = (
        "INSERT INTO tables (platform, chat_id, thread_id, game, status, creator_id, language,"
        " created_at, updated_at) VALUES ('telegram', '1', '', 'g', {}, 'u', 'en', 0, 0)"
    ).format("?" if database.backend == "sqlite" else "$1")
    await database.sql(insert, "finished")
    await database.sql(insert, "playing")
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await database.sql(insert, "lobby")


async def test_tables_in_status_for_resuming(store: Store) -> None:
    lobby = await store.create_table(TG, 1, None, "g", creator_id=1, language="en")
    playing = await playing_table(store, chat="2")
    done = await playing_table(store, chat="3")
    await store.commit_action(done, 0, 0, "x", {"over": True}, new_status="finished")
    gone = await store.create_table(TG, 4, None, "g", creator_id=1, language="en")
    await store.set_status(gone.id, Status.CANCELLED)

    assert [t.id for t in await store.tables_in_status(ACTIVE)] == [lobby.id, playing]
    assert [t.id for t in await store.tables_in_status()] == [lobby.id, playing]
    assert [t.id for t in await store.tables_in_status("playing")] == [playing]
    ended = await store.tables_in_status(["finished", "cancelled"])
    assert [t.id for t in ended] == [done, gone.id]
    assert [t.id for t in await store.tables_of_user(TG, "u1")] == [playing]
    resumed = (await store.tables_in_status("playing"))[0]
    assert resumed.state == {"turn": 0} and resumed.seed == 42



async def test_each_chats_newest_table_and_where_it_stands(store: Store) -> None:
    """What the Mini App's worker 0 looks at for the other workers' changes: each chat's
    newest table outside forum topics, lobby, game or ended, with its status and version."""
    lobby = await store.create_table(TG, -1, None, "g", creator_id=1, language="en")
    await store.create_table(TG, -1, 5, "g", creator_id=1, language="en")  # a topic's: not it
    done = await playing_table(store, chat="-2")
    await store.commit_action(done, 0, 0, "x", {"over": True}, new_status="finished")
    playing = await playing_table(store, chat="-3")
    await store.commit_action(playing, 0, 0, "x", {"turn": 1})
    await store.create_table("discord", -4, None, "g", creator_id=1, language="en")
    assert await store.newest_in_chats(TG, ["-1", "-2", "-3", "-4", "-5"]) == {
        "-1": (lobby.id, "lobby", 0), "-2": (done, "finished", 1),
        "-3": (playing, "playing", 1)}
    assert await store.newest_in_chats(TG, []) == {}


async def test_a_persons_ended_tables_are_read_newest_first_and_no_more_than_asked(
        store: Store, clock: Clock) -> None:
    async def played(chat: str, game: str = "lanterns", *, abandoned: bool = False) -> int:
        table = await store.create_table(TG, chat, None, game, creator_id="u0", language="en")
        for user in ("u0", "u1"):
            await store.add_seat(table.id, user, user.upper())
        await store.start_table(table.id, seed=1, state={}, seat_order=["u0", "u1"])
        clock.now += 60
        standings = [Standing(0, 1, 5, ()), Standing(1, 2, 3, ())]
        await store.set_status(table.id, Status.CANCELLED if abandoned else Status.FINISHED,
                               results=standings)
        return table.id

    oldest = [await played(str(chat)) for chat in range(3)]
    other_game = await played("3", "hanabi")
    abandoned = await played("4", abandoned=True)
    newest = await played("5")
    under_way = await playing_table(store, chat="6")

    found = await store.ended_tables_of_user(TG, "u1", ["lanterns", "hanabi"], limit=4)
    assert [t.id for t in found] == [newest, abandoned, other_game, oldest[2]]
    found = await store.ended_tables_of_user(TG, "u1", ["lanterns"], limit=9)
    assert [t.id for t in found] == [newest, abandoned, *reversed(oldest)]
    assert under_way not in [t.id for t in found]
    assert await store.ended_tables_of_user(TG, "u7", ["lanterns"], limit=9) == []

# --- seats ---------------------------------------------------------------------------


async def test_lobby_seats_then_numbered_at_start(store: Store, clock: Clock) -> None:
    table = await store.create_table(TG, 1, None, "g", creator_id="a", language="en",
                                     options={"variant": "short"})
    await store.set_user_language(TG, "c", "ru")
    await store.set_user_dm(TG, "c", dm_chat_id=333, ok=True)
    for user in ("a", "b", "c"):
        await store.add_seat(table.id, user, user.upper())  # same timestamp: join_order decides
    with pytest.raises(AlreadySeated):
        await store.add_seat(table.id, "a", "A")
    with pytest.raises(TableFull):
        await store.add_seat(table.id, "d", "D", max_seats=3)
    assert await store.remove_seat(table.id, "b") is True
    assert await store.remove_seat(table.id, "b") is False
    await store.add_seat(table.id, "b", "B")

    seats = await store.list_seats(table.id)
    assert [s.user_id for s in seats] == ["a", "c", "b"]
    assert all(s.seat is None for s in seats)
    c = seats[1]
    assert (c.language, c.dm_chat_id, c.dm_status) == ("ru", "333", DmStatus.OK)
    assert seats[0].dm_status == DmStatus.UNKNOWN

    with pytest.raises(ValueError):
        await store.start_table(table.id, seed=1, state={}, seat_order=["a", "b"])
    with pytest.raises(ValueError):
        await store.start_table(table.id, seed=1, state={}, seat_order=["a", "a", "b"])
    started = await store.start_table(table.id, seed=7, state={"s": 1}, seat_order=["b", "c", "a"])
    assert (started.status, started.seed, started.version, started.state) == (
        Status.PLAYING, 7, 0, {"s": 1})
    assert started.options == {"variant": "short"}
    assert [(s.seat, s.user_id) for s in await store.list_seats(table.id)] == [
        (0, "b"), (1, "c"), (2, "a")]

    # After start the lobby is closed, and a second Start press loses.
    with pytest.raises(StatusConflict):
        await store.add_seat(table.id, "d", "D")
    with pytest.raises(StatusConflict):
        await store.remove_seat(table.id, "a")
    with pytest.raises(StatusConflict):
        await store.start_table(table.id, seed=8, state={}, seat_order=["a", "b", "c"])
    with pytest.raises(TableNotFound):
        await store.add_seat(999, "x", "X")

    # DM reachability and language follow the user onto active seats.
    await store.set_user_dm(TG, "a", dm_chat_id=None, ok=False)
    await store.set_user_language(TG, "a", "pl")
    a = next(s for s in await store.list_seats(table.id) if s.user_id == "a")
    assert (a.dm_status, a.language) == (DmStatus.UNREACHABLE, "pl")
    assert await store.set_seat_dm(table.id, "a", dm_chat_id=11, dm_status="ok")
    loaded = await store.load_table(table.id)
    assert loaded is not None and loaded[0] == started
    assert [s.dm_chat_id for s in loaded[1]] == [None, "333", "11"]


# --- actions and concurrency --------------------------------------------------------------


async def test_commit_action_race_has_exactly_one_winner(store: Store) -> None:
    table_id = await playing_table(store)
    results = await asyncio.gather(
        store.commit_action(table_id, 0, 0, "a", {"by": 0}),
        store.commit_action(table_id, 0, 1, "b", {"by": 1}),
        return_exceptions=True,
    )
    wins = [r for r in results if r == 1]
    losses = [r for r in results if isinstance(r, VersionConflict)]
    assert len(wins) == 1 and len(losses) == 1
    assert losses[0].actual == 1 and losses[0].expected == 0

    table = await store.get_table(table_id)
    assert table.version == 1
    log = await store.action_log(table_id)
    assert len(log) == 1
    assert table.state == {"by": log[0][0]}  # the state matches the action that won


async def test_commit_action_race_across_connections(database: Database) -> None:
    async with database.open() as one, database.open() as two:
        table_id = await playing_table(one)
        results = await asyncio.gather(
            *(s.commit_action(table_id, 0, i % 2, f"m{i}", {"i": i})
              for i, s in enumerate([one, two, one, two])),
            return_exceptions=True,
        )
        assert [r for r in results if r == 1] == [1]
        assert all(isinstance(r, VersionConflict) for r in results if r != 1)
        assert (await two.get_table(table_id)).version == 1
        assert len(await one.action_log(table_id)) == 1


async def test_stale_or_misplaced_commits_change_nothing(store: Store) -> None:
    table_id = await playing_table(store)
    assert await store.commit_action(table_id, 0, 0, "a", {"v": 1}) == 1
    assert await store.commit_action(table_id, 1, 1, "b", {"v": 2}) == 2
    before = await store.get_table(table_id)

    with pytest.raises(VersionConflict):
        await store.commit_action(table_id, 1, 1, "late", {"v": "stale"})
    with pytest.raises(VersionConflict):
        await store.commit_action(table_id, 5, 1, "future", {"v": "ahead"})
    with pytest.raises(TableNotFound):
        await store.commit_action(999, 0, 0, "x", {})
    lobby = await store.create_table(TG, "other", None, "g", creator_id=1, language="en")
    with pytest.raises(StatusConflict):
        await store.commit_action(lobby.id, 0, 0, "x", {})
    assert await store.get_table(table_id) == before

    assert await store.commit_action(table_id, 2, 0, "end", {"v": 3}, new_status="finished") == 3
    with pytest.raises(StatusConflict):
        await store.commit_action(table_id, 3, 1, "after", {})
    assert await store.action_log(table_id) == [(0, "a"), (1, "b"), (0, "end")]
    assert await store.action_log(table_id, after=2) == [(0, "end")]


async def test_cancelled_caller_does_not_half_commit(database: Database) -> None:
    async with database.open() as store:
        table_id = await playing_table(store)
        task = asyncio.create_task(store.commit_action(table_id, 0, 0, "a", {"v": 1}))
        await asyncio.sleep(0)  # let it queue its transaction
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    # closing waited for the shielded transaction, which committed whole
    async with database.open() as store:
        table = await store.get_table(table_id)
        assert table.version == len(await store.action_log(table_id))
        assert table.version == 1 and table.state == {"v": 1}


# --- durability --------------------------------------------------------------------------


async def test_everything_survives_close_and_reopen(database: Database, clock: Clock) -> None:
    async with database.open(clock=clock) as store:
        table_id = await playing_table(store, players=3, thread=9)
        for n in range(3):
            await store.commit_action(table_id, n, n % 3, f"act{n}", {"n": n + 1, "ü": "ż"})
        await store.set_message(table_id, "board", None, -100, 55, "h1")
        await store.set_message(table_id, "panel", 1, 777, 56)
        await store.set_chat_language(TG, -100, "ru")
        table = await store.get_table(table_id)
        seats = await store.list_seats(table_id)
        messages = await store.list_messages(table_id)

    async with database.open(clock=clock) as store:
        assert await store.get_table(table_id) == table
        assert table.version == 3 and table.state == {"n": 3, "ü": "ż"} and table.thread_id == "9"
        assert await store.list_seats(table_id) == seats
        assert await store.list_messages(table_id) == messages
        assert await store.action_log(table_id) == [(0, "act0"), (1, "act1"), (2, "act2")]
        assert await store.get_chat_language(TG, "-100") == "ru"
        assert [t.id for t in await store.tables_in_status(ACTIVE)] == [table_id]


async def test_commit_is_durable_when_the_process_dies_right_after(database: Database) -> None:
    script = textwrap.dedent(f"""
        import asyncio, os, sys
        sys.path.insert(0, {str(REPO)!r})
        from bot.storage import Store

        async def main():
            store = await Store.open({str(database.target)!r}, schema={database.schema!r})
            t = await store.create_table("telegram", 1, None, "g", creator_id=1, language="en")
            await store.add_seat(t.id, 1, "One")
            await store.start_table(t.id, seed=3, state={{}}, seat_order=[1])
            await store.commit_action(t.id, 0, 0, "move", {{"after": 1}})
            os._exit(0)  # no close, no checkpoint, no cleanup: a crash

        asyncio.run(main())
    """)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", script, stderr=asyncio.subprocess.PIPE
    )
    _, stderr = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode == 0, stderr.decode()

    async with database.open() as store:
        (table,) = await store.tables_in_status("playing")
        assert table.version == 1 and table.state == {"after": 1}
        assert await store.action_log(table.id) == [(0, "move")]


# --- messages -------------------------------------------------------------------------------


async def test_message_refs(store: Store) -> None:
    table_id = await playing_table(store)
    assert await store.get_message(table_id, "board") is None
    ref = await store.set_message(table_id, "board", None, -100, 10)
    assert (ref.seat, ref.chat_id, ref.message_id, ref.content_hash) == (None, "-100", "10", None)
    await store.set_message(table_id, "panel", 0, 500, 11, "p0")
    await store.set_message(table_id, "panel", 1, 501, 12, "p1")

    assert await store.set_message_hash(table_id, "board", None, "abc")
    assert (await store.get_message(table_id, "board")).content_hash == "abc"
    assert not await store.set_message_hash(table_id, "lobby", None, "abc")

    # Replacing keeps one row per (table, role, seat).
    await store.set_message(table_id, "board", None, -100, 20, "new")
    board = await store.get_message(table_id, "board", None)
    assert (board.message_id, board.content_hash) == ("20", "new")
    assert (await store.get_message(table_id, "panel", 1)).message_id == "12"
    assert len(await store.list_messages(table_id)) == 3

    assert await store.delete_message(table_id, "panel", 0)
    assert not await store.delete_message(table_id, "panel", 0)
    assert await store.get_message(table_id, "panel", 0) is None



async def test_a_kept_message_never_records_an_older_version(store: Store) -> None:
    table_id = await playing_table(store)
    assert (await store.set_message(table_id, "board", None, -100, 10, "v5", 5)).version == 5
    assert await store.set_message(table_id, "board", None, -100, 11, "v4", 4) is None
    assert not await store.set_message_hash(table_id, "board", None, "v3", 3)
    board = await store.get_message(table_id, "board")
    assert (board.message_id, board.content_hash, board.version) == ("10", "v5", 5)
    # the same version again (a clock's time left), a newer one, and one that names none
    assert await store.set_message_hash(table_id, "board", None, "v5 later", 5)
    assert await store.set_message_hash(table_id, "board", None, "v6", 6)
    assert await store.set_message_hash(table_id, "board", None, "vote", None)
    board = await store.get_message(table_id, "board")
    assert (board.content_hash, board.version) == ("vote", 6)
    assert (await store.set_message(table_id, "board", None, -100, 12, "fresh")).version == 6


async def test_a_claim_keeps_other_edits_of_the_message_waiting(store: Store,
                                                                 clock: Clock) -> None:
    table_id = await playing_table(store)
    assert await store.claim_message(table_id + 1, "board", None, 1) is Claim.MISSING
    # a place with no message yet is claimed too: one worker sends it
    assert await store.claim_message(table_id, "board", None, 1, lease=30) is Claim.CLAIMED
    assert await store.claim_message(table_id, "board", None, 1) is Claim.BUSY
    await store.set_message(table_id, "board", None, -100, 10, "v1", 1)
    assert await store.claim_message(table_id, "board", None, 2, lease=30) is Claim.CLAIMED
    assert await store.claim_message(table_id, "board", None, 3) is Claim.BUSY  # v2 under way
    assert await store.claim_message(table_id, "board", None, 2) is Claim.BUSY
    assert await store.claim_message(table_id, "board", None, 1) is Claim.NEWER
    assert await store.set_message_hash(table_id, "board", None, "v2", 2)  # ends the claim
    assert await store.claim_message(table_id, "board", None, 1) is Claim.NEWER
    assert await store.claim_message(table_id, "board", None, 3, lease=30) is Claim.CLAIMED
    await store.release_message(table_id, "board", None, 3)  # the edit was not made
    assert (await store.get_message(table_id, "board")).version == 2
    assert await store.claim_message(table_id, "board", None, 4, lease=30) is Claim.CLAIMED
    clock.now += 30  # its worker died: the claim lapses
    assert await store.claim_message(table_id, "board", None, 4) is Claim.CLAIMED
    # a newer message sent meanwhile ends a claim of its version too
    assert await store.set_message(table_id, "board", None, -100, 11, "v4", 4) is not None
    assert await store.claim_message(table_id, "board", None, 5) is Claim.CLAIMED


async def test_budgets_are_sliding_windows_of_requests_dated_by_their_answers(
        store: Store, clock: Clock) -> None:
    chat, overall = Budget("t:chat:1", 2, 3.0), Budget("t:all", 3, 1.0)
    both = (chat, overall)
    delay, first = await store.budget_take(both)
    assert delay == 0.0 and len(first) == 2
    delay, second = await store.budget_take((chat,))
    assert delay == 0.0 and len(second) == 1
    # the chat's window is full of requests under way: only an answer tells when
    assert await store.budget_delay(both) is None
    assert await store.budget_take(both) == (None, ())
    await store.budget_done(second)
    clock.now += 1.0
    # the one under way counts as now; the one answered a second ago leaves in two more
    assert await store.budget_delay(both) == pytest.approx(2.0)
    await store.budget_done(first)
    assert await store.budget_delay((overall,)) == 0.0
    clock.now += 2.0
    delay, third = await store.budget_take(both)
    assert delay == 0.0 and third
    # the first, answered 2 s ago, leaves in 1 s (the third, under way, counts as now)
    assert await store.budget_take(both) == (pytest.approx(1.0), ())
    clock.now += 200  # a worker that died mid-request: its place no longer counts
    assert await store.budget_delay(both) == 0.0


async def test_a_full_window_says_how_long_until_it_has_room(store: Store,
                                                             clock: Clock) -> None:
    group = Budget("t:group:-5", 2, 12.0)
    for _ in range(2):
        _, taken = await store.budget_take((group,))
        await store.budget_done(taken)
        clock.now += 1.0
    assert await store.budget_delay((group,)) == pytest.approx(10.0)  # the first leaves
    assert await store.budget_take((group, Budget("t:all", 30, 1.0))) == (
        pytest.approx(10.0), ())
    clock.now += 10.0
    assert (await store.budget_take((group,)))[0] == 0.0


async def test_workers_sharing_a_budget_never_overspend_it(postgres: Database,
                                                           clock: Clock) -> None:
    """Two processes (two stores, each with its own pool) taking at once from one window:
    exactly its count of places is taken, never one more."""
    budget = (Budget("t:all", 5, 1.0), Budget("t:chat:1", 1000, 60.0))
    async with postgres.open(clock=clock) as one, postgres.open(clock=clock) as two:
        results = await asyncio.gather(*(store.budget_take(budget)
                                         for _ in range(8) for store in (one, two)))
    taken = [places for delay, places in results if places]
    assert len(taken) == 5
    assert all(delay is None for delay, places in results if not places)

# --- pending joins ----------------------------------------------------------------------------


async def test_pending_join_round_trip_single_use(store: Store, clock: Clock) -> None:
    table = await store.create_table(TG, 1, None, "g", creator_id=1, language="en")
    token = await store.create_pending_join(table.id, 42)
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", token)
    assert await store.create_pending_join(table.id, "42") == token  # Join pressed twice
    other = await store.create_pending_join(table.id, 43)
    assert other != token

    # A forwarded link neither works for someone else nor burns the owner's token.
    assert await store.consume_pending_join(token, user_id=43) is None
    join = await store.consume_pending_join(token, user_id=42)
    assert join is not None and (join.table_id, join.user_id) == (table.id, "42")
    assert await store.consume_pending_join(token, user_id=42) is None
    assert await store.consume_pending_join("nonsense") is None

    # Expired tokens are refused and used up; old ones can be purged.
    clock.now += 3600
    assert await store.consume_pending_join(other, max_age=600) is None
    assert await store.consume_pending_join(other) is None
    await store.create_pending_join(table.id, 44)
    clock.now += 3600
    fresh = await store.create_pending_join(table.id, 45)
    assert await store.purge_pending_joins(older_than=600) == 1
    assert (await store.consume_pending_join(fresh)).user_id == "45"

    # Only for tables that are still gathering players.
    await store.set_status(table.id, "cancelled")
    with pytest.raises(StatusConflict):
        await store.create_pending_join(table.id, 46)


# --- group -> supergroup ----------------------------------------------------------------------


async def test_a_chats_table_ids_by_status(store: Store) -> None:
    finished = await playing_table(store, chat="-5")
    await store.commit_action(finished, 0, 0, "x", {}, new_status="finished")
    playing = await playing_table(store, chat="-5")
    topic = await playing_table(store, chat="-5", thread=7)
    lobby = await store.create_table(TG, -5, 8, "g", creator_id=1, language="en")
    await playing_table(store, chat="-6")
    await store.create_table("discord", -5, None, "g", creator_id=1, language="en")
    assert await store.table_ids_in_chat(TG, -5, ("playing",)) == [playing, topic]
    assert await store.table_ids_in_chat(TG, "-5") == [playing, topic, lobby.id]
    assert await store.table_ids_in_chat(TG, -5, ("finished",)) == [finished]
    assert await store.table_ids_in_chat(TG, -7) == []

async def test_migrate_chat_moves_tables_messages_and_settings(store: Store) -> None:
    old, new = -555, -1001555
    finished = await playing_table(store, chat=str(old))
    await store.commit_action(finished, 0, 0, "x", {}, new_status="finished")
    active = await playing_table(store, chat=str(old))
    topic = await store.create_table(TG, old, 3, "g", creator_id=1, language="en")
    elsewhere = await store.create_table(TG, -777, None, "g", creator_id=1, language="en")
    await store.set_message(active, "board", None, old, 100, "hash")
    await store.set_message(active, "panel", 0, 9001, 101, "dm")  # a DM: stays put
    await store.set_chat_language(TG, old, "pl")

    moved = await store.migrate_chat(TG, old, new)
    assert moved == sorted([finished, active, topic.id])

    assert await store.active_table(TG, old) is None
    assert (await store.active_table(TG, new)).id == active
    assert (await store.active_table(TG, new, 3)).id == topic.id
    assert (await store.get_table(finished)).chat_id == str(new)
    assert (await store.get_table(elsewhere.id)).chat_id == "-777"
    board = await store.get_message(active, "board")
    assert (board.chat_id, board.message_id, board.content_hash) == (str(new), "100", None)
    panel = await store.get_message(active, "panel", 0)
    assert (panel.chat_id, panel.content_hash) == ("9001", "dm")
    assert await store.get_chat_language(TG, new) == "pl"
    assert await store.get_chat_language(TG, old) is None
    assert await store.migrate_chat(TG, old, new) == []


async def test_migrate_chat_refuses_a_clash_and_changes_nothing(store: Store) -> None:
    a = await store.create_table(TG, -1, None, "g", creator_id=1, language="en")
    b = await store.create_table(TG, -2, None, "g", creator_id=1, language="en")
    with pytest.raises(ActiveTableExists) as raised:
        await store.migrate_chat(TG, -1, -2)
    assert raised.value.table_id == b.id
    assert (await store.get_table(a.id)).chat_id == "-1"



class HeldTransaction:
    """A transaction another process holds open on `database` (committed by `commit`; rolled
    back on leaving `async with` if it was not, so a failed test leaves no lock behind)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.con: sqlite3.Connection | None = None
        self.pg: asyncpg.Connection | None = None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self.con is not None:
            self.con.close()  # rolls back
        if self.pg is not None:
            await self.pg.close()

    async def begin(self, statement: str) -> None:
        if self.database.backend == "sqlite":
            self.con = sqlite3.connect(self.database.target, isolation_level=None)
            self.con.execute("BEGIN IMMEDIATE")
        else:
            self.pg = await asyncpg.connect(str(self.database.target), server_settings={
                "search_path": self.database.schema or "public"})
            self.tx = self.pg.transaction()
            await self.tx.start()
        await self.run(statement)

    async def run(self, statement: str) -> None:
        if self.con is not None:
            self.con.execute(statement)
        if self.pg is not None:
            await self.pg.execute(statement)

    async def waited_for(self) -> None:
        """Until another connection waits for this transaction's locks (PostgreSQL; on
        SQLite a writer waits for the whole database, as the busy timeout lets it)."""
        if self.pg is None:
            await asyncio.sleep(0)
            return
        for _ in range(500):
            if await self.pg.fetchval("SELECT count(*) FROM pg_stat_activity"
                                      " WHERE $1 = ANY(pg_blocking_pids(pid))",
                                      self.pg.get_server_pid()):
                return
            await asyncio.sleep(0.01)
        raise AssertionError("nobody waited for the held transaction")

    async def commit(self) -> None:
        if self.con is not None:
            self.con.execute("COMMIT")
            self.con.close()
            self.con = None
        if self.pg is not None:
            await self.tx.commit()
            await self.pg.close()
            self.pg = None


async def test_migrate_chat_racing_a_new_table_there_refuses_it(database: Database) -> None:
    """Another worker opens a lobby in the new chat while the migration runs: the
    migration is refused as a clash (never a database error), and changes nothing."""
    async with database.open() as store:
        moving = await store.create_table(TG, -1, None, "g", creator_id=1, language="en")
        async with HeldTransaction(database) as other:
            await other.begin("INSERT INTO tables (platform, chat_id, game, status, creator_id,"
                              " language, created_at, updated_at)"
                              " VALUES ('telegram', '-2', 'g', 'lobby', '1', 'en', 0, 0)")
            migrating = asyncio.ensure_future(store.migrate_chat(TG, -1, -2))
            await other.waited_for()
            await other.commit()
            with pytest.raises(ActiveTableExists) as raised:
                await migrating
        assert raised.value.table_id == (await store.active_table(TG, -2)).id
        assert (await store.get_table(moving.id)).chat_id == "-1"


async def test_a_claim_that_waited_for_a_newer_versions_recording_is_refused(
        database: Database) -> None:
    """Another worker records version 3 of a panel (which ends its claim) while this one
    claims the panel for version 1. On PostgreSQL the claim's statement sees the messages as
    they were when it began, then waits for the other's claim, which is gone when it goes
    on: the claim is refused all the same, or version 1 would be shown over 3 (a loaded run
    of tests/test_claims_owner.py edited a panel back from v3 to v1 so)."""
    async with database.open() as store, database.open() as other:
        table_id = await playing_table(store)
        assert await other.claim_message(table_id, "panel", 0, 3) is Claim.CLAIMED
        async with HeldTransaction(database) as recording:  # `other`'s keep_message
            await recording.begin(
                "INSERT INTO messages (table_id, role, seat, chat_id, message_id, content_hash,"
                f" updated_at, version) VALUES ({table_id}, 'panel', 0, '7', '11', 'v3', 0, 3)")
            await recording.run(f"DELETE FROM message_claims WHERE table_id = {table_id}")
            claiming = asyncio.ensure_future(store.claim_message(table_id, "panel", 0, 1))
            await recording.waited_for()
            await recording.commit()
            assert await claiming is Claim.NEWER
        assert await database.sql("SELECT version FROM message_claims") == []


async def test_forget_user_racing_a_join_refuses_to_forget(database: Database) -> None:
    """They join a lobby (another worker) while being forgotten: refused as while seated,
    and nothing is forgotten (on SQLite the join simply comes first)."""
    async with database.open() as store:
        played = await playing_table(store, chat="-1")
        await store.commit_action(played, 0, 0, "x", {}, new_status="finished")
        lobby = await store.create_table(TG, -2, None, "g", creator_id="u9", language="en")
        await store.set_user_language(TG, "u0", "pl")
        async with HeldTransaction(database) as join:
            # the finished table's row held (its creator is forgotten too), and the join
            await join.begin(f"UPDATE tables SET title = 'T' WHERE id = {played}")
            await join.run("INSERT INTO seats (table_id, user_id, join_order, display_name,"
                           f" joined_at) VALUES ({lobby.id}, 'u0', 0, 'U0', 0)")
            forgetting = asyncio.ensure_future(store.forget_user(TG, "u0"))
            await join.waited_for()
            await join.commit()
            with pytest.raises(StillSeated) as raised:
                await forgetting
        assert [table for table, _ in raised.value.tables] == [lobby.id]
        assert [s.user_id for s in await store.list_seats(played)] == ["u0", "u1"]
        assert (await store.get_user_settings(TG, "u0")).language == "pl"

# --- settings -----------------------------------------------------------------------------------


async def test_chat_and_user_settings(store: Store) -> None:
    assert await store.get_chat_language(TG, 1) is None
    await store.set_chat_language(TG, 1, "en")
    await store.set_chat_language(TG, 1, "ru")
    assert await store.get_chat_language(TG, "1") == "ru"
    assert await store.get_chat_language("discord", 1) is None

    assert await store.get_user_settings(TG, 5) is None
    await store.set_user_dm(TG, 5, dm_chat_id=5, ok=True)
    await store.set_user_language(TG, 5, "pl")
    await store.set_user_dm(TG, 5, dm_chat_id=None, ok=False)  # keeps the known chat id
    settings = await store.get_user_settings(TG, 5)
    assert (settings.language, settings.dm_chat_id, settings.dm_ok) == ("pl", "5", False)
    with pytest.raises(ValueError):
        await store.set_chat_language("matrix", 1, "en")
