"""The score track from red's end (left) through 0 to blue's end (right), with the
lighthouse standing on the marker (and a faint one where a move would take it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, lantern, paste

from .sprites import lighthouse_sprite
from .theme import GOLD, SEATS, SLOT, SLOT_EDGE, SMALL_TEXT, TEXT, TEXT_DIM, TRACK_CELL
from .view import _int

_TRACK_H = 150


def _track_x(box: Box, track: int, position: int) -> tuple[int, int]:
    """The centre x of a track position (steps towards red positive, drawn leftwards) and
    the pitch between positions."""
    x, _, w, _ = box
    slots = 2 * track + 1
    pitch = max(8, min(54, (w - 40) // slots))
    left = x + (w - pitch * slots) // 2
    return left + (track - position) * pitch + pitch // 2, pitch


def _labelled(track: int, marker: int, pitch: int, room: float) -> frozenset[int]:
    """The positions numbered under the track: the marker's first, then 0 and both ends, then
    every 1st, 2nd, 5th or 10th position, each only where its number does not touch one
    already chosen (so the numbers stay readable on a phone however long the track)."""
    step = next((s for s in (1, 2, 5, 10) if s * pitch >= room), 20)
    wanted = [marker, 0, track, -track] + [p for p in range(-track, track + 1) if p % step == 0]
    out: list[int] = []
    for pos in wanted:
        if all(abs(pos - q) * pitch >= room for q in out):
            out.append(pos)
    return frozenset(out)


def _draw_track(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
                ghost: int | None = None) -> None:
    """The score track from red's end (left) through 0 to blue's end (right), the numbers
    under it, and the lighthouse standing on the marker's position."""
    _, y, _, h = box
    kit.frame(draw, box)
    track = max(1, min(40, _int(view.get("track"), 10)))
    marker = max(-track, min(track, _int(view.get("marker"))))
    _, pitch = _track_x(box, track, 0)
    cy = y + h - 60
    half = max(3, pitch // 2 - 3)
    small = font(SMALL_TEXT, "bold")
    labelled = _labelled(track, marker, pitch, kit.text_width("00", small) + 10)
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
        if pos in labelled:
            draw_text(draw, (cx, cy + half + 4), str(abs(pos)), small,
                      TEXT if pos == marker else TEXT_DIM, "mt")
    tower_h = h - 56
    if ghost is not None and ghost != marker:
        gx, _ = _track_x(box, track, max(-track, min(track, ghost)))
        ghost_tower = lighthouse_sprite(tower_h, ghost=True)
        paste(canvas, ghost_tower, (_inside(box, gx, ghost_tower.width), cy + 4), anchor="mb")
    mx, _ = _track_x(box, track, marker)
    tower = lighthouse_sprite(tower_h)
    paste(canvas, tower, (_inside(box, mx, tower.width), cy + 4), anchor="mb")


def _inside(box: Box, cx: int, width: int) -> int:
    """`cx` moved just enough that a sprite `width` wide centred there stays in the box (the
    beams of a tower at either end would stick out)."""
    x, _, w, _ = box
    return max(x + width // 2 + 4, min(x + w - width // 2 - 4, cx))
