"""What the fake Discord server records: requests, messages, interactions, events.

* `ApiCall`: one REST request the bot made and the answer it got;
* `MessageRecord` / `MessageSnapshot`: a message as Discord holds it, with its
  edit history, components as sent and attachment bytes (`StoredAttachment`);
* `InteractionRecord`: an interaction a simulated person caused, with every
  attempt to answer it (callbacks, webhook follow-ups);
* `GatewayEvent`: one dispatch the server queued for the bot's websocket;
* `DiscordError`: a Discord error answer (status, JSON error code, message);
* `FakeClock`: the server's clock; advance it to expire interaction tokens.

Discord numbers (intents, flags, interaction and callback types, permission
bits) are module constants here, named like in the Discord API docs.
"""

from __future__ import annotations

import io
import itertools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL.Image import Image

    from .models import FakeChannel, FakeGuild, FakeUser
    from .server import FakeDiscordServer

DISCORD_EPOCH_MS = 1_420_070_400_000

# Gateway intents.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = {
    "members": INTENT_GUILD_MEMBERS,
    "presences": INTENT_GUILD_PRESENCES,
    "message_content": INTENT_MESSAGE_CONTENT,
}

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_IS_COMPONENTS_V2 = 1 << 15

# Interaction types.
INTERACTION_PING = 1
INTERACTION_APPLICATION_COMMAND = 2
INTERACTION_MESSAGE_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

# Interaction callback types.
CALLBACK_PONG = 1
CALLBACK_CHANNEL_MESSAGE_WITH_SOURCE = 4
CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE = 5
CALLBACK_DEFERRED_UPDATE_MESSAGE = 6
CALLBACK_UPDATE_MESSAGE = 7
CALLBACK_AUTOCOMPLETE_RESULT = 8
CALLBACK_MODAL = 9
CALLBACK_NAMES = {
    1: "PONG",
    4: "CHANNEL_MESSAGE_WITH_SOURCE",
    5: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    6: "DEFERRED_UPDATE_MESSAGE",
    7: "UPDATE_MESSAGE",
    8: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    9: "MODAL",
}

# Component types.
COMPONENT_ACTION_ROW = 1
COMPONENT_BUTTON = 2
COMPONENT_STRING_SELECT = 3
COMPONENT_TEXT_INPUT = 4
COMPONENT_USER_SELECT = 5
COMPONENT_ROLE_SELECT = 6
COMPONENT_MENTIONABLE_SELECT = 7
COMPONENT_CHANNEL_SELECT = 8
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
BUTTON_LINK = 5
BUTTON_PREMIUM = 6

# Channel types.
CHANNEL_GUILD_TEXT = 0
CHANNEL_DM = 1
CHANNEL_PUBLIC_THREAD = 11
CHANNEL_PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({10, 11, 12})

# Message types.
MESSAGE_DEFAULT = 0
MESSAGE_THREAD_CREATED = 18
MESSAGE_REPLY = 19
MESSAGE_CHAT_INPUT_COMMAND = 20

# Permission bits.
PERM_ADMINISTRATOR = 1 << 3
PERM_ADD_REACTIONS = 1 << 6
PERM_VIEW_CHANNEL = 1 << 10
PERM_SEND_MESSAGES = 1 << 11
PERM_MANAGE_MESSAGES = 1 << 13
PERM_EMBED_LINKS = 1 << 14
PERM_ATTACH_FILES = 1 << 15
PERM_READ_MESSAGE_HISTORY = 1 << 16
PERM_MENTION_EVERYONE = 1 << 17
PERM_USE_EXTERNAL_EMOJIS = 1 << 18
PERM_USE_APPLICATION_COMMANDS = 1 << 31
PERM_MANAGE_THREADS = 1 << 34
PERM_CREATE_PUBLIC_THREADS = 1 << 35
PERM_CREATE_PRIVATE_THREADS = 1 << 36
PERM_SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1
DEFAULT_PERMISSIONS = (
    PERM_ADD_REACTIONS
    | PERM_VIEW_CHANNEL
    | PERM_SEND_MESSAGES
    | PERM_EMBED_LINKS
    | PERM_ATTACH_FILES
    | PERM_READ_MESSAGE_HISTORY
    | PERM_MENTION_EVERYONE
    | PERM_USE_EXTERNAL_EMOJIS
    | PERM_USE_APPLICATION_COMMANDS
    | PERM_CREATE_PUBLIC_THREADS
    | PERM_CREATE_PRIVATE_THREADS
    | PERM_SEND_MESSAGES_IN_THREADS
)
"""What @everyone may do in a fresh guild (and what the bot's role adds nothing to)."""


