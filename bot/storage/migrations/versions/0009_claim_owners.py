"""Schema 9: every claim names the process that holds it, so it dies with that process
(bot/storage/processes.py).

* `processes`: one row per running store (a bot process, a worker): who it is (machine, pid
  and the pid's start time, so a reused pid is told apart) and when it last said it is alive.
  A restarted process, the supervisor or any process that finds a claim's owner gone (its
  row deleted, its heartbeat stale, or its pid dead on this machine) releases that claim.
* `message_claims`: a worker's claim to show a kept message now (bot/storage/messages.py),
  moved out of `messages` so that a message not sent yet can be claimed too: two workers
  never both send a new player's panel. Its owner is a process row; `until` stays as the
  longest an edit of a live owner may hold it.
* `due_work.owner` and `claimed_at`: a deadline being fired stays stored, marked with its
  firer, until the firing is done (it was deleted when claimed, and lost if its process
  died before acting on it).
* `seen_updates.owner`: the process handling a Telegram update.
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    real = "REAL" if sqlite else "DOUBLE PRECISION"
    op.execute(f"""
        CREATE TABLE processes (
            id         TEXT    NOT NULL PRIMARY KEY,
            machine    TEXT    NOT NULL,
            pid        INTEGER NOT NULL,
            started    TEXT    NOT NULL,
            label      TEXT    NOT NULL DEFAULT '',
            joined_at  {real}  NOT NULL,
            seen_at    {real}  NOT NULL
        )
    """)
    op.execute(f"""
        CREATE TABLE message_claims (
            table_id BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            role     TEXT    NOT NULL,
            seat     INTEGER NOT NULL,
            version  INTEGER NOT NULL,
            owner    TEXT    NOT NULL,
            until    {real}  NOT NULL,
            PRIMARY KEY (table_id, role, seat)
        )
    """)
    op.execute("CREATE INDEX message_claims_by_owner ON message_claims (owner)")
    # what 0008 kept in `messages` is in `message_claims` now (a claim held across the
    # upgrade is simply dropped: its edit records its version anyway)
    op.execute("ALTER TABLE messages DROP COLUMN claim_version")
    op.execute("ALTER TABLE messages DROP COLUMN claim_until")
    op.execute("ALTER TABLE due_work ADD COLUMN owner TEXT")
    op.execute(f"ALTER TABLE due_work ADD COLUMN claimed_at {real}")
    op.execute("ALTER TABLE seen_updates ADD COLUMN owner TEXT")


def downgrade() -> None:
    raise NotImplementedError("restore a backup to go back")
