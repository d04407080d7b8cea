"""What the web adapter's Mini App pages ask of the Telegram adapter, as one structural type.

The Telegram Mini App is the web client opened inside Telegram: bot/web serves its page and
routes, bot/telegram knows Telegram (the bot token that proves who opened it, the outbox that
shows the table in the group and the private chats). Neither adapter imports the other
(tests/test_layering.py); bot/app.py hands the web side the Telegram side's
`bot.telegram.miniapp.TelegramMiniApp`, which has this shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.screens import Drop, Post, UserRef

PLATFORM = "telegram"
"""The platform whose tables the Mini App shows: its seats are Telegram user ids."""


@dataclass(frozen=True)
class Visitor:
    """Who opened the Mini App, as Telegram's signed `initData` says: the person (their id is
    their Telegram user id, their private chat's id too) and the start parameter of the link
    that opened it (a table id), if any."""

    user: UserRef
    start: str | None = None


class TelegramSide(Protocol):
    def verify(self, init_data: str) -> Visitor | str:
        """The visitor `init_data` proves, or the translation key of why it proves nobody
        (forged, expired, another bot's, missing)."""
        ...

    def post(self, posts: Sequence[Post | Drop]) -> None:
        """Show posts in Telegram, as a chat button press's posts are shown (the outbox);
        whoever `listen`s sees them too."""
        ...

    def listen(self, show: Callable[[Sequence[Post | Drop]], None]) -> None:
        """Call `show` with every post shown in Telegram from now on, whoever caused it."""
        ...

    async def is_member(self, chat_id: str, user_id: str) -> bool:
        """Whether the person is a member of the group now (Telegram is asked)."""
        ...
