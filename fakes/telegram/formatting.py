"""Telegram text formatting, as the Bot API server applies it.

The real server turns ``parse_mode`` markup into plain text plus a list of
``MessageEntity`` objects whose offsets and lengths are counted in UTF-16 code
units, and rejects malformed markup with ``Bad Request: can't parse entities:
...``. The parsers below follow tdlib's ``parse_html``, ``parse_markdown_v2``
and ``parse_markdown`` closely enough that a bot which gets an error here
would get the same kind of error from Telegram (the wording of the common
errors is copied from tdlib).

It also detects the entities Telegram adds to messages *people* send
(``bot_command``, ``mention``, ``hashtag``, ``url``), which the fake users use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

Entity = dict[str, Any]
"""A Bot API ``MessageEntity`` as a JSON dict."""


class EntityParseError(ValueError):
    """Malformed markup; ``str(error)`` is the text after ``can't parse entities: ``."""


def utf16_len(text: str) -> int:
    """Length of ``text`` in UTF-16 code units, the unit of entity offsets."""
    return len(text.encode("utf-16-le")) // 2


def utf16_slice(text: str, offset: int, length: int) -> str:
    """The part of ``text`` an entity with this UTF-16 offset and length covers."""
    raw = text.encode("utf-16-le")
    return raw[offset * 2 : (offset + length) * 2].decode("utf-16-le", errors="replace")


def _units(char: str) -> int:
    return 2 if ord(char) > 0xFFFF else 1


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def sort_entities(entities: list[Entity]) -> list[Entity]:
    """Telegram's order: by offset, longer (outer) entities first."""
    return sorted(entities, key=lambda e: (e["offset"], -e["length"]))


def normalize_entities(entities: list[Entity] | None) -> list[Entity]:
    """Entities reduced to the fields that matter for comparison, in canonical order."""
    keep = ("type", "offset", "length", "url", "language", "custom_emoji_id")
    out: list[Entity] = []
    for entity in entities or []:
        item = {key: entity[key] for key in keep if entity.get(key) is not None}
        if entity.get("user"):
            item["user"] = {"id": entity["user"]["id"]}
        out.append(item)
    return sort_entities(out)


# --------------------------------------------------------------------------- HTML

_HTML_TAGS = {
    "a", "b", "strong", "i", "em", "s", "strike", "del", "u", "ins", "tg-spoiler",
    "tg-emoji", "span", "pre", "code", "blockquote",
}  # fmt: skip
_HTML_ENTITY_TYPES = {
    "b": "bold", "strong": "bold", "i": "italic", "em": "italic",
    "s": "strikethrough", "strike": "strikethrough", "del": "strikethrough",
    "u": "underline", "ins": "underline", "tg-spoiler": "spoiler", "span": "spoiler",
    "code": "code", "pre": "pre",
}  # fmt: skip
_NAMED_HTML_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


def _decode_html_entity(text: str, i: int) -> tuple[str, int] | None:
    """Decode ``&...;`` at ``text[i]``: (character, characters consumed) or None."""
    match = re.match(r"&(?:#x([0-9a-fA-F]{1,8})|#([0-9]{1,10})|([a-zA-Z]+));", text[i:])
    if not match:
        return None
    hex_code, decimal_code, name = match.groups()
    if name is not None:
        if name not in _NAMED_HTML_ENTITIES:
            return None
        return _NAMED_HTML_ENTITIES[name], match.end()
    code = int(hex_code, 16) if hex_code is not None else int(decimal_code)
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code), match.end()


@dataclass
class _Open:
    tag: str
    argument: str
    offset: int
    text_index: int