class FakeClock:
    """Wall-clock time plus an offset that tests move forward with `advance`.

    Everything time-dependent in the fake reads it: snowflakes and timestamps,
    the 3-second interaction deadline, the 15-minute interaction token
    lifetime and rate-limit windows. Replace it with any object that has a
    ``time() -> float`` (epoch seconds) method.
    """

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = offset

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Jump ``seconds`` into the future (e.g. ``16 * 60`` to expire tokens)."""
        self.offset += seconds


def iso(timestamp: float | None) -> str | None:
    """ISO 8601 in UTC, the way Discord writes timestamps."""
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp, UTC).isoformat()


def snowflake_time(snowflake: int) -> float:
    """The epoch seconds a snowflake was made at."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


class DiscordError(Exception):
    """A Discord error answer: HTTP ``status`` with JSON ``{"code", "message", "errors"?}``.

    ``code`` is Discord's JSON error code (50007, 40060, 10062, ...);
    discord.py exposes it as ``HTTPException.code``.
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        payload: dict[str, Any] | str | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.headers = headers or {}
        self.payload = payload
        """A body to send instead of the usual one (429s, Cloudflare pages)."""

    def body(self) -> dict[str, Any] | str:
        if self.payload is not None:
            return self.payload
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def form_error(path: list[str | int], code: str, message: str) -> DiscordError:
    """``400 Invalid Form Body`` (50035) with Discord's nested ``errors`` for one field."""
    leaf: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path):
        leaf = {str(key): leaf}
    return DiscordError(400, 50035, "Invalid Form Body", leaf)


# Discord's own wording of the errors the fake produces.
def unknown_channel() -> DiscordError:
    return DiscordError(404, 10003, "Unknown Channel")


def unknown_message() -> DiscordError:
    return DiscordError(404, 10008, "Unknown Message")


def unknown_webhook() -> DiscordError:
    return DiscordError(404, 10015, "Unknown Webhook")


def unknown_user() -> DiscordError:
    return DiscordError(404, 10013, "Unknown User")


def unknown_interaction() -> DiscordError:
    return DiscordError(404, 10062, "Unknown interaction")


def unknown_command() -> DiscordError:
    return DiscordError(404, 10063, "Unknown application command")


def already_acknowledged() -> DiscordError:
    return DiscordError(400, 40060, "Interaction has already been acknowledged.")


def invalid_webhook_token() -> DiscordError:
    return DiscordError(401, 50027, "Invalid Webhook Token")


def cannot_dm() -> DiscordError:
    return DiscordError(403, 50007, "Cannot send messages to this user")


def missing_access() -> DiscordError:
    return DiscordError(403, 50001, "Missing Access")


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


def thread_archived() -> DiscordError:
    """An edit (or delete) in an archived thread, or a post in an archived and locked one."""
    return DiscordError(400, 50083, "Thread is archived")


OLD_MESSAGE_EDITS = 30046


def old_message_edits(retry_after: float) -> DiscordError:
    """Too many edits of messages older than an hour: a 429 of its own, with Discord's
    JSON code (a "user"-scoped limit, so it counts as an invalid request)."""
    message = "Maximum number of edits to messages older than 1 hour reached. Try again later."
    return DiscordError(
        429,
        OLD_MESSAGE_EDITS,
        message,
        headers={"Retry-After": str(max(math.ceil(retry_after), 1)), "X-RateLimit-Scope": "user"},
        payload={
            "message": message,
            "retry_after": round(retry_after, 3),
            "global": False,
            "code": OLD_MESSAGE_EDITS,
        },
    )


def empty_message() -> DiscordError:
    return DiscordError(400, 50006, "Cannot send an empty message")


def not_authorized() -> DiscordError:
    return DiscordError(401, 0, "401: Unauthorized")


def not_found() -> DiscordError:
    return DiscordError(404, 0, "404: Not Found")


@dataclass
class UploadedFile:
    """A ``files[n]`` part of a multipart request."""

    field: str
    index: int
    filename: str | None
    content_type: str | None
    data: bytes

    def image(self) -> Image:
        return decode_image(self.data)


