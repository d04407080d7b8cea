"""Silenced tables in the store: the mark, and their deadlines moved out of reach while the
chat refuses the bot (bot/silenced_tables.py says when and why)."""

from __future__ import annotations

from bot.silenced_tables import PAUSE, Silenced

from .rows import Platform, Status
from .sql import StorePart, Tx

_ACTIVE = (str(Status.LOBBY), str(Status.PLAYING))


class SilenceStore(StorePart):
    async def silence_table(self, table_id: int, *, now: float, until: float) -> bool:
        """Pause an active table whose chat refuses the bot until `until`; False if it was
        already paused (its first deadline stands) or is no longer active."""

        def tx(tx: Tx) -> bool:
            marked = tx.run(
                "UPDATE tables SET silenced_at = :now, silenced_until = :until"
                " WHERE id = :id AND silenced_at IS NULL AND status IN :active",
                id=table_id, now=now, until=until, active=_ACTIVE)
            if marked:
                tx.run("UPDATE due_work SET due_at = due_at + :pause"
                       " WHERE table_id = :id AND due_at < :mark",
                       id=table_id, pause=PAUSE, mark=now + PAUSE / 2)
            return bool(marked)

        return await self._write(tx)

    async def speak_again(self, table_id: int, *, now: float) -> float | None:
        """The table's chat takes messages again: its deadlines come back, later by the time
        it was paused; returns that time (None: it was not paused)."""

        def tx(tx: Tx) -> float | None:
            since = tx.scalar("SELECT silenced_at FROM tables WHERE id = :id" + tx.for_update,
                              id=table_id)
            if since is None:
                return None
            paused = max(0.0, now - since)
            tx.run("UPDATE due_work SET due_at = due_at - :pause + :paused"
                   " WHERE table_id = :id AND due_at >= :mark",
                   id=table_id, pause=PAUSE, paused=paused, mark=now + PAUSE / 2)
            tx.run("UPDATE tables SET silenced_at = NULL, silenced_until = NULL WHERE id = :id",
                   id=table_id)
            return paused

        return await self._write(tx)

    async def silenced_tables(self, platform: str) -> list[Silenced]:
        """The platform's active tables that are paused, oldest first."""
        rows = await self._read(lambda tx: tx.all(
            "SELECT id, chat_id, thread_id, silenced_at, silenced_until FROM tables"
            " WHERE platform = :platform AND silenced_at IS NOT NULL AND status IN :active"
            " ORDER BY id", platform=Platform(platform), active=_ACTIVE))
        return [Silenced(row["id"], row["chat_id"], row["thread_id"] or None,
                         row["silenced_at"], row["silenced_until"]) for row in rows]
