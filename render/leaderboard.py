"""The /stats leaderboard as a picture, in the games' night style: a panel per game with its
players (a medal for the first three), and the figures in columns.

Readable on a phone: the picture is `WIDTH` px wide and its smallest text is `SMALLEST` px,
so shown 360 px wide every text is at least 11 px tall (tests/test_stats.py measures every
text drawn). Unlike the game pictures, it is given its words (headings, the table's row
names) by the bot, already translated; it only lays them out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from .kit import (
    GOLD,
    NIGHT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    clean_text,
    draw_text,
    exact,
    font,
    frame,
    medal_sprite,
    new_canvas,
    paste,
    text_blends,
    text_width,
    to_png,
)

WIDTH = 800
MARGIN = 20
PAD = 18
TITLE_SIZE, HEADING_SIZE, HEADER_SIZE, ROW_SIZE = 40, 36, 26, 30
SMALLEST = HEADER_SIZE
MEDAL = 44  # its digit is 0.62 of it: 27 px
ROW_H, HEADER_H, HEADING_H, TITLE_H = 52, 40, 58, 66
CELL_W = 84  # a figures column is at least this wide, wider for a longer header or figure
CELL_GAP = 14
MIN_NAME_W = 200
PLACE_W = 56
GAP = 18
STRIPE = exact((30, 40, 66))


@dataclass(frozen=True)
class Row:
    place: int | None  # 1.. for a ranked player (a medal for the first three); None: no place
    name: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Section:
    heading: str  # the game
    headers: tuple[str, ...]  # one per cell column
    rows: tuple[Row, ...]


def leaderboard_png(sections: Sequence[Section], *, title: str = "") -> bytes:
    """The sections one under another, each in its panel."""
    height = MARGIN + (TITLE_H if title else 0)
    for section in sections:
        height += _section_height(section) + GAP
    height = max(height - GAP + MARGIN, 2 * MARGIN + HEADING_H)
    canvas, draw = new_canvas((WIDTH, height))
    y = MARGIN
    if title:
        draw_text(draw, (WIDTH / 2, y + TITLE_H / 2 - 4), title, font(TITLE_SIZE, "bold"), GOLD,
                  "mm", max_width=WIDTH - 2 * MARGIN)
        y += TITLE_H
    for section in sections:
        y = _draw_section(canvas, section, y) + GAP
    return to_png(canvas, keep=(NIGHT, PANEL, PANEL_EDGE, STRIPE, TEXT, TEXT_DIM, GOLD,
                                *text_blends(PANEL, STRIPE)))


def _section_height(section: Section) -> int:
    return HEADING_H + HEADER_H + ROW_H * len(section.rows) + PAD


def _draw_section(canvas: Image.Image, section: Section, top: int) -> int:
    draw = ImageDraw.Draw(canvas)
    left, right = MARGIN, WIDTH - MARGIN
    height = _section_height(section)
    frame(draw, (left, top, right - left, height))
    x0, x1 = left + PAD, right - PAD
    draw_text(draw, (x0, top + HEADING_H / 2 + 4), section.heading, font(HEADING_SIZE, "bold"),
              GOLD, "lm", max_width=x1 - x0)
    cells = len(section.headers)
    header_font, row_font = font(HEADER_SIZE, "semibold"), font(ROW_SIZE, "semibold")
    widths = _column_widths(section, header_font, row_font, x1 - x0 - PLACE_W - MIN_NAME_W)
    rights = [x1 - sum(widths[i + 1:]) for i in range(cells)]
    name_x = x0 + PLACE_W if any(row.place is not None for row in section.rows) else x0
    name_w = x1 - name_x - sum(widths) - 8
    y = top + HEADING_H
    for index, header in enumerate(section.headers):
        draw_text(draw, (rights[index], y + HEADER_H / 2), header, header_font, TEXT_DIM, "rm",
                  max_width=widths[index] - CELL_GAP)
    y += HEADER_H
    for number, row in enumerate(section.rows):
        mid = y + ROW_H / 2
        if number % 2 == 0:
            draw.rounded_rectangle([left + 6, y + 2, right - 6, y + ROW_H - 2], radius=10,
                                   fill=STRIPE)
        if row.place is not None and row.place <= 3:
            paste(canvas, medal_sprite(row.place, MEDAL, places=3), (x0 + MEDAL / 2, mid))
        elif row.place is not None:
            draw_text(draw, (x0 + MEDAL / 2, mid), str(row.place), row_font, TEXT_DIM, "mm")
        draw_text(draw, (name_x, mid), row.name, row_font, TEXT, "lm", max_width=name_w)
        for index, cell in enumerate(row.cells[:cells]):
            draw_text(draw, (rights[index], mid), cell, row_font, TEXT, "rm",
                      max_width=widths[index] - CELL_GAP)
        y += ROW_H
    return top + height


def _column_widths(section: Section, header_font: ImageFont.FreeTypeFont,
                   row_font: ImageFont.FreeTypeFont, room: int) -> list[int]:
    """Each figures column as wide as its header or its widest figure, all within `room`
    (the names keep the rest): too little room shrinks them alike, and texts are cut."""
    widths = []
    for index, header in enumerate(section.headers):
        texts = [row.cells[index] for row in section.rows if index < len(row.cells)]
        widest = max([text_width(clean_text(header, header_font), header_font),
                      *(text_width(clean_text(t, row_font), row_font) for t in texts)])
        widths.append(max(CELL_W, math.ceil(widest) + CELL_GAP))
    if sum(widths) > room:
        widths = [w * room // sum(widths) for w in widths]
    return widths
