"""Schema 11: a table whose chat stopped taking the bot's messages (a permission taken away
mid-game) is paused, and ends unless the permission comes back in time (bot/silenced_tables.py).

* `tables.silenced_at`: when the chat first refused the bot (epoch seconds); NULL: it speaks.
  While it is set, the table's deadlines are moved far on (paused), and given back, less
  the time paused, when the chat takes messages again.
* `tables.silenced_until`: when the table ends if the chat still refuses the bot.
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real = "REAL" if op.get_bind().dialect.name == "sqlite" else "DOUBLE PRECISION"
    op.execute(f"ALTER TABLE tables ADD COLUMN silenced_at {real}")
    op.execute(f"ALTER TABLE tables ADD COLUMN silenced_until {real}")


def downgrade() -> None:
    raise NotImplementedError("restore a backup to go back")
