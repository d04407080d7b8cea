"""The waiting picture (a player's private chat between their turns): the side of the
lake they face, their name and their hand, nothing that changes with other players'
moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import draw_text, font, paste

from .hand import _HAND_BOX_H, _HAND_GAP, _HAND_TILE, _hand_items, _hand_tray
from .theme import (
    _KEEP,
    GAP,
    GOLD,
    GOLD_DEEP,
    LAKE,
    LAKE_EDGE,
    LAKE_WAVE,
    MARGIN,
    PANEL_EDGE,
    PANEL_WIDTH,
    SMALL_TEXT,
    TEXT,
)
from .view import _focus, _seat_infos

_WAIT_HEAD_H = 64
_SIDE_MARK = 52


@lru_cache(maxsize=8)
def side_sprite(side: int | None, size: int) -> Image.Image:
    """A tiny lake with a golden edge on the `side` (0 N, 1 E, 2 S, 3 W) a player faces."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        a, b = 0.12 * u, 0.88 * u
        d.rounded_rectangle([a, a, b, b], radius=0.16 * u, fill=LAKE, outline=LAKE_EDGE,
                            width=round(0.05 * u))
        for i in range(2):  # two small waves
            y = (0.42 + 0.18 * i) * u
            x = (0.32 + 0.08 * (i - 0.5)) * u
            d.arc([x, y - 0.07 * u, x + 0.36 * u, y + 0.07 * u], 200, 340, fill=LAKE_WAVE,
                  width=round(0.06 * u))
        if side is None:
            return
        w = 0.2 * u  # a bar lying over the rim of that side
        lo, hi = a - w / 2, b - w / 2
        bars = {0: (0.22 * u, lo, 0.78 * u, lo + w), 2: (0.22 * u, hi, 0.78 * u, hi + w),
                3: (lo, 0.22 * u, lo + w, 0.78 * u), 1: (hi, 0.22 * u, hi + w, 0.78 * u)}
        d.rounded_rectangle(bars[side % 4], radius=w / 2, fill=GOLD, outline=GOLD_DEEP,
                            width=max(1, round(0.03 * u)))

    return kit.supersampled(size, size, paint)


def _empty_tray(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                slots: int = 3) -> None:
    """Faint empty places where the hand's tiles would lie."""
    x, y, w, _h = box
    size = _HAND_TILE - 24
    tx = x + (w - slots * size - (slots - 1) * _HAND_GAP) // 2
    ty = y + 16 + (_HAND_TILE - size) // 2
    for _ in range(slots):
        draw.rounded_rectangle([tx, ty, tx + size - 1, ty + size - 1], radius=0.09 * size,
                               outline=PANEL_EDGE, width=3)
        cx, cy, r = tx + size // 2, ty + size // 2, 6
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=PANEL_EDGE)
        tx += size + _HAND_GAP


def waiting_size() -> tuple[int, int]:
    """The size of every `waiting_png` picture."""
    return PANEL_WIDTH, 2 * MARGIN + _WAIT_HEAD_H + GAP + _HAND_BOX_H


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """A player's compact private picture while others play, as PNG bytes.

    It shows only what is the viewer's own and does not change while others move: the
    side of the lake they face and their name (`names[view["viewer"]]`), and their hand
    tiles unturned, numbered 1..n as in `panel_png` (an empty tray once the hand is
    empty). The lake, the cards, whose turn it is and the version are left out on
    purpose, so the bytes change only when the hand does and need not be re-sent.
    """
    viewer = view.get("viewer")
    seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    side = next((s.side for s in _seat_infos(view) if s.seat == seat), None) \
        if seat is not None else None
    canvas, draw = kit.new_canvas(waiting_size())
    inner = PANEL_WIDTH - 2 * MARGIN
    head = (MARGIN, MARGIN, inner, _WAIT_HEAD_H)
    kit.frame(draw, head)
    cy = MARGIN + _WAIT_HEAD_H // 2
    paste(canvas, side_sprite(side, _SIDE_MARK), (MARGIN + 14, cy), anchor="lm")
    if seat is not None:
        nx = MARGIN + 14 + _SIDE_MARK + 14
        draw_text(draw, (nx, cy), kit.player_name(names, seat), font(SMALL_TEXT + 1, "bold"), TEXT,
                  "lm",
                  max_width=MARGIN + inner - 18 - nx)
    tray = (MARGIN, MARGIN + _WAIT_HEAD_H + GAP, inner, _HAND_BOX_H)
    items = _hand_items(view, _focus(None))
    _hand_tray(canvas, draw, tray, items)
    if not items:
        _empty_tray(draw, tray)
    return kit.to_png(canvas, keep=_KEEP)
