"""Bot API methods of the fake server, with Telegram's semantics and error texts.

Each function takes the server and the decoded `ApiCall` and returns the
``result`` or raises `ApiError`. `METHODS` maps the lower-cased method name
(Telegram's method names are case-insensitive) to ``(canonical name,
function)``; anything else is answered ``404 Not Found: method not found``.

Behaviour worth knowing when writing tests:

* editing without ``reply_markup`` removes the inline keyboard, as on Telegram;
  an edit that changes nothing is ``400 message is not modified``;
* sends to a person who never opened the DM are ``403 bot can't initiate
  conversation with a user``; after ``block_bot()``, ``403 bot was blocked by
  the user``; a migrated group answers 400 with ``migrate_to_chat_id``;
* ``parse_mode`` is applied (see `formatting`), so records hold plain text
  plus entities and malformed markup is ``400 can't parse entities``;
* uploads must be real images for ``sendPhoto`` (``IMAGE_PROCESS_FAILED``).
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .formatting import Entity, EntityParseError, format_text
from .records import ApiCall, MessageRecord, MessageSnapshot, StoredFile, bad_request, forbidden

if TYPE_CHECKING:
    from .server import FakeTelegramServer
    from .users import FakeChat

Handler = Callable[["FakeTelegramServer", ApiCall], Any]

METHODS: dict[str, tuple[str, Handler]] = {}

NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
CALLBACK_EXPIRED = "query is too old and response timeout expired or query ID is invalid"
CHAT_ACTIONS = {
    "typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
    "upload_document", "choose_sticker", "find_location", "record_video_note", "upload_video_note",
}  # fmt: skip
COMMAND_SCOPES = {
    "default", "all_private_chats", "all_group_chats", "all_chat_administrators", "chat",
    "chat_administrators", "chat_member",
}  # fmt: skip
BUTTON_ACTIONS = (
    "url", "callback_data", "web_app", "login_url", "switch_inline_query",
    "switch_inline_query_current_chat", "switch_inline_query_chosen_chat", "copy_text",
    "callback_game", "pay",
)  # fmt: skip


def api_method(name: str) -> Callable[[Handler], Handler]:
    """Register a Bot API method implementation under its canonical name."""

    def register(func: Handler) -> Handler:
        METHODS[name.lower()] = (name, func)
        return func

    return register


# ------------------------------------------------------------------ parameters


def _required(params: dict[str, Any], name: str, message: str | None = None) -> Any:
    value = params.get(name)
    if value is None or value == "":
        raise bad_request(message or f"{name} is empty")
    return value


def _int(params: dict[str, Any], name: str) -> int:
    value = _required(params, name)
    if isinstance(value, bool):
        raise bad_request(f"{name} is invalid")
    try:
        return int(value)
    except (TypeError, ValueError) as error:
        raise bad_request(f"{name} is invalid") from error


def _optional_int(params: dict[str, Any], name: str) -> int | None:
    return None if params.get(name) in (None, "") else _int(params, name)


def _clean(value: Any) -> Any:
    """Drop null fields recursively (JSON bodies may carry them, Telegram ignores them)."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def _now() -> int:
    return int(time.time())


# ----------------------------------------------------------------------- chats


def resolve_chat(server: FakeTelegramServer, chat_id: Any) -> FakeChat:
    """The chat for a ``chat_id`` parameter (id or ``@username``), or 400."""
    chat: FakeChat | None = None
    if isinstance(chat_id, str) and chat_id.startswith("@"):
        name = chat_id[1:].lower()
        chat = next(
            (
                c
                for c in server.chats.values()
                if (c.username or (c.user.username if c.user else "") or "").lower() == name
            ),
            None,
        )
    else:
        try:
            chat = server.chats.get(int(chat_id))
        except (TypeError, ValueError):
            chat = None
    if chat is None:
        raise bad_request("chat not found")
    if chat.migrated_to is not None:
        raise bad_request(
            "group chat was upgraded to a supergroup chat",
            {"migrate_to_chat_id": chat.migrated_to.id},
        )
    return chat


def _check_group_access(chat: FakeChat) -> None:
    if not chat.is_group:
        return
    kind = "supergroup" if chat.type == "supergroup" else "group"
    if chat.bot_status == "kicked":
        raise forbidden(f"bot was kicked from the {kind} chat")
    if chat.bot_status == "left":
        raise forbidden(f"bot is not a member of the {kind} chat")


