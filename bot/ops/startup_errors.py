"""One clear line for each common mistake at start-up, and patience with what is not up yet.

A bad setting or a missing piece of the machine (PostgreSQL down, its database or role
missing, a DATABASE_PATH this user cannot write, a port another program holds) used to end
the bot with 18 to 150 lines of traceback. `explain(error, settings)` turns such an error
into one line — what is wrong, and what to do — which `python -m bot` prints on stderr
before it exits with status 2 (`StartupError`).

What may only be not up *yet* (PostgreSQL starting beside the bot, the network not there at
boot, Telegram answering 5xx for a moment) is tried again by `retrying`, with a back-off
that doubles, for STARTUP_RETRY seconds, and only then given up on with that line.
Mistakes no wait can fix (a missing database, a refused password, an unwritable folder)
are reported at once.

Rejected: tenacity (a retry library). Deciding what is worth retrying and what to say
after is this module's job either way; the back-off left to it is a line.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import socket
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

T = TypeVar("T")

FIRST_WAIT = 1.0
"""Seconds before the first retry; each next wait doubles, up to `MAX_WAIT`."""
MAX_WAIT = 8.0


class StartupError(Exception):
    """The bot cannot start; the message is one line saying what is wrong and what to do."""


def _chain(error: BaseException) -> Iterator[BaseException]:
    """`error` and what caused it (SQLAlchemy's wrapped driver error, `raise ... from`)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [error]
    while todo:
        current = todo.pop(0)
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        todo.extend([getattr(current, "orig", None), current.__cause__, current.__context__])


def _find(error: BaseException, kinds: type[BaseException] | tuple[type[BaseException], ...]
          ) -> BaseException | None:
    return next((e for e in _chain(error) if isinstance(e, kinds)), None)


def _why(error: BaseException) -> str:
    """A short cause, never an exception's full text (it could quote a password)."""
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, TimeoutError):
        return "no answer"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.split(" (")[0].lower()
    return type(error).__name__


def _said(*parts: str, wait: bool) -> tuple[str, bool]:
    """A line (in parts) and whether waiting might help."""
    return "".join(parts), wait


# --- the database -----------------------------------------------------------------------


def _postgres(settings: Settings) -> tuple[str, int, str, str]:
    assert settings.database_url is not None
    parts = urlsplit(settings.database_url.get_secret_value())
    return (parts.hostname or "localhost", parts.port or 5432,
            parts.username or "postgres", (parts.path or "/").lstrip("/") or
            parts.username or "postgres")


def _database_line(error: BaseException, settings: Settings) -> tuple[str, bool] | None:
    """(the line, whether waiting might help) for a failure to open the database."""
    if settings.database_url is not None:
        import asyncpg

        host, port, user, name = _postgres(settings)
        at = f"-h {host} -p {port}"
        if _find(error, asyncpg.InvalidCatalogNameError):
            return _said(f'PostgreSQL at {host}:{port} has no database "{name}": create it '
                    f"(createdb {at} -U postgres -O {user} {name}) or name another in "
                    "DATABASE_URL", wait=False)
        if _find(error, asyncpg.InvalidPasswordError):
            return _said(f'PostgreSQL at {host}:{port} refused the password of role "{user}": put '
                    "the right one in DATABASE_URL (postgresql://USER:PASSWORD@HOST/DB)",
                    wait=False)
        if _find(error, asyncpg.InvalidAuthorizationSpecificationError):
            return _said(f'PostgreSQL at {host}:{port} refused role "{user}" (it does not exist or '
                    f"may not connect): create it (createuser {at} -U postgres {user}) or "
                    "name another in DATABASE_URL", wait=False)
        if _find(error, asyncpg.InsufficientPrivilegeError):
            return _said(f'Role "{user}" may not create the bot\'s tables in database "{name}" at '
                    f"{host}:{port}: make it the database's owner (ALTER DATABASE {name} "
                    f"OWNER TO {user})", wait=False)
        cause = _find(error, (OSError, asyncpg.CannotConnectNowError,
                              asyncpg.TooManyConnectionsError, asyncpg.ConnectionDoesNotExistError))
        if cause is not None:
            if isinstance(cause, socket.gaierror):
                return _said(f'Cannot find the PostgreSQL host "{host}" (a name lookup failed): '
                        "fix the host in DATABASE_URL", wait=True)
            return _said(f"Cannot reach PostgreSQL at {host}:{port} ({_why(cause)}): start it, or "
                    "fix the host and port in DATABASE_URL", wait=True)
        return None
    path = settings.database_path
    locked = _find(error, sqlite3.OperationalError)
    if locked is not None and "locked" in str(locked):
        return _said(f"The SQLite database {path} is locked by another process: stop the other "
                "bot using it, or set DATABASE_PATH to another file", wait=True)
    cause = _find(error, (PermissionError, NotADirectoryError, FileNotFoundError,
                          FileExistsError, IsADirectoryError))
    if cause is None and locked is not None and any(
            words in str(locked) for words in ("unable to open", "readonly", "read-only")):
        cause = locked
    if cause is not None:
        reason = "permission denied" if isinstance(cause, PermissionError) else (
            "a part of the path is a file, not a folder"
            if isinstance(cause, NotADirectoryError | FileExistsError)
            else "it is a folder" if isinstance(cause, IsADirectoryError)
            else "its folder cannot be made" if isinstance(cause, FileNotFoundError)
            else "it cannot be opened for writing")
        return _said(f"Cannot write the SQLite database {path} ({reason}): set DATABASE_PATH to a "
                "file in a folder this user may write to, or fix the folder's permissions",
                wait=False)
    return None


