"""A table whose channel stops taking the bot's messages says so, and waits or ends.

Taking Send Messages or View Channel from the bot in a table's channel (not a thread: a
thread that refuses the bot ends its table at once, bot/discord/outbox.py) shows at the
first refused request (403, code 50013 Missing Permissions or 50001 Missing Access). From
then on, with `Silences`:

* the outbox sends nothing more to that channel (no request Discord would refuse again:
  refused requests count toward its ban on invalid ones);
* the table is paused in the store (bot/silenced_tables.py): its clocks stand still, and
  it ends after `SILENCE_TIMEOUT` unless the permission comes back;
* the next interaction there (a press, or a command that would change a table) is answered
  with an ephemeral note saying what is missing and when the table ends, and changes
  nothing: a move nobody can see would be no move;
* an interaction whose `app_permissions` show the bot may post again resumes the table:
  the clocks get their time back less the pause, the board is shown again, and the turn
  announced afresh (a new ping: whoever's turn it is hears of it).

The end is a stored deadline, fired by `run` (a supervised loop that reads the store; a
restart loses nothing) or `fire_due` (tests, on an injected clock). The store is the truth
for every process (DISCORD_SHARDS): `refresh`, on each pass of `run`, takes up the silences
and resumptions another process found, and shows again what was held back meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import discord

from bot import silenced_tables
from bot.i18n import Translator
from bot.port import TablePort
from bot.screens import ChatRef, Place
from bot.silenced_tables import SilenceBook, Silenced

from .outbox import PLATFORM, Outbox

log = logging.getLogger(__name__)

SILENCE_TIMEOUT = 24 * 3600.0
"""Seconds a table waits for its channel's permissions to come back before it ends: a day,
so a server's admins have the time to notice (the players are told at once)."""
LOOK_EVERY = 30.0
"""The longest sleep of `run` between looks at the stored deadlines."""
SPEAK = ("view_channel", "send_messages")
"""What the bot needs in a channel to show a table there (without Attach Files it sends
text: bot/discord/outbox.py)."""
GATED_COMMANDS = frozenset({"newgame", "cancel", "leave"})
"""The commands that change a chat's tables, held while it is silenced."""


class Silences:
    """The channels that refuse the bot, kept in the store and mirrored here."""

    def __init__(self, store: SilenceBook, service: TablePort, outbox: Outbox,
                 translator: Translator, *, now: Callable[[], float] = time.time,
                 timeout: float = SILENCE_TIMEOUT,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self.store = store
        self.service = service
        self.outbox = outbox
        self.tr = translator
        self._now = now
        self.timeout = timeout
        self._sleep = sleep
        self._by_channel: dict[str, Silenced] = {}

    async def load(self) -> None:
        """At start-up: the channels found silent before (their tables still paused)."""
        for found in await self.store.silenced_tables(PLATFORM):
            self._mirror(found)

    def _mirror(self, found: Silenced) -> None:
        channel = found.thread_id or found.chat_id
        self._by_channel[channel] = found
        self.outbox.silence(channel)

    # --- the outbox's report ----------------------------------------------------------

    async def refused(self, place: Place, error: discord.HTTPException) -> None:
        """The outbox met a missing permission in the table's channel (it has stopped
        sending there): pause the table until the permission comes back, or the timeout."""
        now = self._now()
        paused = await self.store.silence_table(place.table_id, now=now,
                                               until=now + self.timeout)
        log.warning("table %s: its channel refuses the bot (HTTP %s, code %s); %s",
                    place.table_id, error.status, error.code,
                    "paused" if paused else "already paused")
        for found in await self.store.silenced_tables(PLATFORM):
            if found.table_id == place.table_id:
                self._mirror(found)

    # --- interactions -------------------------------------------------------------------

    def silent(self, chat: ChatRef) -> Silenced | None:
        return self._by_channel.get(chat.thread_id or chat.id)

    async def check(self, interaction: discord.Interaction, chat: ChatRef,
                    lang: str) -> str | None:
        """Before a press or a table command: None to go on (the channel speaks, or speaks
        again now), else the note to answer with instead."""
        found = self.silent(chat)
        if found is None:
            return None
        have = interaction.app_permissions
        missing = [name for name in SPEAK if not getattr(have, name)]
        if not missing or have.administrator:
            await self.resume(found)
            return None
        names = ", ".join(name.replace("_", " ").title() for name in missing)
        return self.tr.t(lang, "dc-table-silenced", permissions=names,
                         ends=f"<t:{int(found.until)}:R>")

    async def resume(self, found: Silenced) -> None:
        """The channel takes messages again: the clocks get their time back, and the table
        shows what it shows now."""
        channel = found.thread_id or found.chat_id
        paused = await self.store.speak_again(found.table_id, now=self._now())
        self._by_channel.pop(channel, None)
        self.outbox.speak_again(channel)
        if paused is not None:
            log.info("table %s: its channel takes messages again after %.0f s",
                     found.table_id, paused)
            self.outbox.post(await self.service.current_posts(found.table_id,
                                                             fresh_ping=True))

    # --- the end ------------------------------------------------------------------------

    async def refresh(self) -> None:
        """Agree with the store (another process may have silenced or resumed a table)."""
        stored = {s.thread_id or s.chat_id: s
                  for s in await self.store.silenced_tables(PLATFORM)}
        for channel, found in stored.items():
            if channel not in self._by_channel:
                self._mirror(found)
        for channel in [c for c in self._by_channel if c not in stored]:
            del self._by_channel[channel]
            for table_id in self.outbox.speak_again(channel):
                self.outbox.post(await self.service.current_posts(table_id,
                                                                 fresh_ping=True))

    async def fire_due(self) -> int:
        """End the tables whose channel stayed silent past their deadline; how many."""
        await self.refresh()
        ended = 0
        for found in await silenced_tables.due(self.store, PLATFORM, self._now()):
            log.info("table %s: its channel stayed silent; ending it", found.table_id)
            result = await self.service.chat_lost(found.table_id, "dc-silenced-ended")
            self.outbox.post(result.posts)  # its players' panels (the channel takes none)
            channel = found.thread_id or found.chat_id
            self._by_channel.pop(channel, None)
            self.outbox.speak_again(channel)  # a next table there tries again
            ended += 1
        return ended

    async def run(self) -> None:
        """Fire the stored deadlines as they fall due (under `bot.loops.supervise`)."""
        while True:
            await self.fire_due()
            pending = [s.until for s in self._by_channel.values()]
            wait = min([LOOK_EVERY, *(until - self._now() for until in pending)])
            await self._sleep(max(wait, 0.5))
