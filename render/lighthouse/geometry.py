"""Where the cells of the two zones land in a picture (`ZoneGeometry`)."""

from __future__ import annotations

from dataclasses import dataclass

from render.kit import Box

from .theme import GAP

_ZONE_PAD = 16
_BADGE_AREA = 76  # room right of the rows and below the columns for the points badges


@dataclass(frozen=True)
class ZoneGeometry:
    """Where the cells of the two zones land in a picture: cell `i` of zone `z` is the square
    of side `cell` at (lefts[z] + col * cell, top + row * cell), with `size` cells a row."""

    lefts: tuple[int, int]
    top: int
    cell: int
    size: int

    def cell_box(self, zone: int, index: int) -> tuple[int, int, int, int]:
        x0 = self.lefts[zone] + (index % self.size) * self.cell
        y0 = self.top + (index // self.size) * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def center(self, zone: int, index: int) -> tuple[int, int]:
        x0, y0, x1, y1 = self.cell_box(zone, index)
        return (x0 + x1) // 2, (y0 + y1) // 2


def _zone_layout(box: Box, size: int) -> tuple[int, int]:
    """The cell size and the height of a zone box `box[2]` wide (its height is ignored)."""
    _, _, w, _ = box
    cell = (w - 2 * _ZONE_PAD - _BADGE_AREA) // size
    if cell >= 24:
        cell -= cell % 4
    return cell, 2 * _ZONE_PAD + size * cell + _BADGE_AREA


def _zones_geometry(x: int, y: int, width: int, size: int) -> tuple[ZoneGeometry, list[Box]]:
    zone_w = (width - 2 * GAP) // 2
    cell, zone_h = _zone_layout((0, 0, zone_w, 0), size)
    boxes = [(x, y, zone_w, zone_h), (x + width - zone_w, y, zone_w, zone_h)]
    grid_w = size * cell + _BADGE_AREA
    lefts = tuple(bx + (zone_w - grid_w) // 2 for bx, _, _, _ in boxes)
    return ZoneGeometry(lefts, y + _ZONE_PAD, cell, size), boxes  # type: ignore[arg-type]
