"""A fake Discord API (REST + gateway) on 127.0.0.1 for end-to-end tests.

`FakeDiscordServer` is an aiohttp application on an ephemeral port serving
the REST API under ``/api/v10`` (see `rest`), the gateway websocket at ``/``
(see `gateway`) and uploaded attachments under ``/attachments``. While it
runs it points discord.py at itself by setting ``discord.http.Route.BASE``
and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (discord.py 2.x has
no option for a custom API host; ``Client.connect`` always starts at
``DEFAULT_GATEWAY``), restoring both on stop. So the bot's own, unmodified
``discord.Client`` / ``commands.Bot`` started with ``server.token`` talks to
the fake::

    async with FakeDiscordServer() as server:
        guild = server.guild("Game night")
        channel = server.text_channel(guild, "games")
        alice = server.user("Alice", locale="ru")
        async with run_client(server, bot):          # bot.start(server.token)
            interaction = alice.slash(channel, "newgame", game="lanterns")
            await interaction.wait_answered()
            assert alice.ephemeral_messages[-1].content == "..."

It keeps Discord's state (guilds, channels, threads, DMs, messages with edit
history and attachment bytes, ephemeral messages per user, application
commands with localisations, interactions and their tokens), records every
request as an `ApiCall` and every dispatch as a `GatewayEvent`, enforces
Discord's rules (3-second interaction deadline, single acknowledgement,
15-minute tokens, DM refusals, permissions, validation) and can be told to
fail (injected 429s with ``retry_after``, arbitrary errors), to drop the
gateway connection (the client RESUMEs), or to move its clock forward.
"""

from __future__ import annotations

import base64
import functools
import math
import re
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import Any, Self

from aiohttp import web

from fakes.waiting import Waiting

from . import bucket_waits, http, rest
from .gateway import (
    OP_INVALID_SESSION,
    OP_RECONNECT,
    GatewayConnection,
    GatewaySession,
    handle_gateway,
    required_intent,
)
from .invocations import Invocations
from .limits import (
    BAN_SECONDS,
    COMMAND_CREATES_PER_DAY,
    COMMAND_SYNC_LIMIT,
    DM_OPEN_LIMIT,
    DM_SEND_LIMIT,
    GLOBAL_LIMIT,
    INVALID_LIMIT,
    UPLOAD_LIMIT,
    DiscordLimits,
)
from .messaging import Messaging
from .models import FakeChannel, FakeGuild, FakeUser, _permission_value
from .records import (
    CHANNEL_DM,
    CHANNEL_GUILD_TEXT,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_PUBLIC_THREAD,
    DEFAULT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    PRIVILEGED_INTENTS,
    ApiCall,
    DiscordError,
    FakeClock,
    Fault,
    GatewayEvent,
    InteractionRecord,
    MessageRecord,
    StoredAttachment,
)

DEFAULT_BOT_ID = 1_234_567_890_123_456_789
DEFAULT_TOKEN = (
    base64.b64encode(str(DEFAULT_BOT_ID).encode()).decode().rstrip("=")
    + ".GfAkE0."
    + "FakeDiscordTokenForEndToEndTests_0123456789"
)
"""A token in Discord's format (the first part is the base64 bot id)."""

_MENTION = re.compile(r"<@!?(\d+)>")
_ALLOWED_CHANNEL_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2
_ALLOWED_INTERACTION_FLAGS = _ALLOWED_CHANNEL_FLAGS | FLAG_EPHEMERAL

_active_server: FakeDiscordServer | None = None


