"""The viewer's tray: their colour, name and hand (the panel's top, and all of the waiting
picture)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, paste

from .sprites import token_sprite
from .theme import GOLD, PANEL_EDGE, SEATS, SMALL_TEXT, TEXT
from .view import _hand

_TRAY_H = 152
_TRAY_TOKEN = 108
_TRAY_GAP = 22


def _tray_slots(box: Box, tokens: int) -> tuple[int, list[tuple[int, int]]]:
    """The tray's token size and each slot's top-left corner (at least three slots, the
    hand's tokens in the first ones)."""
    x, y, w, h = box
    slots = max(tokens, 3)
    tokens_w = slots * _TRAY_TOKEN + (slots - 1) * _TRAY_GAP
    scale = min(1.0, (w - 300) / tokens_w)
    size = max(24, int(_TRAY_TOKEN * scale))
    gap = int(_TRAY_GAP * scale)
    tx = x + w - 20 - (slots * size + (slots - 1) * gap)
    return size, [(tx + i * (size + gap), y + h // 2 - size // 2) for i in range(slots)]


def _tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
          seat: int | None, name: str, chosen: int | None) -> None:
    """The viewer's colour, name and hand: tokens large, the chosen one framed in gold and
    raised, the others dimmed while one is chosen; faint slots for an empty hand."""
    kit.frame(draw, box)
    x, y, _w, h = box
    cy = y + h // 2
    nx = x + 18
    if seat is not None:
        paste(canvas, kit.symbol_sprite(SEATS[seat], 40), (nx, cy), anchor="lm")
        nx += 52
    hand = _hand(view)
    size, places = _tray_slots(box, len(hand))
    tx = places[0][0]
    if seat is not None:
        draw_text(draw, (nx, cy), name, font(SMALL_TEXT + 1, "bold"), TEXT, "lm",
                  max_width=max(30, tx - nx - 16))
    picked = hand.index(chosen) if chosen in hand else None
    for i, (left, top) in enumerate(places):
        if i >= len(hand) or seat is None:
            draw.rounded_rectangle([left + 6, top + 6, left + size - 7, top + size - 7],
                                   radius=size * 0.2, outline=PANEL_EDGE, width=3)
            continue
        sprite = token_sprite(seat, hand[i], size)
        if picked is not None and i != picked:
            sprite = kit.fade(sprite.copy(), 40)
        paste(canvas, sprite, (left, top), anchor="lt")
        if i == picked:
            draw.rounded_rectangle([left - 6, top - 6, left + size + 5, top + size + 5],
                                   radius=size * 0.24, outline=GOLD, width=5)
