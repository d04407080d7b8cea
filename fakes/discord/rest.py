"""The REST routes of the fake Discord API (``/api/v10/...``) and their semantics.

Every route has the name of the discord.py ``HTTPClient`` (or webhook
adapter) method that calls it, which is what `ApiCall.name` and
``server.wait_for("send_message")`` use. Routes marked ``auth=False`` are the
interaction webhooks (``/interactions/...``, ``/webhooks/...``), which Discord
authenticates by their token in the path, not by the bot token.

Discord behaviour reproduced here:

* channel messages: JSON or multipart (``payload_json`` + ``files[n]``),
  attachments kept with their bytes and served back, ``attachments`` on edit
  keeps/drops existing files, components and embeds stored as sent (embed
  ``attachment://name`` resolved), validation as `validation` describes,
  permission checks (50001 Missing Access, 50013 Missing Permissions),
  ephemeral messages invisible through channel endpoints (10008);
* threads: a private thread answers 50001 to a bot that is not in it (unless it
  has Manage Threads); an archived one refuses edits and deletes (400, 50083)
  and is reopened by a new message; a locked one refuses the bot's posts and
  edits without Manage Threads (403 50013, or 50083 once archived too); a
  thread idle for its ``auto_archive_duration`` archives itself; posting in a
  public thread joins it;
* edits of messages older than an hour beyond ``server.limits.old_message_edits``:
  ``429`` with code 30046;
* DMs: ``POST /users/@me/channels`` opens the channel; sending to a user who
  disallows DMs answers ``403`` code 50007; opening DM channels or sending DMs too fast
  (``server.DM_OPEN_LIMIT``, ``DM_SEND_LIMIT``) answers ``403`` code 40003;
* command syncs (``PUT .../commands``) are limited per scope (``COMMAND_SYNC_LIMIT``, and
  Discord's 200 creates a day): past them a ``429`` with a wait of minutes;
* interaction callbacks: types 4, 5, 6, 7, 8, 9; flags 64 makes the reply
  ephemeral (kept per user); a second callback answers ``400`` 40060, one
  later than ``server.interaction_timeout`` (3 s) ``404`` 10062;
* webhook follow-ups and ``@original`` (GET/PATCH/DELETE), valid for
  ``server.token_lifetime`` (15 minutes), then ``401`` 50027; the first
  follow-up after a deferred reply replaces the "thinking..." message;
* application commands (global and guild; bulk overwrite, create, edit,
  delete) stored with their localisations.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .records import (
    CALLBACK_AUTOCOMPLETE_RESULT,
    CALLBACK_CHANNEL_MESSAGE_WITH_SOURCE,
    CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    CALLBACK_DEFERRED_UPDATE_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_PUBLIC_THREAD,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    MESSAGE_CHAT_INPUT_COMMAND,
    MESSAGE_DEFAULT,
    MESSAGE_REPLY,
    PERM_ATTACH_FILES,
    PERM_CREATE_PRIVATE_THREADS,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_MANAGE_MESSAGES,
    PERM_MANAGE_THREADS,
    PERM_READ_MESSAGE_HISTORY,
    PERM_SEND_MESSAGES,
    PERM_SEND_MESSAGES_IN_THREADS,
    PERM_VIEW_CHANNEL,
    ApiCall,
    DiscordError,
    InteractionRecord,
    MessageRecord,
    already_acknowledged,
    cannot_dm,
    form_error,
    invalid_webhook_token,
    missing_access,
    missing_permissions,
    thread_archived,
    unknown_channel,
    unknown_command,
    unknown_interaction,
    unknown_message,
    unknown_user,
    unknown_webhook,
)
from .validation import validate_command, validate_commands

if TYPE_CHECKING:
    from .models import FakeChannel
    from .server import FakeDiscordServer


NO_CONTENT: Any = object()
"""A handler's result meaning ``204 No Content``."""

Handler = Callable[["FakeDiscordServer", ApiCall], Any]


@dataclass(frozen=True)
class RouteSpec:
    method: str
    template: str
    name: str
    handler: Handler
    auth: bool
    pattern: re.Pattern[str]

    @property
    def endpoint(self) -> str:
        return f"{self.method} {self.template}"


ROUTES: list[RouteSpec] = []


