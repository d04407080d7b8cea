"""Running the Discord adapter: `DiscordBot` (a discord.py client) and `run_discord`.

`DiscordBot` gets its dependencies (the table service, the store, the translations) in its
constructor, as discord.py's `advanced_startup` example does. `setup_hook` registers the
dynamic items (so every button ever drawn still works after a restart), introduces the
platform to the service, adds the slash commands with their translator, starts syncing
them in the background when they changed (bot/discord/sync.py), and queues what every
active table should show. No privileged intent is needed: the bot works through
interactions alone; the `guilds` intent keeps channels and threads known. Turn reminders
by DM go only to players who asked (`/dms`, bot/discord/dms.py).

`ShardedDiscordBot` is the same bot running some of the application's shards
(`DISCORD_SHARDS`, one gateway connection each, discord.py's `AutoShardedClient`), so that
several processes share one bot over one PostgreSQL database. A guild's interactions come
to the process holding its shard; everything else a process does is shard-blind and safe
to do in any of them: it sends over REST (not bound to a shard) to any table's channel,
and keeps nothing another process needs (a table's due work is claimed from the database;
the outbox keeps the messages' ids there; a panel's token lives where its interaction
came, the process that answers that player). Only the slash commands, which are the
application's, are synced by one process: the one with shard 0.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.config import Settings, ShardPlan
from bot.i18n import Translator
from bot.loops import Loop, supervise
from bot.ops.startup_errors import retrying
from bot.port import ServerFilter, TablePort
from bot.resuming import Resuming
from bot.silenced_tables import SilenceBook

from .answer import DEFER_AFTER
from .commands import FluentCommandTranslator, build_commands
from .dms import Sleep, TurnDms
from .handlers import Interactions
from .items import DYNAMIC_ITEMS
from .outbox import PLATFORM, Outbox, OutboxStore
from .owner import answer_owner
from .pacing import RATE, GlobalPacer
from .panels import PanelTokens
from .silence import SILENCE_TIMEOUT, Silences
from .sync import CommandDigests, CommandSync
from .waits import http_trace

log = logging.getLogger(__name__)

MAX_WAIT = 30.0
"""The longest rate-limit wait discord.py sits out (its smallest allowed setting)."""
INTENTS = discord.Intents(guilds=True, dm_messages=True)
"""Channels and threads, and the bot's DMs (the owner's commands, bot/discord/owner.py);
nothing privileged (no members, presences or message content in guilds)."""


def _quiet_discord_logs() -> None:
    # discord.py logs request bodies and gateway events at DEBUG: they carry what ephemeral
    # panels show and the buttons' data, which the logs must never contain.
    for name in ("discord.http", "discord.gateway", "discord.webhook.async_", "discord.state"):
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)


class DiscordStore(OutboxStore, SilenceBook, CommandDigests, Protocol):
    """The store as the Discord side sees it: the outbox's (kept messages, turn DMs), the
    silenced tables', the command digest's."""


class DiscordBot(discord.Client):
    """The Discord side of the bot."""

    def __init__(self, service: TablePort, store: DiscordStore, translator: Translator, *,
                 default_language: str = "en", sync_commands: bool = True,
                 defer_after: float = DEFER_AFTER, clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], float] = time.time, global_rate: int = RATE,
                 dm_sleep: Sleep = asyncio.sleep, sync_sleep: Sleep = asyncio.sleep,
                 silence_timeout: float = SILENCE_TIMEOUT, serves: ServerFilter | None = None,
                 **options: Any) -> None:
        """`clock` measures how old an interaction token is, `now` (epoch seconds) how old
        a message is (tests pass the fake Discord's clock for both); `defer_after` is when
        an unanswered interaction is deferred; `global_rate` is this process's share of
        Discord's global limit (requests a second). `dm_sleep` waits out the direct
        messages' pace (on `now`), `sync_sleep` a command sync's back-off (tests move the
        fake's clock instead). `silence_timeout` is how long a table whose channel refuses
        the bot waits for the permission to come back (bot/discord/silence.py). `serves`:
        the servers whose tables it shows again after a start (None: all; a process on some
        of the shards, `ShardPlan.serves`)."""
        # the trace lets the outbox see how long the rate limits held its requests back;
        # a wait longer than MAX_WAIT is an error rather than a stalled lane (the limit on
        # edits of old messages asks for minutes: the outbox sends a new message instead)
        # the pacer keeps every request with the bot token under Discord's global limit
        options.setdefault("max_ratelimit_timeout", MAX_WAIT)
        pacer = self.pacer = GlobalPacer(global_rate)
        super().__init__(intents=INTENTS, http_trace=pacer.attach(http_trace()), **options)
        _quiet_discord_logs()
        self.service = service
        self.store = store
        self.translator = translator
        self.default_language = default_language
        self.sync_commands = sync_commands
        self.tree = app_commands.CommandTree(self)
        self.tree.error(self._command_error)
        self.panels = PanelTokens(clock=clock)
        self.outbox = Outbox(self, store, translator, self.panels,
                             default_language=default_language, now=now,
                             on_wait=lambda chat_id, seconds: service.flood_waited(
                                 PLATFORM, chat_id, seconds),
                             on_lost=self._chat_lost, pacer=pacer)
        self.silences = Silences(store, service, self.outbox, translator, now=now,
                                 timeout=silence_timeout)
        self.outbox.on_silent = self.silences.refused
        self.interactions = Interactions(service, self.outbox, self.panels, translator,
                                         default_language=default_language,
                                         defer_after=defer_after, silences=self.silences,
                                         now=now)
        self.outbox.dms = self.dms = TurnDms(self, store, clock=now, sleep=dm_sleep)
        self.command_sync = CommandSync(self.tree, store, sleep=sync_sleep)
        self._sync_task: asyncio.Task[None] | None = None
        self._silence_task: asyncio.Task[None] | None = None
        self._connection_task: asyncio.Task[None] | None = None
        self._flushed = False
        self.gateway = Loop("discord gateway", clock=now, retries_itself=True)
        """Down from a disconnection until the gateway is ready (or resumed) again."""
        self.resuming = Resuming(service, PLATFORM, self.outbox.post, serves)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.service.register_platform(PLATFORM, deep_link=None, show=self.outbox.post)
        await self.tree.set_translator(FluentCommandTranslator(self.translator))
        for command in build_commands(self.interactions.command, self.translator,
                                      self.service.COMMANDS, self.service.games):
            self.tree.add_command(command)
        if self.sync_commands:  # in the background: a stale menu is no reason not to play
            self._sync_task = asyncio.create_task(self.command_sync.run(),
                                                  name="discord command sync")
        await self.silences.load()  # before the tables are shown again: not there
        self.resuming.start()  # beside the interactions taken from now on (bot/resuming.py)
        self._silence_task = asyncio.create_task(supervise(
            "discord silenced tables", self.silences.run), name="discord silenced tables")

    async def on_ready(self) -> None:
        log.info("Discord: running as %s (id %s)", self.user, self.user.id if self.user else "?")
        self.gateway.ok()

    async def on_resumed(self) -> None:
        self.gateway.ok()

    async def on_disconnect(self) -> None:
        # discord.py reconnects by itself; meanwhile no interaction can come
        if not self.is_closed():
            self.gateway.failed(ConnectionError("the gateway connection dropped"))

    async def on_message(self, message: discord.Message) -> None:
        await answer_owner(message, self.default_language)  # (all other messages: nothing)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.interactions.watch(interaction)

    async def handle_press(self, interaction: discord.Interaction, data: str) -> None:
        """A press on one of our components (see bot/discord/items.py)."""
        await self.interactions.press(interaction, data)

    async def _chat_lost(self, table_id: int) -> None:
        """The table's thread refuses the bot (locked, deleted): the table ends, and its
        players' panels say so."""
        result = await self.service.chat_lost(table_id, "dc-thread-locked")
        self.outbox.post(result.posts)

    async def _command_error(self, interaction: discord.Interaction,
                             error: app_commands.AppCommandError) -> None:
        await self.interactions.command_error(interaction, error)

    # --- starting and stopping ---------------------------------------------------------

    async def launch(self, token: str) -> None:
        """Log in (running `setup_hook`) and connect to the gateway in the background
        (`connection`); discord.py reconnects by itself when the connection drops.

        Raises `discord.LoginFailure` if the token is refused.
        """
        await retrying("Discord", lambda: self.login(token))  # (not reachable yet: patience)
        # discord.py reconnects by itself after what it knows to be passing (a dropped
        # connection, a 5xx, a timeout); anything else it raises is logged and the
        # connection started again after a back-off, unless no retry can help (a refused
        # token or intent, a close code that forbids reconnecting: it closed the client)
        self._connection_task = asyncio.create_task(supervise(
            "discord gateway", self.connect, loop=self.gateway,
            fatal=(discord.LoginFailure, discord.PrivilegedIntentsRequired,
                   discord.ConnectionClosed)), name="discord gateway")

    @property
    def connection(self) -> asyncio.Task[None] | None:
        """The gateway connection while running."""
        return self._connection_task

    async def close(self, flush_timeout: float = 10.0) -> None:
        """Finish the interactions under way, deliver what is queued, disconnect."""
        if not self._flushed:
            self._flushed = True
            await self.resuming.stop()
            await self.interactions.drain(flush_timeout)
            if not await self.outbox.flush(flush_timeout):
                log.warning("Discord: %d messages were not delivered before shutdown",
                            self.outbox.pending)
            await self.outbox.close()
        for name in ("_sync_task", "_silence_task"):
            task = getattr(self, name)
            setattr(self, name, None)
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        await super().close()
        task, self._connection_task = self._connection_task, None
        if task is not None and task is not asyncio.current_task():
            with suppress(asyncio.CancelledError, discord.DiscordException, OSError,
                          TimeoutError):
                await asyncio.wait_for(task, 10)


class ShardedDiscordBot(DiscordBot, discord.AutoShardedClient):
    """`DiscordBot` on the shards `shard_ids` of `shard_count` (see the module's notes).

    Discord's global limit is the bot token's, whichever process sends: each process keeps
    to its shards' share of it (the servers, and so the work, are spread evenly over the
    shards), so that together they stay under it."""

    def __init__(self, service: TablePort, store: DiscordStore, translator: Translator, *,
                 shard_ids: list[int] | None, shard_count: int | None,
                 **options: Any) -> None:
        """`shard_ids` and `shard_count` None: every shard, as many as Discord recommends
        (discord.py asks GET /gateway/bot), in this one process."""
        if shard_ids is None or shard_count is None:
            shard_ids = None
            shard_count = None
            options.setdefault("sync_commands", True)
            options.setdefault("global_rate", RATE)
        else:
            plan = ShardPlan(tuple(shard_ids), shard_count)
            options.setdefault("sync_commands", plan.syncs_commands)
            options.setdefault("global_rate", max(1, RATE * len(shard_ids) // shard_count))
            options.setdefault("serves", plan.serves)  # each table drawn again by one process
        super().__init__(service, store, translator, shard_ids=shard_ids,
                         shard_count=shard_count, **options)

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("Discord: shard %d of %d ready", shard_id, self.shard_count or 0)


def make_bot(settings: Settings, service: TablePort, *, store: DiscordStore,
             translator: Translator) -> DiscordBot:
    """The bot the settings ask for: on the shards of `DISCORD_SHARDS` (all that Discord
    recommends for "auto"), or unsharded."""
    plan = settings.discord_shard_plan
    if settings.discord_shards == "auto":
        return ShardedDiscordBot(service, store, translator, shard_ids=None, shard_count=None,
                                 default_language=settings.default_language)
    if plan is None:
        return DiscordBot(service, store, translator,
                          default_language=settings.default_language)
    return ShardedDiscordBot(service, store, translator, shard_ids=list(plan.ids),
                             shard_count=plan.count, sync_commands=plan.syncs_commands,
                             default_language=settings.default_language)


async def _when_ready(bot: DiscordBot, ready: Callable[[], object] | None) -> None:
    if ready is not None:
        await bot.wait_until_ready()
        ready()


async def run_discord(settings: Settings, service: TablePort, *, store: DiscordStore,
                      translator: Translator, stop_event: asyncio.Event | None = None,
                      ready: Callable[[], object] | None = None) -> None:
    """Serve Discord until `stop_event` is set (or the connection ends), then shut down;
    `ready()` is called once the gateway is ready (interactions come)."""
    if settings.discord_bot_token is None:
        raise ValueError("DISCORD_BOT_TOKEN is not set")
    bot = make_bot(settings, service, store=store, translator=translator)
    try:
        await bot.launch(settings.discord_bot_token.get_secret_value())
    except BaseException:
        await bot.close()
        raise
    connection = bot.connection
    assert connection is not None
    stopper = asyncio.create_task((stop_event or asyncio.Event()).wait())
    waiter = asyncio.create_task(_when_ready(bot, ready))
    try:
        await asyncio.wait({connection, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopper.cancel()
        waiter.cancel()
        failed = connection.done() and not connection.cancelled() and connection.exception()
        await bot.close()
    if failed:
        raise failed