class FakeDiscordServer(Waiting):
    """Discord (REST API and gateway) on 127.0.0.1 for one bot application.

    Use as ``async with FakeDiscordServer() as server`` (or ``await
    server.start()`` / ``await server.stop()``). Options:

    * ``privileged_intents``: which of ``"members"``, ``"presences"``,
      ``"message_content"`` the application has enabled in the developer
      portal (IDENTIFY asking for others is closed with 4014, as on Discord);
    * ``interaction_timeout`` (3 s): how long an interaction may wait for its
      first callback; ``token_lifetime`` (900 s): how long its token works for
      follow-ups and ``@original`` edits;
    * ``rate_limits``: per route name, the bucket ``(limit, window)`` it
      reports in ``X-RateLimit-*`` headers and enforces with 429s, per channel
      (or interaction token); by default `DISCORD_ROUTE_LIMITS`, the sizes
      Discord gives the routes a bot uses (5 messages per 5 s in a channel...);
      ``rate_limit`` (50 per 1 s) is every other route's;
    * ``bucket_waits_on_clock`` (True): discord.py's waits for a bucket to
      refill pass on the fake's clock instead of in real time (`bucket_waits`),
      so Discord's bucket sizes slow no test down; the buckets are counted on
      `limits.bucket_time`, the clock plus those waits;
    * ``global_limit`` ``(requests, window)``: Discord's global limit on
      everything sent with the bot token (50 a second; the interaction endpoints
      are exempt), answered with a global 429; None lifts it;
    * ``old_message_edits`` ``(edits, window)``: edits of messages older than an
      hour allowed per channel and window, beyond which Discord answers 429 with
      code 30046 (default none: every such edit is refused);
    * ``guilds_per_shard`` (2,500, Discord's): more guilds than this per shard
      close IDENTIFY with 4011 (sharding required); ``recommended_shards`` and
      ``max_concurrency`` are what ``GET /gateway/bot`` answers (see `gateway`
      for how the shards' sessions share the guilds);
    * ``invalid_limit`` ``(requests, window)``: invalid requests (401, 403,
      429 but "shared" ones) that earn a ban: every request is then answered
      403 like Cloudflare's block for ``ban_seconds`` (`INVALID_LIMIT`,
      Discord's 10,000 in 10 minutes; None: no ban);
    * ``upload_limit``: the largest file a request may carry (`UPLOAD_LIMIT`,
      10 MiB), beyond which it is refused with 413, code 40005;
    * ``latency``: seconds every REST answer takes, in real time (0: none;
      a benchmark's realism, never a test's);
    * ``clock``: a `FakeClock` (or any object with ``time()``);
    * ``patch_discord`` (True): point discord.py at this server while running.
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_name: str = "Fake Game Bot",
        bot_id: int = DEFAULT_BOT_ID,
        privileged_intents: Iterable[str] = (),
        interaction_timeout: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval: float = 41.25,
        guilds_per_shard: int = 2500,
        recommended_shards: int | None = None,
        max_concurrency: int = 1,
        rate_limit: tuple[int, float] = (50, 1.0),
        rate_limits: dict[str, tuple[int, float]] | None = None,
        bucket_waits_on_clock: bool = True,
        global_limit: tuple[int, float] | None = GLOBAL_LIMIT,
        old_message_edits: tuple[int, float] = (0, 3600.0),
        dm_open_limit: tuple[int, float] | None = DM_OPEN_LIMIT,
        dm_send_limit: tuple[int, float] | None = DM_SEND_LIMIT,
        command_sync_limit: tuple[int, float] | None = COMMAND_SYNC_LIMIT,
        command_creates_per_day: int | None = COMMAND_CREATES_PER_DAY,
        invalid_limit: tuple[int, float] | None = INVALID_LIMIT,
        ban_seconds: float = BAN_SECONDS,
        upload_limit: int | None = UPLOAD_LIMIT,
        latency: float = 0.0,
        clock: FakeClock | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        patch_discord: bool = True,
    ) -> None:
        self.token = token
        self.bot_id = bot_id
        self.application_id = bot_id
        self.bot_user: dict[str, Any] = {
            "id": str(bot_id),
            "username": bot_name.lower().replace(" ", "_"),
            "global_name": bot_name,
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "system": False,
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "public_flags": 0,
            "banner": None,
            "accent_color": None,
            "locale": "en-US",
            "email": None,
        }
        unknown = set(privileged_intents) - set(PRIVILEGED_INTENTS)
        if unknown:
            raise ValueError(
                f"unknown privileged intents {unknown}; use {sorted(PRIVILEGED_INTENTS)}"
            )
        self.privileged_intents = frozenset(privileged_intents)
        self.interaction_timeout = interaction_timeout
        self.token_lifetime = token_lifetime
        self.heartbeat_interval = heartbeat_interval
        self.guilds_per_shard = guilds_per_shard
        """Discord's most guilds on one shard: more close IDENTIFY with 4011."""
        self.recommended_shards = recommended_shards
        """``GET /gateway/bot``'s ``shards`` (None: one per 1,000 guilds, as Discord)."""
        self.max_concurrency = max_concurrency
        """``session_start_limit.max_concurrency``: IDENTIFYs allowed per 5 seconds."""
        self.clock = clock or FakeClock()
        self.bucket_waits_on_clock = bucket_waits_on_clock
        self.limits = DiscordLimits(
            self.clock,
            rate_limit=rate_limit,
            rate_limits=rate_limits,
            global_limit=global_limit,
            old_message_edits=old_message_edits,
            dm_open_limit=dm_open_limit,
            dm_send_limit=dm_send_limit,
            command_sync_limit=command_sync_limit,
            command_creates_per_day=command_creates_per_day,
            invalid_limit=invalid_limit,
            ban_seconds=ban_seconds,
            upload_limit=upload_limit,
        )
        """Discord's limits and what they counted (`limits`)."""
        self.limits_expected = False
        """A test that drives the fake past Discord's limits on purpose sets this, so the
        fixture's teardown does not fail it for a global 429 or a ban."""
        self.latency = latency
        self.host = host
        self.port = port
        self.patch_discord = patch_discord

        self.calls: list[ApiCall] = []
        """Every REST request, in the order they finished."""
        self.internal_errors: list[BaseException] = []
        """Bugs in the fake itself (answered with 500); fixtures assert it stays empty."""
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        """Every channel: guild text channels, threads and DMs."""
        self.messages: dict[int, MessageRecord] = {}
        """Every message ever created, ephemeral and deleted ones included."""
        self.attachments: dict[int, StoredAttachment] = {}
        self.commands: list[dict[str, Any]] = []
        """Global application commands as registered (ids and localisations included)."""
        self.interactions: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self.faults: list[Fault] = []
        self.sessions: list[GatewaySession] = []
        """Every gateway session, oldest first."""
        self.lost_events: list[GatewayEvent] = []
        """Dispatches never delivered: their session ended before a RESUME."""
        self.gateway_received: list[dict[str, Any]] = []
        """Every payload the bot sent on the gateway (heartbeats, IDENTIFY, ...)."""
        self.presence: dict[str, Any] | None = None
        self.identified = 0
        self.heartbeats = 0
        self.connection_count = 0
        self._connections: list[GatewayConnection] = []
        self.messaging = Messaging(self)
        """Messages created, edited, deleted and announced (`messaging`)."""
        self.invocations = Invocations(self)
        """Commands registered and interactions made (`invocations`)."""
        self._start_waiting()
        self._mark = 0
        self._inflight = 0
        self._last_id = 0
        self._runner: web.AppRunner | None = None
        self._saved_discord: tuple[Any, Any] | None = None

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Listen on ``host`` and (with ``patch_discord``) point discord.py here."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", r"/api/v{version:\d+}/{path:.*}",
                             functools.partial(http.handle_api, self))
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}",
            functools.partial(http.handle_attachment, self),
        )
        app.router.add_get("/", self._handle_gateway)
        self._runner = web.AppRunner(
            app, handler_cancellation=True, shutdown_timeout=1.0, access_log=None
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        if self.patch_discord:
            self._patch()
            if self.bucket_waits_on_clock:
                bucket_waits.take_on_clock(self.limits.bucket_waited)

    async def stop(self) -> None:
        """Close gateway connections (1001), shut down, restore discord.py's URLs."""
        for conn in list(self._connections):
            await conn.close(1001, "Server shutting down")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._unpatch()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    def _patch(self) -> None:
        global _active_server
        import yarl
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        if _active_server is not None and _active_server is not self:
            raise RuntimeError(
                "another FakeDiscordServer already patched discord.py; stop it first"
            )
        self._saved_discord = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        _active_server = self

    def _unpatch(self) -> None:
        global _active_server
        if self._saved_discord is None:
            return
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved_discord
        self._saved_discord = None
        if self.bucket_waits_on_clock:
            bucket_waits.sleep_for_real()
        if _active_server is self:
            _active_server = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` is set to: ``http://127.0.0.1:<port>/api/v10``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """``ws://127.0.0.1:<port>/`` (served by ``/gateway/bot`` and as ``resume_gateway_url``)."""
        return f"ws://{self.host}:{self.port}/"

    @property
    def application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        bits = {"presences": 1 << 13, "members": 1 << 15, "message_content": 1 << 19}
        for name in self.privileged_intents:
            flags |= bits[name]
        return flags

    def application_payload(self) -> dict[str, Any]:
        """``GET /oauth2/applications/@me``."""
        return {
            "id": str(self.application_id),
            "name": self.bot_user["global_name"],
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": self.application_flags,
            "owner": {
                "id": str(self.application_id + 1),
                "username": "app_owner",
                "discriminator": "0",
                "global_name": "App Owner",
                "avatar": None,
                "public_flags": 0,
                "flags": 0,
            },
            "team": None,
            "bot": dict(self.bot_user),
            "rpc_origins": [],
            "tags": [],
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "approximate_guild_count": len(self.guilds),
            "integration_types_config": {"0": {}, "1": {}},
        }

    # ---------------------------------------------------------------- ids

    def _new_id(self) -> int:
        """A fresh snowflake carrying the clock's time, strictly increasing."""
        ms = int(self.clock.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17)
        if value <= self._last_id:
            value = self._last_id + 1
        self._last_id = value
        return value

    def _new_id_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh snowflake whose guild would be on that shard (its milliseconds decide)."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"no shard {shard_id} of {shard_count}")
        ms = self._new_id() >> 22
        ms += (shard_id - ms) % shard_count
        self._last_id = (ms << 22) | (1 << 17)
        return self._last_id

    # ---------------------------------------------------------------- people, places

    def user(
        self,
        name: str = "Alice",
        *,
        locale: str = "en-US",
        allow_dms: bool = True,
        username: str | None = None,
        user_id: int | None = None,
    ) -> FakeUser:
        """A new simulated person (``locale`` like ``"en-US"``, ``"ru"``, ``"pl"``)."""
        user_id = user_id or self._new_id()
        person = FakeUser(
            self,
            user_id,
            name,
            username=username or re.sub(r"\W+", "_", name.lower()),
            locale=locale,
            allow_dms=allow_dms,
        )
        self.users[user_id] = person
        return person

    def guild(
        self,
        name: str = "Test guild",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        members: Iterable[FakeUser] = (),
        bot_permissions: int | str | Iterable[str] | None = None,
        everyone_permissions: int | str | Iterable[str] | None = None,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild the bot is in (GUILD_CREATE is dispatched if it's already connected).

        ``shard=(shard_id, shard_count)`` picks an id whose events go to that shard.

        ``locale`` is the guild's preferred locale (``guild_locale`` of
        interactions). The bot's role has ``bot_permissions`` (default: none
        beyond @everyone's ``everyone_permissions``, which default to a fresh
        guild's: view, send, embed, attach, history, threads, app commands).
        """
        guild = FakeGuild(
            self,
            self._new_id() if shard is None else self._new_id_on_shard(*shard),
            name,
            locale=locale,
            owner=owner,
            bot_permissions=_permission_value(bot_permissions, 0),
            everyone_permissions=_permission_value(everyone_permissions, DEFAULT_PERMISSIONS),
        )
        self.guilds[guild.id] = guild
        for user in members:
            guild.add_member(user)
        session = self.session_for(guild.id)
        if session is not None:
            session.dispatch("GUILD_CREATE", guild.to_api(members_intent=session.has_intent(2)))
        return guild

    def text_channel(
        self, guild: FakeGuild, name: str = "general", *, topic: str | None = None
    ) -> FakeChannel:
        """A text channel in ``guild`` (CHANNEL_CREATE if the bot is connected)."""
        channel = FakeChannel(
            self, self._new_id(), CHANNEL_GUILD_TEXT, name, guild=guild, topic=topic
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.dispatch("CHANNEL_CREATE", channel.to_api())
        return channel

    def thread(
        self,
        channel: FakeChannel,
        name: str,
        *,
        private: bool = False,
        owner: FakeUser | None = None,
        members: Iterable[FakeUser] = (),
        bot_member: bool = True,
    ) -> FakeChannel:
        """A thread under ``channel`` started by ``owner`` (THREAD_CREATE if connected).

        A private thread is visible to its ``members`` (and the bot, with
        ``bot_member``); the owner is always a member.
        """
        thread = self._create_thread(
            channel,
            name,
            kind=CHANNEL_PRIVATE_THREAD if private else CHANNEL_PUBLIC_THREAD,
            owner_id=owner.id
            if owner
            else (channel.guild.owner_id if channel.guild else self.bot_id),
            bot_member=bot_member,
        )
        for user in [owner, *members]:
            if user is not None:
                thread.thread_members.add(user.id)
                if channel.guild is not None and user.id not in channel.guild.members:
                    channel.guild.add_member(user)
        return thread

    def _create_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        kind: int,
        owner_id: int,
        thread_id: int | None = None,
        bot_member: bool = True,
    ) -> FakeChannel:
        if parent.guild is None or parent.is_thread or parent.is_dm:
            raise ValueError(f"threads belong to guild text channels, not {parent!r}")
        thread = FakeChannel(
            self,
            thread_id or self._new_id(),
            kind,
            name,
            guild=parent.guild,
            parent=parent,
            owner_id=owner_id,
        )
        if bot_member or owner_id == self.bot_id:
            thread.thread_members.add(self.bot_id)
        parent.guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        self.dispatch("THREAD_CREATE", {**thread.to_api(), "newly_created": True})
        return thread

    def _new_dm(self, user: FakeUser) -> FakeChannel:
        channel = FakeChannel(self, self._new_id(), CHANNEL_DM, user.username, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def _remove_channel(self, channel: FakeChannel) -> None:
        self.channels.pop(channel.id, None)
        if channel.guild is not None:
            channel.guild.channels.pop(channel.id, None)
            for thread in list(channel.threads):
                self._remove_channel(thread)
        if channel.recipient is not None and channel.recipient.dm_channel is channel:
            channel.recipient.dm_channel = None

    def channel(self, channel_id: int) -> FakeChannel:
        return self.channels[channel_id]

    def message(self, message_id: int) -> MessageRecord:
        """Any message by id (ephemeral and deleted ones too)."""
        return self.messages[message_id]

    # ---------------------------------------------------------------- commands, interactions
    def command(self, name: str, *, guild: FakeGuild | None = None) -> dict[str, Any]:
        """A registered command by name (guild commands of ``guild``, else global ones)."""
        for command in (guild.commands if guild else []) + self.commands:
            if command["name"] == name:
                return command
        raise KeyError(f"no command {name!r}; registered: {[c['name'] for c in self.commands]}")

    def localized_command(
        self, name: str, locale: str, *, guild: FakeGuild | None = None
    ) -> tuple[str, str]:
        """(name, description) of a command as a client in ``locale`` shows it."""
        command = self.command(name, guild=guild)
        return (
            (command.get("name_localizations") or {}).get(locale, command["name"]),
            (command.get("description_localizations") or {}).get(
                locale, command.get("description", "")
            ),
        )

    def interaction_by_token(self, token: str) -> InteractionRecord:
        return self._interactions_by_token[token]

    # ---------------------------------------------------------------- gateway

    @property
    def current_session(self) -> GatewaySession | None:
        """The latest identified gateway session that hasn't ended (connected or not)."""
        for session in reversed(self.sessions):
            if not session.ended:
                return session
        return None

    @property
    def live_sessions(self) -> list[GatewaySession]:
        """Every session that hasn't ended, one per shard (connected or not)."""
        return [session for session in self.sessions if not session.ended]

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The live session whose shard gets the guild's events (None: direct messages,
        shard 0's)."""
        for session in reversed(self.sessions):
            if not session.ended and session.has_guild(guild_id):
                return session
        return None

    @property
    def connected(self) -> bool:
        """A bot is connected and identified right now."""
        session = self.current_session
        return session is not None and session.connection is not None

    @property
    def events(self) -> list[GatewayEvent]:
        """Every dispatch of every session, in order."""
        return [event for session in self.sessions for event in session.events]

    def events_of(self, event_type: str) -> list[GatewayEvent]:
        return [event for event in self.events if event.type == event_type]

    def dispatch(self, event: str, data: dict[str, Any]) -> GatewayEvent | None:
        """Send a raw dispatch (op 0) to the current session of the guild's shard (the
        guild's id is ``guild_id``, or ``id`` in GUILD_* events; none: shard 0), honouring
        its intents.

        Buffered for a RESUME while the socket is down; None when no session
        exists (the bot is offline) or its intents exclude the event.
        """
        session = self.session_for(_guild_of(event, data))
        if session is None:
            return None
        intent = required_intent(event, data)
        if intent is not None and not session.has_intent(intent):
            return None
        record = session.dispatch(event, data)
        self._touch()
        return record

    def _connected_guild(self, guild: FakeGuild) -> bool:
        return self.session_for(guild.id) is not None and guild.id in self.guilds

    async def wait_connected(
        self,
        timeout: float = 5.0,
        *,
        since: int | None = None,
        shard: tuple[int, int] | None = None,
    ) -> GatewaySession:
        """Wait until a bot identified (after the ``since``-th IDENTIFY) and got READY + GUILD_CREATEs
        (``shard=(shard_id, shard_count)``: on that shard)."""

        def ready() -> GatewaySession | None:
            session = self.current_session
            if shard is not None:
                session = next(
                    (s for s in self.live_sessions if (s.shard_id, s.shard_count) == shard), None
                )
            if session is None or session.connection is None or session.connection.pending:
                return None
            if since is not None and self.identified <= since:
                return None
            return session

        return await self.wait_until(ready, timeout, message="a gateway session (IDENTIFY + READY)")

    async def disconnect(
        self, code: int = 4000, *, reason: str = "", shard: int | None = None
    ) -> None:
        """Close the bot's websocket from the server side.

        With a resumable code (4000, the default, or 1000/1001 and most
        others) discord.py reconnects to ``resume_gateway_url`` and RESUMEs;
        dispatches made meanwhile are buffered and replayed. Codes 4004 and
        4010-4014 make the client give up, as on Discord. ``shard``: that shard's session
        (also for `request_reconnect` and `invalidate_session`).
        """
        session = self._shard_session(shard)
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the gateway")
        await session.connection.close(code, reason)

    def request_reconnect(self, *, shard: int | None = None) -> None:
        """Send RECONNECT (op 7): the client closes and RESUMEs."""
        session = self._shard_session(shard)
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the gateway")
        session.connection.send({"op": OP_RECONNECT, "d": None})

    def invalidate_session(self, *, shard: int | None = None) -> None:
        """Send INVALID_SESSION (op 9, not resumable): the client re-IDENTIFYs.

        discord.py waits 5 s before a non-initial IDENTIFY
        (``Client.before_identify_hook``); override that hook in tests.
        """
        session = self._shard_session(shard)
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the gateway")
        session.ended = True
        session.connection.send({"op": OP_INVALID_SESSION, "d": False})

    def _shard_session(self, shard: int | None) -> GatewaySession | None:
        """The live session of shard ``shard`` (None: the latest identified one)."""
        if shard is None:
            return self.current_session
        return next((s for s in reversed(self.live_sessions) if s.shard_id == shard), None)

    async def _handle_gateway(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return web.Response(text="fake Discord gateway: connect with a websocket", status=400)
        return await handle_gateway(self, request)

    # ---------------------------------------------------------------- rate limits, faults

    def inject_rate_limit(
        self,
        what: str | Callable[[ApiCall], bool] | None = None,
        *,
        channel: FakeChannel | int | None = None,
        times: int = 1,
        retry_after: float = 0.2,
        is_global: bool = False,
        cloudflare: bool = False,
    ) -> Fault:
        """Make the next ``times`` matching requests answer ``429 Too Many Requests``.

        ``what`` is a route name (``"send_message"``), an endpoint
        (``"POST /channels/{channel_id}/messages"``), a predicate, or None for
        any request. The body carries ``retry_after`` (and ``global``), the
        headers ``Retry-After``, ``X-RateLimit-Scope`` and ``Via``, so
        discord.py sleeps ``retry_after`` and retries. ``cloudflare=True``
        answers like a Cloudflare ban instead (no ``Via``, HTML body), which
        discord.py raises as ``HTTPException`` without retrying.
        """
        headers = {
            "Retry-After": str(max(math.ceil(retry_after), 1)),
            "X-RateLimit-Scope": "global" if is_global else "user",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
        }
        if is_global:
            body["code"] = 0
        error = DiscordError(429, 0, "You are being rate limited.", headers=headers, payload=body)
        if cloudflare:
            error.headers = {"Via": "", "Retry-After": headers["Retry-After"]}
            error.payload = "<html><body>Error 1015: You are being rate limited.</body></html>"
        return self._add_fault(what, channel, times, error)

    def inject_error(
        self,
        what: str | Callable[[ApiCall], bool] | None = None,
        *,
        channel: FakeChannel | int | None = None,
        times: int = 1,
        status: int = 500,
        code: int = 0,
        message: str = "500: Internal Server Error",
    ) -> Fault:
        """Make the next ``times`` matching requests fail with ``status``/``code``/``message``.

        discord.py retries 500/502/504 itself (sleeping 1 + 2n seconds), so
        prefer 4xx errors in fast tests.
        """
        return self._add_fault(what, channel, times, DiscordError(status, code, message))

    def _add_fault(
        self,
        what: str | Callable[[ApiCall], bool] | None,
        channel: FakeChannel | int | None,
        times: int,
        error: DiscordError,
    ) -> Fault:
        channel_id = channel.id if isinstance(channel, FakeChannel) else channel
        fault = Fault(what, channel_id, times, error)
        self.faults.append(fault)
        return fault

    def _apply_faults(self, call: ApiCall) -> None:
        for fault in self.faults:
            if fault.remaining <= 0 or not _matches(fault.match, call):
                continue
            if fault.channel_id is not None and call.channel_id != fault.channel_id:
                continue
            fault.remaining -= 1
            fault.hits.append(call)
            error = fault.error
            raise DiscordError(
                error.status,
                error.code,
                error.message,
                error.errors,
                dict(error.headers),
                error.payload,
            )

    # ---------------------------------------------------------------- inspection

    def mark(self) -> int:
        """The current position in `calls`, for ``wait_for(..., since=mark)``."""
        return len(self.calls)

    def calls_of(
        self,
        what: str | Callable[[ApiCall], bool] | None = None,
        *,
        channel: FakeChannel | int | None = None,
        ok: bool | None = None,
        since: int = 0,
    ) -> list[ApiCall]:
        """Recorded calls filtered by route name/endpoint/predicate, channel and outcome."""
        match = _matcher(what, channel, ok)
        return [call for call in self.calls[since:] if match(call)]

    def most_bot_requests(self, window: float = 1.0, *, since: int = 0) -> int:
        """The most requests with the bot token (refused ones too) that fell in any
        ``window`` seconds, from call ``since`` on: per second, what Discord's global
        limit counts."""
        times = sorted(
            c.time for c in self.calls[since:] if rest.route_needs_token(c.name)
        )
        most, start = 0, 0
        for end, at in enumerate(times):
            while times[start] <= at - window:
                start += 1
            most = max(most, end - start + 1)
        return most

    def bucket_refusals(self) -> list[ApiCall]:
        """The requests a per-route bucket refused (not the global limit, not the limit on
        old messages, not an injected 429)."""
        injected = {id(call) for fault in self.faults for call in fault.hits}
        return [c for c in self.calls if c.status == 429 and id(c) not in injected
                and isinstance(c.response, dict) and c.response.get("global") is False
                and c.response.get("code") != 30046]

    def public_messages(self, *, include_deleted: bool = True) -> list[MessageRecord]:
        """Every non-ephemeral message in guild channels and threads (what everyone there sees)."""
        return [
            m
            for m in self.messages.values()
            if m.ephemeral_to is None and not m.channel.is_dm and (include_deleted or not m.deleted)
        ]

    def assert_not_public(self, *needles: str) -> None:
        """Fail if any version of any public message shows one of ``needles``."""
        leaks = []
        for message in self.public_messages():
            for text in message.texts():
                for needle in needles:
                    if needle and needle in text:
                        leaks.append(f"{needle!r} in {message!r}: {text!r}")
        if leaks:
            raise AssertionError("private text in public messages:\n" + "\n".join(leaks))

    def assert_interactions_answered(
        self, within: float | None = None, *, ignore: Iterable[InteractionRecord] = ()
    ) -> None:
        """Fail unless every interaction got exactly one callback, successful, in time.

        ``within`` defaults to ``interaction_timeout`` (3 s); ``ignore`` lists
        interactions a test expects to go unanswered (forged ones, say).
        """
        limit = self.interaction_timeout if within is None else within
        skipped = {i.id for i in ignore}
        problems = []
        for interaction in self.interactions.values():
            if interaction.id in skipped:
                continue
            found = interaction.problems(limit)
            if found:
                problems.append(f"{interaction!r}: {'; '.join(found)}")
        if problems:
            raise AssertionError(
                "interactions not answered exactly once in time:\n" + "\n".join(problems)
            )

    # ---------------------------------------------------------------- waiting

    async def wait_for(
        self,
        what: str | Callable[[ApiCall], bool] | None = None,
        /,
        *,
        channel: FakeChannel | int | None = None,
        ok: bool | None = None,
        count: int = 1,
        timeout: float = 5.0,
        since: int | None = None,
    ) -> list[ApiCall]:
        """Wait for ``count`` recorded calls matching a route name, endpoint or predicate.

        Only calls made after the latest user action (slash, click, send, ...)
        are considered unless ``since`` (see `mark`) says otherwise; ``since=0``
        searches everything. Returns the first ``count`` matches.
        """
        label = what if isinstance(what, str) else getattr(what, "__name__", "any call")
        where = f" in channel {getattr(channel, 'id', channel)}" if channel is not None else ""
        return await self._wait_for_calls(_matcher(what, channel, ok), count, since, timeout,
                                          f"{count} x {label}{where}")

    async def wait_answered(self, interaction: InteractionRecord, timeout: float = 3.0) -> ApiCall:
        """Wait for the interaction's successful callback; returns it."""
        return await self.wait_until(
            lambda: interaction.response, timeout, message=f"an answer to {interaction!r}"
        )

    def _quiet(self) -> bool:
        return all(conn.pending == 0 for conn in self._connections)

    def _report_lines(self) -> list[str]:
        lines = []
        session = self.current_session
        if session is None:
            lines.append("gateway: no bot session (is the bot running? did IDENTIFY fail?)")
        else:
            if session.connection is None:
                lines.append("gateway: the bot is disconnected (dispatches wait for a RESUME)")
            lines.append(f"gateway: {session!r}, last events {session.events[-5:]}")
        pending = [i for i in self.interactions.values() if not i.acknowledged]
        if pending:
            lines.append(f"unanswered interactions: {pending[-5:]}")
        return lines


def _guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild a dispatch is about, which decides its shard."""
    if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
        return int(data["id"])
    guild_id = data.get("guild_id")
    return int(guild_id) if guild_id else None


def _matches(what: str | Callable[[ApiCall], bool] | None, call: ApiCall) -> bool:
    if what is None:
        return True
    if isinstance(what, str):
        return what in (call.name, call.endpoint)
    return bool(what(call))


def _matcher(
    what: str | Callable[[ApiCall], bool] | None, channel: FakeChannel | int | None, ok: bool | None
) -> Callable[[ApiCall], bool]:
    channel_id = channel.id if isinstance(channel, FakeChannel) else channel

    def match(call: ApiCall) -> bool:
        if not _matches(what, call):
            return False
        if channel_id is not None:
            target = call.channel_id
            if target is None and call.interaction is not None:
                target = call.interaction.channel.id
            if target != channel_id:
                return False
        return ok is None or call.ok == ok

    return match


__all__ = ["DEFAULT_TOKEN", "FakeDiscordServer"]