def _check_writable(chat: FakeChat) -> None:
    if chat.is_private and chat.user is not None:
        if chat.user.deactivated:
            raise forbidden("user is deactivated")
        if chat.user.blocked:
            raise forbidden("bot was blocked by the user")
        if not chat.user.started:
            raise forbidden("bot can't initiate conversation with a user")
    _check_group_access(chat)


def _writable_chat(server: FakeTelegramServer, params: dict[str, Any]) -> FakeChat:
    chat = resolve_chat(server, _required(params, "chat_id"))
    _check_writable(chat)
    return chat


def _thread(chat: FakeChat, params: dict[str, Any]) -> int | None:
    thread_id = _optional_int(params, "message_thread_id")
    if not chat.is_forum:
        return None
    if thread_id is not None and thread_id not in chat.topics:
        raise bad_request("message thread not found")
    return thread_id


def _reply_target(chat: FakeChat, params: dict[str, Any]) -> MessageRecord | None:
    reply = params.get("reply_parameters") or {}
    message_id = reply.get("message_id") if isinstance(reply, dict) else None
    allow_missing = bool(
        reply.get("allow_sending_without_reply") if isinstance(reply, dict) else False
    )
    if message_id is None:
        message_id = params.get("reply_to_message_id")
        allow_missing = bool(params.get("allow_sending_without_reply"))
    if message_id in (None, ""):
        return None
    target = chat.store.get(int(message_id))
    if target is None or target.deleted:
        if allow_missing:
            return None
        raise bad_request("message to be replied not found")
    return target


def _markup(params: dict[str, Any]) -> dict[str, Any] | None:
    markup = params.get("reply_markup")
    if markup in (None, "", {}):
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    markup = _clean(markup)
    rows = markup.get("inline_keyboard")
    if rows is not None and not any(rows):
        return None  # an empty inline keyboard means "no keyboard"
    if rows is not None:
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise bad_request(
                'field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays'
            )
        for row in rows:
            for button in row:
                if not button.get("text"):
                    raise bad_request("text buttons are unallowed in the inline keyboard")
                if not any(key in button for key in BUTTON_ACTIONS):
                    raise bad_request("text buttons are unallowed in the inline keyboard")
                data = button.get("callback_data")
                if data is not None and not 1 <= len(str(data).encode("utf-8")) <= 64:
                    raise bad_request("BUTTON_DATA_INVALID")
    return markup


def _check_web_apps(chat: FakeChat, markup: Any) -> None:
    """Telegram opens a Mini App from an inline button only in a private chat (elsewhere a
    direct link, t.me/<bot>/<app>, does it), and only at an https:// address."""
    rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
    for row in rows if isinstance(rows, list) else ():
        for button in row if isinstance(row, list) else ():
            web_app = button.get("web_app") if isinstance(button, dict) else None
            if web_app is None:
                continue
            if not chat.is_private:
                raise bad_request("BUTTON_TYPE_INVALID")
            url = web_app.get("url") if isinstance(web_app, dict) else None
            if not isinstance(url, str) or not url.startswith("https://"):
                raise bad_request(
                    f"inline keyboard button Web App URL '{url}' is invalid: Only HTTPS links "
                    "are allowed"
                )


def _format(
    raw: Any,
    parse_mode: Any,
    entities: list[Entity] | None,
    *,
    caption: bool,
) -> tuple[str | None, list[Entity]]:
    if caption and raw in (None, ""):
        return None, []
    try:
        text, found = format_text(
            str(raw) if raw is not None else None, parse_mode or None, entities
        )
    except EntityParseError as error:
        raise bad_request(f"can't parse entities: {error}") from error
    except ValueError as error:
        raise bad_request("unsupported parse_mode") from error
    if caption:
        if len(text) > 1024:
            raise bad_request("message caption is too long")
        return text or None, found
    if not text:
        raise bad_request("message text is empty")
    if len(text) > 4096:
        raise bad_request("message is too long")
    return text, found


