"""A `Screen` as Telegram shows it: HTML text or caption, an optional photo, inline buttons.

Pure functions, no I/O. Everything in the result comes from the screen (plus an optional
note the adapter adds, such as a missing-right notice); nothing is invented or kept back.

>>> from bot.screens import Button, Mention, Screen
>>> shown = render(Screen(("Your turn, ", Mention("42", "Ann <3"), "!"),
...                       buttons=((Button("Join", data="j:1"),),)))
>>> shown.html
'Your turn, <a href="tg://user?id=42">Ann &lt;3</a>!'
>>> shown.markup.inline_keyboard[0][0].callback_data
'j:1'
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.screens import Button, Mention, Screen, Text

CAPTION_LIMIT = 1024
"""Longest photo caption Telegram takes (after the HTML is parsed)."""
TEXT_LIMIT = 4096
"""Longest text message."""
ELLIPSIS = "…"
EMPTY_TEXT = "…"
"""A text message cannot be empty; a screen with neither text nor picture shows this."""


@dataclass(frozen=True)
class Shown:
    """What one Telegram message carries."""

    html: str
    photo: bytes | None
    markup: InlineKeyboardMarkup | None


def render(screen: Screen, *, note: str | None = None, as_text: bool = False) -> Shown:
    """The message for `screen`; `note` is a line added below the text (plain, escaped).

    `as_text` drops the picture (when photos cannot be sent): the text limit applies then.
    """
    photo = None if as_text else screen.image
    limit = CAPTION_LIMIT if photo is not None else TEXT_LIMIT
    suffix = "" if not note else f"\n\n<i>{html.escape(note, quote=False)}</i>"
    room = max(limit - (utf16_len(note) + 2 if note else 0), 0)
    body = to_html(screen.text, room)
    if photo is None and not body.strip() and not suffix:
        body = EMPTY_TEXT
    return Shown(body + suffix, photo, keyboard(screen.buttons))


def to_html(text: Text, limit: int) -> str:
    """`text` as Telegram HTML whose visible length is at most `limit` UTF-16 units.

    A text that is too long is cut at a piece boundary or a space, never inside a tag or
    an escape, and ends with an ellipsis; a mention that does not fit is left out whole.
    """
    pieces: list[str] = []
    used = 0
    total = sum(utf16_len(_visible(piece)) for piece in text)
    budget = limit if total <= limit else max(limit - utf16_len(ELLIPSIS), 0)
    for piece in text:
        visible = _visible(piece)
        size = utf16_len(visible)
        if used + size <= budget:
            pieces.append(_piece_html(piece))
            used += size
            continue
        if isinstance(piece, str):
            pieces.append(html.escape(_cut(piece, budget - used), quote=False))
        break
    if total > limit:
        pieces.append(ELLIPSIS)
    return "".join(pieces)


def keyboard(rows: tuple[tuple[Button, ...], ...]) -> InlineKeyboardMarkup | None:
    """Inline keyboard rows for the screen's buttons (None when there are none)."""
    markup_rows = []
    for row in rows:
        buttons = [b for b in (_button(button) for button in row) if b is not None]
        if buttons:
            markup_rows.append(buttons)
    return InlineKeyboardMarkup(inline_keyboard=markup_rows) if markup_rows else None


def utf16_len(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def _button(button: Button) -> InlineKeyboardButton | None:
    if button.url is not None:
        return InlineKeyboardButton(text=button.text, url=button.url)
    if button.web_app is not None:
        return InlineKeyboardButton(text=button.text, web_app=WebAppInfo(url=button.web_app))
    if button.data is not None:
        return InlineKeyboardButton(text=button.text, callback_data=button.data)
    return None  # a label without an action cannot be an inline button


def _visible(piece: str | Mention) -> str:
    return piece if isinstance(piece, str) else piece.name


def _piece_html(piece: str | Mention) -> str:
    if isinstance(piece, str):
        return html.escape(piece, quote=False)
    name = html.escape(piece.name, quote=False)
    return f'<a href="tg://user?id={html.escape(piece.user_id)}">{name}</a>'


def _cut(text: str, room: int) -> str:
    """The longest start of `text` within `room` UTF-16 units, ending at a space if one is
    near (so a word is not split)."""
    if room <= 0:
        return ""
    end = 0
    used = 0
    for char in text:
        width = 2 if ord(char) > 0xFFFF else 1
        if used + width > room:
            break
        used += width
        end += 1
    head = text[:end]
    space = head.rfind(" ")
    if space >= max(end - 40, 1):
        head = head[:space]
    return head.rstrip()
