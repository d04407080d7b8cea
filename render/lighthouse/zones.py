"""The two zones: every token, the centre cells, and what is marked over them (the last
token, the lines completed with their points, numbered cells offered, a ghost token, a
dimmed zone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, lantern, paste

from .geometry import _BADGE_AREA, ZoneGeometry
from .sprites import token_sprite
from .theme import GOLD, NIGHT, SEATS, SLOT, SLOT_EDGE, SMALL_TEXT, TEXT, ZONE_BG, ZONE_EDGE
from .view import _Line, _zones


@dataclass(frozen=True)
class _ZoneMarks:
    """What to draw over the zones besides the tokens."""

    last: tuple[int, int] | None = None  # (zone, cell) of the last token
    lines: tuple[_Line, ...] = ()
    numbered_zone: int | None = None
    numbered: tuple[int, ...] = ()
    ghost: tuple[int, int, int, int] | None = None  # zone, cell, seat, value
    dim_zone: int | None = None


def _draw_zones(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
                geo: ZoneGeometry, boxes: Sequence[Box], marks: _ZoneMarks) -> None:
    zones = _zones(view)
    c = geo.cell
    inset = max(2, round(c * 0.05))
    centre = geo.size * geo.size // 2
    for z, (bx, by, bw, bh) in enumerate(boxes):
        color = SEATS[z]
        draw.rounded_rectangle([bx, by, bx + bw - 1, by + bh - 1], radius=18, fill=ZONE_BG[color],
                               outline=ZONE_EDGE[color], width=3)
        corner = (geo.lefts[z] + geo.size * c + _BADGE_AREA // 2,
                  geo.top + geo.size * c + _BADGE_AREA // 2)
        paste(canvas, kit.symbol_sprite(color, 40), corner)  # whose zone this is
        for i, token in enumerate(zones[z]):
            x0, y0, x1, y1 = geo.cell_box(z, i)
            if i == centre:  # the centre cell carries the zone's colour
                draw.rounded_rectangle([x0 + 1, y0 + 1, x1 - 2, y1 - 2], radius=c * 0.2,
                                       fill=lantern(color).edge)
            draw.rounded_rectangle([x0 + inset, y0 + inset, x1 - inset - 1, y1 - inset - 1],
                                   radius=c * 0.16, fill=SLOT, outline=SLOT_EDGE, width=2)
            if token is not None:
                paste(canvas, token_sprite(token.seat, token.value, c - 2 * inset),
                      (x0 + inset, y0 + inset), anchor="lt")
        if marks.dim_zone == z:
            veil = Image.new("RGBA", (bw, bh), NIGHT + (150,))
            canvas.paste(veil, (bx, by), veil)
    if marks.last is not None:
        x0, y0, x1, y1 = geo.cell_box(*marks.last)
        draw.rounded_rectangle([x0, y0, x1 - 1, y1 - 1], radius=c * 0.2, outline=GOLD,
                               width=max(3, round(c * 0.06)))
    if marks.ghost is not None:
        z, i, seat, value = marks.ghost
        x0, y0, x1, y1 = geo.cell_box(z, i)
        paste(canvas, token_sprite(seat, value, c - 2 * inset, ghost=True),
              (x0 + inset, y0 + inset), anchor="lt")
        draw.rounded_rectangle([x0, y0, x1 - 1, y1 - 1], radius=c * 0.2, outline=TEXT,
                               width=max(3, round(c * 0.06)))
    for line in marks.lines:
        _draw_line_mark(canvas, draw, geo, line)
    if marks.numbered_zone is not None:
        _draw_numbers(draw, geo, marks.numbered_zone, marks.numbered)


def _draw_line_mark(canvas: Image.Image, draw: ImageDraw.ImageDraw, geo: ZoneGeometry,
                    line: _Line) -> None:
    """A completed line: outlined in gold, its points in a badge of the scorer's colour at its
    end (right of a row, below a column), the scorer's symbol on top of the number."""
    if not 0 <= line.index < geo.size:
        return
    n, c = geo.size, geo.cell
    first = line.index * n if line.kind == "row" else line.index
    last = first + n - 1 if line.kind == "row" else first + (n - 1) * n
    x0, y0, _, _ = geo.cell_box(line.zone, first)
    _, _, x1, y1 = geo.cell_box(line.zone, last)
    draw.rounded_rectangle([x0 - 2, y0 - 2, x1 + 1, y1 + 1], radius=c * 0.22, outline=GOLD,
                           width=max(3, round(c * 0.05)))
    if line.kind == "row":
        cx, cy = x1 + _BADGE_AREA // 2, (y0 + y1) // 2
    else:
        cx, cy = (x0 + x1) // 2, y1 + _BADGE_AREA // 2
    color = lantern(SEATS[line.seat])
    r = _BADGE_AREA // 2 - 5
    draw.rounded_rectangle([cx - r, cy - r, cx + r, cy + r], radius=r * 0.45, fill=color.fill,
                           outline=GOLD, width=3)
    paste(canvas, kit.symbol_sprite(SEATS[line.seat], 16, on_fill=True), (cx, cy - r * 0.58))
    text = f"+{line.points}" if line.points >= 0 else f"\u2212{-line.points}"
    draw_text(draw, (cx, cy + r * 0.22), text, font(SMALL_TEXT, "black"), color.ink, "mm")


def _draw_numbers(draw: ImageDraw.ImageDraw, geo: ZoneGeometry, zone: int,
                  cells: Sequence[int]) -> None:
    """The empty cells offered, numbered like the buttons (cell index + 1)."""
    c = geo.cell
    fnt = font(max(SMALL_TEXT, round(c * 0.36)), "black")
    # the disc holds two digits this large, but stays inside its cell
    r = min(c // 2 - 4, max(round(c * 0.31), round(kit.text_width("00", fnt) / 2) + 5))
    for i in cells:
        if not 0 <= i < geo.size * geo.size:
            continue
        x0, y0, x1, y1 = geo.cell_box(zone, i)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        draw.rounded_rectangle([x0 + 4, y0 + 4, x1 - 5, y1 - 5], radius=c * 0.16, outline=GOLD,
                               width=3)
        kit.number_disc(draw, (cx, cy), r, str(i + 1), fnt)
