"""How the bot's log lines look, tracebacks included, without what players may not see.

Every failure is logged with its traceback (where it was raised and through which calls),
but an exception's text may quote what it was working on: a hidden hand's card in a
`KeyError`, a message being shown. So a traceback keeps each exception's type and drops its
text, except for exceptions raised by what the bot talks to (the network, the database, the
platforms' APIs), whose text says what went wrong there and holds no game content (the
database's errors carry no parameters: SQLAlchemy is told to hide them).
"""

from __future__ import annotations

import logging
import traceback
from types import TracebackType

# Modules whose exceptions' text is kept: they describe the outside world, not a game.
_TOLD = ("sqlalchemy.", "asyncpg.", "aiohttp.", "aiogram.", "discord.", "alembic.",
         "concurrent.futures.", "asyncio.", "ssl.", "socket.")

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


def told(error: BaseException) -> bool:
    """Whether `error`'s text may go into a log."""
    module = type(error).__module__ + "."
    return isinstance(error, OSError | TimeoutError) or module.startswith(_TOLD)


def withheld_traceback(error: BaseException) -> str:
    """`error`'s traceback with its causes, as Python prints it, each exception's text left
    out where it might quote game content."""
    chain: list[tuple[BaseException, str]] = []
    seen: set[int] = set()
    current: BaseException | None = error
    link = ""
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        chain.append((current, link))
        if current.__cause__ is not None:
            current, link = current.__cause__, ("\nThe above exception was the direct cause "
                                                "of the following exception:\n\n")
        elif current.__context__ is not None and not current.__suppress_context__:
            current, link = current.__context__, ("\nDuring handling of the above exception, "
                                                  "another exception occurred:\n\n")
        else:
            current = None
    parts: list[str] = []
    for exception, link_after in reversed(chain):
        parts.append("Traceback (most recent call last):\n")
        parts.extend(traceback.format_tb(exception.__traceback__))
        kind = type(exception)
        name = kind.__qualname__ if kind.__module__ == "builtins" else \
            f"{kind.__module__}.{kind.__qualname__}"
        if told(exception):
            parts.append(f"{name}: {exception}\n")
        else:
            parts.append(f"{name} (its text withheld: it may show game content)\n")
        parts.append(link_after)
    return "".join(parts).rstrip("\n")


class Formatter(logging.Formatter):
    """The bot's formatter: tracebacks as `withheld_traceback` writes them."""

    def formatException(self, ei: object) -> str:
        if isinstance(ei, tuple) and len(ei) == 3 and isinstance(ei[1], BaseException):
            return withheld_traceback(ei[1])
        return super().formatException(ei)  # type: ignore[arg-type]


def configure(level: str, worker: int | None = None) -> None:
    """Log to stderr at `level`, each line naming the worker (of `--workers N`) if any."""
    who = f" w{worker}" if worker is not None else ""
    handler = logging.StreamHandler()
    handler.setFormatter(Formatter(f"%(asctime)s %(levelname)-7s{who} %(name)s: %(message)s",
                                   datefmt="%Y-%m-%d %H:%M:%S"))
    logging.basicConfig(level=level, handlers=[handler])
