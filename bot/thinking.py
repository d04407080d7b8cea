"""Where computer players think: a worker process, off the event loop.

A search holds Python's GIL for up to its whole budget (a second), so in the bot's own
process it would stall every other table's presses; a worker process thinks instead, and is
sent only the seat's view as JSON (never the state). A decision that does not come back in
time, or a worker that died, falls back to the game's easy level, thought in a thread: a
table is never left waiting on a lost worker. The pool has `COMPUTER_PROCESSES` processes
(one by default), started at the first decision, not with the bot: a bot whose tables
have no computer players never pays for it. The worker ends with the bot process however
it ends (bot/child_processes.py), and `shutdown` stops it on the way out.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import logging
import threading
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import child_processes
from bot.ops import metrics
from engine.computer import decide
from engine.core import ComputerPlayer, Decision, GameSpec

log = logging.getLogger(__name__)

GRACE = 5.0
"""Seconds past a level's budget before its decision is given up on."""

DEFAULT_PROCESSES = 1
"""Thinking processes when `configure` is not called (the setting's default)."""

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_processes = DEFAULT_PROCESSES


def configure(processes: int) -> None:
    """How many processes computer players think in (`COMPUTER_PROCESSES`; 0: in the bot's
    own threads, for a small server without computer players to speak of); takes effect
    when the pool is next started, at the first decision."""
    global _processes
    if processes < 0:
        raise ValueError("processes must be 0 or more")
    _processes = processes


@metrics.timed_decision  # each decision and its time, on /metrics
async def think(spec: GameSpec, level: str, view: Mapping[str, Any], seat: int, seed: int,
                *, in_process: bool = True) -> Decision:
    """The decision of `spec`'s computer player of `level` for `seat`, from its view."""
    player = spec.computer[level]
    plain = json.loads(json.dumps(view))  # exactly what a worker receives
    if in_process and _processes > 0:
        try:
            future = _worker_pool().submit(decide, player.choose, plain, seat, seed,
                                           player.budget)
            return await asyncio.wait_for(asyncio.wrap_future(future), player.budget + GRACE)
        except (BrokenProcessPool, TimeoutError) as error:
            log.warning("a %s computer player's decision was lost (%s); the easy level decides",
                        spec.name, type(error).__name__,
                        exc_info=isinstance(error, BrokenProcessPool))
            _discard_pool()
            player = _fallback(spec, player)
    return await asyncio.to_thread(decide, player.choose, plain, seat, seed, player.budget)


def _fallback(spec: GameSpec, player: ComputerPlayer) -> ComputerPlayer:
    return spec.computer.get("easy", player)


def _worker_pool() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = child_processes.pool(_processes)
            atexit.register(shutdown)  # a process that ends normally without `shutdown`
        return _pool


def shutdown() -> None:
    """Stop the worker (the bot is stopping); a later decision starts it again."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        child_processes.stop(pool)


def _discard_pool() -> None:
    """Stop the worker: a search that overran its budget would otherwise go on using a core."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is None:
        return
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
