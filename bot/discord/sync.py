"""Syncing the slash commands: only when they changed, never in the way of starting.

The commands were synced at every start, inside `setup_hook`, with only `HTTPException`
caught: a 429 asking for more than 30 s (Discord limits command creations per day and
answers bulk overwrites with long waits) raised `discord.RateLimited` out of the log-in,
the bot did not start, Telegram stopped with it, and systemd restarted it into the same
limit. Now:

* The command tree's JSON, translations included, exactly what `CommandTree.sync` would
  send, is hashed; the digest of the last tree synced is kept in the database
  (`command_syncs`, one row per application, shared by every process), and a start with
  the same digest sends nothing.
* The sync runs in the background under `bot.loops.supervise` (the loop "discord command
  sync" in the health registry): any exception is logged and the sync tried again after a
  back-off, and a long 429 is sat out for the `retry_after` Discord asked for first. The
  bot serves meanwhile with the commands Discord already has.
* Commands Discord refuses as invalid (`CommandSyncFailure`, a 400: a bug of ours, no retry
  can help) end the loop with one ERROR line; the bot goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.loops import Loop, supervise

log = logging.getLogger(__name__)

NAME = "discord command sync"

Sleep = Callable[[float], Awaitable[object]]


class CommandDigests(Protocol):
    """Where the digest of the commands Discord has is kept: the store, shared by every
    process and restart (bot/storage/turn_dms.py)."""

    async def command_digest(self, name: str) -> str | None: ...

    async def set_command_digest(self, name: str, digest: str) -> None: ...


async def tree_payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """What `tree.sync()` sends for the global commands (translated as it translates)."""
    translator = tree.translator
    commands = tree.get_commands()
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


async def tree_digest(tree: app_commands.CommandTree[Any]) -> str:
    payload = await tree_payload(tree)
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class CommandSync:
    """Syncs `tree` when its digest differs from the stored one (see the module's notes)."""

    def __init__(self, tree: app_commands.CommandTree[Any], store: CommandDigests, *,
                 sleep: Sleep = asyncio.sleep) -> None:
        self.tree = tree
        self.store = store
        self._sleep = sleep
        self.health = Loop(NAME)
        self.synced = asyncio.Event()
        """Set once Discord has the current commands (synced now, or found unchanged)."""
        self.requests = 0
        """Sync requests sent (including refused ones)."""

    def key(self) -> str:
        return f"discord:{self.tree.client.application_id}"

    async def once(self) -> None:
        """One attempt: nothing if unchanged, else the sync; raises what it met."""
        digest = await tree_digest(self.tree)
        if await self.store.command_digest(self.key()) == digest:
            log.info("Discord: the slash commands are unchanged; not synced")
            self.synced.set()
            return
        self.requests += 1
        try:
            synced = await self.tree.sync()
        except discord.RateLimited as error:
            log.warning("Discord: syncing the slash commands must wait %.0f s (rate limited)",
                        error.retry_after)
            await self._sleep(error.retry_after)
            raise
        await self.store.set_command_digest(self.key(), digest)
        log.info("Discord: %d slash commands synced", len(synced))
        self.synced.set()

    async def run(self) -> None:
        """Until synced (or refused as invalid): never raises but on cancellation."""
        try:
            await supervise(NAME, self.once, loop=self.health, sleep=self._sleep,
                            fatal=(app_commands.CommandSyncFailure,))
        except app_commands.CommandSyncFailure as error:
            log.error("Discord: Discord refused the slash commands as invalid (%s); the bot "
                      "runs with the ones it had", type(error).__name__)
