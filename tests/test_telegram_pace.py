"""The Telegram adapter at a table's own pace, end to end through the real aiogram client, the
real table service and the fake Bot API server enforcing Telegram's budgets
(fakes/telegram/flood.py):

* at the outbox's default limits a fast table never meets flood control, and when its board
  could not be edited after every move, each caption tells every move since the previous
  one that reached the chat;
* a press whose work takes long (a simulated move) is answered "⏳" before the work is done
  and its board follows; a press the service refuses is answered with the reason.

Time is the test's: the outbox and the fake server's budgets share a clock that moves only
when everything else has settled and the outbox waits for it (`HandClock`)."""

from __future__ import annotations

import asyncio
import dataclasses
import heapq
import itertools
import random
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.payloads import decode
from bot.storage import Store
from bot.table_posts import events_from_json
from bot.table_screens import players_of
from bot.tables import TableService
from bot.telegram import OutboxLimits, Rate, TelegramBot
from engine.core import GameSpec
from engine.registry import GAMES
from fakes import telegram_e2e as tg
from fakes.telegram import FakeTelegramServer, FloodControl

pytestmark = pytest.mark.timeout(180)
TR = tg.TR


class HandClock:
    """Seconds that pass only when the test says: a sleeper wakes when `wake_next` moves the
    clock to its time."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), woken))
        await woken

    def wake_next(self, within: float | None = None) -> bool:
        """Move to the earliest sleeper's time and wake everyone due; False if none sleeps
        (or, with `within`, none wakes within that many seconds)."""
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)  # cancelled meanwhile
        if not self._sleepers:
            return False
        if within is not None and self._sleepers[0][0] > self.now + within:
            return False
        self.now = max(self.now, self._sleepers[0][0])
        while self._sleepers and self._sleepers[0][0] <= self.now:
            _, _, woken = heapq.heappop(self._sleepers)
            if not woken.done():
                woken.set_result(None)
        return True


class PacedProcess(tg.BotProcess):
    """A bot process with the outbox's default limits, on the hand clock."""

    def __init__(self, server: FakeTelegramServer, db_path: Path, hand: HandClock,
                 games: dict[str, GameSpec], limits: OutboxLimits) -> None:
        super().__init__(server, db_path)
        self.hand = hand
        self.games = games
        self.limits = limits
        self.within: float | None = None
        """While set, settling moves the clock on only for waits that end within this many
        seconds: what waits longer (a board held back by its group's budget) stays queued."""

    async def start(self) -> None:
        self.store = await Store.open(self.db_path, synchronous="OFF")
        self.service = TableService(self.store, TR, games=self.games,
                                    seeds=itertools.count(2026).__next__, computer_pause=0.0)
        self.telegram = TelegramBot(self.service, self.store, TR, token=self.server.token,
                                    api_server=self.server.base_url, limits=self.limits,
                                    polling_timeout=1, working_after=0, clock=self.hand,
                                    sleep=self.hand.sleep)
        polls = self.server.poll_count
        await self.telegram.start()
        await self.server.wait_until(lambda: self.server.poll_count > polls, tg.SETTLE_TIMEOUT)
        self.service.scheduler.start()

    async def settle(self, timeout: float = tg.SETTLE_TIMEOUT) -> None:
        """Let every update, handler and computer turn finish; only then move the clock on
        for the outbox, as often as it waits for it."""
        scheduler = self.service.scheduler
        while True:
            await self.server.wait_until(lambda: not self.server.pending_updates, timeout)
            handlers = [t for t in getattr(self.telegram.dispatcher, "_handle_update_tasks", ())
                        if not t.done()]
            if handlers:
                await asyncio.wait(handlers, timeout=timeout)
                continue
            if not await scheduler.idle():
                await scheduler.drain()
                await asyncio.sleep(0.01)  # the loop claims what fell due meanwhile
                continue
            if await self.telegram.outbox.flush(0.05):
                return
            if not self.hand.wake_next(self.within):
                return