def _compile(template: str) -> re.Pattern[str]:
    def param(match: re.Match[str]) -> str:
        name = match.group(1)
        body = r"[^/]+" if name.endswith("token") else r"[0-9]+"
        return f"(?P<{name}>{body})"

    escaped = re.sub(r"\\\{(\w+)\\\}", param, re.escape(template))
    return re.compile(f"^{escaped}$")


def route(
    method: str, template: str, name: str, *, auth: bool = True
) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        ROUTES.append(RouteSpec(method, template, name, handler, auth, _compile(template)))
        return handler

    return register


def route_needs_token(name: str) -> bool:
    """Whether a route (by name) is called with the bot token, so counts toward the
    global limit: every one but the interaction endpoints."""
    return next((spec.auth for spec in ROUTES if spec.name == name), True)


def match_route(method: str, path: str) -> tuple[RouteSpec, dict[str, str]] | None:
    for spec in ROUTES:
        if spec.method != method:
            continue
        found = spec.pattern.match(path)
        if found:
            return spec, found.groupdict()
    return None


# ------------------------------------------------------------------ helpers


def _body(call: ApiCall) -> dict[str, Any]:
    if call.json is None:
        return {}
    if not isinstance(call.json, dict):
        raise form_error([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
    return call.json


def _int(call: ApiCall, name: str) -> int:
    return int(call.params[name])


def _channel(server: FakeDiscordServer, call: ApiCall) -> FakeChannel:
    channel = server.channels.get(_int(call, "channel_id"))
    if channel is None:
        raise unknown_channel()
    channel.archive_if_idle()
    return channel


def _require(channel: FakeChannel, *bits: int) -> None:
    if channel.is_dm:
        return
    permissions = channel.bot_permissions
    if not permissions & PERM_VIEW_CHANNEL:
        raise missing_access()
    if (
        channel.type == CHANNEL_PRIVATE_THREAD
        and channel.server.bot_id not in channel.thread_members
        and not permissions & PERM_MANAGE_THREADS
    ):
        # A private thread is invisible to whoever is not in it (moderators aside).
        raise missing_access()
    for bit in bits:
        if not permissions & bit:
            raise missing_permissions()


def _public_message(
    server: FakeDiscordServer, call: ApiCall, channel: FakeChannel
) -> MessageRecord:
    message = channel.store.get(_int(call, "message_id"))
    if message is None or message.deleted:
        raise unknown_message()
    call.message = message
    return message


def _check_can_send(server: FakeDiscordServer, channel: FakeChannel, call: ApiCall) -> None:
    if channel.is_dm:
        assert channel.recipient is not None
        if not channel.recipient.allow_dms:
            raise cannot_dm()
        return
    if channel.is_thread:
        _require(channel, PERM_SEND_MESSAGES_IN_THREADS)
        if _locked_for_bot(channel):
            raise thread_archived() if channel.archived else missing_permissions()
        if channel.archived:
            channel.unarchive()  # a message in an archived, unlocked thread reopens it
        if channel.type != CHANNEL_PRIVATE_THREAD:
            channel.thread_members.add(server.bot_id)  # posting in a public thread joins it
    else:
        _require(channel, PERM_SEND_MESSAGES)
    if call.files:
        _require(channel, PERM_ATTACH_FILES)


def _locked_for_bot(channel: FakeChannel) -> bool:
    """A locked thread takes posts and edits only from those who manage threads."""
    return channel.locked and not channel.bot_permissions & PERM_MANAGE_THREADS


def _check_can_modify(channel: FakeChannel) -> None:
    """Messages in an archived thread cannot be edited or deleted (sending reopens it)."""
    if not channel.is_thread:
        return
    if channel.archived:
        raise thread_archived()
    if _locked_for_bot(channel):
        raise missing_permissions()


# ------------------------------------------------------------------ identity


@route("GET", "/users/@me", "static_login")
def get_me(server: FakeDiscordServer, call: ApiCall) -> Any:
    return dict(server.bot_user)


@route("PATCH", "/users/@me", "edit_profile")
def edit_profile(server: FakeDiscordServer, call: ApiCall) -> Any:
    body = _body(call)
    if "username" in body:
        server.bot_user["username"] = body["username"]
    return dict(server.bot_user)


@route("GET", "/users/{user_id}", "get_user")
def get_user(server: FakeDiscordServer, call: ApiCall) -> Any:
    user_id = _int(call, "user_id")
    if user_id == server.bot_id:
        return dict(server.bot_user)
    user = server.users.get(user_id)
    if user is None:
        raise unknown_user()
    return user.to_api()


@route("GET", "/users/@me/guilds", "get_guilds")
def get_guilds(server: FakeDiscordServer, call: ApiCall) -> Any:
    return [
        {
            "id": str(g.id),
            "name": g.name,
            "icon": None,
            "owner": False,
            "permissions": str(g.base_permissions(server.bot_id)),
            "features": [],
        }
        for g in server.guilds.values()
    ]


@route("GET", "/gateway", "get_gateway")
def get_gateway(server: FakeDiscordServer, call: ApiCall) -> Any:
    return {"url": server.gateway_url}


@route("GET", "/gateway/bot", "get_bot_gateway")
def get_bot_gateway(server: FakeDiscordServer, call: ApiCall) -> Any:
    return {
        "url": server.gateway_url,
        "shards": server.recommended_shards or max(1, math.ceil(len(server.guilds) / 1000)),
        "session_start_limit": {
            "total": 1000,
            "remaining": 1000 - server.identified,
            "reset_after": 86_400_000,
            "max_concurrency": server.max_concurrency,
        },
    }


@route("GET", "/oauth2/applications/@me", "application_info")
def application_info(server: FakeDiscordServer, call: ApiCall) -> Any:
    return server.application_payload()


@route("GET", "/applications/@me", "get_application")
def get_application(server: FakeDiscordServer, call: ApiCall) -> Any:
    return server.application_payload()


# ------------------------------------------------------------------ commands


def _check_app(server: FakeDiscordServer, call: ApiCall) -> None:
    if _int(call, "application_id") != server.application_id:
        raise DiscordError(403, 50001, "Missing Access")


def _command_list(server: FakeDiscordServer, call: ApiCall) -> list[dict[str, Any]]:
    _check_app(server, call)
    if "guild_id" not in call.params:
        return server.commands
    guild = server.guilds.get(_int(call, "guild_id"))
    if guild is None:
        raise DiscordError(403, 50001, "Missing Access")
    return guild.commands


def _find_command(commands: list[dict[str, Any]], call: ApiCall) -> dict[str, Any]:
    command_id = call.params["command_id"]
    for command in commands:
        if command["id"] == command_id:
            return command
    raise unknown_command()


def _get_commands(server: FakeDiscordServer, call: ApiCall) -> Any:
    return [dict(c) for c in _command_list(server, call)]


def _put_commands(server: FakeDiscordServer, call: ApiCall) -> Any:
    commands = _command_list(server, call)
    validate_commands(call.json)
    guild_id = call.params.get("guild_id")
    old = {(c.get("type", 1), c["name"]): c for c in commands}
    creates = sum((b.get("type", 1), b["name"]) not in old for b in call.json)
    server.limits.command_sync_allowed(f"guild-{guild_id}" if guild_id else "global", creates)
    stored = [
        server.invocations.store_command(body, guild_id, old.get((body.get("type", 1), body["name"])))
        for body in call.json
    ]
    commands[:] = stored
    return [dict(c) for c in stored]


def _post_command(server: FakeDiscordServer, call: ApiCall) -> Any:
    commands = _command_list(server, call)
    body = _body(call)
    validate_command(body, [])
    key = (body.get("type", 1), body["name"])
    old = next((c for c in commands if (c.get("type", 1), c["name"]) == key), None)
    stored = server.invocations.store_command(body, call.params.get("guild_id"), old)
    if old is not None:
        commands[commands.index(old)] = stored
    else:
        commands.append(stored)
    return dict(stored)


def _get_command(server: FakeDiscordServer, call: ApiCall) -> Any:
    return dict(_find_command(_command_list(server, call), call))


def _patch_command(server: FakeDiscordServer, call: ApiCall) -> Any:
    commands = _command_list(server, call)
    command = _find_command(commands, call)
    merged = {**command, **_body(call)}
    validate_command(merged, [])
    stored = server.invocations.store_command(merged, call.params.get("guild_id"), command)
    commands[commands.index(command)] = stored
    return dict(stored)


def _delete_command(server: FakeDiscordServer, call: ApiCall) -> Any:
    commands = _command_list(server, call)
    commands.remove(_find_command(commands, call))
    return NO_CONTENT


for _scope, _prefix in (
    ("global", "/applications/{application_id}"),
    ("guild", "/applications/{application_id}/guilds/{guild_id}"),
):
    route("GET", f"{_prefix}/commands", f"get_{_scope}_commands")(_get_commands)
    route("PUT", f"{_prefix}/commands", f"bulk_upsert_{_scope}_commands")(_put_commands)
    route("POST", f"{_prefix}/commands", f"upsert_{_scope}_command")(_post_command)
    route("GET", f"{_prefix}/commands/{{command_id}}", f"get_{_scope}_command")(_get_command)
    route("PATCH", f"{_prefix}/commands/{{command_id}}", f"edit_{_scope}_command")(_patch_command)
    route("DELETE", f"{_prefix}/commands/{{command_id}}", f"delete_{_scope}_command")(
        _delete_command
    )


# ------------------------------------------------------------------ channels


@route("POST", "/users/@me/channels", "start_private_message")
def start_private_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    recipient = _body(call).get("recipient_id")
    user = server.users.get(int(recipient)) if str(recipient).isdigit() else None
    if user is None:
        raise DiscordError(400, 50033, "Invalid Recipient(s)")
    server.limits.dm_anti_spam("open")
    return user._open_dm().to_api()


@route("GET", "/channels/{channel_id}", "get_channel")
def get_channel(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel)
    return channel.to_api()


@route("PATCH", "/channels/{channel_id}", "edit_channel")
def edit_channel(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel)
    body = _body(call)
    if "name" in body:
        channel.name = body["name"]
    if "topic" in body:
        channel.topic = body["topic"]
    if channel.is_thread:
        if "archived" in body:
            channel.archived = bool(body["archived"])
            channel.archived_at = server.clock.time()
            if not channel.archived:
                channel.last_active = server.clock.time()
        if "locked" in body:
            channel.locked = bool(body["locked"])
        if "auto_archive_duration" in body:
            channel.auto_archive_duration = int(body["auto_archive_duration"])
        server.dispatch("THREAD_UPDATE", channel.to_api())
    else:
        server.dispatch("CHANNEL_UPDATE", channel.to_api())
    return channel.to_api()


@route("DELETE", "/channels/{channel_id}", "delete_channel")
def delete_channel(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel)
    payload = channel.to_api()
    server._remove_channel(channel)
    if channel.is_thread:
        server.dispatch(
            "THREAD_DELETE", {k: payload[k] for k in ("id", "guild_id", "parent_id", "type")}
        )
    elif not channel.is_dm:
        server.dispatch("CHANNEL_DELETE", payload)
    return payload


@route("POST", "/channels/{channel_id}/typing", "send_typing")
def send_typing(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _check_can_send(server, channel, call)
    return NO_CONTENT


@route("GET", "/channels/{channel_id}/messages", "logs_from")
def logs_from(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel, PERM_READ_MESSAGE_HISTORY)
    limit = min(max(int(call.query.get("limit", 50)), 1), 100)
    messages = channel.messages
    if "before" in call.query:
        messages = [m for m in messages if m.id < int(call.query["before"])]
    if "after" in call.query:
        messages = [m for m in messages if m.id > int(call.query["after"])]
        return [m.to_api() for m in reversed(messages[:limit])]
    if "around" in call.query:
        around = int(call.query["around"])
        older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
        newer = [m for m in messages if m.id > around][: limit - len(older)]
        messages = older + newer
    return [m.to_api() for m in reversed(messages[-limit:])]


@route("POST", "/channels/{channel_id}/messages", "send_message")
def send_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _check_can_send(server, channel, call)
    if channel.recipient is not None:  # a DM
        server.limits.dm_anti_spam("send")
    body = _body(call)
    reference = None
    ref = body.get("message_reference")
    if ref and ref.get("message_id"):
        reference = channel.store.get(int(ref["message_id"]))
        if reference is None and ref.get("fail_if_not_exists", True):
            raise form_error(
                ["message_reference"], "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
            )
    message = server.messaging.create(
        channel,
        body,
        call.files,
        type=MESSAGE_REPLY if reference is not None else MESSAGE_DEFAULT,
        reference=reference,
        channel_message=True,
    )
    call.message = message
    return message.to_api()


@route("GET", "/channels/{channel_id}/messages/pins", "pins_from")
def pins_from(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel, PERM_READ_MESSAGE_HISTORY)
    pinned = [m for m in reversed(channel.messages) if m.pinned]
    return {
        "items": [{"pinned_at": m.to_api()["timestamp"], "message": m.to_api()} for m in pinned],
        "has_more": False,
    }


def _pin(server: FakeDiscordServer, call: ApiCall, value: bool) -> Any:
    channel = _channel(server, call)
    _require(channel, PERM_MANAGE_MESSAGES)
    message = _public_message(server, call, channel)
    message.pinned = value
    server.messaging.announce("MESSAGE_UPDATE", message)
    return NO_CONTENT


route("PUT", "/channels/{channel_id}/messages/pins/{message_id}", "pin_message")(
    lambda s, c: _pin(s, c, True)
)
route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", "unpin_message")(
    lambda s, c: _pin(s, c, False)
)


@route("POST", "/channels/{channel_id}/messages/bulk-delete", "delete_messages")
def delete_messages(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel, PERM_MANAGE_MESSAGES)
    ids = [int(i) for i in _body(call).get("messages") or []]
    if not 2 <= len(ids) <= 100:
        raise form_error(
            ["messages"], "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100 in length."
        )
    for message_id in ids:
        message = channel.store.get(message_id)
        if message is not None and not message.deleted:
            server.messaging.delete(message)
    return NO_CONTENT


@route("GET", "/channels/{channel_id}/messages/{message_id}", "get_message")
def get_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel, PERM_READ_MESSAGE_HISTORY)
    return _public_message(server, call, channel).to_api()


@route("PATCH", "/channels/{channel_id}/messages/{message_id}", "edit_message")
def edit_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel)
    message = _public_message(server, call, channel)
    if not message.from_bot:
        raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
    _check_can_modify(channel)
    if call.files:
        _require(channel, PERM_ATTACH_FILES)
    server.limits.old_message_edit(message.channel.id, message.created_at)
    server.messaging.edit(message, _body(call), call.files)
    return message.to_api()


