"""The web outbox: what each room shows now, and the browsers watching it.

A room is the playground's chat (its id is the `ChatRef.id` of every press made in it). The
service's `Post`s and `Drop`s are kept as each room's current messages — the public ones
(lobby, board, ping, notes, a clip) and every seat's panel — and each change goes at once to
the browsers watching the room: the public messages to all of them, a panel only to the
browser that holds its player (a panel's `Place.chat_id` is its player's id on a platform
without private chats). A room shows one table, its newest: a new lobby replaces the last
game's messages. After a restart the service's `resume` fills the rooms again.

Pictures are not sent in the stream but named (`Images`), and a panel's picture is handed
only to its player's browser as well.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.screens import Drop, Place, Post, Role

from .images import Images
from .render import screen_json

log = logging.getLogger(__name__)

RoomOf = Callable[[int], Awaitable[str | None]]
"""The room (chat id) a table is in, from the store: for a panel of a table not seen yet."""
ORDER = {Role.LOBBY: 0, Role.BOARD: 1, Role.CLIP: 2, Role.CONFIRM: 3, Role.NOTE: 4,
         Role.PING: 5}
"""Where each public message stands in the room's pane, top to bottom."""
ROOMS_KEPT = 200
"""Rooms kept in memory with nobody watching: past that, the least recently used go (an
active table's room is read again from the store when a browser opens it)."""
QUEUE_LIMIT = 256
"""Events a browser may fall behind by; a browser that far behind is cut off (it reconnects
and gets the room's state afresh)."""


@dataclass(eq=False)
class Watcher:
    """One browser's live stream of a room: the players it holds, the events to send it."""

    ids: frozenset[str]
    events: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))

    def send(self, event: dict[str, Any] | None) -> None:
        try:
            self.events.put_nowait(event)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        # drop what is queued: the stream ends, and the browser reconnects for a fresh state
        while not self.events.empty():
            self.events.get_nowait()
        self.events.put_nowait(None)


@dataclass
class _Shown:
    place: Place
    event: dict[str, Any]
    at: float  # when it was shown (the outbox's clock, seconds)

    def replayed(self, now: float) -> dict[str, Any]:
        """The event for a browser that starts watching later: a turn's clock (its seconds
        left when drawn) less the time since, so a reloaded page counts from the truth."""
        screen = self.event["screen"]
        if "clock" not in screen:
            return self.event
        left = max(0, round(screen["clock"] - (now - self.at)))
        return {**self.event, "screen": {**screen, "clock": left}}

    @property
    def pictures(self) -> list[str]:
        screen = self.event["screen"]
        links = [screen.get("image"), (screen.get("file") or {}).get("href")]
        return [link.rsplit("/", 1)[1] for link in links if link]


@dataclass
class Room:
    id: str
    table_id: int = 0
    version: int | None = None  # the newest version of the table a post showed
    shown: dict[str, _Shown] = field(default_factory=dict)  # by key
    watchers: set[Watcher] = field(default_factory=set)

    def visible(self, shown: _Shown, watcher: Watcher) -> bool:
        return shown.place.role is not Role.PANEL or shown.place.chat_id in watcher.ids


