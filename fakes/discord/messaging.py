"""Messages on the fake Discord: created by the bot (in channels, as interaction responses
and follow-ups, ephemeral or not) or by a simulated person, edited, deleted, with their
attachments stored and served, as the API returns them, and announced on the gateway as the
bot's intents allow. `FakeDiscordServer.messaging`; the REST routes (`rest`) call it."""

from __future__ import annotations

import json
import mimetypes
import re
from typing import TYPE_CHECKING, Any

from .models import FakeChannel, FakeUser
from .records import (
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    INTENT_MESSAGE_CONTENT,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_MESSAGE_COMPONENT,
    InteractionRecord,
    MessageRecord,
    StoredAttachment,
    UploadedFile,
    empty_message,
    form_error,
    image_size,
    iso,
)
from .validation import validate_message

if TYPE_CHECKING:
    from .server import FakeDiscordServer

_MENTION = re.compile(r"<@!?(\d+)>")
_ALLOWED_CHANNEL_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2
_ALLOWED_INTERACTION_FLAGS = _ALLOWED_CHANNEL_FLAGS | FLAG_EPHEMERAL


class Messaging:
    """What happens to messages on one fake Discord (its state is the server's)."""

    def __init__(self, server: FakeDiscordServer) -> None:
        self.server = server


    def create(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        interaction: InteractionRecord | None = None,
        type: int = 0,
        reference: MessageRecord | None = None,
        channel_message: bool = False,
        followup: bool = False,
        allow_empty: bool = False,
        keep_flags: int | None = None,
    ) -> MessageRecord:
        requested = int(body.get("flags") or 0)
        if keep_flags is not None:
            flags = requested & keep_flags
        else:
            allowed = _ALLOWED_CHANNEL_FLAGS if channel_message else _ALLOWED_INTERACTION_FLAGS
            flags = requested & allowed
        validate_message(body, flags=flags)
        message_id = self.server._new_id()
        attachments = self._attachments(
            channel, message_id, body, files, [], ephemeral=bool(flags & FLAG_EPHEMERAL)
        )
        embeds = _resolve_embeds(body.get("embeds") or [], attachments)
        components = list(body.get("components") or [])
        content = body.get("content") or ""
        if not allow_empty and not (
            content
            or embeds
            or attachments
            or components
            or body.get("sticker_ids")
            or body.get("poll")
        ):
            raise empty_message()
        ephemeral_to = (
            interaction.user if interaction is not None and flags & FLAG_EPHEMERAL else None
        )
        message = MessageRecord(
            server=self.server,
            id=message_id,
            channel=channel,
            author=None,
            content=content,
            embeds=embeds,
            components=components,
            attachments=attachments,
            flags=flags,
            type=type,
            created_at=self.server.clock.time(),
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            webhook_id=self.server.application_id if interaction is not None else None,
            reference=reference,
            allowed_mentions=body.get("allowed_mentions"),
            tts=bool(body.get("tts")),
            nonce=str(body["nonce"]) if body.get("nonce") is not None else None,
        )
        self.server.messages[message.id] = message
        if ephemeral_to is not None:
            ephemeral_to.ephemeral_store[message.id] = message
        else:
            channel.store[message.id] = message
            channel.last_active = message.created_at
            self.announce("MESSAGE_CREATE", message)
        return message

    def edit(
        self, message: MessageRecord, body: dict[str, Any], files: list[UploadedFile]
    ) -> None:
        flags = message.flags
        if "flags" in body and body["flags"] is not None:
            changeable = FLAG_SUPPRESS_EMBEDS | FLAG_IS_COMPONENTS_V2
            flags = (flags & ~changeable) | (int(body["flags"]) & changeable)
        if message.flags & FLAG_IS_COMPONENTS_V2 and not flags & FLAG_IS_COMPONENTS_V2:
            raise form_error(
                ["flags"],
                "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                "Cannot remove the IS_COMPONENTS_V2 flag",
            )
        validate_message(body, flags=flags)
        attachments = message.attachments
        if "attachments" in body or files:
            attachments = self._attachments(
                message.channel,
                message.id,
                body,
                files,
                message.attachments,
                ephemeral=message.ephemeral,
            )
        content = (body["content"] or "") if "content" in body else message.content
        embeds = (
            _resolve_embeds(body["embeds"] or [], attachments)
            if "embeds" in body
            else message.embeds
        )
        components = list(body["components"] or []) if "components" in body else message.components
        if not (content or embeds or attachments or components):
            raise empty_message()
        message.history.append(message.snapshot())
        message.content = content
        message.embeds = embeds
        message.components = components
        message.attachments = attachments
        message.flags = flags & ~FLAG_LOADING
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        message.edited_at = self.server.clock.time()
        self.announce("MESSAGE_UPDATE", message)

    def delete(self, message: MessageRecord) -> None:
        message.deleted = True
        if message.ephemeral_to is None:
            payload: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                payload["guild_id"] = str(message.channel.guild.id)
            self.server.dispatch("MESSAGE_DELETE", payload)
        self.server._touch()

    def _attachments(
        self,
        channel: FakeChannel,
        message_id: int,
        body: dict[str, Any],
        files: list[UploadedFile],
        existing: list[StoredAttachment],
        *,
        ephemeral: bool,
    ) -> list[StoredAttachment]:
        uploads = {upload.index: upload for upload in files}
        meta = body.get("attachments")
        if meta is None:
            return [*existing, *(self._store_upload(channel, u, {}, ephemeral) for u in files)]
        by_id = {a.id: a for a in existing}
        used: set[int] = set()
        result: list[StoredAttachment] = []
        for i, entry in enumerate(meta):
            raw = entry.get("id")
            key = int(raw) if raw is not None and str(raw).isdigit() else None
            if key in by_id:
                result.append(by_id[key])
            elif key in uploads:
                used.add(key)
                result.append(self._store_upload(channel, uploads[key], entry, ephemeral))
            else:
                raise form_error(
                    ["attachments", i, "id"], "ATTACHMENT_NOT_FOUND", "Unknown attachment"
                )
        result += [
            self._store_upload(channel, u, {}, ephemeral)
            for i, u in uploads.items()
            if i not in used
        ]
        return result

    def _store_upload(
        self, channel: FakeChannel, upload: UploadedFile, entry: dict[str, Any], ephemeral: bool
    ) -> StoredAttachment:
        filename = str(entry.get("filename") or upload.filename or f"file{upload.index}")
        attachment_id = self.server._new_id()
        size = image_size(upload.data)
        content_type = mimetypes.guess_type(filename)[0] or (
            upload.content_type if upload.content_type != "application/octet-stream" else None
        )
        stored = StoredAttachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            url=f"{self.server.base_url}/attachments/{channel.id}/{attachment_id}/{filename}",
            content_type=content_type,
            description=entry.get("description"),
            width=size[0] if size else None,
            height=size[1] if size else None,
            ephemeral=ephemeral,
        )
        self.server.attachments[attachment_id] = stored
        return stored

    def from_user(self, user: FakeUser, channel: FakeChannel, content: str) -> MessageRecord:
        message = MessageRecord(
            server=self.server,
            id=self.server._new_id(),
            channel=channel,
            author=user,
            content=content,
            created_at=self.server.clock.time(),
        )
        self.server.messages[message.id] = message
        channel.store[message.id] = message
        self.announce("MESSAGE_CREATE", message)
        self.server._mark = len(self.server.calls)
        self.server._touch()
        return message

    def payload(
        self, message: MessageRecord, *, with_reference: bool = True
    ) -> dict[str, Any]:
        channel = message.channel
        author = dict(self.server.bot_user) if message.author is None else message.author.to_api()
        payload: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(channel.id),
            "type": message.type,
            "content": message.content,
            "author": author,
            "timestamp": iso(message.created_at),
            "edited_timestamp": iso(message.edited_at),
            "tts": message.tts,
            "mention_everyone": "@everyone" in message.content,
            "mentions": [u.to_api() for u in message.mentions],
            "mention_roles": [],
            "attachments": [a.to_api() for a in message.attachments],
            "embeds": [dict(e) for e in message.embeds],
            "components": json.loads(json.dumps(message.components)),
            "pinned": message.pinned,
            "flags": message.flags,
        }
        if channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
            if message.ephemeral_to is None:
                payload["member"] = channel.guild.member_payload(message.author, with_user=False)
        if message.nonce is not None:
            payload["nonce"] = message.nonce
        if message.webhook_id is not None:
            payload["webhook_id"] = str(message.webhook_id)
            payload["application_id"] = str(self.server.application_id)
        interaction = message.interaction
        if interaction is not None:
            metadata: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_api(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if message in interaction.followups and interaction.original is not None:
                metadata["original_response_message_id"] = str(interaction.original.id)
            if (
                interaction.type == INTERACTION_MESSAGE_COMPONENT
                and interaction.message is not None
            ):
                metadata["interacted_message_id"] = str(interaction.message.id)
            if interaction.type == INTERACTION_APPLICATION_COMMAND:
                metadata["name"] = interaction.command
                payload["interaction"] = {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "name": interaction.command,
                    "user": interaction.user.to_api(),
                }
            payload["interaction_metadata"] = metadata
        if message.reference is not None:
            payload["message_reference"] = {
                "type": 0,
                "message_id": str(message.reference.id),
                "channel_id": str(message.reference.channel.id),
                **({"guild_id": str(channel.guild.id)} if channel.guild else {}),
            }
            if with_reference:
                payload["referenced_message"] = message.reference.to_api(with_reference=False)
        if message.thread is not None:
            payload["thread"] = message.thread.to_api()
        return payload

    def mentioned_users(self, content: str) -> list[FakeUser]:
        seen: list[FakeUser] = []
        for match in _MENTION.finditer(content or ""):
            user = self.server.users.get(int(match.group(1)))
            if user is not None and user not in seen:
                seen.append(user)
        return seen

    def pinged_users(self, message: MessageRecord) -> list[FakeUser]:
        if message.ephemeral_to is not None or message.flags & FLAG_SUPPRESS_NOTIFICATIONS:
            return []
        mentioned = message.mentions
        allowed = message.allowed_mentions
        if allowed is None:
            return mentioned
        if "users" in (allowed.get("parse") or []):
            return mentioned
        ids = {int(u) for u in allowed.get("users") or []}
        return [u for u in mentioned if u.id in ids]

    def announce(self, event: str, message: MessageRecord) -> None:
        if message.ephemeral_to is not None:
            return
        guild = message.channel.guild
        session = self.server.session_for(guild.id if guild is not None else None)
        if session is None:
            return
        payload = message.to_api()
        mentioned_bot = (
            f"<@{self.server.bot_id}>" in message.content or f"<@!{self.server.bot_id}>" in message.content
        )
        if (
            not session.has_intent(INTENT_MESSAGE_CONTENT)
            and message.author is not None
            and not message.channel.is_dm
            and not mentioned_bot
        ):
            payload.update(content="", embeds=[], attachments=[], components=[])
        self.server.dispatch(event, payload)


def _resolve_embeds(
    embeds: list[dict[str, Any]], attachments: list[StoredAttachment]
) -> list[dict[str, Any]]:
    """Embeds as Discord returns them: ``attachment://name`` replaced by the file's URL."""
    by_name = {a.filename: a for a in attachments}
    resolved = []
    for embed in embeds:
        embed = json.loads(json.dumps(embed))
        embed.setdefault("type", "rich")
        for key in ("image", "thumbnail"):
            part = embed.get(key)
            if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                stored = by_name.get(part["url"][len("attachment://") :])
                if stored is not None:
                    part.update(url=stored.url, proxy_url=stored.url)
                    if stored.width is not None:
                        part.update(width=stored.width, height=stored.height)
        resolved.append(embed)
    return resolved
