"""The Telegram outbox: shows the service's `Post`s and `Drop`s, one worker per chat.

Each kept message (a table's lobby, board, ping, a player's panel) is edited in place: the
store remembers its id and a fingerprint of what it shows, so an identical screen costs no
request and a changed one is one edit (`editMessageCaption` when the picture is the same,
`editMessageMedia` when it changed, `editMessageText` for text messages).

Per chat, pending work is a dict from message to its newest instruction, drained in the
order each message was first queued; a worker starts when a chat gets work and ends when it
has none left. The newest instruction is taken only once the rate limits let a request go,
so an edit that a newer edit of the same message replaces is never sent (a board that
replaces another tells that board's moves too). Chats proceed in parallel under the shared
`Limiter`, which keeps every request inside Telegram's budgets, so flood control is met only
when something else spends them.

Several workers may serve one bot, each with an outbox of its own (a press goes to whichever
worker gets it), so the newest version of a message must win across them, not only within a
lane. A `Post` names the table version it shows; an older one is never sent over a newer one
the store says is shown, and with workers sharing PostgreSQL an edit first claims its message
in the store (bot/storage/messages.py), so no two workers have edits of one message under way
at once and a claim for an older version than one shown or being shown is refused. A claim's
lease is bounded (`CLAIM_LEASE`) and flood control may hold an edit longer, so before a
request that waited `RENEW_CLAIM_AFTER` seconds or more the claim is renewed, and the edit
is given up if a newer version was shown or claimed meanwhile (an older board never lands
over a newer one). Telegram's budgets are shared the same way (`SharedLimiter`).

Telegram's errors are ordinary events here: flood control waits and retries (and a group's
wait is reported to the service, which gives it back to the players' clocks), "not
modified" counts as done, a vanished message is sent anew, a migrated group is followed, a
panel that cannot be delivered is reported to the service, a chat without the right to send
photos gets text. Nothing raises out of a worker, and logs name only the table, role, seat,
method and error, never what a message shows.

The database going away is an outage to sit out, not a reason to drop anything: the worker
keeps its chat's work, backs off (`health`, bot/loops.py: the outbox is down in the health
registry meanwhile) and goes on once the store answers, and a message sent meanwhile is
recorded as soon as it can be, so it is edited later rather than sent twice. Telegram
itself failing for longer than a request's retries (5xx, timeouts, flood control that
does not end) is sat out the same way for kept messages: the newest version of each is tried
again after the back-off, for up to `redeliver_for` seconds, so once Telegram is back every
board and panel shows what is current.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import BufferedInputFile, InputMediaPhoto, LinkPreviewOptions, Message

from bot.counters import Counters
from bot.i18n import Translator
from bot.loops import Loop
from bot.ops import metrics
from bot.port import PlatformTrouble
from bot.screens import Drop, Place, Post, Role, Screen, is_animation, picture_name
from bot.storage.store import Claim, MessageRef, Store, StoreError
from bot.storage.updates import database_unavailable
from bot.table_screens import board_following, earlier_moves

from .limits import Limiter, OutboxLimits, Pacer, SharedLimiter, is_group
from .render import CAPTION_LIMIT, TEXT_LIMIT, Shown, render, to_html

log = logging.getLogger(__name__)

T = TypeVar("T")

PLATFORM = "telegram"
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
REDELIVER_FOR = 3600.0
"""Seconds a kept message Telegram keeps failing is tried again (an outage of the API)."""
RENEW_CLAIM_AFTER = 10.0
"""Seconds after taking (or renewing) a kept message's claim when a request renews it first:
far inside its lease, so the lease outlasts every wait before the request is answered."""


@dataclass(frozen=True)
class _Say:
    """A one-off message (a command's answer): sent once, never kept or coalesced."""

    chat_id: str
    thread_id: str | None
    screen: Screen
    language: str | None
    replace: str | None = None  # a message of ours to edit instead (a menu that was pressed)


_Item = Post | Drop | _Say
_Key = tuple[int, str, int | None] | int  # a kept message, or a one-off's sequence number


class _Lane:
    """One chat's pending work and its worker."""

    def __init__(self, chat_id: str) -> None:
        self.chat_id = chat_id
        self.pending: dict[_Key, _Item] = {}
        self.task: asyncio.Task[None] | None = None


class _Edit(Enum):
    DONE = "done"  # edited, or Telegram says it already shows this
    GONE = "gone"  # the message no longer exists: send a new one
    REPLACE = "replace"  # it cannot become this (text <-> photo): send new, delete old


@dataclass(frozen=True)
class _Kind:
    """What a message we sent is, so an edit can pick the right method."""

    photo: bool
    image: str | None  # fingerprint of the picture it shows


class _GaveUp(Exception):
    """A request kept failing on the network or flood control; already logged."""


class _Superseded(Exception):
    """While a request waited, a newer version of its kept message was shown or claimed:
    this one must not be shown over it."""


@dataclass
class _Held:
    """The claim under which this worker shows a kept message (shared store only)."""

    place: Place
    version: int
    since: float  # when it was taken or last renewed (the outbox's clock)
    over: bool = False  # what it shows is recorded: the claim has ended


_HELD: ContextVar[_Held | None] = ContextVar("telegram_outbox_held", default=None)
"""The claim of the show this task is making, if any: `Outbox._call` renews it."""


class Outbox:
    """Executes `Post`/`Drop` for Telegram. `post()` never blocks; `flush()` waits."""

    _KINDS_KEPT = 50_000  # remembered message kinds; beyond this the oldest are forgotten

    def __init__(
        self,
        bot: Bot,
        store: Store,
        service: PlatformTrouble,
        translator: Translator,
        *,
        limits: OutboxLimits | None = None,
        default_language: str = "en",
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        quiet_for: float | None = None,
        shared: bool | None = None,
    ) -> None:
        """`quiet_for`: how long the bot was down before this process (`Limiter`).
        `shared`: other workers share the store, so the budgets and the kept messages'
        edits are agreed on there (by default: when the store is PostgreSQL)."""
        self.bot = bot
        self.store = store
        self.service = service
        self.translator = translator
        self.limits = limits or OutboxLimits()
        self.default_language = default_language
        self.counters = Counters()
        metrics.watch_outbox(PLATFORM, self)  # its queue and counters on /metrics
        self._clock = clock
        self._sleep = sleep
        self._shared = store.dialect == "postgresql" if shared is None else shared
        self._limiter: Pacer = (
            SharedLimiter(self.limits, store, clock=clock, sleep=sleep) if self._shared else
            Limiter(self.limits, clock=clock, sleep=sleep, quiet_for=quiet_for))
        self._lanes: dict[str, _Lane] = {}
        self._idle = asyncio.Event()
        self._idle.set()
        self._closed = False
        self._seq = itertools.count()
        self._kinds: dict[tuple[str, str], _Kind] = {}
        self._no_photos: dict[str, float] = {}  # chat -> when it refused a photo
        self._routes: dict[str, str] = {}  # migrated chat -> its new id
        self._migrations: dict[str, asyncio.Task[None]] = {}
        self.health = Loop("telegram outbox", clock=time.time)
        """The workers' state while the database or Telegram is away, and their back-off."""
        self.redeliver_for = REDELIVER_FOR
        self._failing: dict[_Key, float] = {}  # kept message -> when Telegram first failed it

    # --- queueing -------------------------------------------------------------------

    def post(self, items: Iterable[Post | Drop] | Post | Drop) -> None:
        """Queue instructions; for each message only the newest pending one will be sent."""
        if isinstance(items, Post | Drop):
            items = (items,)
        for item in items:
            if not isinstance(item, Post | Drop):
                raise TypeError(f"expected Post or Drop, got {type(item).__name__}")
            self._enqueue(item, _key_of(item))

    def say(self, chat_id: str | int, screen: Screen, *, thread_id: str | int | None = None,
            language: str | None = None, replace: str | int | None = None) -> None:
        """Queue a one-off message to a chat (answers to commands). Never coalesced.
        `replace` edits that message of ours instead (a menu, after a press on it); if it
        cannot be edited any more, the screen is sent anew."""
        thread = None if thread_id is None else str(thread_id)
        self._enqueue(_Say(str(chat_id), thread, screen, language,
                           None if replace is None else str(replace)), next(self._seq))

    @property
    def pending(self) -> int:
        """Instructions queued and not yet started."""
        return sum(len(lane.pending) for lane in self._lanes.values())

    async def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued has been delivered (or given up); False on timeout."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Stop every worker; what is still queued is dropped. Flush first to deliver it."""
        self._closed = True
        self.health.close()
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        left = self.pending
        if left:
            log.warning("outbox closed with %d undelivered instructions", left)
        self._lanes.clear()
        self._idle.set()

    def _enqueue(self, item: _Item, key: _Key, *, keep_newer: bool = False) -> None:
        if self._closed:
            log.warning("outbox is closed; dropped %s", _describe(item))
            return
        item = self._rerouted(item)
        chat = _chat_of(item)
        lane = self._lanes.get(chat)
        if lane is None:
            lane = self._lanes[chat] = _Lane(chat)
        old = lane.pending.get(key)
        if old is not None and (keep_newer or _older(item, old)):
            return
        if old is not None:
            self.counters.coalesced[_role(old)] += 1
            # A replaced fresh post still owes its notification.
            if isinstance(old, Post) and old.fresh and isinstance(item, Post) and not item.fresh:
                item = dataclasses.replace(item, fresh=True)
            # A replaced board never reached the chat: the newer one tells its moves too.
            if isinstance(old, Post) and isinstance(item, Post):
                item = dataclasses.replace(item, screen=board_following(
                    self.translator, old.screen, item.screen))
        lane.pending[key] = item
        self._idle.clear()
        if lane.task is None:
            lane.task = asyncio.create_task(self._drain(lane), name=f"telegram outbox {chat}")

    def _rerouted(self, item: _Item) -> _Item:
        chat = self._route(_chat_of(item))
        if chat == _chat_of(item):
            return item
        if isinstance(item, _Say):
            return dataclasses.replace(item, chat_id=chat)
        return dataclasses.replace(item, place=dataclasses.replace(item.place, chat_id=chat))

    def _route(self, chat_id: str) -> str:
        seen = set()
        while chat_id in self._routes and chat_id not in seen:
            seen.add(chat_id)
            chat_id = self._routes[chat_id]
        return chat_id

    # --- the worker -----------------------------------------------------------------

    async def _drain(self, lane: _Lane) -> None:
        try:
            while lane.pending:
                key = next(iter(lane.pending))
                try:
                    await self._next(lane, key)
                except Exception as error:  # noqa: BLE001 - a stuck queue would be worse
                    if database_unavailable(error) and not self._closed:
                        await self._store_away(error)  # (the shared budgets are stored)
                        continue
                    item = lane.pending.pop(key, None)
                    log.warning("outbox worker for chat %s hit %s; %s dropped", lane.chat_id,
                                type(error).__name__, _describe(item) if item else "nothing")
        finally:
            lane.task = None
            if not lane.pending and self._lanes.get(lane.chat_id) is lane:
                del self._lanes[lane.chat_id]
            if not self._lanes:
                self._idle.set()

    async def _next(self, lane: _Lane, key: _Key) -> None:
        """Deliver the newest instruction for `key`, once a request may go."""
        peeked = lane.pending[key]
        ref: MessageRef | None = None
        if isinstance(peeked, Post):
            try:
                ref = await self._ref(peeked.place)
            except Exception as error:  # noqa: BLE001 - e.g. the store closed at shutdown
                if database_unavailable(error) and not self._closed:
                    await self._store_away(error)  # kept: tried again once it answers
                    return
                self._failed(peeked, "store", error)
                _discard(lane, key, peeked)
                return
            if _unchanged(peeked, ref):
                if _discard(lane, key, peeked):
                    self.counters.skipped[_role(peeked)] += 1
                return
        if not isinstance(peeked, Drop):
            await self._waited(lane.chat_id, await self._limiter.ready(lane.chat_id),
                               pacing=True)
        item = lane.pending.pop(key, None)  # the newest by now
        if item is None:
            return  # moved elsewhere meanwhile (the chat migrated)
        if await self._execute(item, ref if item is peeked else None):
            self.health.ok()
            if not isinstance(item, _Say):
                self._failing.pop(_key_of(item), None)

    async def _store_away(self, error: BaseException) -> None:
        """The database is out of reach: wait before the chat's work is tried again (on the
        event loop's own clock: an outage is sat out, never skipped)."""
        await asyncio.sleep(self.health.failed(error))

    async def _execute(self, item: _Item, ref: MessageRef | None = None) -> bool:
        """Deliver one instruction; False if the database was away (it is queued again,
        unless a newer one for its message came meanwhile)."""
        try:
            if isinstance(item, Post):
                await self._show(item, ref)
            elif isinstance(item, Drop):
                await self._drop(item)
            else:
                await self._say(item)
        except asyncio.CancelledError:
            raise
        except TelegramMigrateToChat as error:
            old = _chat_of(item)
            new = str(error.migrate_to_chat_id)
            log.info("chat %s moved to %s; following it (%s)", old, new, _describe(item))
            await self.chat_migrated(old, new)
            if self._route(old) != old:  # never retry in the chat that refused
                # A newer instruction for the same message, queued meanwhile, wins.
                key = next(self._seq) if isinstance(item, _Say) else _key_of(item)
                self._enqueue(item, key, keep_newer=True)
        except TelegramForbiddenError as error:
            self._failed(item, "forbidden", error)
            if isinstance(item, Post) and item.place.role is Role.PANEL:
                await self._panel_unreachable(item.place)
        except _GaveUp as gave_up:
            self.counters.failures[_role(item)] += 1
            if isinstance(item, Post) and await self._redelivering(item, gave_up):
                return False
        except TelegramAPIError as error:
            self._failed(item, "refused", error)
        except Exception as error:  # one message must not stop the chat's worker
            if database_unavailable(error) and not self._closed:
                await self._store_away(error)
                key = next(self._seq) if isinstance(item, _Say) else _key_of(item)
                self._enqueue(item, key, keep_newer=True)
                return False
            self._failed(item, "crashed", error)
            # Only at DEBUG: an exception's text might quote what the message shows.
            log.debug("outbox crash detail", exc_info=True)
        return True

    async def _redelivering(self, post: Post, gave_up: _GaveUp) -> bool:
        """Telegram kept failing a kept message: queue it again after the back-off (a newer
        version queued meanwhile wins), unless it has failed for `redeliver_for` seconds."""
        key = _key_of(post)
        first = self._failing.setdefault(key, self._clock())
        if self._closed or self._clock() - first >= self.redeliver_for:
            self._failing.pop(key, None)
            return False
        await self._sleep(self.health.failed(gave_up.__cause__ or gave_up))
        self._enqueue(post, key, keep_newer=True)
        return True

    async def _panel_unreachable(self, place: Place) -> None:
        try:
            result = await self.service.panel_unreachable(place)
        except Exception as error:  # noqa: BLE001 - the worker goes on regardless
            log.warning("panel_unreachable failed for table %s seat %s: %s",
                        place.table_id, place.seat, type(error).__name__)
            return
        self.post(result.posts)

    # --- kept messages ----------------------------------------------------------------

    async def _show(self, post: Post, ref: MessageRef | None) -> None:
        if ref is None:
            ref = await self._ref(post.place)
        version = post.version
        if version is not None and ref is not None and ref.version is not None \
                and ref.version > version:
            self.counters.skipped[str(post.place.role)] += 1  # a newer one is shown
            return
        if not self._shared or version is None:  # this lane is the only one showing it
            await self._show_at(post, ref)
            return
        # claimed even where no message is kept yet: two workers never both send one
        claim = await self._claim(post.place, version)
        if claim is not Claim.CLAIMED:  # a newer one is shown, or the table is gone
            self.counters.skipped[str(post.place.role)] += 1
            return
        recorded = False
        held = _HELD.set(_Held(post.place, version, self._clock()))
        try:
            recorded = await self._show_at(post, await self._ref(post.place))  # as it is now
        except _Superseded:
            self.counters.skipped[str(post.place.role)] += 1
        finally:
            _HELD.reset(held)
            if not recorded:
                await self.store.release_message(post.place.table_id, post.place.role,
                                                 post.place.seat, version)

    async def _claim(self, place: Place, version: int, *, renew: bool = False) -> Claim:
        """Claim the kept message for an edit to `version`, waiting while another worker's
        edit of an older (or the same) version is under way. `renew`: the claim is ours
        already; hold it longer (or take it back if its lease ran out and nobody newer came)."""
        while True:
            if renew:
                claim = await self.store.renew_message(place.table_id, place.role,
                                                       place.seat, version)
            else:
                claim = await self.store.claim_message(place.table_id, place.role,
                                                       place.seat, version)
            if claim is not Claim.BUSY:
                return claim
            await self._sleep(self.limits.shared_poll)

    async def _hold_on(self) -> None:
        """Before a request for a claimed show: renew the claim if it was taken a while ago
        (flood control's waits may outlast its lease); `_Superseded` if a newer version was
        shown or claimed meanwhile."""
        held = _HELD.get()
        if held is None or held.over or self._clock() - held.since < RENEW_CLAIM_AFTER:
            return
        if await self._claim(held.place, held.version, renew=True) is not Claim.CLAIMED:
            held.over = True  # nothing of ours to release: the claim went elsewhere
            raise _Superseded
        held.since = self._clock()

    async def _show_at(self, post: Post, ref: MessageRef | None) -> bool:
        """Show `post` where `ref` says its message is; True once what it shows is recorded
        (which ends a claim of its version), False if nothing was."""
        place, screen = post.place, post.screen
        fingerprint = screen.fingerprint()
        if ref is not None and self._stale(ref):
            ref = None  # its id belongs to the chat before migration
        if ref is None or ref.content_hash != fingerprint:
            await self._tell_earlier_moves(place, screen)
        if ref is None:
            return await self._send_kept(post, fingerprint)
        if ref.chat_id != place.chat_id or post.fresh:
            kept = await self._send_kept(post, fingerprint, meant=ref)
            if kept:
                await self._delete_quietly(place, ref)
            return kept
        if ref.content_hash == fingerprint:
            self.counters.skipped[str(place.role)] += 1
            return False
        outcome = await self._edit(place, ref, screen)
        if outcome is _Edit.DONE:
            _recorded_now()
            return await self.store.set_message_hash(place.table_id, place.role, place.seat,
                                                     fingerprint, post.version)
        kept = await self._send_kept(post, fingerprint, meant=ref)
        if kept and outcome is _Edit.REPLACE:
            await self._delete_quietly(place, ref)
        return kept

    async def _tell_earlier_moves(self, place: Place, screen: Screen) -> None:
        """The moves a board's caption has no room for, told first in messages of their own
        (a failure is logged: the board itself still goes)."""
        for text in earlier_moves(self.translator, screen, TEXT_LIMIT - 96):
            try:
                await self._send(place.chat_id, place.thread_id, Screen(text), "moves",
                                 table_id=place.table_id)
            except (_GaveUp, TelegramBadRequest, TelegramForbiddenError) as error:
                log.warning("table %s: earlier moves not sent (%s)", place.table_id,
                            type(error).__name__)
                return

    async def _send_kept(self, post: Post, fingerprint: str, *,
                         meant: MessageRef | None = None) -> bool:
        """Send `post` as the message kept at its place, in place of `meant` (the caller's
        to delete); False if meanwhile another worker kept a newer version there (ours,
        surplus, is deleted again). Another message it replaced there is surplus too (sent
        by a worker whose claim died with it): deleted, so no old buttons stay live."""
        place = post.place
        message = await self._send(place.chat_id, place.thread_id, post.screen,
                                   str(place.role), table_id=place.table_id)
        kept, replaced = await self._recorded(lambda: self.store.keep_message(
            place.table_id, place.role, place.seat, place.chat_id, message.message_id,
            content_hash=fingerprint, version=post.version))
        _recorded_now()
        if replaced is not None and (meant is None or (replaced.chat_id, replaced.message_id)
                                     != (meant.chat_id, meant.message_id)):
            self.counters.surplus[str(place.role)] += 1
            await self._delete_quietly(place, replaced)
        if kept is None:
            await self._delete_quietly(place, MessageRef(
                place.table_id, str(place.role), place.seat, place.chat_id,
                str(message.message_id), fingerprint, 0.0))
            return False
        return True

    async def _edit(self, place: Place, ref: MessageRef, screen: Screen) -> _Edit:
        chat, message_id = ref.chat_id, int(ref.message_id)
        known = self._kinds.get((chat, ref.message_id))
        photo = screen.image is not None and self._photos_allowed(chat)
        if known is not None and known.photo != photo:
            return _Edit.REPLACE
        role = str(place.role)
        image = screen.image_fingerprint()
        try:
            if photo:
                shown = render(screen)
                if known is not None and known.image == image:
                    await self._call(chat, "editMessageCaption", place, lambda: self.bot.
                                     edit_message_caption(
                                         chat_id=int(chat), message_id=message_id,
                                         caption=shown.html, parse_mode="HTML",
                                         reply_markup=shown.markup))
                else:
                    await self._call(chat, "editMessageMedia", place, lambda: self.bot.
                                     edit_message_media(
                                         chat_id=int(chat), message_id=message_id,
                                         media=_photo_media(shown), reply_markup=shown.markup))
            else:
                shown = await self._text_version(screen, place.table_id, chat)
                await self._call(chat, "editMessageText", place, lambda: self.bot.
                                 edit_message_text(
                                     chat_id=int(chat), message_id=message_id, text=shown.html,
                                     parse_mode="HTML", reply_markup=shown.markup,
                                     link_preview_options=NO_PREVIEW))
        except TelegramBadRequest as error:
            outcome = self._edit_refused(chat, error)
            if outcome is None:
                raise
            if outcome is _Edit.DONE:
                self._remember(chat, ref.message_id, _Kind(photo, image if photo else None))
            else:
                self._kinds.pop((chat, ref.message_id), None)
            return outcome
        self.counters.edits[role] += 1
        self._remember(chat, ref.message_id, _Kind(photo, image if photo else None))
        return _Edit.DONE

    def _edit_refused(self, chat: str, error: TelegramBadRequest) -> _Edit | None:
        text = error.message.lower()
        if "message is not modified" in text:
            return _Edit.DONE
        if "message to edit not found" in text or "message_id_invalid" in text:
            return _Edit.GONE
        if _photo_forbidden(error):
            self._no_photos[chat] = self._clock()
            return _Edit.REPLACE
        if any(s in text for s in ("there is no text in the message",
                                   "there is no caption in the message",
                                   "there is no media in the message",
                                   "message can't be edited")):
            return _Edit.REPLACE
        return None

    async def _drop(self, drop: Drop) -> None:
        place = drop.place
        ref = await self._ref(place)
        if ref is None:
            return
        if not self._stale(ref):
            await self._delete_quietly(place, ref)
        await self.store.delete_message(place.table_id, place.role, place.seat)

    async def _delete_quietly(self, place: Place, ref: MessageRef) -> None:
        """Delete a message we no longer keep; if it is already gone, so much the better."""
        self._kinds.pop((ref.chat_id, ref.message_id), None)
        try:
            await self._call(ref.chat_id, "deleteMessage", place, lambda: self.bot.
                             delete_message(int(ref.chat_id), int(ref.message_id)),
                             counted=False)
        except (TelegramAPIError, _GaveUp) as error:
            log.debug("could not delete table %s %s message: %s", place.table_id, place.role,
                      _error_text(error))
            return
        self.counters.deletes[str(place.role)] += 1

    # --- one-off messages ---------------------------------------------------------------

    async def _say(self, say: _Say) -> None:
        if say.replace is not None and await self._replace(say, say.replace):
            return
        await self._send(say.chat_id, say.thread_id, say.screen, "message",
                         language=say.language)

    async def _replace(self, say: _Say, message_id: str) -> bool:
        """Edit a one-off message in place (a menu's text; a replay step's picture and
        caption); False when it is gone or cannot become this (then it is sent anew)."""
        chat = say.chat_id
        what = _What("message", None)
        photo = say.screen.image is not None and self._photos_allowed(chat)
        image = say.screen.image_fingerprint()
        known = self._kinds.get((chat, message_id))
        try:
            if photo:
                shown = render(say.screen)
                if known is not None and known.photo and known.image == image:
                    await self._call(chat, "editMessageCaption", what, lambda: self.bot.
                                     edit_message_caption(
                                         chat_id=int(chat), message_id=int(message_id),
                                         caption=shown.html, parse_mode="HTML",
                                         reply_markup=shown.markup))
                else:
                    await self._call(chat, "editMessageMedia", what, lambda: self.bot.
                                     edit_message_media(
                                         chat_id=int(chat), message_id=int(message_id),
                                         media=_photo_media(shown), reply_markup=shown.markup))
            else:
                shown = await self._text_version(say.screen, None, chat, language=say.language)
                await self._call(chat, "editMessageText", what, lambda: self.bot.
                                 edit_message_text(
                                     chat_id=int(chat), message_id=int(message_id),
                                     text=shown.html, parse_mode="HTML",
                                     reply_markup=shown.markup, link_preview_options=NO_PREVIEW))
        except TelegramBadRequest as error:
            outcome = self._edit_refused(chat, error)
            if outcome is None:
                raise
            return outcome is _Edit.DONE
        self.counters.edits["message"] += 1
        self._remember(chat, message_id, _Kind(photo, image if photo else None))
        return True

    # --- sending ----------------------------------------------------------------------

    async def _send(self, chat: str, thread_id: str | None, screen: Screen, role: str, *,
                    table_id: int | None = None, language: str | None = None) -> Message:
        """Send `screen` as a new message: a photo if it has one and the chat allows it,
        else text (saying which right is missing when a picture had to be left out)."""
        what = _What(role, table_id)
        thread = int(thread_id) if thread_id is not None else None
        if screen.file is not None:  # a document, its text as the caption
            shown = render(dataclasses.replace(screen, image=None, file=None))
            document = BufferedInputFile(screen.file.data, screen.file.name)
            message = await self._call(chat, "sendDocument", what, lambda: self.bot.
                                       send_document(int(chat), document,
                                                     caption=to_html(screen.text, CAPTION_LIMIT),
                                                     parse_mode="HTML",
                                                     reply_markup=shown.markup,
                                                     message_thread_id=thread))
            self.counters.sends[role] += 1
            return message
        if screen.image is not None and self._photos_allowed(chat):
            shown = render(screen)
            assert shown.photo is not None
            photo = BufferedInputFile(shown.photo, picture_name(shown.photo))
            animated = is_animation(shown.photo)
            send = self.bot.send_animation if animated else self.bot.send_photo
            method = "sendAnimation" if animated else "sendPhoto"
            try:
                message = await self._call(chat, method, what, lambda: send(
                    int(chat), photo, caption=shown.html,
                    parse_mode="HTML", reply_markup=shown.markup, message_thread_id=thread))
            except TelegramBadRequest as error:
                if not _photo_forbidden(error):
                    raise
                log.warning("chat %s does not let the bot send photos; sending text", chat)
                self._no_photos[chat] = self._clock()
            else:
                self.counters.sends[role] += 1
                self._remember(chat, str(message.message_id),
                               _Kind(True, screen.image_fingerprint()))
                return message
        shown = await self._text_version(screen, table_id, chat, language=language)
        message = await self._call(chat, "sendMessage", what, lambda: self.bot.send_message(
            int(chat), shown.html, parse_mode="HTML", reply_markup=shown.markup,
            message_thread_id=thread, link_preview_options=NO_PREVIEW))
        self.counters.sends[role] += 1
        self._remember(chat, str(message.message_id), _Kind(False, None))
        return message

    async def _text_version(self, screen: Screen, table_id: int | None, chat: str, *,
                            language: str | None = None) -> Shown:
        note = None
        if screen.image is not None:  # the picture is left out: say why
            lang = language or await self._language(table_id)
            note = self.translator.t(lang, "tg-missing-photo-right")
        return render(screen, note=note, as_text=True)

    async def _call(self, chat: str, method: str, what: Place | _What,
                    request: Callable[[], Awaitable[T]], *, counted: bool = True) -> T:
        """One request under the rate limits; flood control and network trouble retried."""
        floods = failures = 0
        while True:
            waited, slot = await self._limiter.acquire(chat, counted=counted)
            try:
                try:
                    await self._waited(chat, waited, pacing=True)
                    await self._hold_on()
                    return await request()
                finally:
                    # dated by its answer: Telegram counted it by then
                    await self._limiter.done(slot)
            except TelegramRetryAfter as error:
                floods += 1
                if floods > self.limits.max_flood_retries:
                    _log_failure(what, method, error, "giving up after flood control")
                    raise _GaveUp from error
                log.warning("flood control on %s in chat %s (%s): waiting %ss", method, chat,
                            _where(what), error.retry_after)
                delay = error.retry_after * self.limits.retry_scale
                metrics.flood_wait(PLATFORM, delay)
                await self._sleep(delay)
                await self._waited(chat, delay)
            except (TelegramNetworkError, TelegramServerError) as error:
                if failures >= len(self.limits.network_backoff):
                    _log_failure(what, method, error, "giving up")
                    raise _GaveUp from error
                delay = self.limits.network_backoff[failures]
                failures += 1
                _log_failure(what, method, error, f"retrying in {delay}s")
                await self._sleep(delay)

    async def _waited(self, chat: str, seconds: float, *, pacing: bool = False) -> None:
        """Tell the service that `chat`'s updates waited `seconds` (flood control, or with
        `pacing` our own limits), so it gives that time back to the clocks of the chat's
        tables. Only groups hold tables, and only pacing long enough to notice counts."""
        if seconds <= 0 or not is_group(chat):
            return
        least = self.limits.report_pacing_from
        if pacing and (least is None or seconds < least):
            return
        try:
            await self.service.flood_waited(PLATFORM, chat, seconds)
        except Exception as error:  # noqa: BLE001 - delivery matters more than the refund
            log.warning("the service could not take a %gs wait in chat %s back: %s", seconds,
                        chat, type(error).__name__)

    # --- migration ------------------------------------------------------------------------

    async def chat_migrated(self, old_chat_id: str | int, new_chat_id: str | int) -> None:
        """A group became a supergroup: tell the service once, and move pending work there."""
        old, new = str(old_chat_id), str(new_chat_id)
        task = self._migrations.get(old)
        if task is None:
            self._routes[old] = new
            task = self._migrations[old] = asyncio.ensure_future(self._migrate(old, new))
        await asyncio.shield(task)

    async def _migrate(self, old: str, new: str) -> None:
        try:
            await self.service.chat_migrated(PLATFORM, old, new)
        except Exception as error:  # noqa: BLE001 - pending work still follows the chat
            log.warning("the service could not follow chat %s to %s: %s", old, new,
                        type(error).__name__)
        lane = self._lanes.get(old)
        if lane is not None:
            moved = list(lane.pending.items())
            lane.pending.clear()
            for key, item in moved:
                self._enqueue(item, key)

    def _stale(self, ref: MessageRef) -> bool:
        # Refs moved by a migration lose their hash; their ids were the old group's.
        return ref.content_hash is None and ref.chat_id in self._routes.values()

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
        if table_id is not None:
            try:
                table = await self.store.get_table(table_id)
            except StoreError:
                table = None
            if table is not None:
                return table.language
        return self.default_language

    def _photos_allowed(self, chat: str) -> bool:
        refused = self._no_photos.get(chat)
        if refused is None:
            return True
        if self._clock() - refused >= self.limits.photo_retry_after:
            del self._no_photos[chat]
            return True
        return False

    def _remember(self, chat: str, message_id: str, kind: _Kind) -> None:
        self._kinds.pop((chat, message_id), None)
        self._kinds[(chat, message_id)] = kind
        if len(self._kinds) > self._KINDS_KEPT:
            del self._kinds[next(iter(self._kinds))]

    def _failed(self, item: _Item, why: str, error: BaseException) -> None:
        self.counters.failures[_role(item)] += 1
        log.warning("%s %s: %s", _describe(item), why, _error_text(error))


@dataclass(frozen=True)
class _What:
    """What a request is for, in logs: a role and a table, never any content."""

    role: str
    table_id: int | None


def _recorded_now() -> None:
    """What the claimed show put on screen is recorded (or being recorded): its claim ends
    with that, so the requests after it (deleting what it replaced) renew nothing."""
    held = _HELD.get()
    if held is not None:
        held.over = True


def _chat_of(item: _Item) -> str:
    return item.chat_id if isinstance(item, _Say) else item.place.chat_id


def _role(item: _Item) -> str:
    return "message" if isinstance(item, _Say) else str(item.place.role)


def _key_of(item: Post | Drop) -> _Key:
    return (item.place.table_id, str(item.place.role), item.place.seat)


def _older(item: _Item, than: _Item) -> bool:
    """`item` shows an older table version than `than`, pending for the same message."""
    return (isinstance(item, Post) and isinstance(than, Post) and item.version is not None
            and than.version is not None and item.version < than.version)


def _unchanged(post: Post, ref: MessageRef | None) -> bool:
    return (
        ref is not None
        and not post.fresh
        and ref.chat_id == post.place.chat_id
        and ref.content_hash == post.screen.fingerprint()
    )


def _discard(lane: _Lane, key: _Key, item: _Item) -> bool:
    """Remove `item` unless a newer instruction has replaced it meanwhile."""
    if lane.pending.get(key) is item:
        del lane.pending[key]
        return True
    return False


def _photo_forbidden(error: TelegramBadRequest) -> bool:
    text = error.message.lower()
    return "not enough rights to send photos" in text or "chat_send_photos_forbidden" in text


def _photo_media(shown: Shown) -> InputMediaPhoto:
    assert shown.photo is not None
    return InputMediaPhoto(media=BufferedInputFile(shown.photo, picture_name(shown.photo)),
                           caption=shown.html, parse_mode="HTML")


def _where(what: Place | _What) -> str:
    if isinstance(what, Place):
        seat = "" if what.seat is None else f" seat {what.seat}"
        return f"table {what.table_id} {what.role}{seat}"
    table = "" if what.table_id is None else f"table {what.table_id} "
    return f"{table}{what.role}"


def _describe(item: _Item) -> str:
    if isinstance(item, _Say):
        return f"message to chat {item.chat_id}"
    kind = "drop" if isinstance(item, Drop) else "post"
    return f"{_where(item.place)} {kind} in chat {item.place.chat_id}"


def _error_text(error: BaseException) -> str:
    # aiogram's API errors carry only Telegram's description, never the request's content.
    if isinstance(error, TelegramAPIError):
        return f"{type(error).__name__}: {error.message.splitlines()[0]}"
    return type(error).__name__


def _log_failure(what: Place | _What, method: str, error: BaseException, outcome: str) -> None:
    log.warning("%s %s failed (%s); %s", _where(what), method, _error_text(error), outcome)

