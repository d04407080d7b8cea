"""A `Screen` as a Discord message: content, an optional picture, and components.

Pure functions, no I/O, no discord.py objects: `layout(screen)` gives a `Layout` that
`bot.discord.items.view_of` turns into a `discord.ui.View` when the message is sent, so the
part worth testing is testable without a client.

Discord allows 5 rows of 5 buttons in a message. The screen's rows are kept when they fit;
otherwise they are packed five to a row, and where even that does not fit (Lanterns' spots,
over 20 of them), every row but the last (Back) becomes select menus of up to 25 options,
whose values are the buttons' data.

>>> from bot.screens import Button, Mention, Screen
>>> shown = layout(Screen(("Your turn, ", Mention("42", "Ann*"), "!"),
...                       buttons=((Button("Join", data="j:1"),),)))
>>> shown.content
'Your turn, <@42>!'
>>> shown.rows[0][0].custom_id
'gh:j:1'
>>> shown.mentions
('42',)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from discord.utils import escape_markdown

from bot.screens import Attachment, Button, Mention, Screen, Text

CONTENT_LIMIT = 2000
"""Longest message content Discord takes."""
LABEL_LIMIT = 80
"""Longest button label."""
OPTION_LIMIT = 100
"""Longest select option label (and value)."""
PLACEHOLDER_LIMIT = 150
MAX_ROWS = 5
PER_ROW = 5
PER_SELECT = 25
CUSTOM_ID_LIMIT = 100
ELLIPSIS = "…"
EMPTY = "…"
"""A message with neither text nor picture shows this (Discord refuses empty messages)."""

BUTTON_PREFIX = "gh"
SELECT_PREFIX = "gs"
BUTTON_TEMPLATE = rf"{BUTTON_PREFIX}(?P<dup>\d*):(?P<data>.+)"
"""A button's custom id: the service's data after `gh:` (`gh<n>:` for the n-th repeat of
the same data in one message: Discord wants custom ids unique within a message)."""
SELECT_TEMPLATE = rf"{SELECT_PREFIX}:(?P<index>\d+)"
"""A select menu's custom id; the chosen option's value is the service's data."""

@dataclass(frozen=True)
class ButtonSpec:
    label: str
    custom_id: str | None = None  # a press
    url: str | None = None  # a link
    style: str = "secondary"  # "primary" | "secondary" | "success" | "danger" (link: ignored)


@dataclass(frozen=True)
class OptionSpec:
    label: str
    value: str


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]


Row = tuple[ButtonSpec, ...] | SelectSpec


@dataclass(frozen=True)
class Layout:
    """What one Discord message carries."""

    content: str
    image: bytes | None
    rows: tuple[Row, ...]
    mentions: tuple[str, ...]  # user ids mentioned in `content`
    file: Attachment | None = None  # a document attached besides the picture

    @property
    def custom_ids(self) -> list[str]:
        ids: list[str] = []
        for row in self.rows:
            if isinstance(row, SelectSpec):
                ids.append(row.custom_id)
            else:
                ids.extend(b.custom_id for b in row if b.custom_id is not None)
        return ids


def layout(screen: Screen, *, note: str | None = None, as_text: bool = False) -> Layout:
    """The message for `screen`; `note` is a line added below the text; `as_text` leaves
    the picture out (a channel where the bot may not attach files)."""
    image = None if as_text else screen.image
    suffix = f"\n\n*{escape(note)}*" if note else ""
    content = to_content(screen.text, CONTENT_LIMIT - len(suffix)) + suffix
    if not content.strip() and image is None:
        content = EMPTY
    mentions = tuple(dict.fromkeys(p.user_id for p in screen.text if isinstance(p, Mention)))
    return Layout(content, image, component_rows(screen.buttons), mentions, screen.file)


def layouts(screen: Screen) -> list[Layout]:
    """The screen as one message, or, when its text is longer than a message takes and
    it has no picture (a game's rules), as several: cut between paragraphs, else lines,
    else words; its buttons go with the last."""
    whole = layout(screen)
    full = "".join(escape(p) if isinstance(p, str) else f"<@{p.user_id}>" for p in screen.text)
    if len(full) <= CONTENT_LIMIT or screen.image is not None or screen.file is not None:
        return [whole]
    chunks = split_content(full, CONTENT_LIMIT)
    return [Layout(chunk, None, whole.rows if last else (), whole.mentions if last else ())
            for last, chunk in ((i == len(chunks) - 1, c) for i, c in enumerate(chunks))]