def _input_file(
    server: FakeTelegramServer,
    call: ApiCall,
    value: Any,
    kind: str,
    field: str | None,
) -> StoredFile:
    """Resolve an InputFile parameter: an upload (direct or ``attach://``), a file_id or a URL."""
    upload = None
    if isinstance(value, str) and value.startswith("attach://"):
        upload = call.files.get(value[len("attach://") :])
        if upload is None:
            raise bad_request("wrong file identifier/HTTP URL specified")
    elif value in (None, "") and field is not None:
        upload = call.files.get(field)
    if upload is not None:
        return server._store_bytes(
            kind, upload.data, filename=upload.filename, content_type=upload.content_type
        )
    if value in (None, ""):
        raise bad_request(f"there is no {kind} in the request")
    stored = server.files.get(str(value))
    if stored is not None:
        if stored.kind != kind:
            raise bad_request("type of file mismatch")
        return stored
    if re.match(r"https?://", str(value)):
        return server.store_url(kind, str(value))
    raise bad_request("wrong file identifier/HTTP URL specified")


# -------------------------------------------------------------------- bot info


@api_method("getMe")
def get_me(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    return dict(server.bot_user)


@api_method("logOut")
def log_out(server: FakeTelegramServer, call: ApiCall) -> bool:
    return True


@api_method("close")
def close(server: FakeTelegramServer, call: ApiCall) -> bool:
    return True


@api_method("getUpdates")
def get_updates(server: FakeTelegramServer, call: ApiCall) -> Any:
    return server.get_updates(call)


@api_method("setWebhook")
def set_webhook(server: FakeTelegramServer, call: ApiCall) -> bool:
    server.webhook.configure(call.params)
    return True


@api_method("deleteWebhook")
def delete_webhook(server: FakeTelegramServer, call: ApiCall) -> bool:
    server.webhook.clear(drop=bool(call.params.get("drop_pending_updates")))
    return True


@api_method("getWebhookInfo")
def get_webhook_info(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    return server.webhook.info()


@api_method("setMyCommands")
def set_my_commands(server: FakeTelegramServer, call: ApiCall) -> bool:
    params = call.params
    commands = params.get("commands")
    if not isinstance(commands, list):
        raise bad_request("can't parse commands JSON object")
    if len(commands) > 100:
        raise bad_request("too many commands")
    cleaned = []
    for command in commands:
        name = str(command.get("command", ""))
        description = str(command.get("description", ""))
        if not re.fullmatch(r"[a-z0-9_]{1,32}", name):
            raise bad_request("BOT_COMMAND_INVALID")
        if not 1 <= len(description) <= 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
        cleaned.append({"command": name, "description": description})
    key = (_scope_key(server, params), str(params.get("language_code") or ""))
    if cleaned:
        server.commands[key] = cleaned
    else:
        server.commands.pop(key, None)
    return True


def _scope_key(server: FakeTelegramServer, params: dict[str, Any]) -> str:
    scope = params.get("scope")
    if scope is not None:
        if not isinstance(scope, dict) or scope.get("type") not in COMMAND_SCOPES:
            raise bad_request("unsupported bot command scope type")
        if "chat_id" in scope:
            resolve_chat(server, scope["chat_id"])
    return server.scope_key(_clean(scope) if scope else None)


@api_method("getMyCommands")
def get_my_commands(server: FakeTelegramServer, call: ApiCall) -> list[dict[str, str]]:
    key = (_scope_key(server, call.params), str(call.params.get("language_code") or ""))
    return [dict(c) for c in server.commands.get(key, [])]


@api_method("deleteMyCommands")
def delete_my_commands(server: FakeTelegramServer, call: ApiCall) -> bool:
    key = (_scope_key(server, call.params), str(call.params.get("language_code") or ""))
    server.commands.pop(key, None)
    return True


def _bot_setting(setter: str, getter: str, field: str) -> None:
    def set_value(server: FakeTelegramServer, call: ApiCall) -> bool:
        language = str(call.params.get("language_code") or "")
        server.bot_settings.setdefault(setter, {})[language] = call.params.get(field) or ""
        return True

    def get_value(server: FakeTelegramServer, call: ApiCall) -> dict[str, str]:
        language = str(call.params.get("language_code") or "")
        values = server.bot_settings.get(setter, {})
        return {field: values.get(language, values.get("", ""))}

    api_method(setter)(set_value)
    api_method(getter)(get_value)


_bot_setting("setMyDescription", "getMyDescription", "description")
_bot_setting("setMyShortDescription", "getMyShortDescription", "short_description")
_bot_setting("setMyName", "getMyName", "name")


@api_method("setChatMenuButton")
def set_chat_menu_button(server: FakeTelegramServer, call: ApiCall) -> bool:
    key = str(call.params.get("chat_id") or "")
    button = call.params.get("menu_button") or {"type": "default"}
    if not isinstance(button, dict) or button.get("type") not in ("default", "commands", "web_app"):
        raise bad_request("can't parse menu button JSON object")
    if button["type"] == "web_app":
        web_app = button.get("web_app")
        url = web_app.get("url") if isinstance(web_app, dict) else None
        if not button.get("text") or not isinstance(url, str) or not url.startswith("https://"):
            raise bad_request("BUTTON_URL_INVALID")
    server.bot_settings.setdefault("setChatMenuButton", {})[key] = button
    return True


@api_method("getChatMenuButton")
def get_chat_menu_button(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    values = server.bot_settings.get("setChatMenuButton", {})
    key = str(call.params.get("chat_id") or "")
    return dict(values.get(key) or values.get("") or {"type": "default"})


@api_method("setMyDefaultAdministratorRights")
def set_default_admin_rights(server: FakeTelegramServer, call: ApiCall) -> bool:
    server.bot_settings["setMyDefaultAdministratorRights"] = call.params.get("rights")
    return True


# ---------------------------------------------------------------------- sending


def _new_bot_message(
    server: FakeTelegramServer, call: ApiCall, chat: FakeChat, **fields: Any
) -> dict[str, Any]:
    params = call.params
    thread_id = _thread(chat, params)
    reply_to = _reply_target(chat, params)
    if reply_to is not None and chat.is_forum and thread_id is None:
        thread_id = reply_to.thread_id
    _check_web_apps(chat, params.get("reply_markup"))
    markup = _markup(params)
    record = chat._add_message(
        sender=server.bot_sender,
        from_bot=True,
        reply_markup=markup,
        thread_id=thread_id,
        reply_to=reply_to,
        **fields,
    )
    call.record = record
    return record.to_api()


@api_method("sendMessage")
def send_message(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    params = call.params
    chat = _writable_chat(server, params)
    _thread(chat, params)
    text, entities = _format(
        params.get("text"), params.get("parse_mode"), params.get("entities"), caption=False
    )
    return _new_bot_message(
        server,
        call,
        chat,
        text=text,
        entities=entities,
        parse_mode=params.get("parse_mode"),
        source_text=params.get("text"),
    )


def _send_media(server: FakeTelegramServer, call: ApiCall, kind: str) -> dict[str, Any]:
    params = call.params
    chat = _writable_chat(server, params)
    _thread(chat, params)
    caption, caption_entities = _format(
        params.get("caption"),
        params.get("parse_mode"),
        params.get("caption_entities"),
        caption=True,
    )
    stored = _input_file(server, call, params.get(kind), kind, kind)
    return _new_bot_message(
        server,
        call,
        chat,
        media=stored,
        caption=caption,
        caption_entities=caption_entities,
        parse_mode=params.get("parse_mode"),
        source_text=params.get("caption"),
    )


@api_method("sendPhoto")
def send_photo(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    return _send_media(server, call, "photo")


@api_method("sendDocument")
def send_document(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    return _send_media(server, call, "document")


@api_method("sendAnimation")
def send_animation(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    return _send_media(server, call, "animation")


@api_method("sendChatAction")
def send_chat_action(server: FakeTelegramServer, call: ApiCall) -> bool:
    chat = _writable_chat(server, call.params)
    _thread(chat, call.params)
    if call.params.get("action") not in CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    return True


# ---------------------------------------------------------------------- editing


def _edit_target(server: FakeTelegramServer, call: ApiCall) -> MessageRecord:
    params = call.params
    if params.get("inline_message_id"):
        raise bad_request("MESSAGE_ID_INVALID")  # inline messages are not simulated
    chat = _writable_chat(server, params)
    _check_web_apps(chat, params.get("reply_markup"))
    record = chat.store.get(_int(params, "message_id"))
    if record is None or record.deleted:
        raise bad_request("message to edit not found")
    if not record.from_bot:
        raise bad_request("message can't be edited")
    return record


def _commit_edit(
    call: ApiCall, record: MessageRecord, new: MessageSnapshot, **source: Any
) -> dict[str, Any]:
    if new.comparable() == record.snapshot().comparable():
        raise bad_request(NOT_MODIFIED)
    record.history.append(record.snapshot())
    record.text = new.text
    record.entities = new.entities
    record.caption = new.caption
    record.caption_entities = new.caption_entities
    record.media = new.media
    record.reply_markup = new.reply_markup
    record.edit_date = _now()
    for name, value in source.items():
        setattr(record, name, value)
    call.record = record
    return record.to_api()


@api_method("editMessageText")
def edit_message_text(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    params = call.params
    record = _edit_target(server, call)
    if record.media is not None:
        raise bad_request("there is no text in the message to edit")
    text, entities = _format(
        params.get("text"), params.get("parse_mode"), params.get("entities"), caption=False
    )
    new = dataclasses.replace(
        record.snapshot(), text=text, entities=entities, reply_markup=_markup(params)
    )
    return _commit_edit(
        call, record, new, parse_mode=params.get("parse_mode"), source_text=params.get("text")
    )


@api_method("editMessageCaption")
def edit_message_caption(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    params = call.params
    record = _edit_target(server, call)
    if record.media is None:
        raise bad_request("there is no caption in the message to edit")
    caption, entities = _format(
        params.get("caption"),
        params.get("parse_mode"),
        params.get("caption_entities"),
        caption=True,
    )
    new = dataclasses.replace(
        record.snapshot(), caption=caption, caption_entities=entities, reply_markup=_markup(params)
    )
    return _commit_edit(
        call, record, new, parse_mode=params.get("parse_mode"), source_text=params.get("caption")
    )


@api_method("editMessageMedia")
def edit_message_media(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    params = call.params
    record = _edit_target(server, call)
    media = _required(params, "media")
    if not isinstance(media, dict):
        raise bad_request("can't parse InputMedia JSON object")
    kind = media.get("type")
    if kind not in ("photo", "document", "animation"):
        raise bad_request(f"media type {kind!r} is not supported by the fake server")
    if record.media is None:
        raise bad_request("there is no media in the message to edit")
    caption, entities = _format(
        media.get("caption"), media.get("parse_mode"), media.get("caption_entities"), caption=True
    )
    stored = _input_file(server, call, media.get("media"), kind, None)
    new = dataclasses.replace(
        record.snapshot(),
        media=stored,
        caption=caption,
        caption_entities=entities,
        reply_markup=_markup(params),
    )
    return _commit_edit(
        call, record, new, parse_mode=media.get("parse_mode"), source_text=media.get("caption")
    )


@api_method("editMessageReplyMarkup")
def edit_message_reply_markup(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    record = _edit_target(server, call)
    new = dataclasses.replace(record.snapshot(), reply_markup=_markup(call.params))
    return _commit_edit(call, record, new)


# --------------------------------------------------------------------- deleting


def _deletable(chat: FakeChat, record: MessageRecord) -> bool:
    return record.from_bot or chat.is_private or chat.bot_is_admin


@api_method("deleteMessage")
def delete_message(server: FakeTelegramServer, call: ApiCall) -> bool:
    chat = _writable_chat(server, call.params)
    record = chat.store.get(_int(call.params, "message_id"))
    if record is None or record.deleted:
        raise bad_request("message to delete not found")
    if not _deletable(chat, record):
        raise bad_request("message can't be deleted")
    record.deleted = True
    call.record = record
    return True


@api_method("deleteMessages")
def delete_messages(server: FakeTelegramServer, call: ApiCall) -> bool:
    chat = _writable_chat(server, call.params)
    ids = call.params.get("message_ids")
    if not isinstance(ids, list) or not 1 <= len(ids) <= 100:
        raise bad_request("message_ids must be a non-empty Array of at most 100 identifiers")
    for message_id in ids:
        record = chat.store.get(int(message_id))
        if record is not None and not record.deleted and _deletable(chat, record):
            record.deleted = True
    return True


# -------------------------------------------------------------------- callbacks


@api_method("answerCallbackQuery")
def answer_callback_query(server: FakeTelegramServer, call: ApiCall) -> bool:
    query_id = str(_required(call.params, "callback_query_id"))
    record = server.callbacks.get(query_id)
    if record is None:
        raise bad_request(CALLBACK_EXPIRED)
    already = record.answered
    record.answers.append(call)
    expired = (
        server.callback_timeout is not None
        and time.monotonic() - record.time > server.callback_timeout
    )
    if already or expired:
        raise bad_request(CALLBACK_EXPIRED)
    text = call.params.get("text")
    if text and len(str(text)) > 200:
        raise bad_request("MESSAGE_TOO_LONG")
    return True


# ------------------------------------------------------------------- chat info


@api_method("getChat")
def get_chat(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    chat = resolve_chat(server, _required(call.params, "chat_id"))
    _check_group_access(chat)
    return chat.full_info()


def _member_status(
    server: FakeTelegramServer, chat: FakeChat, user_id: int
) -> tuple[dict[str, Any], str]:
    if user_id == server.bot_id:
        return server.bot_sender, ("member" if chat.is_private else chat.bot_status)
    person = server.users.get(user_id)
    if person is None:
        raise bad_request("user not found")
    if chat.is_private:
        if chat.user is None or chat.user.id != user_id:
            raise bad_request("user not found")
        return person.to_api(), "member"
    if chat.owner is not None and chat.owner.id == user_id:
        return person.to_api(), "creator"
    if user_id in chat.admins:
        return person.to_api(), "administrator"
    if user_id in chat.members:
        return person.to_api(), "member"
    return person.to_api(), "left"


@api_method("getChatMember")
def get_chat_member(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    chat = resolve_chat(server, _required(call.params, "chat_id"))
    _check_group_access(chat)
    user, status = _member_status(server, chat, _int(call.params, "user_id"))
    return server.member_object(chat, user, status)


@api_method("getChatAdministrators")
def get_chat_administrators(server: FakeTelegramServer, call: ApiCall) -> list[dict[str, Any]]:
    chat = resolve_chat(server, _required(call.params, "chat_id"))
    if chat.is_private:
        raise bad_request("there are no administrators in the private chat")
    _check_group_access(chat)
    admins = []
    if chat.owner is not None:
        admins.append(server.member_object(chat, chat.owner.to_api(), "creator"))
    admins.extend(
        server.member_object(chat, user.to_api(), "administrator") for user in chat.admins.values()
    )
    if chat.bot_is_admin:
        admins.append(server.member_object(chat, server.bot_sender, "administrator"))
    return admins


@api_method("getChatMemberCount")
def get_chat_member_count(server: FakeTelegramServer, call: ApiCall) -> int:
    chat = resolve_chat(server, _required(call.params, "chat_id"))
    if chat.is_private:
        return 2
    _check_group_access(chat)
    return (chat.owner is not None) + len(chat.admins) + len(chat.members) + 1


# ---------------------------------------------------------------------- pinning


def _pin_rights(chat: FakeChat) -> None:
    if chat.is_group and not chat.bot_is_admin:
        raise bad_request("not enough rights to manage pinned messages in the chat")


@api_method("pinChatMessage")
def pin_chat_message(server: FakeTelegramServer, call: ApiCall) -> bool:
    chat = _writable_chat(server, call.params)
    _pin_rights(chat)
    record = chat.store.get(_int(call.params, "message_id"))
    if record is None or record.deleted:
        raise bad_request("message to pin not found")
    record.pinned = True
    call.record = record
    return True


@api_method("unpinChatMessage")
def unpin_chat_message(server: FakeTelegramServer, call: ApiCall) -> bool:
    chat = _writable_chat(server, call.params)
    _pin_rights(chat)
    message_id = _optional_int(call.params, "message_id")
    if message_id is None:
        pinned = [m for m in chat.messages if m.pinned]
        if pinned:
            pinned[-1].pinned = False
        return True
    record = chat.store.get(message_id)
    if record is None or record.deleted:
        raise bad_request("message to unpin not found")
    record.pinned = False
    call.record = record
    return True


@api_method("unpinAllChatMessages")
def unpin_all_chat_messages(server: FakeTelegramServer, call: ApiCall) -> bool:
    chat = _writable_chat(server, call.params)
    _pin_rights(chat)
    for record in chat.messages:
        record.pinned = False
    return True


# ------------------------------------------------------------------------ files


@api_method("getFile")
def get_file(server: FakeTelegramServer, call: ApiCall) -> dict[str, Any]:
    file_id = str(_required(call.params, "file_id"))
    stored = server.files.get(file_id)
    if stored is None:
        raise bad_request("invalid file_id")
    result: dict[str, Any] = {"file_id": file_id, "file_unique_id": stored.file_unique_id}
    if stored.data is not None:
        result["file_size"] = stored.file_size
        result["file_path"] = stored.file_path
    return result
