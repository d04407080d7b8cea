"""Rafter Five actions as small values, with a compact text codec.

``t<r>`` takes rafter r (0-4), off the raft (the lift is simulated) or out of the sea, and
draws a new lumber card; ``t<r>w<card>`` takes rafter r and that lumber card lying wood
side up in the sea instead.

``b<x>,<y>,<angle>;<ru>,<rv>,<rturn>;<cu>,<cv>`` builds: the lumber card in hand goes with
its centre at (x, y) mm, turned `angle` degrees; the rafter in hand at (ru, rv) of the
card's frame (u along the card, v across, from its centre), turned `rturn` degrees (0-179)
from the card's length; a chest at (cu, cv) of the card's frame. Either may hang partly
over the card's edges.

The old build format ``b<x>,<y>,<angle>,<rafter spot><a|x><chest spot>`` (spots 1-9 on the
card's centre line, the rafter along ``a`` or across ``x``) still decodes, so games kept
from before read the same; it encodes in the new format.

Positions are whole millimetres and angles whole degrees: a stored action means exactly
one placement.

>>> decode("b-52,13,275;-33,0,90;22,-4")
Build(x=-52, y=13, angle=275, ru=-33, rv=0, rturn=90, cu=22, cv=-4)
>>> decode("b-52,13,275,3x6").encode()
'b-52,13,275;-22,0,90;11,0'
>>> decode("t4w17")
Take(rafter=4, wood=17)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import Malformed
from .layout import spot_u

REACH_MM = 200
"""How far from the raft's centre a card may be aimed (beyond that it is in the sea)."""
ON_CARD_MM = 80
"""How far from its card's centre a rafter or a chest may be aimed at all (the rules then
ask that it rests partly on the card)."""


@dataclass(frozen=True)
class Take:
    rafter: int
    wood: int | None = None  # a lumber card lying wood side up in the sea, or None: draw one

    def encode(self) -> str:
        return f"t{self.rafter}" if self.wood is None else f"t{self.rafter}w{self.wood}"


@dataclass(frozen=True)
class Build:
    x: int
    y: int
    angle: int
    ru: int
    rv: int
    rturn: int
    cu: int
    cv: int

    @classmethod
    def on_spots(cls, x: int, y: int, angle: int, rafter_spot: int, across: bool,
                 chest_spot: int) -> Build:
        """A build of the old format: the rafter and the chest on numbered spots."""
        return cls(x, y, angle, round(spot_u(rafter_spot)), 0, 90 if across else 0,
                   round(spot_u(chest_spot)), 0)

    @property
    def pose(self) -> tuple[int, int, int]:
        return self.x, self.y, self.angle

    def encode(self) -> str:
        return (f"b{self.x},{self.y},{self.angle};{self.ru},{self.rv},{self.rturn};"
                f"{self.cu},{self.cv}")


Action = Take | Build

_TAKE = re.compile(r"t([0-9])(?:w([0-9]{1,2}))?")
_N = r"(-?\d{1,3})"
_BUILD = re.compile(rf"b{_N},{_N},(\d{{1,3}});{_N},{_N},(\d{{1,3}});{_N},{_N}")
_OLD_BUILD = re.compile(r"b(-?\d{1,3}),(-?\d{1,3}),(\d{1,3}),([1-9])([ax])([1-9])")


def decode(text: object) -> Action:
    """Parse an encoded action; raises `Malformed` for anything that is not one."""
    if not isinstance(text, str):
        raise Malformed("action is not text")
    if match := _TAKE.fullmatch(text):
        return Take(int(match[1]), None if match[2] is None else int(match[2]))
    if match := _BUILD.fullmatch(text):
        build = Build(*(int(g) for g in match.groups()))
    elif match := _OLD_BUILD.fullmatch(text):
        build = Build.on_spots(int(match[1]), int(match[2]), int(match[3]), int(match[4]),
                               match[5] == "x", int(match[6]))
    else:
        raise Malformed(f"unknown action {text[:40]!r}")
    if max(abs(build.x), abs(build.y)) > REACH_MM or build.angle >= 360:
        raise Malformed("a card out of reach, or an angle over 359")
    if max(abs(build.ru), abs(build.rv), abs(build.cu), abs(build.cv)) > ON_CARD_MM:
        raise Malformed("a rafter or a chest aimed far off its card")
    if build.rturn >= 180:
        raise Malformed("a rafter's turn on its card is 0-179 degrees")
    return build