def parse_html(text: str) -> tuple[str, list[Entity]]:
    """Parse Telegram-flavoured HTML into (plain text, entities)."""
    out: list[str] = []
    offset = 0  # current UTF-16 offset in the output
    entities: list[Entity] = []
    stack: list[_Open] = []
    n = len(text)
    i = 0

    def emit(chunk: str) -> None:
        nonlocal offset
        out.append(chunk)
        offset += utf16_len(chunk)

    while i < n:
        char = text[i]
        if char == "&":
            decoded = _decode_html_entity(text, i)
            if decoded:
                emit(decoded[0])
                i += decoded[1]
            else:
                emit("&")
                i += 1
            continue
        if char != "<":
            emit(char)
            i += 1
            continue

        begin = i
        if i + 1 < n and text[i + 1] == "/":
            if not stack:
                raise EntityParseError(
                    f"Unexpected end tag at byte offset {_byte_offset(text, begin)}"
                )
            i += 2
            while i < n and not text[i].isspace() and text[i] != ">":
                i += 1
            end_name = text[begin + 2 : i].lower()
            while i < n and text[i].isspace():
                i += 1
            if i >= n or text[i] != ">":
                raise EntityParseError(
                    f"Unclosed end tag at byte offset {_byte_offset(text, begin)}"
                )
            i += 1
            opened = stack.pop()
            if end_name and end_name != opened.tag:
                raise EntityParseError(
                    f"Unmatched end tag at byte offset {_byte_offset(text, begin)}, "
                    f'expected "</{opened.tag}>", found "</{end_name}>"'
                )
            length = offset - opened.offset
            if length == 0:
                continue
            entity = _html_entity(opened, length, "".join(out), entities)
            if entity is not None:
                entities.append(entity)
            continue

        i += 1
        while i < n and not text[i].isspace() and text[i] != ">":
            i += 1
        if i >= n:
            raise EntityParseError(f"Unclosed start tag at byte offset {_byte_offset(text, begin)}")
        tag = text[begin + 1 : i].lower()
        if tag not in _HTML_TAGS:
            raise EntityParseError(
                f'Unsupported start tag "{tag}" at byte offset {_byte_offset(text, begin)}'
            )
        argument = ""
        while i < n and text[i] != ">":
            while i < n and text[i].isspace():
                i += 1
            if i < n and text[i] == ">":
                break
            attr_begin = i
            while i < n and not text[i].isspace() and text[i] not in "=>":
                i += 1
            attr_name = text[attr_begin:i].lower()
            if not attr_name:
                raise EntityParseError(
                    f'Empty attribute name in the tag "{tag}" '
                    f"at byte offset {_byte_offset(text, begin)}"
                )
            while i < n and text[i].isspace():
                i += 1
            if i < n and text[i] != "=" and tag == "blockquote" and attr_name == "expandable":
                argument = "expandable"
                continue
            if i >= n or text[i] != "=":
                raise EntityParseError(
                    "Expected equal sign in declaration of an attribute of the tag "
                    f'"{tag}" at byte offset {_byte_offset(text, begin)}'
                )
            i += 1
            while i < n and text[i].isspace():
                i += 1
            if i >= n:
                raise EntityParseError(
                    f"Unclosed start tag at byte offset {_byte_offset(text, begin)}"
                )
            if text[i] not in "'\"":
                token_begin = i
                while i < n and (text[i].isalnum() or text[i] in ".-"):
                    i += 1
                value = text[token_begin:i].lower()
                if i < n and not text[i].isspace() and text[i] != ">":
                    raise EntityParseError(
                        "Unexpected end of name token at byte offset "
                        f"{_byte_offset(text, token_begin)}"
                    )
            else:
                quote = text[i]
                i += 1
                chars: list[str] = []
                while i < n and text[i] != quote:
                    decoded = _decode_html_entity(text, i) if text[i] == "&" else None
                    if decoded:
                        chars.append(decoded[0])
                        i += decoded[1]
                    else:
                        chars.append(text[i])
                        i += 1
                if i < n:
                    i += 1
                value = "".join(chars)
            if i >= n:
                raise EntityParseError(
                    f"Unclosed start tag at byte offset {_byte_offset(text, begin)}"
                )
            if tag == "a" and attr_name == "href":
                argument = value
            elif tag == "code" and attr_name == "class" and value.startswith("language-"):
                argument = value[len("language-") :]
            elif tag == "span" and attr_name == "class" and value.startswith("tg-"):
                argument = value[len("tg-") :]
            elif (tag, attr_name) in (("tg-emoji", "emoji-id"), ("pre", "language")):
                argument = value
        if tag == "span" and argument != "spoiler":
            raise EntityParseError(
                'Tag "span" must have class "tg-spoiler" '
                f"at byte offset {_byte_offset(text, begin)}"
            )
        i += 1  # the '>'
        stack.append(_Open(tag, argument, offset, len(out)))

    if stack:
        raise EntityParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1].tag}"')
    return "".join(out), sort_entities(entities)


