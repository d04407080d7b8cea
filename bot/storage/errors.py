"""Everything the store raises on purpose: callers catch these, never a driver's errors."""

from __future__ import annotations

from collections.abc import Iterable


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


class TableNotFound(StoreError, LookupError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} does not exist")
        self.table_id = table_id


class ActiveTableExists(StoreError):
    """The chat (or forum topic / thread) already has a lobby or a running game."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} is already active here")
        self.table_id = table_id


class VersionConflict(StoreError):
    """The table moved on since the action was checked; nothing was changed."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        super().__init__(f"table {table_id} is at version {actual}, not {expected}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class StatusConflict(StoreError):
    """The operation is not allowed in the table's current status; nothing was changed."""

    def __init__(self, table_id: int, status: str, allowed: Iterable[str]) -> None:
        from .rows import Status

        allowed = tuple(allowed)
        super().__init__(f"table {table_id} is {status}; needs one of {', '.join(allowed)}")
        self.table_id = table_id
        self.status = Status(status)
        self.allowed = tuple(Status(s) for s in allowed)


class AlreadySeated(StoreError):
    def __init__(self, table_id: int, user_id: str) -> None:
        super().__init__(f"user {user_id} is already at table {table_id}")
        self.table_id = table_id
        self.user_id = user_id


class TableFull(StoreError):
    def __init__(self, table_id: int, max_seats: int) -> None:
        super().__init__(f"table {table_id} already has {max_seats} players")
        self.table_id = table_id
        self.max_seats = max_seats