# --- ports ------------------------------------------------------------------------------

_ADDRESS = re.compile(r"\('?([^',]*)'?, (\d+)\)")


def _port_settings(settings: Settings, port: int | None) -> str:
    names = [name for name, value in (("PLAYGROUND_PORT", settings.playground_port),
                                      ("TELEGRAM_WEBHOOK_PORT", settings.telegram_webhook_port),
                                      ("OPS_PORT", settings.ops_port)) if value == port]
    return " or ".join(names) or "the port setting"


def _port_line(error: BaseException, settings: Settings) -> str | None:
    cause = _find(error, OSError)
    if cause is None or cause.errno not in (errno.EADDRINUSE, errno.EADDRNOTAVAIL, errno.EACCES):
        return None
    found = _ADDRESS.search(str(cause))
    if found is None and cause.errno != errno.EADDRINUSE:
        return None  # (EACCES and the like come from files too: not about a port)
    host, port = (found.group(1), int(found.group(2))) if found else ("", None)
    where = f"{host}:{port}" if found else "a port"
    setting = _port_settings(settings, port)
    if cause.errno == errno.EADDRINUSE:
        taken = f"Port {port} on {host}" if found else "A port"
        return f"{taken} is in use by another program: stop it, or set {setting} to a free port"
    if cause.errno == errno.EACCES:
        return (f"Cannot listen on {where} (ports below 1024 need root): set {setting} to a "
                "port above 1023")
    return (f"Cannot listen on {where}: {host} is no address of this machine; set the host "
            "setting beside " + setting + " to one (127.0.0.1, or 0.0.0.0 for all)")


# --- platforms --------------------------------------------------------------------------


def _platform_line(error: BaseException, settings: Settings) -> tuple[str, bool] | None:
    try:
        from aiogram.exceptions import TelegramNetworkError, TelegramServerError
    except ImportError:  # pragma: no cover - aiogram is a dependency
        return None
    cause = _find(error, (TelegramNetworkError, TelegramServerError))
    if cause is not None:
        server = settings.telegram_api_server or "https://api.telegram.org"
        return _said(f"Cannot reach Telegram's Bot API at {server} ({type(cause).__name__}): check "
                "this machine's network (and TELEGRAM_API_SERVER if set)", wait=True)
    try:
        import aiohttp
        import discord
    except ImportError:  # pragma: no cover
        return None
    cause = _find(error, (aiohttp.ClientConnectionError, discord.DiscordServerError,
                          discord.GatewayNotFound))
    if cause is not None:
        return _said(f"Cannot reach Discord ({type(cause).__name__}): check this machine's "
                "network", wait=True)
    return None


def explain(error: BaseException, settings: Settings) -> str | None:
    """One line for a start-up failure we know, or None (a bug: its traceback is due)."""
    if isinstance(error, StartupError):
        return str(error)
    found = _platform_line(error, settings)
    if found is None and (port := _port_line(error, settings)) is not None:
        return port  # (before the database's: a refused bind is a PermissionError too)
    found = found or _database_line(error, settings)
    return found[0] if found is not None else None


def retryable(error: BaseException, settings: Settings) -> bool:
    """Whether waiting might help: something not up yet, rather than a mistake."""
    found = _platform_line(error, settings) or _database_line(error, settings)
    return found is not None and found[1]


_configured: list[Settings] = []


def configure(settings: Settings | None) -> None:
    """The settings `retrying` reads while the bot runs (None: retry nothing)."""
    _configured[:] = [settings] if settings is not None else []


async def retrying(what: str, attempt: Callable[[], Awaitable[T]],
                   settings: Settings | None = None, *,
                   sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                   clock: Callable[[], float] = time.monotonic) -> T:
    """`await attempt()`, tried again while it fails in a way waiting might help, for
    `settings.startup_retry` seconds; then, or at once for a known mistake, `StartupError`
    with its line. An error not known here is raised as it is. Without `settings`, those
    `configure` gave (none: one attempt, its error raised as it is)."""
    settings = settings or (_configured[0] if _configured else None)
    if settings is None:
        return await attempt()
    patience = settings.startup_retry
    started = clock()
    wait = FIRST_WAIT
    while True:
        try:
            return await attempt()
        except Exception as error:
            line = explain(error, settings)
            if line is None:
                raise
            left = patience - (clock() - started)
            if not retryable(error, settings) or left <= 0:
                raise StartupError(line) from None
            wait = min(wait, left)
            log.warning("%s: %s; trying again in %.0f s", what, line, wait)
            await sleep(wait)
            wait = min(MAX_WAIT, wait * 2)
