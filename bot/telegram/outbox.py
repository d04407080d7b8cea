"""The Telegram outbox: shows the service's `Post`s and `Drop`s, one worker per chat.

The kept messages' core (bot/kept_messages.py) keeps the lanes, coalescing, version order,
fingerprints, claims and outages; this is Telegram's half. An edit is `editMessageCaption`
when the picture is the same, `editMessageMedia` when it changed, `editMessageText` for text
messages. The newest instruction of a chat's lane is taken only once the rate limits let a
request go, so an edit a newer one replaces meanwhile is never sent. Chats proceed in
parallel under the shared `Limiter`, which keeps every request inside Telegram's budgets, so
flood control is met only when something else spends them; with several workers sharing
PostgreSQL the budgets are agreed on there (`SharedLimiter`), and so are the kept messages'
edits (claims, renewed before a request that waited: see the core).

Telegram's errors are ordinary events here: flood control waits and retries (and a group's
wait is reported to the service, which gives it back to the players' clocks), "not
modified" counts as done, a vanished message is sent anew, a migrated group is followed, a
panel that cannot be delivered is reported to the service, a chat without the right to send
photos gets text. Nothing raises out of a worker, and logs name only the table, role, seat,
method and error, never what a message shows. Telegram failing for longer than a request's
retries (5xx, timeouts, flood control that does not end) is sat out by the core.

One-off messages (`say`: a command's answer) share the chat's lane but are never kept or
coalesced; one said `ahead` (a press's late refusal) takes a lane of its own beside the
chat's, so it never waits behind kept messages that are sitting out a database outage.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

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
from aiogram.types import (
    BufferedInputFile,
    InputMediaPhoto,
    LinkPreviewOptions,
    MenuButtonDefault,
    MenuButtonWebApp,
    Message,
)

from bot.i18n import Translator
from bot.kept_messages import (
    Edit,
    GaveUp,
    KeptMessages,
    Lane,
    MessageBook,
    MessageRef,
    Refusals,
    database_unavailable,
    where,
)
from bot.ops import metrics
from bot.port import PlatformTrouble
from bot.recent import Recent
from bot.screens import Drop, Place, Post, Role, Screen, Text, is_animation, picture_name

from .limits import Budgets, Limiter, OutboxLimits, Pacer, SharedLimiter, is_group
from .render import CAPTION_LIMIT, TEXT_LIMIT, Shown, render, to_html

log = logging.getLogger(__name__)

T = TypeVar("T")

PLATFORM = "telegram"
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


class OutboxStore(MessageBook, Budgets, Protocol):
    """The store as the outbox sees it: kept messages and their claims, and (with several
    workers) Telegram's budgets shared among them."""


@dataclass(frozen=True)
class _Say:
    """A one-off message (a command's answer): sent once, never kept or coalesced."""

    chat_id: str
    thread_id: str | None
    screen: Screen
    language: str | None
    replace: str | None = None  # a message of ours to edit instead (a menu that was pressed)
    ahead: bool = False  # in a lane of its own, not behind the chat's kept messages


_AHEAD = " ahead"
"""The suffix of a chat's lane for one-off messages said `ahead`."""

_Item = Post | Drop | _Say


@dataclass(frozen=True)
class _Kind:
    """What a message we sent is, so an edit can pick the right method."""

    photo: bool
    image: str | None  # fingerprint of the picture it shows


