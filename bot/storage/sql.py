"""`Tx`: what every store method's SQL runs through, on either backend.

Statements are written once, in the SQL that SQLite and PostgreSQL share, with `:name`
parameters; a tuple or list parameter expands to a list for `IN :name`. SQLAlchemy turns
them into each driver's own form (`?` for sqlite3, `$1` for asyncpg). The few places where
the dialects differ ask `Tx.postgres` (row locks: `Tx.for_update`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import RowMapping


@lru_cache(maxsize=1024)
def _statement(sql: str, expanding: tuple[str, ...]) -> sa.TextClause:
    clause = sa.text(sql)
    if expanding:
        clause = clause.bindparams(*(sa.bindparam(name, expanding=True) for name in expanding))
    return clause


def _prepared(sql: str, params: Mapping[str, Any]) -> sa.TextClause:
    lists = tuple(sorted(k for k, v in params.items() if isinstance(v, tuple | list)))
    return _statement(sql, lists)


class Tx:
    """One transaction (a write) or one read, on one connection of either backend."""

    __slots__ = ("conn", "postgres")

    def __init__(self, conn: sa.Connection) -> None:
        self.conn = conn
        self.postgres = conn.dialect.name == "postgresql"

    @property
    def for_update(self) -> str:
        """Appended to a SELECT whose row the transaction then changes. SQLite needs none
        (a write transaction holds the whole database); PostgreSQL locks the row, so of
        two writers on one table the second waits and then reads what the first wrote."""
        return " FOR UPDATE" if self.postgres else ""

    def execute(self, sql: str, /, **params: Any) -> sa.CursorResult[Any]:
        return self.conn.execute(_prepared(sql, params), params)

    def run(self, sql: str, /, **params: Any) -> int:
        """Run a statement; the number of rows it changed."""
        return int(self.execute(sql, **params).rowcount)

    def one(self, sql: str, /, **params: Any) -> RowMapping | None:
        return self.execute(sql, **params).mappings().first()

    def all(self, sql: str, /, **params: Any) -> list[RowMapping]:
        return list(self.execute(sql, **params).mappings())

    def scalar(self, sql: str, /, **params: Any) -> Any:
        return self.execute(sql, **params).scalar()

    def many(self, sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run a statement once per row of parameters."""
        if rows:
            self.conn.execute(sa.text(sql), list(rows))

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A part of the transaction that can fail alone: on PostgreSQL an error aborts the
        whole transaction unless it happened inside one."""
        with self.conn.begin_nested():
            yield


T = TypeVar("T")


class StorePart:
    """What each part of `Store` (one module per concern, mixed into it) runs through:
    `_read` and `_write` take a plain function of a `Tx` (see database.py), `_clock` gives
    unix seconds."""

    _clock: Callable[[], float]

    async def _read(self, fn: Callable[[Tx], T], *, snapshot: bool = False) -> T:
        raise NotImplementedError

    async def _write(self, fn: Callable[[Tx], T], *, one_statement: bool = False) -> T:
        raise NotImplementedError