class Rooms:
    """The playground's outbox. `post()` never blocks; posts are shown in their order."""

    def __init__(self, images: Images, room_of: RoomOf,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.images = images
        self._room_of = room_of
        self._clock = clock
        self._rooms: OrderedDict[str, Room] = OrderedDict()  # least recently used first
        self._tables: dict[int, str] = {}  # table -> room
        self._queue: asyncio.Queue[Post | Drop] = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    # --- the service's side --------------------------------------------------------------

    def post(self, items: Iterable[Post | Drop] | Post | Drop) -> None:
        """Show posts (the service's `show` hook, and every press's result)."""
        if isinstance(items, Post | Drop):
            items = (items,)
        for item in items:
            self._queue.put_nowait(item)
            self._idle.clear()
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work(), name="playground outbox")

    def replace(self, room_id: str, posts: Sequence[Post | Drop]) -> None:
        """Show what a room shows now, read from the store: these posts, and the messages
        of their table shown here but not among them dropped (a lobby its game replaced)."""
        room = self._rooms.get(room_id)
        kept = {_key(item.place) for item in posts}
        tables = {item.place.table_id for item in posts}
        gone = [Drop(shown.place) for key, shown in room.shown.items()
                if key not in kept and shown.place.table_id in tables] if room else []
        self.post([*posts, *gone])

    async def settled(self) -> None:
        """Wait until every post so far is shown."""
        await self._idle.wait()

    async def _work(self) -> None:
        while not self._queue.empty():
            item = self._queue.get_nowait()
            try:
                await self._show(item)
            except Exception:  # one bad post must not stop the outbox
                log.exception("table %s: a post could not be shown", item.place.table_id)
        self._idle.set()

    async def _show(self, item: Post | Drop) -> None:
        place = item.place
        room_id = self._tables.get(place.table_id)
        if room_id is None:
            room_id = place.chat_id if place.role is not Role.PANEL else \
                await self._room_of(place.table_id)
            if room_id is None:
                return
            self._tables[place.table_id] = room_id
        room = self.room(room_id)
        if place.table_id < room.table_id:
            return  # an older table of the room: its messages are gone from the page
        if place.table_id > room.table_id:
            room.table_id, room.version = place.table_id, None
            self._forget(room)
            self._broadcast(room, {"type": "reset", "table": place.table_id})
        key = _key(place)
        if isinstance(item, Drop):
            gone = room.shown.pop(key, None)
            if gone is not None:
                self._release(gone)
                self._broadcast(room, {"type": "drop", "key": key}, gone)
            return
        if item.version is not None:
            # a lobby counts its versions up, then its game starts again from 0
            room.version = item.version
        owner = place.chat_id if place.role is Role.PANEL else None
        event = {"type": "show", "key": key, "role": str(place.role), "seat": place.seat,
                 "order": ORDER.get(place.role, 9), "player": owner,
                 "fresh": item.fresh, "screen": screen_json(item.screen, self.images, owner)}
        shown = _Shown(place, event, self._clock())
        for name in shown.pictures:
            self.images.hold(name)
        replaced = room.shown.get(key)
        if replaced is not None:
            self._release(replaced)
        room.shown[key] = shown
        self._broadcast(room, event, shown)

    def _release(self, shown: _Shown) -> None:
        for name in shown.pictures:
            self.images.release(name)

    def _forget(self, room: Room) -> None:
        for shown in room.shown.values():
            self._release(shown)
        room.shown.clear()

    def _broadcast(self, room: Room, event: dict[str, Any], shown: _Shown | None = None) -> None:
        for watcher in list(room.watchers):
            if shown is None or room.visible(shown, watcher):
                watcher.send(event)

    # --- the browsers' side --------------------------------------------------------------

    def room(self, room_id: str) -> Room:
        room = self._rooms.get(room_id)
        if room is None:
            room = self._rooms[room_id] = Room(room_id)
            self._prune()
        self._rooms.move_to_end(room_id)
        return room

    def _prune(self) -> None:
        idle = [r for r in self._rooms.values() if not r.watchers]
        for room in idle[:max(0, len(idle) - ROOMS_KEPT)]:
            self._forget(room)
            del self._rooms[room.id]
            for table, room_id in list(self._tables.items()):
                if room_id == room.id:
                    del self._tables[table]

    def known(self, room_id: str) -> bool:
        return room_id in self._rooms and bool(self._rooms[room_id].table_id)

    def watched(self, room_id: str) -> bool:
        room = self._rooms.get(room_id)
        return room is not None and bool(room.watchers)

    def shows(self, room_id: str, table_id: int, version: int) -> bool:
        """Whether the room's posts so far showed this version of this table."""
        room = self._rooms.get(room_id)
        return room is not None and (room.table_id, room.version) == (table_id, version)

    def watch(self, room_id: str, ids: frozenset[str]) -> Watcher:
        """A browser starts watching: it gets what the room shows it now, then every change."""
        room = self.room(room_id)
        watcher = Watcher(ids)
        watcher.send({"type": "reset", "table": room.table_id})
        now = self._clock()
        for shown in room.shown.values():
            if room.visible(shown, watcher):
                watcher.send(shown.replayed(now))
        room.watchers.add(watcher)
        return watcher

    def unwatch(self, room_id: str, watcher: Watcher) -> None:
        room = self._rooms.get(room_id)
        if room is not None:
            room.watchers.discard(watcher)

    def table_of(self, room_id: str) -> int | None:
        room = self._rooms.get(room_id)
        return room.table_id if room and room.table_id else None

    def close(self) -> None:
        """End every stream (a shutdown)."""
        for room in self._rooms.values():
            for watcher in list(room.watchers):
                watcher.close()


def _key(place: Place) -> str:
    return f"{place.role}:{-1 if place.seat is None else place.seat}"
