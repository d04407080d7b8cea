"""The database goes away and comes back, with the scheduler's loop running: PostgreSQL cut
by a loopback TCP proxy, SQLite held locked by another connection (tests/faults.py).

While it lasts the loop is down (in the health registry), a press is refused with an error
(the adapters turn it into "please try again") and changes nothing. Once it is over, every
deadline that fell due meanwhile fires exactly once (a lobby closing, a computer's move),
turn clocks get the outage's time back before anything is claimed (nobody's time ran out
for the bot's outage), every accepted move is kept and none is applied twice. Time is the
injected clock: a "60 s outage" is a cut, a jump of the clock and a restore.
"""

from __future__ import annotations

import random

import pytest

from bot.i18n import Translator
from bot.loops import Loop, Loops
from bot.payloads import Press, encode
from bot.scheduler import Scheduler
from bot.screens import ChatRef, Role, UserRef
from bot.storage import DueWork
from bot.storage.updates import database_unavailable
from bot.table_clocks import OUTAGE_GRACE
from tests.faults import Outage, outage_of, until
from tests.hand_clock import Clock
from tests.service_harness import GROUP, Harness, open_harness

pytest_plugins = ["tests.hand_clock"]  # the `clock` fixture
pytestmark = pytest.mark.timeout(90)

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")
CLARA = UserRef("103", "Clara", "en")
DORA = UserRef("104", "Dora", "en")
LOBBY_CHAT = ChatRef("telegram", "-200", title="Waiting room")
SOLO_CHAT = ChatRef("telegram", "-300", title="Solo")
PAUSE = 1.5  # a computer player's pause before its move


@pytest.fixture(params=["sqlite", "postgresql"])
async def outage(request: pytest.FixtureRequest, tmp_path) -> Outage:
    async with outage_of(request.param, tmp_path) as outage:
        yield outage


class World:
    """Three tables and a scheduler loop that goes round every few milliseconds."""

    def __init__(self, h: Harness, clock: Clock) -> None:
        self.h = h
        self.clock = clock
        self.fired: list[DueWork] = []
        self.registry = Loops()
        service = h.service

        async def fire(work: DueWork) -> None:
            self.fired.append(work)
            await service._fire(work)

        self.scheduler = service.scheduler = Scheduler(
            service.store, fire, clock=clock, idle=0.02, after_outage=service.outage_over,
            health=Loop("scheduler", first=0.01, cap=0.05, clock=clock,
                        registry=self.registry))

    @property
    def store(self):
        return self.h.service.store

    async def set_up(self) -> dict[str, int]:
        """A lobby closing itself after 60 s, a game of two people on a live clock, and
        a person's game against a computer whose move is due in `PAUSE` seconds."""
        h = self.h
        h.service.lobby_timeout = 60
        for user in (ANNA, BORIS, CLARA, DORA):
            await h.start_private(user)
        await h.command(DORA, "newgame", "lanterns", chat=LOBBY_CHAT)
        await h.command(ANNA, "newgame", "lanterns")
        [lobby] = [shown.screen for place, shown in h.kept.items()
                   if place.role is Role.LOBBY and place.chat_id == GROUP.id]
        await h.press(BORIS, h.data(lobby, "j:"))
        game = (await self.store.active_table("telegram", GROUP.id, None)).id
        await h.press(ANNA, encode(Press("start", game)))
        await self.store.set_chat_options("telegram", SOLO_CHAT.id, clock="off")
        await h.command(CLARA, "newgame", "lanterns", chat=SOLO_CHAT)
        solo = (await self.store.active_table("telegram", SOLO_CHAT.id, None)).id
        await h.press(CLARA, encode(Press("computer", solo)), chat=SOLO_CHAT)
        await h.press(CLARA, f"b:{solo}:easy", chat=SOLO_CHAT)
        await h.press(CLARA, encode(Press("start", solo)), chat=SOLO_CHAT)
        rng = random.Random(5)
        while not await self.store.pending_work(solo):  # Clara plays until it is its turn
            await self.press_panel(CLARA, solo, rng)
        lobby = (await self.store.active_table("telegram", LOBBY_CHAT.id, None)).id
        return {"lobby": lobby, "game": game, "solo": solo}

    async def press_panel(self, user: UserRef, table: int, rng: random.Random):
        """`user` presses a button of their panel at `table` (Confirm when offered)."""
        [screen] = [shown.screen for place, shown in self.h.kept.items()
                    if place.role is Role.PANEL and place.chat_id == user.id
                    and place.table_id == table]
        buttons = [b.data for b in self.h.buttons(screen) if b.data and ":" in b.data]
        confirm = [d for d in buttons if d.startswith("c:")]
        choices = [d for d in buttons if d.startswith(("g:", "p:"))] or buttons
        data = confirm[0] if confirm else rng.choice(choices)
        return await self.h.press(user, data, chat=ChatRef("telegram", user.id, private=True))

    async def move(self, table: int, rng: random.Random) -> None:
        """The acting player presses their panel until they have made a move."""
        user = await self.acting(table)
        version = (await self.store.get_table(table)).version
        for _ in range(20):
            await self.press_panel(user, table, rng)
            if (await self.store.get_table(table)).version != version:
                return
        raise AssertionError("no move made")

    async def acting(self, table: int) -> UserRef:
        for user in (ANNA, BORIS):
            for place, shown in self.h.kept.items():
                if (place.role is Role.PANEL and place.chat_id == user.id
                        and place.table_id == table
                        and any(b.data.startswith("c:") or b.data.startswith("g:")
                                for b in self.h.buttons(shown.screen) if b.data)):
                    return user
        raise AssertionError("nobody's turn")


