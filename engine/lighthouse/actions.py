"""Lighthouse actions as small values, with a compact text codec.

``p:<value>:<zone>:<cell>`` plays a token of that number from the hand onto a cell (zones
0 red, 1 blue; cells numbered row by row from 0); ``n`` starts the next round.

>>> decode("p:4:1:12")
Place(value=4, zone=1, cell=12)
>>> decode("n").encode()
'n'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Malformed


@dataclass(frozen=True)
class Place:
    value: int
    zone: int
    cell: int

    def encode(self) -> str:
        return f"p:{self.value}:{self.zone}:{self.cell}"


@dataclass(frozen=True)
class NextRound:
    def encode(self) -> str:
        return "n"


Action = Place | NextRound

_PLACE = re.compile(r"p:([1-9]):([01]):(\d{1,2})")


def decode(text: object) -> Action:
    """Parse an encoded action; raises `Malformed` for anything that is not one.

    Whether the cell exists on this board is for the rules to say (it depends on options).
    """
    if not isinstance(text, str):
        raise Malformed("action is not text")
    if text == "n":
        return NextRound()
    match = _PLACE.fullmatch(text)
    if match is None:
        raise Malformed(f"unknown action {text[:40]!r}")
    value, zone, cell = (int(g) for g in match.groups())
    return Place(value, zone, cell)