def _html_entity(opened: _Open, length: int, plain: str, entities: list[Entity]) -> Entity | None:
    entity: Entity = {"offset": opened.offset, "length": length}
    tag = opened.tag
    if tag in _HTML_ENTITY_TYPES:
        entity["type"] = _HTML_ENTITY_TYPES[tag]
        if tag == "code" and opened.argument:
            entity["language"] = opened.argument
        if tag == "pre":
            inner = next(
                (
                    e
                    for e in entities
                    if e["type"] == "code"
                    and e["offset"] == opened.offset
                    and e["length"] == length
                ),
                None,
            )
            language = opened.argument
            if inner is not None:
                entities.remove(inner)
                language = language or inner.get("language", "")
            if language:
                entity["language"] = language
        elif tag == "code" and not opened.argument:
            entity.pop("language", None)
        return entity
    if tag == "a":
        url = opened.argument or plain[opened.text_index :]
        user = re.fullmatch(r"tg://user\?id=(\d+)", url)
        if user:
            entity.update(
                type="text_mention",
                user={"id": int(user.group(1)), "is_bot": False, "first_name": ""},
            )
        else:
            entity.update(type="text_link", url=url)
        return entity
    if tag == "blockquote":
        entity["type"] = (
            "expandable_blockquote" if opened.argument == "expandable" else "blockquote"
        )
        return entity
    if tag == "tg-emoji":
        if not opened.argument:
            return None
        entity.update(type="custom_emoji", custom_emoji_id=opened.argument)
        return entity
    return None


# --------------------------------------------------------------------- MarkdownV2

_MD2_RESERVED = "_*[]()~`>#+-=|{}.!"
_TDLIB_TYPE_NAMES = {
    "bold": "Bold", "italic": "Italic", "underline": "Underline", "strikethrough": "Strikethrough",
    "spoiler": "Spoiler", "code": "Code", "pre": "Pre", "text_link": "TextUrl",
    "custom_emoji": "CustomEmoji",
}  # fmt: skip


@dataclass
class _MdOpen:
    type: str
    argument: str
    offset: int
    byte_offset: int
    text_index: int


