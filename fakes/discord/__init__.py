"""A fake Discord API (REST + gateway websocket) for end-to-end tests with real discord.py.

Quick start::

    import discord
    from discord.ext import commands
    from fakes.discord import FakeDiscordServer, run_client

    async with FakeDiscordServer() as server:      # points discord.py at 127.0.0.1
        guild = server.guild("Game night", locale="pl")
        channel = server.text_channel(guild, "games")
        alice = server.user("Alice", locale="ru")
        bob = server.user("Bob", allow_dms=False)

        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
        ...                                       # the bot under test: tree, dynamic items
        async with run_client(server, bot):       # bot.start(server.token) until connected
            slash = alice.slash(channel, "newgame", game="lanterns")
            await slash.wait_answered()           # a callback within 3 s
            panel = alice.last_ephemeral          # ephemeral replies are kept per user
            board = channel.last_message(from_bot=True)
            click = bob.click(board, label="Join")
            await server.wait_for("edit_message")
        server.assert_interactions_answered()     # each exactly once, in time
        server.assert_not_public("secret card")   # no private text in any public message

What the server offers (see each module):

* people and places (`models`): ``server.guild(...)``, ``server.text_channel
  (guild, name)``, ``server.thread(channel, name)``, ``server.user(name,
  locale=, allow_dms=)``; users ``slash``, ``click``, ``select``,
  ``submit_modal``, ``send``; ``channel.messages`` (public, with edit
  ``history``), ``user.ephemeral_messages``, ``user.dm_messages``;
* records (`records`): ``server.calls`` (`ApiCall`: name, endpoint, json,
  files with bytes, status, response, time, interaction, message),
  ``server.interactions`` (`InteractionRecord`: callbacks, response type and
  time, original, follow-ups), ``server.events`` (`GatewayEvent`),
  ``server.commands`` / ``guild.commands`` with localisations;
* waiting: ``wait_for(name_or_predicate)``, ``wait_until(condition)``,
  ``wait_answered(interaction)``, ``wait_idle()``, ``wait_connected()``;
* faults: ``inject_rate_limit(...)`` (429 + retry_after that discord.py
  honours), ``inject_error(...)``, ``disconnect()`` / ``request_reconnect()``
  (the client RESUMEs), ``invalidate_session()``, ``server.clock.advance(s)``
  (expire the 3-second deadline or 15-minute interaction tokens);
* Discord's limits (``server.limits``, a `DiscordLimits`): the global limit (50
  requests a second with the bot token, interactions exempt; a global 429), per-route buckets
  (`DISCORD_ROUTE_LIMITS`, on by default; discord.py's waits for them pass on
  the fake's clock, see `bucket_waits`), 30046 for edits of messages older
  than an hour;
  ``server.most_bot_requests()``, ``server.limits.invalid_requests``; the ban on
  invalid requests (``invalid_limit``, 10,000 in 10 minutes: every request
  then 403 for an hour), 413/40005 past ``upload_limit`` (10 MiB), optional
  ``latency``; ``limits.assert_within_limits()`` (the fixture's teardown: no global
  429, no ban, under half its count);
* threads: private ones need the bot as a member (50001), archived ones
  refuse edits (50083) and reopen on a message, locked ones refuse the bot
  without Manage Threads, idle ones archive after ``auto_archive_duration``;
* sharding: ``server.guild(..., shard=(i, n))`` puts a guild on a shard;
  IDENTIFY with ``shard`` gets that shard's guilds and their events only
  (direct messages: shard 0), checked like Discord (4010, 4011);
  ``server.live_sessions``, ``session_for(guild_id)``,
  ``wait_connected(shard=(i, n))``, ``disconnect(shard=i)``; each call's
  ``user_agent`` tells which client (process) sent it;
* Discord's rules: 40060 second acknowledgement, 10062 late callback, 50027
  expired token, 50007 DMs refused, 50013 missing permissions, 50035 invalid
  bodies (`validation`), 4014 privileged intents not enabled.

Modules, one concern each: `server` (the state, people and places, the gateway's sessions,
recording, waiting, injected faults), `http` (the REST front: checks, answers, records),
`rest` (the routes), `limits` (Discord's limits and their counters), `messaging` (messages
created, edited, deleted, announced), `invocations` (commands and interactions), `gateway`
(the websocket protocol), `models` (`FakeUser`, `FakeGuild`, `FakeChannel`, `FakeRole`),
`records`, `validation`, `client_helpers` (`run_client`, `stop_client`), `bucket_waits`,
`fixtures` (pytest).
"""

from fakes.waiting import WaitTimeout

from .client_helpers import run_client, stop_client
from .limits import DISCORD_ROUTE_LIMITS, GLOBAL_LIMIT, DiscordLimits
from .models import FakeChannel, FakeGuild, FakeRole, FakeUser
from .records import (
    CALLBACK_CHANNEL_MESSAGE_WITH_SOURCE,
    CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    CALLBACK_DEFERRED_UPDATE_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    ApiCall,
    DiscordError,
    FakeClock,
    Fault,
    GatewayEvent,
    InteractionRecord,
    MessageRecord,
    MessageSnapshot,
    StoredAttachment,
    UploadedFile,
)
from .server import DEFAULT_TOKEN, FakeDiscordServer
from .validation import VALID_LOCALES

__all__ = [
    "CALLBACK_CHANNEL_MESSAGE_WITH_SOURCE",
    "CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    "CALLBACK_DEFERRED_UPDATE_MESSAGE",
    "CALLBACK_MODAL",
    "CALLBACK_UPDATE_MESSAGE",
    "DEFAULT_TOKEN",
    "DISCORD_ROUTE_LIMITS",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "GLOBAL_LIMIT",
    "VALID_LOCALES",
    "ApiCall",
    "DiscordError",
    "DiscordLimits",
    "FakeChannel",
    "FakeClock",
    "FakeDiscordServer",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "Fault",
    "GatewayEvent",
    "InteractionRecord",
    "MessageRecord",
    "MessageSnapshot",
    "StoredAttachment",
    "UploadedFile",
    "WaitTimeout",
    "run_client",
    "stop_client",
]
