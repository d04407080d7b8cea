"""The players and the rounds at the top of the board: each player's strip (arrow or
medal, colour, name, round wins, hand and pile) and a disc per round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, lantern, paste

from .sprites import arrow_sprite, back_sprite, medal_sprite, pile_sprite, star_sprite
from .theme import GOLD, GOLD_DEEP, SEATS, SLOT, SLOT_EDGE, SMALL_TEXT, TEXT, TEXT_DIM
from .view import _int, _ranks, _seat_info, _seat_or_none


def _player_strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                  view: Mapping[str, Any], seat: int, name: str) -> None:
    """Two rows: the arrow (or medal), the colour's symbol and the name; below, the rounds
    won as stars, the backs of the tokens in hand and the pile with its count."""
    info = _seat_info(view, seat)
    rank = _ranks(view).get(seat)
    hot = view.get("current") == seat or rank == 1
    kit.frame(draw, box, hot=hot)
    x, y, w, h = box
    nx = x + 14
    if rank:
        paste(canvas, medal_sprite(rank, 54), (nx, y + h // 2), anchor="lm")
        nx += 62
    elif view.get("current") == seat:
        paste(canvas, arrow_sprite(30), (nx, y + h // 2), anchor="lm")
        nx += 38
    top, bottom = y + 32, y + h - 30
    paste(canvas, kit.symbol_sprite(SEATS[seat], 30), (nx, top), anchor="lm")
    draw_text(draw, (nx + 40, top), name, font(SMALL_TEXT + 1, "bold"), GOLD if hot else TEXT,
              "lm", max_width=x + w - 14 - nx - 40)
    sx = nx
    wins = _int(info.get("round_wins"))
    for i in range(max(2, min(wins, 3))):
        paste(canvas, star_sprite(26, dim=i >= wins), (sx, bottom), anchor="lm")
        sx += 30
    sx += 18
    for _ in range(max(0, min(9, _int(info.get("hand_size"))))):
        paste(canvas, back_sprite(22), (sx, bottom), anchor="lm")
        sx += 26
    sx += 14
    paste(canvas, pile_sprite(30), (sx, bottom), anchor="lm")
    draw_text(draw, (sx + 36, bottom + 1), str(_int(info.get("pile"))),
              font(SMALL_TEXT, "bold"), TEXT, "lm")


def _round_pips(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                view: Mapping[str, Any]) -> None:
    """One disc per round: the winner's colour and symbol, split for a drawn round, a golden
    ring for the round being played, an empty ring for rounds to come."""
    kit.frame(draw, box)
    x, y, w, h = box
    rounds = view.get("rounds") if isinstance(view.get("rounds"), list) else []
    current = _int(view.get("round"), 1)
    playing = view.get("phase") == "play"
    size = 54
    gap = (w - 3 * size) // 4
    cy = y + h // 2
    for i in range(3):
        cx = x + gap + i * (size + gap) + size // 2
        r = size // 2
        box_ = [cx - r, cy - r, cx + r, cy + r]
        result = rounds[i] if i < len(rounds) and isinstance(rounds[i], Mapping) else None
        if result is not None:
            winner = _seat_or_none(result.get("winner"))
            if winner is None:
                draw.pieslice(box_, 90, 270, fill=lantern("red").fill)
                draw.pieslice(box_, 270, 90, fill=lantern("blue").fill)
                draw.line([(cx - 9, cy - 4), (cx + 9, cy - 4)], fill=TEXT, width=3)
                draw.line([(cx - 9, cy + 4), (cx + 9, cy + 4)], fill=TEXT, width=3)
            else:
                draw.ellipse(box_, fill=lantern(SEATS[winner]).fill)
                paste(canvas, kit.symbol_sprite(SEATS[winner], 22, on_fill=True), (cx, cy))
            draw.ellipse(box_, outline=GOLD_DEEP, width=2)
        else:
            hot = playing and i + 1 == current
            draw.ellipse(box_, fill=SLOT, outline=GOLD if hot else SLOT_EDGE, width=3 if hot else 2)
            draw_text(draw, (cx, cy + 1), str(i + 1), font(SMALL_TEXT, "bold"),
                      GOLD if hot else TEXT_DIM, "mm")