@dataclasses.dataclass
class PacedWorld(tg.World):
    hand: HandClock = dataclasses.field(default_factory=HandClock)
    games: dict[str, GameSpec] = dataclasses.field(default_factory=lambda: dict(GAMES))
    limits: OutboxLimits = dataclasses.field(default_factory=OutboxLimits)

    def new_process(self) -> PacedProcess:
        return PacedProcess(self.server, self.db_path, self.hand, self.games, self.limits)


@pytest.fixture
def hand() -> HandClock:
    return HandClock()


@pytest_asyncio.fixture
async def budgeted(hand: HandClock) -> AsyncIterator[FakeTelegramServer]:
    """The fake server refusing what Telegram would, on the hand clock."""
    async with FakeTelegramServer(flood_control=FloodControl(clock=hand)) as server:
        yield server
    assert not server.internal_errors


@pytest_asyncio.fixture
async def open_world(budgeted: FakeTelegramServer, hand: HandClock, tmp_path: Path
                     ) -> AsyncIterator[Callable[..., Awaitable[PacedWorld]]]:
    """Starts a world on the budgeted server (with `games`); stopped after the test, whatever
    happened, and every press checked answered."""
    started: list[PacedWorld] = []

    async def start(games: dict[str, GameSpec] | None = None,
                    limits: OutboxLimits | None = None) -> PacedWorld:
        world = PacedWorld(budgeted, tmp_path / "games.sqlite3", hand=hand,
                           games=games if games is not None else dict(GAMES),
                           limits=limits or OutboxLimits())
        await world.start()
        started.append(world)
        return world

    yield start
    for world in started:
        await world.stop()
    budgeted.assert_callbacks_answered()


def flood_errors(server: FakeTelegramServer) -> list[Any]:
    return [c for c in server.calls if c.status == 429]


async def moves_told(world: tg.World, table_id: int) -> list[tuple[str, ...]]:
    """What each move of the table says in public, in order, as the board tells it."""
    seats = await world.store.list_seats(table_id)
    names = [p.name for p in players_of(seats, "en")]
    moves = []
    for n in range(1, len(await world.store.action_log(table_id)) + 1):
        record = await world.store.action_record(table_id, n)
        assert record is not None and record.events is not None
        moves.append(tuple(TR.render_label("en", e.label, names)
                           for e in events_from_json(record.events) if e.visible_to(None)))
    return moves


async def fast_hanabi(world: PacedWorld, server: FakeTelegramServer, moves: int, *,
                      within: float | None = None) -> tuple[Any, int, Any]:
    """Anna against three computer players (who move at once after each of her moves),
    pressing as fast as her panel changes until `moves` of her moves were made (settling
    only for waits `within` so many seconds, once the game started); the group, the table
    and its board."""
    anna = server.user("Anna", language_code="en")
    group = server.supergroup("Fast night", owner=anna)
    await world.open_private(anna)
    [lobby] = await world.send(anna, group, "/newgame hanabi")
    table = (await world.table(group)).id
    for _ in range(3):
        await world.press(anna, lobby, tg.button_data(lobby, "computer"))
        answer = await world.press(anna, lobby, f"b:{table}:easy")
        assert not answer.alert, answer
    await world.press(anna, lobby, tg.button_data(lobby, "clock"))
    await world.press(anna, lobby, f"k:{table}:0")  # no clock
    board = await world.start_game(group, anna)
    world.bot.within = within
    rng = random.Random(7)
    moved = 0
    while moved < moves and (await world.store.get_table(table)).status == "playing":
        before = await world.version(table)
        answer = await world.press(anna, tg.panel(anna), tg.choose(tg.choices(anna), rng))
        assert not answer.alert, answer
        moved += await world.version(table) > before
    return group, table, board


async def untold(world: PacedWorld, table: int, group: Any) -> list[tuple[str, ...]]:
    """The table's moves that no version of any message in the group told."""
    shown = [version.caption or version.text or "" for message in group.bot_messages
             for version in message.versions]
    return [move for move in await moves_told(world, table)
            if move and not any(all(line in text for line in move) for text in shown)]


