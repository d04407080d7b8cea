"""The computer players' pool is sized by COMPUTER_PROCESSES and started at the first
decision (bot/thinking.py), as the drawing pool is by DRAWING_PROCESSES (bot/pictures.py)
and the physics pool by PHYSICS_PROCESSES (bot/physics_pool.py): a bot whose tables have no
computer players starts no process for them, and 0 thinks in the bot's own threads."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot import physics_pool, thinking
from bot.config import Settings
from bot.physics_pool import Physics
from engine.registry import GAMES


@pytest.fixture
def sized():
    thinking.shutdown()  # a pool an earlier test of this process started
    yield thinking.configure
    thinking.shutdown()
    thinking.configure(thinking.DEFAULT_PROCESSES)


def _turn() -> tuple[object, dict, int]:
    spec = GAMES["lighthouse"]
    state = spec.setup(2, 7, dict(spec.default_options))
    return spec, spec.view(state, 0), 0


async def test_zero_processes_think_in_a_thread_and_start_no_pool(sized) -> None:
    sized(0)
    spec, view, seat = _turn()
    decision = await thinking.think(spec, "easy", view, seat, 1)
    assert decision is not None
    assert thinking._pool is None


async def test_the_pool_starts_at_the_first_decision_with_its_size(sized) -> None:
    sized(2)
    assert thinking._pool is None  # configured, not started
    spec, view, seat = _turn()
    assert await thinking.think(spec, "easy", view, seat, 1) is not None
    assert thinking._pool is not None and thinking._pool._max_workers == 2  # type: ignore[attr-defined]


def test_the_setting_defaults_to_one_and_refuses_negative_counts(monkeypatch) -> None:
    monkeypatch.delenv("COMPUTER_PROCESSES", raising=False)
    assert Settings(_env_file=None).computer_processes == 1  # type: ignore[call-arg]
    monkeypatch.setenv("COMPUTER_PROCESSES", "-1")
    with pytest.raises(ValueError):
        Settings(_env_file=None)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        thinking.configure(-1)


@pytest.fixture
def physics_sized():
    physics_pool.shutdown()  # a pool an earlier test of this process started
    yield physics_pool.configure
    physics_pool.shutdown()
    physics_pool.configure(physics_pool.PROCESSES)


async def test_zero_physics_processes_run_physics_on_a_thread(physics_sized) -> None:
    physics_sized(0)
    physics = Physics()
    try:
        assert await physics.run(os.getpid) == os.getpid()
        assert isinstance(physics._executor(), ThreadPoolExecutor)
        assert physics_pool._shared is None
    finally:
        physics.close()


async def test_the_physics_pool_starts_at_the_first_physics_with_its_size(physics_sized
                                                                         ) -> None:
    physics_sized(2)
    physics = Physics()
    assert physics_pool._shared is None  # made, configured, not started
    assert await physics.run(os.getpid) != os.getpid()  # in a process of its own
    assert physics_pool._shared is not None
    assert physics_pool._shared._max_workers == 2  # type: ignore[attr-defined]


def test_the_physics_setting_defaults_to_one_and_refuses_negative_counts(monkeypatch) -> None:
    monkeypatch.delenv("PHYSICS_PROCESSES", raising=False)
    assert Settings(_env_file=None).physics_processes == 1  # type: ignore[call-arg]
    monkeypatch.setenv("PHYSICS_PROCESSES", "-1")
    with pytest.raises(ValueError):
        Settings(_env_file=None)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        physics_pool.configure(-1)
