"""A platform-free harness for the table service: it plays the part of an adapter and its
outbox, keeping the latest screen of every kept message, so tests can read what each person
sees and press the buttons that are really there."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import (
    Button,
    ChatRef,
    Drop,
    Place,
    Post,
    Result,
    Role,
    Screen,
    UserRef,
    plain,
)
from bot.storage import Store
from bot.tables import TableService
from fakes.hand_clock import Clock

GROUP = ChatRef("telegram", "-100", title="Game night")


@dataclass
class Shown:
    screen: Screen
    message_id: int


@dataclass
class Harness:
    service: TableService
    kept: dict[Place, Shown] = field(default_factory=dict)
    messages: list[tuple[str, Screen]] = field(default_factory=list)  # plain answers, by chat
    replies: list = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)  # every post shown, in order
    sent: int = 0
    edits: int = 0
    ids: itertools.count = field(default_factory=lambda: itertools.count(1))

    async def deliver(self, result: Result, chat: ChatRef) -> Result:
        self.replies.append(result.reply)
        if result.message is not None:
            self.messages.append((chat.id, result.message))
        self.show(await result.all_posts())
        return result

    def show(self, posts: Iterable[Post | Drop]) -> None:
        """Keep what the posts show, as an outbox would (also the service's own posts: a
        computer player's moves)."""
        for post in posts:
            if isinstance(post, Drop):
                self.kept.pop(post.place, None)
                continue
            self.posts.append(post)
            old = self.kept.get(post.place)
            if old is None or post.fresh:
                self.sent += 1
                self.kept[post.place] = Shown(post.screen, next(self.ids))
            elif old.screen.fingerprint() != post.screen.fingerprint():
                self.edits += 1
                self.kept[post.place] = Shown(post.screen, old.message_id)

    async def run_due(self) -> int:
        """Fire whatever due work the clock has reached (computer turns), and wait for it;
        return how many deadlines fired."""
        fired = 0
        while started := await self.service.scheduler.tick():
            fired += started
            await self.service.scheduler.drain()
        return fired

    async def command(self, user: UserRef, name: str, args: str = "", chat: ChatRef = GROUP,
                      admin: bool = False) -> Result:
        async def is_admin() -> bool:
            return admin

        return await self.deliver(await self.service.command(chat, user, name, args, is_admin=is_admin),
                            chat)

    async def press(self, user: UserRef, data: str, chat: ChatRef = GROUP,
                    admin: bool = False) -> Result:
        async def is_admin() -> bool:
            return admin

        return await self.deliver(await self.service.press(chat, user, data, is_admin=is_admin), chat)

    async def start_private(self, user: UserRef, payload: str | None = None) -> Result:
        chat = ChatRef("telegram", user.id, private=True)
        return await self.deliver(await self.service.private_start("telegram", user, user.id, payload),
                            chat)

    def screen(self, role: Role, seat: int | None = None) -> Screen | None:
        for place, shown in self.kept.items():
            if place.role is role and place.seat == seat:
                return shown.screen
        return None

    def panel_of(self, user: UserRef) -> tuple[Place, Screen] | None:
        for place, shown in self.kept.items():
            if place.role is Role.PANEL and place.chat_id == user.id:
                return place, shown.screen
        return None

    @staticmethod
    def buttons(screen: Screen) -> list[Button]:
        return [b for row in screen.buttons for b in row]

    @staticmethod
    def button(screen: Screen, text: str) -> Button:
        for button in Harness.buttons(screen):
            if button.text == text:
                return button
        raise AssertionError(f"no button {text!r} in {[b.text for b in Harness.buttons(screen)]}")

    @staticmethod
    def data(screen: Screen, prefix: str) -> str:
        """The data of the button whose data starts with `prefix` (whatever its language)."""
        for button in Harness.buttons(screen):
            if button.data and button.data.startswith(prefix):
                return button.data
        raise AssertionError(f"no {prefix!r} button in {Harness.buttons(screen)}")

    @staticmethod
    def text(screen: Screen) -> str:
        return plain(screen.text)


@asynccontextmanager
async def open_harness(folder: Path, translator: Translator, *,
                       clock: Callable[[], float] = time.time,
                       computer_pause: float = 0.0, database: Any = None
                       ) -> AsyncIterator[Harness]:
    """A service on a fresh database (a SQLite file in `folder`, or `database` from
    fakes/store_backends.py), on a Telegram-like platform (joining needs the private
    chat), with fixed seeds so every test plays the same games each run. Computer turns fire
    only when a test calls `run_due` (no scheduler loop runs)."""
    if database is None:
        store = await Store.open(folder / "db.sqlite3", clock=clock)
    else:
        store = await database.open(clock=clock)
    service = TableService(store, translator, seeds=itertools.count(2026).__next__,
                           clock=clock, computer_pause=computer_pause)
    harness = Harness(service)
    service.register_platform("telegram", deep_link=lambda p: f"https://t.me/fake_bot?start={p}",
                              show=harness.show)
    try:
        yield harness
    finally:
        await store.close()


async def seat_players(h: Harness, players: list[UserRef], game: str) -> int:
    """Open a table of `game` with these players through the real flow: private chat, Join."""
    for user in players:
        await h.start_private(user)
    await h.command(players[0], "newgame", game)
    lobby = h.screen(Role.LOBBY)
    for user in players[1:]:
        await h.press(user, h.data(lobby, "j:"))
    table = await h.service.store.active_table("telegram", GROUP.id, None)
    return table.id


async def start_against_computer(h: Harness, user: UserRef, game: str, level: str) -> int:
    """Open a table of `game` in the group, seat a computer player of `level` beside `user`
    and start it (the user's private chat is open already)."""
    await h.command(user, "newgame", game)
    opened = await h.service.store.active_table("telegram", GROUP.id, None)
    assert opened is not None
    await h.press(user, encode(Press("computer", opened.id, arg=level)))
    lobby = h.screen(Role.LOBBY)
    assert lobby is not None
    await h.press(user, h.data(lobby, "s:"))
    return opened.id


async def play_to_version(h: Harness, clock: Clock, user: UserRef, table: int, version: int,
                          rng: random.Random) -> None:
    """Play `table` on to `version`: `user` presses through their panel as a person would
    (Confirm on a leaf, otherwise any option but Back); on a computer's turn the clock moves
    on and that one turn comes due."""
    tr = h.service.tr
    back = {tr.t(lang, "bot-button-back") for lang in tr.languages}
    while (row := await h.service.store.get_table(table)) is not None and row.version < version:
        [screen] = [shown.screen for place, shown in h.kept.items()
                    if place.table_id == table and place.role is Role.PANEL
                    and place.chat_id == user.id]
        presses = [b.data for b in h.buttons(screen) if b.data and b.text not in back]
        if not presses:  # the computer's turn
            clock.now += 5
            assert await h.run_due() == 1
            continue
        confirm = [data for data in presses if data.startswith("c:")]
        await h.press(user, confirm[0] if confirm else rng.choice(presses),
                      chat=ChatRef("telegram", user.id, private=True))