@route("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message")
def delete_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    channel = _channel(server, call)
    _require(channel)
    message = _public_message(server, call, channel)
    if not message.from_bot and not channel.is_dm:
        _require(channel, PERM_MANAGE_MESSAGES)
    _check_can_modify(channel)
    server.messaging.delete(message)
    return NO_CONTENT


# ------------------------------------------------------------------ threads


def _new_thread(
    server: FakeDiscordServer, call: ApiCall, parent: FakeChannel, kind: int, thread_id: int | None
) -> FakeChannel:
    if parent.is_dm or parent.is_thread or parent.guild is None:
        raise DiscordError(400, 50024, "Cannot execute action on this channel type")
    _require(
        parent,
        PERM_CREATE_PRIVATE_THREADS
        if kind == CHANNEL_PRIVATE_THREAD
        else PERM_CREATE_PUBLIC_THREADS,
    )
    body = _body(call)
    name = body.get("name")
    if not name:
        raise form_error(["name"], "BASE_TYPE_REQUIRED", "This field is required")
    thread = server._create_thread(
        parent, str(name), kind=kind, owner_id=server.bot_id, thread_id=thread_id
    )
    if "auto_archive_duration" in body:
        thread.auto_archive_duration = int(body["auto_archive_duration"])
    return thread