async def test_a_fast_table_meets_no_flood_control_and_every_move_is_told(
        budgeted: FakeTelegramServer, open_world: Callable[..., Awaitable[PacedWorld]]
        ) -> None:
    server = budgeted
    world = await open_world()
    group, table, board = await fast_hanabi(world, server, 12)
    assert flood_errors(server) == [] and server.flood_control.refused == []
    assert await untold(world, table, group) == []
    captions = [version.caption or "" for version in board.versions]
    assert len(captions) < len(await moves_told(world, table))  # some told several
    assert any("• " in caption for caption in captions)


async def test_under_a_full_budget_every_move_is_still_told(
        budgeted: FakeTelegramServer, open_world: Callable[..., Awaitable[PacedWorld]]
        ) -> None:
    """The group's budget spent by others (the outbox may send there once a minute): the
    board falls far behind a fast table, and more moves pile up than its caption holds.
    Those it has no room for are told in a message of their own: every move reaches the
    chat, and still no flood control."""
    server = budgeted
    world = await open_world(limits=OutboxLimits(per_group=Rate(1 / 60)))
    # Anna's panel keeps up, while the group's minute-long waits stay queued
    group, table, _ = await fast_hanabi(world, server, 25, within=5.0)
    world.bot.within = None
    await world.settle()
    assert flood_errors(server) == [] and server.flood_control.refused == []
    assert await untold(world, table, group) == []
    earlier = [m for m in group.bot_messages
               if (m.text or "").startswith(TR.t("en", "table-moves-earlier-list"))]
    assert earlier, "the caption always had room: the test shows nothing"


def held(spec: GameSpec) -> tuple[GameSpec, threading.Event, threading.Event]:
    """`spec` whose moves take until the test releases them, like a simulated move."""
    started, release = threading.Event(), threading.Event()

    def apply(state: Any, seat: int, action: str) -> Any:
        started.set()
        assert release.wait(30), "the move was never released"
        return spec.apply(state, seat, action)

    return dataclasses.replace(spec, apply=apply), started, release


async def test_a_slow_move_is_answered_at_once_and_a_refusal_gives_its_reason(
        budgeted: FakeTelegramServer, open_world: Callable[..., Awaitable[PacedWorld]]
        ) -> None:
    server = budgeted
    slow, started, release = held(GAMES["lanterns"])
    world = await open_world({"lanterns": slow})
    group = server.group("Slow night")
    players = [server.user(name, language_code="en") for name in ("Ann", "Bob")]
    table = await world.open_table(group, players[0], players[1:])
    board = await world.start_game(group, players[0])
    rng = random.Random(3)
    mover = world.acting(players)
    while not any(p.kind == "confirm" for _, p in tg.choices(mover)):
        await world.press(mover, tg.panel(mover), tg.choose(tg.choices(mover), rng))
    [confirm] = [d for d, p in tg.choices(mover) if p.kind == "confirm"]

    # the other player's forged Confirm is refused before any work: its answer is the reason
    other = next(p for p in players if p is not mover)
    answer = await world.press(other, tg.panel(other), confirm, force=True)
    assert (answer.text, answer.alert) == (TR.t("en", "bot-error-not-your-turn"), True)
    assert not started.is_set()

    edits = board.edits
    query = mover.press(tg.panel(mover), confirm)
    [answered] = await server.wait_for(
        lambda c: c.method == "answerCallbackQuery"
        and c.params.get("callback_query_id") == query, timeout=10)
    assert answered.params["text"] == TR.t("en", "tg-press-working")
    assert await asyncio.to_thread(started.wait, 10)  # the move is being worked out...
    assert board.edits == edits  # ...and its board waits for it
    release.set()
    await world.settle()
    assert board.edits > edits and await world.version(table) == decode(confirm).version + 1
    assert len(server.answers_for(query)) == 1
    assert flood_errors(server) == []


def test_hand_clock_wakes_sleepers_in_order() -> None:
    async def run() -> list[str]:
        hand, woke = HandClock(), []

        async def nap(name: str, seconds: float) -> None:
            await hand.sleep(seconds)
            woke.append(f"{name}@{hand():g}")

        naps = [asyncio.create_task(nap("late", 5)), asyncio.create_task(nap("soon", 2))]
        await asyncio.sleep(0)
        while hand.wake_next():
            await asyncio.sleep(0)
        await asyncio.gather(*naps)
        return woke

    assert asyncio.run(run()) == ["soon@2", "late@5"]

