"""Kept messages: the platform-neutral half of an outbox (issue 33 item 3).

A kept message is one a table keeps showing and edits in place: its lobby, board, turn ping,
a player's panel, a note. The store remembers which message shows each place and a
fingerprint of what it shows, so an identical screen costs no request, a changed one is one
edit, and one that cannot be edited is sent anew and the old one deleted after.

Work is queued per lane (a chat, or whatever the platform paces as one): pending work is a
dict from message to its newest instruction, drained in the order each message was first
queued, one worker per lane, started when the lane gets work and ended when it has none
left. An instruction a newer one replaces while it waits is never sent: a replaced fresh
post's notification is kept, and a replaced board's moves are told by the newer one. A
`Post` names the table version it shows; an older one is never queued over a newer one nor
shown over one the store says is shown. With several workers sharing the store (`shared`),
a show first claims its place there (bot/storage/messages.py) and renews the claim before a
request that waited long (`hold_on`): a newer version shown or claimed meanwhile ends it.

The database going away is an outage to sit out, not a reason to drop anything: the lane
keeps its work, backs off (`health`, bot/loops.py) and goes on once the store answers, and a
message sent meanwhile is recorded as soon as it can be, so it is edited later rather than
sent twice. The platform failing for longer than its own retries is sat out the same way for
kept messages, for up to `redeliver_for` seconds.

A platform's outbox (bot/telegram/outbox.py, bot/discord/outbox.py) subclasses
`KeptMessages` and supplies the rest: how to send, edit and delete a message, which lane an
instruction takes, what its errors mean, and its pacing. `Refusals` remembers chats that
refused a picture (text goes there for a while).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Coroutine, Hashable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, TypeVar

from bot.counters import Counters
from bot.i18n import Translator
from bot.loops import Loop
from bot.ops import metrics
from bot.screens import Drop, Place, Post, Screen, Text
from bot.storage.messages import Claim
from bot.storage.rows import MessageRef, TableRow
from bot.storage.updates import database_unavailable
from bot.table_screens import board_following, earlier_moves

__all__ = ["Claim", "Edit", "GaveUp", "KeptMessages", "MessageBook", "MessageRef", "Refusals",
           "database_unavailable"]

log = logging.getLogger(__name__)

T = TypeVar("T")

REDELIVER_FOR = 3600.0
"""Seconds a kept message the platform keeps failing is tried again (an outage of its API)."""
RENEW_CLAIM_AFTER = 10.0
"""Seconds after taking (or renewing) a kept message's claim when a request renews it first:
far inside its lease, so the lease outlasts every wait before the request is answered."""


class MessageBook(Protocol):
    """What an outbox asks of the store: where each kept message is and what it shows, the
    claims of several workers on one place, and a table's language."""

    @property
    def dialect(self) -> str: ...

    async def get_message(self, table_id: int, role: str, seat: int | None = None
                          ) -> MessageRef | None: ...

    async def keep_message(self, table_id: int, role: str, seat: int | None, chat_id: str | int,
                           message_id: str | int, content_hash: str | None = None,
                           version: int | None = None
                           ) -> tuple[MessageRef | None, MessageRef | None]: ...

    async def set_message_hash(self, table_id: int, role: str, seat: int | None,
                               content_hash: str | None, version: int | None = None
                               ) -> bool: ...

    async def delete_message(self, table_id: int, role: str, seat: int | None = None
                             ) -> bool: ...

    async def claim_message(self, table_id: int, role: str, seat: int | None, version: int
                            ) -> Claim: ...

    async def renew_message(self, table_id: int, role: str, seat: int | None, version: int
                            ) -> Claim: ...

    async def release_message(self, table_id: int, role: str, seat: int | None,
                              version: int) -> None: ...

    async def get_table(self, table_id: int) -> TableRow | None: ...


