"""Telegram deep-link joins: a single-use token in `t.me/<bot>?start=<token>`."""

from __future__ import annotations

import re
import secrets

from .rows import Id, PendingJoin, Status
from .sql import StorePart, Tx
from .tables import require_table

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a token can be (Telegram's alphabet of start payloads): anything else a person types
after /start is no token, and is not sent to the database (PostgreSQL refuses a NUL)."""


class JoinStore(StorePart):
    async def create_pending_join(self, table_id: int, user_id: Id) -> str:
        """A token to put in `t.me/<bot>?start=<token>` (22 chars of [A-Za-z0-9_-]).

        Pressing Join twice returns the same token, so an earlier link keeps working.
        Only for a table in its lobby (`StatusConflict` otherwise).
        """
        user = str(user_id)

        def tx(tx: Tx) -> str:
            # the table's lock first: two presses in two processes make one token
            require_table(tx, table_id)
            existing = tx.one(
                "SELECT token FROM pending_joins WHERE table_id = :table AND user_id = :user",
                table=table_id, user=user)
            if existing is not None:
                return str(existing["token"])
            require_table(tx, table_id, (Status.LOBBY,))
            while True:
                # 128 random bits: unguessable, and well inside the 64-char payload limit.
                token = secrets.token_urlsafe(16)
                if not tx.one("SELECT 1 FROM pending_joins WHERE token = :token", token=token):
                    break
            tx.run("INSERT INTO pending_joins (token, table_id, user_id, created_at)"
                   " VALUES (:token, :table, :user, :now)",
                   token=token, table=table_id, user=user, now=self._clock())
            return token

        return await self._write(tx)

    async def consume_pending_join(
        self, token: str, *, user_id: Id | None = None, max_age: float | None = None
    ) -> PendingJoin | None:
        """Take a token (single use). None if unknown, already used or too old.

        With `user_id`, a token that belongs to someone else (a forwarded link) is
        neither returned nor used up.
        """
        if not TOKEN.fullmatch(token):
            return None
        owner = {} if user_id is None else {"user": str(user_id)}

        def tx(tx: Tx) -> PendingJoin | None:
            # one statement finds and uses it up: of two racing consumers one gets it
            row = tx.one("DELETE FROM pending_joins WHERE token = :token"
                         + (" AND user_id = :user" if owner else "") + " RETURNING *",
                         token=token, **owner)
            if row is None:
                return None
            if max_age is not None and self._clock() - row["created_at"] > max_age:
                return None
            return PendingJoin(row["token"], row["table_id"], row["user_id"], row["created_at"])

        return await self._write(tx)

    async def purge_pending_joins(self, older_than: float) -> int:
        """Forget tokens older than `older_than` seconds; return how many."""
        cutoff = self._clock() - older_than
        return await self._write(lambda tx: tx.run(
            "DELETE FROM pending_joins WHERE created_at < :cutoff", cutoff=cutoff))
