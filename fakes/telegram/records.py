"""Plain records the fake server keeps: API calls, files and messages.

Everything here is inspectable from tests: `ApiCall` is one HTTP request the
bot made (decoded parameters, uploaded files, the answer it got),
`StoredFile` is a file the server knows by ``file_id``, and `MessageRecord` is
one message in a chat as Telegram would hold it (current content plus its edit
history and a deleted flag).
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .formatting import Entity, normalize_entities

if TYPE_CHECKING:
    from PIL.Image import Image

    from .users import FakeChat


class ApiError(Exception):
    """A Bot API error answer: HTTP ``status`` with ``description`` (and ``parameters``)."""

    def __init__(
        self, status: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters

    def payload(self) -> dict[str, Any]:
        """The JSON body Telegram would send."""
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.status,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def bad_request(message: str, parameters: dict[str, Any] | None = None) -> ApiError:
    """``400 Bad Request: <message>``."""
    return ApiError(400, f"Bad Request: {message}", parameters)


def forbidden(message: str) -> ApiError:
    """``403 Forbidden: <message>``."""
    return ApiError(403, f"Forbidden: {message}")


@dataclass
class UploadedFile:
    """A file part of a multipart request."""

    field: str
    filename: str | None
    content_type: str | None
    data: bytes

    def image(self) -> Image:
        """Decode the bytes with Pillow (PNG, JPEG, ...)."""
        return decode_image(self.data)


@dataclass
class ApiCall:
    """One request the bot made, with the answer it got.

    ``params`` are decoded: ids are ints, flags are bools and structured fields
    (``reply_markup``, ``entities``, ``media``, ``commands``, ...) are parsed
    JSON, whether the bot sent JSON, a form or multipart. ``files`` holds the
    multipart file parts by field name; `file` follows ``attach://`` links.
    Iterating gives ``(method, params)``.
    """

    method: str
    params: dict[str, Any]
    files: dict[str, UploadedFile]
    status: int = 200
    result: Any = None
    error: str | None = None
    error_parameters: dict[str, Any] | None = None
    time: float = 0.0
    record: MessageRecord | None = None
    """The message this call created or changed, if any."""

    @property
    def ok(self) -> bool:
        return self.status == 200

    @property
    def chat_id(self) -> int | str | None:
        return self.params.get("chat_id")

    def file(self, name: str) -> UploadedFile | None:
        """The upload behind parameter ``name`` (direct part or ``attach://`` link)."""
        value = self.params.get(name)
        if isinstance(value, dict):
            value = value.get("media")
        if isinstance(value, str) and value.startswith("attach://"):
            return self.files.get(value[len("attach://") :])
        return self.files.get(name)

    def __iter__(self) -> Any:
        yield self.method
        yield self.params

    def __repr__(self) -> str:
        shown = {k: v for k, v in self.params.items() if k not in ("reply_markup",)}
        outcome = "ok" if self.ok else f"{self.status} {self.error}"
        return f"<ApiCall {self.method} {shown} -> {outcome}>"


def image_size(data: bytes) -> tuple[str, int, int] | None:
    """(format, width, height) of a PNG, GIF, JPEG or WebP image, or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return "gif", width, height
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            (length,) = struct.unpack(">H", data[i + 2 : i + 4])
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return "jpeg", width, height
            i += 2 + length
        return None
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        try:
            from PIL import Image as PILImage

            with PILImage.open(io.BytesIO(data)) as img:
                return "webp", img.width, img.height
        except Exception:  # noqa: BLE001 - any decoding failure means "not an image"
            return None
    return None


def decode_image(data: bytes) -> Image:
    """Decode image bytes with Pillow."""
    from PIL import Image as PILImage

    img = PILImage.open(io.BytesIO(data))
    img.load()
    return img


@dataclass
class StoredFile:
    """A file the server holds, addressable by ``file_id`` (every photo size has its own)."""

    kind: str  # "photo", "document" or "animation"
    file_id: str
    file_unique_id: str
    data: bytes | None
    filename: str | None = None
    mime_type: str | None = None
    width: int = 0
    height: int = 0
    url: str | None = None
    sizes: list[dict[str, Any]] = field(default_factory=list)
    file_path: str | None = None

    @property
    def file_size(self) -> int:
        return len(self.data or b"")

    def api_object(self) -> Any:
        """The Bot API object: a list of ``PhotoSize`` for photos, else a dict."""
        if self.kind == "photo":
            return [dict(size) for size in self.sizes]
        obj: dict[str, Any] = {"file_id": self.file_id, "file_unique_id": self.file_unique_id}
        if self.kind == "animation":
            obj.update(width=self.width, height=self.height, duration=0)
        if self.filename:
            obj["file_name"] = self.filename
        if self.mime_type:
            obj["mime_type"] = self.mime_type
        if self.data is not None:
            obj["file_size"] = self.file_size
        return obj

    def image(self) -> Image:
        """Decode the stored bytes with Pillow."""
        if self.data is None:
            raise ValueError(f"{self.file_id} has no stored bytes (sent by URL)")
        return decode_image(self.data)


@dataclass
class MessageSnapshot:
    """The editable content of a message at one point in time."""

    text: str | None
    entities: list[Entity]
    caption: str | None
    caption_entities: list[Entity]
    media: StoredFile | None
    reply_markup: dict[str, Any] | None
    edit_date: int | None

    def comparable(self) -> tuple[Any, ...]:
        """What Telegram compares to decide 'message is not modified'."""
        return (
            self.text,
            normalize_entities(self.entities),
            self.caption,
            normalize_entities(self.caption_entities),
            self.media.file_unique_id if self.media else None,
            inline_markup(self.reply_markup),
        )


def inline_markup(markup: dict[str, Any] | None) -> dict[str, Any] | None:
    """The markup Telegram echoes back in a Message: only inline keyboards."""
    if markup and "inline_keyboard" in markup:
        return markup
    return None


@dataclass(eq=False)
class MessageRecord:
    """One message in a chat, as the server holds it.

    ``text``/``caption``/``entities`` are the parsed result (markup already
    applied); ``source_text`` and ``parse_mode`` are what the bot sent.
    ``history`` has the earlier versions, oldest first.
    """

    chat: FakeChat
    message_id: int
    date: int
    sender: dict[str, Any] | None
    from_bot: bool
    text: str | None = None
    entities: list[Entity] = field(default_factory=list)
    caption: str | None = None
    caption_entities: list[Entity] = field(default_factory=list)
    media: StoredFile | None = None
    parse_mode: str | None = None
    source_text: str | None = None
    reply_markup: dict[str, Any] | None = None
    thread_id: int | None = None
    reply_to: MessageRecord | None = None
    deleted: bool = False
    edit_date: int | None = None
    pinned: bool = False
    history: list[MessageSnapshot] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    update_id: int | None = None
    """For messages people sent: the update that delivered it (None if the bot never saw it)."""

    # ----------------------------------------------------------------- content

    @property
    def chat_id(self) -> int:
        return self.chat.id

    @property
    def content(self) -> str | None:
        """The text, or the caption for media messages."""
        return self.text if self.media is None else self.caption

    @property
    def photo_bytes(self) -> bytes | None:
        """Bytes of the photo (or other file) currently in the message."""
        return self.media.data if self.media else None

    def image(self) -> Image:
        """The current photo, decoded with Pillow."""
        if self.media is None:
            raise ValueError(f"message {self.message_id} has no media")
        return self.media.image()

    @property
    def buttons(self) -> list[list[dict[str, Any]]]:
        """Rows of inline keyboard buttons (empty if none)."""
        markup = inline_markup(self.reply_markup)
        return [list(row) for row in markup["inline_keyboard"]] if markup else []

    @property
    def button_texts(self) -> list[list[str]]:
        return [[button["text"] for button in row] for row in self.buttons]

    def find_button(
        self, text: str | None = None, callback_data: str | None = None
    ) -> dict[str, Any] | None:
        """The first inline button matching ``text`` and/or ``callback_data``."""
        for row in self.buttons:
            for button in row:
                if text is not None and button.get("text") != text:
                    continue
                if callback_data is not None and button.get("callback_data") != callback_data:
                    continue
                return button
        return None

    @property
    def edits(self) -> int:
        return len(self.history)

    def snapshot(self) -> MessageSnapshot:
        return MessageSnapshot(
            text=self.text,
            entities=list(self.entities),
            caption=self.caption,
            caption_entities=list(self.caption_entities),
            media=self.media,
            reply_markup=self.reply_markup,
            edit_date=self.edit_date,
        )

    @property
    def versions(self) -> list[MessageSnapshot]:
        """Every version of the message, oldest first, ending with the current one."""
        return [*self.history, self.snapshot()]

    # --------------------------------------------------------------- Bot API

    def to_api(self, *, with_reply: bool = True) -> dict[str, Any]:
        """The Bot API ``Message`` object."""
        message: dict[str, Any] = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": self.chat.to_api(),
        }
        if self.sender is not None:
            message["from"] = dict(self.sender)
        if self.thread_id is not None:
            message["message_thread_id"] = self.thread_id
            if self.chat.is_forum:
                message["is_topic_message"] = True
        if with_reply and self.reply_to is not None:
            message["reply_to_message"] = self.reply_to.to_api(with_reply=False)
        if self.edit_date is not None:
            message["edit_date"] = self.edit_date
        if self.text is not None:
            message["text"] = self.text
            if self.entities:
                message["entities"] = [dict(e) for e in self.entities]
        if self.media is not None:
            message[self.media.kind] = self.media.api_object()
            if self.media.kind == "animation":
                message["document"] = self.media.api_object()
            if self.caption:
                message["caption"] = self.caption
                if self.caption_entities:
                    message["caption_entities"] = [dict(e) for e in self.caption_entities]
        markup = inline_markup(self.reply_markup)
        if markup:
            message["reply_markup"] = markup
        message.update(self.extra)
        return message

    def __repr__(self) -> str:
        who = "bot" if self.from_bot else (self.sender or {}).get("first_name", "?")
        flags = " deleted" if self.deleted else ""
        body = self.content if self.content is not None else (self.media.kind if self.media else "")
        return f"<Message {self.chat.id}/{self.message_id} from {who}{flags}: {body!r}>"


@dataclass
class CallbackRecord:
    """A callback query a fake user sent, and every attempt to answer it."""

    id: str
    user_id: int
    message: MessageRecord | None
    data: str | None
    time: float
    answers: list[ApiCall] = field(default_factory=list)

    @property
    def answered(self) -> bool:
        return any(call.ok for call in self.answers)
