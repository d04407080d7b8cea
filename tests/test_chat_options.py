"""Tests of the chats' options in the store (/settings): defaults without a row, changing only
the fields given, back to a default, refusing what the schema would refuse, following a
group that becomes a supergroup, and a database from schema 3 keeping everything it had."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import SCHEMA_VERSION, ChatOptions, Store, sqlite_legacy

pytestmark = pytest.mark.asyncio
pytest_plugins = ["fakes.store_backends"]  # `database`: each test on SQLite and PostgreSQL

TG = "telegram"


@pytest_asyncio.fixture
async def store(database):
    async with database.open() as s:
        yield s


async def test_a_chat_without_options_has_the_defaults(store: Store) -> None:
    options = await store.get_chat_options(TG, -100)
    assert options == ChatOptions(TG, "-100", clock=None, managers="host", computers=True,
                                  lobby_minutes=None)
    assert await store.get_chat_options("discord", "123") == ChatOptions("discord", "123")


async def test_only_the_fields_given_change(store: Store) -> None:
    changed = await store.set_chat_options(TG, -100, clock="live:180:30")
    assert changed == ChatOptions(TG, "-100", clock="live:180:30")
    await store.set_chat_options(TG, "-100", managers="admins", computers=False)
    await store.set_chat_options(TG, -100, lobby_minutes=10)
    assert await store.get_chat_options(TG, -100) == ChatOptions(
        TG, "-100", clock="live:180:30", managers="admins", computers=False, lobby_minutes=10)
    # None puts a field back to its default; the others stay
    await store.set_chat_options(TG, -100, clock=None, lobby_minutes=None)
    assert await store.get_chat_options(TG, -100) == ChatOptions(
        TG, "-100", managers="admins", computers=False)
    assert await store.set_chat_options(TG, -100) == ChatOptions(
        TG, "-100", managers="admins", computers=False)
    # per platform and chat
    assert await store.get_chat_options("discord", -100) == ChatOptions("discord", "-100")
    assert await store.get_chat_options(TG, -200) == ChatOptions(TG, "-200")


async def test_values_the_schema_would_refuse_are_refused(store: Store) -> None:
    for bad in ({"managers": "everyone"}, {"lobby_minutes": 0}, {"lobby_minutes": -5},
                {"lobby_minutes": True}, {"lobby_minutes": 1.5}, {"clock": 30}):
        with pytest.raises(ValueError):
            await store.set_chat_options(TG, -100, **bad)
    with pytest.raises(ValueError):
        await store.set_chat_options("matrix", -100, managers="host")
    with pytest.raises(ValueError):
        await store.get_chat_options("matrix", -100)
    assert await store.get_chat_options(TG, -100) == ChatOptions(TG, "-100")


async def test_options_follow_a_group_that_becomes_a_supergroup(store: Store) -> None:
    old, new = -555, -1001555
    await store.create_table(TG, old, None, "lanterns", creator_id=1, language="en",
                             title="Club")
    await store.set_chat_options(TG, old, managers="admins", lobby_minutes=60)
    await store.set_chat_language(TG, old, "ru")
    await store.migrate_chat(TG, old, new)
    assert await store.get_chat_options(TG, new) == ChatOptions(
        TG, str(new), managers="admins", lobby_minutes=60)
    assert await store.get_chat_options(TG, old) == ChatOptions(TG, str(old))
    assert await store.get_chat_language(TG, new) == "ru"
    assert await store.get_chat_language(TG, old) is None
    assert await store.chat_title(TG, new) == "Club"
    # options already set in the new chat are the more recent choice
    await store.set_chat_options(TG, -1, computers=False)
    await store.set_chat_options(TG, -2, clock="off")
    await store.migrate_chat(TG, -1, -2)
    assert await store.get_chat_options(TG, -2) == ChatOptions(TG, "-2", clock="off")
    assert await store.get_chat_options(TG, -1) == ChatOptions(TG, "-1")


async def test_active_tables_and_title_of_a_chat(store: Store) -> None:
    assert await store.active_table_ids(TG, -100) == []
    assert await store.chat_title(TG, -100) is None
    first = await store.create_table(TG, -100, None, "g", creator_id=1, language="en",
                                     title="Old name")
    topic = await store.create_table(TG, -100, 7, "g", creator_id=1, language="en",
                                     title="New name")
    await store.create_table(TG, -200, None, "g", creator_id=1, language="en", title="Other")
    assert await store.active_table_ids(TG, -100) == [first.id, topic.id]
    assert await store.chat_title(TG, -100) == "New name"
    await store.set_status(topic.id, "cancelled")
    assert await store.active_table_ids(TG, -100) == [first.id]
    assert await store.chat_title(TG, -100) == "New name"  # history still names it


async def test_a_database_from_schema_3_keeps_its_data_and_gets_default_options(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    sqlite_legacy.build(path, 3)  # as the code of schema 3 made it
    db = sqlite3.connect(path, isolation_level=None)
    for statement in (
            ("INSERT INTO tables (id, platform, chat_id, game, status, version, creator_id,"
             " language, title, created_at, updated_at) VALUES (1, 'telegram', '-100',"
             " 'lanterns', 'lobby', 0, 'u0', 'pl', 'Club', 0, 0)"),
            ("INSERT INTO seats (table_id, user_id, join_order, display_name, joined_at,"
             " computer) VALUES (1, 'u0', 0, 'Ann', 0, NULL)"),
            "INSERT INTO due_work (table_id, kind, version, due_at) VALUES (1, 'lobby', 0, 1800)",
            ("INSERT INTO chat_settings (platform, chat_id, language)"
             " VALUES ('telegram', '-100', 'pl')"),
            ("INSERT INTO user_settings (platform, user_id, language, dm_ok)"
             " VALUES ('telegram', 'u0', 'ru', 1)")):
        db.execute(statement)
    db.close()
    async with Store.open(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        table = await store.get_table(1)
        assert (table.chat_id, table.status, table.language, table.title) == (
            "-100", "lobby", "pl", "Club")
        [seat] = await store.list_seats(1)
        assert (seat.user_id, seat.display_name) == ("u0", "Ann")
        assert [(w.kind, w.due_at) for w in await store.pending_work(1)] == [("lobby", 1800)]
        assert await store.get_chat_language("telegram", "-100") == "pl"
        assert (await store.get_user_settings("telegram", "u0")).dm_ok is True
        assert await store.get_chat_options("telegram", "-100") == ChatOptions(
            "telegram", "-100")
        await store.set_chat_options("telegram", "-100", lobby_minutes=10)
    async with Store.open(path) as store:  # and it is kept
        assert (await store.get_chat_options("telegram", -100)).lobby_minutes == 10
