"""A fake Telegram Bot API server for end-to-end tests.

`FakeTelegramServer` is an aiohttp application on 127.0.0.1 (ephemeral port)
that answers ``/bot<token>/<method>`` the way api.telegram.org does, so the
real aiogram client can talk to it::

    async with FakeTelegramServer() as server:
        bot = Bot(server.token, session=AiohttpSession(api=server.api))
        alice = server.user("Alice")
        alice.start_private()
        ...  # run the dispatcher, then inspect server.calls / chat.messages

It keeps Telegram's state (chats, their messages with edit history, files,
callback queries, bot commands), queues updates produced by simulated people
(see `users`) for real long polling, records every request as an `ApiCall`,
and can be told to fail the next calls (flood control and arbitrary errors), every call
for a time (an outage: `inject_outage`), or to hang until the client times out.
The Bot API semantics of each method live in `methods`.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import mimetypes
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from aiohttp import web

from fakes.waiting import Waiting

from .flood import FloodControl
from .records import (
    ApiCall,
    ApiError,
    CallbackRecord,
    MessageRecord,
    StoredFile,
    UploadedFile,
    bad_request,
    image_size,
)
from .users import FakeChat, FakeUser
from .webhooks import WebhookDelivery

if TYPE_CHECKING:
    from aiogram.client.telegram import TelegramAPIServer


DEFAULT_TOKEN = "123456789:AAFakeTelegramTokenForEndToEndTests0"
"""A token in the real format; the bot id is the part before the colon."""

ALL_UPDATE_TYPES = (
    "message", "edited_message", "channel_post", "edited_channel_post", "business_connection",
    "business_message", "edited_business_message", "deleted_business_messages",
    "message_reaction", "message_reaction_count", "inline_query", "chosen_inline_result",
    "callback_query", "shipping_query", "pre_checkout_query", "purchased_paid_media", "poll",
    "poll_answer", "my_chat_member", "chat_member", "chat_join_request", "chat_boost",
    "removed_chat_boost",
)  # fmt: skip
DEFAULT_ALLOWED_UPDATES = frozenset(ALL_UPDATE_TYPES) - {
    "chat_member",
    "message_reaction",
    "message_reaction_count",
}
"""What Telegram delivers when ``allowed_updates`` was never set (or set to [])."""

ANONYMOUS_ADMIN = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}

ADMIN_RIGHTS: dict[str, bool] = {
    "can_be_edited": False, "is_anonymous": False, "can_manage_chat": True,
    "can_delete_messages": True, "can_manage_video_chats": True, "can_restrict_members": True,
    "can_promote_members": False, "can_change_info": True, "can_invite_users": True,
    "can_post_stories": False, "can_edit_stories": False, "can_delete_stories": False,
    "can_send_welcome_messages": False, "can_pin_messages": True, "can_manage_topics": True,
}  # fmt: skip

# Parameters decoded from form/multipart strings into Python values.
_JSON_FIELDS = {
    "reply_markup", "entities", "caption_entities", "allowed_updates", "media", "commands",
    "scope", "link_preview_options", "reply_parameters", "message_ids", "menu_button", "rights",
}  # fmt: skip
_INT_FIELDS = {
    "chat_id", "message_id", "message_thread_id", "reply_to_message_id", "offset", "limit",
    "timeout", "user_id", "cache_time", "from_chat_id", "until_date", "duration", "width",
    "height", "max_connections",
}  # fmt: skip
_BOOL_FIELDS = {
    "disable_notification", "protect_content", "show_alert", "drop_pending_updates",
    "has_spoiler", "disable_web_page_preview", "allow_sending_without_reply",
    "disable_content_type_detection", "only_if_banned", "revoke", "is_big",
    "show_caption_above_media", "allow_paid_broadcast",
}  # fmt: skip

_FILE_ID_PREFIX = {
    "photo": "AgACAgIAAxkDAAI",
    "document": "BQACAgIAAxkDAAI",
    "animation": "CgACAgIAAxkDAAI",
}
_PHOTO_SIZE_STEPS = (90, 320, 800, 1280, 2560)


@dataclass
class Fault:
    """An injected failure: the next ``remaining`` matching calls get ``error``.

    ``method`` None matches every method but ``getUpdates``; ``chat_id`` None
    matches any chat.
    """

    method: str | None
    chat_id: int | str | None
    remaining: int
    error: ApiError
    hits: list[ApiCall] = field(default_factory=list)
    until: float | None = None
    """Matches only before this time of the server's clock (an outage that lasts)."""
    hang: float = 0.0
    """Real seconds the server sits on a matching call before failing it (a client with a
    shorter timeout sees a timeout)."""

    def matches(self, call: ApiCall, now: float | None = None) -> bool:
        if self.remaining <= 0:
            return False
        if self.until is not None and now is not None and now >= self.until:
            return False
        if self.method is None:
            if call.method == "getUpdates":
                return False
        elif self.method.lower() != call.method.lower():
            return False
        return self.chat_id is None or call.chat_id == self.chat_id


