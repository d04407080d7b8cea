"""Schema 7: the Telegram updates a webhook worker has taken or handled (bot/storage/updates.py).

Telegram redelivers an update whose webhook request failed, and with several worker
processes the second delivery may reach another process while the first still works on it,
or after it finished but before Telegram heard so. One row per (bot, update_id) makes the
update a claim exactly one worker wins. The table is new, so the same statements serve both
dialects (PostgreSQL's BIGINT and DOUBLE PRECISION are SQLite's INTEGER and REAL).
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("""
        CREATE TABLE seen_updates (
            bot_id     TEXT    NOT NULL,
            update_id  BIGINT  NOT NULL,
            worker     INTEGER NOT NULL,
            claim      TEXT    NOT NULL,
            claimed_at DOUBLE PRECISION NOT NULL,
            done_at    DOUBLE PRECISION,
            PRIMARY KEY (bot_id, update_id)
        )
    """)
    op.execute("CREATE INDEX seen_updates_by_done ON seen_updates (done_at)")


def downgrade() -> None:
    raise NotImplementedError("restore a backup to go back")
