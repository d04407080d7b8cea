"""Whole numbers in text a person or a client sent: ASCII digits only, and not many.

Python's own tests are too kind for this: `str.isdigit()` is true of "²" and "٣", `int()`
reads "٣" as 3 (and raises on "²"), and `int()` of thousands of digits works hard before
refusing them. A button's table id, an option's value or an update id is read here instead,
and anything else is `None`: the caller refuses it with a short answer.

>>> ascii_int("42", max_digits=3)
42
>>> ascii_int("-7", max_digits=3, signed=True)
-7
>>> [ascii_int(text, max_digits=3) for text in ("٣", "²", "1234", "", "+1", " 1", "-7")]
[None, None, None, None, None, None, None]
"""

from __future__ import annotations


def ascii_int(text: str, *, max_digits: int, signed: bool = False) -> int | None:
    """`text` as a whole number if it is 1 to `max_digits` ASCII digits (after a "-" when
    `signed`), else None."""
    body = text[1:] if signed and text.startswith("-") else text
    if not 0 < len(body) <= max_digits or not body.isascii() or not body.isdigit():
        return None
    return int(text)