def _decode_params(raw: dict[str, Any]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, str):
            if key in _JSON_FIELDS:
                try:
                    value = json.loads(value)
                except ValueError as error:
                    raise bad_request(f"can't parse {key} JSON object") from error
            elif key in _INT_FIELDS and re.fullmatch(r"-?\d+", value.strip()):
                value = int(value)
            elif key in _BOOL_FIELDS:
                value = value.strip().lower() in ("true", "1")
        params[key] = value
    return params


def update_type(update: dict[str, Any]) -> str:
    """The kind of an update dict: the key other than ``update_id``."""
    return next(key for key in update if key != "update_id")


class FakeTelegramServer(Waiting):
    """A Bot API server on 127.0.0.1 holding Telegram's state for one bot.

    Use as ``async with FakeTelegramServer() as server`` (or ``await
    server.start()`` / ``await server.stop()``); ``server.api`` is the
    ``TelegramAPIServer`` to give ``AiohttpSession(api=...)``.

    ``privacy_mode=True`` delivers group messages like a bot with privacy mode
    on (only commands, replies to the bot, mentions, service messages), unless
    the bot is an admin there. ``callback_timeout`` is how long a callback
    query stays answerable (Telegram: about 15 s; None = forever).
    ``flood_control`` enforces Telegram's message budgets (see `flood`): by
    default (True) Telegram's own, counted on ``clock``; a `FloodControl` of
    one's own, or None to let everything through. ``clock`` (seconds, default
    ``time.monotonic``) also dates `calls`; tests give the fake and the bot one
    clock that moves on as the bot waits (`fakes.hand_clock.SkippingClock`), so
    the bot keeps to the budgets without the test sitting them out.
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "fake_game_bot",
        bot_first_name: str = "Fake Game Bot",
        privacy_mode: bool = False,
        callback_timeout: float | None = 15.0,
        flood_control: FloodControl | bool | None = True,
        clock: Callable[[], float] = time.monotonic,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.bot_username = bot_username
        self.bot_user: dict[str, Any] = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_first_name,
            "username": bot_username,
            "can_join_groups": True,
            "can_read_all_group_messages": not privacy_mode,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }
        self.privacy_mode = privacy_mode
        self.callback_timeout = callback_timeout
        self.host = host
        self.port = port

        self.calls: list[ApiCall] = []
        """Every request but ``getUpdates``, in the order they finished."""
        self.poll_calls: list[ApiCall] = []
        """Every finished ``getUpdates`` request."""
        self.poll_count = 0
        """``getUpdates`` requests started so far."""
        self.internal_errors: list[BaseException] = []
        """Bugs in the fake itself (answered with 500); fixtures assert it stays empty."""

        self.users: dict[int, FakeUser] = {}
        self.chats: dict[int, FakeChat] = {}
        self.files: dict[str, StoredFile] = {}
        """Every known ``file_id`` (each photo size has its own) -> file."""
        self.callbacks: dict[str, CallbackRecord] = {}
        self.commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        """(canonical scope JSON, language_code) -> commands set by setMyCommands."""
        self.bot_settings: dict[str, Any] = {}
        """Other settings the bot stored (setMyDescription, setChatMenuButton, ...), by method."""
        self.webhook = WebhookDelivery(self)
        """Webhook delivery (`webhooks`): set by the bot's ``setWebhook``."""
        self.allowed_updates: list[str] | None = None
        """The last ``allowed_updates`` the bot asked for (None: Telegram's default)."""
        self.faults: list[Fault] = []
        self.clock = clock
        if flood_control is True:
            flood_control = FloodControl(clock=clock)
        self.flood_control = flood_control or None
        """Telegram's budgets (`flood.FloodControl`), enforced when set; None lets
        everything through."""

        self.updates: list[dict[str, Any]] = []
        """Every update ever queued, in order."""
        self.dropped_updates: list[dict[str, Any]] = []
        """Updates never delivered because ``allowed_updates`` excluded their type."""
        self._pending: list[dict[str, Any]] = []
        self._next_update_id = 100_000_001
        self._poll_generation = 0
        self._updates_event = asyncio.Event()
        self._start_waiting()
        self._mark = 0
        self._inflight = 0
        self._closing = False

        self._next_user_id = 100_001
        self._next_group_id = 4_100_000_001
        self._next_supergroup_id = 1_002_100_000_001
        self._file_seq = 0
        self._callback_seq = 0
        self._runner: web.AppRunner | None = None

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Listen on ``host`` (an ephemeral port unless ``port`` was given)."""
        self._closing = False
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle_api)
        app.router.add_get("/file/bot{token}/{path:.+}", self._handle_file)
        self._runner = web.AppRunner(
            app, handler_cancellation=True, shutdown_timeout=1.0, access_log=None
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        """Release pending long polls and shut the HTTP server down."""
        self._closing = True
        self._wake_pollers()
        await self.webhook.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``, for ``TelegramAPIServer.from_base``."""
        return f"http://{self.host}:{self.port}"

    @property
    def bot_sender(self) -> dict[str, Any]:
        """The bot as a ``User`` in messages and member lists (``getMe`` has more fields)."""
        return {key: self.bot_user[key] for key in ("id", "is_bot", "first_name", "username")}

    @property
    def api(self) -> TelegramAPIServer:
        """aiogram's server description for ``AiohttpSession(api=server.api)``."""
        from aiogram.client.telegram import TelegramAPIServer

        return TelegramAPIServer.from_base(self.base_url)

    # ----------------------------------------------------------- people, chats

    def user(
        self,
        first_name: str = "Alice",
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "en",
        user_id: int | None = None,
        is_premium: bool = False,
    ) -> FakeUser:
        """A new simulated person (their DM with the bot is ``user.private_chat``)."""
        if user_id is None:
            user_id = self._next_user_id
            self._next_user_id += 1
        person = FakeUser(
            self,
            user_id,
            first_name,
            last_name=last_name,
            username=username,
            language_code=language_code,
            is_premium=is_premium,
        )
        self.users[user_id] = person
        self.chats[user_id] = person.private_chat
        return person

    def group(
        self,
        title: str = "Test group",
        *,
        owner: FakeUser | None = None,
        admins: Iterable[FakeUser] = (),
        members: Iterable[FakeUser] = (),
        bot_admin: bool = False,
    ) -> FakeChat:
        """A basic group the bot is already in (as admin if ``bot_admin``)."""
        chat_id = -self._next_group_id
        self._next_group_id += 1
        return self._new_group(
            chat_id, "group", title, None, False, owner, admins, members, bot_admin
        )

    def supergroup(
        self,
        title: str = "Test supergroup",
        *,
        username: str | None = None,
        owner: FakeUser | None = None,
        admins: Iterable[FakeUser] = (),
        members: Iterable[FakeUser] = (),
        bot_admin: bool = False,
        forum: bool = False,
    ) -> FakeChat:
        """A supergroup (id ``-100...``) the bot is already in."""
        chat_id = -self._next_supergroup_id
        self._next_supergroup_id += 1
        return self._new_group(
            chat_id, "supergroup", title, username, forum, owner, admins, members, bot_admin
        )

    def forum(
        self,
        title: str = "Test forum",
        *,
        topics: Iterable[str] = (),
        owner: FakeUser | None = None,
        admins: Iterable[FakeUser] = (),
        members: Iterable[FakeUser] = (),
        bot_admin: bool = False,
    ) -> FakeChat:
        """A forum supergroup with the named topics (``chat.topic(name)`` gives a thread id)."""
        chat = self.supergroup(
            title, owner=owner, admins=admins, members=members, bot_admin=bot_admin, forum=True
        )
        for name in topics:
            chat.create_topic(name)
        return chat

    def _new_group(
        self,
        chat_id: int,
        chat_type: str,
        title: str,
        username: str | None,
        forum: bool,
        owner: FakeUser | None,
        admins: Iterable[FakeUser],
        members: Iterable[FakeUser],
        bot_admin: bool,
    ) -> FakeChat:
        chat = FakeChat(
            self,
            chat_id,
            chat_type,
            title=title,
            username=username,
            is_forum=forum,
            bot_status="administrator" if bot_admin else "member",
        )
        chat.owner = owner
        chat.admins = {u.id: u for u in admins if owner is None or u.id != owner.id}
        chat.members = {u.id: u for u in members if not chat.is_admin(u.id)}
        self.chats[chat_id] = chat
        return chat

    def chat(self, chat_id: int) -> FakeChat:
        """The chat with this id (KeyError if unknown)."""
        return self.chats[chat_id]

    @property
    def messages(self) -> dict[int, dict[int, MessageRecord]]:
        """All chats' messages: chat_id -> message_id -> record (deleted ones included)."""
        return {chat_id: chat.store for chat_id, chat in self.chats.items() if chat.store}

    def commands_for(
        self, scope: dict[str, Any] | None = None, language_code: str = ""
    ) -> list[dict[str, str]]:
        """The commands set for ``scope`` (default scope if None) and language."""
        return list(self.commands.get((self.scope_key(scope), language_code), []))

    @staticmethod
    def scope_key(scope: dict[str, Any] | None) -> str:
        return json.dumps(scope or {"type": "default"}, sort_keys=True)

    # ------------------------------------------------------------------ updates

    def enqueue_update(self, payload: dict[str, Any]) -> int:
        """Queue a raw update (``{"message": {...}}`` etc.); returns its ``update_id``.

        Also moves the `wait_for` mark: by default waits only consider calls
        made after the latest update.
        """
        update_id = self._next_update_id
        self._next_update_id += 1
        update = {"update_id": update_id, **payload}
        self.updates.append(update)
        self._pending.append(update)
        self._mark = len(self.calls)
        self._touch()
        self._wake_pollers()
        return update_id

    @property
    def pending_updates(self) -> list[dict[str, Any]]:
        """Updates queued but not yet confirmed by the bot."""
        return list(self._pending)

    def _wake_pollers(self) -> None:
        self._updates_event.set()
        self._updates_event = asyncio.Event()
        self._notify()

    def _deliver_message(
        self, record: MessageRecord, *, edited: bool = False, service: bool = False
    ) -> None:
        chat = record.chat
        if chat.is_group:
            if chat.bot_status in ("left", "kicked"):
                return
            if (
                self.privacy_mode
                and not service
                and not chat.bot_is_admin
                and not self._addressed_to_bot(record)
            ):
                return
        key = "edited_message" if edited else "message"
        record.update_id = self.enqueue_update({key: record.to_api()})

    def _addressed_to_bot(self, record: MessageRecord) -> bool:
        text = record.content or ""
        if text.startswith("/"):
            command = text.split(maxsplit=1)[0]
            return (
                "@" not in command or command.split("@", 1)[1].lower() == self.bot_username.lower()
            )
        if record.reply_to is not None and record.reply_to.from_bot:
            return True
        return f"@{self.bot_username}".lower() in text.lower()

    def _enqueue_callback(self, user: FakeUser, message: MessageRecord, data: str | None) -> str:
        self._callback_seq += 1
        query_id = str(4_391_201_000_000_000_000 + self._callback_seq * 7919)
        self.callbacks[query_id] = CallbackRecord(
            query_id, user.id, message, data, time.monotonic()
        )
        query: dict[str, Any] = {
            "id": query_id,
            "from": user.to_api(),
            "message": message.to_api(),
            "chat_instance": message.chat.chat_instance,
        }
        if data is not None:
            query["data"] = data
        self.enqueue_update({"callback_query": query})
        return query_id

    def member_object(self, chat: FakeChat, user: dict[str, Any], status: str) -> dict[str, Any]:
        """A ``ChatMember`` object of the given status."""
        member: dict[str, Any] = {"status": status, "user": user}
        if status == "administrator":
            member.update(ADMIN_RIGHTS)
            member["can_manage_topics"] = chat.is_forum
        elif status == "creator":
            member["is_anonymous"] = False
        elif status == "kicked":
            member["until_date"] = 0
        return member

    def _enqueue_my_chat_member(
        self, chat: FakeChat, actor: FakeUser | None, old: str, new: str
    ) -> None:
        self.enqueue_update(
            {
                "my_chat_member": {
                    "chat": chat.to_api(),
                    "from": actor.to_api() if actor else dict(ANONYMOUS_ADMIN),
                    "date": int(time.time()),
                    "old_chat_member": self.member_object(chat, self.bot_sender, old),
                    "new_chat_member": self.member_object(chat, self.bot_sender, new),
                }
            }
        )

    async def get_updates(self, call: ApiCall) -> list[dict[str, Any]]:
        """``getUpdates``: real long polling over the pending queue."""
        params = call.params
        if self.webhook.url:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        offset = int(params.get("offset") or 0)
        limit = min(max(int(params.get("limit") or 100), 1), 100)
        timeout = max(float(params.get("timeout") or 0), 0.0)
        if "allowed_updates" in params:
            allowed = params["allowed_updates"]
            self.allowed_updates = list(allowed) if allowed else None
        self._confirm(offset)

        self._poll_generation += 1
        generation = self._poll_generation
        self._wake_pollers()  # an older poll still waiting gets 409, like Telegram
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if generation != self._poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; "
                    "make sure that only one bot instance is running",
                )
            batch = self._deliverable(limit)
            remaining = deadline - loop.time()
            if batch or self._closing or remaining <= 0:
                return batch
            event = self._updates_event
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                pass

    def _confirm(self, offset: int) -> None:
        if offset == 0:
            return
        before = len(self._pending)
        if offset < 0:
            self._pending = self._pending[offset:]
        else:
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        if len(self._pending) != before:
            self._touch()

    def _deliverable(self, limit: int) -> list[dict[str, Any]]:
        allowed = set(self.allowed_updates) if self.allowed_updates else DEFAULT_ALLOWED_UPDATES
        kept = []
        for update in self._pending:
            if update_type(update) in allowed:
                kept.append(update)
            else:
                self.dropped_updates.append(update)
        self._pending = kept
        return [json.loads(json.dumps(u)) for u in kept[:limit]]

    # -------------------------------------------------------------------- files

    def _new_file_ids(self, kind: str) -> tuple[str, str]:
        self._file_seq += 1
        digest = hashlib.sha1(f"{kind}:{self._file_seq}".encode()).hexdigest()[:24]
        prefix = _FILE_ID_PREFIX.get(kind, "BQACAgIAAxkDAAI")
        return f"{prefix}{self._file_seq:06d}{digest}", f"AQAD{self._file_seq:06d}{digest[:8]}"

    def _store_bytes(
        self,
        kind: str,
        data: bytes,
        *,
        filename: str | None = None,
        content_type: str | None = None,
    ) -> StoredFile:
        """Keep uploaded bytes as a new file of ``kind``, validating like Telegram."""
        if not data:
            raise bad_request("file must be non-empty")
        mime = mimetypes.guess_type(filename or "")[0] or (
            content_type if content_type and content_type != "application/octet-stream" else None
        )
        width = height = 0
        extension = PurePosixPath(filename or "").suffix
        if kind == "photo":
            info = image_size(data)
            if info is None:
                raise bad_request("IMAGE_PROCESS_FAILED")
            image_format, width, height = info
            extension = ".jpg" if image_format == "jpeg" else f".{image_format}"
            if width + height > 10000 or max(width, height) > 20 * max(min(width, height), 1):
                raise bad_request("PHOTO_INVALID_DIMENSIONS")
        elif kind == "animation":
            info = image_size(data)
            if info is not None:
                _, width, height = info
        file_id, unique_id = self._new_file_ids(kind)
        stored = StoredFile(
            kind=kind,
            file_id=file_id,
            file_unique_id=unique_id,
            data=data,
            filename=filename if kind != "photo" else None,
            mime_type=mime if kind != "photo" else None,
            width=width,
            height=height,
        )
        stored.file_path = f"{kind}s/file_{self._file_seq}{extension}"
        if kind == "photo":
            stored.sizes = self._photo_sizes(stored)
            stored.file_id = stored.sizes[-1]["file_id"]
            stored.file_unique_id = stored.sizes[-1]["file_unique_id"]
            for size in stored.sizes:
                self.files[size["file_id"]] = stored
        self.files[stored.file_id] = stored
        return stored

    def _photo_sizes(self, stored: StoredFile) -> list[dict[str, Any]]:
        sizes: list[dict[str, Any]] = []
        width, height = stored.width, stored.height
        for step in _PHOTO_SIZE_STEPS:
            longest = max(width, height)
            scale = min(step / longest, 1.0) if longest else 1.0
            file_id, unique_id = self._new_file_ids("photo")
            size = {
                "file_id": file_id,
                "file_unique_id": unique_id,
                "width": max(round(width * scale), 1),
                "height": max(round(height * scale), 1),
            }
            sizes.append(size)
            if scale >= 1.0:
                break
        sizes[-1]["file_size"] = stored.file_size
        return sizes

    def store_url(self, kind: str, url: str) -> StoredFile:
        """A file sent by URL (no bytes; the fake never downloads anything)."""
        file_id, unique_id = self._new_file_ids(kind)
        stored = StoredFile(
            kind=kind, file_id=file_id, file_unique_id=unique_id, data=None, url=url
        )
        if kind == "photo":
            stored.width = stored.height = 512
            stored.sizes = self._photo_sizes(stored)
            stored.file_id = stored.sizes[-1]["file_id"]
            for size in stored.sizes:
                self.files[size["file_id"]] = stored
        self.files[stored.file_id] = stored
        return stored

    # --------------------------------------------------------------- inspection

    def mark(self) -> int:
        """The current position in `calls`, for ``wait_for(..., since=mark)``."""
        return len(self.calls)

    def calls_of(
        self,
        method: str | None = None,
        *,
        chat_id: int | FakeChat | None = None,
        ok: bool | None = None,
        since: int = 0,
    ) -> list[ApiCall]:
        """Recorded calls filtered by method name (case-insensitive), chat and outcome."""
        match = self._matcher(method, chat_id, ok)
        return [call for call in self.calls[since:] if match(call)]

    def answers_for(self, callback_query_id: str) -> list[ApiCall]:
        """Every ``answerCallbackQuery`` call for this query (failed attempts included)."""
        return [
            call
            for call in self.calls
            if call.method == "answerCallbackQuery"
            and str(call.params.get("callback_query_id")) == callback_query_id
        ]

    def unanswered_callbacks(self) -> list[CallbackRecord]:
        """Callback queries that have no successful answer."""
        return [record for record in self.callbacks.values() if not record.answered]

    def assert_callbacks_answered(self) -> None:
        """Fail unless every callback query got exactly one answer, and it succeeded."""
        problems = []
        for query_id, record in self.callbacks.items():
            answers = self.answers_for(query_id)
            if len(answers) != 1 or not answers[0].ok:
                problems.append(f"{query_id} (data={record.data!r}): {answers}")
        if problems:
            raise AssertionError(
                "callback queries not answered exactly once:\n" + "\n".join(problems)
            )

    # ------------------------------------------------------------------ faults

    def inject_flood(
        self,
        method: str | None = None,
        *,
        chat_id: int | FakeChat | None = None,
        times: int = 1,
        retry_after: int = 1,
    ) -> Fault:
        """Make the next ``times`` matching calls answer ``429 Too Many Requests``.

        ``method`` None: any method but getUpdates; ``chat_id`` None: any chat.
        aiogram raises ``TelegramRetryAfter`` with this ``retry_after``.
        """
        error = ApiError(
            429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after}
        )
        return self._add_fault(method, chat_id, times, error)

    def inject_error(
        self,
        method: str | None = None,
        *,
        chat_id: int | FakeChat | None = None,
        times: int = 1,
        status: int = 400,
        description: str = "Bad Request: injected error",
        parameters: dict[str, Any] | None = None,
    ) -> Fault:
        """Make the next ``times`` matching calls fail with any status and description."""
        return self._add_fault(method, chat_id, times, ApiError(status, description, parameters))

    def inject_outage(
        self,
        method: str | None = None,
        *,
        chat_id: int | FakeChat | None = None,
        seconds: float,
        status: int = 502,
        description: str = "Bad Gateway",
    ) -> Fault:
        """Make every matching call fail with ``status`` for ``seconds`` of the server's
        clock from now (the bot's waits move a `SkippingClock` on: an outage of minutes
        ends once the bot has waited that long, without the test waiting)."""
        fault = self._add_fault(method, chat_id, 1 << 30, ApiError(status, description))
        fault.until = self.clock() + seconds
        return fault

    def inject_timeout(
        self,
        method: str | None = None,
        *,
        chat_id: int | FakeChat | None = None,
        times: int = 1,
        hang: float = 1.0,
    ) -> Fault:
        """Make the next ``times`` matching calls hang for ``hang`` real seconds and then
        fail (504): a client whose timeout is shorter gives up first, the request not
        done."""
        fault = self._add_fault(method, chat_id, times, ApiError(504, "Gateway Timeout"))
        fault.hang = hang
        return fault

    def _add_fault(
        self, method: str | None, chat_id: int | FakeChat | None, times: int, error: ApiError
    ) -> Fault:
        if isinstance(chat_id, FakeChat):
            chat_id = chat_id.id
        fault = Fault(method, chat_id, times, error)
        self.faults.append(fault)
        return fault

    async def _hang(self, call: ApiCall) -> None:
        for fault in self.faults:
            if fault.hang and fault.matches(call, self.clock()):
                # counted now: the handler may be cancelled when the client gives up
                fault.remaining -= 1
                fault.hits.append(call)
                await asyncio.sleep(fault.hang)
                raise ApiError(fault.error.status, fault.error.description)

    def _apply_faults(self, call: ApiCall) -> None:
        for fault in self.faults:
            if fault.matches(call, self.clock()):
                fault.remaining -= 1
                fault.hits.append(call)
                raise ApiError(fault.error.status, fault.error.description, fault.error.parameters)

    # ------------------------------------------------------------------ waiting

    @staticmethod
    def _matcher(
        what: str | Callable[[ApiCall], bool] | None,
        chat_id: int | FakeChat | None,
        ok: bool | None,
    ) -> Callable[[ApiCall], bool]:
        if isinstance(chat_id, FakeChat):
            chat_id = chat_id.id

        def match(call: ApiCall) -> bool:
            if isinstance(what, str) and call.method.lower() != what.lower():
                return False
            if callable(what) and not what(call):
                return False
            if chat_id is not None and call.chat_id != chat_id:
                return False
            return ok is None or call.ok == ok

        return match

    async def wait_for(
        self,
        what: str | Callable[[ApiCall], bool] | None = None,
        /,
        *,
        chat_id: int | FakeChat | None = None,
        ok: bool | None = None,
        count: int = 1,
        timeout: float = 5.0,
        since: int | None = None,
    ) -> list[ApiCall]:
        """Wait for ``count`` recorded calls matching a method name or predicate.

        Only calls made after the latest queued update are considered unless
        ``since`` (an index into `calls`, see `mark`) says otherwise; pass
        ``since=0`` to search everything. Returns the first ``count`` matches.
        """
        label = what if isinstance(what, str) else getattr(what, "__name__", "predicate")
        description = f"{count} x {label}" + (f" in chat {chat_id}" if chat_id is not None else "")
        return await self._wait_for_calls(self._matcher(what, chat_id, ok), count, since,
                                          timeout, description)

    @property
    def webhook_url(self) -> str | None:
        """The webhook's URL while one is set."""
        return self.webhook.url

    def _quiet(self) -> bool:
        return not self._pending

    def _report_lines(self) -> list[str]:
        return [f"pending updates: {len(self._pending)}; getUpdates so far: {self.poll_count}"]

    # --------------------------------------------------------------------- HTTP

    async def _read_params(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[str, UploadedFile]]:
        raw: dict[str, Any] = dict(request.query)
        files: dict[str, UploadedFile] = {}
        if request.body_exists:
            if request.content_type == "application/json":
                try:
                    body = await request.json()
                except ValueError as error:
                    raise bad_request("can't parse JSON encoded request") from error
                if not isinstance(body, dict):
                    raise bad_request("parameters must be a JSON object")
                raw.update(body)
            elif request.content_type in (
                "application/x-www-form-urlencoded",
                "multipart/form-data",
            ):
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, web.FileField):
                        files[key] = UploadedFile(
                            key, value.filename, value.content_type, value.file.read()
                        )
                    else:
                        raw[key] = value
        return raw, files

    async def _handle_api(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(ApiError(401, "Unauthorized").payload(), status=401)
        from .methods import METHODS

        name = request.match_info["method"]
        entry = METHODS.get(name.lower())
        canonical = entry[0] if entry else name
        polling = canonical == "getUpdates"
        call = ApiCall(canonical, {}, {}, time=self.clock())
        if polling:
            self.poll_count += 1
        else:
            self._inflight += 1
        self._touch()
        try:
            raw, call.files = await self._read_params(request)
            call.params = _decode_params(raw)
            if entry is None:
                raise ApiError(404, "Not Found: method not found")
            await self._hang(call)
            self._apply_faults(call)
            if self.flood_control is not None:
                self.flood_control.admit(canonical, call.params.get("chat_id"))
            result = entry[1](self, call)
            if inspect.isawaitable(result):
                result = await result
            call.result = result
        except ApiError as error:
            call.status, call.error, call.error_parameters = (
                error.status,
                error.description,
                error.parameters,
            )
        except Exception as error:  # noqa: BLE001 - a bug in the fake; report it as Telegram would
            self.internal_errors.append(error)
            call.status, call.error = 500, f"Internal Server Error: {error!r}"
        finally:
            if not polling:
                self._inflight -= 1
        (self.poll_calls if polling else self.calls).append(call)
        self._touch()
        if call.ok:
            return web.json_response({"ok": True, "result": call.result})
        body = ApiError(call.status, call.error or "", call.error_parameters).payload()
        return web.json_response(body, status=call.status)

    async def _handle_file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(ApiError(401, "Unauthorized").payload(), status=401)
        path = request.match_info["path"]
        for stored in self.files.values():
            if stored.file_path == path and stored.data is not None:
                return web.Response(
                    body=stored.data, content_type=stored.mime_type or "application/octet-stream"
                )
        return web.json_response(ApiError(404, "Not Found").payload(), status=404)