def parse_markdown_v2(text: str) -> tuple[str, list[Entity]]:
    """Parse MarkdownV2 into (plain text, entities), with Telegram's escaping rules."""
    out: list[str] = []
    offset = 0
    entities: list[Entity] = []
    stack: list[_MdOpen] = []
    quote_lines: list[tuple[int, int]] = []  # (start offset, end offset) of '>' lines
    quote_start: int | None = None
    n = len(text)
    i = 0

    def at(k: int) -> str:
        return text[k] if 0 <= k < n else ""

    def reserved_error(char: str) -> EntityParseError:
        return EntityParseError(
            f"Character '{char}' is reserved and must be escaped with the preceding '\\'"
        )

    while i < n:
        char = text[i]
        line_start = i == 0 or text[i - 1] == "\n"
        if line_start and quote_start is not None:
            quote_lines.append((quote_start, offset - 1 if offset > quote_start else offset))
            quote_start = None
        if char == "\\" and at(i + 1) and 0 < ord(at(i + 1)) <= 126:
            out.append(text[i + 1])
            offset += 1
            i += 2
            continue
        in_code = bool(stack) and stack[-1].type in ("code", "pre")
        if line_start and char == ">" and not in_code:
            quote_start = offset
            i += 1
            continue
        reserved = "`" if in_code else _MD2_RESERVED
        if char not in reserved:
            out.append(char)
            offset += _units(char)
            i += 1
            continue

        closes = False
        if stack:
            top = stack[-1].type
            closes = (
                (top == "bold" and char == "*")
                or (top == "italic" and char == "_" and at(i + 1) != "_")
                or (top == "code" and char == "`")
                or (top == "pre" and text[i : i + 3] == "```")
                or (top in ("text_link", "custom_emoji") and char == "]")
                or (top == "underline" and text[i : i + 2] == "__")
                or (top == "strikethrough" and char == "~")
                or (top == "spoiler" and text[i : i + 2] == "||")
            )
        if not closes:
            entity_byte_offset = _byte_offset(text, i)
            argument = ""
            if char == "_":
                if at(i + 1) == "_":
                    kind = "underline"
                    i += 1
                else:
                    kind = "italic"
            elif char == "*":
                kind = "bold"
            elif char == "~":
                kind = "strikethrough"
            elif char == "|":
                if at(i + 1) != "|":
                    raise reserved_error(char)
                kind = "spoiler"
                i += 1
            elif char == "[":
                kind = "text_link"
            elif char == "`":
                if text[i : i + 3] == "```":
                    kind = "pre"
                    i += 3
                    end = i
                    while end < n and not text[end].isspace() and text[end] != "`":
                        end += 1
                    if end != i and end < n and text[end] != "`":
                        argument = text[i:end]
                        i = end
                    if at(i) in ("\n", "\r"):
                        i += 2 if at(i + 1) in ("\n", "\r") and at(i + 1) != at(i) else 1
                    i -= 1
                else:
                    kind = "code"
            elif char == "!" and at(i + 1) == "[":
                kind = "custom_emoji"
                i += 1
            else:
                raise reserved_error(char)
            stack.append(_MdOpen(kind, argument, offset, entity_byte_offset, len(out)))
            i += 1
            continue

        opened = stack.pop()
        kind = opened.type
        entity: Entity = {"type": kind, "offset": opened.offset, "length": offset - opened.offset}
        if kind in ("underline", "spoiler"):
            i += 1
        elif kind == "pre":
            i += 2
            if opened.argument:
                entity["language"] = opened.argument
        elif kind in ("text_link", "custom_emoji"):
            url = ""
            if at(i + 1) != "(":
                url = "".join(out[opened.text_index :])
            else:
                i += 2
                url_begin = i
                chars: list[str] = []
                while i < n and text[i] != ")":
                    if text[i] == "\\" and at(i + 1) and 0 < ord(at(i + 1)) <= 126:
                        chars.append(text[i + 1])
                        i += 2
                        continue
                    chars.append(text[i])
                    i += 1
                if i >= n:
                    raise EntityParseError(
                        f"Can't find end of a URL at byte offset {_byte_offset(text, url_begin)}"
                    )
                url = "".join(chars)
            if kind == "custom_emoji":
                emoji_id = re.fullmatch(r"tg://emoji\?id=(\d+)", url)
                if not emoji_id:
                    raise EntityParseError(
                        "Custom emoji URL must have an emoji identifier "
                        f"at byte offset {opened.byte_offset}"
                    )
                entity["custom_emoji_id"] = emoji_id.group(1)
            else:
                user = re.fullmatch(r"tg://user\?id=(\d+)", url)
                if user:
                    entity.update(
                        type="text_mention",
                        user={"id": int(user.group(1)), "is_bot": False, "first_name": ""},
                    )
                else:
                    entity["url"] = url
        if entity["length"] > 0:
            entities.append(entity)
        i += 1

    if stack:
        opened = stack[-1]
        name = _TDLIB_TYPE_NAMES[opened.type]
        if opened.type == "pre" and opened.argument:
            name = "PreCode"
        raise EntityParseError(
            f"Can't find end of {name} entity at byte offset {opened.byte_offset}"
        )
    if quote_start is not None:
        quote_lines.append((quote_start, offset))
    entities.extend(_merge_quotes(quote_lines))
    return "".join(out), sort_entities(entities)


def _merge_quotes(lines: list[tuple[int, int]]) -> list[Entity]:
    merged: list[list[int]] = []
    for start, end in lines:
        if merged and start <= merged[-1][1] + 1:
            merged[-1][1] = end
        else:
            merged.append([start, end])
    return [{"type": "blockquote", "offset": s, "length": e - s} for s, e in merged if e > s]


# ------------------------------------------------------------- legacy Markdown