@pytest.mark.parametrize("seconds", [5, 60])
async def test_deadlines_that_fell_due_in_an_outage_fire_once_it_is_over(
        outage: Outage, clock: Clock, tmp_path, seconds: int) -> None:
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=PAUSE,
                            database=outage) as h:
        world = World(h, clock)
        tables = await world.set_up()
        store = world.store
        versions = {name: (await store.get_table(t)).version for name, t in tables.items()}
        [turn] = [w for w in await store.pending_work(tables["game"])
                  if w.kind.startswith("clock:")]
        world.scheduler.start()
        try:
            outage.cut()
            await until(lambda: not world.scheduler.health.up, what="the scheduler down")
            assert [s.name for s in world.registry.down()] == ["scheduler"]
            clock.now += seconds  # the outage lasts this long
            world.scheduler.wake()
            # a press meanwhile is refused (people are told to try again) and changes nothing
            with pytest.raises(Exception) as refused:
                await world.move(tables["game"], random.Random(1))
            assert database_unavailable(refused.value)
            await until(lambda: len(world.scheduler.health.state.last_error or "") > 0)
            assert world.fired == []  # nothing could be claimed
            outage.restore()
            # what fell due meanwhile fires: the computer's move, and after 60 s the lobby
            await until(lambda: world.registry.down() == [], what="the scheduler back")
            await until(lambda: any(w.table_id == tables["solo"] for w in world.fired),
                        what="the computer's move")
            if seconds >= 60:
                await until(lambda: any(w.table_id == tables["lobby"] for w in world.fired),
                            what="the lobby's timeout")
            await world.scheduler.drain()
            # the clock was given the outage back, and a grace (not less)
            [after] = [w for w in await store.pending_work(tables["game"])
                       if w.kind == turn.kind]
            assert after.due_at >= turn.due_at + seconds
            assert after.due_at >= clock.now + OUTAGE_GRACE
            assert after.due_at <= max(turn.due_at + seconds + 1, clock.now + OUTAGE_GRACE)
            # nothing of the game moved: the refused press was not applied
            assert (await store.get_table(tables["game"])).version == versions["game"]
            solo = await store.get_table(tables["solo"])
            assert solo.version == versions["solo"] + 1  # the computer moved, once
            lobby = await store.get_table(tables["lobby"])
            if seconds >= 60:
                assert lobby is None or lobby.status != "lobby"
            else:
                assert lobby.status == "lobby"  # its time had not come
            # presses work again: the acting player's move is applied, once
            await world.move(tables["game"], random.Random(1))
            assert (await store.get_table(tables["game"])).version == versions["game"] + 1
        finally:
            outage.restore()
            await world.scheduler.stop()
        kinds = [(w.table_id, w.kind) for w in world.fired]
        assert len(kinds) == len(set(kinds))  # none fired twice
