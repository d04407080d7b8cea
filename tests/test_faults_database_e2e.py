"""The database goes away under a running bot, end to end: the real aiogram client polling
the fake Telegram server, the store on PostgreSQL through a loopback TCP proxy the test
cuts (or on SQLite held locked by another connection).

While it lasts, a press is answered "Something went wrong on my side. The game is saved;
please try again." and changes nothing; a press answered "⏳" first (on SQLite here always:
no grace before "⏳", `working_after=0`) is told so in the player's private chat, during the
outage and once. Once it is over: the lobby whose time ran out meanwhile is closed and says
so, the same press is applied once, the board shows it, and every press was answered
exactly once.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
import pytest_asyncio

from bot.payloads import Press, decode
from bot.tables import TableService
from bot.telegram import TelegramBot
from bot.telegram.handlers import WORKING_AFTER
from fakes import telegram_e2e as tg
from fakes.faults import Outage, outage_of, until
from fakes.telegram import FakeTelegramServer

pytest_plugins = ["fakes.telegram.fixtures"]
pytestmark = pytest.mark.timeout(120)
TR = tg.TR


class ProcessOn(tg.BotProcess):
    """`tg.BotProcess` with its store on the outage's database, and back-offs of
    milliseconds (the loops notice the end of an outage at once)."""

    def __init__(self, server: FakeTelegramServer, outage: Outage, *,
                 working_after: float = WORKING_AFTER, **options) -> None:
        super().__init__(server, Path("unused"), **options)
        self.outage = outage
        self.working_after = working_after

    async def start(self) -> None:
        self.store = await self.outage.open(synchronous="OFF")
        self.service = TableService(self.store, TR, seeds=itertools.count(2026).__next__,
                                    clock=self.clock, computer_pause=0.0, lobby_timeout=60)
        await self.service.recover_downtime()
        clock = self.server.clock
        self.telegram = TelegramBot(self.service, self.store, TR, token=self.server.token,
                                    api_server=self.server.base_url, limits=tg.LIMITS,
                                    polling_timeout=1, working_after=self.working_after,
                                    clock=clock, sleep=clock.sleep,
                                    shared=False)  # one process: Telegram's budgets kept here
        for health in (self.service.scheduler.health, self.telegram.outbox.health):
            health.first, health.cap = 0.01, 0.05
        polls = self.server.poll_count
        await self.telegram.start()
        await self.server.wait_until(lambda: self.server.poll_count > polls, 15,
                                     message="the bot's first getUpdates")
        self.service.scheduler.start()


@dataclass
class WorldOn(tg.World):
    outage: Outage | None = None
    working_after: float = WORKING_AFTER

    def new_process(self) -> ProcessOn:
        assert self.outage is not None
        return ProcessOn(self.server, self.outage, working_after=self.working_after,
                         clock=self.clock)


@pytest_asyncio.fixture(params=["postgresql", "sqlite"])
async def world(request: pytest.FixtureRequest, fake_telegram: FakeTelegramServer,
                tmp_path: Path) -> AsyncIterator[WorldOn]:
    async with outage_of(request.param, tmp_path) as outage:
        # on SQLite every accepted press is answered "⏳" before its work: the refused move
        # is told in private; on PostgreSQL it is answered with the refusal if it is quick
        w = WorldOn(fake_telegram, tmp_path / "unused", outage=outage,
                    working_after=0 if request.param == "sqlite" else WORKING_AFTER)
        await w.start()
        try:
            yield w
        finally:
            outage.restore()
            await w.stop()
    fake_telegram.assert_callbacks_answered()


async def test_a_database_outage_under_a_running_bot(world: WorldOn) -> None:
    server, outage = world.server, world.outage
    assert outage is not None
    anna, boris = server.user("Anna", language_code="en"), server.user("Boris",
                                                                       language_code="en")
    group = server.supergroup("Game night", owner=anna)
    waiting = server.supergroup("Waiting room", owner=boris)
    table = await world.open_table(group, anna, [boris])
    board = await world.start_game(group, anna)
    [lobby] = await world.send(boris, waiting, "/newgame lanterns")  # closes after 60 s
    lobby_table = (await world.table(waiting)).id
    rng = random.Random(2)
    await world.play_move(table, [anna, boris], rng)
    version = await world.version(table)
    user = world.acting([anna, boris])

    outage.cut()
    world.clock_offset += 61  # the lobby's time runs out during the outage
    world.bot.service.scheduler.wake()
    # the player goes on pressing; what needs no writing (a menu) may still work (SQLite
    # lets readers in), the move itself is refused: answered "please try again", or if the
    # press was answered "⏳" while the database was awaited, told so in their private chat
    # (at once: not behind their panel, whose edit waits to be recorded)
    sorry = TR.t("en", "bot-error-internal")
    private = user.private_chat

    def sorries() -> int:
        return sum(sorry in tg.content(m) for m in private.bot_messages)

    told_before = sorries()

    def early(query: str) -> bool:
        """Answered "⏳" before the work was done."""
        return server.answers_for(query)[0].params.get("text") == TR.t("en", "tg-press-working")

    def told(query: str) -> bool:
        answers = server.answers_for(query)
        return bool(answers) and (answers[0].params.get("text") == sorry
                                  or early(query) and sorries() > told_before)

    def shows(step: Press) -> bool:
        """The panel offers what the menu step `step` opens (the next level, or Confirm)."""
        return any(p.path == step.path if p.kind == "confirm" else
                   len(p.path) == len(step.path) + 1 and p.path[:-1] == step.path
                   for _, p in tg.choices(user))

    for _ in range(20):  # Back now and then: a few more steps than the menu is deep
        data = tg.choose(tg.choices(user), rng)
        query = user.press(tg.panel(user), data)  # type: ignore[arg-type]
        await until(partial(server.answers_for, query), what="the press answered")
        [answer] = server.answers_for(query)
        assert answer.ok
        # a menu step needs no writing: its panel is drawn after the answer, and the next
        # press is made on it, not on the one before; Confirm is refused ("⏳" first, then
        # told in private)
        step = decode(data)
        await until(partial(lambda q, s: told(q) or s.kind == "go" and shows(s), query, step),
                    timeout=60, what="told to try again, or the menu step shown")
        if told(query):
            break
    assert told(query) and outage.is_cut
    refused_early = early(query)
    assert refused_early or world.working_after > 0  # no grace: "⏳", then told in private
    await until(lambda: not world.bot.service.scheduler.health.up, what="the scheduler down")

    outage.restore()
    await until(lambda: world.bot.service.scheduler.health.up, what="the scheduler back")
    await world.settle()
    # told once: in private if it was answered "⏳", else by the answer alone
    assert sorries() == told_before + refused_early
    # the lobby's deadline fired: it is closed, and its message says why
    row = await world.store.get_table(lobby_table)
    assert row is None or row.status != "lobby"
    assert "Nobody started the game within" in tg.content(lobby)
    # nothing of the refused press was applied; play goes on, each move applied once
    assert await world.version(table) == version
    await world.play_move(table, [anna, boris], rng)
    assert await world.version(table) == version + 1
    assert tg.board(group) is board and board.edits == await world.version(table)