@route("POST", "/channels/{channel_id}/threads", "start_thread_without_message")
def start_thread_without_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    parent = _channel(server, call)
    body = _body(call)
    kind = int(body.get("type") or CHANNEL_PRIVATE_THREAD)
    if kind not in (CHANNEL_PUBLIC_THREAD, CHANNEL_PRIVATE_THREAD):
        raise form_error(["type"], "BASE_TYPE_CHOICES", "Value must be one of (10, 11, 12).")
    return _new_thread(server, call, parent, kind, None).to_api()


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads", "start_thread_with_message")
def start_thread_with_message(server: FakeDiscordServer, call: ApiCall) -> Any:
    parent = _channel(server, call)
    message = _public_message(server, call, parent)
    if message.thread is not None:
        raise DiscordError(400, 160004, "A thread has already been created for this message")
    thread = _new_thread(server, call, parent, CHANNEL_PUBLIC_THREAD, message.id)
    message.thread = thread
    server.messaging.announce("MESSAGE_UPDATE", message)
    return thread.to_api()


def _thread(server: FakeDiscordServer, call: ApiCall) -> FakeChannel:
    thread = _channel(server, call)
    if not thread.is_thread:
        raise DiscordError(400, 50024, "Cannot execute action on this channel type")
    return thread


