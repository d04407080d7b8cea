"""The lake: its water with small waves, and on it the tiles, the faint legal spots, the
last placed tile's frame and what a menu step points at (numbered spots, a ghost tile)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import font, paste

from .geometry import LakeGeometry
from .theme import (
    BOARD_WIDTH,
    GOLD,
    LAKE,
    LAKE_EDGE,
    LAKE_WAVE,
    MAX_HEIGHT,
    PANEL_MAX_HEIGHT,
    SMALL_TEXT,
    SPOT,
    TEXT,
    Cell,
)
from .tiles import _ghost_sprite, tile_sprite
from .view import _cell, _cells, _placed


@lru_cache(maxsize=1)
def _wave_sprite() -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.arc([k, k, 27 * k, 13 * k], 200, 340, fill=LAKE_WAVE, width=round(2 * k))

    return kit.supersampled(28, 14, paint)


@lru_cache(maxsize=1)
def _wave_texture() -> Image.Image:
    """Rows of small waves on the lake colour, big enough for any lake; cropped per use."""
    height = max(MAX_HEIGHT, PANEL_MAX_HEIGHT)
    tex = Image.new("RGB", (BOARD_WIDTH, height), LAKE)
    wave = _wave_sprite()
    for row, y in enumerate(range(14, height - 14, 34)):
        for x in range(10 if row % 2 else 42, BOARD_WIDTH - 28, 64):
            tex.paste(wave, (x, y), wave)
    return tex


def _draw_water(canvas: Image.Image, draw: ImageDraw.ImageDraw,
                box: tuple[int, int, int, int]) -> None:
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=22, fill=LAKE,
                           outline=LAKE_EDGE, width=3)
    inset = 10  # inside the rounded rim, so the texture's square corners never show
    canvas.paste(_wave_texture().crop((0, 0, w - 2 * inset, h - 2 * inset)),
                 (x + inset, y + inset))


def _draw_lake(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
               geo: LakeGeometry, *, show_spots: bool = True, numbered: Sequence[Cell] = (),
               ghost: tuple[Cell, tuple[str, str, str, str], str] | None = None) -> None:
    """Tiles, the faint legal spots, the last placed tile's frame, and focus marks."""
    t = geo.tile
    placed = _placed(view)
    occupied = {p.cell for p in placed}
    line = max(2, round(t * 0.03))
    inset = round(t * 0.09)
    if show_spots:
        for cell in _cells(view.get("spots")):
            if cell in occupied or cell in numbered:
                continue
            x0, y0, x1, y1 = geo.cell_box(cell)
            draw.rounded_rectangle([x0 + inset, y0 + inset, x1 - inset, y1 - inset],
                                   radius=t * 0.1, outline=SPOT, width=max(1, line - 1))
    for p in placed:
        paste(canvas, tile_sprite(p.sides, p.center, t), geo.cell_box(p.cell)[:2], anchor="lt")
    frame_w = max(3, round(t * 0.055))
    last = _cell(view.get("last_placed"))
    if last is not None and last in occupied:
        x0, y0, x1, y1 = geo.cell_box(last)
        draw.rounded_rectangle([x0 - 1, y0 - 1, x1, y1], radius=t * 0.12, outline=GOLD,
                               width=frame_w)
    if ghost is not None:
        cell, sides, center = ghost
        x0, y0, x1, y1 = geo.cell_box(cell)
        paste(canvas, _ghost_sprite(sides, center, t), (x0, y0), anchor="lt")
        draw.rounded_rectangle([x0 - 1, y0 - 1, x1, y1], radius=t * 0.12, outline=TEXT,
                               width=frame_w)
    if numbered:
        fnt = font(max(SMALL_TEXT, round(t * 0.4)), "black")
        # a disc that holds two digits this large, inside its cell as long as the lake allows
        r = max(round(t * 0.28), min(t // 2 - 2, round(kit.text_width("00", fnt) / 2) + 5))
        for i, cell in enumerate(numbered, start=1):
            x0, y0, x1, y1 = geo.cell_box(cell)
            cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
            draw.rounded_rectangle([x0 + inset, y0 + inset, x1 - inset, y1 - inset],
                                   radius=t * 0.1, outline=GOLD, width=line)
            kit.number_disc(draw, (cx, cy), r, str(i), fnt, width=max(1, line // 2))
