"""Rafter Five actions as small values, with a compact text codec.

``t<r>`` takes rafter r (0-4): off the raft (the lift is simulated) or out of the sea.
``b<x>,<y>,<angle>,<rafter spot><a|x><chest spot>`` builds: the lumber card drawn is put with
its centre at (x, y) mm, turned `angle` degrees; the rafter in hand goes on its numbered spot
1-9, along (``a``) or across (``x``) the card; a chest goes on another spot.

Positions are whole millimetres and angles whole degrees: the grid the menus nudge on, so a
stored action means exactly one placement.

>>> decode("b-52,13,275,3x6")
Build(x=-52, y=13, angle=275, rafter_spot=3, across=True, chest_spot=6)
>>> decode("t4").encode()
't4'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Malformed

REACH_MM = 200
"""How far from the raft's centre a card may be aimed (beyond that it is in the sea)."""


@dataclass(frozen=True)
class Take:
    rafter: int

    def encode(self) -> str:
        return f"t{self.rafter}"


@dataclass(frozen=True)
class Build:
    x: int
    y: int
    angle: int
    rafter_spot: int
    across: bool
    chest_spot: int

    def encode(self) -> str:
        turn = "x" if self.across else "a"
        return f"b{self.x},{self.y},{self.angle},{self.rafter_spot}{turn}{self.chest_spot}"


Action = Take | Build

_TAKE = re.compile(r"t([0-9])")
_BUILD = re.compile(r"b(-?\d{1,3}),(-?\d{1,3}),(\d{1,3}),([1-9])([ax])([1-9])")


def decode(text: object) -> Action:
    """Parse an encoded action; raises `Malformed` for anything that is not one."""
    if not isinstance(text, str):
        raise Malformed("action is not text")
    if match := _TAKE.fullmatch(text):
        return Take(int(match[1]))
    match = _BUILD.fullmatch(text)
    if match is None:
        raise Malformed(f"unknown action {text[:40]!r}")
    x, y, angle = int(match[1]), int(match[2]), int(match[3])
    if max(abs(x), abs(y)) > REACH_MM or angle >= 360:
        raise Malformed("a card out of reach, or an angle over 359")
    return Build(x, y, angle, int(match[4]), match[5] == "x", int(match[6]))
