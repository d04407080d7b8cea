"""A player's hand tray: their tiles large, side by side, numbered 1..n like the tile
buttons (or, while a tile is being turned, its four rotations numbered 1-4); in their final
turn, when the tiles are all placed, the tray that ends it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import font, paste

from .sprites import hourglass_sprite
from .theme import GOLD, GOLD_DEEP, MARKET_EDGE, MIN_TILE, SMALL_TEXT
from .tiles import tile_sprite
from .view import _Focus, _hand, rotated

_HAND_TILE = 176
_HAND_SMALL = 116
_HAND_BOX_H = _HAND_TILE + 76  # the tray: tiles, then their numbers
_HAND_GAP = 48

_HandItem = tuple[tuple[str, str, str, str], str, int, str, bool]
"""A tile in the hand tray: its sides, centre, size in px, the number under it, framed."""


def _hand_items(view: Mapping[str, Any], f: _Focus) -> list[_HandItem]:
    """The hand, large and numbered 1..n like the tile buttons; or, when a tile is being
    turned, its four rotations numbered 1-4."""
    hand = _hand(view)
    focused = next((t for t in hand if t[0] == f.tile), None)
    if focused is not None and f.rot is None:
        return [(rotated(focused[1], r), focused[2], _HAND_TILE, str(r + 1), False)
                for r in range(4)]
    items: list[_HandItem] = []
    for i, (tile_id, sides, center) in enumerate(hand):
        hot = focused is not None and tile_id == f.tile
        size = _HAND_TILE if focused is None or hot else _HAND_SMALL
        items.append((rotated(sides, f.rot or 0) if hot else sides, center, size,
                      str(i + 1), hot))
    return items


def _hand_slots(box: tuple[int, int, int, int],
                items: Sequence[_HandItem]) -> list[tuple[int, int, int]]:
    """Where each item of the tray goes: (left, top, size) of its tile (its number disc is
    centred under it, `_HAND_NUMBER_DY` below the tiles' top line)."""
    x, y, w, _h = box
    if not items:
        return []
    total = sum(i[2] for i in items) + _HAND_GAP * (len(items) - 1)
    scale = min(1.0, (w - 32) / total)
    gap = round(_HAND_GAP * scale)
    sizes = [max(MIN_TILE, int(i[2] * scale)) for i in items]
    tx = x + (w - sum(sizes) - gap * (len(items) - 1)) // 2
    top = y + 16
    slots = []
    for size in sizes:
        slots.append((tx, top + (_HAND_TILE - size) // 2, size))
        tx += size + gap
    return slots


_HAND_NUMBER_DY = 16 + _HAND_TILE + 30  # from the tray's top to its numbers' centres
_HAND_NUMBER_R = 24


def _hand_tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
               items: Sequence[_HandItem]) -> None:
    """A panel with the tiles of `items` side by side, each with its number on a golden
    disc below (shrunk only if they would not fit the width)."""
    kit.frame(draw, box)
    for (sides, center, _, label, hot), (tx, ty, size) in zip(items, _hand_slots(box, items)):
        if hot:
            draw.rounded_rectangle([tx - 8, ty - 8, tx + size + 7, ty + size + 7], radius=24,
                                   outline=GOLD, width=5)
        paste(canvas, tile_sprite(sides, center, size), (tx, ty), anchor="lt")
        kit.number_disc(draw, (tx + size // 2, box[1] + _HAND_NUMBER_DY), _HAND_NUMBER_R, label,
                        font(SMALL_TEXT + 1, "black"))


def _hand_boxes(box: tuple[int, int, int, int],
                items: Sequence[_HandItem]) -> list[tuple[int, int, int, int]]:
    """Each item's tile and number as (left, top, right, bottom): where a tap chooses it."""
    bottom = box[1] + _HAND_NUMBER_DY + _HAND_NUMBER_R
    return [(tx, ty, tx + size, bottom) for tx, ty, size in _hand_slots(box, items)]


_END_TRAY_H = 132  # the final turn's tray: the hourglass and the arrow that pass the turn on
_END_HOURGLASS = 84
_END_ARROW = 64


def _end_tray(canvas: Image.Image, draw: ImageDraw.ImageDraw,
              box: tuple[int, int, int, int]) -> None:
    """In the player's final turn, where the tiles were: the final round's hourglass and the
    arrow of the player to act, on a golden plate; touching it ends the turn (its region is
    the whole tray), as the tiles above it are touched to place them."""
    kit.frame(draw, box, hot=True)
    x, y, w, h = box
    cx, cy = x + w // 2, y + h // 2
    half = (_END_HOURGLASS + 24 + _END_ARROW) // 2 + 28
    draw.rounded_rectangle([cx - half, cy - h // 2 + 14, cx + half, cy + h // 2 - 14],
                           radius=(h - 28) // 2, fill=MARKET_EDGE, outline=GOLD_DEEP, width=3)
    paste(canvas, hourglass_sprite(_END_HOURGLASS), (cx - half + 28, cy), anchor="lm")
    paste(canvas, kit.arrow_sprite(_END_ARROW), (cx + half - 28, cy), anchor="rm")
