"""The players' panels around the lake: the arrow or medal, the name, cards per colour,
favors, honor and the tiles in hand, as a wide strip (north and south) or a narrow
column (east and west)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import draw_text, font, paste

from .sprites import arrow_sprite, card_sprite, coin_sprite, laurel_sprite, medal_sprite
from .theme import EMPTY_SEAT, GOLD, SMALL_TEXT, TEXT, TEXT_DIM
from .tiles import tile_back_sprite
from .view import _Seat


def _frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], *, hot: bool,
           empty: bool = False) -> None:
    x, y, w, h = box
    if empty:  # a side of the lake where nobody sits
        draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14, outline=EMPTY_SEAT,
                               width=2)
        return
    kit.frame(draw, box, hot=hot)


def _chip(canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int,
          sprite: Image.Image, value: Any, size: int, *, dim: bool = False) -> None:
    """A pictogram and its count; zero counts are drawn dim."""
    paste(canvas, sprite, (x, cy), anchor="lm")
    draw_text(draw, (x + sprite.width + 5, cy + 1), str(value), font(size, "bold"),
              TEXT_DIM if dim else TEXT, "lm")


def _hand_backs(canvas: Image.Image, x: int, cy: int, n: int, size: int) -> None:
    """Small tile backs, one per tile a player holds."""
    back = tile_back_sprite(size, stacked=False)
    for i in range(max(0, min(n, 5))):
        paste(canvas, back, (x + i * (size * 2 // 3), cy), anchor="lm")


_MEDAL = 54  # its number readable on a phone


def _badge(canvas: Image.Image, x: int, cy: int, info: _Seat, hot: bool, size: int) -> int:
    """The arrow of the player to act, or a finished game's medal; returns the width used."""
    if info.rank is not None and info.rank > 0:
        medal = max(size + 6, _MEDAL)
        paste(canvas, medal_sprite(min(info.rank, 4), medal), (x, cy), anchor="lm")
        return medal + 8
    if hot:
        paste(canvas, arrow_sprite(size), (x, cy), anchor="lm")
        return size + 8
    return 0


def _strip_pitch(compact: bool) -> int:
    return 62 if compact else 66


def _strip_card_w(compact: bool) -> int:
    return 26 if compact else 28


def _strip_cards(box: tuple[int, int, int, int], compact: bool) -> list[tuple[str, int, int]]:
    """Where a horizontal strip draws each colour's card: (colour, left, centre line)."""
    x, y, w, h = box
    pitch = _strip_pitch(compact)
    stats_w = 7 * pitch + 84 + 92 + (0 if compact else 64)
    right = x + w - 12 - stats_w
    return [(color, right + i * pitch, y + h // 2) for i, color in enumerate(kit.COLORS)]


def _strip_card_boxes(box: tuple[int, int, int, int],
                      compact: bool) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Each colour's card and count in a horizontal strip, as (left, top, right, bottom)."""
    half = round(_strip_card_w(compact) * 1.4) // 2 + 6
    return [(color, (cx - 4, cy - half, cx + _strip_pitch(compact) - 8, cy + half))
            for color, cx, cy in _strip_cards(box, compact)]


def _strip_h(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
             info: _Seat, name: str, *, hot: bool, compact: bool = False) -> None:
    """A player's horizontal panel: arrow, name, cards per colour, favors, honor, hand."""
    _frame(draw, box, hot=hot)
    x, y, _w, h = box
    cy = y + h // 2
    card_w = _strip_card_w(compact)
    num = SMALL_TEXT
    cards = _strip_cards(box, compact)
    right = cards[0][1]
    nx = x + 18
    nx += _badge(canvas, nx, cy, info, hot, 30)
    draw_text(draw, (nx, cy), name, font(SMALL_TEXT + 1, "bold"), GOLD if hot else TEXT, "lm",
              max_width=max(40, right - nx - 14))
    for color, cx, _ in cards:
        n = info.cards.get(color, 0)
        _chip(canvas, draw, cx, cy, card_sprite(color, card_w, round(card_w * 1.4), n == 0),
              n, num, dim=n == 0)
    cx = cards[-1][1] + _strip_pitch(compact)
    _chip(canvas, draw, cx, cy, coin_sprite(34), info.favors, num, dim=info.favors == 0)
    cx += 84
    _chip(canvas, draw, cx, cy, laurel_sprite(40), info.honor, num)
    cx += 92
    if not compact:
        _hand_backs(canvas, cx, cy, info.hand_size, 28)


_V_ROW = 50
_V_HEAD = 64  # the name row
_V_PANEL_H = _V_HEAD + 5 * _V_ROW + 14


def _strip_v(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
             info: _Seat, name: str, *, hot: bool) -> None:
    """A player's vertical panel (east or west of the lake): name, then a 2-column grid."""
    _frame(draw, box, hot=hot)
    x, y, w, _h = box
    nx, ny = x + 14, y + _V_HEAD // 2 + 2
    nx += _badge(canvas, nx, ny, info, hot, 26)
    draw_text(draw, (nx, ny), name, font(SMALL_TEXT + 1, "bold"), GOLD if hot else TEXT, "lm",
              max_width=x + w - 12 - nx)
    col_w = (w - 28) // 2
    gy = y + _V_HEAD
    cells: list[tuple[Image.Image, int, bool]] = []
    for color in kit.COLORS:
        n = info.cards.get(color, 0)
        cells.append((card_sprite(color, 26, 36, n == 0), n, n == 0))
    cells.append((coin_sprite(32), info.favors, info.favors == 0))
    cells.append((laurel_sprite(38), info.honor, False))
    for i, (sprite, value, dim) in enumerate(cells):
        _chip(canvas, draw, x + 16 + (i % 2) * col_w, gy + (i // 2) * _V_ROW + _V_ROW // 2,
              sprite, value, SMALL_TEXT, dim=dim)
    _hand_backs(canvas, x + 16 + col_w, gy + 4 * _V_ROW + _V_ROW // 2, info.hand_size, 26)