def parse_markdown(text: str) -> tuple[str, list[Entity]]:
    """Parse legacy ``Markdown`` into (plain text, entities)."""
    out: list[str] = []
    offset = 0
    entities: list[Entity] = []
    n = len(text)
    i = 0
    while i < n:
        char = text[i]
        if char == "\\" and i + 1 < n and text[i + 1] in "_*`[":
            out.append(text[i + 1])
            offset += 1
            i += 2
            continue
        if char not in "_*`[":
            out.append(char)
            offset += _units(char)
            i += 1
            continue
        begin = i
        end_char = "]" if char == "[" else char
        is_pre = False
        language = ""
        i += 1
        if char == "`" and text[i : i + 2] == "``":
            i += 2
            is_pre = True
            end = i
            while end < n and not text[end].isspace() and text[end] != "`":
                end += 1
            if end != i and end < n and text[end] != "`":
                language = text[i:end]
                i = end
            if i < n and text[i] in "\r\n":
                i += 2 if i + 1 < n and text[i + 1] in "\r\n" and text[i + 1] != text[i] else 1
        start_offset = offset
        start_index = len(out)
        while i < n and (text[i] != end_char or (is_pre and text[i + 1 : i + 3] != "``")):
            out.append(text[i])
            offset += _units(text[i])
            i += 1
        if i >= n:
            raise EntityParseError(
                f"Can't find end of the entity starting at byte offset {_byte_offset(text, begin)}"
            )
        if offset != start_offset:
            entity: Entity = {"offset": start_offset, "length": offset - start_offset}
            if char == "_":
                entity["type"] = "italic"
            elif char == "*":
                entity["type"] = "bold"
            elif char == "[":
                if i + 1 < n and text[i + 1] == "(":
                    i += 2
                    url_chars: list[str] = []
                    while i < n and text[i] != ")":
                        url_chars.append(text[i])
                        i += 1
                    url = "".join(url_chars)
                else:
                    url = "".join(out[start_index:])
                entity.update(type="text_link", url=url)
            elif is_pre:
                entity["type"] = "pre"
                if language:
                    entity["language"] = language
            else:
                entity["type"] = "code"
            entities.append(entity)
        if is_pre:
            i += 2
        i += 1
    return "".join(out), sort_entities(entities)


# ------------------------------------------------------------------ public API


def _trim(text: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    """Strip surrounding whitespace like Telegram, shifting and clipping entities."""
    stripped_left = text.lstrip()
    shift = utf16_len(text) - utf16_len(stripped_left)
    result = stripped_left.rstrip()
    total = utf16_len(result)
    fixed: list[Entity] = []
    for entity in entities:
        start = max(entity["offset"] - shift, 0)
        end = min(entity["offset"] + entity["length"] - shift, total)
        if end > start:
            fixed.append({**entity, "offset": start, "length": end - start})
    return result, fixed


def format_text(
    text: str | None,
    parse_mode: str | None = None,
    entities: list[Entity] | None = None,
) -> tuple[str, list[Entity]]:
    """Apply ``parse_mode`` (or explicit ``entities``) the way the Bot API does.

    Returns the plain text and the entities, with surrounding whitespace
    trimmed. Raises `EntityParseError` for malformed markup and ``ValueError``
    for an unknown parse mode.
    """
    raw = text or ""
    mode = (parse_mode or "").lower()
    if entities:
        plain, found = raw, [dict(e) for e in entities]
    elif not mode:
        plain, found = raw, []
    elif mode == "html":
        plain, found = parse_html(raw)
    elif mode == "markdownv2":
        plain, found = parse_markdown_v2(raw)
    elif mode == "markdown":
        plain, found = parse_markdown(raw)
    else:
        raise ValueError(f"unsupported parse_mode {parse_mode!r}")
    plain, found = _trim(plain, found)
    return plain, sort_entities(found)


_AUTO_ENTITY_PATTERNS = (
    ("bot_command", re.compile(r"(?<![\w/@])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w/])")),
    ("mention", re.compile(r"(?<![\w@])@[A-Za-z][A-Za-z0-9_]{3,31}\b")),
    ("hashtag", re.compile(r"(?<![\w#])#[^\W\d]\w*")),
    ("url", re.compile(r"\bhttps?://[^\s<>\"]+[^\s<>\".,;:!?)\]]")),
)


def detect_entities(text: str) -> list[Entity]:
    """Entities Telegram attaches to a message a person typed (commands, mentions, ...)."""
    entities: list[Entity] = []
    for kind, pattern in _AUTO_ENTITY_PATTERNS:
        for match in pattern.finditer(text):
            entities.append(
                {
                    "type": kind,
                    "offset": utf16_len(text[: match.start()]),
                    "length": utf16_len(match.group()),
                }
            )
    return sort_entities(entities)
