"""Shared pieces of the Telegram adapter tests: a fake table service, pictures, fast limits."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from PIL import Image

from bot.screens import Button, ChatRef, Drop, Place, Post, Result, Role, Screen, UserRef
from bot.storage.store import Store
from bot.telegram import OutboxLimits

FAST = OutboxLimits(per_chat=None, per_group=None, overall=None, retry_scale=0.01,
                    network_backoff=(0.01, 0.01))
"""No rate limits and near-instant retries: tests never sleep for real."""


def png(color: tuple[int, int, int], size: tuple[int, int] = (64, 32)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "PNG")
    return buffer.getvalue()


RED, BLUE, GREEN = png((200, 0, 0)), png((0, 0, 200)), png((0, 160, 0))


class IdleScheduler:
    """The service's scheduler as the adapter's tests need it: nothing is ever due."""

    def __init__(self) -> None:
        self.running = False

    def start(self) -> None:
        self.running = True

    async def stop(self) -> None:
        self.running = False


class FakeService:
    """Records every call the adapter makes and answers what the test set up."""

    COMMANDS = ("newgame", "games", "rules", "help", "cancel", "leave", "language")

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.calls: list[tuple[Any, ...]] = []
        self.deep_link: Callable[[str], str] | None = None
        self.show: Callable[[Sequence[Post | Drop]], None] | None = None
        self.scheduler = IdleScheduler()
        self.platforms: list[str] = []
        self.command_result = Result()
        self.press_result = Result()
        self.start_result = Result()
        self.unreachable_result = Result()
        self.resume_posts: tuple[Post | Drop, ...] = ()
        self.fail_with: BaseException | None = None
        self.ask_admin = False
        self.admin_answers: list[bool] = []
        self.flood_fails = False  # flood_waited raises (the outbox must carry on)
        self.work: asyncio.Event | None = None  # a press's slow work, done when it is set

    def register_platform(self, platform: str, *, deep_link: Callable[[str], str] | None,
                          show: Callable[[Sequence[Post | Drop]], None] | None = None
                          ) -> None:
        self.platforms.append(platform)
        self.deep_link = deep_link
        self.show = show

    def command_description(self, lang: str, name: str) -> str:
        return f"{name} in {lang}"

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [call for call in self.calls if call[0] == kind]

    async def _admin(self, is_admin: Any) -> None:
        if self.ask_admin and is_admin is not None:
            self.admin_answers.append(await is_admin())
            self.admin_answers.append(await is_admin())  # asked twice, fetched once

    async def command(self, chat: ChatRef, user: UserRef, name: str, args: str, *,
                      is_admin: Any = None) -> Result:
        self.calls.append(("command", chat, user, name, args))
        await self._admin(is_admin)
        if self.fail_with is not None:
            raise self.fail_with
        return self.command_result

    async def press(self, chat: ChatRef, user: UserRef, data: str, *,
                    is_admin: Any = None, admin_of: Any = None,
                    working: Callable[[], None] | None = None) -> Result:
        self.calls.append(("press", chat, user, data))
        await self._admin(is_admin)
        if self.fail_with is not None:
            raise self.fail_with
        if self.work is not None and working is not None:
            working()  # accepted: the slow part starts
            await self.work.wait()
        return self.press_result

    async def private_start(self, platform: str, user: UserRef, dm_chat_id: str,
                            payload: str | None, *, admin_of: Any = None) -> Result:
        self.calls.append(("private_start", platform, user, dm_chat_id, payload))
        return self.start_result

    async def panel_unreachable(self, place: Place) -> Result:
        self.calls.append(("panel_unreachable", place))
        return self.unreachable_result

    async def chat_migrated(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        self.calls.append(("chat_migrated", platform, old_chat_id, new_chat_id))
        if self.store is not None:
            await self.store.migrate_chat(platform, old_chat_id, new_chat_id)

    async def flood_waited(self, platform: str, chat_id: str, seconds: float) -> None:
        self.calls.append(("flood_waited", platform, chat_id, seconds))
        if self.flood_fails:
            raise RuntimeError("the clocks are unavailable")

    async def resume(self, platform: str) -> tuple[Post | Drop, ...]:
        self.calls.append(("resume", platform))
        return self.resume_posts

    async def resume_each(self, platform: str, serves: object = None
                          ) -> AsyncIterator[list[Post | Drop]]:
        self.calls.append(("resume", platform))
        for post in self.resume_posts:  # as if each were a table of its own
            yield [post]

    async def recover_downtime(self) -> float:
        self.calls.append(("recover_downtime",))
        return 0.0

    async def serving(self) -> float:
        self.calls.append(("serving",))
        return 0.0


def screen(text: str, image: bytes | None = None, *buttons: tuple[str, str]) -> Screen:
    """A one-line screen; `buttons` are (label, data) pairs in one row."""
    row = tuple(Button(label, data=data) for label, data in buttons)
    return Screen((text,), image, (row,) if row else ())


async def new_table(store: Store, chat_id: int | str, creator: int | str = 1,
                    language: str = "en") -> int:
    table = await store.create_table("telegram", chat_id, None, "lanterns",
                                     creator_id=creator, language=language)
    return table.id


def board(table_id: int, chat_id: int | str) -> Place:
    return Place(table_id, Role.BOARD, None, str(chat_id))
