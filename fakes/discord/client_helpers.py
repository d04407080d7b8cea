"""Glue between the fake server and the real discord.py client.

``run_client(server, client)`` runs the real ``client.start(server.token)``
(login, ``setup_hook`` — where a bot syncs its command tree and adds dynamic
items — then the gateway connection) for the duration of an ``async with``
block. It returns once the bot has identified and parsed READY and every
GUILD_CREATE of its shards (``client.get_guild`` works), so interactions dispatched inside
the block reach it; on exit
it closes the client (HTTP session included, no "Unclosed client session"
warnings) and re-raises anything the client died of.

Restarting the bot is two blocks in a row with two client objects, as a
process restart would be: the second IDENTIFY starts a new session.

Note: ``on_ready`` fires ``guild_ready_timeout`` (2 s by default) after the
last GUILD_CREATE; don't wait for it in fast tests (``run_client`` doesn't),
or build the client with ``guild_ready_timeout=0.1``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from .gateway import shard_of
from .server import FakeDiscordServer

if TYPE_CHECKING:
    import discord


@asynccontextmanager
async def run_client(
    server: FakeDiscordServer,
    client: discord.Client,
    *,
    token: str | None = None,
    timeout: float = 5.0,
    wait_ready: bool = False,
    wait_synced: bool = True,
    reconnect: bool = True,
) -> AsyncIterator[asyncio.Task[None]]:
    """Run ``client.start(token or server.token)`` while the block runs.

    Yields the client's task. ``wait_ready=True`` also waits for
    ``client.wait_until_ready()`` (``on_ready``). Our bot syncs its slash commands in the
    background (bot/discord/sync.py); ``wait_synced`` (the default) waits until Discord
    has them, as a person's command needs them (a test of a refused sync passes False).
    """
    before = server.identified
    task = asyncio.create_task(
        client.start(token or server.token, reconnect=reconnect), name="discord-client"
    )

    def connected() -> bool:
        session = server.current_session
        ready = (
            server.identified > before
            and session is not None
            and session.connection is not None
            and session.connection.pending == 0
        )
        return ready or task.done()

    try:
        await server.wait_until(connected, timeout, message="the bot's IDENTIFY and READY")
        if task.done():
            task.result()  # the client died before connecting: surface why
            raise RuntimeError("the discord client stopped before it connected")
        await _wait_parsed(server, client, task, timeout)
        if wait_ready:
            await asyncio.wait_for(client.wait_until_ready(), timeout)
        sync = getattr(client, "command_sync", None)
        if wait_synced and sync is not None and getattr(client, "sync_commands", False):
            await asyncio.wait_for(sync.synced.wait(), timeout)
        yield task
    finally:
        await stop_client(client, task)


async def _wait_parsed(
    server: FakeDiscordServer, client: discord.Client, task: asyncio.Task[None], timeout: float
) -> None:
    """Sent is not parsed: wait until the client's cache holds the user and every guild."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    guilds = _guilds_of(server, client)
    while not (client.user is not None and all(client.get_guild(gid) is not None for gid in guilds)):
        if task.done():
            task.result()
            raise RuntimeError("the discord client stopped before it connected")
        if loop.time() > deadline:
            raise TimeoutError("the client never parsed READY/GUILD_CREATE")
        await asyncio.sleep(0.002)


def _guilds_of(server: FakeDiscordServer, client: discord.Client) -> list[int]:
    """The guilds on the client's shards (all of them, unsharded)."""
    count = client.shard_count or 1
    ids = getattr(client, "shard_ids", None)
    if ids is None:
        ids = range(count) if client.shard_id is None else [client.shard_id]
    return [gid for gid in server.guilds if shard_of(gid, count) in ids]


async def stop_client(client: discord.Client, task: asyncio.Task[None] | None = None) -> None:
    """Close ``client`` and wait for its ``start`` task; re-raise what it died of."""
    await client.close()
    if task is None:
        return
    try:
        await asyncio.wait_for(asyncio.shield(task), 5.0)
    except TimeoutError:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    except asyncio.CancelledError:
        if not task.cancelled():
            raise
