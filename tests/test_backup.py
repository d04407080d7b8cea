"""Backing up, restoring, migrating and moving the database (bot/storage/backup.py,
bot/storage/copy.py, the `gamehost` commands of bot/cli.py), on real SQLite files with a
bot's store open on them and on real PostgreSQL (a schema per test, fakes/store_backends.py).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role
from bot.storage import Store
from bot.storage.backup import BackupError, PostgresTarget, backup_sqlite, restore_sqlite
from bot.storage.copy import CopyRefused, copy_to_postgres
from bot.storage.schema import SCHEMA_VERSION
from fakes.service_harness import Harness, open_harness, seat_players
from tests.test_hanabi_service import USERS
from tests.test_storage import playing_table

pytest_plugins = ["fakes.store_backends"]  # the `postgres` fixture: a schema per test

TR = Translator.load()


def gamehost(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The console script's code, as `gamehost ARGS` runs it (from a folder with no .env)."""
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith(("DATABASE_", "TELEGRAM_", "DISCORD_"))}
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd, text=True,
                          capture_output=True, env={**environment, **env}, timeout=120,
                          check=False)


async def snapshot(store: Store, table_id: int) -> tuple:
    return (await store.get_table(table_id), await store.list_seats(table_id),
            await store.action_log(table_id), await store.list_messages(table_id))


async def game_in(store: Store) -> int:
    table_id = await playing_table(store, players=3, thread=7)
    for n in range(4):
        await store.commit_action(table_id, n, n % 3, f"act{n}", {"n": n + 1, "ż": "ё"})
    await store.set_message(table_id, "board", None, -100, 55, "h1")
    return table_id


# --- SQLite backup and restore ---------------------------------------------------


async def test_a_backup_of_a_running_bots_database_has_what_sits_in_the_wal(tmp_path):
    live = tmp_path / "live.sqlite3"
    async with Store.open(live) as store:  # as the bot keeps it: open, in WAL mode
        table_id = await game_in(store)
        before = await snapshot(store, table_id)
        assert Path(f"{live}-wal").stat().st_size > 0
        # what `cp` of the main file alone gives: the data is not there yet
        shutil.copyfile(live, tmp_path / "copied.sqlite3")
        copied = sqlite3.connect(tmp_path / "copied.sqlite3")
        assert "tables" not in {r[0] for r in copied.execute("SELECT name FROM sqlite_master")}
        copied.close()

        summary = backup_sqlite(live, tmp_path / "backup.sqlite3")
        # the bot goes on writing meanwhile; the backup is the moment it was taken
        await store.commit_action(table_id, 4, 1, "after", {"n": 5})

    assert str(summary) == f"schema {SCHEMA_VERSION}, 17 tables, 1 games"
    assert not Path(f"{tmp_path}/backup.sqlite3-wal").exists()
    assert (tmp_path / "backup.sqlite3").stat().st_mode & 0o777 == 0o600
    async with Store.open(tmp_path / "backup.sqlite3") as restored:
        assert await snapshot(restored, table_id) == before


async def test_restore_round_trip_and_its_refusals(tmp_path):
    live = tmp_path / "bot.sqlite3"
    async with Store.open(live) as store:
        table_id = await game_in(store)
        before = await snapshot(store, table_id)
        backup_sqlite(live, tmp_path / "b.sqlite3")
        with pytest.raises(BackupError, match="exists"):
            backup_sqlite(live, tmp_path / "b.sqlite3")
        # a running bot's database is never replaced, --force or not
        with pytest.raises(BackupError, match="in use by 1 running bot"):
            restore_sqlite(tmp_path / "b.sqlite3", live, force=True)
        await store.commit_action(table_id, 4, 1, "later", {"n": 5})

    with pytest.raises(BackupError, match="already holds a database"):
        restore_sqlite(tmp_path / "b.sqlite3", live)
    restore_sqlite(tmp_path / "b.sqlite3", live, force=True)
    async with Store.open(live) as store:
        assert await snapshot(store, table_id) == before  # the later action is gone

    # into a new file; and what is no backup of this bot is refused
    restore_sqlite(tmp_path / "b.sqlite3", tmp_path / "new" / "fresh.sqlite3")
    async with Store.open(tmp_path / "new" / "fresh.sqlite3") as store:
        assert await snapshot(store, table_id) == before
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match="not a SQLite database"):
        restore_sqlite(tmp_path / "junk.sqlite3", tmp_path / "other.sqlite3")
    with pytest.raises(BackupError, match="no SQLite database at"):
        restore_sqlite(tmp_path / "missing.sqlite3", tmp_path / "other.sqlite3")


