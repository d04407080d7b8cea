"""A player's hand in a picture: the name (with the arrow of the player to act) and the
cards, face up with what their owner knows under them or as backs carrying it."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, paste

from .cards import STRIP_H, _back_card, _face_card, _knowledge_strip
from .sprites import icon_sprite
from .theme import GOLD, SMALL_TEXT, TEXT
from .view import HandInfo

HAND_NAME_H = 52
"""The name row above a hand's cards."""


def _hand_card_places(box: Box, n: int, card: tuple[int, int]) -> list[tuple[int, int]]:
    """The top-left corner of each of a hand's `n` cards in its box, in slot order."""
    x, y, w, _ = box
    cw, gap = card[0], 10
    left = x + (w - n * cw - max(0, n - 1) * gap) // 2
    return [(left + i * (cw + gap), y + HAND_NAME_H) for i in range(n)]


def _hand_box(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, hand: HandInfo,
              name: str, *, current: bool, faces: bool, all_colors: Sequence[str],
              card: tuple[int, int], pointed: Sequence[int] = (), hot: bool = False,
              mark: Image.Image | None = None) -> None:
    """A player's name and hand: faces with their owner's knowledge under them (`faces`),
    or backs with it on them. `pointed` slots get a golden pointer above."""
    kit.frame(draw, box, hot=hot or current)
    x, y, w, _ = box
    ny = y + HAND_NAME_H // 2
    nx = x + 16
    if current:
        paste(canvas, icon_sprite("turn", 26), (nx, ny), anchor="lm")
        nx += 34
    if mark is not None:
        paste(canvas, mark, (x + w - 16, ny), anchor="rm")
    draw_text(draw, (nx, ny), name, font(SMALL_TEXT + 1, "bold"), GOLD if current or hot else TEXT,
              "lm",
              max_width=x + w - 16 - nx - (mark.width + 8 if mark is not None else 0))
    cw, ch = card
    for info, (cx, cy) in zip(hand.cards, _hand_card_places(box, len(hand.cards), card)):
        if info.slot in pointed:
            paste(canvas, icon_sprite("pointer", 18), (cx + cw / 2, cy - 6), anchor="mb")
        if faces and info.face is not None:
            _face_card(canvas, draw, info, (cx, cy), card)
            # a strip may reach a little into the gap: digits readable on a phone need room
            _knowledge_strip(canvas, draw, info, (cx - 3, cy + ch + 6, cw + 6, STRIP_H),
                             all_colors)
        else:
            _back_card(canvas, draw, info, (cx, cy), card, all_colors)
