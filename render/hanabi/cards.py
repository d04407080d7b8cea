"""One card as a player's picture shows it: its face (framed once a clue touched it), or
its back carrying what its owner knows, and the knowledge strip under a face-up card."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import kit
from render.kit import RGB, Box, draw_text, font, paste

from .sprites import back_sprite, card_sprite, symbol_sprite
from .theme import BACK, BACK_EDGE, CARD_RATIO, GOLD, PANEL_EDGE, SMALL_TEXT, TEXT, color
from .view import CardInfo


def _chip(draw: ImageDraw.ImageDraw, center: kit.Point, text: str, size: int, *,
          fill: RGB, ink: RGB) -> None:
    """A number on a small disc (slot numbers, clue values)."""
    kit.number_disc(draw, center, size / 2, text, font(round(size * 0.72), "black"),
                    fill=fill, ink=ink, outline=None)


STRIP_H = 58
"""The height of the knowledge strip under a face-up card."""


def fit_card(width: int, cards: int, largest: tuple[int, int], gap: int = 10) -> tuple[int, int]:
    """The card size that lets `cards` cards side by side fill a box `width` wide (with a
    16 px margin each side), at most `largest`: big cards leave room for readable pips."""
    w = min(largest[0], (width - 32 - max(0, cards - 1) * gap) // max(1, cards))
    return w, min(largest[1], round(w * CARD_RATIO))


def _digit_step(fnt: kit.ImageFont.FreeTypeFont, room: float, count: int) -> float:
    """The distance between digits in a row: a thin gap, squeezed to fit `room`."""
    return min(kit.text_width("0", fnt) + 3, room / max(1, count))


def _knowledge(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo, cx: float,
               rows_y: tuple[float, float], width: int, all_colors: Sequence[str]) -> None:
    """What a card's owner knows, drawn into a `width`-wide band centred on `cx`: the
    colours still possible as symbols (row `rows_y[0]`) and the numbers still possible as
    digits readable on a phone (row `rows_y[1]`)."""
    colors = [c for c in all_colors if c in info.colors]
    ranks = [r for r in range(1, 6) if r in info.ranks]
    pip = max(10, min(22, (width - 8) // max(1, len(all_colors))))
    if 0 < len(colors) < len(all_colors):
        step = pip + 2
        x0 = cx - step * (len(colors) - 1) / 2
        for i, c in enumerate(colors):
            paste(canvas, symbol_sprite(c, pip), (x0 + i * step, rows_y[0]))
    if 0 < len(ranks) < 5:
        fnt = font(SMALL_TEXT, "bold")
        step = _digit_step(fnt, width - 6, len(ranks))
        x0 = cx - step * (len(ranks) - 1) / 2
        for i, r in enumerate(ranks):
            draw_text(draw, (x0 + i * step, rows_y[1]), str(r), fnt, TEXT, "mm")


def _back_card(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo, xy: kit.Point,
               size: tuple[int, int], all_colors: Sequence[str]) -> None:
    """A card back carrying what its owner knows: a colour known for sure as its symbol, a
    number known for sure large, and the remaining possibilities as small pips below."""
    w, h = size
    x, y = xy
    paste(canvas, back_sprite(w, h, info.touched), (x, y), anchor="lt")
    colors = [c for c in all_colors if c in info.colors]
    ranks = sorted(set(info.ranks))
    known_color = colors[0] if len(colors) == 1 else None
    known_rank = ranks[0] if len(ranks) == 1 else None
    cx = x + w / 2
    if known_color is not None:
        spec = color(known_color)
        r = 0.3 * w
        draw.rounded_rectangle([cx - r, y + 0.1 * h, cx + r, y + 0.1 * h + 2 * r],
                               radius=0.2 * r, fill=spec.fill, outline=spec.edge, width=2)
        if known_rank is None:
            paste(canvas, symbol_sprite(known_color, round(1.3 * r), on_fill=True),
                  (cx, y + 0.1 * h + r))
        else:
            draw_text(draw, (cx, y + 0.1 * h + r + 1), str(known_rank),
                      font(round(1.6 * r), "black"), spec.ink, "mm")
    elif known_rank is not None:
        draw_text(draw, (cx, y + 0.1 * h + 0.3 * w), str(known_rank),
                  font(round(0.62 * w), "black"), TEXT, "mm")
    # the pips below show only what is still open: a known colour or number is drawn above
    open_colors = tuple(colors) if known_color is None and colors else tuple(all_colors)
    open_ranks = tuple(ranks) if known_rank is None and ranks else (1, 2, 3, 4, 5)
    _knowledge(canvas, draw, CardInfo(info.slot, None, open_colors, open_ranks, info.touched),
               cx, (y + 0.63 * h, y + 0.84 * h), w, all_colors)


def _face_card(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo,
               xy: kit.Point, size: tuple[int, int]) -> None:
    w, h = size
    x, y = xy
    name, rank = info.face or ("?", 0)
    paste(canvas, card_sprite(name, rank, w, h), (x, y), anchor="lt")
    if info.touched:
        draw.rounded_rectangle([x - 3, y - 3, x + w + 2, y + h + 2], radius=0.16 * w + 3,
                               outline=GOLD, width=3)


def _knowledge_strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo,
                     box: Box, all_colors: Sequence[str]) -> None:
    """Under a face-up card: what its owner knows, the possible colours on a thin row of
    symbols and the possible numbers on a row of digits readable on a phone (nothing known:
    a dim dot)."""
    x, y, w, h = box
    colors = [c for c in all_colors if c in info.colors]
    ranks = sorted(set(info.ranks))
    told_color = len(colors) < len(all_colors)
    told_rank = len(ranks) < 5
    if not (told_color or told_rank):
        r = 3
        draw.ellipse([x + w / 2 - r, y + h / 2 - r, x + w / 2 + r, y + h / 2 + r],
                     fill=PANEL_EDGE)
        return
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=8, fill=BACK,
                           outline=GOLD if info.touched else BACK_EDGE, width=1)
    symbols_h = 22 if told_color and told_rank else h - 4
    if told_color:
        cy = y + 2 + symbols_h / 2
        step = min(20, (w - 6) / max(1, len(colors)))
        px = x + w / 2 - step * (len(colors) - 1) / 2
        for c in colors:
            paste(canvas, symbol_sprite(c, min(18, round(step) - 2)), (px, cy))
            px += step
    if told_rank:
        cy = y + h - 2 - (h - 4 - (symbols_h if told_color else 0)) / 2
        fnt = font(SMALL_TEXT, "bold")
        step = _digit_step(fnt, w - 6, len(ranks))
        px = x + w / 2 - step * (len(ranks) - 1) / 2
        for r in ranks:
            draw_text(draw, (px, cy + 1), str(r), fnt, TEXT, "mm")
            px += step
