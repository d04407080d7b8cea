"""Keep aiogram's parametrised response models alive.

aiogram reads every Bot API answer through `Response[<method's return type>]`; pydantic keeps
such parametrised models in a weak cache, so between garbage collections the class is freed
and built again, schema and all: about 15 ms of one core per API call, a quarter of the bot's
CPU under load in `bench/telegram.py`. Holding the models the adapter uses keeps them built.
"""

from __future__ import annotations

from aiogram import methods
from aiogram.methods.base import Response

_USED = (
    methods.GetMe, methods.GetUpdates, methods.DeleteWebhook, methods.SetMyCommands,
    methods.SendMessage, methods.SendPhoto, methods.EditMessageMedia,
    methods.EditMessageCaption, methods.EditMessageText, methods.EditMessageReplyMarkup,
    methods.DeleteMessage, methods.AnswerCallbackQuery, methods.GetChatMember,
)

PINNED = tuple({Response[m.__returning__] for m in _USED})  # type: ignore[name-defined]
