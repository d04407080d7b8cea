"""The market in the middle of the table: the supply per colour, the favors, the draw
stack (and the hourglass of the final round) and the dedications with the honor they are
worth now. It is a row of groups that wraps when narrow."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.lanterns.components import GENERIC_HONOR
from render import kit
from render.kit import draw_text, font, paste

from .seats import _chip
from .sprites import card_sprite, coin_sprite, dedication_sprite, hourglass_sprite, token_sprite
from .theme import INK_DARK, MARKET, MARKET_EDGE, SEPARATOR, SMALL_TEXT
from .tiles import tile_back_sprite
from .view import _int

_Paint = Callable[[Image.Image, ImageDraw.ImageDraw, int, int], None]


@dataclass(frozen=True)
class _Item:
    width: int
    paint: _Paint


@dataclass(frozen=True)
class _MarketStyle:
    card: tuple[int, int] = (26, 36)
    number: int = SMALL_TEXT
    coin: int = 34
    stack: int = 38
    dedication: int = 44
    token: int = 48  # its number (up to 10) readable on a phone
    token_number: int = SMALL_TEXT
    row: int = 60
    item_gap: int = 14
    group_gap: int = 30


_MARKET = _MarketStyle()
_MARKET_COMPACT = _MarketStyle((22, 30), SMALL_TEXT, 28, 32, 36, 46, SMALL_TEXT, 56, 12, 26)


def _chip_item(sprite: Image.Image, value: Any, size: int, *, dim: bool = False) -> _Item:
    text = str(value)
    width = sprite.width + 5 + math.ceil(kit.text_width(text, font(size, "bold")))

    def paint(canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int) -> None:
        _chip(canvas, draw, x, cy, sprite, text, size, dim=dim)

    return _Item(width, paint)


def _token_item(icon: Image.Image, value: str, style: _MarketStyle, *, grey: bool) -> _Item:
    """A dedication: its picture, then a token with the honor it is worth now."""
    token = token_sprite(style.token, grey=grey)
    number = font(style.token_number, "black")
    width = icon.width + 6 + token.width

    def paint(canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int) -> None:
        paste(canvas, icon, (x, cy), anchor="lm")
        x += icon.width + 6
        paste(canvas, token, (x, cy), anchor="lm")
        draw_text(draw, (x + token.width / 2, cy + 1), value, number, INK_DARK, "mm")

    return _Item(width, paint)


def _market_groups(view: Mapping[str, Any], style: _MarketStyle) -> list[list[_Item]]:
    supply = view.get("supply") if isinstance(view.get("supply"), Mapping) else {}
    ded = view.get("dedications") if isinstance(view.get("dedications"), Mapping) else {}
    cards = []
    for color in kit.COLORS:
        n = _int(supply.get(color))
        cards.append(_chip_item(card_sprite(color, *style.card, n == 0), n, style.number,
                                dim=n == 0))
    fav = _int(view.get("favor_supply"))
    stack = _int(view.get("stack"))
    table = [_chip_item(coin_sprite(style.coin), fav, style.number, dim=fav == 0),
             _chip_item(tile_back_sprite(style.stack), stack, style.number, dim=stack == 0)]
    if view.get("phase") == "final":
        glass = hourglass_sprite(style.coin)
        table.append(_Item(glass.width, lambda c, d, x, cy: paste(c, glass, (x, cy),
                                                                   anchor="lm")))
    kinds = []
    for kind in ("four_of_a_kind", "three_pairs", "seven_unique"):
        values = ded.get(kind)
        top = [v for v in values if isinstance(v, int)] if isinstance(values, list) else []
        # an empty stack holds a grey 4 that is never used up: the dedication still pays 4
        kinds.append(_token_item(dedication_sprite(kind, style.dedication),
                                 str(top[0]) if top else str(GENERIC_HONOR), style, grey=not top))
    return [cards, table, kinds]


def _market_rows(groups: list[list[_Item]], width: int,
                 style: _MarketStyle) -> list[list[list[_Item]]]:
    rows: list[list[list[_Item]]] = [[]]
    used = 0
    for group in groups:
        w = sum(i.width for i in group) + style.item_gap * (len(group) - 1)
        extra = w + (style.group_gap if rows[-1] else 0)
        if rows[-1] and used + extra > width:
            rows.append([])
            used, extra = 0, w
        rows[-1].append(group)
        used += extra
    return rows


def _market_height(view: Mapping[str, Any], width: int, style: _MarketStyle) -> int:
    return len(_market_rows(_market_groups(view, style), width - 32, style)) * style.row + 24


def _market_places(box: tuple[int, int, int, int], view: Mapping[str, Any],
                   style: _MarketStyle) -> list[tuple[int, int, _Item, int, int]]:
    """Where the market draws each item: (group, index in the group, item, left, centre
    line). Groups: the supply's cards by colour, the table (favors, stack), dedications."""
    x, y, w, _h = box
    groups = _market_groups(view, style)
    rows = _market_rows(groups, w - 32, style)
    out = []
    number = 0
    for r, row in enumerate(rows):
        cy = y + 12 + r * style.row + style.row // 2
        total = sum(sum(i.width for i in g) + style.item_gap * (len(g) - 1) for g in row)
        total += style.group_gap * (len(row) - 1)
        cx = x + (w - total) // 2
        for group in row:
            for i, item in enumerate(group):
                out.append((number, i, item, cx, cy))
                cx += item.width + style.item_gap
            cx += style.group_gap - style.item_gap
            number += 1
    return out


def _market(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
            view: Mapping[str, Any], style: _MarketStyle) -> None:
    """The middle of the table: supply per colour, favors, the draw stack, dedications."""
    kit.frame(draw, box, fill=MARKET, edge=MARKET_EDGE)
    places = _market_places(box, view, style)
    for k, (_group, i, item, cx, cy) in enumerate(places):
        if i == 0 and k and places[k - 1][4] == cy:  # between two groups of a row
            sx = cx - style.group_gap // 2
            draw.line([(sx, cy - style.row // 3), (sx, cy + style.row // 3)],
                      fill=SEPARATOR, width=2)
        item.paint(canvas, draw, cx, cy)


SUPPLY, TABLE, DEDICATIONS = 0, 1, 2
"""The market's groups, in `_market_places`."""


def _market_boxes(box: tuple[int, int, int, int], view: Mapping[str, Any],
                  style: _MarketStyle) -> list[tuple[int, int, tuple[int, int, int, int]]]:
    """Each market item as (group, index, (left, top, right, bottom)): where a tap picks it."""
    half = style.row // 2 - 2
    return [(g, i, (cx - 4, cy - half, cx + item.width + 4, cy + half))
            for g, i, item, cx, cy in _market_places(box, view, style)]
