"""Names and other text people type, made safe to show inside the bot's own messages, on
every platform alike.

What a person calls themselves is shown to everyone at their table: in the lobby, on the
board, in results, inside translated sentences. So before it is kept:

* bidirectional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069, the
  marks U+200E, U+200F, U+061C) go, or a name could turn the rest of a sentence around;
  so do control characters, line breaks and invisible format characters (zero-width
  spaces, word joiners, fillers), which would let two names that look alike differ;
* a zero-width joiner stays where it joins an emoji sequence (👨‍👩‍👧 is one picture, not three
  people), as do the tags of a subdivision flag and the non-joiner that Persian spelling
  needs; text is cut only between grapheme clusters (the `regex` module's ``\\X``: the
  standard library cannot split text into what a reader sees as characters);
* the 🤖 belongs to computer players ("🤖 Hard"): in a person's name it becomes 👤, so no
  one can pass for a computer player, in any language;
* at one table, a name someone already has there gets a number, "Anna (2)", compared
  without case, width or invisible differences (`seat_name`; the store applies it as it
  seats someone, in the same transaction, so two joins cannot race to the same name).

>>> person_name("\\u202eAnna\\u202c")
'Anna'
>>> person_name("🤖 Hard")
'👤 Hard'
>>> person_name("👨\\u200d👩\\u200d👧 Smith") == "👨\\u200d👩\\u200d👧 Smith"
True
>>> seat_name("ANNA", ["Anna", "Bob"])
'ANNA (2)'
>>> shown("x" * 50, limit=10)
'xxxxxxxxx…'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import regex

MAX_NAME = 32
"""Grapheme clusters kept of a name (Discord's own limit for a display name)."""
TITLE_LIMIT = 128
"""Grapheme clusters kept of a chat's title (Telegram's own limit)."""
NOBODY = "👤"
"""A name that held nothing visible."""
ROBOT = "\U0001F916"
PERSON = "\U0001F464"

_ZWJ = "\u200d"
_ZWNJ = "\u200c"
_BLACK_FLAG = "\U0001F3F4"  # the base of the tag sequences (🏴 + tags: a subdivision flag)
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0")  # grapheme joiner, Hangul fillers
_MAX_MARKS = 4
"""Combining marks kept on one character: enough for any script's accents, not for text
piled into a tower over the lines around it."""
_CLUSTER = regex.compile(r"\X")


def shown(text: str, *, limit: int = 64) -> str:
    """`text` with nothing that hides, reorders or breaks lines, its spaces collapsed, and
    at most `limit` grapheme clusters (cut ones end in "…")."""
    text = text.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
    text = unicodedata.normalize("NFC", "".join(map(_char, text)))
    kept = " ".join("".join(map(_cluster, _CLUSTER.findall(text))).split())
    clusters = _CLUSTER.findall(kept)
    if len(clusters) <= limit:
        return kept
    return "".join(clusters[:max(limit - 1, 0)]).rstrip() + "…"


def person_name(raw: str) -> str:
    """The name a person is shown by: `shown`, at most `MAX_NAME` clusters, 🤖 made 👤."""
    return shown(raw.replace(ROBOT, PERSON), limit=MAX_NAME) or NOBODY


def typed_name(text: object) -> str | None:
    """A name typed into a form (the playground's): `person_name`, or None when it is no
    text or holds nothing visible, so that the form can ask again."""
    if not isinstance(text, str) or not shown(text, limit=1):
        return None
    return person_name(text)


def seat_name(name: str, taken: Iterable[str], *, computer: bool = False) -> str:
    """The name someone sits at a table by: theirs (a computer player's as the service
    named it), numbered if someone at the table (`taken`) already looks the same."""
    base = (shown(name, limit=MAX_NAME) or NOBODY) if computer else person_name(name)
    keys = {_key(other) for other in taken}
    candidate, number = base, 1
    while _key(candidate) in keys:
        number += 1
        candidate = f"{base} ({number})"
    return candidate


def _char(ch: str) -> str:
    """A character as kept anywhere: gone if it reorders or hides, a space if it breaks."""
    kind = unicodedata.category(ch)
    if ch in _BIDI or ch in _INVISIBLE:
        return ""
    if kind in ("Cc", "Zl", "Zp", "Zs"):
        return " "
    if kind == "Cf" and ch not in (_ZWJ, _ZWNJ) and not _tag(ch):
        return ""
    return ch


def _cluster(cluster: str) -> str:
    """A grapheme cluster with only the joiners, tags and marks that belong in it: a
    joiner between two emoji, tags after a flag, a few combining marks."""
    out: list[str] = []
    marks = 0
    last = len(cluster) - 1
    for index, ch in enumerate(cluster):
        if ch == _ZWJ:
            if 0 < index < last:
                out.append(ch)
        elif _tag(ch):
            if cluster[0] == _BLACK_FLAG:
                out.append(ch)
        elif unicodedata.category(ch) in ("Mn", "Me") and not _selector(ch):
            marks += 1
            if marks <= _MAX_MARKS:
                out.append(ch)
        else:
            out.append(ch)
    return "".join(out)


def _tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007f"


def _selector(ch: str) -> bool:
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def _key(name: str) -> str:
    """What two names that look the same have in common: no case, no width or
    compatibility forms, no invisible characters, single spaces."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    visible = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf"
                      and not _selector(ch) and ch not in _INVISIBLE)
    return " ".join(visible.split())
