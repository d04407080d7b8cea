"""Where a simulated game's physics runs: a small pool of its own, menus remembered.

A simulated game (a `GameSpec` with continuous choices: Rafter Five) runs physics in its
moves (`spec.apply`) and in some of its menus ("How risky?": a handful of perturbed runs,
0.7-2.8 s). On asyncio's default pool (6 threads on 2 cores), such presses in a loop at a
few tables took every thread, and every other table's menus and pictures queued behind them
(a Lighthouse press went from 58 ms to 821 ms). So:

* Physics runs in a process of its own (`PHYSICS_PROCESSES`, one by default), at a lower priority
  (nice `NICE`), so the rest of the bot gets the CPU first when both want it. A thread was
  not enough (bench.abuse): MuJoCo releases the GIL while it steps, but much of an estimate
  is Python around the steps, and with eight estimates queued the event loop waited for the
  GIL at every await: another person's Lighthouse press took 1.1 s (median) instead of 55
  ms. The process gets the game's name, the state as stored and the choice, and sends back
  the menu, or the new state as stored and the move's events; it ends with the bot however
  the bot ends (bot/child_processes.py). 0 processes run physics on a thread instead (the
  bot's process loads MuJoCo with the game's rules anyway, so that saves the process's
  ~70 MB, at the cost of the stalls above).
* A simulated game's menus are remembered per table, version, seat and path: a menu is a
  pure function of the state (the estimate's tremors derive from the game's seed and the
  version), so the same question on the same board has the same answer. Pressing "How
  risky?" again costs nothing; two people asking the same at once share one computation.
* A person has at most one such computation in flight (`Busy` otherwise): one person
  pressing at many tables of their own queues nothing for anybody else but themselves.
  Presses at one table wait for each other anyway (the table's lock).

Other games' menus and moves are quick, pure Python: they stay on asyncio's pool.

A simulated game's process holds its own copy of the game (some 100 MB for Rafter Five's
MuJoCo models); it starts with the first physics asked for.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import Any, TypeVar

from bot import child_processes
from engine.core import Event, GameSpec, Menu

log = logging.getLogger(__name__)

T = TypeVar("T")

PROCESSES = 1
"""Physics processes when `configure` is not called (the setting's default; each estimate
runs its trials on a few threads of its own there)."""
NICE = 10
"""How much lower the physics' priority is."""
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


_niced = False
_shared: Executor | None = None  # the physics processes, shared by every `Physics`
_shared_lock = threading.Lock()
_configured = PROCESSES


def configure(processes: int) -> None:
    """How many physics processes a `Physics` made from now on has (`PHYSICS_PROCESSES`;
    0: a thread); the pool starts at the first physics asked for, not here."""
    global _configured
    if processes < 0:
        raise ValueError("processes must be 0 or more")
    _configured = processes


def _processes(count: int) -> Executor:
    """The physics processes, started on first use and shared (one pool per bot process,
    however many table services it runs, as in tests)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = child_processes.pool(count)
            atexit.register(shutdown)
        return _shared


def shutdown() -> None:
    """Stop the physics processes (the bot is stopping); later physics starts them again."""
    global _shared
    with _shared_lock:
        pool, _shared = _shared, None
    if pool is not None:
        child_processes.stop(pool)


def _discard(broken: Executor) -> None:
    global _shared
    with _shared_lock:
        if _shared is broken:
            _shared = None
    broken.shutdown(wait=False, cancel_futures=True)


def _in_process(job: Callable[..., T], *args: Any) -> T:
    """Run in the physics process, at a lower priority from its first job on."""
    global _niced
    if not _niced:
        _niced = True
        with suppress(OSError):
            os.nice(NICE)
    return job(*args)


def _menu_job(game: str, state: Mapping[str, Any], seat: int, path: tuple[str, ...]) -> Menu:
    from engine.registry import GAMES

    spec = GAMES[game]
    return spec.menu(spec.from_dict(state), seat, path)


def _apply_job(game: str, state: Mapping[str, Any], seat: int, action: str
               ) -> tuple[dict[str, Any], tuple[Event, ...]]:
    from engine.registry import GAMES

    spec = GAMES[game]
    new_state, events = spec.apply(spec.from_dict(state), seat, action)
    return spec.to_dict(new_state), events


class Physics:
    def __init__(self, *, processes: int | None = None, kept: int = KEPT) -> None:
        """`processes`: 0 runs physics on one thread of this process (as tests of games
        that are not in the registry do); None: as configured (`configure`)."""
        self._processes = _configured if processes is None else processes
        self._thread: ThreadPoolExecutor | None = None
        self._kept: OrderedDict[Hashable, Menu] = OrderedDict()
        self._limit = kept
        self._running: dict[Hashable, asyncio.Future[Menu]] = {}
        self._busy: set[Hashable] = set()  # people with a computation in flight

    def _executor(self) -> Executor:
        if self._processes > 0:
            return _processes(self._processes)
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="physics",
                                              initializer=_lower_priority)
        return self._thread

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` where physics runs (`fn` and its arguments picklable)."""
        pool = self._executor()
        loop = asyncio.get_running_loop()
        if isinstance(pool, ThreadPoolExecutor):
            return await loop.run_in_executor(pool, fn, *args)
        try:
            return await loop.run_in_executor(pool, _in_process, fn, *args)
        except BrokenProcessPool:
            # the physics process died (killed, out of memory): a new one next time, and
            # this one in a thread, so that the press is still answered
            log.warning("the physics process died; this job runs in a thread", exc_info=True)
            _discard(pool)
            return await asyncio.to_thread(fn, *args)

    async def apply(self, spec: GameSpec, state: Any, seat: int, action: str) -> Any:
        """`spec.apply`: where physics runs, for a simulated game."""
        if not simulated(spec):
            return await asyncio.to_thread(spec.apply, state, seat, action)
        if self._processes == 0:
            return await self.run(spec.apply, state, seat, action)
        stored, events = await self.run(_apply_job, spec.name, spec.to_dict(state), seat,
                                        action)
        return spec.from_dict(stored), events

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
            menu = await (self.run(spec.menu, state, seat, path) if self._processes == 0
                          else self.run(_menu_job, spec.name, spec.to_dict(state), seat, path))
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
        """Stop this one's thread (the shared processes stop with `shutdown`)."""
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
