"""Game pictures for the table service: drawn in a separate process, and remembered.

Drawing a board takes ~15 ms of one core, most of it in Pillow code that holds Python's GIL,
so drawn in the bot's own process it competes with the event loop that answers every press
of every table. A pool of drawing processes draws instead (`DRAWING_PROCESSES`, one by
default: a small server has few cores, and each process is some 70 MB; 0 draws in the bot's
own threads), and recent pictures are kept by what they show: a menu step that does not
change the picture, Back, or a restart costs nothing. The pool's processes end with the bot
process however it ends (bot/child_processes.py), and `shutdown` stops them on the way out.
"""

from __future__ import annotations

import atexit
import ctypes
import hashlib
import json
import logging
import multiprocessing
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from cachetools import LRUCache, cached

from bot import child_processes

if TYPE_CHECKING:
    from render.regions import Control, Region

log = logging.getLogger(__name__)

DEFAULT_PROCESSES = 1
"""Drawing processes when `configure` is not called (the setting's default)."""

KEPT_BYTES = 16 * 1024 * 1024
"""How much the recent pictures may take: a bound in bytes, not a count, since an animation
weighs as much as dozens of boards (a count of 256 could hold anything up to hundreds of MB).
Kept by a digest of what they show, not the view's JSON itself (kilobytes of its own). 16 MiB
is some hundreds of boards and menus: what the busiest tables go back to (Back, a menu step
that leaves the picture as it was, a restart). Library: cachetools' LRU cache, which weighs
its entries; functools.lru_cache can only count them."""

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_processes = DEFAULT_PROCESSES


def configure(processes: int) -> None:
    """How many drawing processes the pool has (0: draw in the caller's thread); takes
    effect when the pool is next started."""
    global _processes
    if processes < 0:
        raise ValueError("processes must be 0 or more")
    _processes = processes


