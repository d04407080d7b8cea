"""Simulated people and chats for the fake Telegram server.

A `FakeUser` does what a person does in a Telegram client: writes messages
(commands get their ``bot_command`` entity), opens the bot's DM with
``/start``, presses inline buttons, blocks the bot. Each action stores the
message in its chat and queues the update the real Bot API would deliver.

A `FakeChat` is a private chat, a basic group, a supergroup or a forum
supergroup with topics. It holds the chat's messages
(``message_id -> MessageRecord``), members, admins and the bot's own status.

Create both through the server: ``server.user(...)``, ``server.group(...)``,
``server.supergroup(...)``, ``server.forum(...)``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .formatting import detect_entities
from .records import MessageRecord

if TYPE_CHECKING:
    from .server import FakeTelegramServer

FORUM_ICON_COLOR = 7322096


def _now() -> int:
    return int(time.time())


class FakeChat:
    """A chat on the fake server. Don't construct directly; use the server's factories."""

    def __init__(
        self,
        server: FakeTelegramServer,
        chat_id: int,
        chat_type: str,
        *,
        title: str | None = None,
        username: str | None = None,
        is_forum: bool = False,
        user: FakeUser | None = None,
        bot_status: str = "member",
    ) -> None:
        self.server = server
        self.id = chat_id
        self.type = chat_type
        self.title = title
        self.username = username
        self.is_forum = is_forum
        self.user = user
        """For a private chat: the person on the other side."""
        self.bot_status = bot_status
        """The bot's status here: "member", "administrator", "left" or "kicked"."""
        self.owner: FakeUser | None = None
        self.admins: dict[int, FakeUser] = {}
        self.members: dict[int, FakeUser] = {}
        self.topics: dict[int, str] = {}
        """Forum topics: message_thread_id -> name."""
        self.migrated_to: FakeChat | None = None
        self.migrated_from: FakeChat | None = None
        self.chat_instance = str((abs(chat_id) * 2654435761) % (2**63))
        self._messages: dict[int, MessageRecord] = {}
        self._next_message_id = 1

    # ------------------------------------------------------------------ views

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    @property
    def is_group(self) -> bool:
        return self.type in ("group", "supergroup")

    @property
    def store(self) -> dict[int, MessageRecord]:
        """Every message ever posted here, deleted ones included: message_id -> record."""
        return self._messages

    @property
    def messages(self) -> list[MessageRecord]:
        """The messages still visible, oldest first."""
        return [m for m in self._messages.values() if not m.deleted]

    @property
    def all_messages(self) -> list[MessageRecord]:
        """Every message, deleted ones included, oldest first."""
        return list(self._messages.values())

    @property
    def bot_messages(self) -> list[MessageRecord]:
        """Visible messages the bot sent, oldest first."""
        return [m for m in self.messages if m.from_bot]

    def message(self, message_id: int) -> MessageRecord:
        """The record with this id (deleted or not); KeyError if it never existed."""
        return self._messages[message_id]

    def last_message(
        self, *, from_bot: bool | None = None, thread_id: int | None = None
    ) -> MessageRecord | None:
        """The newest visible message, optionally only the bot's (True) or people's (False)."""
        for record in reversed(self._messages.values()):
            if record.deleted:
                continue
            if from_bot is not None and record.from_bot != from_bot:
                continue
            if thread_id is not None and record.thread_id != thread_id:
                continue
            return record
        return None

    def is_admin(self, user_id: int) -> bool:
        return (self.owner is not None and self.owner.id == user_id) or user_id in self.admins

    @property
    def bot_is_admin(self) -> bool:
        return self.bot_status == "administrator"

    # -------------------------------------------------------------- Bot API

    def to_api(self) -> dict[str, Any]:
        """The short ``Chat`` object embedded in messages."""
        chat: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.is_private and self.user is not None:
            chat["first_name"] = self.user.first_name
            if self.user.last_name:
                chat["last_name"] = self.user.last_name
            if self.user.username:
                chat["username"] = self.user.username
        else:
            chat["title"] = self.title
            if self.username:
                chat["username"] = self.username
            if self.is_forum:
                chat["is_forum"] = True
        return chat

    def full_info(self) -> dict[str, Any]:
        """The ``ChatFullInfo`` object ``getChat`` returns."""
        info = self.to_api()
        info.update(
            accent_color_id=0,
            max_reaction_count=11,
            accepted_gift_types={
                "unlimited_gifts": self.is_private,
                "limited_gifts": self.is_private,
                "unique_gifts": self.is_private,
                "premium_subscription": self.is_private,
                "gifts_from_channels": self.is_private,
            },
        )
        if not self.is_private:
            info["permissions"] = {"can_send_messages": True, "can_send_photos": True}
        if self.migrated_from is not None:
            info["migrated_from_chat_id"] = self.migrated_from.id  # informational
        pinned = [m for m in self.messages if m.pinned]
        if pinned:
            info["pinned_message"] = pinned[-1].to_api(with_reply=False)
        return info

    # -------------------------------------------------------------- changes

    def _add_message(
        self, *, sender: dict[str, Any] | None, from_bot: bool, **fields: Any
    ) -> MessageRecord:
        record = MessageRecord(
            chat=self,
            message_id=self._next_message_id,
            date=_now(),
            sender=sender,
            from_bot=from_bot,
            **fields,
        )
        self._messages[record.message_id] = record
        self._next_message_id += 1
        return record

    def _service_message(self, actor: FakeUser | None, **extra: Any) -> MessageRecord:
        sender = actor.to_api() if actor else None
        return self._add_message(sender=sender, from_bot=False, extra=extra)

    def add_member(
        self, user: FakeUser, *, by: FakeUser | None = None, announce: bool = True
    ) -> None:
        """Make ``user`` a member; with ``announce`` deliver the ``new_chat_members`` message."""
        if user.id in self.members or self.is_admin(user.id):
            return
        self.members[user.id] = user
        if announce and not self.is_private:
            record = self._service_message(by or user, new_chat_members=[user.to_api()])
            self.server._deliver_message(record, service=True)

    def promote(self, user: FakeUser) -> None:
        """Make ``user`` an administrator."""
        self.members.pop(user.id, None)
        self.admins[user.id] = user

    def add_bot(self, *, by: FakeUser | None = None, admin: bool = False) -> None:
        """Add the bot (again): delivers ``my_chat_member`` and the service message."""
        old = self.bot_status
        self.bot_status = "administrator" if admin else "member"
        actor = by or self.owner
        self.server._enqueue_my_chat_member(self, actor, old, self.bot_status)
        record = self._service_message(actor, new_chat_members=[self.server.bot_sender])
        self.server._deliver_message(record, service=True)

    def remove_bot(self, *, by: FakeUser | None = None, ban: bool = True) -> None:
        """Kick (``ban``) or remove the bot; delivers ``my_chat_member``."""
        old = self.bot_status
        self.bot_status = "kicked" if ban else "left"
        self.server._enqueue_my_chat_member(self, by or self.owner, old, self.bot_status)

    def set_bot_admin(self, admin: bool = True) -> None:
        """Promote or demote the bot (delivers ``my_chat_member``)."""
        old = self.bot_status
        self.bot_status = "administrator" if admin else "member"
        if old != self.bot_status:
            self.server._enqueue_my_chat_member(self, self.owner, old, self.bot_status)

    def create_topic(self, name: str, *, by: FakeUser | None = None) -> int:
        """Create a forum topic; returns its ``message_thread_id``.

        Like Telegram, the thread id is the id of the ``forum_topic_created``
        service message, which is delivered to the bot when ``by`` is given.
        """
        if not self.is_forum:
            raise ValueError(f"chat {self.id} is not a forum")
        thread_id = self._next_message_id
        record = self._service_message(
            by or self.owner,
            forum_topic_created={"name": name, "icon_color": FORUM_ICON_COLOR},
        )
        record.thread_id = thread_id
        self.topics[thread_id] = name
        if by is not None:
            self.server._deliver_message(record, service=True)
        return thread_id

    def topic(self, name: str) -> int:
        """The ``message_thread_id`` of the topic called ``name``."""
        for thread_id, topic_name in self.topics.items():
            if topic_name == name:
                return thread_id
        raise KeyError(name)

    def migrate_to_supergroup(self) -> FakeChat:
        """Upgrade this basic group; afterwards the API answers 400 with ``migrate_to_chat_id``.

        Both service messages (``migrate_to_chat_id`` here, ``migrate_from_chat_id``
        in the new chat) are delivered, as Telegram does.
        """
        if self.type != "group":
            raise ValueError("only basic groups migrate")
        new = self.server.supergroup(
            self.title or "", owner=self.owner, bot_admin=self.bot_is_admin
        )
        new.admins = dict(self.admins)
        new.members = dict(self.members)
        new.migrated_from = self
        self.migrated_to = new
        actor = self.owner
        old_note = self._service_message(actor, migrate_to_chat_id=new.id)
        self.server._deliver_message(old_note, service=True)
        new_note = new._service_message(actor, migrate_from_chat_id=self.id)
        self.server._deliver_message(new_note, service=True)
        return new

    def __repr__(self) -> str:
        name = self.title if not self.is_private else (self.user.first_name if self.user else "?")
        return f"<FakeChat {self.type} {self.id} {name!r}>"


