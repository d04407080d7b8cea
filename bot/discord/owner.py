"""The owner's commands on Discord (bot/ops/owner.py), as a message in the bot's DMs:
`/botstatus` or `/closetable ID` (a leading `!` too: Discord's client offers its slash
menu on `/`, and sends the text as it is once nothing there matches).

Not slash commands: a slash command is listed to everyone, and these must not exist for
anyone but an owner. A DM from anyone else, or any other DM, is left unanswered, as the
bot always has; nothing in a guild channel is read (no message-content intent)."""

from __future__ import annotations

import logging

import discord

from bot.names import person_name
from bot.ops.owner import COMMANDS, owner_desk_for
from bot.screens import UserRef

log = logging.getLogger(__name__)

PLATFORM = "discord"
LONGEST = 2000  # characters in one Discord message


def owner_command(message: discord.Message) -> tuple[str, str] | None:
    """(command, its arguments) if `message` is an owner's command in the bot's DMs."""
    if message.guild is not None or message.author.bot:
        return None
    name, _, args = message.content.strip().partition(" ")
    name = name.lower()
    if len(name) < 2 or name[0] not in "/!" or name[1:] not in COMMANDS:
        return None
    if owner_desk_for(PLATFORM, message.author.id) is None:
        return None
    return name[1:], args


async def answer_owner(message: discord.Message, default_language: str) -> None:
    """Answer an owner's command in the DM it came from; anything else: nothing."""
    command = owner_command(message)
    desk = owner_desk_for(PLATFORM, message.author.id)
    if command is None or desk is None:
        return
    name, args = command
    owner = UserRef(str(message.author.id), person_name(message.author.display_name))
    try:
        text = await desk.answer(default_language, name, owner, args)
    except Exception:  # said to the owner, and logged with its traceback
        log.exception("the owner's /%s failed", name)
        text = desk.service.tr.t(default_language, "bot-error-internal")
    await message.channel.send(text[:LONGEST])
