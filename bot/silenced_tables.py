"""Tables whose chat stopped taking the bot's messages: paused, then resumed or ended.

A platform adapter that finds a table's chat refusing its messages for want of a permission
(Discord: Send Messages or View Channel taken away mid-game) calls `silence`: the table is
marked in the store with when it went quiet and when it ends if it stays so, and its
deadlines (turn clocks, reminders, votes, computer turns, a lobby's timeout) are moved
`PAUSE` seconds on, so none fires while nobody can see the table. `speak_again` gives them
back less the time paused (the clocks stood still meanwhile) and clears the mark; `due`
lists the tables whose time to speak again has run out, which the adapter then ends (the
table service's `chat_lost`). Everything is stored, so a restart changes nothing: the mark,
the paused deadlines and the end's deadline are read again from the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.rows import Platform, Status
from bot.storage.sql import StorePart, Tx

PAUSE = 1.0e9
"""Seconds a silenced table's deadlines are moved on: decades past any real one, so none
fires while it is paused, and told apart from the others by a due time past now + PAUSE/2."""
_ACTIVE = (str(Status.LOBBY), str(Status.PLAYING))


@dataclass(frozen=True)
class Silenced:
    """A table whose chat refuses the bot: since when, and when it ends if it still does."""

    table_id: int
    chat_id: str
    thread_id: str | None
    since: float
    until: float


async def silence(store: StorePart, table_id: int, *, now: float, until: float) -> bool:
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

    return await store._write(tx)


async def speak_again(store: StorePart, table_id: int, *, now: float) -> float | None:
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

    return await store._write(tx)


async def silenced(store: StorePart, platform: str) -> list[Silenced]:
    """The platform's active tables that are paused, oldest first."""
    rows = await store._read(lambda tx: tx.all(
        "SELECT id, chat_id, thread_id, silenced_at, silenced_until FROM tables"
        " WHERE platform = :platform AND silenced_at IS NOT NULL AND status IN :active"
        " ORDER BY id", platform=Platform(platform), active=_ACTIVE))
    return [Silenced(row["id"], row["chat_id"], row["thread_id"] or None,
                     row["silenced_at"], row["silenced_until"]) for row in rows]


async def due(store: StorePart, platform: str, now: float) -> list[Silenced]:
    """The paused tables whose time to speak again ran out by `now`."""
    return [s for s in await silenced(store, platform) if s.until <= now]