def decode_image(data: bytes) -> Image:
    """Decode image bytes with Pillow."""
    from PIL import Image as PILImage

    img = PILImage.open(io.BytesIO(data))
    img.load()
    return img


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of image bytes Pillow understands, else None."""
    try:
        from PIL import Image as PILImage

        with PILImage.open(io.BytesIO(data)) as img:
            return img.width, img.height
    except Exception:  # noqa: BLE001 - not an image
        return None


@dataclass(eq=False)
class StoredAttachment:
    """An uploaded file the server keeps (bytes included), served at ``url``."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    width: int | None = None
    height: int | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def image(self) -> Image:
        return decode_image(self.data)

    def to_api(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            obj["content_type"] = self.content_type
        if self.description:
            obj["description"] = self.description
        if self.width is not None:
            obj["width"], obj["height"] = self.width, self.height
        if self.ephemeral:
            obj["ephemeral"] = True
        return obj

    def __repr__(self) -> str:
        return f"<Attachment {self.filename} {self.size} bytes>"


@dataclass
class ApiCall:
    """One REST request the bot made, with the answer it got.

    ``name`` is discord.py's ``HTTPClient`` method for the route
    (``send_message``, ``edit_message``, ``create_interaction_response``,
    ``edit_original_interaction_response``, ...); ``endpoint`` is
    ``"POST /channels/{channel_id}/messages"``. ``json`` is the JSON body, or
    the decoded ``payload_json`` of a multipart request, whose ``files[n]``
    parts are in ``files`` (bytes kept).
    """

    method: str
    path: str
    route: str
    name: str
    params: dict[str, str] = field(default_factory=dict)
    query: dict[str, str] = field(default_factory=dict)
    json: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    status: int = 0
    response: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    """Response headers the fake added (rate limits, Retry-After)."""
    user_agent: str = ""
    """The request's User-Agent: which client sent it, where several share the fake."""
    time: float = 0.0
    """Clock time the request arrived."""
    duration: float = 0.0
    interaction: InteractionRecord | None = None
    """For callbacks and interaction webhooks: the interaction the token belongs to."""
    message: MessageRecord | None = None
    """The message this call created, changed, deleted or read, if any."""

    @property
    def endpoint(self) -> str:
        return f"{self.method} {self.route}"

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def error_code(self) -> int | None:
        """Discord's JSON error code of a failed call (None when it succeeded)."""
        if self.ok or not isinstance(self.response, dict):
            return None
        return self.response.get("code")

    @property
    def channel_id(self) -> int | None:
        value = self.params.get("channel_id")
        return int(value) if value and value.isdigit() else None

    @property
    def callback_type(self) -> int | None:
        """For interaction callbacks: the response type (4, 5, 6, 7, ...)."""
        if self.name != "create_interaction_response" or not isinstance(self.json, dict):
            return None
        return self.json.get("type")

    def file(self, key: int | str = 0) -> UploadedFile:
        """An uploaded file by index or filename."""
        for upload in self.files:
            if upload.index == key or upload.filename == key:
                return upload
        raise KeyError(key)

    def __repr__(self) -> str:
        outcome = str(self.status)
        if not self.ok and isinstance(self.response, dict):
            outcome += f" {self.response.get('code')} {self.response.get('message')!r}"
        extra = ""
        if self.callback_type is not None:
            extra = f" type={self.callback_type}"
        path = "/".join(
            part if len(part) <= 40 else part[:12] + "..." for part in self.path.split("/")
        )
        return f"<ApiCall {self.method} {path}{extra} -> {outcome}>"


@dataclass
class GatewayEvent:
    """A dispatch (op 0) queued for a gateway session."""

    type: str
    data: dict[str, Any]
    seq: int
    time: float
    session_id: str
    delivered: bool = False
    """Written to the bot's websocket (False while buffered for a RESUME, or lost)."""

    def __repr__(self) -> str:
        return f"<GatewayEvent #{self.seq} {self.type}{'' if self.delivered else ' (not sent)'}>"


def walk_components(components: list[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Every component in a (possibly nested, Components V2) tree, depth first."""
    for component in components or []:
        yield component
        yield from walk_components(component.get("components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def embed_texts(embed: dict[str, Any]) -> Iterator[str]:
    for key in ("title", "description", "url"):
        if embed.get(key):
            yield str(embed[key])
    for key in ("footer", "author"):
        part = embed.get(key) or {}
        for sub in ("text", "name"):
            if part.get(sub):
                yield str(part[sub])
    for item in embed.get("fields") or []:
        yield str(item.get("name", ""))
        yield str(item.get("value", ""))


def component_texts(components: list[dict[str, Any]] | None) -> Iterator[str]:
    for component in walk_components(components):
        for key in ("label", "placeholder", "content", "custom_id", "url", "title"):
            if component.get(key):
                yield str(component[key])
        for option in component.get("options") or []:
            for key in ("label", "description", "value"):
                if option.get(key):
                    yield str(option[key])


@dataclass
class MessageSnapshot:
    """The editable content of a message at one point in time."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[StoredAttachment]
    flags: int
    edited_at: float | None

    def texts(self) -> Iterator[str]:
        """Every human-visible string: content, embeds, component labels, file names."""
        if self.content:
            yield self.content
        for embed in self.embeds:
            yield from embed_texts(embed)
        yield from component_texts(self.components)
        for attachment in self.attachments:
            yield attachment.filename
            if attachment.description:
                yield attachment.description


@dataclass(eq=False)
class MessageRecord:
    """A message as the fake Discord holds it.

    ``author`` is None for the bot's own messages (including interaction
    responses and follow-ups). Ephemeral messages have ``ephemeral_to`` set and
    live only in that user's ``ephemeral_messages``, never in a channel's
    ``messages``. ``history`` holds earlier versions, oldest first.
    """

    server: FakeDiscordServer = field(repr=False)
    id: int
    channel: FakeChannel
    author: FakeUser | None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = MESSAGE_DEFAULT
    created_at: float = 0.0
    edited_at: float | None = None
    ephemeral_to: FakeUser | None = None
    interaction: InteractionRecord | None = None
    """The interaction this message answers (original response or follow-up)."""
    webhook_id: int | None = None
    reference: MessageRecord | None = None
    allowed_mentions: dict[str, Any] | None = None
    tts: bool = False
    nonce: str | None = None
    pinned: bool = False
    deleted: bool = False
    history: list[MessageSnapshot] = field(default_factory=list)
    thread: FakeChannel | None = None
    """The thread started from this message, if any."""

    # ---------------------------------------------------------------- content

    @property
    def from_bot(self) -> bool:
        return self.author is None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "<bot> is thinking..."."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        return self.content

    @property
    def guild(self) -> FakeGuild | None:
        return self.channel.guild

    def visible_to(self, user: FakeUser) -> bool:
        if self.deleted:
            return False
        if self.ephemeral_to is not None:
            return self.ephemeral_to is user
        return self.channel.visible_to(user)

    @property
    def all_components(self) -> list[dict[str, Any]]:
        """Every component, nested ones included (action rows, buttons, selects, ...)."""
        return list(walk_components(self.components))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == COMPONENT_BUTTON]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") in SELECT_TYPES]

    @property
    def button_labels(self) -> list[str]:
        return [str(b.get("label", "")) for b in self.buttons]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(
        self,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        type: int | None = None,
    ) -> dict[str, Any] | None:
        """The first component matching ``custom_id``, ``label`` and/or ``type``."""
        for component in walk_components(self.components):
            if custom_id is not None and component.get("custom_id") != custom_id:
                continue
            if label is not None and component.get("label") != label:
                continue
            if type is not None and component.get("type") != type:
                continue
            if custom_id is None and label is None and type is None:
                continue
            return component
        return None

    def attachment(self, key: int | str = 0) -> StoredAttachment:
        """An attachment by index or filename."""
        if isinstance(key, int):
            return self.attachments[key]
        for attachment in self.attachments:
            if attachment.filename == key:
                return attachment
        raise KeyError(f"no attachment {key!r} in {self!r}: {self.attachments}")

    def image(self, key: int | str = 0) -> Image:
        """An attached picture decoded with Pillow."""
        return self.attachment(key).image()

    @property
    def mentions(self) -> list[FakeUser]:
        """People mentioned in the content (``<@id>``), known to the server."""
        return self.server.messaging.mentioned_users(self.content)

    @property
    def pinged(self) -> list[FakeUser]:
        """Mentioned people who actually get notified, after ``allowed_mentions``."""
        return self.server.messaging.pinged_users(self)

    # ---------------------------------------------------------------- history

    def snapshot(self) -> MessageSnapshot:
        return MessageSnapshot(
            content=self.content,
            embeds=[dict(e) for e in self.embeds],
            components=list(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            edited_at=self.edited_at,
        )

    @property
    def versions(self) -> list[MessageSnapshot]:
        """Every version, oldest first, ending with the current one."""
        return [*self.history, self.snapshot()]

    @property
    def edits(self) -> int:
        return len(self.history)

    def texts(self, *, all_versions: bool = True) -> list[str]:
        """Every human-visible string of the message (of every version by default)."""
        versions = self.versions if all_versions else [self.snapshot()]
        return list(itertools.chain.from_iterable(v.texts() for v in versions))

    # ---------------------------------------------------------------- API

    def to_api(self, *, with_reference: bool = True) -> dict[str, Any]:
        """Discord's ``Message`` object."""
        return self.server.messaging.payload(self, with_reference=with_reference)

    def __repr__(self) -> str:
        who = "bot" if self.author is None else self.author.name
        flags = []
        if self.ephemeral_to is not None:
            flags.append(f"ephemeral to {self.ephemeral_to.name}")
        if self.loading:
            flags.append("loading")
        if self.deleted:
            flags.append("deleted")
        extra = f" ({', '.join(flags)})" if flags else ""
        body = self.content[:60]
        return f"<Message {self.id} in #{self.channel.name} from {who}{extra}: {body!r}>"


@dataclass(eq=False)
class InteractionRecord:
    """An interaction a simulated person caused, and everything done with its token.

    ``callbacks`` has every ``POST /interactions/{id}/{token}/callback``
    (failed ones included); ``webhook_calls`` every request on
    ``/webhooks/{application}/{token}``. ``original`` is the message
    ``@original`` refers to; ``followups`` the follow-up messages.
    """

    server: FakeDiscordServer = field(repr=False)
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    data: dict[str, Any]
    payload: dict[str, Any]
    created_at: float
    message: MessageRecord | None = None
    """For component interactions: the message the component is on."""
    event: GatewayEvent | None = None
    """The INTERACTION_CREATE dispatch (None: no gateway session existed)."""
    callbacks: list[ApiCall] = field(default_factory=list)
    webhook_calls: list[ApiCall] = field(default_factory=list)
    response_type: int | None = None
    responded_at: float | None = None
    original: MessageRecord | None = None
    followups: list[MessageRecord] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    """The modal the bot opened (callback type 9)."""
    autocomplete_choices: list[dict[str, Any]] | None = None

    @property
    def guild(self) -> FakeGuild | None:
        return self.channel.guild

    @property
    def delivered(self) -> bool:
        """The INTERACTION_CREATE reached the bot's websocket."""
        return self.event is not None and self.event.delivered

    @property
    def custom_id(self) -> str | None:
        return self.data.get("custom_id")

    @property
    def values(self) -> list[str]:
        return list(self.data.get("values") or [])

    @property
    def command(self) -> str | None:
        """For application commands: the full name (``"game start"`` for subcommands)."""
        if self.type not in (INTERACTION_APPLICATION_COMMAND, INTERACTION_AUTOCOMPLETE):
            return None
        parts = [self.data["name"]]
        options = self.data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options") or []
        return " ".join(parts)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def response(self) -> ApiCall | None:
        """The successful callback, if any."""
        return next((call for call in self.callbacks if call.ok), None)

    @property
    def response_time(self) -> float | None:
        """Seconds from dispatch to the successful callback."""
        if self.responded_at is None:
            return None
        return self.responded_at - self.created_at

    @property
    def deferred(self) -> bool:
        return self.response_type in (
            CALLBACK_DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
            CALLBACK_DEFERRED_UPDATE_MESSAGE,
        )

    @property
    def ephemeral(self) -> bool:
        """The original response is ephemeral."""
        return self.original is not None and self.original.ephemeral_to is not None

    @property
    def token_expires_at(self) -> float:
        return self.created_at + self.server.token_lifetime

    @property
    def messages(self) -> list[MessageRecord]:
        """Messages this interaction created: the original response, then follow-ups."""
        created = [m for m in [self.original] if m is not None and m.interaction is self]
        return created + [m for m in self.followups if m not in created]

    def problems(self, within: float | None = 3.0) -> list[str]:
        """Why this interaction wasn't answered exactly once in time (empty: fine)."""
        found = []
        if not self.callbacks:
            found.append("never answered")
        elif len(self.callbacks) > 1:
            found.append(f"{len(self.callbacks)} callbacks: {self.callbacks}")
        elif not self.callbacks[0].ok:
            found.append(f"callback failed: {self.callbacks[0]!r}")
        if within is not None and self.response_time is not None and self.response_time > within:
            found.append(f"answered after {self.response_time:.2f}s")
        return found

    async def wait_answered(self, timeout: float = 3.0) -> ApiCall:
        """Wait for a successful callback; returns it."""
        return await self.server.wait_answered(self, timeout)

    def __repr__(self) -> str:
        what = self.command or self.custom_id or ""
        state = CALLBACK_NAMES.get(self.response_type or 0, "unanswered")
        return f"<Interaction {self.id} type={self.type} {what!r} by {self.user.name}: {state}>"


@dataclass
class Fault:
    """An injected failure: the next ``remaining`` matching requests get ``error``."""

    match: Any
    channel_id: int | None
    remaining: int
    error: DiscordError
    hits: list[ApiCall] = field(default_factory=list)
