"""The owner's commands on Telegram (bot/ops/owner.py): matched only in a private chat
with someone OWNER_IDS names; for anyone else no handler matches, and the bot stays as
silent as for any command it does not know."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.i18n import Translator
from bot.ops.owner import COMMANDS, owner_desk_for
from bot.screens import Result, Screen

from .handlers import _language, _run, chat_ref, user_ref
from .outbox import PLATFORM, Outbox


def _is_owner(message: Message) -> bool:
    user = message.from_user
    return user is not None and owner_desk_for(PLATFORM, user.id) is not None


def owner_router() -> Router:
    router = Router(name="telegram-owner")

    @router.message(Command(*COMMANDS, ignore_case=True), F.chat.type == ChatType.PRIVATE,
                    _is_owner)
    async def on_owner_command(message: Message, command: CommandObject, outbox: Outbox,
                               translator: Translator, default_language: str) -> None:
        assert message.from_user is not None
        desk = owner_desk_for(PLATFORM, message.from_user.id)
        if desk is None:  # (OWNER_IDS changed under the filter: cannot, but say nothing)
            return
        chat, user = chat_ref(message), user_ref(message.from_user)
        lang = _language(message.from_user, default_language)

        async def answer() -> Result:
            text = await desk.answer(lang, command.command.lower(), user, command.args or "")
            return Result(message=Screen((text,)))

        await _run(message, translator, default_language, outbox, chat, answer)

    return router
