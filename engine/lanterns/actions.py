"""Lanterns actions as small values, with a compact text codec.

The codec is what the action log stores and what a leaf of a menu carries:
``x:<give>:<take>`` exchange, ``d:<kind>[:<colours>]`` dedication, ``c:<colour>`` discard one
card, ``p:<tile>:<rot>:<x>:<y>`` placement, ``e`` end of a final turn. Colours are indices.

>>> decode("p:12:1:-1:0")
Place(tile=12, rot=1, x=-1, y=0)
>>> decode("d:3:025").encode()
'd:3:025'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Malformed
from .components import CODE_KINDS, FOUR, KIND_CODES, NCOLORS, PAIRS, SEVEN, TILES


@dataclass(frozen=True)
class Exchange:
    give: int
    take: int

    def encode(self) -> str:
        return f"x:{self.give}:{self.take}"


@dataclass(frozen=True)
class Dedicate:
    kind: str
    colors: tuple[int, ...] = ()  # the colour for four of a kind, the three colours for pairs

    def encode(self) -> str:
        code = KIND_CODES[self.kind]
        return f"d:{code}:{''.join(map(str, self.colors))}" if self.colors else f"d:{code}"


@dataclass(frozen=True)
class Discard:
    color: int

    def encode(self) -> str:
        return f"c:{self.color}"


@dataclass(frozen=True)
class Place:
    tile: int
    rot: int
    x: int
    y: int

    def encode(self) -> str:
        return f"p:{self.tile}:{self.rot}:{self.x}:{self.y}"


@dataclass(frozen=True)
class EndTurn:
    def encode(self) -> str:
        return "e"


Action = Exchange | Dedicate | Discard | Place | EndTurn

_INT = r"-?\d{1,3}"
_PATTERNS: tuple[tuple[re.Pattern[str], type], ...] = (
    (re.compile(r"x:(\d):(\d)"), Exchange),
    (re.compile(r"d:([437])(?::(\d{1,3}))?"), Dedicate),
    (re.compile(r"c:(\d)"), Discard),
    (re.compile(rf"p:(\d{{1,2}}):([0-3]):({_INT}):({_INT})"), Place),
    (re.compile(r"e"), EndTurn),
)


def decode(text: str) -> Action:
    """Parse an encoded action; raises `Malformed` for anything that is not one."""
    if not isinstance(text, str):
        raise Malformed("action is not text")
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return _build(kind, match.groups())
    raise Malformed(f"unknown action {text[:40]!r}")


def _color(value: str) -> int:
    color = int(value)
    if not 0 <= color < NCOLORS:
        raise Malformed(f"no colour {color}")
    return color


def _build(kind: type, groups: tuple[str | None, ...]) -> Action:
    if kind is Exchange:
        return Exchange(_color(groups[0]), _color(groups[1]))  # type: ignore[arg-type]
    if kind is Discard:
        return Discard(_color(groups[0]))  # type: ignore[arg-type]
    if kind is EndTurn:
        return EndTurn()
    if kind is Place:
        tile, rot, x, y = (int(g) for g in groups)  # type: ignore[arg-type]
        if not 0 <= tile < len(TILES):
            raise Malformed(f"no tile {tile}")
        return Place(tile, rot, x, y)
    dedication = CODE_KINDS[groups[0]]  # type: ignore[index]
    colors = tuple(_color(c) for c in (groups[1] or ""))
    expected = {FOUR: 1, PAIRS: 3, SEVEN: 0}[dedication]
    if len(colors) != expected or len(set(colors)) != len(colors):
        raise Malformed("wrong colours for this dedication")
    return Dedicate(dedication, tuple(sorted(colors)))
