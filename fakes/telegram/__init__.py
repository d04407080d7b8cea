"""A fake Telegram Bot API server for end-to-end tests with the real aiogram client.

Quick start::

    from fakes.telegram import FakeTelegramServer, make_bot, run_polling

    async with FakeTelegramServer() as server:
        bot = make_bot(server)          # aiogram Bot -> http://127.0.0.1:<port>
        alice = server.user("Alice")
        async with run_polling(server, dispatcher, bot):
            alice.start_private()
            [call] = await server.wait_for("sendMessage")
        await bot.session.close()

Modules: `server` (HTTP, update queue, recording, waiting, fault injection),
`methods` (the Bot API methods), `webhooks` (delivery by webhook, once ``setWebhook`` was
called), `flood` (Telegram's message budgets), `users`
(`FakeUser`, `FakeChat`), `records`
(`ApiCall`, `MessageRecord`, `StoredFile`), `formatting` (parse modes),
`bot_helpers` (aiogram glue), `fixtures` (pytest fixtures).
"""

from fakes.waiting import WaitTimeout

from .bot_helpers import SpacedRequests, make_bot, run_polling
from .flood import Budget, FloodBudgets, FloodControl, FloodRecord
from .formatting import EntityParseError, detect_entities, format_text, utf16_len, utf16_slice
from .methods import METHODS, NOT_MODIFIED
from .records import (
    ApiCall,
    ApiError,
    CallbackRecord,
    MessageRecord,
    MessageSnapshot,
    StoredFile,
    UploadedFile,
)
from .server import DEFAULT_TOKEN, FakeTelegramServer, Fault
from .users import FakeChat, FakeUser
from .webhooks import Delivery, WebhookDelivery

__all__ = [
    "DEFAULT_TOKEN",
    "METHODS",
    "NOT_MODIFIED",
    "ApiCall",
    "ApiError",
    "Budget",
    "CallbackRecord",
    "Delivery",
    "EntityParseError",
    "FakeChat",
    "FakeTelegramServer",
    "FakeUser",
    "Fault",
    "FloodBudgets",
    "FloodControl",
    "FloodRecord",
    "MessageRecord",
    "MessageSnapshot",
    "SpacedRequests",
    "StoredFile",
    "UploadedFile",
    "WaitTimeout",
    "WebhookDelivery",
    "detect_entities",
    "format_text",
    "make_bot",
    "run_polling",
    "utf16_len",
    "utf16_slice",
]
