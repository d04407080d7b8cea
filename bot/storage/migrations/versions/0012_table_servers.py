"""Schema 12: the server a table is in, so that a process on some of a Discord bot's shards
shows again after a start only the tables of its own shards' servers (bot/resuming.py).

* `tables.server_id`: the Discord server (guild) of the table's channel, as the interaction
  that opened it said; NULL on other platforms and for tables opened before this schema
  (those are shown again by the process that runs shard 0).
"""

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE tables ADD COLUMN server_id TEXT")


def downgrade() -> None:
    raise NotImplementedError("restore a backup to go back")