def split_content(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at the last paragraph break
    that fits, else the last line break, else the last space (a mention is one word).

    >>> split_content("aaa\\n\\nbb cc", 6)
    ['aaa', 'bb cc']
    """
    chunks: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        head = rest[:limit + 1]
        cut = next((i for i in (head.rfind("\n\n"), head.rfind("\n"), head.rfind(" "))
                    if i > 0), limit)
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].strip()
    if rest:
        chunks.append(rest)
    return chunks


def to_content(text: Text, limit: int = CONTENT_LIMIT) -> str:
    """`text` as Discord markdown: plain pieces escaped, mentions as `<@id>`, at most
    `limit` characters (cut at a piece or a space, with an ellipsis; never inside a mention)."""
    out: list[str] = []
    used = 0
    pieces = [escape(p) if isinstance(p, str) else f"<@{p.user_id}>" for p in text]
    total = sum(map(len, pieces))
    budget = limit if total <= limit else max(limit - len(ELLIPSIS), 0)
    for raw, piece in zip(text, pieces):
        if used + len(piece) <= budget:
            out.append(piece)
            used += len(piece)
            continue
        if isinstance(raw, str):
            out.append(_cut(piece, budget - used))
        break
    if total > limit:
        out.append(ELLIPSIS)
    return "".join(out)


def escape(text: str) -> str:
    """Plain text that Discord shows as written (`*`, `_`, `~`, `|`, backticks, and `#`, `-`,
    `>` at the start of a line are escaped; links are left alone)."""
    return escape_markdown(text)


def component_rows(rows: Sequence[Sequence[Button]]) -> tuple[Row, ...]:
    """Discord rows for the screen's button rows (see the module's docstring)."""
    rows = [tuple(row) for row in rows if row]
    if not rows:
        return ()
    if len(rows) <= MAX_ROWS and all(len(row) <= PER_ROW for row in rows):
        return _buttons(rows)
    last = rows[-1] if len(rows) > 1 and len(rows[-1]) <= PER_ROW else ()
    body = [b for row in (rows[:-1] if last else rows) for b in row]
    packed = [tuple(body[i:i + PER_ROW]) for i in range(0, len(body), PER_ROW)]
    if len(packed) + bool(last) <= MAX_ROWS:
        return _buttons([*packed, *([last] if last else [])])
    links = [b for b in body if b.data is None]
    choices = [b for b in body if b.data is not None]
    room = MAX_ROWS - bool(last) - bool(links)
    chunks = [choices[i:i + PER_SELECT] for i in range(0, len(choices), PER_SELECT)][:room]
    selects: list[Row] = [_select(index, chunk) for index, chunk in enumerate(chunks)]
    tail = [tuple(links[:PER_ROW])] if links else []
    return (*selects, *_buttons([*tail, *([last] if last else [])]))


def button_custom_id(data: str, dup: int = 0) -> str:
    return f"{BUTTON_PREFIX}{dup or ''}:{data}"


def select_custom_id(index: int) -> str:
    return f"{SELECT_PREFIX}:{index}"


def _buttons(rows: Sequence[Sequence[Button]]) -> tuple[Row, ...]:
    seen: dict[str, int] = {}
    out: list[Row] = []
    for row in rows:
        specs = []
        for button in row:
            label = _label(button.text, LABEL_LIMIT)
            if button.data is not None:
                dup = seen.get(button.data, 0)
                seen[button.data] = dup + 1
                specs.append(ButtonSpec(label, custom_id=button_custom_id(button.data, dup),
                                        style=_style(button.data)))
            elif button.url is not None:
                specs.append(ButtonSpec(label, url=button.url))
        if specs:
            out.append(tuple(specs))
    return tuple(out)


def _select(index: int, buttons: Sequence[Button]) -> SelectSpec:
    options: list[OptionSpec] = []
    values: set[str] = set()
    for button in buttons:
        assert button.data is not None
        if button.data in values:
            continue  # Discord wants distinct values; the same choice twice is one option
        values.add(button.data)
        options.append(OptionSpec(_label(button.text, OPTION_LIMIT), button.data))
    first, last = options[0].label, options[-1].label
    placeholder = first if len(options) == 1 else f"{first} … {last}"
    return SelectSpec(select_custom_id(index), _label(placeholder, PLACEHOLDER_LIMIT),
                      tuple(options))


# Colours by the kind of press (the first letter of the service's data): the way forward
# stands out, closing a table warns.
_STYLES = {"c": "success", "s": "success", "j": "primary", "h": "primary", "x": "danger"}


def _style(data: str) -> str:
    return _STYLES.get(data.partition(":")[0], "secondary")


def _label(text: str, limit: int) -> str:
    text = " ".join(text.split()) or EMPTY
    return text if len(text) <= limit else text[:limit - 1].rstrip() + ELLIPSIS


def _cut(text: str, room: int) -> str:
    """The longest start of `text` within `room`, ending at a space if one is near, and
    never ending in a lone escaping backslash."""
    if room <= 0:
        return ""
    head = text[:room]
    space = head.rfind(" ")
    if space >= max(room - 40, 1):
        head = head[:space]
    trailing = len(head) - len(head.rstrip("\\"))
    if trailing % 2:
        head = head[:-1]
    return head.rstrip()
