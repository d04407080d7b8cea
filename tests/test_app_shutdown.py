"""`bot.app.run` stops in order: the scheduler before the platforms, so that a deadline being
fired (a computer's move, a clock running out) finishes while its board can still be sent,
and none fires into a platform that is closing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import bot.web
from bot import app
from bot.config import Settings


async def test_the_scheduler_stops_before_the_platforms_close(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    serving = asyncio.Event()

    async def playground(settings, service, *, translator, stop_event, miniapp,
                         follow_others) -> None:
        serving.set()
        assert service.scheduler.running
        await stop_event.wait()
        seen.append(service.scheduler.running)  # what a closing platform would meet

    monkeypatch.setattr(bot.web, "run_web", playground)
    settings = Settings(_env_file=None, playground=True,  # type: ignore[call-arg]
                        database_path=tmp_path / "run.sqlite3")
    stop = asyncio.Event()
    running = asyncio.create_task(app.run(settings, stop_event=stop))
    await asyncio.wait_for(serving.wait(), 60)  # (guards against a hang)
    stop.set()
    assert await asyncio.wait_for(running, 60) == 0
    assert seen == [False]