def _thread_member(server: FakeDiscordServer, call: ApiCall, add: bool) -> Any:
    thread = _thread(server, call)
    _require(thread)
    user_id = server.bot_id if "user_id" not in call.params else _int(call, "user_id")
    if user_id != server.bot_id and user_id not in server.users:
        raise unknown_user()
    if add:
        thread.thread_members.add(user_id)
    else:
        thread.thread_members.discard(user_id)
    assert thread.guild is not None
    change: dict[str, Any] = {
        "id": str(thread.id),
        "guild_id": str(thread.guild.id),
        "member_count": len(thread.thread_members),
    }
    if add:
        change["added_members"] = [
            {
                "id": str(thread.id),
                "user_id": str(user_id),
                "join_timestamp": thread.to_api()["thread_metadata"]["create_timestamp"],
                "flags": 0,
            }
        ]
    else:
        change["removed_member_ids"] = [str(user_id)]
    server.dispatch("THREAD_MEMBERS_UPDATE", change)
    return NO_CONTENT


route("PUT", "/channels/{channel_id}/thread-members/@me", "join_thread")(
    lambda s, c: _thread_member(s, c, True)
)
route("DELETE", "/channels/{channel_id}/thread-members/@me", "leave_thread")(
    lambda s, c: _thread_member(s, c, False)
)
route("PUT", "/channels/{channel_id}/thread-members/{user_id}", "add_user_to_thread")(
    lambda s, c: _thread_member(s, c, True)
)
route("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "remove_user_from_thread")(
    lambda s, c: _thread_member(s, c, False)
)


