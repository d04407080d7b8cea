"""The score track from red's end (left) through 0 to blue's end (right), with the
lighthouse standing on the marker (and a faint one where a move would take it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, lantern, paste

from .sprites import lighthouse_sprite
from .theme import GOLD, SEATS, SLOT, SLOT_EDGE, TEXT, TEXT_DIM, TRACK_CELL
from .view import _int

_TRACK_H = 124


def _track_x(box: Box, track: int, position: int) -> tuple[int, int]:
    """The centre x of a track position (steps towards red positive, drawn leftwards) and
    the pitch between positions."""
    x, _, w, _ = box
    slots = 2 * track + 1
    pitch = max(8, min(54, (w - 40) // slots))
    left = x + (w - pitch * slots) // 2
    return left + (track - position) * pitch + pitch // 2, pitch


def _draw_track(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
                ghost: int | None = None) -> None:
    """The score track from red's end (left) through 0 to blue's end (right), the numbers
    under it, and the lighthouse standing on the marker's position."""
    _, y, _, h = box
    kit.frame(draw, box)
    track = max(1, min(40, _int(view.get("track"), 10)))
    marker = max(-track, min(track, _int(view.get("marker"))))
    _, pitch = _track_x(box, track, 0)
    cy = y + h - 44
    half = max(3, pitch // 2 - 3)
    small = font(max(10, min(20, pitch - 8)), "bold")
    for pos in range(-track, track + 1):
        cx, _ = _track_x(box, track, pos)
        fill = SLOT if pos == 0 else TRACK_CELL[SEATS[0 if pos > 0 else 1]]
        end = abs(pos) == track
        draw.rounded_rectangle([cx - half, cy - half, cx + half, cy + half], radius=half * 0.4,
                               fill=lantern(SEATS[0 if pos > 0 else 1]).fill if end else fill,
                               outline=GOLD if pos == marker else SLOT_EDGE,
                               width=3 if pos == marker else 1)
        if end:
            paste(canvas, kit.symbol_sprite(SEATS[0 if pos > 0 else 1], max(6, half), on_fill=True),
                  (cx, cy))
        if pitch >= 22 or abs(pos) % 5 == 0:
            draw_text(draw, (cx, cy + half + 13), str(abs(pos)), small,
                      TEXT if pos == marker else TEXT_DIM, "mm")
    tower_h = h - 40
    if ghost is not None and ghost != marker:
        gx, _ = _track_x(box, track, max(-track, min(track, ghost)))
        paste(canvas, lighthouse_sprite(tower_h, ghost=True), (gx, cy + 4), anchor="mb")
    mx, _ = _track_x(box, track, marker)
    paste(canvas, lighthouse_sprite(tower_h), (mx, cy + 4), anchor="mb")