class FakeUser:
    """A simulated person. Don't construct directly; use ``server.user(...)``."""

    def __init__(
        self,
        server: FakeTelegramServer,
        user_id: int,
        first_name: str,
        *,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "en",
        is_premium: bool = False,
    ) -> None:
        self.server = server
        self.id = user_id
        self.first_name = first_name
        self.last_name = last_name
        self.username = username
        self.language_code = language_code
        self.is_premium = is_premium
        self.started = False
        """Has opened the DM with the bot (pressed Start)."""
        self.blocked = False
        """Has blocked the bot."""
        self.deactivated = False
        self.private_chat = FakeChat(server, user_id, "private", user=self)

    def to_api(self) -> dict[str, Any]:
        """The Bot API ``User`` object."""
        user: dict[str, Any] = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.last_name:
            user["last_name"] = self.last_name
        if self.username:
            user["username"] = self.username
        if self.language_code:
            user["language_code"] = self.language_code
        if self.is_premium:
            user["is_premium"] = True
        return user

    # -------------------------------------------------------------- actions

    def send(
        self,
        chat: FakeChat | None,
        text: str,
        *,
        thread_id: int | None = None,
        reply_to: MessageRecord | None = None,
    ) -> MessageRecord:
        """Write ``text`` in ``chat`` (None: the DM with the bot) and deliver the update.

        Commands (``/cmd``, ``/cmd@botname``) get the ``bot_command`` entity at
        their offset, mentions get ``mention``, as Telegram adds them. Replying
        to a message in a forum topic keeps the reply in that topic.
        """
        chat = self._target(chat)
        if reply_to is not None and thread_id is None and chat.is_forum:
            thread_id = reply_to.thread_id
        if chat.is_forum and thread_id is not None and thread_id not in chat.topics:
            raise ValueError(f"no topic {thread_id} in {chat!r}")
        record = chat._add_message(
            sender=self.to_api(),
            from_bot=False,
            text=text,
            entities=detect_entities(text),
            thread_id=thread_id,
            reply_to=reply_to,
        )
        self.server._deliver_message(record)
        return record

    def send_photo(
        self,
        chat: FakeChat | None,
        data: bytes,
        *,
        caption: str | None = None,
        thread_id: int | None = None,
    ) -> MessageRecord:
        """Post a photo (the bytes are stored and downloadable via ``getFile``)."""
        chat = self._target(chat)
        stored = self.server._store_bytes("photo", data, filename="photo.jpg")
        record = chat._add_message(
            sender=self.to_api(),
            from_bot=False,
            media=stored,
            caption=caption,
            caption_entities=detect_entities(caption or ""),
            thread_id=thread_id,
        )
        self.server._deliver_message(record)
        return record

    def start_private(self, payload: str | None = None) -> MessageRecord:
        """Open (or restart) the DM: sends ``/start`` or ``/start <payload>``.

        A user who had blocked the bot unblocks it first (``my_chat_member``
        kicked -> member), as the Restart button does.
        """
        if self.blocked:
            self.unblock_bot()
        self.started = True
        text = "/start" if payload is None else f"/start {payload}"
        return self.send(None, text)

    def press(
        self,
        message: MessageRecord,
        callback_data: str | None = None,
        *,
        text: str | None = None,
        force: bool = False,
    ) -> str:
        """Press an inline button of ``message``; returns the callback query id.

        The button is looked up by ``callback_data`` and/or its ``text`` in the
        message's *current* keyboard, so pressing a button the bot has removed
        fails with ValueError, as it can't happen in a client. ``force=True``
        sends ``callback_data`` anyway (a stale client).
        """
        if message.deleted and not force:
            raise ValueError(f"{message!r} was deleted; nobody can press its buttons")
        if not force:
            button = message.find_button(text=text, callback_data=callback_data)
            if button is None:
                raise ValueError(
                    f"no button text={text!r} callback_data={callback_data!r} in {message!r}; "
                    f"keyboard is {message.buttons}"
                )
            if "callback_data" not in button:
                raise ValueError(f"button {button!r} has no callback_data")
            callback_data = button["callback_data"]
        chat = message.chat
        if chat.is_group and not chat.is_admin(self.id):
            chat.members.setdefault(self.id, self)
        return self.server._enqueue_callback(self, message, callback_data)

    def edit(self, message: MessageRecord, text: str) -> MessageRecord:
        """Edit one of this user's messages; delivers ``edited_message``."""
        if message.sender is None or message.sender.get("id") != self.id:
            raise ValueError("people can only edit their own messages")
        message.history.append(message.snapshot())
        message.text = text
        message.entities = detect_entities(text)
        message.edit_date = _now()
        self.server._deliver_message(message, edited=True)
        return message

    def block_bot(self) -> None:
        """Block the bot: sends to this user answer 403 from now on.

        Delivers ``my_chat_member`` (member -> kicked), as Telegram does.
        """
        if self.blocked:
            return
        self.blocked = True
        self.server._enqueue_my_chat_member(self.private_chat, self, "member", "kicked")

    def unblock_bot(self) -> None:
        """Unblock the bot (``my_chat_member`` kicked -> member), without sending /start."""
        if not self.blocked:
            return
        self.blocked = False
        self.server._enqueue_my_chat_member(self.private_chat, self, "kicked", "member")

    def deactivate(self) -> None:
        """Delete the account: sends to this user answer ``403 Forbidden: user is deactivated``."""
        self.deactivated = True

    def _target(self, chat: FakeChat | None) -> FakeChat:
        if chat is None or chat.is_private:
            if self.blocked:
                raise RuntimeError(
                    f"{self.first_name} blocked the bot; call start_private() to restart it"
                )
            self.started = True
            return self.private_chat
        if chat.migrated_to is not None:
            raise RuntimeError(f"{chat!r} migrated to {chat.migrated_to!r}; write there")
        if not chat.is_admin(self.id):
            chat.members.setdefault(self.id, self)
        return chat

    def __repr__(self) -> str:
        return f"<FakeUser {self.id} {self.first_name!r}>"