@route("GET", "/channels/{channel_id}/thread-members", "get_thread_members")
def get_thread_members(server: FakeDiscordServer, call: ApiCall) -> Any:
    thread = _thread(server, call)
    return [
        {
            "id": str(thread.id),
            "user_id": str(uid),
            "join_timestamp": thread.to_api()["thread_metadata"]["create_timestamp"],
            "flags": 0,
        }
        for uid in sorted(thread.thread_members)
    ]


# ------------------------------------------------------------------ guilds


def _guild(server: FakeDiscordServer, call: ApiCall) -> Any:
    guild = server.guilds.get(_int(call, "guild_id"))
    if guild is None:
        raise DiscordError(404, 10004, "Unknown Guild")
    return guild


@route("GET", "/guilds/{guild_id}", "get_guild")
def get_guild(server: FakeDiscordServer, call: ApiCall) -> Any:
    payload = _guild(server, call).to_api()
    for key in (
        "members",
        "channels",
        "threads",
        "presences",
        "voice_states",
        "joined_at",
        "large",
        "member_count",
    ):
        payload.pop(key, None)
    return payload


@route("GET", "/guilds/{guild_id}/channels", "get_all_guild_channels")
def get_all_guild_channels(server: FakeDiscordServer, call: ApiCall) -> Any:
    return [c.to_api() for c in _guild(server, call).text_channels]


@route("GET", "/guilds/{guild_id}/roles", "get_roles")
def get_roles(server: FakeDiscordServer, call: ApiCall) -> Any:
    return [r.to_api() for r in _guild(server, call).roles.values()]


@route("GET", "/guilds/{guild_id}/members/{user_id}", "get_member")
def get_member(server: FakeDiscordServer, call: ApiCall) -> Any:
    guild = _guild(server, call)
    user_id = _int(call, "user_id")
    if user_id == server.bot_id:
        return guild.member_payload(None)
    if user_id not in guild.members:
        raise DiscordError(404, 10007, "Unknown Member")
    return guild.member_payload(guild.members[user_id])


# ------------------------------------------------------------------ interactions


