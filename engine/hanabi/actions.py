"""Hanabi actions as small values, with a compact text codec.

``play:<slot>`` plays the card in a slot (1 is the newest), ``discard:<slot>`` discards
it, ``clue:<seat>:c<colour>`` gives a colour clue and ``clue:<seat>:r<rank>`` a number
clue. The codec is what the action log stores and what a menu leaf carries; whole words,
so a log reads well in a bug report.

>>> decode("clue:2:c3")
Clue(target=2, kind='color', value=3)
>>> Clue(1, "rank", 5).encode()
'clue:1:r5'
>>> decode("play:1").encode()
'play:1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Malformed
from .components import BASE_COLORS, MAX_PLAYERS, MAX_RANK
from .knowledge import COLOR, RANK

MAX_SLOT = 5


@dataclass(frozen=True)
class Play:
    slot: int  # 1-based

    def encode(self) -> str:
        return f"play:{self.slot}"


@dataclass(frozen=True)
class Discard:
    slot: int

    def encode(self) -> str:
        return f"discard:{self.slot}"


@dataclass(frozen=True)
class Clue:
    target: int  # the seat told
    kind: str  # COLOR or RANK
    value: int  # colour index or rank

    def encode(self) -> str:
        return f"clue:{self.target}:{clue_key(self.kind, self.value)}"


Action = Play | Discard | Clue


def clue_key(kind: str, value: int) -> str:
    """The short key of a clue's content: ``c3`` for colour 3, ``r5`` for fives."""
    return f"{'c' if kind == COLOR else 'r'}{value}"


def parse_clue_key(key: str) -> tuple[str, int]:
    """The inverse of `clue_key`; raises `Malformed` for anything else."""
    match = _CLUE_KEY.fullmatch(key) if isinstance(key, str) else None
    if not match:
        raise Malformed(f"no clue {key!r}")
    kind = COLOR if match.group(1) == "c" else RANK
    value = int(match.group(2))
    if (kind == COLOR and value > BASE_COLORS) or (kind == RANK and not 1 <= value <= MAX_RANK):
        raise Malformed(f"no clue {key!r}")
    return kind, value


_CLUE_KEY = re.compile(r"([cr])(\d)")
_SLOT = re.compile(rf"(play|discard):([1-{MAX_SLOT}])")
_CLUE = re.compile(rf"clue:([0-{MAX_PLAYERS - 1}]):([cr]\d)")


def decode(text: str) -> Action:
    """Parse an encoded action; raises `Malformed` for anything that is not one."""
    if not isinstance(text, str):
        raise Malformed("action is not text")
    match = _SLOT.fullmatch(text)
    if match:
        slot = int(match.group(2))
        return Play(slot) if match.group(1) == "play" else Discard(slot)
    match = _CLUE.fullmatch(text)
    if match:
        kind, value = parse_clue_key(match.group(2))
        return Clue(int(match.group(1)), kind, value)
    raise Malformed(f"unknown action {text[:40]!r}")
