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

import asyncio
import base64
import json
import math
import mimetypes
import re
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import Any, Self

from aiohttp import web

from fakes.waiting import Waiting

from . import bucket_waits, rest
from .gateway import (
    OP_INVALID_SESSION,
    OP_RECONNECT,
    GatewayConnection,
    GatewaySession,
    handle_gateway,
    required_intent,
)
from .models import FakeChannel, FakeGuild, FakeRole, FakeUser, _permission_value
from .records import (
    CHANNEL_DM,
    CHANNEL_GUILD_TEXT,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_PUBLIC_THREAD,
    DEFAULT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    INTENT_MESSAGE_CONTENT,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_MESSAGE_COMPONENT,
    PRIVILEGED_INTENTS,
    ApiCall,
    DiscordError,
    FakeClock,
    Fault,
    GatewayEvent,
    InteractionRecord,
    MessageRecord,
    StoredAttachment,
    UploadedFile,
    empty_message,
    form_error,
    image_size,
    iso,
    not_authorized,
    not_found,
)
from .validation import validate_message

DM_OPEN_LIMIT = (10, 60.0)
"""Discord's anti-spam for direct messages publishes no number; bot developers report 403
code 40003 ("You are opening direct messages too fast") past about ten new DM channels a
minute. The fake answers 40003 to the 11th opening within any 60 s."""
DM_SEND_LIMIT = (10, 10.0)
"""And to more than 10 messages sent into DM channels (all recipients) within any 10 s."""
COMMAND_CREATES_PER_DAY = 200
"""Discord's documented limit: 200 application command creates a day per scope (global, or
one guild); a sync that would create more is answered 429 until the oldest is a day old."""
COMMAND_SYNC_LIMIT = (4, 600.0)
"""Bulk overwrites (a whole sync) per scope: past 4 in 10 minutes the fake answers 429 with
the wait until the window frees (minutes: longer than discord.py sits out, so it raises
`discord.RateLimited`)."""
GLOBAL_LIMIT = (50, 1.0)
"""Discord: 50 requests a second per bot token across all routes (interactions exempt)."""
INVALID_LIMIT = (10_000, 600.0)
"""Discord bans an IP (Cloudflare, for about an hour) after 10,000 invalid requests (401,
403, 429 but "shared" ones) within 10 minutes; tests may lower it (``invalid_limit``)."""
BAN_SECONDS = 3600.0
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit per file for a bot in a server without boosts (10 MiB); a larger
file is refused with 413, code 40005."""
DISCORD_ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "send_message": (5, 5.0),
    "edit_message": (5, 5.0),
    "delete_message": (5, 5.0),
    "edit_original_interaction_response": (5, 5.0),
    "edit_webhook_message": (5, 5.0),
    "execute_webhook": (5, 2.0),
}
"""The buckets Discord gives the routes a game bot uses, per channel (or per
interaction token), as its headers report them: 5 messages per 5 seconds in a
channel, and so on. The fake enforces them unless told otherwise (``rate_limits``)."""

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
      `bucket_time`, the clock plus those waits;
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
        self.rate_limit = rate_limit
        self.rate_limits = dict(DISCORD_ROUTE_LIMITS if rate_limits is None else rate_limits)
        self.bucket_waits_on_clock = bucket_waits_on_clock
        self.bucket_waits = 0.0
        """Seconds discord.py waited for buckets to refill on the fake's clock (see
        `bucket_time`); with ``bucket_waits_on_clock`` off, always 0."""
        self.global_limit = global_limit
        self.old_message_edits = old_message_edits
        self.dm_open_limit = dm_open_limit
        self.dm_send_limit = dm_send_limit
        self.command_sync_limit = command_sync_limit
        self.command_creates_per_day = command_creates_per_day
        self._windows: dict[str, deque[float]] = {}  # anti-spam and sync windows
        self.dm_refusals = 0
        """403 code 40003 answers: direct messages opened or sent too fast."""
        self.command_syncs = 0
        """Bulk overwrites of commands accepted."""
        self.invalid_requests = 0
        """401, 403 and 429 (but "shared" 429s) answers: Discord bans an IP for an hour
        after 10,000 of them in 10 minutes."""
        self.invalid_limit = invalid_limit
        self.ban_seconds = ban_seconds
        self.most_invalid_in_window = 0
        """The most invalid requests ever counted within one ``invalid_limit`` window."""
        self.bans = 0
        """Bans earned (``invalid_limit`` reached)."""
        self.banned_until: float | None = None
        self.global_refusals = 0
        """Requests refused by the global limit itself (not injected 429s)."""
        self.limits_expected = False
        """A test that drives the fake past Discord's limits on purpose sets this, so the
        fixture's teardown does not fail it for a global 429 or a ban."""
        self.upload_limit = upload_limit
        self.latency = latency
        self._invalid_times: deque[float] = deque()
        self.clock = clock or FakeClock()
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
        self._buckets: dict[str, tuple[int, float]] = {}
        self._global_window: deque[float] = deque()  # bot-token requests in the window
        self._old_edits: dict[int, list[float]] = {}  # channel -> old-message edit times
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
        app.router.add_route("*", r"/api/v{version:\d+}/{path:.*}", self._handle_api)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._handle_attachment
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
                bucket_waits.take_on_clock(self._bucket_waited)

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

    # ---------------------------------------------------------------- commands

    def _store_command(
        self, body: dict[str, Any], guild_id: str | None, old: dict[str, Any] | None
    ) -> dict[str, Any]:
        command = json.loads(json.dumps(body))
        command.setdefault("type", 1)
        command.setdefault("description", "")
        command.setdefault("options", [])
        command.setdefault("nsfw", False)
        command.setdefault("default_member_permissions", None)
        command.setdefault("name_localizations", None)
        command.setdefault("description_localizations", None)
        if guild_id is None:
            command.setdefault("dm_permission", True)
            command.setdefault("integration_types", [0])
            command.setdefault("contexts", None)
        else:
            command["guild_id"] = str(guild_id)
        command["id"] = old["id"] if old else str(self._new_id())
        command["application_id"] = str(self.application_id)
        command["version"] = str(self._new_id())
        return command

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

    def _command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any],
        *,
        force: bool,
    ) -> dict[str, Any]:
        parts = command.strip().lstrip("/").split()
        guild = channel.guild
        candidates = (guild.commands if guild else []) + self.commands
        found = None
        for candidate in candidates:
            if candidate.get("type", 1) != 1:
                continue
            names = {
                candidate["name"],
                (candidate.get("name_localizations") or {}).get(user.locale),
            }
            if parts[0] in names:
                found = candidate
                break
        if found is None:
            if not force:
                raise ValueError(
                    f"no slash command {parts[0]!r} registered for {channel!r}; "
                    f"global: {[c['name'] for c in self.commands]}"
                    + (f", guild: {[c['name'] for c in guild.commands]}" if guild else "")
                )
            found = {"id": str(self._new_id()), "name": parts[0], "options": [], "type": 1}
        if channel.is_dm and not force:
            contexts = found.get("contexts")
            if (
                found.get("guild_id")
                or found.get("dm_permission") is False
                or (contexts is not None and 1 not in contexts)
            ):
                raise ValueError(f"/{found['name']} isn't available in DMs")
        data: dict[str, Any] = {"id": found["id"], "name": found["name"], "type": 1}
        if found.get("guild_id"):
            data["guild_id"] = found["guild_id"]
        resolved: dict[str, dict[str, Any]] = {}
        definitions = found.get("options") or []
        container = data
        for sub in parts[1:]:
            definition = next(
                (
                    o
                    for o in definitions
                    if o.get("type") in (1, 2)
                    and sub in (o["name"], (o.get("name_localizations") or {}).get(user.locale))
                ),
                None,
            )
            if definition is None:
                if not force:
                    raise ValueError(f"/{found['name']} has no subcommand {sub!r}")
                definition = {"name": sub, "type": 1, "options": []}
            nested: dict[str, Any] = {
                "name": definition["name"],
                "type": definition["type"],
                "options": [],
            }
            container.setdefault("options", []).append(nested)
            container = nested
            definitions = definition.get("options") or []
        values = self._option_values(
            found["name"], definitions, options, channel, resolved, force=force
        )
        if values or "options" not in container:
            container["options"] = values
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_values(
        self,
        command: str,
        definitions: list[dict[str, Any]],
        options: dict[str, Any],
        channel: FakeChannel,
        resolved: dict[str, dict[str, Any]],
        *,
        force: bool,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in definitions}
        result = []
        if not force:
            unknown = set(options) - set(by_name)
            if unknown:
                raise ValueError(
                    f"/{command} has no options {sorted(unknown)}; it has {sorted(by_name)}"
                )
            missing = [
                o["name"] for o in definitions if o.get("required") and o["name"] not in options
            ]
            if missing:
                raise ValueError(f"/{command} needs options {missing}")
        for name, value in options.items():
            definition = by_name.get(name, {"type": 3})
            kind = definition.get("type", 3)
            if kind in (6, 7, 8, 9):
                guild = channel.guild
                outsider = (
                    kind == 6
                    and isinstance(value, FakeUser)
                    and guild is not None
                    and value.id not in guild.members
                )
                if outsider and not force:
                    raise ValueError(
                        f"{value!r} isn't a member of {guild!r}; Discord offers members only"
                    )
                self._resolve_into(resolved, channel, value)
                value = str(getattr(value, "id", value))
            elif kind == 4 and not force:
                value = int(value)
            elif kind == 10 and not force:
                value = float(value)
            elif kind == 5 and not force:
                value = bool(value)
            choices = definition.get("choices")
            if choices and not force and value not in [c["value"] for c in choices]:
                raise ValueError(
                    f"/{command} {name}={value!r} isn't one of {[c['value'] for c in choices]}"
                )
            result.append({"name": name, "type": kind, "value": value})
        return result

    def _resolved(self, channel: FakeChannel, values: Iterable[Any]) -> dict[str, dict[str, Any]]:
        resolved: dict[str, dict[str, Any]] = {}
        for value in values:
            self._resolve_into(resolved, channel, value)
        return resolved

    def _resolve_into(
        self, resolved: dict[str, dict[str, Any]], channel: FakeChannel, value: Any
    ) -> None:
        target: Any = value
        if isinstance(value, (int, str)) and str(value).isdigit():
            key = int(value)
            target = self.users.get(key) or self.channels.get(key)
            if target is None and channel.guild is not None:
                target = channel.guild.roles.get(key)
        if isinstance(target, FakeUser):
            resolved.setdefault("users", {})[str(target.id)] = target.to_api()
            if channel.guild is not None and target.id in channel.guild.members:
                member = channel.guild.member_payload(target, with_user=False)
                member["permissions"] = str(channel.permissions_for(target.id))
                resolved.setdefault("members", {})[str(target.id)] = member
        elif isinstance(target, FakeChannel):
            payload = target.to_api()
            entry = {
                k: payload.get(k)
                for k in ("id", "name", "type", "parent_id", "thread_metadata")
                if k in payload
            }
            entry["permissions"] = str(target.bot_permissions)
            resolved.setdefault("channels", {})[str(target.id)] = entry
        elif isinstance(target, FakeRole):
            resolved.setdefault("roles", {})[str(target.id)] = target.to_api()

    # ---------------------------------------------------------------- interactions

    def _interact(
        self,
        user: FakeUser,
        channel: FakeChannel,
        kind: int,
        data: dict[str, Any],
        *,
        message: MessageRecord | None = None,
    ) -> InteractionRecord:
        interaction_id = self._new_id()
        token = f"aW50ZXJhY3Rpb246{interaction_id}:{secrets.token_urlsafe(96)}"
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "channel_id": str(channel.id),
            "channel": self._interaction_channel(channel),
            "app_permissions": str(channel.bot_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            member = guild.member_payload(user)
            member["permissions"] = str(channel.permissions_for(user.id))
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member,
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.to_api(),
                authorizing_integration_owners={"0": str(self.application_id)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.to_api()
        record = InteractionRecord(
            server=self,
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            data=data,
            payload=payload,
            created_at=self.clock.time(),
            message=message,
        )
        self.interactions[interaction_id] = record
        self._interactions_by_token[token] = record
        user.interactions.append(record)
        record.event = self.dispatch("INTERACTION_CREATE", payload)
        self._mark = len(self.calls)
        self._touch()
        return record

    def _interaction_channel(self, channel: FakeChannel) -> dict[str, Any]:
        payload = channel.to_api()
        payload["permissions"] = str(channel.bot_permissions)
        return payload

    def interaction_by_token(self, token: str) -> InteractionRecord:
        return self._interactions_by_token[token]

    # ---------------------------------------------------------------- messages

    def _create_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        interaction: InteractionRecord | None = None,
        type: int = 0,
        reference: MessageRecord | None = None,
        channel_message: bool = False,
        followup: bool = False,
        allow_empty: bool = False,
        keep_flags: int | None = None,
    ) -> MessageRecord:
        requested = int(body.get("flags") or 0)
        if keep_flags is not None:
            flags = requested & keep_flags
        else:
            allowed = _ALLOWED_CHANNEL_FLAGS if channel_message else _ALLOWED_INTERACTION_FLAGS
            flags = requested & allowed
        validate_message(body, flags=flags)
        message_id = self._new_id()
        attachments = self._attachments(
            channel, message_id, body, files, [], ephemeral=bool(flags & FLAG_EPHEMERAL)
        )
        embeds = _resolve_embeds(body.get("embeds") or [], attachments)
        components = list(body.get("components") or [])
        content = body.get("content") or ""
        if not allow_empty and not (
            content
            or embeds
            or attachments
            or components
            or body.get("sticker_ids")
            or body.get("poll")
        ):
            raise empty_message()
        ephemeral_to = (
            interaction.user if interaction is not None and flags & FLAG_EPHEMERAL else None
        )
        message = MessageRecord(
            server=self,
            id=message_id,
            channel=channel,
            author=None,
            content=content,
            embeds=embeds,
            components=components,
            attachments=attachments,
            flags=flags,
            type=type,
            created_at=self.clock.time(),
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            webhook_id=self.application_id if interaction is not None else None,
            reference=reference,
            allowed_mentions=body.get("allowed_mentions"),
            tts=bool(body.get("tts")),
            nonce=str(body["nonce"]) if body.get("nonce") is not None else None,
        )
        self.messages[message.id] = message
        if ephemeral_to is not None:
            ephemeral_to.ephemeral_store[message.id] = message
        else:
            channel.store[message.id] = message
            channel.last_active = message.created_at
            self._dispatch_message("MESSAGE_CREATE", message)
        return message

    def _edit_message(
        self, message: MessageRecord, body: dict[str, Any], files: list[UploadedFile]
    ) -> None:
        flags = message.flags
        if "flags" in body and body["flags"] is not None:
            changeable = FLAG_SUPPRESS_EMBEDS | FLAG_IS_COMPONENTS_V2
            flags = (flags & ~changeable) | (int(body["flags"]) & changeable)
        if message.flags & FLAG_IS_COMPONENTS_V2 and not flags & FLAG_IS_COMPONENTS_V2:
            raise form_error(
                ["flags"],
                "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                "Cannot remove the IS_COMPONENTS_V2 flag",
            )
        validate_message(body, flags=flags)
        attachments = message.attachments
        if "attachments" in body or files:
            attachments = self._attachments(
                message.channel,
                message.id,
                body,
                files,
                message.attachments,
                ephemeral=message.ephemeral,
            )
        content = (body["content"] or "") if "content" in body else message.content
        embeds = (
            _resolve_embeds(body["embeds"] or [], attachments)
            if "embeds" in body
            else message.embeds
        )
        components = list(body["components"] or []) if "components" in body else message.components
        if not (content or embeds or attachments or components):
            raise empty_message()
        message.history.append(message.snapshot())
        message.content = content
        message.embeds = embeds
        message.components = components
        message.attachments = attachments
        message.flags = flags & ~FLAG_LOADING
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        message.edited_at = self.clock.time()
        self._dispatch_message("MESSAGE_UPDATE", message)

    def _delete_message(self, message: MessageRecord) -> None:
        message.deleted = True
        if message.ephemeral_to is None:
            payload: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                payload["guild_id"] = str(message.channel.guild.id)
            self.dispatch("MESSAGE_DELETE", payload)
        self._touch()

    def _attachments(
        self,
        channel: FakeChannel,
        message_id: int,
        body: dict[str, Any],
        files: list[UploadedFile],
        existing: list[StoredAttachment],
        *,
        ephemeral: bool,
    ) -> list[StoredAttachment]:
        uploads = {upload.index: upload for upload in files}
        meta = body.get("attachments")
        if meta is None:
            return [*existing, *(self._store_upload(channel, u, {}, ephemeral) for u in files)]
        by_id = {a.id: a for a in existing}
        used: set[int] = set()
        result: list[StoredAttachment] = []
        for i, entry in enumerate(meta):
            raw = entry.get("id")
            key = int(raw) if raw is not None and str(raw).isdigit() else None
            if key in by_id:
                result.append(by_id[key])
            elif key in uploads:
                used.add(key)
                result.append(self._store_upload(channel, uploads[key], entry, ephemeral))
            else:
                raise form_error(
                    ["attachments", i, "id"], "ATTACHMENT_NOT_FOUND", "Unknown attachment"
                )
        result += [
            self._store_upload(channel, u, {}, ephemeral)
            for i, u in uploads.items()
            if i not in used
        ]
        return result

    def _store_upload(
        self, channel: FakeChannel, upload: UploadedFile, entry: dict[str, Any], ephemeral: bool
    ) -> StoredAttachment:
        filename = str(entry.get("filename") or upload.filename or f"file{upload.index}")
        attachment_id = self._new_id()
        size = image_size(upload.data)
        content_type = mimetypes.guess_type(filename)[0] or (
            upload.content_type if upload.content_type != "application/octet-stream" else None
        )
        stored = StoredAttachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            url=f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}",
            content_type=content_type,
            description=entry.get("description"),
            width=size[0] if size else None,
            height=size[1] if size else None,
            ephemeral=ephemeral,
        )
        self.attachments[attachment_id] = stored
        return stored

    def _user_message(self, user: FakeUser, channel: FakeChannel, content: str) -> MessageRecord:
        message = MessageRecord(
            server=self,
            id=self._new_id(),
            channel=channel,
            author=user,
            content=content,
            created_at=self.clock.time(),
        )
        self.messages[message.id] = message
        channel.store[message.id] = message
        self._dispatch_message("MESSAGE_CREATE", message)
        self._mark = len(self.calls)
        self._touch()
        return message

    def _message_payload(
        self, message: MessageRecord, *, with_reference: bool = True
    ) -> dict[str, Any]:
        channel = message.channel
        author = dict(self.bot_user) if message.author is None else message.author.to_api()
        payload: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(channel.id),
            "type": message.type,
            "content": message.content,
            "author": author,
            "timestamp": iso(message.created_at),
            "edited_timestamp": iso(message.edited_at),
            "tts": message.tts,
            "mention_everyone": "@everyone" in message.content,
            "mentions": [u.to_api() for u in message.mentions],
            "mention_roles": [],
            "attachments": [a.to_api() for a in message.attachments],
            "embeds": [dict(e) for e in message.embeds],
            "components": json.loads(json.dumps(message.components)),
            "pinned": message.pinned,
            "flags": message.flags,
        }
        if channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
            if message.ephemeral_to is None:
                payload["member"] = channel.guild.member_payload(message.author, with_user=False)
        if message.nonce is not None:
            payload["nonce"] = message.nonce
        if message.webhook_id is not None:
            payload["webhook_id"] = str(message.webhook_id)
            payload["application_id"] = str(self.application_id)
        interaction = message.interaction
        if interaction is not None:
            metadata: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_api(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if message in interaction.followups and interaction.original is not None:
                metadata["original_response_message_id"] = str(interaction.original.id)
            if (
                interaction.type == INTERACTION_MESSAGE_COMPONENT
                and interaction.message is not None
            ):
                metadata["interacted_message_id"] = str(interaction.message.id)
            if interaction.type == INTERACTION_APPLICATION_COMMAND:
                metadata["name"] = interaction.command
                payload["interaction"] = {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "name": interaction.command,
                    "user": interaction.user.to_api(),
                }
            payload["interaction_metadata"] = metadata
        if message.reference is not None:
            payload["message_reference"] = {
                "type": 0,
                "message_id": str(message.reference.id),
                "channel_id": str(message.reference.channel.id),
                **({"guild_id": str(channel.guild.id)} if channel.guild else {}),
            }
            if with_reference:
                payload["referenced_message"] = message.reference.to_api(with_reference=False)
        if message.thread is not None:
            payload["thread"] = message.thread.to_api()
        return payload

    def _mentioned_users(self, content: str) -> list[FakeUser]:
        seen: list[FakeUser] = []
        for match in _MENTION.finditer(content or ""):
            user = self.users.get(int(match.group(1)))
            if user is not None and user not in seen:
                seen.append(user)
        return seen

    def _pinged_users(self, message: MessageRecord) -> list[FakeUser]:
        if message.ephemeral_to is not None or message.flags & FLAG_SUPPRESS_NOTIFICATIONS:
            return []
        mentioned = message.mentions
        allowed = message.allowed_mentions
        if allowed is None:
            return mentioned
        if "users" in (allowed.get("parse") or []):
            return mentioned
        ids = {int(u) for u in allowed.get("users") or []}
        return [u for u in mentioned if u.id in ids]

    def _dispatch_message(self, event: str, message: MessageRecord) -> None:
        if message.ephemeral_to is not None:
            return
        guild = message.channel.guild
        session = self.session_for(guild.id if guild is not None else None)
        if session is None:
            return
        payload = message.to_api()
        mentioned_bot = (
            f"<@{self.bot_id}>" in message.content or f"<@!{self.bot_id}>" in message.content
        )
        if (
            not session.has_intent(INTENT_MESSAGE_CONTENT)
            and message.author is not None
            and not message.channel.is_dm
            and not mentioned_bot
        ):
            payload.update(content="", embeds=[], attachments=[], components=[])
        self.dispatch(event, payload)

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

    # ---------------------------------------------------------------- HTTP

    async def _handle_api(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        started = time.monotonic()
        found = rest.match_route(request.method, path)
        if found is None:
            spec = None
            call = ApiCall(request.method, path, path, "unknown", query=dict(request.query))
        else:
            spec, params = found
            call = ApiCall(
                request.method,
                path,
                spec.template,
                spec.name,
                params=params,
                query=dict(request.query),
            )
        call.time = self.clock.time()
        call.user_agent = request.headers.get("User-Agent", "")
        self._inflight += 1
        self._touch()
        status, body, headers = 200, None, {"Via": "1.1 google"}
        try:
            if self.latency > 0:
                await asyncio.sleep(self.latency)
            if self._banned():
                # Cloudflare's block: no JSON, no Discord headers, and no end to it by
                # asking again
                raise DiscordError(403, 0, "Access denied", headers={"Via": ""},
                                   payload="<html><body>error code: 1015 banned</body></html>")
            if spec is None:
                raise not_found()
            if spec.auth and request.headers.get("Authorization") != f"Bot {self.token}":
                raise not_authorized()
            if request.match_info["version"] not in ("9", "10"):
                raise DiscordError(400, 50041, "Invalid API version provided")
            call.json, call.files = await _read_body(request)
            self._check_uploads(call)
            self._apply_faults(call)
            if spec.auth:
                self._global_rate_limit()
            headers.update(self._rate_limit(spec, call))
            result = spec.handler(self, call)
            if result is rest.NO_CONTENT:
                status = 204
            else:
                body = result
        except DiscordError as error:
            status, body = error.status, error.body()
            headers.update(error.headers)
            if (status in (401, 403) or (
                status == 429 and error.headers.get("X-RateLimit-Scope") != "shared"
            )) and not self._banned():
                self._count_invalid()
            if not headers.get("Via"):
                headers.pop("Via", None)
        except Exception as error:  # noqa: BLE001 - a bug in the fake; answer 500 and record it
            self.internal_errors.append(error)
            status, body = 500, {"message": f"fake Discord internal error: {error!r}", "code": 0}
        finally:
            self._inflight -= 1
        call.status, call.response, call.headers = status, body, headers
        call.duration = time.monotonic() - started
        self.calls.append(call)
        self._touch()
        if status == 204:
            return web.Response(status=204, headers=headers)
        if isinstance(body, str):
            return web.Response(status=status, text=body, content_type="text/html", headers=headers)
        # Exactly "application/json", no charset: discord.py compares the header verbatim.
        headers["Content-Type"] = "application/json"
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)

    async def _handle_attachment(self, request: web.Request) -> web.StreamResponse:
        stored = self.attachments.get(int(request.match_info["attachment_id"]))
        if stored is None or stored.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(
            body=stored.data, content_type=stored.content_type or "application/octet-stream"
        )

    # ---------------------------------------------------------------- rate limits, faults

    def _global_rate_limit(self) -> None:
        """Discord's global limit: at most ``global_limit`` requests with the bot token in
        any window (a sliding one here, which is the strictest reading)."""
        if self.global_limit is None:
            return
        limit, window = self.global_limit
        now = self.clock.time()
        sent = self._global_window
        while sent and sent[0] <= now - window:
            sent.popleft()
        if len(sent) >= limit:
            self.global_refusals += 1
            retry_after = max(sent[0] + window - now, 0.001)
            raise DiscordError(
                429,
                0,
                "You are being rate limited.",
                headers={
                    "Retry-After": str(math.ceil(retry_after)),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                },
                payload={
                    "message": "You are being rate limited.",
                    "retry_after": round(retry_after, 3),
                    "global": True,
                    "code": 0,
                },
            )
        sent.append(now)

    def _count_invalid(self) -> None:
        """One more invalid request; the ban once ``invalid_limit`` is reached."""
        self.invalid_requests += 1
        if self.invalid_limit is None:
            return
        limit, window = self.invalid_limit
        now = self.clock.time()
        times = self._invalid_times
        times.append(now)
        while times and times[0] <= now - window:
            times.popleft()
        self.most_invalid_in_window = max(self.most_invalid_in_window, len(times))
        if len(times) >= limit:
            self.bans += 1
            self.banned_until = now + self.ban_seconds
            times.clear()

    def _banned(self) -> bool:
        return self.banned_until is not None and self.clock.time() < self.banned_until

    def _check_uploads(self, call: ApiCall) -> None:
        if self.upload_limit is None:
            return
        if any(len(upload.data) > self.upload_limit for upload in call.files):
            raise DiscordError(413, 40005, "Request entity too large")

    def assert_within_limits(self) -> None:
        """No request was refused by the global limit, and no ban was earned (nor half of
        one: the invalid requests of any window stayed under half the limit)."""
        assert self.global_refusals == 0, f"{self.global_refusals} global 429s"
        assert self.bans == 0, f"banned {self.bans} times for invalid requests"
        if self.invalid_limit is not None:
            assert self.most_invalid_in_window < self.invalid_limit[0] / 2, (
                f"{self.most_invalid_in_window} invalid requests within "
                f"{self.invalid_limit[1]:g} s")

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

    def bucket_time(self) -> float:
        """The time the per-route buckets are counted on: the fake's clock, plus every wait
        for a bucket to refill that discord.py took on it (`bucket_waits`)."""
        return self.clock.time() + self.bucket_waits

    def _bucket_waited(self, seconds: float) -> None:
        self.bucket_waits += max(seconds, 0.0)

    def _rate_limit(self, spec: rest.RouteSpec, call: ApiCall) -> dict[str, str]:
        if spec.name == "create_interaction_response":
            return {}
        limit, window = self.rate_limits.get(spec.name, self.rate_limit)
        major = (
            call.params.get("channel_id")
            or call.params.get("guild_id")
            or call.params.get("webhook_token")
            or ""
        )
        bucket_hash = f"{abs(hash((spec.method, spec.template))) % 16**12:012x}"
        key = f"{bucket_hash}:{major}"
        now = self.bucket_time()
        used, reset_at = self._buckets.get(key, (0, now + window))
        if now >= reset_at:
            used, reset_at = 0, now + window
        # in whole milliseconds, rounded up: a client that waits exactly what it is told
        # must find the bucket refilled (rounding to the nearest could tell it 0.5 ms short)
        reset_after = max(math.ceil((reset_at - now) * 1000) / 1000, 0.001)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Bucket": bucket_hash,
            "X-RateLimit-Reset": f"{math.ceil(reset_at * 1000) / 1000:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        }
        if used >= limit:
            headers.update(
                {
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Scope": "user",
                    "Retry-After": str(math.ceil(reset_after)),
                }
            )
            raise DiscordError(
                429,
                0,
                "You are being rate limited.",
                headers=headers,
                payload={
                    "message": "You are being rate limited.",
                    "retry_after": round(reset_after, 3),
                    "global": False,
                },
            )
        self._buckets[key] = (used + 1, reset_at)
        headers["X-RateLimit-Remaining"] = str(limit - used - 1)
        return headers

    def _window(self, key: str, limit: tuple[int, float], count: int = 1) -> float:
        """Take `count` places in the sliding window `key` (`limit`: count, seconds); returns
        0 if taken, else the seconds until there is room (nothing taken)."""
        most, window = limit
        now = self.clock.time()
        times = self._windows.setdefault(key, deque())
        while times and times[0] <= now - window:
            times.popleft()
        if len(times) + count > most:
            if count > most:
                return window
            return max(times[len(times) + count - most - 1] + window - now, 0.001)
        times.extend([now] * count)
        return 0.0

    def dm_anti_spam(self, what: str) -> None:
        """Discord's answer to a bot opening DM channels (`what` "open") or sending DMs
        ("send") too fast: 403 code 40003 (see `DM_OPEN_LIMIT`)."""
        limit = self.dm_open_limit if what == "open" else self.dm_send_limit
        if limit is not None and self._window(f"dm-{what}", limit):
            self.dm_refusals += 1
            raise DiscordError(403, 40003, "You are opening direct messages too fast.")

    def command_sync_allowed(self, scope: str, creates: int) -> None:
        """The limits on command syncs (`COMMAND_SYNC_LIMIT`, `COMMAND_CREATES_PER_DAY`):
        a 429 with the (long) wait, else the sync counts."""
        waits = []
        if self.command_sync_limit is not None:
            waits.append(self._window(f"sync-{scope}", self.command_sync_limit))
        if self.command_creates_per_day is not None and creates:
            waits.append(self._window(f"creates-{scope}", (self.command_creates_per_day,
                                                           86400.0), creates))
        wait = max(waits, default=0.0)
        if wait:
            raise DiscordError(
                429, 0, "You are being rate limited.",
                headers={"Retry-After": str(math.ceil(wait)), "X-RateLimit-Scope": "user"},
                payload={"message": "You are being rate limited.",
                         "retry_after": round(wait, 3), "global": False})
        self.command_syncs += 1

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


def _resolve_embeds(
    embeds: list[dict[str, Any]], attachments: list[StoredAttachment]
) -> list[dict[str, Any]]:
    """Embeds as Discord returns them: ``attachment://name`` replaced by the file's URL."""
    by_name = {a.filename: a for a in attachments}
    resolved = []
    for embed in embeds:
        embed = json.loads(json.dumps(embed))
        embed.setdefault("type", "rich")
        for key in ("image", "thumbnail"):
            part = embed.get(key)
            if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                stored = by_name.get(part["url"][len("attachment://") :])
                if stored is not None:
                    part.update(url=stored.url, proxy_url=stored.url)
                    if stored.width is not None:
                        part.update(width=stored.width, height=stored.height)
        resolved.append(embed)
    return resolved


async def _read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    if not request.body_exists:
        return None, []
    if request.content_type == "application/json":
        try:
            return await request.json(), []
        except ValueError as error:
            raise DiscordError(400, 50109, "The request body contains invalid JSON.") from error
    if request.content_type == "multipart/form-data":
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            name = part.name or ""  # type: ignore[union-attr]
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                try:
                    payload = json.loads(bytes(data).decode())
                except ValueError as error:
                    raise DiscordError(
                        400, 50109, "The request body contains invalid JSON."
                    ) from error
                continue
            found = re.fullmatch(r"files\[(\d+)\]", name) or re.fullmatch(r"file(\d*)", name)
            if found is None:
                continue
            index = int(found.group(1) or 0)
            filename = part.filename  # type: ignore[union-attr]
            content_type = part.headers.get("Content-Type")  # type: ignore[union-attr]
            files.append(UploadedFile(name, index, filename, content_type, bytes(data)))
        return payload, files
    text = await request.text()
    return (json.loads(text) if text.strip() else None), []


__all__ = ["DEFAULT_TOKEN", "FakeDiscordServer"]