class Outbox(KeptMessages):
    """Executes `Post`/`Drop` for Telegram. `post()` never blocks; `flush()` waits."""

    MOVES_ROOM = TEXT_LIMIT - 96
    _KINDS_KEPT = 50_000  # remembered message kinds; beyond this the oldest are forgotten

    def __init__(
        self,
        bot: Bot,
        store: OutboxStore,
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
        shared = store.dialect == "postgresql" if shared is None else shared
        super().__init__(store, translator, platform=PLATFORM,
                         default_language=default_language, clock=clock, sleep=sleep,
                         shared=shared)
        self.bot = bot
        self.service = service
        self.limits = limits or OutboxLimits()
        self.shared_poll = self.limits.shared_poll
        self._limiter: Pacer = (
            SharedLimiter(self.limits, store, clock=clock, sleep=sleep) if shared else
            Limiter(self.limits, clock=clock, sleep=sleep, quiet_for=quiet_for))
        self._seq = itertools.count()
        self._kinds: Recent[tuple[str, str], _Kind] = Recent(self._KINDS_KEPT)
        self._no_photos = Refusals(self.limits.photo_retry_after, clock)
        self._routes: dict[str, str] = {}  # migrated chat -> its new id
        self._migrations: dict[str, asyncio.Task[None]] = {}

    # --- queueing -------------------------------------------------------------------

    def say(self, chat_id: str | int, screen: Screen, *, thread_id: str | int | None = None,
            language: str | None = None, replace: str | int | None = None,
            ahead: bool = False) -> None:
        """Queue a one-off message to a chat (answers to commands). Never coalesced.
        `replace` edits that message of ours instead (a menu, after a press on it); if it
        cannot be edited any more, the screen is sent anew. `ahead`: sent without waiting
        for what is queued to the chat before it (kept messages may be sitting out a
        database outage; this needs no database), in order with other such messages."""
        thread = None if thread_id is None else str(thread_id)
        self._enqueue(_Say(str(chat_id), thread, screen, language,
                           None if replace is None else str(replace), ahead), next(self._seq))

    def _admitted(self, item: Any) -> Any:
        """Work for a migrated chat goes to its new id."""
        chat = self._route(_chat_of(item))
        if chat == _chat_of(item):
            return item
        if isinstance(item, _Say):
            return dataclasses.replace(item, chat_id=chat)
        return dataclasses.replace(item, place=dataclasses.replace(item.place, chat_id=chat))

    def _lane_name(self, item: Any) -> str:
        chat = _chat_of(item)
        return chat + _AHEAD if isinstance(item, _Say) and item.ahead else chat

    def _route(self, chat_id: str) -> str:
        seen = set()
        while chat_id in self._routes and chat_id not in seen:
            seen.add(chat_id)
            chat_id = self._routes[chat_id]
        return chat_id

    # --- the worker -----------------------------------------------------------------

    async def _take(self, lane: Lane, key: Hashable) -> tuple[Any, MessageRef | None] | None:
        """The newest instruction for `key` once a request may go; a post whose message
        shows it already is dropped without waiting."""
        peeked = lane.pending[key]
        ref: MessageRef | None = None
        if isinstance(peeked, Post):
            try:
                ref = await self._ref(peeked.place)
            except Exception as error:  # noqa: BLE001 - e.g. the store closed at shutdown
                if database_unavailable(error) and not self._closed:
                    await self._store_away(error)  # kept: tried again once it answers
                    return None
                self._failed(peeked, "store", error)
                _discard(lane, key, peeked)
                return None
            if _unchanged(peeked, ref):
                if _discard(lane, key, peeked):
                    self.counters.skipped[self._role(peeked)] += 1
                return None
        if not isinstance(peeked, Drop):
            chat = _chat_of(peeked)  # the lane's chat (a lane `ahead` is named apart)
            await self._waited(chat, await self._limiter.ready(chat), pacing=True)
        item = lane.pending.pop(key, None)  # the newest by now
        if item is None:
            return None  # moved elsewhere meanwhile (the chat migrated)
        return item, ref if item is peeked else None

    async def _execute(self, item: Any, ref: MessageRef | None) -> None:
        if isinstance(item, _Say):
            await self._say(item)
        else:
            await super()._execute(item, ref)
        private = _private_language(item)
        if private is not None:
            await self._spoke_privately(*private)

    async def _spoke_privately(self, chat: str, language: str) -> None:
        """A kept message in `language` went to a person's private chat (for subclasses)."""

    async def set_menu_button(self, chat: str,
                              button: MenuButtonWebApp | MenuButtonDefault) -> None:
        """Set a private chat's menu button (paced like a message, not counted as one). A
        refusal or any outage is logged and left, the bot's own button staying: it comes
        after a message was delivered, which must not be delivered again for it."""
        try:
            await self._call(chat, "setChatMenuButton", _What("menu", None), lambda: self.bot.
                             set_chat_menu_button(chat_id=int(chat), menu_button=button),
                             counted=False)
        except Exception as error:  # noqa: BLE001 - see above
            log.info("chat %s keeps the bot's menu button: %s", chat, _error_text(error))

    async def _refused(self, item: Any, error: Exception) -> bool:
        if isinstance(error, TelegramMigrateToChat):
            old = _chat_of(item)
            new = str(error.migrate_to_chat_id)
            log.info("chat %s moved to %s; following it (%s)", old, new, self._describe(item))
            await self.chat_migrated(old, new)
            if self._route(old) != old:  # never retry in the chat that refused
                # A newer instruction for the same message, queued meanwhile, wins.
                key = next(self._seq) if isinstance(item, _Say) else _key_of(item)
                self._enqueue(item, key, keep_newer=True)
            return True
        if isinstance(error, TelegramForbiddenError):
            self._failed(item, "forbidden", error)
            if isinstance(item, Post) and item.place.role is Role.PANEL:
                await self._panel_unreachable(item.place)
            return True
        if isinstance(error, GaveUp):
            return True  # counted and logged already
        if isinstance(error, TelegramAPIError):
            self._failed(item, "refused", error)
            return True
        return False

    def _passing(self, item: Any, error: Exception) -> bool:
        if not isinstance(error, GaveUp):
            return False
        self.counters.failures[self._role(item)] += 1
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

    def _usable(self, ref: MessageRef | None) -> MessageRef | None:
        # Refs moved by a migration lose their hash; their ids were the old group's.
        if ref is not None and ref.content_hash is None and ref.chat_id in self._routes.values():
            return None
        return ref

    async def _send(self, place: Place, screen: Screen, *, strict: bool = False) -> str | None:
        message = await self._send_message(place.chat_id, place.thread_id, screen,
                                           str(place.role), table_id=place.table_id)
        return str(message.message_id)

    async def _send_moves(self, place: Place, text: Text) -> bool:
        try:
            await self._send_message(place.chat_id, place.thread_id, Screen(text), "moves",
                                     table_id=place.table_id)
        except (GaveUp, TelegramBadRequest, TelegramForbiddenError) as error:
            log.warning("table %s: earlier moves not sent (%s)", place.table_id,
                        type(error).__name__)
            return False
        return True

    async def _edit(self, place: Place, ref: MessageRef, screen: Screen) -> Edit:
        chat, message_id = ref.chat_id, int(ref.message_id)
        known = self._kinds.get((chat, ref.message_id))
        photo = screen.image is not None and self._no_photos.allowed(chat)
        if known is not None and known.photo != photo:
            return Edit.REPLACE
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
            if outcome is Edit.DONE:
                self._kinds.remember((chat, ref.message_id),
                                     _Kind(photo, image if photo else None))
            else:
                self._kinds.forget((chat, ref.message_id))
            return outcome
        self.counters.edits[role] += 1
        self._kinds.remember((chat, ref.message_id), _Kind(photo, image if photo else None))
        return Edit.DONE

    def _edit_refused(self, chat: str, error: TelegramBadRequest) -> Edit | None:
        text = error.message.lower()
        if "message is not modified" in text:
            return Edit.DONE
        if "message to edit not found" in text or "message_id_invalid" in text:
            return Edit.GONE
        if _photo_forbidden(error):
            self._no_photos.refused(chat)
            return Edit.REPLACE
        if any(s in text for s in ("there is no text in the message",
                                   "there is no caption in the message",
                                   "there is no media in the message",
                                   "message can't be edited")):
            return Edit.REPLACE
        return None

    async def _delete(self, place: Place, ref: MessageRef) -> bool:
        self._kinds.forget((ref.chat_id, ref.message_id))
        try:
            await self._call(ref.chat_id, "deleteMessage", place, lambda: self.bot.
                             delete_message(int(ref.chat_id), int(ref.message_id)),
                             counted=False)
        except (TelegramAPIError, GaveUp) as error:
            log.debug("could not delete table %s %s message: %s", place.table_id, place.role,
                      _error_text(error))
            return False
        return True

    # --- one-off messages ---------------------------------------------------------------

    async def _say(self, say: _Say) -> None:
        if say.replace is not None and await self._replace(say, say.replace):
            return
        await self._send_message(say.chat_id, say.thread_id, say.screen, "message",
                         language=say.language)

    async def _replace(self, say: _Say, message_id: str) -> bool:
        """Edit a one-off message in place (a menu's text; a replay step's picture and
        caption); False when it is gone or cannot become this (then it is sent anew)."""
        chat = say.chat_id
        what = _What("message", None)
        photo = say.screen.image is not None and self._no_photos.allowed(chat)
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
            return outcome is Edit.DONE
        self.counters.edits["message"] += 1
        self._kinds.remember((chat, message_id), _Kind(photo, image if photo else None))
        return True

    # --- sending ----------------------------------------------------------------------

    async def _send_message(self, chat: str, thread_id: str | None, screen: Screen, role: str, *,
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
        if screen.image is not None and self._no_photos.allowed(chat):
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
                self._no_photos.refused(chat)
            else:
                self.counters.sends[role] += 1
                self._kinds.remember((chat, str(message.message_id)),
                                     _Kind(True, screen.image_fingerprint()))
                return message
        shown = await self._text_version(screen, table_id, chat, language=language)
        message = await self._call(chat, "sendMessage", what, lambda: self.bot.send_message(
            int(chat), shown.html, parse_mode="HTML", reply_markup=shown.markup,
            message_thread_id=thread, link_preview_options=NO_PREVIEW))
        self.counters.sends[role] += 1
        self._kinds.remember((chat, str(message.message_id)), _Kind(False, None))
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
                    await self.hold_on()
                    return await request()
                finally:
                    # dated by its answer: Telegram counted it by then
                    await self._limiter.done(slot)
            except TelegramRetryAfter as error:
                floods += 1
                if floods > self.limits.max_flood_retries:
                    _log_failure(what, method, error, "giving up after flood control")
                    raise GaveUp from error
                log.warning("flood control on %s in chat %s (%s): waiting %ss", method, chat,
                            _where(what), error.retry_after)
                delay = error.retry_after * self.limits.retry_scale
                metrics.flood_wait(PLATFORM, delay)
                await self._sleep(delay)
                await self._waited(chat, delay)
            except (TelegramNetworkError, TelegramServerError) as error:
                if failures >= len(self.limits.network_backoff):
                    _log_failure(what, method, error, "giving up")
                    raise GaveUp from error
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
        for name in (old, old + _AHEAD):
            lane = self._lanes.get(name)
            if lane is not None:
                moved = list(lane.pending.items())
                lane.pending.clear()
                for key, item in moved:
                    self._enqueue(item, key)

    # --- small helpers ------------------------------------------------------------------

    def _role(self, item: Any) -> str:
        return "message" if isinstance(item, _Say) else str(item.place.role)

    def _describe(self, item: Any) -> str:
        if isinstance(item, _Say):
            return f"message to chat {item.chat_id}"
        return super()._describe(item)

    def _failed(self, item: _Item, why: str, error: BaseException) -> None:
        self.counters.failures[self._role(item)] += 1
        log.warning("%s %s: %s", self._describe(item), why, _error_text(error))


@dataclass(frozen=True)
class _What:
    """What a request is for, in logs: a role and a table, never any content."""

    role: str
    table_id: int | None


def _chat_of(item: _Item) -> str:
    return item.chat_id if isinstance(item, _Say) else item.place.chat_id


def _private_language(item: Any) -> tuple[str, str] | None:
    """The person's private chat a kept message went to and the language the service worded
    it in (their own, as they chose it); None for anything else. A one-off message's
    language is only their Telegram's, which may not be the one they chose."""
    if not isinstance(item, Post) or item.language is None or is_group(item.place.chat_id):
        return None
    return item.place.chat_id, item.language


def _key_of(item: Post | Drop) -> tuple[int, str, int | None]:
    return (item.place.table_id, str(item.place.role), item.place.seat)


def _unchanged(post: Post, ref: MessageRef | None) -> bool:
    return (
        ref is not None
        and not post.fresh
        and ref.chat_id == post.place.chat_id
        and ref.content_hash == post.screen.fingerprint()
    )


def _discard(lane: Lane, key: Hashable, item: _Item) -> bool:
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
        return where(what)
    table = "" if what.table_id is None else f"table {what.table_id} "
    return f"{table}{what.role}"


def _error_text(error: BaseException) -> str:
    # aiogram's API errors carry only Telegram's description, never the request's content.
    if isinstance(error, TelegramAPIError):
        return f"{type(error).__name__}: {error.message.splitlines()[0]}"
    return type(error).__name__


def _log_failure(what: Place | _What, method: str, error: BaseException, outcome: str) -> None:
    log.warning("%s %s failed (%s); %s", _where(what), method, _error_text(error), outcome)
