"""A process that runs for weeks keeps nothing per table, chat or person for ever: `Recent`
keeps only the newest entries, `KeyedLocks` a lock only while someone holds or awaits it
(and still one change at a time per key), and the table service, after many tables have
come and gone, no lock of theirs and only the newest tables' last moves."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot import table_posts
from bot.i18n import Translator
from bot.keyed_locks import KeyedLocks
from bot.recent import Recent
from bot.screens import UserRef
from fakes.hand_clock import Clock
from fakes.service_harness import (
    GROUP,
    open_harness,
    play_to_version,
    start_against_computer,
)

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")


def test_recent_forgets_the_oldest() -> None:
    recent: Recent[str, int] = Recent(2)
    recent.remember("a", 1)
    recent.remember("b", 2)
    recent.remember("a", 3)  # remembered anew: now the newest
    recent.remember("c", 4)
    assert (recent.get("a"), recent.get("b"), recent.get("c")) == (3, None, 4)
    assert len(recent) == 2
    assert recent.forget("a") == 3 and recent.forget("a") is None
    assert recent.get("a", -1) == -1


async def test_keyed_locks_exclude_and_are_dropped_once_idle() -> None:
    locks: KeyedLocks[str] = KeyedLocks()
    inside: list[str] = []
    most = 0

    async def change(key: str, turns: int) -> None:
        nonlocal most
        async with locks.hold(key):
            inside.append(key)
            most = max(most, inside.count(key))
            for _ in range(turns):  # others run meanwhile, and wait for this key
                await asyncio.sleep(0)
            inside.remove(key)

    rng = random.Random(1)
    await asyncio.gather(*(change(rng.choice("ab"), rng.randrange(3)) for _ in range(200)))
    assert most == 1  # never two changes to one key at once
    assert len(locks) == 0 and "a" not in locks

    # one cancelled while it waits: the holder goes on, and nothing is left behind
    async with locks.hold("a"):
        waiting = asyncio.create_task(change("a", 0))
        await asyncio.sleep(0)
        assert "a" in locks
        waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    await change("a", 1)
    assert len(locks) == 0


async def test_tables_that_came_and_went_leave_no_lock_and_few_last_moves(
        tmp_path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_posts, "TABLES_KEPT", 2)
    rng = random.Random(7)
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=1.5) as h:
        await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
        await h.start_private(ANNA)
        tables = []
        for _ in range(4):  # one after another in the group: a game, a move each, closed
            table = await start_against_computer(h, ANNA, "hanabi", "easy")
            await play_to_version(h, clock, ANNA, table, 2, rng)  # hers and its
            assert await h.service.close_table(table, ANNA) is not None
            tables.append(table)
        service = h.service
        assert len(service.core.locks) == 0
        posts = service.posts
        newest = tables[-2:]
        for kept in (posts._committed, posts._last_events):
            assert len(kept) == 2 and all(kept.get(t) is not None for t in newest)