def shutdown() -> None:
    """Stop the drawing processes (the bot is stopping); a later picture starts them again."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        child_processes.stop(pool)


def picture(game: str, kind: str, view: Mapping[str, Any], names: Sequence[str],
            focus: Mapping[str, Any] | None = None) -> bytes:
    """The PNG of a view: `kind` is "board", "panel" (with the menu's `focus`) or "waiting".
    Blocks until drawn; the service calls it from worker threads."""
    drawn = _remembered(_key(game, kind, view, names, focus))
    assert drawn is not None
    return drawn


def regions(game: str, view: Mapping[str, Any], focus: Mapping[str, Any] | None,
            path: Sequence[str], options: Sequence[str] | None) -> tuple[Region, ...]:
    """Where the choices of the menu level at `path` (whose options have the keys `options`;
    None: not known) are on the panel picture `picture(game, "panel", view, names, focus)`
    draws (render/regions.py); none for a game whose pictures do not say. Computed here, not
    in a drawing process: a millisecond or two of layout, no drawing."""
    key = ["panel_regions", game, view, focus, list(path),
           None if options is None else list(options)]
    return _panel_layout(json.dumps(key, sort_keys=True, ensure_ascii=False))


def controls(game: str, view: Mapping[str, Any], focus: Mapping[str, Any] | None,
             path: Sequence[str], options: Sequence[str]) -> tuple[Control, ...]:
    """The controls drawn over that panel picture (render/rafter/drag.py: turn the card,
    How risky?); none for a game without them. Layout only, as `regions`."""
    key = ["panel_controls", game, view, focus, list(path), list(options)]
    return _panel_layout(json.dumps(key, sort_keys=True, ensure_ascii=False))


def takes_points(game: str, focus: Mapping[str, Any] | None) -> bool:
    """Whether the panel picture of a level with this focus chooses by a point of it (a
    card dragged onto Rafter Five's raft)."""
    from render import RENDERERS

    takes = getattr(RENDERERS[game], "takes_points", None)
    return takes is not None and bool(takes(focus))


def point_path(game: str, view: Mapping[str, Any], focus: Mapping[str, Any] | None,
               path: Sequence[str], options: Sequence[str], point: tuple[int, int],
               start: tuple[int, int]) -> tuple[str, ...] | None:
    """The menu path that a point of that panel picture (a drag from `start` to `point`,
    or a tap) chooses at the level at `path`; None where it chooses nothing."""
    from render import RENDERERS

    pick = getattr(RENDERERS[game], "panel_pick", None)
    if pick is None:
        return None
    chosen = pick(view, point, focus=focus, path=tuple(path), options=tuple(options),
                  start=start)
    return None if chosen is None else tuple(chosen)


def animation(game: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    """The GIF of the last move, for a game whose pictures offer one and a move worth one
    (something fell), else None."""
    from render import RENDERERS

    if not hasattr(RENDERERS[game], "animation_gif"):
        return None
    return _remembered(_key(game, "animation", view, names, None))


def _key(game: str, kind: str, view: Mapping[str, Any], names: Sequence[str],
         focus: Mapping[str, Any] | None) -> str:
    return json.dumps([game, kind, view, list(names), focus], sort_keys=True, ensure_ascii=False)


def _weight(drawn: bytes | None) -> int:
    """An entry's bytes: the picture, and about what its digest key and the cache's
    bookkeeping take (the key kept is a digest: a view's JSON can be kilobytes itself)."""
    return 256 + len(drawn or b"")


def _digest(key: str) -> bytes:
    return hashlib.blake2b(key.encode(), digest_size=20).digest()


@cached(LRUCache(maxsize=KEPT_BYTES, getsizeof=_weight), key=_digest, lock=threading.Lock(),
        info=True)
def _remembered(key: str) -> bytes | None:
    pool = _worker_pool()
    if pool is None:
        return draw(key)
    try:
        return pool.submit(draw, key).result()
    except BrokenProcessPool:
        # a drawing process died (killed, out of memory): start afresh next time, and
        # draw this picture here so the move is still shown
        log.warning("a drawing process died; this picture is drawn here", exc_info=True)
        _discard_pool(pool)
        return draw(key)


@cached(LRUCache(maxsize=1024), key=_digest, lock=threading.Lock())
def _panel_layout(key: str) -> tuple[Any, ...]:
    """What the game's renderer function named first in `key` (`panel_regions`,
    `panel_controls`) lays over a panel picture; () for a game without it."""
    from render import RENDERERS

    function, game, view, focus, path, options = json.loads(key)
    find = getattr(RENDERERS[game], function, None)
    if find is None:
        return ()
    return tuple(find(view, focus=focus, path=tuple(path), options=options))


def draw(key: str) -> bytes | None:
    """Draw a picture from its key (runs in the worker process)."""
    from render import RENDERERS

    game, kind, view, names, focus = json.loads(key)
    renderer = RENDERERS[game]
    try:
        if kind == "panel":
            return renderer.panel_png(view, names=names, focus=focus)
        if kind == "animation":
            return renderer.animation_gif(view, names=names)
        return getattr(renderer, f"{kind}_png")(view, names=names)
    finally:
        if multiprocessing.parent_process() is not None:  # in a drawing process
            _give_back_memory()


def _give_back_memory() -> None:
    """Hand the heap's free pages back to the system after a drawing. A picture's canvases
    and layers are freed when it is drawn, but glibc keeps the pages for later, so a drawing
    process grew with every size of picture it had drawn (bench.footprint: some 30 MB of a
    drawing process are free pages this gives back). A millisecond or so against ~15 ms of
    drawing; nothing where the C library is not glibc."""
    if _malloc_trim is not None:
        _malloc_trim(0)


def _find_malloc_trim() -> Any:
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


_malloc_trim = _find_malloc_trim()


def _discard_pool(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def _worker_pool() -> ProcessPoolExecutor | None:
    """The drawing processes, started on first use; None when pictures are drawn here."""
    global _pool
    if _processes < 1:
        return None
    with _pool_lock:
        if _pool is None:
            _pool = child_processes.pool(_processes)
            atexit.register(shutdown)  # a process that ends normally without `shutdown`
        return _pool
