"""The `gamehost` command (the console script of `pip install .`):

    gamehost [--workers N]               run the bot, exactly as `python -m bot`
    gamehost backup FILE [--force]       copy the database to FILE while the bot runs
    gamehost restore FILE [--force]      put a backup back (the bot stopped)
    gamehost migrate                     bring the database's schema up to date, nothing else
    gamehost copy-to-postgres URL        copy the SQLite database into an empty PostgreSQL one
    gamehost --version

Every command reads the same settings as the bot (.env and the environment: DATABASE_PATH,
DATABASE_URL). Library: argparse, as `python -m bot` uses; the commands are few and flat,
so click or typer would add a dependency for nothing we lack. The bot itself (aiogram and
the games) is imported only to run it, so the database commands start quickly; and
SQLAlchemy only for the database commands: every drawing, thinking and physics process of a
bot started as `gamehost` runs this script again as it starts (multiprocessing's "spawn"
re-runs the parent's main script), and would load it for nothing (~20 MB and most of a
second each).

Exit status: 0 done, 1 the command failed (the line printed says why and what to do),
2 bad arguments or settings.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

COMMANDS = ("backup", "restore", "migrate", "copy-to-postgres")


def package_version() -> str:
    try:
        return version("chatgames")
    except PackageNotFoundError:  # a checkout run without installing
        return "unknown"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gamehost", description="Run the game-host bot (with no command: as `python -m "
        "bot`, which takes --workers N), or look after its database.")
    parser.add_argument("--version", action="version", version=f"gamehost {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    backup = sub.add_parser("backup", help="copy the database to FILE, safely while the bot "
                            "runs (SQLite); for PostgreSQL, print the pg_dump command")
    backup.add_argument("file", type=Path, metavar="FILE")
    backup.add_argument("--force", action="store_true", help="replace FILE if it exists")
    restore = sub.add_parser("restore", help="replace the database with a backup made by "
                             "`gamehost backup` (stop the bot first)")
    restore.add_argument("file", type=Path, metavar="FILE")
    restore.add_argument("--force", action="store_true",
                         help="replace a database that already holds tables")
    sub.add_parser("migrate", help="bring the database's schema up to date (the bot also "
                   "does at start) and change nothing else")
    copy = sub.add_parser("copy-to-postgres", help="copy every table of the SQLite database "
                          "(DATABASE_PATH) into the empty PostgreSQL database at URL")
    copy.add_argument("url", metavar="DATABASE_URL")
    return parser


def _first_line(exc: BaseException) -> str:
    """An error's first line (a driver's error goes on with the statement it ran)."""
    original = getattr(exc, "orig", None) or exc
    text = str(original).strip().splitlines()
    return f"{type(original).__name__}: {text[0] if text else ''}"


def _fail(message: str) -> int:
    print(f"gamehost: {message}", file=sys.stderr)
    return 1


def _settings():  # -> Settings | None, after saying what is wrong
    from bot.config import ConfigError, load_settings

    try:
        return load_settings()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        print("See .env.example for every setting.", file=sys.stderr)
        return None


def backup(file: Path, *, force: bool) -> int:
    from bot.storage.backup import BackupError, PostgresTarget, backup_sqlite

    settings = _settings()
    if settings is None:
        return 2
    if settings.database_url is not None:
        target = PostgresTarget.from_url(settings.database_url.get_secret_value())
        print("The database is PostgreSQL: back it up with pg_dump (the password from "
              "PGPASSWORD or ~/.pgpass):")
        print(f"  {target.dump_command(file)}")
        print("and put it back with:")
        print(f"  {target.restore_command(file)}")
        return 1
    try:
        summary = backup_sqlite(settings.database_path, file, force=force)
    except BackupError as exc:
        return _fail(str(exc))
    print(f"Backed up {settings.database_path} to {file} ({summary}).")
    return 0


def restore(file: Path, *, force: bool) -> int:
    from bot.storage.backup import BackupError, PostgresTarget, restore_sqlite

    settings = _settings()
    if settings is None:
        return 2
    if settings.database_url is not None:
        target = PostgresTarget.from_url(settings.database_url.get_secret_value())
        print("The database is PostgreSQL: restore a pg_dump file with (the bot stopped):")
        print(f"  {target.restore_command(file)}")
        return 1
    try:
        summary = restore_sqlite(file, settings.database_path, force=force)
    except BackupError as exc:
        return _fail(str(exc))
    print(f"Restored {file} into {settings.database_path} ({summary}); the bot upgrades "
          "its schema at start if the backup is older.")
    return 0


def migrate() -> int:
    from sqlalchemy.exc import DBAPIError

    from bot.storage.database import open_database
    from bot.storage.errors import StoreError
    from bot.storage.schema import SCHEMA_VERSION

    settings = _settings()
    if settings is None:
        return 2

    async def run() -> int:
        database, before = await open_database(settings.database, pool_size=1)
        await database.close()
        return before

    try:
        before = asyncio.run(run())
    except StoreError as exc:  # SchemaTooNew included
        return _fail(f"{settings.database_label}: {exc}")
    except (OSError, DBAPIError) as exc:
        return _fail(f"cannot open {settings.database_label}: {_first_line(exc)}")
    if before == SCHEMA_VERSION:
        print(f"{settings.database_label} is at schema {SCHEMA_VERSION}; nothing to do.")
    else:
        print(f"Migrated {settings.database_label} from schema {before} to {SCHEMA_VERSION}.")
    return 0


def copy_to_postgres(url: str) -> int:
    from sqlalchemy.exc import DBAPIError

    from bot.storage.copy import CopyRefused
    from bot.storage.copy import copy_to_postgres as copy
    from bot.storage.database import is_postgres_url

    settings = _settings()
    if settings is None:
        return 2
    if not is_postgres_url(url):
        return _fail("DATABASE_URL must be a postgresql:// URL")
    if settings.database_url is not None:
        return _fail("the bot's settings name PostgreSQL already (DATABASE_URL); unset it, "
                     "so that DATABASE_PATH names the SQLite database to copy")
    try:
        copied = asyncio.run(copy(settings.database_path, url))
    except CopyRefused as exc:
        return _fail(str(exc))
    except (OSError, DBAPIError) as exc:
        return _fail(f"cannot copy: {_first_line(exc)}")
    print(f"{copied} from {settings.database_path}. Set DATABASE_URL to this database "
          "and start the bot.")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in (*COMMANDS, "--version", "-h", "--help"):
        from bot.__main__ import main as run_bot  # the bot, with python -m bot's flags

        return run_bot(argv)
    args = _parser().parse_args(argv)
    if args.command == "backup":
        return backup(args.file, force=args.force)
    if args.command == "restore":
        return restore(args.file, force=args.force)
    if args.command == "migrate":
        return migrate()
    return copy_to_postgres(args.url)


if __name__ == "__main__":
    sys.exit(main())
