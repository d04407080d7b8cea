"""The last move as a short animated GIF: the raft from above over the recorded frames of
the simulation, so everyone sees what fell and how.

Small and fast on purpose: 418 x 321 px (2.2 px per mm), one 64-colour palette for every
frame, a piece redrawn only once it has moved about a pixel (so resting pieces'
jitter costs nothing), the pieces that never moved painted once into the background, and Pillow writing
only the changed rectangle of each frame. A thin golden bar at the bottom grows with time
(so no two frames are alike and the GIF has one frame per recorded frame, at most
`MAX_FRAMES`). Each frame shows 40 ms (25 fps; frames recorded every 20 ms of simulated time
play at half speed), the last one 1.5 s; the GIF loops forever.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from .geometry import Placed, paint_order, place
from .pieces import Painter
from .raft import push_off_raft, raft_view, sea_background
from .theme import BOARD_REACH, GIF_SCALE, GOLD, ILLEGAL, NIGHT, SS
from .view import Piece, color_names, last

MAX_FRAMES = 150
FRAME_MS = 40
HOLD_MS = 1500
COLORS = 64
_BAR = 4
_MOVE_MM = 0.5  # about a pixel
_TURN = 0.9999  # |q . q0| above this: not turned (about 1.6 degrees)


def _moved(a: Piece, b: Piece) -> bool:
    if math.dist(a.pos, b.pos) > _MOVE_MM:
        return True
    return abs(sum(x * y for x, y in zip(a.quat, b.quat))) < _TURN


def _steady(frames: Sequence[Sequence[Piece]]) -> tuple[list[list[Piece]], set[str]]:
    """The frames with each piece kept at its last drawn pose until it has moved more than
    `_MOVE_MM` (or turned) from it, so the jitter of resting pieces does not redraw them;
    and the ids of the pieces that never moved (painted once into the background)."""
    shown: dict[str, Piece] = {}
    moving: set[str] = set()
    out = []
    for n, frame in enumerate(frames):
        row = []
        for p in frame:
            before = shown.get(p.id)
            if before is None or _moved(before, p):
                shown[p.id] = p
                if n:
                    moving.add(p.id)
            row.append(shown[p.id])
        out.append(row)
    present = set.intersection(*({p.id for p in f} for f in frames))
    return out, present - moving


def _placed(p: Piece) -> Placed:
    """A piece sunk below the raft top is drawn off the raft, in the sea."""
    q = place(p)
    return place(push_off_raft(p)) if q.top < 0 else q


def animation_gif(view: Mapping[str, Any], *, names: Sequence[str] = ()) -> bytes | None:
    """The last move's frames as GIF bytes, or None when the view has no frames."""
    frames = list(last(view).frames)
    frames = [f for f in frames if f]
    if not frames:
        return None
    if len(frames) > MAX_FRAMES:
        frames = [frames[round(i * (len(frames) - 1) / (MAX_FRAMES - 1))]
                  for i in range(MAX_FRAMES)]
    colors = color_names(view)
    advanced = view.get("advanced") is True
    w, h = round(2 * BOARD_REACH[0] * GIF_SCALE), round(2 * BOARD_REACH[1] * GIF_SCALE)
    rv = raft_view((0, 0, w, h), GIF_SCALE)
    frames, static = _steady(frames)
    fallen = {p.id for p in last(view).fallen}
    back = sea_background(rv, SS).copy()
    painter = Painter(back, rv, SS, (0.0, 0.0), colors, advanced)
    for q in paint_order([_placed(p) for p in frames[0] if p.id in static]):
        if q.top >= 0:
            painter.shadow(q)
        painter.piece(q, faded=q.top < 0)
    pictures: list[Image.Image] = []
    for n, frame in enumerate(frames):
        img = back.copy()
        p = Painter(img, rv, SS, (0.0, 0.0), colors, advanced)
        for q in paint_order([_placed(x) for x in frame if x.id not in static]):
            if q.top >= 0:
                p.shadow(q)
            p.piece(q, faded=q.top < 0)
            if n == len(frames) - 1 and q.piece.id in fallen:
                p.outline(q, ILLEGAL, width=2.0)
        small = Image.new("RGB", (w, h + _BAR), NIGHT)
        small.paste(img.reduce(SS), (0, 0))
        ImageDraw.Draw(small).rectangle([0, h, round(w * (n + 1) / len(frames)) - 1, h + _BAR],
                                        fill=GOLD)
        pictures.append(small)
    sample = Image.new("RGB", (w, 2 * (h + _BAR)))
    sample.paste(pictures[0], (0, 0))
    sample.paste(pictures[-1], (0, h + _BAR))
    palette = sample.quantize(COLORS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = [pic.quantize(palette=palette, dither=Image.Dither.NONE) for pic in pictures]
    buf = io.BytesIO()
    durations = [FRAME_MS] * (len(out) - 1) + [HOLD_MS]
    out[0].save(buf, format="GIF", save_all=True, append_images=out[1:], duration=durations,
                loop=0, optimize=False, disposal=1)
    return buf.getvalue()
