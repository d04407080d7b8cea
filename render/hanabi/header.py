"""The header of every Hanabi picture: the fireworks on the left; the score, the deck,
the clue tokens and the fuses on the right."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, paste

from .sprites import (
    card_sprite,
    clue_token_sprite,
    deck_sprite,
    fuse_sprite,
    icon_sprite,
    symbol_sprite,
)
from .theme import DANGER, GOLD, SMALL_TEXT, TEXT, TEXT_DIM, color
from .view import _colors, _int, _map

PLAY_MARK = 44  # the rocket beside a panel's fireworks: play a card there


def fireworks_box(box: Box, view: Mapping[str, Any], card: tuple[int, int], *,
                  mark: bool = False) -> tuple[int, int, int, int]:
    """Where `_header` draws the fireworks (and the rocket after them, with `mark`), as
    (left, top, right, bottom): where a tap plays a card."""
    x, y, _w, h = box
    cw, ch = card
    right = x + 16 + len(_colors(view)) * (cw + 12) - 12 + (12 + PLAY_MARK if mark else 0)
    return x + 8, y + (h - ch) // 2 - 8, right + 8, y + (h - ch) // 2 + ch + 8


def _header(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
            view: Mapping[str, Any], card: tuple[int, int], *, play_mark: bool = False) -> None:
    """Fireworks on the left; clue tokens, fuses, the deck and the score on the right.
    With `play_mark`, a rocket after the fireworks says a card is played there (a panel,
    where a tap on them plays)."""
    kit.frame(draw, box)
    x, y, w, h = box
    cw, ch = card
    top = y + (h - ch) // 2
    fireworks = _map(view.get("fireworks"))
    fx = x + 16
    for name in _colors(view):
        height = _int(fireworks.get(name))
        if height > 0:
            if height >= 5:
                draw.rounded_rectangle([fx - 5, top - 5, fx + cw + 4, top + ch + 4],
                                       radius=0.16 * cw + 5, outline=GOLD, width=4)
            paste(canvas, card_sprite(name, height, cw, ch), (fx, top), anchor="lt")
        else:
            draw.rounded_rectangle([fx, top, fx + cw - 1, top + ch - 1], radius=0.14 * cw,
                                   outline=color(name).edge, width=3)
            paste(canvas, symbol_sprite(name, cw // 2), (fx + cw / 2, top + ch / 2))
        fx += cw + 12
    if play_mark:
        paste(canvas, icon_sprite("play", PLAY_MARK), (fx, y + h / 2), anchor="lm")
    right = x + w - 16
    # the score, right-aligned: big, with the maximum beside it
    outcome = _map(view.get("outcome"))
    lost = bool(outcome.get("lost"))
    score = _int(outcome.get("score")) if outcome else _int(view.get("score"))
    big = font(round(ch * 0.62), "black")
    small = font(max(SMALL_TEXT, round(ch * 0.28)), "bold")
    top_text = f"/{_int(view.get('max_score'), 25)}"
    mw = round(kit.text_width(top_text, small))
    draw_text(draw, (right, y + h / 2 + ch * 0.18), top_text, small, TEXT_DIM, "rs")
    draw_text(draw, (right - mw - 4, y + h / 2 + ch * 0.18), str(score), big,
              DANGER if lost else GOLD, "rs")
    if lost:
        sw = round(kit.text_width(str(score), big))
        sx = right - mw - 4 - sw
        draw.line([(sx - 4, y + h / 2 + 4), (sx + sw + 4, y + h / 2 - ch * 0.3)], fill=DANGER,
                  width=5)
    sx = right - mw - 4 - round(kit.text_width("00", big)) - 28
    # the deck and its count
    dw, dh = round(ch * 0.62), round(ch * 0.86)
    dx = sx - dw
    deck = _int(view.get("deck"))
    paste(canvas, deck_sprite(dw, dh, deck), (dx, y + h / 2), anchor="lm")
    if view.get("phase") == "final":  # the empty deck shows the turns left, in gold
        draw_text(draw, (dx + dw / 2, y + h / 2), str(_int(view.get("final_turns_left"))),
                  font(max(SMALL_TEXT, round(dh * 0.5)), "black"), GOLD, "mm")
    else:
        draw_text(draw, (dx + dw / 2, y + h / 2), str(deck),
                  font(max(SMALL_TEXT, round(dh * 0.42)), "black"),
                  TEXT, "mm")
    # clue tokens (two rows of four) and fuses below them
    t = max(16, round(ch * 0.3))
    clues = _int(view.get("clues"))
    fuses = _int(view.get("fuses"))
    tx = dx - 24 - 4 * (t + 6)
    ty = y + h / 2 - t - 10
    for i in range(8):
        paste(canvas, clue_token_sprite(t, i >= clues),
              (tx + (i % 4) * (t + 6), ty + (i // 4) * (t + 6)), anchor="lt")
    for i in range(3):
        paste(canvas, fuse_sprite(t + 4, i < fuses),
              (tx + i * (t + 10), ty + 2 * (t + 6) + 2), anchor="lt")