class Edit(Enum):
    """What became of an edit of a kept message."""

    DONE = "done"  # edited (or already showing this): record what it shows
    GONE = "gone"  # the message no longer exists: send a new one
    REPLACE = "replace"  # it cannot become this: send a new one, then delete the old


class GaveUp(Exception):
    """A request kept failing (the network, the platform's 5xx, flood control that did not
    end); already logged, its cause the platform's last error. Its kept message is tried
    again later (`redeliver_for`)."""


class Superseded(Exception):
    """While a request waited, a newer version of its kept message was shown or claimed:
    this one must not be shown over it."""


@dataclass
class _Held:
    """The claim under which this task shows a kept message (a shared store only)."""

    place: Place
    version: int
    since: float  # when it was taken or last renewed
    over: bool = False  # what it shows is recorded: the claim has ended


_HELD: ContextVar[_Held | None] = ContextVar("kept_message_held", default=None)
"""The claim of the show this task (a lane's worker) is making, if any."""


class Lane:
    """One lane's pending work and its worker."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.pending: dict[Any, Any] = {}  # a message's key -> its newest instruction
        self.task: asyncio.Task[None] | None = None
        self.current: Hashable | None = None  # the message being worked on
        self.moved = asyncio.Event()  # set each time an instruction is done


class Refusals:
    """Chats that refused a picture: text goes there until `retry_after` seconds pass."""

    def __init__(self, retry_after: float, clock: Callable[[], float]) -> None:
        self.retry_after = retry_after
        self._clock = clock
        self._since: dict[str, float] = {}

    def refused(self, chat: str) -> None:
        self._since[chat] = self._clock()

    def allowed(self, chat: str) -> bool:
        since = self._since.get(chat)
        if since is None:
            return True
        if self._clock() - since >= self.retry_after:
            del self._since[chat]
            return True
        return False


class KeptMessages(ABC):
    """Lanes of `Post`s and `Drop`s shown as kept messages; `post()` never blocks,
    `flush()` waits. A platform supplies the abstract methods."""

    MOVES_ROOM = 3000
    """Characters a message of earlier moves may take (the platform's limit, less a margin)."""

    def __init__(self, store: MessageBook, translator: Translator, *, platform: str,
                 default_language: str = "en", clock: Callable[[], float],
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                 health_clock: Callable[[], float] = time.time, shared: bool = False) -> None:
        """`sleep` waits out the platform's back-offs (a test's clock skips them); an outage
        of the store is sat out on the event loop's own clock. `shared`: other workers show
        the same kept messages, so each show claims its place in the store first."""
        self.store = store
        self.translator = translator
        self.platform = platform
        self.default_language = default_language
        self.counters = Counters()
        metrics.watch_outbox(platform, self)  # its queue and counters on /metrics
        self._clock = clock
        self._sleep = sleep
        self._shared = shared
        self._lanes: dict[str, Lane] = {}
        self._idle = asyncio.Event()
        self._idle.set()
        self._closed = False
        self._side_tasks: set[asyncio.Task[None]] = set()
        self.health = Loop(f"{platform} outbox", clock=health_clock)
        """The lanes' state while the database or the platform is away, and their back-off."""
        self.redeliver_for = REDELIVER_FOR
        self._failing: dict[Hashable, float] = {}  # kept message -> when it first failed

    # --- queueing -------------------------------------------------------------------

    def post(self, items: Iterable[Post | Drop] | Post | Drop) -> None:
        """Queue instructions; for each message only the newest pending one is sent."""
        if isinstance(items, Post | Drop):
            items = (items,)
        for item in items:
            if not isinstance(item, Post | Drop):
                raise TypeError(f"expected Post or Drop, got {type(item).__name__}")
            self._enqueue(item, _key_of(item))

    @property
    def pending(self) -> int:
        """Instructions queued and not yet started."""
        return sum(len(lane.pending) for lane in self._lanes.values())

    async def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued has been delivered (or given up); False on timeout."""
        async def idle() -> None:
            while True:
                await self._idle.wait()
                if self._side_tasks:
                    await asyncio.wait(set(self._side_tasks))
                    continue
                if self._idle.is_set():
                    return

        try:
            await asyncio.wait_for(idle(), timeout)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Stop every worker; what is still queued is dropped. Flush first to deliver it."""
        self._closed = True
        self.health.close()
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        tasks += list(self._side_tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.pending:
            log.warning("%s outbox closed with %d undelivered instructions", self.platform,
                        self.pending)
        self._lanes.clear()
        self._idle.set()

    def _enqueue(self, item: Any, key: Hashable, *, keep_newer: bool = False) -> None:
        """Queue `item` as the newest instruction for `key`'s message; `keep_newer`: unless
        one is pending already (an instruction tried again)."""
        if self._closed:
            log.warning("outbox is closed; dropped %s", self._describe(item))
            return
        admitted = self._admitted(item)
        if admitted is None:
            return
        item = admitted
        name = self._lane_name(item)
        lane = self._lanes.get(name)
        if lane is None:
            lane = self._lanes[name] = Lane(name)
        old = lane.pending.get(key)
        if old is not None and (keep_newer or _older(item, old)):
            return  # never shown over a newer version pending
        if old is not None:
            self.counters.coalesced[self._role(old)] += 1
            if isinstance(old, Post) and isinstance(item, Post):
                # a replaced fresh post still owes its notification, and a replaced board
                # never reached the chat: the newer one tells its moves too
                item = dataclasses.replace(item, fresh=item.fresh or old.fresh,
                                           screen=board_following(self.translator,
                                                                  old.screen, item.screen))
        lane.pending[key] = item
        self._queued(key, item)
        self._idle.clear()
        if lane.task is None:
            lane.task = asyncio.create_task(self._drain(lane),
                                            name=f"{self.platform} outbox {name}")

    # --- the workers ----------------------------------------------------------------

    async def _drain(self, lane: Lane) -> None:
        try:
            while lane.pending:
                key = next(iter(lane.pending))
                try:
                    if await self._hold_back(lane, key):
                        continue
                    taken = await self._take(lane, key)
                except Exception as error:  # noqa: BLE001 - a stuck lane would be worse
                    if database_unavailable(error) and not self._closed:
                        await self._store_away(error)
                        continue
                    item = lane.pending.pop(key, None)
                    log.warning("%s outbox lane %s hit %s; %s dropped", self.platform,
                                lane.name, type(error).__name__,
                                self._describe(item) if item is not None else "nothing")
                    continue
                if taken is None:
                    continue
                item, ref = taken
                lane.current = key
                try:
                    await self._execute(item, ref)
                    self.health.ok()
                    self._failing.pop(key, None)
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # noqa: BLE001 - one message must not stop a lane
                    await self._failure(lane, key, item, error)
                finally:
                    lane.current = None
                    lane.moved.set()
                    lane.moved.clear()
        finally:
            lane.task = None
            if not lane.pending and self._lanes.get(lane.name) is lane:
                del self._lanes[lane.name]
            if not self._lanes:
                self._idle.set()

    async def _take(self, lane: Lane, key: Hashable) -> tuple[Any, MessageRef | None] | None:
        """The newest instruction for `key`, taken off the lane once it may go, with the
        kept message's ref if it was read meanwhile; None: nothing to do now."""
        return lane.pending.pop(key), None

    async def _execute(self, item: Any, ref: MessageRef | None) -> None:
        if isinstance(item, Post):
            await self._show(item, ref=ref)
        elif isinstance(item, Drop):
            await self._drop(item)
        else:
            raise TypeError(f"not an instruction: {type(item).__name__}")

    async def _failure(self, lane: Lane, key: Hashable, item: Any, error: Exception) -> None:
        """An instruction failed: sit out the store's or the platform's outage with it (kept,
        first again, unless a newer one came meanwhile), or let the platform say what its
        refusal means, or count and log it."""
        if not self._closed and (database_unavailable(error) or (
                self._passing(item, error) and self._redelivering(key, item))):
            if key not in lane.pending:
                lane.pending = {key: item, **lane.pending}
            if database_unavailable(error):
                await self._store_away(error)
            else:
                cause = error.__cause__ if isinstance(error, GaveUp) else None
                await self._sleep(self.health.failed(cause or error))
            return
        if await self._refused(item, error):
            return
        self.counters.failures[self._role(item)] += 1
        log.warning("%s crashed: %s", self._describe(item), type(error).__name__)
        # Only at DEBUG: an exception's text might quote what the message shows.
        log.debug("outbox failure detail", exc_info=error)

    def _redelivering(self, key: Hashable, item: Any) -> bool:
        """Whether a kept message the platform failed for now is tried again: for
        `redeliver_for` seconds after its first failure."""
        if not isinstance(item, Post) or not self._redeliverable(item):
            return False
        first = self._failing.setdefault(key, self._clock())
        if self._clock() - first >= self.redeliver_for:
            self._failing.pop(key, None)
            return False
        return True

    async def _store_away(self, error: BaseException) -> None:
        """The database is out of reach: wait before the lane's work is tried again (on the
        event loop's own clock: an outage is sat out, never skipped)."""
        await asyncio.sleep(self.health.failed(error))

    # --- kept messages ----------------------------------------------------------------

    async def _show(self, post: Post, ref: MessageRef | None = None, *,
                    strict: bool = False) -> None:
        """Edit the kept message, or send a new one (deleting the one it replaces); `ref`:
        the kept message as just read, if it was. `strict`: a refusal is raised, not logged
        (the caller must know)."""
        place = post.place
        if ref is None:
            ref = await self._ref(place)
        version = post.version
        if version is not None and ref is not None and ref.version is not None \
                and ref.version > version:
            self.counters.skipped[str(place.role)] += 1  # a newer one is shown
            return
        if not self._shared or version is None:  # this lane is the only one showing it
            await self._show_at(post, ref, strict=strict)
            return
        # claimed even where no message is kept yet: two workers never both send one
        if await self._claim(place, version) is not Claim.CLAIMED:
            self.counters.skipped[str(place.role)] += 1  # a newer one, or no table
            return
        recorded = False
        held = _HELD.set(_Held(place, version, self._clock()))
        try:
            recorded = await self._show_at(post, await self._ref(place), strict=strict)
        except Superseded:
            self.counters.skipped[str(place.role)] += 1
        finally:
            _HELD.reset(held)
            if not recorded:
                await self.store.release_message(place.table_id, place.role, place.seat,
                                                 version)

    async def _claim(self, place: Place, version: int, *, renew: bool = False) -> Claim:
        """Claim the kept message for `version`, waiting while another worker's show of an
        older (or the same) version is under way. `renew`: the claim is ours already; hold
        it longer (or take it back if its lease ran out and nobody newer came)."""
        ask = self.store.renew_message if renew else self.store.claim_message
        while True:
            claim = await ask(place.table_id, place.role, place.seat, version)
            if claim is not Claim.BUSY:
                return claim
            await self._sleep(self.shared_poll)

    shared_poll = 0.05
    """Seconds between asking again for a claim another worker's show holds."""

    async def hold_on(self) -> None:
        """Called by the platform before each request: under a claimed show, renew the claim
        if it was taken a while ago (a platform's waits may outlast its lease);
        `Superseded` if a newer version was shown or claimed meanwhile."""
        held = _HELD.get()
        if held is None or held.over or self._clock() - held.since < RENEW_CLAIM_AFTER:
            return
        if await self._claim(held.place, held.version, renew=True) is not Claim.CLAIMED:
            held.over = True  # nothing of ours to release: the claim went elsewhere
            raise Superseded
        held.since = self._clock()

    async def _show_at(self, post: Post, ref: MessageRef | None, *,
                       strict: bool = False) -> bool:
        """Show `post` where `ref` says its message is; True once what it shows is recorded
        (which ends a claim of its version), False if nothing was."""
        place, screen = post.place, post.screen
        fingerprint = screen.fingerprint()
        ref = self._usable(ref)
        if ref is None or ref.content_hash != fingerprint:
            await self._tell_earlier_moves(place, screen)
        replaced = ref  # deleted once a new message is kept in its place
        if ref is not None and ref.chat_id == self._chat_of(place) and not post.fresh:
            if ref.content_hash == fingerprint:
                self.counters.skipped[str(place.role)] += 1
                return False
            outcome = await self._edit(place, ref, screen)
            if outcome is Edit.DONE:
                _recorded_now()
                return await self.store.set_message_hash(place.table_id, place.role,
                                                         place.seat, fingerprint, post.version)
            if outcome is Edit.GONE:
                replaced = None
        kept = await self._send_kept(post, fingerprint, meant=ref, strict=strict)
        if kept and replaced is not None:
            await self._delete_quietly(place, replaced)
        return kept

    async def _send_kept(self, post: Post, fingerprint: str, *, meant: MessageRef | None,
                         strict: bool = False) -> bool:
        """Send `post` as the message kept at its place, in place of `meant` (the caller's
        to delete); False if it was not sent, or meanwhile another worker kept a newer
        version there (ours, surplus, is deleted again). Another message it replaced there
        is surplus too (sent by a worker whose claim died with it): deleted, so no old
        buttons stay live."""
        place = post.place
        chat = self._chat_of(place)
        message_id = await self._send(place, post.screen, strict=strict)
        if message_id is None:
            return False
        kept, replaced = await self._recorded(lambda: self.store.keep_message(
            place.table_id, place.role, place.seat, chat, message_id,
            content_hash=fingerprint, version=post.version))
        _recorded_now()
        if replaced is not None and (meant is None or (replaced.chat_id, replaced.message_id)
                                     != (meant.chat_id, meant.message_id)):
            self.counters.surplus[str(place.role)] += 1
            await self._delete_quietly(place, replaced)
        if kept is None:
            await self._delete_quietly(place, MessageRef(
                place.table_id, str(place.role), place.seat, chat, message_id, fingerprint,
                0.0))
            return False
        await self._shown_anew(post, message_id)
        return True

    async def _tell_earlier_moves(self, place: Place, screen: Screen) -> None:
        """The moves a board's text has no room for, told first in messages of their own
        (after a failure, logged by the platform, the board itself still goes)."""
        for text in earlier_moves(self.translator, screen, self.MOVES_ROOM):
            if not await self._send_moves(place, text):
                return

    async def _drop(self, drop: Drop) -> None:
        place = drop.place
        ref = await self._ref(place)
        if ref is None:
            return
        usable = self._usable(ref)
        if usable is not None:
            await self._delete_quietly(place, usable)
        await self.store.delete_message(place.table_id, place.role, place.seat)

    async def _delete_quietly(self, place: Place, ref: MessageRef) -> None:
        """Delete a message we no longer keep; if it is already gone, so much the better."""
        if await self._delete(place, ref):
            self.counters.deletes[str(place.role)] += 1

    # --- small helpers ------------------------------------------------------------------

    async def _recorded(self, write: Callable[[], Awaitable[T]]) -> T:
        """Record a message that is on screen now, however long the database is away:
        sending it again later would leave two (the first with live buttons)."""
        while True:
            try:
                return await write()
            except Exception as error:
                if not database_unavailable(error) or self._closed:
                    raise
                await self._store_away(error)

    async def _ref(self, place: Place) -> MessageRef | None:
        return await self.store.get_message(place.table_id, place.role, place.seat)

    async def _language(self, table_id: int | None) -> str:
        """The table's language (for a note the platform adds), or the default."""
        if table_id is not None:
            try:
                table = await self.store.get_table(table_id)
            except Exception as error:
                if database_unavailable(error):
                    raise
                table = None
            if table is not None:
                return table.language
        return self.default_language

    def _spawn(self, coroutine: Coroutine[Any, Any, None], name: str) -> None:
        """Work beside the lanes that `flush` waits for too."""
        task = asyncio.create_task(coroutine, name=name)
        self._side_tasks.add(task)
        task.add_done_callback(self._side_done)

    def _side_done(self, task: asyncio.Task[None]) -> None:
        self._side_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("%s failed: %s", task.get_name(), type(task.exception()).__name__)

    def _role(self, item: Any) -> str:
        return str(item.place.role)

    def _describe(self, item: Any) -> str:
        kind = "drop" if isinstance(item, Drop) else "post"
        return f"{where(item.place)} {kind} in chat {item.place.chat_id}"

    # --- what a platform supplies ---------------------------------------------------------

    def _admitted(self, item: Any) -> Any | None:
        """`item` as it is to be queued (rerouted, say), or None to drop it."""
        return item

    @abstractmethod
    def _lane_name(self, item: Any) -> str:
        """The lane `item` waits in."""

    def _queued(self, key: Hashable, item: Any) -> None:
        """`item` was queued for `key` (a platform may note what it needs of that moment)."""

    async def _hold_back(self, lane: Lane, key: Hashable) -> bool:
        """True: `key` must wait for something else (waited for: look at the lane again)."""
        return False

    def _chat_of(self, place: Place) -> str:
        """The chat a kept message at `place` lives in (a message elsewhere is replaced)."""
        return place.chat_id

    def _usable(self, ref: MessageRef | None) -> MessageRef | None:
        """`ref`, unless its message can no longer be reached (then a new one is sent)."""
        return ref

    @abstractmethod
    async def _edit(self, place: Place, ref: MessageRef, screen: Screen) -> Edit:
        """Edit the kept message `ref` to show `screen`."""

    @abstractmethod
    async def _send(self, place: Place, screen: Screen, *, strict: bool = False) -> str | None:
        """Send `screen` as a new message for `place`; its id, or None if it was refused
        (and logged). `strict`: raise the refusal instead."""

    @abstractmethod
    async def _delete(self, place: Place, ref: MessageRef) -> bool:
        """Delete the message `ref`; False if it could not be (logged) or was gone."""

    @abstractmethod
    async def _send_moves(self, place: Place, text: Text) -> bool:
        """Send earlier moves ahead of a board; False after a failure (logged)."""

    async def _shown_anew(self, post: Post, message_id: str) -> None:
        """A new message was kept for `post` (the platform may follow it up)."""

    def _passing(self, item: Any, error: Exception) -> bool:
        """Whether `error` is the platform failing for now (tried again later)."""
        return isinstance(error, GaveUp)

    def _redeliverable(self, post: Post) -> bool:
        """Whether a post the platform failed for now is worth trying again later."""
        return True

    async def _refused(self, item: Any, error: Exception) -> bool:
        """Deal with what the platform's refusal means; False: a failure like any other."""
        return False


def _recorded_now() -> None:
    """What the claimed show put on screen is recorded (or being recorded): its claim ends
    with that, so the requests after it (deleting what it replaced) renew nothing."""
    held = _HELD.get()
    if held is not None:
        held.over = True


def _key_of(item: Post | Drop) -> tuple[int, str, int | None]:
    return (item.place.table_id, str(item.place.role), item.place.seat)


def _older(item: Any, than: Any) -> bool:
    """`item` shows an older table version than `than`, pending for the same message."""
    return (isinstance(item, Post) and isinstance(than, Post) and item.version is not None
            and than.version is not None and item.version < than.version)


def where(place: Place) -> str:
    """A kept message in logs: its table, role and seat, never what it shows."""
    seat = "" if place.seat is None else f" seat {place.seat}"
    return f"table {place.table_id} {place.role}{seat}"
