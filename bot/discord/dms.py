"""Turn reminders in direct messages: only for players who asked, paced, never misread.

A direct message at every turn was sent to every player: 6 DMs in 6 moves of a 2-player
game, to people who had not asked, through a DM channel opened again each time (discord.py
keeps only 128). Discord answers a bot that opens DMs too fast with 403 code 40003 and
quarantines bots that mass-DM. So:

* A player asks for them with `/dms on` (off by default, for every clock: in a live game
  the channel's mention already rings their phone; with a per-turn clock of hours a DM is
  what they want, and they say so once). The choice is kept in `user_settings`.
* Their DM channel is opened once and its id stored; later DMs go straight to it.
* Opening a channel and sending a DM each keep to a pace of their own for the whole
  process (`OPEN_EVERY`, `SEND_EVERY`), well under what Discord tolerates; a reminder that
  would wait longer than `MAX_DELAY` for its place is dropped (the mention still rang), and
  one whose turn moved on while it waited is not sent.
* Only 403 code 50007 ("Cannot send messages to this user") means the player refuses DMs
  (recorded, none tried for `REFUSED_FOR`). Any other 403 (40003: opening DMs too fast) and
  a long 429 are Discord asking the bot to slow down: no DM at all for `BACK_OFF` seconds,
  nothing recorded against the player, nothing said in public.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.turn_reminders import ReminderBook

log = logging.getLogger(__name__)

OPEN_EVERY = 10.0
"""Seconds between two DM channels opened (6 a minute); fakes/discord answers 40003
past 10 openings in a minute."""
SEND_EVERY = 2.0
"""Seconds between two direct messages sent (the fake refuses more than 5 in 5 s)."""
MAX_DELAY = 120.0
"""A reminder that would wait longer than this for its place is dropped."""
BACK_OFF = 600.0
"""After Discord said "too fast" (40003, another 403, a long 429): no DM for this long."""
REFUSED_FOR = 3600.0
"""After a player's 50007, no DM to them for this long (they may change their settings)."""
CANNOT_DM = 50007
UNKNOWN_CHANNEL = 10003

Sleep = Callable[[float], Awaitable[object]]


class DmClient(Protocol):
    async def create_dm(self, user: discord.abc.Snowflake) -> Any: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None
                                ) -> discord.PartialMessageable: ...


class Pace:
    """Spaces calls `every` seconds apart, in the order they came; `clock` and `sleep` are
    injected (tests move a fake clock instead of waiting)."""

    def __init__(self, every: float, clock: Callable[[], float], sleep: Sleep) -> None:
        self.every = every
        self._clock = clock
        self.sleep = sleep
        self._next = 0.0

    def delay(self) -> float:
        """How long a call asking now would wait."""
        return max(self._next - self._clock(), 0.0)

    async def take(self) -> None:
        now = self._clock()
        at = max(self._next, now)
        self._next = at + self.every  # the place is taken before waiting: FIFO, no lock
        if at > now:
            await self.sleep(at - now)


@dataclass(frozen=True)
class Reminder:
    """A DM to send: to `user_id`, saying `text`."""

    user_id: str
    text: str


class TurnDms:
    """Sends turn reminders to the players who asked for them (see the module's notes)."""

    def __init__(self, client: DmClient, store: ReminderBook, *,
                 clock: Callable[[], float] = time.time, sleep: Sleep = asyncio.sleep,
                 open_every: float = OPEN_EVERY, send_every: float = SEND_EVERY) -> None:
        self.client = client
        self.store = store
        self._clock = clock
        self.opening = Pace(open_every, clock, sleep)
        self.sending = Pace(send_every, clock, sleep)
        self.quiet_until = 0.0
        """No DM before this (epoch seconds): Discord asked the bot to slow down."""
        self.counts: Counter[str] = Counter()
        """What became of reminders: sent, opened (channels), refused, slowed (a 40003 or
        the like), dropped (too late, or while backing off), failed."""

    async def wanted(self, user_ids: list[str]) -> list[str]:
        """Those of `user_ids` who asked for reminders and have not refused DMs lately."""
        choices = await self.store.dm_choices(user_ids)
        now = self._clock()
        return [u for u in user_ids if (c := choices.get(u)) is not None and c.wanted
                and (c.refused_at is None or now - c.refused_at >= REFUSED_FOR)]

    async def send(self, reminders: list[Reminder],
                   still_due: Callable[[], Awaitable[bool]] | None = None) -> dict[str, str]:
        """Send each reminder in turn; returns what became of each (by user): "sent",
        "refused" (50007: the player's settings), "slowed", "dropped", "stale" (`still_due()`
        said the turn moved on while it waited for its place) or "failed"."""
        outcomes: dict[str, str] = {}
        if not reminders:
            return outcomes
        choices = await self.store.dm_choices([r.user_id for r in reminders])
        deadline = self._clock() + MAX_DELAY
        for reminder in reminders:
            choice = choices.get(reminder.user_id)
            channel = choice.channel_id if choice is not None else None
            outcome = outcomes[reminder.user_id] = await self._send_one(
                reminder, channel, deadline, still_due)
            self.counts[outcome] += 1
        return outcomes

    def _late(self, pace: Pace, deadline: float) -> bool:
        return self._clock() + pace.delay() > deadline or self._clock() < self.quiet_until

    async def _send_one(self, reminder: Reminder, channel: str | None, deadline: float,
                        still_due: Callable[[], Awaitable[bool]] | None) -> str:
        user = reminder.user_id
        for _ in range(2):  # a second time only when the stored channel is gone
            try:
                if channel is None:
                    if self._late(self.opening, deadline):
                        return "dropped"
                    await self.opening.take()
                    if self._clock() < self.quiet_until:
                        return "dropped"
                    # discord.py's cache of DM channels holds 128: the id is kept here
                    channel = str((await self.client.create_dm(discord.Object(id=int(user)))).id)
                    self.counts["opened"] += 1
                    await self.store.set_dm_channel(user, channel)
                if self._late(self.sending, deadline):
                    return "dropped"
                await self.sending.take()
                if self._clock() < self.quiet_until:
                    return "dropped"
                if still_due is not None and not await still_due():
                    return "stale"
                target = self.client.get_partial_messageable(
                    int(channel), type=discord.ChannelType.private)
                await target.send(reminder.text, allowed_mentions=discord.AllowedMentions.none())
                return "sent"
            except discord.Forbidden as error:
                if error.code == CANNOT_DM:
                    log.info("Discord: a player takes no direct messages from the bot (50007)")
                    await self.store.set_dm_refused(user, self._clock())
                    return "refused"
                self._slow_down(BACK_OFF, f"403 code {error.code}")
                return "slowed"
            except discord.NotFound as error:
                if error.code != UNKNOWN_CHANNEL or channel is None:
                    return self._failed(error)
                channel = None  # deleted (or never valid): open it again, once
                continue
            except discord.RateLimited as error:  # a 429 longer than the client sits out
                self._slow_down(max(error.retry_after, BACK_OFF), "a long 429")
                return "slowed"
            except discord.HTTPException as error:
                return self._failed(error)
        return "failed"

    def _slow_down(self, seconds: float, why: str) -> None:
        if self._clock() >= self.quiet_until:
            log.warning("Discord: direct messages paused for %.0f s (%s)", seconds, why)
        self.quiet_until = max(self.quiet_until, self._clock() + seconds)

    def _failed(self, error: discord.HTTPException) -> str:
        log.warning("Discord: a direct message failed (HTTP %s, code %s)", error.status,
                    error.code)
        return "failed"