def _interaction_for_callback(server: FakeDiscordServer, call: ApiCall) -> InteractionRecord:
    interaction = server.interactions.get(_int(call, "interaction_id"))
    if interaction is None or interaction.token != call.params["interaction_token"]:
        raise unknown_interaction()
    call.interaction = interaction
    interaction.callbacks.append(call)
    if server.clock.time() - interaction.created_at > server.interaction_timeout:
        raise unknown_interaction()
    if interaction.acknowledged:
        raise already_acknowledged()
    return interaction


def _callback_type_invalid(kind: int) -> DiscordError:
    return form_error(
        ["type"],
        "INTERACTION_RESPONSE_TYPE_INVALID",
        f"Interaction response type {kind} is not valid for this interaction",
    )


@route(
    "POST",
    "/interactions/{interaction_id}/{interaction_token}/callback",
    "create_interaction_response",
    auth=False,
)
def create_interaction_response(server: FakeDiscordServer, call: ApiCall) -> Any:
    interaction = _interaction_for_callback(server, call)
    body = _body(call)
    kind = body.get("type")
    data = body.get("data") or {}
    if not isinstance(data, dict):
        raise form_error(
            ["data"], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"
        )
    is_component = interaction.type == INTERACTION_MESSAGE_COMPONENT or (
        interaction.type == INTERACTION_MODAL_SUBMIT and interaction.message is not None
    )
    resource: dict[str, Any] | None = None
    if interaction.type == INTERACTION_AUTOCOMPLETE:
        if kind != CALLBACK_AUTOCOMPLETE_RESULT:
            raise _callback_type_invalid(kind)
        interaction.autocomplete_choices = list(data.get("choices") or [])
    elif kind in (
        CALLBACK_CHANNEL_MESSAGE_WITH_SOURCE,
        CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    ):
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        message_type = (
            MESSAGE_CHAT_INPUT_COMMAND
            if interaction.type == INTERACTION_APPLICATION_COMMAND
            else MESSAGE_DEFAULT
        )
        if kind == CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE:
            flags = FLAG_LOADING | (FLAG_EPHEMERAL if ephemeral else 0)
            message = server.messaging.create(
                interaction.channel,
                {"content": "", "flags": flags},
                [],
                interaction=interaction,
                type=message_type,
                allow_empty=True,
                keep_flags=FLAG_LOADING | FLAG_EPHEMERAL,
            )
        else:
            message = server.messaging.create(
                interaction.channel, data, call.files, interaction=interaction, type=message_type
            )
        interaction.original = message
        call.message = message
        resource = {"type": kind, "message": message.to_api()}
    elif kind == CALLBACK_DEFERRED_UPDATE_MESSAGE:
        if not is_component:
            raise _callback_type_invalid(kind)
        interaction.original = interaction.message
    elif kind == CALLBACK_UPDATE_MESSAGE:
        if not is_component or interaction.message is None:
            raise _callback_type_invalid(kind)
        message = interaction.message
        if message.deleted:
            raise unknown_message()
        server.messaging.edit(message, data, call.files)
        interaction.original = message
        call.message = message
        resource = {"type": kind, "message": message.to_api()}
    elif kind == CALLBACK_MODAL:
        if interaction.type == INTERACTION_MODAL_SUBMIT:
            raise _callback_type_invalid(kind)
        for key in ("custom_id", "title", "components"):
            if not data.get(key):
                raise form_error(["data", key], "BASE_TYPE_REQUIRED", "This field is required")
        interaction.modal = data
    else:
        raise _callback_type_invalid(kind)
    interaction.response_type = kind
    interaction.responded_at = server.clock.time()
    if call.query.get("with_response") not in ("1", "true", "True"):
        return NO_CONTENT
    original = interaction.original
    result: dict[str, Any] = {
        "interaction": {
            "id": str(interaction.id),
            "type": interaction.type,
            "response_message_loading": kind == CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
            "response_message_ephemeral": bool(
                original is not None and original.ephemeral_to is not None
            ),
        }
    }
    if original is not None and kind in (4, 5, 7):
        result["interaction"]["response_message_id"] = str(original.id)
    if resource is not None:
        result["resource"] = resource
    return result


