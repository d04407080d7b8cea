"""Schema 10: turn reminders in Discord direct messages are a player's choice, and the
slash commands are synced only when they changed (bot/discord/dms.py, bot/discord/sync.py).

* `user_settings.turn_dms`: 1 when the player asked for a direct message at their turn
  (`/dms on`); NULL or 0, the default, sends none.
* `user_settings.dm_channel_id`: their DM channel, opened once and reused: opening DM
  channels is what Discord's anti-spam watches, and discord.py keeps only 128 of them.
  (Not `dm_chat_id`: that one is where a player's panels go, which on Discord are
  ephemeral replies in the table's channel.)
* `user_settings.dm_refused_at`: when Discord last said the player takes no direct messages
  from the bot (50007); none is tried again for an hour after.
* `command_syncs`: the digest of the command tree each application last synced, so a start
  with the same commands sends no sync (Discord limits them) whichever process starts.
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    real = "REAL" if sqlite else "DOUBLE PRECISION"
    op.execute("ALTER TABLE user_settings ADD COLUMN turn_dms SMALLINT"
               " CHECK (turn_dms IS NULL OR turn_dms IN (0, 1))")
    op.execute("ALTER TABLE user_settings ADD COLUMN dm_channel_id TEXT")
    op.execute(f"ALTER TABLE user_settings ADD COLUMN dm_refused_at {real}")
    op.execute(f"""
        CREATE TABLE command_syncs (
            name      TEXT    NOT NULL PRIMARY KEY,
            digest    TEXT    NOT NULL,
            synced_at {real}  NOT NULL
        )
    """)


def downgrade() -> None:
    raise NotImplementedError("restore a backup to go back")
