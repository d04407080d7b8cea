"""Persistent storage for the host: SQLite (default) or PostgreSQL through SQLAlchemy,
schema by Alembic migrations.

`Store` is the only way the table service touches the database; see `store.py`
for its guarantees, `database.py` for the two backends and `schema.py` for the versions.
"""

from .budgets import Budget
from .chat_options import ChatOptions
from .clocks import Vote
from .due import DueWork
from .errors import SchemaTooNew, StoreError
from .messages import Claim
from .records import SeatResult
from .schema import SCHEMA_VERSION
from .sqlite_legacy import MIGRATIONS
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
    "Budget",
    "ChatOptions",
    "Claim",
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
