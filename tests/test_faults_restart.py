"""A restart gives the players' clocks back the whole time the bot was not serving: from its
last heartbeat to when every platform takes presses again, the bot's own start-up
included (it used to give back only up to the start of the clocks' recovery: 17.8 s of
25.2 s down)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import bot.telegram
from bot import app
from bot.config import Settings
from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import Role, UserRef
from bot.table_clocks import RESTART_GRACE
from bot.tables import TableService
from fakes.faults import until
from fakes.hand_clock import Clock
from fakes.service_harness import GROUP, open_harness

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")


async def test_the_start_up_is_given_back_as_well_as_the_time_down(tmp_path: Path,
                                                                   clock: Clock) -> None:
    async with open_harness(tmp_path, TR, clock=clock) as h:
        for user in (ANNA, BORIS):
            await h.start_private(user)
        await h.command(ANNA, "newgame", "lanterns")  # a live clock: 5 min a turn
        await h.press(BORIS, h.data(h.screen(Role.LOBBY), "j:"))
        table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
        await h.press(ANNA, encode(Press("start", table)))
        [turn] = [w for w in await h.service.store.pending_work(table)
                  if w.kind.startswith("clock:")]
        await h.service.store.beat(clock.now)  # the last heartbeat, then a kill -9
        service = h.service
        clock.now += 17.8  # down, and the new process starting until it resumes the clocks
        assert await service.recover_downtime() == pytest.approx(17.8)
        clock.now += 7.4  # connecting to the platforms, showing every table again
        assert await service.serving() == pytest.approx(7.4)
        [after] = [w for w in await service.store.pending_work(table) if w.kind == turn.kind]
        assert after.due_at == pytest.approx(turn.due_at + 25.2)  # all of it
        assert after.due_at >= clock.now + RESTART_GRACE
        assert await service.serving() == 0.0  # once


async def test_the_app_gives_the_start_up_back_once_telegram_serves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[str] = []
    said_ready = asyncio.Event()

    async def serving(self: TableService) -> float:
        given.append("serving")
        return 0.0

    async def telegram(settings, service, *, store, translator, stop_event, quiet_for,
                       webhook, ready, miniapp) -> None:
        await asyncio.sleep(0.05)  # connecting: not serving yet
        assert given == []
        ready()
        said_ready.set()
        await stop_event.wait()

    monkeypatch.setattr(TableService, "serving", serving)
    monkeypatch.setattr(bot.telegram, "run_telegram", telegram)
    settings = Settings(_env_file=None, telegram_bot_token="123:abc",  # type: ignore[call-arg]
                        database_path=tmp_path / "run.sqlite3")
    stop = asyncio.Event()
    running = asyncio.create_task(app.run(settings, stop_event=stop))
    await asyncio.wait_for(said_ready.wait(), 30)
    await until(lambda: given == ["serving"], timeout=10, what="the start-up given back")
    stop.set()
    assert await asyncio.wait_for(running, 30) == 0
    assert given == ["serving"]
