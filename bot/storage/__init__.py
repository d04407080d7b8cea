"""Persistent storage for the host: SQLite through aiosqlite, schema by migrations.

`Store` is the only way the table service touches the database; see `store.py`
for its guarantees and `schema.py` for the tables.
"""

from .chat_options import ChatOptions
from .clocks import Vote
from .due import DueWork
from .records import SeatResult
from .schema import MIGRATIONS, SCHEMA_VERSION, SchemaTooNew, StoreError
from .store import (
    ACTIVE,
    PUBLIC_SEAT,
    ActionRecord,
    ActiveTableExists,
    AlreadySeated,
    DmStatus,
    MessageRef,
    PendingJoin,
    Platform,
    SeatRow,
    Status,
    StatusConflict,
    Store,
    TableFull,
    TableNotFound,
    TableRow,
    UserSettings,
    VersionConflict,
)

__all__ = [
    "ACTIVE",
    "MIGRATIONS",
    "PUBLIC_SEAT",
    "SCHEMA_VERSION",
    "ActionRecord",
    "ActiveTableExists",
    "AlreadySeated",
    "ChatOptions",
    "DmStatus",
    "DueWork",
    "MessageRef",
    "PendingJoin",
    "Platform",
    "SchemaTooNew",
    "SeatResult",
    "SeatRow",
    "Status",
    "StatusConflict",
    "Store",
    "StoreError",
    "TableFull",
    "TableNotFound",
    "TableRow",
    "UserSettings",
    "VersionConflict",
    "Vote",
]
