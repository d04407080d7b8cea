"""Lake geometry: which cells a picture shows, how large a tile is, and where each cell
lands (`LakeGeometry`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .theme import MAX_TILE, MIN_TILE, Cell
from .view import _cells, _placed


@dataclass(frozen=True)
class LakeGeometry:
    """Where lake cells land in a picture: cell (x, y) is the square of side `tile`
    with its top-left corner at (left + (x - min_x) * tile, top + (y - min_y) * tile)."""

    left: int
    top: int
    min_x: int
    min_y: int
    cols: int
    rows: int
    tile: int

    def cell_box(self, cell: Cell) -> tuple[int, int, int, int]:
        x0 = self.left + (cell[0] - self.min_x) * self.tile
        y0 = self.top + (cell[1] - self.min_y) * self.tile
        return x0, y0, x0 + self.tile, y0 + self.tile

    def center(self, cell: Cell) -> tuple[int, int]:
        x0, y0, _, _ = self.cell_box(cell)
        return x0 + self.tile // 2, y0 + self.tile // 2


@dataclass(frozen=True)
class _Grid:
    min_x: int
    min_y: int
    cols: int
    rows: int


_LAKE_PAD = 16


def _grid(view: Mapping[str, Any], extra: Iterable[Cell] = ()) -> _Grid:
    """The placed tiles' bounding box plus one ring of empty cells (and any `extra`)."""
    tiles = [t.cell for t in _placed(view)] or [(0, 0)]
    xs = [c[0] for c in tiles]
    ys = [c[1] for c in tiles]
    min_x, max_x, min_y, max_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    for cx, cy in list(extra) + _cells(view.get("spots")):
        min_x, max_x = min(min_x, cx), max(max_x, cx)
        min_y, max_y = min(min_y, cy), max(max_y, cy)
    return _Grid(min_x, min_y, max_x - min_x + 1, max_y - min_y + 1)


def _tile_size(grid: _Grid, width: int, max_height: int) -> int:
    tile = min(MAX_TILE, (width - 2 * _LAKE_PAD) // grid.cols,
               (max_height - 2 * _LAKE_PAD) // grid.rows)
    if tile >= 24:
        tile -= tile % 4  # steps of 4 px: tile sprites are reused as the lake grows
    return max(MIN_TILE, tile)


def _lake_height(grid: _Grid, tile: int, low: int, high: int) -> int:
    return max(low, min(high, grid.rows * tile + 2 * _LAKE_PAD))


def _place_grid(grid: _Grid, tile: int, box: tuple[int, int, int, int]) -> LakeGeometry:
    bx, by, bw, bh = box
    return LakeGeometry(bx + (bw - grid.cols * tile) // 2, by + (bh - grid.rows * tile) // 2,
                        grid.min_x, grid.min_y, grid.cols, grid.rows, tile)
