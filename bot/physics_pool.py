"""Where a simulated game's physics runs: a small pool of its own, menus remembered.

A simulated game (a `GameSpec` with continuous choices: Rafter Five) runs physics in its
moves (`spec.apply`) and in some of its menus ("How risky?": a handful of perturbed runs,
0.7-2.8 s). On asyncio's default pool (6 threads on 2 cores), such presses in a loop at a
few tables took every thread, and every other table's menus and pictures queued behind them
(a Lighthouse press went from 58 ms to 821 ms). So:

* Physics runs on `workers` threads of its own (`Physics.run`); whatever queues, queues here.
  On Linux these threads run at a lower priority (nice `NICE`), and so do the threads the
  estimate starts from them (a thread inherits its creator's), so the rest of the bot gets
  the CPU first when both want it; elsewhere this is skipped.
* A simulated game's menus are remembered per table, version, seat and path: a menu is a
  pure function of the state (the estimate's tremors derive from the game's seed and the
  version), so the same question on the same board has the same answer. Pressing "How
  risky?" again costs nothing; two people asking the same at once share one computation.
* A person has at most one such computation in flight (`Busy` otherwise): one person
  pressing at many tables of their own queues nothing for anybody else but themselves.
  Presses at one table wait for each other anyway (the table's lock).

Other games' menus and moves are quick, pure Python: they stay on asyncio's pool.

Rejected: a process pool (no GIL between the physics and the event loop). MuJoCo releases
the GIL while it steps, and a process per worker would hold another copy of the models and
be one more thing to shut down on every exit path; the threads were enough (bench.abuse).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from engine.core import GameSpec, Menu

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKERS = 1
"""Physics threads (each estimate runs its trials on a few threads of its own besides)."""
NICE = 10
"""How much lower the physics threads' priority is (Linux: `setpriority` on the thread)."""
KEPT = 512
"""Menus remembered (the least recently used go first)."""


class Busy(Exception):
    """The person already has a computation in flight: they are to wait for it."""


def simulated(spec: GameSpec) -> bool:
    """Whether a game's menus and moves may run physics (its choices are continuous)."""
    return spec.continuous


def _lower_priority() -> None:
    try:  # Linux: a thread's nice value is its own, and threads it starts inherit it
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (AttributeError, OSError):
        pass


class Physics:
    def __init__(self, *, workers: int = WORKERS, kept: int = KEPT) -> None:
        self._pool = ThreadPoolExecutor(max(1, workers), thread_name_prefix="physics",
                                        initializer=_lower_priority)
        self._kept: OrderedDict[Hashable, Menu] = OrderedDict()
        self._limit = kept
        self._running: dict[Hashable, asyncio.Future[Menu]] = {}
        self._busy: set[Hashable] = set()  # people with a computation in flight

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` on the physics threads."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def apply(self, spec: GameSpec, state: Any, seat: int, action: str) -> Any:
        """`spec.apply`: on the physics threads for a simulated game."""
        if simulated(spec):
            return await self.run(spec.apply, state, seat, action)
        return await asyncio.to_thread(spec.apply, state, seat, action)

    async def menu(self, spec: GameSpec, state: Any, seat: int, path: tuple[str, ...], *,
                   board: Hashable, person: Hashable) -> Menu:
        """`spec.menu`, for a simulated game remembered per (`board`, seat, path), where
        `board` names one state (a table and its version). Raises `Busy` when `person`
        already waits for another one computed for them; what `spec.menu` raises
        (`RuleViolation`) reaches the caller (and is not remembered)."""
        if not simulated(spec):
            return await asyncio.to_thread(spec.menu, state, seat, path)
        key = (board, seat, path)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        running = self._running.get(key)
        if running is not None:  # the same question is being answered: share the answer
            return await asyncio.shield(running)
        if person in self._busy:
            raise Busy
        self._busy.add(person)
        future: asyncio.Future[Menu] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            menu = await self.run(spec.menu, state, seat, path)
        except BaseException as error:
            if isinstance(error, Exception):
                future.set_exception(error)
                future.exception()  # retrieved: nobody else may be waiting for it
            else:
                future.cancel()
            raise
        else:
            future.set_result(menu)
            self._keep(key, menu)
            return menu
        finally:
            self._busy.discard(person)
            del self._running[key]

    def _keep(self, key: Hashable, menu: Menu) -> None:
        self._kept[key] = menu
        while len(self._kept) > self._limit:
            self._kept.popitem(last=False)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
