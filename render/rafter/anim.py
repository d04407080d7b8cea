"""The last move as a short animated GIF: the raft in the ¾ view over the recorded frames of
the simulation, so everyone sees what fell and how.

About two seconds long: the recorded fall (at most `MAX_FRAMES` frames, evenly picked) is
spread over `MOTION_MS`, however short it was, then the last frame, with what fell outlined
in red, stays `HOLD_MS`; the GIF loops forever. Small and fast on purpose: 480 x 360 px, the
camera fixed on everything the frames show, one 64-colour palette for every frame, and a
piece redrawn only once it has moved about a pixel (so resting pieces' jitter changes
nothing and Pillow writes only the changed rectangle of each frame).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from . import labels
from .camera import fit
from .labels import readable_px
from .pieces import Painter
from .raft import _sea, paint_stage
from .stage import SEA_Z, near_raft, stage
from .theme import GIF_SIZE, ILLEGAL, INK_DARK, SS, TEXT
from .view import Piece, color_names, last

MAX_FRAMES = 30
MOTION_MS = 1500
HOLD_MS = 500
COLORS = 64
_MOVE_MM = 0.4  # about a pixel
_TURN = 0.9999  # |q . q0| above this: not turned (about 1.6 degrees)


def _moved(a: Piece, b: Piece) -> bool:
    if math.dist(a.pos, b.pos) > _MOVE_MM:
        return True
    return abs(sum(x * y for x, y in zip(a.quat, b.quat))) < _TURN


def _steady(frames: Sequence[Sequence[Piece]]) -> list[list[Piece]]:
    """The frames with each piece kept at its last drawn pose until it has moved more than
    `_MOVE_MM` (or turned) from it, so the jitter of resting pieces does not redraw them."""
    shown: dict[str, Piece] = {}
    out = []
    for frame in frames:
        row = []
        for p in frame:
            before = shown.get(p.id)
            if before is None or _moved(before, p):
                shown[p.id] = p
            row.append(shown[p.id])
        out.append(row)
    return out


def _durations(n: int) -> list[int]:
    """Each frame's time (ms, in GIF's 10 ms steps): the motion spread evenly, then the
    hold on the last frame."""
    ends = [round(MOTION_MS * (i + 1) / n / 10) * 10 for i in range(n)]
    out = [max(20, b - a) for a, b in zip([0, *ends[:-1]], ends)]
    out[-1] += HOLD_MS
    return out


def animation_frames(view: Mapping[str, Any]) -> list[Image.Image]:
    """The GIF's pictures (RGB, 1x), one per frame shown."""
    frames = [f for f in last(view, frames=True).frames if f]
    if not frames:
        return []
    if len(frames) > MAX_FRAMES:
        frames = [frames[round(i * (len(frames) - 1) / (MAX_FRAMES - 1))]
                  for i in range(MAX_FRAMES)]
    frames = [[near_raft(p) if p.pos[2] < -1.0 else p for p in f] for f in _steady(frames)]
    stages = [stage(view, f) for f in frames]
    w, h = GIF_SIZE
    box = (0, 0, w, h)
    rv = fit(box, [pt for st in stages for pt in st.frame_points()], margin=0.03)
    colors = color_names(view)
    advanced = view.get("advanced") is True
    text_px = readable_px(w)
    fallen = {p.id for p in last(view).fallen}
    pictures = []
    for n, st in enumerate(stages):
        img = _sea((w, h), SS).copy()
        p = Painter(img, rv, SS, (0.0, 0.0), colors, advanced, text_px)
        paint_stage(p, st)
        if st.pile_count:
            labels.text(p.draw, p.pt(st.pile_label), str(st.pile_count), text_px, SS, TEXT,
                        stroke=INK_DARK)
        if n == len(stages) - 1:
            for it in st.items:
                if it.placed.piece.id in fallen and it.placed.top < SEA_Z + 60:
                    p.outline(it.placed.boxes, ILLEGAL, width=2.0)
        small = Image.new("RGB", (w, h))
        labels.shrink_onto(small, img, SS, (0, 0))
        pictures.append(small)
    return pictures


def animation_gif(view: Mapping[str, Any], *, names: Sequence[str] = ()) -> bytes | None:
    """The last move's frames as GIF bytes, or None when the view has no frames."""
    pictures = animation_frames(view)
    if not pictures:
        return None
    w, h = GIF_SIZE
    sample = Image.new("RGB", (w, 2 * h))
    sample.paste(pictures[0], (0, 0))
    sample.paste(pictures[-1], (0, h))
    palette = sample.quantize(COLORS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = [pic.quantize(palette=palette, dither=Image.Dither.NONE) for pic in pictures]
    buf = io.BytesIO()
    out[0].save(buf, format="GIF", save_all=True, append_images=out[1:],
                duration=_durations(len(out)), loop=0, optimize=False, disposal=1)
    return buf.getvalue()


