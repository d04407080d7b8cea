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
from typing import Protocol

PAUSE = 1.0e9
"""Seconds a silenced table's deadlines are moved on: decades past any real one, so none
fires while it is paused, and told apart from the others by a due time past now + PAUSE/2."""


@dataclass(frozen=True)
class Silenced:
    """A table whose chat refuses the bot: since when, and when it ends if it still does."""

    table_id: int
    chat_id: str
    thread_id: str | None
    since: float
    until: float


class SilenceBook(Protocol):
    """The store's part (bot/storage/silences.py)."""

    async def silence_table(self, table_id: int, *, now: float, until: float) -> bool:
        """Pause an active table whose chat refuses the bot until `until`; False if it was
        already paused (its first deadline stands) or is no longer active."""
        ...

    async def speak_again(self, table_id: int, *, now: float) -> float | None:
        """The table's chat takes messages again: its deadlines come back, later by the time
        it was paused; returns that time (None: it was not paused)."""
        ...

    async def silenced_tables(self, platform: str) -> list[Silenced]:
        """The platform's active tables that are paused, oldest first."""
        ...


async def due(book: SilenceBook, platform: str, now: float) -> list[Silenced]:
    """The paused tables whose time to speak again ran out by `now`."""
    return [s for s in await book.silenced_tables(platform) if s.until <= now]
