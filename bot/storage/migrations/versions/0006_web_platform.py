"""Schema 6: the web playground (bot/web) is a platform too.

The four tables that name a platform widen their CHECK to admit 'web'. On PostgreSQL the
column constraints are dropped and added again under their own names. On SQLite a CHECK
cannot be altered; loosening one needs no rebuild, though: the tables' SQL is edited in place
(SQLite's documented shortcut, https://sqlite.org/lang_altertable.html#otheralter, safe here
because every stored row satisfies the wider check), and a throwaway table then bumps the
schema cookie so that every open connection reads the new definitions.
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

TABLES = ("tables", "chat_settings", "user_settings", "chat_options")
OLD = "platform IN ('telegram', 'discord')"
NEW = "platform IN ('telegram', 'discord', 'web')"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        names = ", ".join(f"'{table}'" for table in TABLES)
        op.execute("PRAGMA writable_schema = ON")
        op.execute(f"UPDATE sqlite_master SET sql = replace(sql, \"{OLD}\", \"{NEW}\")"
                   f" WHERE type = 'table' AND name IN ({names})")
        op.execute("PRAGMA writable_schema = RESET")
        op.execute("CREATE TABLE schema_bump (x)")
        op.execute("DROP TABLE schema_bump")
    else:
        for table in TABLES:
            op.execute(f"ALTER TABLE {table} DROP CONSTRAINT {table}_platform_check,"
                       f" ADD CONSTRAINT {table}_platform_check CHECK ({NEW})")


def downgrade() -> None:
    raise NotImplementedError("restore a backup to go back")
