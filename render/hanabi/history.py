"""What has happened, as every Hanabi picture shows it: the discard pile grouped by
colour, and the last moves in pictograms."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, paste

from .cards import _chip
from .sprites import card_sprite, fuse_sprite, icon_sprite, symbol_sprite
from .theme import GOLD, INK_DARK, SMALL_TEXT, TEXT
from .view import _colors, _int, _list, _map, _name

_DISCARD_H = 76  # the discard pile's panel
DISCARD_CARD = (40, 56)  # the smallest card whose number is readable on a phone
_MOVE_CARD = (40, 56)
_CHIP = 46  # a number on a disc in the last moves: its digit readable on a phone


DISCARD_MARK = 40  # the bin at the head of a panel's discard pile: discard a card there


def _discards(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
              view: Mapping[str, Any], card: tuple[int, int], *, mark: bool = False) -> None:
    """The discard pile, one group per colour, ranks ascending, overlapping as needed.
    With `mark`, a bin at its head says a card is discarded there (a panel, where a tap on
    the pile discards)."""
    kit.frame(draw, box)
    x, y, w, h = box
    if mark:
        paste(canvas, icon_sprite("discard", DISCARD_MARK), (x + 12, y + h / 2), anchor="lm")
        x, w = x + DISCARD_MARK + 12, w - DISCARD_MARK - 12
    names = _colors(view)
    piles = _map(view.get("discards"))
    gw = (w - 24) // len(names)
    cw, ch = card
    for i, name in enumerate(names):
        gx = x + 12 + i * gw
        ranks = sorted(_int(r) for r in _list(piles.get(name)))
        cy = y + (h - ch) // 2
        if not ranks:
            paste(canvas, symbol_sprite(name, 20), (gx + 16, y + h / 2))
            continue
        step = min(cw + 4, (gw - cw - 10) / max(1, len(ranks) - 1)) if len(ranks) > 1 else 0
        for j, rank in enumerate(ranks):
            paste(canvas, card_sprite(name, rank, cw, ch), (gx + j * step, cy), anchor="lt")


def _moves(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
           view: Mapping[str, Any], names: Sequence[str]) -> None:
    """The last moves, oldest first, in pictograms: who, what, to whom, which cards."""
    kit.frame(draw, box)
    x, y, _, h = box
    recent = [_map(m) for m in _list(view.get("recent"))]
    line_h = (h - 16) // max(1, len(recent))
    fnt = font(SMALL_TEXT + 1, "bold")
    for i, move in enumerate(recent):
        cy = y + 8 + i * line_h + line_h // 2
        mx = x + 16
        mx += round(draw_text(draw, (mx, cy), _name(names, _int(move.get("seat"))), fnt,
                              TEXT, "lm", max_width=300)) + 14
        kind = move.get("kind")
        if kind in ("color", "rank"):
            paste(canvas, icon_sprite("arrow", 28), (mx, cy), anchor="lm")
            mx += 38
            mx += round(draw_text(draw, (mx, cy), _name(names, _int(move.get("target"))),
                                  fnt, TEXT, "lm", max_width=300)) + 14
            if kind == "color":
                paste(canvas, symbol_sprite(str(move.get("color")), 40), (mx + 23, cy))
            else:
                _chip(draw, (mx + 23, cy), str(_int(move.get("rank"))), _CHIP, fill=TEXT,
                      ink=INK_DARK)
            mx += 56
            for slot in _list(move.get("touched")):
                _chip(draw, (mx + 23, cy), str(_int(slot)), _CHIP, fill=GOLD, ink=INK_DARK)
                mx += 52
        else:
            paste(canvas, icon_sprite("play" if kind == "play" else "discard", 32), (mx, cy),
                  anchor="lm")
            mx += 42
            face = _map(move.get("card"))
            paste(canvas, card_sprite(str(face.get("color")), _int(face.get("rank")),
                                      *_MOVE_CARD), (mx, cy), anchor="lm")
            mx += _MOVE_CARD[0] + 12
            if kind == "play":
                paste(canvas, icon_sprite("ok", 30) if move.get("ok") else fuse_sprite(32, True),
                      (mx, cy), anchor="lm")
