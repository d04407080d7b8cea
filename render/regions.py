"""Where a picture's choices are: regions of the picture, each naming the menu keys a tap on
it presses, so a client can let a player touch the board instead of reading a number and
finding its button (issue 34). Every game computes its regions from the same layout its
drawing uses, and hands them out beside the picture (`Drawn`), so no adapter learns a game.

A region's `keys` extend the path of the menu level the picture was drawn for: the first is
one of that level's options (a region and that option's button are one choice), any further
ones the options of the levels after it, where one tap means several presses (a tile of
the hand at the top of a Lanterns turn: place, then that tile). A client presses the first
key's option (its `Option.path_from`, for options that replace the last key), then appends
the rest; the server checks the path as it checks any press. Regions carry only what the
picture shows to its viewer: keys are the same menu keys as the buttons.

Polygons are in the PNG's pixels, (x, y) from its top-left corner, listed around the edge.
Regions of different choices do not overlap, except where the picture itself shows one thing
in front of another (Rafter Five's pieces seen in perspective): there a later region is in
front, so a tap goes to the last region that holds it.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Point = tuple[int, int]


@dataclass(frozen=True)
class Region:
    """A part of a picture a tap on which chooses `keys` (see the module's notes)."""

    keys: tuple[str, ...]
    polygon: tuple[Point, ...]

    @property
    def key(self) -> str:
        """The option of the level drawn that this region is (its button's key)."""
        return self.keys[0]

    def center(self) -> tuple[float, float]:
        """The centre of the polygon's area (for a convex one, a point inside it)."""
        pts = self.polygon
        twice = cx = cy = 0.0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            cross = x0 * y1 - x1 * y0
            twice += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        if abs(twice) < 1e-9:  # a degenerate polygon: its corners' mean
            return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        return cx / (3 * twice), cy / (3 * twice)

    def contains(self, x: float, y: float) -> bool:
        """Whether (x, y) lies inside the polygon (even-odd rule)."""
        inside = False
        pts = self.polygon
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside

    def bounds(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the polygon."""
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return min(xs), min(ys), max(xs), max(ys)

    def to_json(self) -> dict[str, Any]:
        return {"keys": list(self.keys), "polygon": [list(p) for p in self.polygon]}


@dataclass(frozen=True)
class Control:
    """A control drawn over the picture (by the client: a `mark` on a disc; Rafter Five's ↻
    and ?): pressing it chooses the option `key` of the level, or (no key) opens the menu
    level at `path` (the card turned: the same level with another angle in the path's
    place)."""

    mark: str
    polygon: tuple[Point, ...]
    key: str | None = None
    path: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Drawn:
    """A picture and where its choices are."""

    png: bytes
    regions: tuple[Region, ...] = ()


def rect(keys: Sequence[str], box: tuple[float, float, float, float]) -> Region:
    """A rectangle (left, top, right, bottom)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    return Region(tuple(keys), ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def disc(keys: Sequence[str], center: tuple[float, float], radius: float,
         sides: int = 16) -> Region:
    """A disc, as a polygon of `sides` corners on its edge."""
    cx, cy = center
    return Region(tuple(keys), tuple(
        (round(cx + radius * math.cos(2 * math.pi * i / sides)),
         round(cy + radius * math.sin(2 * math.pi * i / sides))) for i in range(sides)))


def hull(keys: Sequence[str], points: Iterable[tuple[float, float]]) -> Region:
    """The convex hull of `points` (a piece seen from the camera), counter-clockwise on
    screen. Library note: Andrew's monotone chain, a dozen lines, rather than a geometry
    dependency for one hull."""
    pts = sorted({(round(x), round(y)) for x, y in points})
    if len(pts) < 3:
        return Region(tuple(keys), tuple(pts))

    def half(seq: list[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return Region(tuple(keys), tuple(lower[:-1] + upper[:-1]))


def offered(regions: Iterable[Region], options: Collection[str] | None) -> tuple[Region, ...]:
    """The regions whose first key is one of `options` (the keys of the level's options);
    all of them when the options are not known (None)."""
    return tuple(r for r in regions if r.keys and (options is None or r.keys[0] in options))