async def test_the_commands_back_up_restore_and_migrate(tmp_path):
    # (the commands run in a thread: the open store's heartbeat goes on meanwhile, as a
    # running bot's does)
    env = {"DATABASE_PATH": str(tmp_path / "bot.sqlite3")}
    done = await asyncio.to_thread(gamehost, "migrate", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Migrated {tmp_path / 'bot.sqlite3'} from schema 0 to {SCHEMA_VERSION}."
    again = await asyncio.to_thread(gamehost, "migrate", env=env, cwd=tmp_path)
    assert "nothing to do" in again.stdout and again.returncode == 0

    async with Store.open(tmp_path / "bot.sqlite3") as store:
        table_id = await game_in(store)
        before = await snapshot(store, table_id)
        made = await asyncio.to_thread(gamehost, "backup", "saved.sqlite3", env=env, cwd=tmp_path)
        assert made.returncode == 0, made.stderr
        assert "1 games" in made.stdout
        refused = await asyncio.to_thread(gamehost, "restore", "saved.sqlite3", "--force", env=env, cwd=tmp_path)
        assert refused.returncode == 1
        assert refused.stderr.count("\n") == 1 and "stop the bot" in refused.stderr

    (tmp_path / "bot.sqlite3").unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{tmp_path / 'bot.sqlite3'}{suffix}").unlink(missing_ok=True)
    put_back = await asyncio.to_thread(gamehost, "restore", "saved.sqlite3", env=env, cwd=tmp_path)
    assert put_back.returncode == 0, put_back.stderr
    async with Store.open(tmp_path / "bot.sqlite3") as store:
        assert await snapshot(store, table_id) == before


def test_on_postgresql_backup_says_which_pg_dump_to_run_without_the_password(tmp_path):
    url = "postgresql://games:s3cret@db.example.org:6543/gamehost"
    said = gamehost("backup", "night.dump", env={"DATABASE_URL": url}, cwd=tmp_path)
    assert said.returncode == 1
    assert "s3cret" not in said.stdout + said.stderr
    assert ("pg_dump --host db.example.org --port 6543 --username games --format=custom "
            "--file night.dump gamehost") in said.stdout
    assert ("pg_restore --host db.example.org --port 6543 --username games --clean "
            "--if-exists --no-owner --dbname gamehost night.dump") in said.stdout
    target = PostgresTarget.from_url("postgres://me@localhost/my%20db")
    assert target.dump_command("a b.dump") == (
        "pg_dump --host localhost --port 5432 --username me --format=custom "
        "--file 'a b.dump' 'my db'")


async def test_pg_dump_command_backs_up_a_real_database(postgres, tmp_path):
    """The printed pg_dump command, run for real on the test database (limited to the
    test's schema so the dump stays small), holds the game."""
    if shutil.which("pg_dump") is None:
        pytest.fail("pg_dump is not installed (postgresql-client)")
    async with postgres.open() as store:
        table_id = await game_in(store)
    command = PostgresTarget.from_url(postgres.target).dump_command(tmp_path / "x.dump")
    done = await asyncio.to_thread(
        subprocess.run, f"{command} --schema {postgres.schema} --format=plain", shell=True,
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    dumped = (tmp_path / "x.dump").read_text()
    assert f"COPY {postgres.schema}.actions" in dumped and "act3" in dumped
    assert table_id > 0


# --- SQLite to PostgreSQL -------------------------------------------------------


def acting_panel(h: Harness):
    acting = [(place, shown.screen) for place, shown in h.kept.items()
              if place.role is Role.PANEL and shown.screen.buttons]
    assert len(acting) == 1
    return acting[0]


async def press_something(h: Harness) -> None:
    """The acting player presses their first option, then Confirm if it asks."""
    place, screen = acting_panel(h)
    user = next(u for u in USERS if u.id == place.chat_id)
    private = ChatRef("telegram", user.id, private=True)
    for _ in range(4):
        data = [b.data for b in h.buttons(screen) if b.data]
        confirm = [d for d in data if d.startswith("c:")]
        await h.press(user, confirm[0] if confirm else data[0], chat=private)
        if confirm:
            return
        screen = h.kept[place].screen
    raise AssertionError("no confirm reached")


async def test_copy_to_postgres_moves_a_game_the_bot_goes_on_playing(tmp_path, postgres):
    users = USERS[:3]
    async with open_harness(tmp_path, TR) as h:
        table_id = await seat_players(h, users, "hanabi")
        await h.press(users[0], encode(Press("start", table_id)))
        for _ in range(3):
            await press_something(h)
        await h.service.store.set_chat_language("telegram", "-100", "pl")
        before = await snapshot(h.service.store, table_id)
        kept = dict(h.kept)

    copied = await copy_to_postgres(tmp_path / "db.sqlite3", postgres.target,
                                    schema=postgres.schema)
    assert copied.tables["tables"] == 1 and copied.tables["actions"] == 3
    assert copied.tables["seats"] == 3

    async with open_harness(tmp_path, TR, database=postgres) as h:
        store = h.service.store
        assert store.dialect == "postgresql"
        assert await snapshot(store, table_id) == before
        assert await store.get_chat_language("telegram", "-100") == "pl"
        # the game goes on from the buttons the players were shown on SQLite
        h.kept.update(kept)
        await press_something(h)
        assert len(await store.action_log(table_id)) == 4
        # the sequences go on after the copied ids: a new table is no clash
        other = await store.create_table("telegram", "-200", None, "hanabi",
                                         creator_id="u9", language="en")
        assert other.id == table_id + 1

    # a target holding anything is refused, and changes nothing
    with pytest.raises(CopyRefused, match="not empty"):
        await copy_to_postgres(tmp_path / "db.sqlite3", postgres.target, schema=postgres.schema)
    assert (await postgres.sql("SELECT count(*) FROM tables"))[0][0] == 2


async def test_copy_to_postgres_refuses_a_source_a_bot_has_open(tmp_path, postgres):
    async with Store.open(tmp_path / "db.sqlite3") as store:
        await game_in(store)
        with pytest.raises(CopyRefused, match="in use by 1 running bot"):
            await copy_to_postgres(tmp_path / "db.sqlite3", postgres.target,
                                   schema=postgres.schema)
    assert (await postgres.sql("SELECT count(*) FROM tables"))[0][0] == 0
    with pytest.raises(CopyRefused, match="no SQLite database"):
        await copy_to_postgres(tmp_path / "nothing.sqlite3", postgres.target,
                               schema=postgres.schema)


def test_the_copy_command_refuses_what_is_no_postgresql_url(tmp_path):
    said = gamehost("copy-to-postgres", "mysql://x@y/z",
                    env={"DATABASE_PATH": str(tmp_path / "db.sqlite3")}, cwd=tmp_path)
    assert said.returncode == 1
    assert said.stderr == "gamehost: DATABASE_URL must be a postgresql:// URL\n"
