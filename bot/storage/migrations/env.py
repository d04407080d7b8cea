"""Alembic's environment for the bot's migrations, used two ways:

* by the bot itself (schema.migrate, through `alembic.command.upgrade`), which hands over
  its connection in `config.attributes["connection"]`, inside the transaction it opened:
  the migrations run there, so a database is either fully upgraded or untouched;
* by the Alembic command line from the repository (`alembic upgrade head`, alembic.ini),
  on the database the bot's settings name (DATABASE_URL, else DATABASE_PATH; `-x url=…`
  overrides them), in one transaction of its own. `gamehost migrate` does the same from an
  installed package, where there is no alembic.ini.
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig

import sqlalchemy as sa
from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

_LOCK_KEY = 0x67616D65  # as schema.py: one migrating process at a time on PostgreSQL


def _run(connection: sa.Connection) -> None:
    context.configure(connection=connection, transaction_per_migration=False)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
        context.run_migrations()


def _target() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url")
    if url:
        return url
    from bot.config import load_settings

    return str(load_settings().database)


def _run_command_line() -> None:
    target = _target()
    if target.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        url = "postgresql+asyncpg://" + target.split("://", 1)[1]

        async def run_async() -> None:
            engine = create_async_engine(url)
            try:
                async with engine.connect() as connection:
                    await connection.run_sync(_run)
                    await connection.commit()
            finally:
                await engine.dispose()

        asyncio.run(run_async())
        return
    engine = sa.create_engine(sa.URL.create("sqlite", database=target))
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA foreign_keys = ON")
            _run(connection)
            connection.commit()
    finally:
        engine.dispose()


def run() -> None:
    shared = context.config.attributes.get("connection")
    if shared is not None:
        # the bot's own call: its transaction, already begun, is the migrations' transaction
        context.configure(connection=shared, transaction_per_migration=False)
        context.run_migrations()
        return
    if context.config.config_file_name is not None:
        fileConfig(context.config.config_file_name)
    _run_command_line()


# Alembic runs this file with its context set up; imported any other way (pytest's doctest
# collection imports every module) there is nothing to run.
if getattr(context, "config", None) is not None:
    run()
