"""What the table service asks the platforms to show, in platform-neutral terms.

The service never talks to Telegram or Discord. It answers every command and press with a
`Result`: a short `Reply` to the person who pressed, and `Post`/`Drop` instructions for the
messages it keeps (the lobby, the board, each player's panel, the turn ping). An adapter turns
a `Screen` into its platform's message (a photo with a caption and inline buttons on
Telegram) and keeps each kept message in place, editing it rather than sending anew.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from enum import StrEnum


@dataclass(frozen=True)
class ChatRef:
    """The chat a command or press came from, as the adapter saw it."""

    platform: str  # "telegram" | "discord"
    id: str
    thread_id: str | None = None  # forum topic / Discord thread
    private: bool = False  # a one-to-one chat with the bot
    title: str = ""
    server_id: str | None = None  # the Discord server (guild) the chat is in


@dataclass(frozen=True)
class UserRef:
    """The person who sent a command or pressed a button."""

    id: str
    name: str
    language: str | None = None  # the platform's language code for this user, if known


@dataclass(frozen=True)
class Mention:
    """A person named in a text so that their phone notifies them (where the platform does)."""

    user_id: str
    name: str


Text = tuple["str | Mention", ...]
"""A text as plain pieces and mentions, concatenated in order."""


def plain(text: Text) -> str:
    """The text with mentions written as bare names (for logs and tests)."""
    return "".join(p if isinstance(p, str) else p.name for p in text)


@dataclass(frozen=True)
class Button:
    """A button: `data` comes back in a press; `url` opens a link (a deep link to the bot);
    `web_app` opens a page inside the platform (Telegram's Mini App, in a private chat)."""

    text: str
    data: str | None = None
    url: str | None = None
    web_app: str | None = None


def is_animation(image: bytes) -> bool:
    """A GIF (a short clip of a move) rather than a PNG: sent as an animation."""
    return image[:4] == b"GIF8"


def png_size(image: bytes) -> tuple[int, int] | None:
    """A PNG's width and height from its header (its first chunk, IHDR); None for anything
    else (a GIF).

    >>> png_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes([0, 0, 2, 128, 0, 0, 1, 224]))
    (640, 480)
    """
    if len(image) < 24 or image[:8] != b"\x89PNG\r\n\x1a\n" or image[12:16] != b"IHDR":
        return None
    return int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")


def picture_name(image: bytes) -> str:
    """The file name a picture is uploaded under: the extension tells clients how to show it."""
    return "picture.gif" if is_animation(image) else "picture.png"


@dataclass(frozen=True)
class Attachment:
    """A file sent as a document with a message (a game's export), never shown inline."""

    name: str  # the file name people see and save it under
    data: bytes


@dataclass(frozen=True)
class Tap:
    """A part of the screen's picture that presses `data`, as one of its buttons does (a
    client that can show the picture's regions lets a player touch the board; render/regions.py).
    `polygon`: the part, in the picture's pixels; empty for "where the player tapped to reach
    this step" (a Confirm: tapping the chosen thing again), which only the client knows."""

    data: str
    polygon: tuple[tuple[int, int], ...]
    confirms: bool = False  # it applies the move chosen (its button is Confirm)
    mark: str = ""  # a control the client draws there (↻ turn the card), not in the picture


@dataclass(frozen=True)
class Screen:
    text: Text
    image: bytes | None = None  # a PNG, or a GIF for a clip (sent fresh, never edited)
    buttons: tuple[tuple[Button, ...], ...] = ()
    file: Attachment | None = None  # a document (sent fresh, never edited); not with `image`
    taps: tuple[Tap, ...] = ()  # where the picture may be touched; the buttons say the same
    clock: float | None = None  # a turn's seconds left when drawn (a client counts it down)
    drag: str | None = None
    """The picture chooses by a point too (a card dragged onto Rafter Five's raft): a point
    press's data without its point ("o:table:version:path"), the client adding
    ":x,y,start_x,start_y" in the picture's pixels (bot/payloads.py)."""

    def fingerprint(self) -> str:
        """A digest of everything shown, so an identical edit is never sent."""
        digest = hashlib.blake2b(digest_size=16)
        digest.update(repr((self.text, self.buttons)).encode())
        if self.taps:  # a screen without taps keeps the digest it always had
            digest.update(repr(self.taps).encode())
        if self.drag:
            digest.update(self.drag.encode())
        if self.image is not None:
            digest.update(self.image)
        if self.file is not None:
            digest.update(self.file.name.encode() + b"\0" + self.file.data)
        return digest.hexdigest()

    def image_fingerprint(self) -> str | None:
        return None if self.image is None else hashlib.blake2b(self.image, digest_size=16).hexdigest()


class Role(StrEnum):
    """The kinds of message the service keeps per table."""

    LOBBY = "lobby"  # the sign-up message in the group
    BOARD = "board"  # the public picture in the group
    PANEL = "panel"  # a player's private message (one per seat)
    PING = "ping"  # the short "your turn" message in the group, replaced each turn
    NOTE = "note"  # a one-off note in the group (a player unreachable in private)
    CLIP = "clip"  # the animation of a move that made something fall, replaced by the next
    CONFIRM = "confirm"  # a question to one player in the group ("leave the game?")


@dataclass(frozen=True)
class Place:
    """Where a kept message lives: its table, role and seat, and the chat it goes to."""

    table_id: int
    role: Role
    seat: int | None  # for panels (and per-seat notes)
    chat_id: str
    thread_id: str | None = None  # forum topic; None for the chat itself

    @property
    def private(self) -> bool:
        return self.role is Role.PANEL


@dataclass(frozen=True)
class TurnReminder:
    """A player to remind of their turn in private, as the service worded it: a platform
    that sends such reminders (Discord: a direct message, to those who asked with /dms)
    says `text` to `user_id` alone; the ping that carries it mentions them in the chat.
    `seat` and `name` are for the chat's note if the player takes no private messages."""

    user_id: str
    seat: int
    name: str
    text: str  # in the player's language


@dataclass(frozen=True)
class Post:
    """Show `screen` at `place`: edit the kept message, or send one if there is none.
    `fresh` sends a new message (so it notifies) and deletes the one it replaces."""

    place: Place
    screen: Screen
    fresh: bool = False
    version: int | None = None
    """The table version it shows, if it shows one: an older version never replaces a
    newer one at `place`, whichever worker shows which (None: no order is claimed)."""
    reminders: tuple[TurnReminder, ...] = ()
    """A turn ping's players to remind in private when it is sent anew (`fresh`); a
    platform without private reminders shows the ping alone."""
    language: str | None = None
    """The language of its texts, for words an adapter adds beside them (the Mini App's
    button); None: the bot's default."""


@dataclass(frozen=True)
class Drop:
    """Delete the kept message at `place`, if any."""

    place: Place


@dataclass(frozen=True)
class Reply:
    """The answer to a command or a press. `alert` shows it as a dialog to the presser;
    `url` opens a link (Telegram's deep link to the bot for players who never opened it)."""

    text: str | None = None
    alert: bool = False
    url: str | None = None


@dataclass(frozen=True)
class Result:
    """What the service answers. `posts` are ready now; `later` yields more posts that take
    drawing (the board first), so an adapter answers the press before waiting for them."""

    reply: Reply = field(default_factory=Reply)
    posts: tuple[Post | Drop, ...] = ()
    message: Screen | None = None  # a plain answer sent in the chat the command came from
    later: AsyncIterator[Post | Drop] | None = None
    private: Screen | None = None
    """A screen for the person alone (a menu only they may use): in their private chat on
    Telegram, an ephemeral message on Discord. Answering a press on it, it takes its place."""
    edit: Screen | None = None
    """A screen in place of the message that was pressed, public or not (a replay's next
    step): that message is edited. Only for presses (a command has no pressed message)."""
    aside: Screen | None = None
    """A new message beside the one pressed, which stays as it is (a replay, its animation,
    a file): in the chat on Telegram; to the presser alone on Discord."""

    async def all_posts(self) -> tuple[Post | Drop, ...]:
        """Every post, waiting for the drawn ones (for callers that need no early answer)."""
        drawn = [post async for post in self.later] if self.later is not None else []
        return (*self.posts, *drawn)