def _interaction_for_webhook(server: FakeDiscordServer, call: ApiCall) -> InteractionRecord:
    interaction = server._interactions_by_token.get(call.params["webhook_token"])
    if interaction is None:
        raise invalid_webhook_token()
    call.interaction = interaction
    interaction.webhook_calls.append(call)
    if _int(call, "webhook_id") != server.application_id:
        raise unknown_webhook()
    if server.clock.time() > interaction.token_expires_at:
        raise invalid_webhook_token()
    if not interaction.acknowledged:
        raise unknown_webhook()
    return interaction


def _webhook_message(
    server: FakeDiscordServer, call: ApiCall, interaction: InteractionRecord
) -> MessageRecord:
    message_id = call.params.get("message_id")
    if message_id is None:  # @original
        message = interaction.original
    else:
        wanted = int(message_id)
        candidates = [*interaction.messages, interaction.original, interaction.message]
        message = next((m for m in candidates if m is not None and m.id == wanted), None)
        if message is None:
            found = server.messages.get(wanted)
            # Public messages the bot's application sent in this channel are reachable too.
            if (
                found is not None
                and found.from_bot
                and found.ephemeral_to is None
                and found.channel is interaction.channel
            ):
                message = found
    if message is None or message.deleted:
        raise unknown_message()
    if message.ephemeral_to is not None and message.ephemeral_to is not interaction.user:
        raise unknown_message()
    call.message = message
    return message


@route("POST", "/webhooks/{webhook_id}/{webhook_token}", "execute_webhook", auth=False)
def execute_webhook(server: FakeDiscordServer, call: ApiCall) -> Any:
    interaction = _interaction_for_webhook(server, call)
    body = _body(call)
    original = interaction.original
    if (
        interaction.response_type == CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
        and original is not None
        and original.loading
        and not original.deleted
    ):
        # Discord: the first follow-up after a deferred reply replaces "thinking...".
        server.messaging.edit(original, body, call.files)
        message = original
    else:
        ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
        if not ephemeral:
            _check_followup_channel(interaction.channel)
        message = server.messaging.create(
            interaction.channel,
            body,
            call.files,
            interaction=interaction,
            type=MESSAGE_DEFAULT,
            followup=True,
        )
        interaction.followups.append(message)
    call.message = message
    if call.query.get("wait") in ("1", "true", "True"):
        return message.to_api()
    return NO_CONTENT


def _check_followup_channel(channel: FakeChannel) -> None:
    if channel.is_thread and channel.archived and channel.locked:
        raise thread_archived()


def _webhook_get(server: FakeDiscordServer, call: ApiCall) -> Any:
    interaction = _interaction_for_webhook(server, call)
    return _webhook_message(server, call, interaction).to_api()


def _webhook_edit(server: FakeDiscordServer, call: ApiCall) -> Any:
    interaction = _interaction_for_webhook(server, call)
    message = _webhook_message(server, call, interaction)
    server.messaging.edit(message, _body(call), call.files)
    return message.to_api()


def _webhook_delete(server: FakeDiscordServer, call: ApiCall) -> Any:
    interaction = _interaction_for_webhook(server, call)
    server.messaging.delete(_webhook_message(server, call, interaction))
    return NO_CONTENT


for _suffix, _kind in (
    ("@original", "original_interaction_response"),
    ("{message_id}", "webhook_message"),
):
    _template = f"/webhooks/{{webhook_id}}/{{webhook_token}}/messages/{_suffix}"
    route("GET", _template, f"get_{_kind}", auth=False)(_webhook_get)
    route("PATCH", _template, f"edit_{_kind}", auth=False)(_webhook_edit)
    route("DELETE", _template, f"delete_{_kind}", auth=False)(_webhook_delete)


@route("GET", "/webhooks/{webhook_id}/{webhook_token}", "fetch_webhook_with_token", auth=False)
def fetch_webhook_with_token(server: FakeDiscordServer, call: ApiCall) -> Any:
    interaction = _interaction_for_webhook(server, call)
    return {
        "id": str(server.application_id),
        "type": 3,
        "name": server.bot_user["username"],
        "avatar": None,
        "channel_id": str(interaction.channel.id),
        "guild_id": str(interaction.guild.id) if interaction.guild else None,
        "application_id": str(server.application_id),
        "token": call.params["webhook_token"],
    }
