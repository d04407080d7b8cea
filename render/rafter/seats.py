"""A player's strip: an arrow and a golden frame when it is their turn, their name, their
chest colours (swatch and symbol), the chests left in their supply, their penalty board
(a slot per penalty up to the limit, more if needed, filled with the chests they got) and a
struck-through circle once they are out."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, paste

from .engine_data import CONFIG
from .sprites import chest_sprite, out_sprite, slot_sprite, supply_sprite
from .theme import GAP, GOLD, PANEL, TEXT, TEXT_DIM
from .view import Seat

STRIP_H = 136
TEXT_PX = 40
"""The strips' text (names, supply counts): readable on a phone in a 1280 px picture."""


def _cols(n: int) -> int:
    return 1 if n <= 1 else 2


def strip_boxes(n: int, x: int, y: int, width: int) -> list[Box]:
    """Where the strips of `n` players go: two to a row (one alone), so names stay large."""
    if n <= 0:
        return []
    cols = _cols(n)
    w = (width - (cols - 1) * GAP) // cols
    return [(x + (i % cols) * (w + GAP), y + (i // cols) * (STRIP_H + GAP), w, STRIP_H)
            for i in range(n)]


def strips_height(n: int) -> int:
    rows = math.ceil(n / _cols(n)) if n > 0 else 0
    return rows * STRIP_H + max(0, rows - 1) * GAP


def seat_strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seat: Seat,
               name: str, colors: Sequence[str], *, turn: bool = False) -> None:
    """One player's strip in `box` (`STRIP_H` high); `turn` lights it up with the arrow."""
    kit.frame(draw, box, hot=turn)
    x, y, w, h = box
    top, bottom = y + 36, y + h - 38
    nx = x + 14
    if turn:
        paste(canvas, kit.arrow_sprite(34), (nx, top), anchor="lm")
        nx += 40
    right = x + w - 14
    if seat.out:
        paste(canvas, out_sprite(40), (right, top), anchor="rm")
        right -= 48
    draw_text(draw, (nx, top), name, font(TEXT_PX, "bold"), GOLD if turn else TEXT_DIM
              if seat.out else TEXT, "lm", max_width=max(20, right - nx))
    # the second row: colours | supply | penalty board, shrunk to fit
    limit = max(1, CONFIG.penalty_limit)
    slots = max(limit, len(seat.penalties))
    own = [colors[c] if 0 <= c < len(colors) else "?" for c in seat.colors] or ["?"]
    inner = w - 28
    size = 44
    count_w = kit.text_width(str(seat.supply), font(TEXT_PX, "black"))
    while size > 16:
        need = len(own) * (size + 4) + 14 + size + 8 + count_w + 14 + slots * (size + 3) + 10
        if need <= inner:
            break
        size -= 2
    sx = x + 14
    for name_ in own:
        paste(canvas, chest_sprite(name_, size), (sx, bottom), anchor="lm")
        sx += size + 4
    sx += 14
    paste(canvas, supply_sprite(size), (sx, bottom), anchor="lm")
    sx += size + 6
    draw_text(draw, (sx, bottom + 1), str(seat.supply), font(TEXT_PX, "black"), TEXT, "lm")
    board_w = slots * (size + 3) + 9
    bx = x + w - 14 - board_w
    draw.rounded_rectangle([bx, bottom - size // 2 - 5, bx + board_w, bottom + size // 2 + 5],
                           radius=8, fill=kit.exact(kit.blend(PANEL, (0, 0, 0), 0.35)),
                           outline=kit.PANEL_EDGE, width=2)
    for i in range(slots):
        sprite = slot_sprite(size)
        if i < len(seat.penalties):
            c = seat.penalties[i]
            sprite = chest_sprite(colors[c] if 0 <= c < len(colors) else "?", size)
        paste(canvas, sprite, (bx + 5 + i * (size + 3), bottom), anchor="lm")
