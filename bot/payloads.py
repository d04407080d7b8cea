"""The data a button carries, as compact text that fits a Telegram callback (64 bytes) and a
Discord custom id (100 characters), and its strict parser.

Every game button names its table and the version of the board it was drawn for, so a press
on an old board is recognised and refused; menu paths are the engine's keys joined by dots.

>>> encode(Press("go", table=12, version=7, path=("p", "31", "2")))
'g:12:7:p.31.2'
>>> decode("c:12:7:p.31.2.5")
Press(kind='confirm', table=12, version=7, path=('p', '31', '2', '5'), arg='')
>>> encode(Press("computer", table=12, arg="hard"))
'b:12:hard'

A point press is a game press with a point of the panel's picture: where a drag on it ended
and, if elsewhere, where it began (the web's drag on Rafter Five's raft):

>>> decode("o:12:7:A3r90:640,512,600,500").point
(640, 512, 600, 500)

A settings press names a chat instead of a table, and the settings its menu was drawn for
(a digest in `version`); its path is the field and the value chosen:

>>> press = decode("S:-1001234567890:305419896:k.live-180-30")
>>> press.chat, press.version, press.path
('-1001234567890', 305419896, ('k', 'live-180-30'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.digits import ascii_int

MAX_BYTES = 64

# The kinds of press and their one-letter codes.
_CODES = {
    "go": "g",  # open a menu level (table, version, path)
    "confirm": "c",  # apply the leaf at a path (table, version, path)
    "join": "j",
    "leave": "l",
    "start": "s",
    "cancel": "x",
    "hand": "h",  # send me my private panel again
    "newgame": "n",  # arg: the game's name
    "language": "L",  # arg: a language code
    "computer": "b",  # the host adds a computer player (table, arg: a level; none = which?)
    "uncomputer": "u",  # the host removes a computer player (table, arg: its number)
    "clock": "k",  # the host picks the clock (table, arg: a choice's number; none = which?)
    "vote": "v",  # a vote (table, arg: the choice's letter and the vote's number, "c12")
    "back": "i",  # an absent player takes their seat back (table)
    "quit": "q",  # leaving a game under way, confirmed (table, arg: "y"/"n" and the seat)
    "again": "a",  # a new lobby for the same game, options and people (table)
    "settings": "S",  # a chat's /settings menu (chat, the settings' digest, path: field, value)
    "forget": "t",  # /forgetme's question answered (arg: "yes"/"no"; in place of a table, the
    # minute it was asked, so an old question expires)
    "replay": "r",  # a finished game's replay (table, arg: a move number, or "o" open, "a"
    # its animation, "f" its file)
    "moves": "m",  # the game's log, to the presser alone (table, arg: a page; none = newest)
    "point": "o",  # a point of a panel's picture at a menu level (table, version, path, and
    # where a drag ended and began, in the picture's pixels: the web's drag on the raft)
}
_KINDS = {code: kind for kind, code in _CODES.items()}
_WITH_PATH = {"go", "confirm"}
_WITH_ARG = {"newgame", "language"}
_TABLE_ONLY = {"join", "leave", "start", "cancel", "hand", "back", "again"}
_TABLE_AND_ARG = {"computer", "uncomputer", "clock", "vote", "quit", "replay", "forget",
                  "moves"}
_WITH_CHAT = {"settings"}
_WITH_POINT = {"point"}
_POINT = re.compile(r"([0-9]{1,4}),([0-9]{1,4})(?:,([0-9]{1,4}),([0-9]{1,4}))?")
"""Where a drag ended (and began, if elsewhere): whole pixels of a picture under 10000 px
each way, so nothing but finite, bounded numbers comes in."""

_KEY = re.compile(r"[A-Za-z0-9_-]{1,8}")
_ARG = re.compile(r"[a-z]{1,20}")
_TABLE_ARG = re.compile(r"[a-z0-9]{0,20}")
_CHAT = re.compile(r"-?[0-9]{1,20}")  # a Telegram chat id or a Discord snowflake
_SETTING = re.compile(r"[a-z0-9-]{1,16}")


class BadPayload(ValueError):
    """The data is not something this bot drew: garbage, forged, or too old a format."""


@dataclass(frozen=True)
class Press:
    kind: str
    table: int = 0
    version: int = 0
    path: tuple[str, ...] = ()
    arg: str = ""
    chat: str = field(default="", repr=False)  # settings: the chat whose settings it shows
    point: tuple[int, int, int, int] | None = field(default=None, repr=False)
    """A point press: (x, y) where the drag ended, then where it began (a tap: the same)."""


def encode(press: Press) -> str:
    code = _CODES[press.kind]
    if press.kind in _WITH_CHAT:
        text = f"{code}:{press.chat}:{press.version}:{'.'.join(press.path)}"
    elif press.kind in _WITH_PATH:
        text = f"{code}:{press.table}:{press.version}:{'.'.join(press.path)}"
    elif press.kind in _WITH_POINT:
        x, y, sx, sy = press.point or (0, 0, 0, 0)
        start = "" if (sx, sy) == (x, y) else f",{sx},{sy}"
        text = f"{code}:{press.table}:{press.version}:{'.'.join(press.path)}:{x},{y}{start}"
    elif press.kind in _WITH_ARG:
        text = f"{code}:{press.arg}"
    elif press.kind in _TABLE_AND_ARG:
        text = f"{code}:{press.table}:{press.arg}"
    else:
        text = f"{code}:{press.table}"
    if len(text.encode()) > MAX_BYTES:
        raise ValueError(f"payload too long: {text!r}")
    return text


def decode(data: object) -> Press:
    """Parse button data, refusing anything malformed (whatever a client sends: any text,
    any type) with `BadPayload`."""
    if not isinstance(data, str) or not data or len(data) > MAX_BYTES \
            or not data.isascii():  # everything this bot draws is ASCII
        raise BadPayload("empty, too long or not ours")
    code, _, rest = data.partition(":")
    kind = _KINDS.get(code)
    if kind is None:
        raise BadPayload("unknown kind")
    if kind in _WITH_ARG:
        if not _ARG.fullmatch(rest):
            raise BadPayload("bad argument")
        return Press(kind, arg=rest)
    parts = rest.split(":")
    if kind in _WITH_CHAT:
        if len(parts) != 3 or not _CHAT.fullmatch(parts[0]):
            raise BadPayload("bad settings press")
        path = tuple(parts[2].split(".")) if parts[2] else ()
        if len(path) > 2 or not all(_SETTING.fullmatch(key) for key in path):
            raise BadPayload("bad setting")
        return Press(kind, version=_number(parts[1]), path=path, chat=parts[0])
    if kind in _TABLE_AND_ARG:
        if len(parts) != 2 or not _TABLE_ARG.fullmatch(parts[1]):
            raise BadPayload("bad table press")
        return Press(kind, table=_number(parts[0]), arg=parts[1])
    if kind in _TABLE_ONLY:
        if len(parts) != 1:
            raise BadPayload("bad table press")
        return Press(kind, table=_number(parts[0]))
    point = None
    if kind in _WITH_POINT:
        found = _POINT.fullmatch(parts.pop()) if len(parts) == 4 else None
        if found is None:
            raise BadPayload("bad point")
        x, y = int(found[1]), int(found[2])
        point = (x, y, x, y) if found[3] is None else (x, y, int(found[3]), int(found[4]))
    if len(parts) != 3:
        raise BadPayload("bad game press")
    path = tuple(parts[2].split(".")) if parts[2] else ()
    if not all(_KEY.fullmatch(key) for key in path):
        raise BadPayload("bad path")
    return Press(kind, table=_number(parts[0]), version=_number(parts[1]), path=path,
                 point=point)


def _number(text: str) -> int:
    number = ascii_int(text, max_digits=12)
    if number is None:
        raise BadPayload("bad number")
    return number


def point_prefix(table: int, version: int, path: tuple[str, ...]) -> str | None:
    """A point press's data up to its point ("o:table:version:path"), to which a client adds
    ":x,y,start_x,start_y"; None when the longest point would not fit the payload."""
    try:
        encode(Press("point", table, version, path, point=(9999, 9999, 0, 0)))
    except ValueError:
        return None
    return f"{_CODES['point']}:{table}:{version}:{'.'.join(path)}"
